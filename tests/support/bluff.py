"""A Dictionary Bluff table for rule tests: named seats on a `Tabletop`, a small deck.

Rule tests read like the rulebook: `table.submit("Ana", ...)`, `table.fire()`,
`table.vote("Ben", table.option(kind="truth"))`. `table.room` shows the match
as the rules see it, with the sealed picks of an open phase already in the
round (entries while writing, votes while voting).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.bluff.game import GAME
from games.bluff.moves import Continue, Submit, Vote
from games.bluff.state import BluffState, Entry, Round
from table.contract import Table as TableView
from table.contract import Timer
from table.referee import Command, Decision, Move
from table.room import Member, Room
from tests.support.tabletop import T0, Tabletop
from wordcards import Card

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu", "Mo"]
START = T0
HOUSE_BLUFFS = (
    "a small copper pot used for slow stews",
    "a shepherd's whistle carved from horn",
    "to walk slowly in circles while thinking",
    "the dust that gathers on old bookshelves",
    "a dance performed at the end of harvest",
    "a grumpy neighbour who lends nothing",
    "an old coin worth half a farthing",
)


class Phase(StrEnum):
    LOBBY = "lobby"
    WRITING = "writing"
    VOTING = "voting"
    REVEAL = "reveal"
    FINISHED = "finished"


def card(n: int, word: str, truth: str, aliases: tuple[str, ...] = ()) -> Card:
    return Card(
        id=f"en-{n:04d}",
        word=word,
        note="noun · test",
        truth=truth,
        aliases=aliases,
        bluffs=HOUSE_BLUFFS,
    )


DECK: dict[str, Card] = {
    c.id: c
    for c in [
        card(
            1, "gongoozler", "a person who idly watches canal boats", ("someone who watches boats",)
        ),
        card(2, "quidnunc", "a person who loves gossip and news", ("a nosy gossip",)),
        card(3, "gallimaufry", "a confused jumble or medley of things", ("a jumble",)),
        card(4, "absquatulate", "to leave in a hurry without saying goodbye", ("to run off",)),
        card(5, "callipygian", "having shapely buttocks", ()),
        card(6, "snollygoster", "a shrewd and unprincipled person", ("a crooked schemer",)),
        card(7, "yarborough", "a hand of cards with no card above a nine", ()),
        card(8, "zenzizenzizenzic", "a number raised to the eighth power", ()),
    ]
}


@dataclass
class ScheduledTimer:
    """A pending timer, with the phase it was set for."""

    phase: Phase
    at: int
    phase_id: int


class MatchView:
    """The room as the rules see it: the table's members and the game's state."""

    def __init__(self, room: Room, state: BluffState) -> None:
        self._room = room
        self.state = state
        round_ = state.round
        picks = room.current_picks()
        if round_ is not None and state.phase == "writing":
            round_.entries = {p: Entry(text=v["text"], at=v["at"]) for p, v in picks.items()}
        if round_ is not None and state.phase == "voting":
            round_.votes = {p: str(v) for p, v in picks.items()}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    @property
    def round(self) -> Round | None:
        return self.state.round

    @property
    def phase(self) -> Phase:
        return Phase(self.state.phase)

    @property
    def host(self) -> str | None:
        return self._room.host

    @property
    def members(self) -> list[Member]:
        return self._room.members

    @property
    def active_players(self) -> list[Member]:
        return self._room.active_players

    def member(self, member_id: str) -> Member | None:
        return self._room.member(member_id)

    def model_dump(self) -> dict[str, Any]:
        return self._room.model_dump()

    def table(self) -> TableView:
        return self._room.table()

    @property
    def phase_id(self) -> int:
        return self.state.phase_id


class Table:
    """One room played by named seats, with time under the test's control."""

    def __init__(self, top: Tabletop, ids: dict[str, str]) -> None:
        self.top = top
        self.ids = ids

    @classmethod
    def seated(cls, players: int, seed: int = 0, deck: dict[str, Card] | None = None) -> Table:
        top = Tabletop(GAME, seed=seed, content=deck or DECK)
        table = cls(top, {NAMES[0]: top.create(NAMES[0])})
        for name in NAMES[1:players]:
            table.join(name)
        return table

    # --- time ---

    @property
    def now(self) -> int:
        return self.top.now

    @now.setter
    def now(self, value: int) -> None:
        self.top.now = value

    def tick(self, ms: int) -> None:
        self.top.now += ms

    @property
    def timers(self) -> list[ScheduledTimer]:
        phase = Phase(self.top.phase)
        return [ScheduledTimer(phase, t.at, t.phase_id) for t in self.top.timers]

    def fire(self) -> None:
        """Let time run to the latest timer and fire it, as the deadline queue would."""
        timer = self.top.timers[-1]
        self.top.timers.remove(timer)
        self.now = max(self.now, timer.at)
        self.top.fire(timer)

    def fire_at(self, phase_id: int, at: int) -> None:
        """A timer for phase instance `phase_id` fires at `at` (early, late or stale)."""
        self.now = max(self.now, at)
        self.top.fire(Timer(phase_id, at))

    # --- members ---

    @property
    def tokens(self) -> dict[str, str]:
        return {name: self.top.tokens[i] for name, i in self.ids.items() if i in self.top.tokens}

    def join(self, name: str, observer: bool = False) -> str:
        self.ids[name] = self.top.join(name, observer)
        return self.ids[name]

    def act(self, name: str, command: Command | Submit | Vote | Continue) -> Decision:
        member = self.ids.get(name, name)
        if isinstance(command, Submit | Vote | Continue):
            action = {Submit: "submit", Vote: "vote", Continue: "continue"}[type(command)]
            return self.top.command(member, Move(action, command))
        return self.top.command(member, command)

    # --- moves ---

    @property
    def round(self) -> int:
        return self.match.round_number

    def start(self) -> None:
        self.top.start(self.ids[NAMES[0]])

    def submit(self, name: str, text: str) -> Decision:
        return self.act(name, Submit(round=self.round, text=text))

    def vote(self, name: str, option: str) -> Decision:
        return self.act(name, Vote(round=self.round, option=option))

    def cont(self, name: str = "Ana") -> Decision:
        return self.act(name, Continue(round=self.round))

    def option(self, *, kind: str | None = None, text: str | None = None) -> str:
        round_ = self.match.current()
        for o in round_.ballot:
            if (kind is None or o.kind == kind) and (text is None or o.text == text):
                return o.id
        raise LookupError((kind, text))

    def bluff_of(self, name: str) -> str:
        round_ = self.match.current()
        return next(o.id for o in round_.ballot if o.writer == self.ids[name])

    def play_card(self, chosen: Card) -> None:
        """Make the current round play `chosen`, whatever the draw."""
        assert self.top.room is not None
        self.top.room.state["round"]["card"] = chosen.model_dump(mode="json")

    # --- reading ---

    @property
    def room(self) -> MatchView:
        assert self.top.room is not None
        return MatchView(self.top.room, self.top.state)

    @property
    def match(self) -> BluffState:
        return self.room.state

    def view(self, name: str) -> dict[str, Any]:
        return self.top.view(self.ids[name])

    @property
    def phase(self) -> Phase:
        return Phase(self.top.phase)

    def truth(self) -> str:
        return self.match.current().card.truth

    def score(self, name: str) -> int:
        return self.match.scores.get(self.ids[name], 0)
