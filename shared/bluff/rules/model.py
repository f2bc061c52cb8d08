"""The room as a value.

Everything the game knows about a room lives in one `Room`: its members, the
phase, the current round with its secrets, and a `version` the store uses for
conditional writes. The models are plain data (pydantic, so the store can turn
them into a DynamoDB item and back); the rules that change them live in
`game.py`, and `view.py` decides what of them each member may see.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from wordcards import Card

ROUNDS = 6
MIN_PLAYERS = 3
MAX_PLAYERS = 12
MAX_MEMBERS = 300


class Phase(StrEnum):
    LOBBY = "lobby"
    WRITING = "writing"
    VOTING = "voting"
    REVEAL = "reveal"
    FINISHED = "finished"


class Role(StrEnum):
    PLAYER = "player"
    OBSERVER = "observer"


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Member(_Data):
    """A person in the room: an id and a token, never a connection."""

    id: str
    name: str
    role: Role
    token_hash: str
    joined_at: int
    seated_at: int | None = None
    active: bool = True
    left: bool = False
    kicked: bool = False
    connected: bool = True
    score: int = 0

    @property
    def is_active_player(self) -> bool:
        return self.role is Role.PLAYER and self.active


class Entry(_Data):
    """An accepted definition: its stored text (R3a) and comparison key (R5a)."""

    text: str
    key: str
    at: int


OptionKind = Literal["truth", "bluff", "fallback"]


class Option(_Data):
    """A ballot card. `writer` is set for a player's bluff; `fallback` indexes the card's bluffs."""

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


class Room(_Data):
    code: str
    lang: str
    host: str | None
    members: list[Member] = Field(default_factory=list)
    phase: Phase = Phase.LOBBY
    round: Round | None = None
    phase_started_at: int | None = None
    deadline: int | None = None
    continue_at: int | None = None
    match: int = 0
    match_cards: list[str] = Field(default_factory=list)
    # The room walks its deck in a secret keyed order (see `cards.py`) so no
    # card repeats until the deck is used up, without storing what was played.
    deck_seed: str = ""
    deck_cursor: str = ""
    history: list[Summary] = Field(default_factory=list)
    winners: list[str] = Field(default_factory=list)
    created_at: int
    version: int = 0

    @property
    def round_number(self) -> int:
        return self.round.number if self.round is not None else 0

    def member(self, member_id: str) -> Member | None:
        return next((m for m in self.members if m.id == member_id), None)

    @property
    def players(self) -> list[Member]:
        """Seats in seat order, inactive ones included (their scores stay on the board)."""
        return [m for m in self.members if m.role is Role.PLAYER]

    @property
    def active_players(self) -> list[Member]:
        return [m for m in self.members if m.is_active_player]

    @property
    def observers(self) -> list[Member]:
        return [m for m in self.members if m.role is Role.OBSERVER]
