"""A small fixture deck with its tables, and a table to play Fictionary on.

The deck is made up: every card's words are its own (no two cards share a
content word), so likeness never links cards by accident; a few cards share
a family or a topic, and ratings vary, so dealing has something to weigh.
"""

from __future__ import annotations

import json
from typing import Any

from games.fictionary import content as bank
from games.fictionary import reveal
from games.fictionary.content import Content, Word
from games.fictionary.game import GAME
from games.fictionary.rules import CHOOSING, WRITING
from tests.support.tabletop import Tabletop

_C = "bdfgklmnprstvz"
_V = "aeiou"
SYLLABLES = [c + v for c in _C for v in _V]  # 70


def token(i: int) -> str:
    """A made-up word, distinct for every i (two or three syllables)."""
    a, b = divmod(i, len(SYLLABLES))
    c, d = divmod(a, len(SYLLABLES))
    return SYLLABLES[b] + SYLLABLES[d] + ("" if c == 0 else SYLLABLES[c % len(SYLLABLES)])


class _Tokens:
    def __init__(self) -> None:
        self.i = 100

    def __call__(self) -> str:
        self.i += 1
        return token(self.i) + "ish"


def make_card(n: int, pos: str, fresh: _Tokens, **extra: Any) -> Word:
    t = [fresh() for _ in range(3)]
    truth = f"to {t[0]} the {t[1]} of {t[2]}" if pos == "verb" else f"a {t[0]} {t[1]} for {t[2]}"
    bluffs = []
    for _ in range(7):
        b = [fresh() for _ in range(3)]
        bluffs.append(
            f"to {b[0]} a {b[1]} {b[2]}" if pos == "verb" else f"the {b[0]} of {b[1]} {b[2]}"
        )
    head = "qu" + token(n).replace("ish", "") + "ax"
    return Word(
        id=f"en-{n:04d}",
        word=head,
        note=f"{pos} · made up",
        pos=pos,
        truth=truth,
        aliases=(f"a {t[1]} {fresh()} for {t[2]}",),
        bluffs=tuple(bluffs),
        family=extra.pop("family", head),
        **extra,
    )


def deck(size: int = 40) -> list[Word]:
    fresh = _Tokens()
    cards = []
    for n in range(1, size + 1):
        pos = ("noun", "verb", "adjective")[n % 3]
        extra: dict[str, Any] = {}
        if n in (1, 2):
            extra["family"] = "shared-family"
        if n in (3, 4, 5):
            extra["topic"] = "nature"
        if n in (6, 7):
            extra["topic"] = "technical"
        if n % 5 == 0:
            extra["rating"] = 50.0
        cards.append(make_card(n, pos, fresh, **extra))
    return cards


def content(size: int = 40, **tables: Any) -> Content:
    return bank.build("en", deck(size), **tables)


CONTENT = content()


def new_table(
    people: int = 3,
    bots: int = 0,
    seed: int = 7,
    level: str = "medium",
    scale: float = 1.0,
    **options: Any,
) -> tuple[Tabletop, list[str]]:
    """A room with `people` people (the host first) and `bots` bots; returns (table, people)."""
    top = Tabletop(GAME, seed=seed, content=CONTENT, scale=scale)
    host = top.create("Ana", options=dict(options))
    for bot in [p["id"] for p in top.view(host)["players"] if p["bot"]]:
        top.move(host, "remove_bot", player=bot)
    names = ["Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"]
    others = top.seat(*names[: people - 1])
    for _ in range(bots):
        top.move(host, "add_bot", level=level)
    return top, [host, *others]


def seat_ids(top: Tabletop) -> list[str]:
    return list(top.state.seats)


def judge(top: Tabletop) -> str:
    return str(top.state.judge)


def choose(top: Tabletop, i: int = 0) -> None:
    top.move(judge(top), "choose", round=top.state.round, word=i)


def write_all(top: Tabletop, people: list[str], texts: dict[str, str] | None = None) -> None:
    """Every person writer sends an entry (a distinct made-up one unless given)."""
    texts = texts or {}
    for k, p in enumerate(people):
        if p != judge(top) and top.phase == WRITING:
            top.move(
                p, "submit", round=top.state.round, text=texts.get(p, f"a {token(900 + k)} thing")
            )


def ballot(top: Tabletop, member: str) -> list[dict[str, Any]]:
    return list(top.view(member)["ballot"])


def real_id(top: Tabletop) -> str:
    return next(c["id"] for c in top.state.cards if c["truth"])


def card_of(top: Tabletop, seat: str) -> str:
    return next(c["id"] for c in top.state.cards if seat in c["writers"])


def wire_of(top: Tabletop, member: str) -> str:
    return "\n".join(json.dumps(m, ensure_ascii=False) for who, m in top.sent if who == member)


def step_until(top: Tabletop, done: Any, limit: int = 500) -> None:
    """Fire timers one by one, in order, until `done()` holds."""
    for _ in range(limit):
        if done():
            return
        assert top.timers, "no timer left"
        top.advance(min(t.at for t in top.timers) - top.now)
    raise AssertionError("never happened")


def next_round(top: Tabletop) -> None:
    """Let the current round run out to the next round's choosing (or the end)."""
    start = top.state.round
    step_until(
        top, lambda: top.phase == "finished" or (top.phase == CHOOSING and top.state.round > start)
    )


def settle(top: Tabletop) -> None:
    """What the service does before judging any request: catch the room up (`due`).

    The contract tells a game of a drop only through the next decision; tests
    make that decision explicit here.
    """
    top._commit(top.referee.settle(top._room(), top.env()))


def revealed(top: Tabletop) -> dict[str, Any] | None:
    """The last round's `reveal`, as every view shows it."""
    state = top.state
    if state.last is None:
        return None
    return reveal.build(state.last, state.cards, state.seats, state.scores)
