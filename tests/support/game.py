"""A table for tests: a room, a fake clock, seeded randomness and a small deck."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bluff.rules import (
    Action,
    Card,
    Continue,
    Effect,
    Env,
    Outcome,
    Phase,
    Room,
    Schedule,
    StartMatch,
    Submit,
    Timings,
    Vote,
    apply,
    create_room,
    join_room,
    on_deadline,
    view,
)


def _card(n: int, word: str, truth: str, aliases: tuple[str, ...] = ()) -> Card:
    bluffs = (
        "a small copper pot used for slow stews",
        "a shepherd's whistle carved from horn",
        "to walk slowly in circles while thinking",
        "the dust that gathers on old bookshelves",
        "a dance performed at the end of harvest",
        "a grumpy neighbour who lends nothing",
        "an old coin worth half a farthing",
    )
    return Card(
        id=f"en-{n:04d}",
        word=word,
        note="noun · test",
        truth=truth,
        aliases=aliases,
        bluffs=bluffs,
    )


DECK: dict[str, Card] = {
    c.id: c
    for c in [
        _card(
            1, "gongoozler", "a person who idly watches canal boats", ("someone who watches boats",)
        ),
        _card(2, "quidnunc", "a person who loves gossip and news", ("a nosy gossip",)),
        _card(3, "gallimaufry", "a confused jumble or medley of things", ("a jumble",)),
        _card(4, "absquatulate", "to leave in a hurry without saying goodbye", ("to run off",)),
        _card(5, "callipygian", "having shapely buttocks", ()),
        _card(6, "snollygoster", "a shrewd and unprincipled person", ("a crooked schemer",)),
        _card(7, "yarborough", "a hand of cards with no card above a nine", ()),
        _card(8, "zenzizenzizenzic", "a number raised to the eighth power", ()),
    ]
}
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu", "Mo"]
START = 1_700_000_000_000


@dataclass
class Table:
    """One room played by named seats, with time under the test's control."""

    room: Room
    ids: dict[str, str]
    tokens: dict[str, str]
    now: int
    rng: random.Random
    decks: dict[str, dict[str, Card]]
    timings: Timings = field(default_factory=Timings)
    timers: list[Schedule] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)

    @classmethod
    def seated(cls, players: int, seed: int = 0, deck: dict[str, Card] | None = None) -> Table:
        rng = random.Random(seed)
        decks = {"en": deck or DECK}
        env = Env(now=START, rng=rng, decks=decks)
        room, welcome = create_room("QXZT", "en", NAMES[0], env)
        table = cls(room, {NAMES[0]: welcome.member}, {NAMES[0]: welcome.token}, START, rng, decks)
        for name in NAMES[1:players]:
            table.join(name)
        return table

    def env(self) -> Env:
        return Env(now=self.now, rng=self.rng, decks=self.decks, timings=self.timings)

    def join(self, name: str) -> str:
        self.room, welcome = join_room(self.room, name, self.env())
        self.ids[name] = welcome.member
        self.tokens[name] = welcome.token
        return welcome.member

    def act(self, name: str, action: Action) -> Outcome:
        outcome = apply(self.room, self.ids[name], action, self.env())
        self._take(outcome)
        return outcome

    def _take(self, outcome: Outcome) -> None:
        self.room = outcome.room
        self.effects.extend(outcome.effects)
        self.timers.extend(e for e in outcome.effects if isinstance(e, Schedule))

    def tick(self, ms: int) -> None:
        self.now += ms

    def fire(self) -> Outcome:
        """Let time run to the latest timer and fire it, as Step Functions would."""
        timer = self.timers[-1]
        self.now = max(self.now, timer.at)
        outcome = on_deadline(self.room, timer.round, timer.phase, self.env())
        self._take(outcome)
        return outcome

    @property
    def round(self) -> int:
        return self.room.round_number

    def start(self) -> None:
        self.act(NAMES[0], StartMatch())

    def submit(self, name: str, text: str) -> Outcome:
        return self.act(name, Submit(self.round, text))

    def option(self, *, kind: str | None = None, text: str | None = None) -> str:
        assert self.room.round is not None
        for o in self.room.round.ballot:
            if (kind is None or o.kind == kind) and (text is None or o.text == text):
                return o.id
        raise LookupError((kind, text))

    def bluff_of(self, name: str) -> str:
        assert self.room.round is not None
        return next(o.id for o in self.room.round.ballot if o.writer == self.ids[name])

    def vote(self, name: str, option: str) -> Outcome:
        return self.act(name, Vote(self.round, option))

    def cont(self, name: str = "Ana") -> Outcome:
        return self.act(name, Continue(self.round))

    def view(self, name: str) -> dict[str, Any]:
        return view(self.room, self.ids[name], self.now)

    @property
    def phase(self) -> Phase:
        return self.room.phase

    def truth(self) -> str:
        assert self.room.round is not None
        return self.room.round.card.truth

    def score(self, name: str) -> int:
        member = self.room.member(self.ids[name])
        assert member is not None
        return member.score
