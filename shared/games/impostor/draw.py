"""What each round draws: how many impostors, who, the clue order, the category and word.

Everything random comes from the core's `rng` (Secrecy 4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.impostor.content import Deck
from table.contract import Rng

GRID_SIZE = 16


def pick(rng: Rng, items: Sequence[Any]) -> Any:
    return items[rng.randrange(len(items))]


def sample(rng: Rng, items: Sequence[Any], k: int) -> list[Any]:
    pool = list(items)
    rng.shuffle(pool)
    return pool[:k]


def auto_count(n: int) -> int:
    """Ruling 16a: one impostor up to 10 seats, two from 11."""
    return 1 if n <= 10 else 2


def cap(n: int) -> int:
    """Ruling 16a: three seats for the first impostor, three more for each further one."""
    return min(3, n // 3)


def impostor_count(n: int, surprise: bool, rng: Rng) -> int:
    """Rulings 16a, 16b: `auto`, or Surprise drawn uniformly from 1 to one more, capped."""
    if not surprise:
        return min(auto_count(n), max(1, cap(n)))
    return 1 + rng.randrange(max(1, min(auto_count(n) + 1, cap(n))))


def excluded(history: Sequence[Sequence[str]]) -> set[str]:
    """Ruling 17a: seats impostor in both previous rounds of the match."""
    if len(history) < 2:
        return set()
    return set(history[-1]) & set(history[-2])


def impostors(
    table: Sequence[str],
    k: int,
    history: Sequence[Sequence[str]],
    cycle: Sequence[str],
    fair: bool,
    rng: Rng,
) -> tuple[list[str], list[str]]:
    """The round's impostors, and the rotation cycle after them (rulings 17a, 17b)."""
    out = excluded(history)

    def draw(pool: Sequence[str], count: int, taken: Sequence[str]) -> list[str]:
        free = [s for s in pool if s not in taken]
        allowed = [s for s in free if s not in out]
        if len(allowed) < count:  # only when seats have left: lift the exclusion
            allowed = [s for s in table if s not in taken and s not in out]
            if len(allowed) < count:
                allowed = [s for s in table if s not in taken]
            return sample(rng, allowed, count)
        return sample(rng, allowed, count)

    if not fair:
        return draw(table, k, []), list(cycle)
    fresh = [s for s in table if s not in cycle]
    if len([s for s in fresh if s not in out]) >= k:
        chosen = draw(fresh, k, [])
        return chosen, [*cycle, *chosen]
    # Too few left in this cycle: take them all, then start a new cycle for the rest.
    first = [s for s in fresh if s not in out]
    rest = draw(table, k - len(first), first)
    return first + rest, rest


def clue_order(table: Sequence[str], impostors_: Sequence[str], rng: Rng) -> list[str]:
    """Ruling 5b, 18a: a random order; drawn again once if an impostor opens it (not at 3)."""
    order = sample(rng, table, len(table))
    if len(table) != 3 and order[0] in impostors_:
        order = sample(rng, table, len(table))
    return order


def category(deck: Deck, enabled: Sequence[str], last: str | None, rng: Rng) -> str:
    """Ruling 3e: a random enabled category, not the previous one while another is enabled."""
    ids = [c for c in deck.category_ids if c in enabled] or list(deck.category_ids)
    choices = [c for c in ids if c != last] or ids
    return str(pick(rng, choices))


def word(
    deck: Deck, category_id: str, used: Mapping[str, Sequence[str]], rng: Rng
) -> tuple[str, list[str]]:
    """Ruling 3e, 3f: an unused word of the category, and the category's used list after it."""
    words = [w.id for w in deck.category(category_id).words]
    spent = [w for w in used.get(category_id, ()) if w in words]
    fresh = [w for w in words if w not in spent]
    if not fresh:  # all used: the category's memory clears
        spent, fresh = [], words
    chosen = str(pick(rng, fresh))
    return chosen, [*spent, chosen]


def grid(deck: Deck, category_id: str, word_id: str, rng: Rng) -> list[str]:
    """Ruling 3c: the word and 15 others of its category, in random order."""
    others = [w.id for w in deck.category(category_id).words if w.id != word_id]
    chosen = [word_id, *sample(rng, others, GRID_SIZE - 1)]
    rng.shuffle(chosen)
    return chosen
