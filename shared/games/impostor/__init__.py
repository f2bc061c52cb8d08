"""Impostor: everyone but the impostor knows the secret word (modes/IMPOSTOR.md)."""
