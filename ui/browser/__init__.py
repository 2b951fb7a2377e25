"""browser"""
