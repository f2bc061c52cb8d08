"""F21 (`keep_apart`): which of a bot's wordings stands, once everyone is in.

People's entries stand as written. Each bot, in seat order, stands with the
first wording that passes; the rules give way in this order: the kind of
thing (our bluffs carry none, ruling 21a), the table's memory, likeness to
other fakes, strictness about the real one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.fictionary.likeness import alike, close, fake_id, key, names_word


@dataclass(frozen=True)
class Judging:
    word: str
    real: tuple[str, ...]  # the truth and each alias (ruling 21a)
    small: frozenset[str]
    lang: str
    remembered: frozenset[str]  # fake ids of this table's last games
    this_game: frozenset[str]  # fake ids written this game


def _like_real(text: str, j: Judging, strict: bool) -> bool:
    if strict:
        return any(
            alike(text, r, j.small, j.lang, 0.2, 2) or close(text, r, j.small) for r in j.real
        )
    return any(close(text, r, j.small) for r in j.real)


def passes(
    text: str, standing: Sequence[str], j: Judging, memory: bool, likeness: bool, strict: bool
) -> bool:
    if _like_real(text, j, strict) or names_word(text, j.word):
        return False
    if key(text) in {key(s) for s in standing} or fake_id(text) in j.this_game:
        return False
    if memory and fake_id(text) in j.remembered:
        return False
    return not (likeness and any(alike(text, s, j.small, j.lang, 0.25, 3) for s in standing))


# (memory, likeness, strict): the kind pass equals the first, as our bluffs have no kind.
PASSES = (
    (True, True, True),
    (True, True, True),
    (False, True, True),
    (False, False, True),
    (False, False, False),
)


def stand_bot(
    wordings: Sequence[tuple[str, str]], standing: Sequence[str], j: Judging
) -> tuple[str, str] | None:
    """The (ref, text) that stands for one bot, or None when every wording is the real one (21b)."""
    for memory, likeness, strict in PASSES:
        for wording in wordings:
            if passes(wording[1], standing, j, memory, likeness, strict):
                return wording
    return next((w for w in wordings if not _like_real(w[1], j, strict=False)), None)


def keep_apart(
    people: Mapping[str, str],
    bots: Mapping[str, Sequence[tuple[str, str]]],
    seat_order: Sequence[str],
    j: Judging,
) -> dict[str, tuple[str | None, str]]:
    """Every standing entry: seat -> (bot wording ref or None for a person, text)."""
    standing: dict[str, tuple[str | None, str]] = {s: (None, t) for s, t in people.items()}
    for seat in seat_order:
        if seat in bots:
            chosen = stand_bot(bots[seat], [t for _, t in standing.values()], j)
            if chosen is not None:
                standing[seat] = chosen
    return standing
