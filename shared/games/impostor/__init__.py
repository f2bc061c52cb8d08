"""Impostor: everyone but the impostor knows the secret word (docs/impostor.md)."""
