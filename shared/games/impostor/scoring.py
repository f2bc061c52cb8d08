"""Scoring (I14, rulings 14a, 14b, 16c) and the titles at the end of the match (I15)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

# outcome -> (each civilian, the impostor, each partner); None: "1 for a correct vote".
TABLE: dict[str, tuple[int | None, int, int]] = {
    "escaped": (0, 3, 3),
    "caught_guessed": (None, 2, 2),
    "caught_missed": (None, 0, 2),
    "civilian_said": (0, 3, 3),
    "tie": (0, 3, 3),
    "impostor_said": (0, 2, 2),
    "low_turnout": (0, 3, 3),
    "void": (0, 0, 0),
}


def correct_voters(
    outcome: str, impostors: Sequence[str], accused: str | None, votes: Mapping[str, str]
) -> list[str]:
    """Ruling 14a: civilians whose vote in the deciding ballot named the caught impostor."""
    if outcome not in ("caught_guessed", "caught_missed") or accused not in impostors:
        return []
    return sorted(v for v, t in votes.items() if t == accused and v not in impostors)


def awards(
    outcome: str,
    seats: Iterable[str],
    impostors: Sequence[str],
    accused: str | None,
    votes: Mapping[str, str],
    said_by: str | None = None,
) -> tuple[dict[str, int], dict[str, int]]:
    """Each active seat's award, and the part of it scored as impostor.

    "The impostor" is the caught one (caught rows) or the one who said the word;
    otherwise every impostor scores the impostor's column (16c: each partner
    takes what the impostor takes, 3, or 2 when the team is found out).
    """
    civilian, lead, partner = TABLE[outcome]
    the_impostor = accused if outcome.startswith("caught") else said_by
    correct = set(correct_voters(outcome, impostors, accused, votes))
    award: dict[str, int] = {}
    as_impostor: dict[str, int] = {}
    for seat in seats:
        if seat in impostors:
            points = lead if seat == the_impostor or the_impostor is None else partner
            award[seat] = as_impostor[seat] = points
        else:
            award[seat] = (1 if seat in correct else 0) if civilian is None else civilian
    return award, as_impostor


def best(values: Mapping[str, int], above_zero: bool) -> list[str]:
    """Ruling 15a: every seat sharing the best value; none when it is 0 and must not be."""
    if not values:
        return []
    top = max(values.values())
    if above_zero and top <= 0:
        return []
    return [s for s, v in values.items() if v == top]


def ranks(totals: Mapping[str, int]) -> dict[str, int]:
    """Each seat's place on the result sheet: one more than the seats strictly
    ahead of it, so a tie shares its place and the next place skips (3, 3, 3, 0
    ranks 1, 1, 1, 4). The podium and the totals table both show this one rank."""
    return {s: 1 + sum(1 for v in totals.values() if v > mine) for s, mine in totals.items()}
