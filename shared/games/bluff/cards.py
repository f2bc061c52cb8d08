"""Ruling 1c: six different cards a match, none repeated in a room until its deck is used up.

A room walks its deck in a keyed order: each card's place is the hash of a
secret per-room seed and the card's id. The table memory keeps only the seed
and the place of the last card drawn (`deck_cursor`), so the room stays small
whatever the deck's size, and cards added to the deck later simply join the walk.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from games.bluff.state import ROUNDS
from table.contract import Rng
from wordcards import Card


def _place(seed: str, card_id: str) -> str:
    return hashlib.sha256(f"{seed}:{card_id}".encode()).hexdigest()


def _new_seed(rng: Rng) -> str:
    return f"{rng.getrandbits(128):032x}"


def draw_match_cards(
    memory: Mapping[str, Any], deck: Mapping[str, Card], rng: Rng
) -> tuple[list[str], dict[str, Any]]:
    """The next `ROUNDS` cards of the room's walk, and the memory after drawing them.

    A new walk starts when the deck runs out.
    """
    if len(deck) < ROUNDS:
        raise ValueError(f"a deck needs at least {ROUNDS} cards, this one has {len(deck)}")
    seed = str(memory.get("deck_seed") or _new_seed(rng))
    cursor = str(memory.get("deck_cursor") or "") if memory.get("deck_seed") else ""
    drawn: list[str] = []
    while len(drawn) < ROUNDS:
        ahead = sorted(
            (place, card_id)
            for card_id in deck
            if (place := _place(seed, card_id)) > cursor and card_id not in drawn
        )
        for place, card_id in ahead[: ROUNDS - len(drawn)]:
            drawn.append(card_id)
            cursor = place
        if len(drawn) < ROUNDS:
            # Deck used up: a fresh walk in a fresh order. Cards of this match
            # are skipped above, so the six stay different.
            seed, cursor = _new_seed(rng), ""
    return drawn, {**memory, "deck_seed": seed, "deck_cursor": cursor}
