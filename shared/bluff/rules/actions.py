"""The commands a member can send, and what the core asks of the world in return."""

from __future__ import annotations

from dataclasses import dataclass

from bluff.rules.model import Phase, Role, Room


@dataclass(frozen=True)
class StartMatch:
    pass


@dataclass(frozen=True)
class Submit:
    round: int
    text: str


@dataclass(frozen=True)
class Vote:
    round: int
    option: str


@dataclass(frozen=True)
class Continue:
    round: int


@dataclass(frozen=True)
class TakeSeat:
    pass


@dataclass(frozen=True)
class Kick:
    player: str


@dataclass(frozen=True)
class Leave:
    pass


Action = StartMatch | Submit | Vote | Continue | TakeSeat | Kick | Leave
RoundAction = Submit | Vote | Continue


@dataclass(frozen=True)
class Schedule:
    """Fire `on_deadline(room, round, phase)` at `at` (epoch ms, a whole second)."""

    round: int
    phase: Phase
    at: int


@dataclass(frozen=True)
class Kicked:
    """Tell this member's connection it was removed (`error` `kicked`)."""

    member: str


@dataclass(frozen=True)
class RoundOver:
    """A round's reveal is final: keep its record (the reveal payload) apart from the room."""

    round: int
    record: dict[str, object]


Effect = Schedule | Kicked | RoundOver


@dataclass(frozen=True)
class Welcome:
    """A new or returning member: the token is shown once and only its hash is kept."""

    member: str
    token: str
    role: Role


@dataclass(frozen=True)
class Outcome:
    room: Room
    effects: tuple[Effect, ...] = ()
    changed: bool = True
