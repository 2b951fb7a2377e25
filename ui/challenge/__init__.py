"""challenge"""
