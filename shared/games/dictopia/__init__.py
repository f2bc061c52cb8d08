"""Dictopia: letter cards with eyes, missions and five trials."""
