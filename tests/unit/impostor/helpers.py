"""A small in-memory deck, and tables of Impostor driven through the referee."""

from __future__ import annotations

import itertools
from typing import Any

from games.impostor.content import Category, Deck, Word, with_translations
from games.impostor.game import Impostor
from table.referee import AddSeat
from tests.support.tabletop import Tabletop

NAMES = [
    "Ana",
    "Ben",
    "Cy",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kai",
    "Lu",
    "Max",
    "Ned",
    "Ola",
    "Pia",
    "Rex",
    "Sol",
    "Tom",
    "Uma",
    "Val",
]
_SYLLABLES = ["".join(p) for p in itertools.product("zqxvk", "uoi")]
# Clues nobody's secret can match: none of the deck's syllables.
CLUES = ("tall", "stripes", "fast", "loud", "green", "heavy", "round", "soft")


def _words(category: int) -> tuple[Word, ...]:
    words = []
    for i in range(20):
        a, b, c = _SYLLABLES[category], _SYLLABLES[i % 15], _SYLLABLES[14 - i // 15]
        aliases = (f"{a}{c}{b}wa",) if i % 3 == 0 else ()
        words.append(Word(f"c{category}w{i}", f"{a}{b}{c}", aliases))
    return tuple(words)


def _deck(lang: str, suffix: str) -> Deck:
    return Deck(
        lang,
        tuple(
            Category(f"c{k}", f"{_SYLLABLES[k]}{_SYLLABLES[14 - k]}{suffix}", _words(k))
            for k in range(4)
        ),
    )


def _translated(lang: str) -> Deck:
    base = _deck(lang, "")
    other = Deck(
        "ro",
        tuple(
            Category(c.id, c.name + "ro", tuple(Word(w.id, w.word + "ro") for w in c.words))
            for c in base.categories
        ),
    )
    return with_translations(base, [other])


DECK = _translated("en")


class _OnTestDeck(Impostor):
    """Impostor dealing from the small deck above, in every language."""

    def load_content(self, lang: str) -> Any:
        return DECK


GAME = _OnTestDeck()


def table(n: int, seed: int = 0, **options: Any) -> tuple[Tabletop, list[str]]:
    """A lobby of `n` seats: one phone each, or in `pass`/`host` the host's own seat and
    local seats added by name on the host's device (ruling 2b)."""
    top = Tabletop(GAME, seed=seed, content=DECK)
    host = top.create(NAMES[0], options=options)
    if options.get("play", "phones") == "phones":
        return top, [host, *top.seat(*NAMES[1:n])]
    return top, [host, *(add_seat(top, name) for name in NAMES[1:n])]


def add_seat(top: Tabletop, name: str) -> str:
    """The host adds a local seat; its id."""
    top.command(top.host, AddSeat(name))
    assert top.room is not None
    return next(m.id for m in top.room.members if m.name == name)


def started(n: int, seed: int = 0, **options: Any) -> tuple[Tabletop, list[str]]:
    top, ids = table(n, seed, **options)
    top.start()
    return top, ids


def rnd(top: Tabletop) -> Any:
    return top.state.round


def impostors(top: Tabletop) -> list[str]:
    return list(rnd(top).impostors)


def civilians(top: Tabletop) -> list[str]:
    return [s for s in rnd(top).seats if s not in rnd(top).impostors]


def deal(top: Tabletop) -> None:
    for seat in list(rnd(top).seats):
        if top.phase == "deal" and top.room is not None and top.room.member(seat).active:
            top.move(seat, "seen", round=rnd(top).no)


def clue_through(top: Tabletop) -> None:
    """Every turn gives a harmless clue (typed) or is ended (spoken), until discussion."""
    options = top.view(top.host)["options"]
    typed = options["play"] == "phones" and options["clues"] == "typed"
    while top.phase == "clues":
        turn = top.view(top.host)["turn"]
        if typed:
            text = CLUES[turn["no"] % len(CLUES)]
            top.move(turn["seat"], "clue", round=rnd(top).no, turn=turn["no"], text=text)
        else:
            top.move(top.host, "next_turn", round=rnd(top).no, turn=turn["no"])


def to_voting(top: Tabletop) -> None:
    deal(top)
    clue_through(top)
    top.move(top.host, "call_vote", round=rnd(top).no)
    assert top.phase == "voting"


def vote_all(top: Tabletop, target: Any) -> None:
    """Every voter votes for `target(voter)`; lap ballots in their order."""
    no = len(rnd(top).ballots)
    for voter in list(rnd(top).seats):
        if top.phase != "voting" or len(rnd(top).ballots) != no:
            return
        choice = target(voter)
        if choice is not None:
            top.move(voter, "vote", round=rnd(top).no, ballot=no, target=choice)


def accuse(top: Tabletop, accused: str) -> None:
    """Everyone else votes for `accused`; the accused votes for someone else."""
    seats_ = rnd(top).seats
    if rnd(top).ballots[-1].style == "point":
        pointers = [s for s in seats_ if s != accused]
        no = rnd(top).ballots[-1].no
        top.move(
            top.host,
            "record_point",
            round=rnd(top).no,
            ballot=no,
            accused=accused,
            pointers=pointers,
        )
        return
    other = next(s for s in seats_ if s != accused)
    vote_all(top, lambda v: accused if v != accused else other)


def last_card(top: Tabletop) -> tuple[str, dict[str, Any]]:
    """The last `card` reply sent, and to whom (state views may follow it)."""
    return next((who, m) for who, m in reversed(top.sent) if m.get("type") == "card")
