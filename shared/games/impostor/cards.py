"""The card a seat sees while its finger is down (rulings 3a, 3c, 4a, 4b; Secrecy 1).

Both roles' cards have the same keys in the same order, the same types and
exactly `CARD_BYTES` of compact UTF-8 JSON, so neither their shape nor their
size tells a role.
"""

from __future__ import annotations

import json
from typing import Any

from games.impostor.state import Round

CARD_BYTES = 1200
CIVILIAN, IMPOSTOR = "civilian", "impostor"  # the same length, on purpose


def compact(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def card(round_: Round, seat: str, hint: str) -> dict[str, Any]:
    """`{role, category, word, grid, pad}`, padded with spaces to 1200 bytes."""
    impostor = seat in round_.impostors
    shown: dict[str, Any] = {
        "role": IMPOSTOR if impostor else CIVILIAN,
        "category": "" if impostor and hint == "none" else round_.category_name,
        "word": "" if impostor else round_.word_text,
        "grid": list(round_.grid) if hint == "grid" else [],
        "pad": "",
    }
    room = CARD_BYTES - len(compact(shown))
    if room < 0:
        raise ValueError(f"category {round_.category} does not fit a card")
    shown["pad"] = " " * room
    return shown


def message(round_: Round, seat: str, hint: str) -> dict[str, Any]:
    """The `peek` reply: the only way a card reaches anyone."""
    return {"type": "card", "round": round_.no, "seat": seat, "card": card(round_, seat, hint)}
