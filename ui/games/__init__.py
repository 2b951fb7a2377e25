"""games"""
