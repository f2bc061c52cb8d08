"""F5: dealing the Judge's five, by weight, apart, through the exclusion tiers."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games.fictionary.content import Word
from games.fictionary.draws import Draw
from games.fictionary.rules import FLOOR, LOW_WEIGHT, OFFER


def weight(rating: float) -> float:
    """(rating - 45)/55 from FLOOR = 60 up (60 deals a quarter as often as 100), else 0.01."""
    return (rating - 45) / 55 if rating >= FLOOR else LOW_WEIGHT


def keys(bank: Sequence[Word], draw: Draw) -> dict[str, float]:
    """Efraimidis-Spirakis: one key u^(1/weight) per word, drawn in the bank's order."""
    return {w.id: draw.random() ** (1 / weight(w.rating)) for w in bank}


def apart(word: Word, hand: Sequence[Word]) -> bool:
    """No two of one family, no two nature words, no two technical words."""
    return all(
        word.family != other.family and (word.topic is None or word.topic != other.topic)
        for other in hand
    )


def _best_apart(ranked: Sequence[Word]) -> list[Word]:
    hand: list[Word] = []
    for word in ranked:
        if apart(word, hand):
            hand.append(word)
            if len(hand) == OFFER:
                break
    return hand


def tiers(
    bank: Sequence[Word], offered: Collection[str], chosen: Collection[str], played: Collection[str]
) -> list[set[str]]:
    """The ids each tier leaves out, loosest last (tier 4 leaves out nothing)."""
    by_id = {w.id: w for w in bank}
    offered_families = {by_id[i].family for i in offered if i in by_id}
    chosen_families = {by_id[i].family for i in chosen if i in by_id}
    return [
        {w.id for w in bank if w.id in offered or w.id in played or w.family in offered_families},
        {w.id for w in bank if w.id in chosen or w.id in played or w.family in chosen_families},
        {w.id for w in bank if w.id in chosen or w.family in chosen_families},
        set(),
    ]


def deal(
    bank: Sequence[Word],
    draw: Draw,
    offered: Collection[str] = (),
    chosen: Collection[str] = (),
    played: Collection[str] = (),
) -> tuple[list[Word], int]:
    """The five (best keys first) and the tier (1-4) they came from; 5 if apartness gave way."""
    drawn = keys(bank, draw)
    ranked = sorted(bank, key=lambda w: drawn[w.id], reverse=True)
    for tier, left_out in enumerate(tiers(bank, offered, chosen, played), start=1):
        hand = _best_apart([w for w in ranked if w.id not in left_out])
        if len(hand) == OFFER:
            return hand, tier
    # Ruling 5c: even tier 4 cannot give five apart; complete with the best remaining keys.
    hand = _best_apart(ranked)
    hand += [w for w in ranked if w not in hand][: OFFER - len(hand)]
    return hand, 5
