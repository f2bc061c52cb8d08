"""A match of Dictionary Bluff as a value: its rounds, their secrets and the scores.

Members, seats and connections are the table's; this is only what the game
itself remembers. While writing or voting is open, the entries and votes are
the table's sealed picks (`Table.picks`); they join the round when the phase
closes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from table.contract import State
from table.text import comparison_key
from wordcards import Card

ROUNDS = 6
MIN_PLAYERS = 3
MAX_PLAYERS = 12

WRITING = "writing"
VOTING = "voting"
REVEAL = "reveal"


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Entry(_Data):
    """An accepted definition: its stored text (R3a) and when it arrived."""

    text: str
    at: int

    @property
    def key(self) -> str:
        """Its comparison key (R5a), computed rather than stored: the room stays small."""
        return comparison_key(self.text)


OptionKind = Literal["truth", "bluff", "fallback"]


class Option(_Data):
    """A ballot card. `writer` is set for a player's bluff."""

    id: str
    kind: OptionKind
    text: str
    writer: str | None = None


class Round(_Data):
    number: int
    card: Card
    started_at: int
    players: list[str]
    entries: dict[str, Entry] = Field(default_factory=dict)
    ballot: list[Option] = Field(default_factory=list)
    voters: list[str] = Field(default_factory=list)
    votes: dict[str, str] = Field(default_factory=dict)
    # Set when the reveal opens: its beats, in server time. The reveal itself
    # is computed from the round whenever it is shown (`scoring.reveal`).
    beats: list[dict[str, object]] = Field(default_factory=list)

    @property
    def revealed(self) -> bool:
        return bool(self.beats)


class Summary(_Data):
    """What the result sheet keeps of a finished round."""

    word: str
    truth: str
    best_bluff: dict[str, object] | None = None
    # The match's facts for the result sheet's titles: how many players each
    # writer's bluff fooled, and who found the truth, this round.
    fooled: dict[str, int] = Field(default_factory=dict)
    found: list[str] = Field(default_factory=list)


class BluffState(State):
    match: int = 0
    round: Round | None = None
    scores: dict[str, int] = Field(default_factory=dict)
    continue_at: int | None = None
    match_cards: list[str] = Field(default_factory=list)
    history: list[Summary] = Field(default_factory=list)
    winners: list[str] = Field(default_factory=list)

    @property
    def round_number(self) -> int:
        return self.round.number if self.round is not None else 0

    def current(self) -> Round:
        assert self.round is not None, "a round phase always has a round"
        return self.round
