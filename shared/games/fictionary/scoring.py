"""F11 scoring, F13 winning, F23 best bluff, ruling 24a places."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.fictionary.rules import MOST_ROUNDS, TIEBREAKS


@dataclass(frozen=True)
class CardScore:
    id: str
    writers: tuple[str, ...]  # () for the real card
    truth: bool


def score_round(
    seats: Sequence[str], judge: str, cards: Sequence[CardScore], votes: Mapping[str, str]
) -> dict[str, int]:
    """F11: per vote cast, on the real card the voter +2; on a fake its author +1, the Judge +1.

    Ruling 11a: a person's card essentially the real definition is still a fake here.
    """
    awards = dict.fromkeys(seats, 0)
    by_id = {c.id: c for c in cards}
    for voter, card_id in votes.items():
        card = by_id.get(card_id)
        if card is None:
            continue
        if card.truth:
            awards[voter] += 2
        else:
            for writer in card.writers:
                awards[writer] += 1
            awards[judge] += 1
    return awards


@dataclass(frozen=True)
class Standing:
    over: bool
    winners: tuple[str, ...] = ()
    tiebreaks: int = 0


def after_round(totals: Mapping[str, int], target: int, round_: int, tiebreaks: int) -> Standing:
    """F13: a lone leader at the target wins; a shared lead plays on up to TIEBREAKS rounds;
    the game always ends at MOST_ROUNDS, won by the top total."""
    top = max(totals.values())
    leaders = tuple(s for s, t in totals.items() if t == top)
    if top >= target:
        if len(leaders) == 1:
            return Standing(True, leaders, tiebreaks)
        if tiebreaks >= TIEBREAKS:
            return Standing(True, leaders, tiebreaks)
        if round_ < MOST_ROUNDS:
            return Standing(False, (), tiebreaks + 1)  # ruling 13a: the count never resets
    if round_ >= MOST_ROUNDS:
        return Standing(True, leaders, tiebreaks)
    return Standing(False, (), tiebreaks)


def places(totals: Mapping[str, int]) -> list[dict[str, object]]:
    """Ruling 24a: standard competition places; ties share a place."""
    ordered = sorted(totals.items(), key=lambda kv: -kv[1])
    result: list[dict[str, object]] = []
    for i, (seat, total) in enumerate(ordered):
        place = i + 1 if i == 0 or total != ordered[i - 1][1] else int(result[-1]["place"])  # type: ignore[call-overload]
        result.append({"player": seat, "place": place})
    return result


def best_bluff(history: Sequence[Mapping[str, object]]) -> dict[str, object] | None:
    """Ruling 23a: most voters fooled; ties to the earlier round, then the lower card number."""
    best: tuple[int, int, int] | None = None
    found: dict[str, object] | None = None
    for record in history:
        bluff = record.get("best_bluff")
        if not isinstance(bluff, dict):
            continue
        rank = (-int(bluff["fooled"]), int(bluff["round"]), int(bluff["n"]))
        if best is None or rank < best:
            best, found = rank, bluff
    return found


def round_best_bluff(
    round_: int, options: Sequence[Mapping[str, object]]
) -> dict[str, object] | None:
    fakes = [o for o in options if o["kind"] == "fake" and o["voters"]]
    if not fakes:
        return None
    top = min(fakes, key=lambda o: (-len(o["voters"]), o["n"]))  # type: ignore[arg-type]
    return {
        "round": round_,
        "n": top["n"],
        "text": top["text"],
        "writer": (top["writers"] or [None])[0],  # type: ignore[index]
        "fooled": len(top["voters"]),  # type: ignore[arg-type]
    }
