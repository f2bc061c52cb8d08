"""Ruling 1c: six different cards a match, none repeated in a room until its deck is used up.

A room walks its deck in a keyed order: each card's place is the hash of a
secret per-room seed and the card's id. The room keeps only the seed and the
place of the last card drawn (`deck_cursor`), so its item stays small whatever
the deck's size, and cards added to the deck later simply join the walk.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from bluff.rules.env import Rng
from bluff.rules.model import ROUNDS, Card, Room


def _place(seed: str, card_id: str) -> str:
    return hashlib.sha256(f"{seed}:{card_id}".encode()).hexdigest()


def _new_seed(rng: Rng) -> str:
    return f"{rng.getrandbits(128):032x}"


def draw_match_cards(room: Room, deck: Mapping[str, Card], rng: Rng) -> list[str]:
    """The next `ROUNDS` cards of the room's walk; a new walk starts when the deck runs out."""
    if len(deck) < ROUNDS:
        raise ValueError(f"a deck needs at least {ROUNDS} cards, this one has {len(deck)}")
    if not room.deck_seed:
        room.deck_seed, room.deck_cursor = _new_seed(rng), ""
    drawn: list[str] = []
    while len(drawn) < ROUNDS:
        ahead = sorted(
            (place, card_id)
            for card_id in deck
            if (place := _place(room.deck_seed, card_id)) > room.deck_cursor
            and card_id not in drawn
        )
        for place, card_id in ahead[: ROUNDS - len(drawn)]:
            drawn.append(card_id)
            room.deck_cursor = place
        if len(drawn) < ROUNDS:
            # Deck used up: a fresh walk in a fresh order. Cards of this match
            # are skipped above, so the six stay different.
            room.deck_seed, room.deck_cursor = _new_seed(rng), ""
    return drawn
