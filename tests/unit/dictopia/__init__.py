"""Dictopia rule and content tests."""
