"""What the game service needs from the world, as abstract ports.

Adapters implement them for AWS (`adapters/`) and tests implement them as
fakes. AWS errors never cross a port: adapters turn them into the domain
errors below.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bluff.rules.model import Entry, Phase, Room


class StaleRoom(Exception):
    """The room changed since it was read: re-read and decide again."""


class RoomExists(Exception):
    """A new room's code is taken."""


class AlreadyBound(Exception):
    """This connection already speaks for a member of a room."""


class Busy(Exception):
    """The store or a service stayed throttled after bounded retries; the client may retry."""


@dataclass
class Snapshot:
    """A room as stored: the rules core's value plus which connection each member is on."""

    room: Room
    connections: dict[str, str] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return self.room.version


class SlotTaken(Exception):
    """A sealed-pick write was refused: the slot, the phase or the round was not open.

    Carries the room as it was when the write was refused, so the rules can say
    why (None if the room is gone).
    """

    def __init__(self, snapshot: Snapshot | None) -> None:
        super().__init__("slot not open")
        self.snapshot = snapshot


@dataclass(frozen=True)
class Binding:
    """Which room and member a connection speaks for."""

    room: str
    member: str


class RoomStore(ABC):
    @abstractmethod
    def load(self, code: str, now: int) -> Snapshot | None:
        """The room, or None if there is none (or it has expired)."""

    @abstractmethod
    def create(self, snapshot: Snapshot, now: int) -> Snapshot:
        """Store a new room; `RoomExists` if its code is in use."""

    @abstractmethod
    def save(self, snapshot: Snapshot, now: int) -> Snapshot:
        """Replace the room if it is still at `snapshot.version`; `StaleRoom` if not."""

    @abstractmethod
    def add_entry(self, code: str, member: str, round_: int, entry: Entry, now: int) -> Snapshot:
        """One write: the entry, if writing is open for this member; else `SlotTaken`."""

    @abstractmethod
    def add_vote(self, code: str, member: str, round_: int, option: str, now: int) -> Snapshot:
        """One write: the vote, if voting is open to this member; else `SlotTaken`."""

    @abstractmethod
    def archive(self, code: str, key: str, record: Mapping[str, Any], now: int) -> None:
        """Keep a finished round's record under its own key, written once."""

    @abstractmethod
    def bind(self, connection_id: str, binding: Binding, now: int) -> None: ...

    @abstractmethod
    def binding(self, connection_id: str, now: int) -> Binding | None: ...

    @abstractmethod
    def unbind(self, connection_id: str) -> None: ...


class Notifier(ABC):
    @abstractmethod
    def send_all(self, messages: Sequence[tuple[str, Mapping[str, Any]]]) -> set[str]:
        """Post each (connection id, message); return the connection ids that are gone."""

    def send(self, connection_id: str, message: Mapping[str, Any]) -> bool:
        """Post one message; False if the connection is gone."""
        return connection_id not in self.send_all([(connection_id, message)])


@dataclass(frozen=True)
class Deadline:
    """A timer: fire the deadline handler for this room, match, round and phase at `at`."""

    room: str
    room_started: int
    match: int
    round: int
    phase: Phase
    at: int

    @property
    def name(self) -> str:
        """A unique, deterministic execution name, so a repeated start is refused.

        Room codes are reused and rooms play rematches, so the name carries the
        room's creation time and the match number as well.
        """
        started = _base36(self.room_started)
        return f"room-{self.room}-{started}-m{self.match}-r{self.round}-{self.phase.value}"

    def payload(self) -> dict[str, Any]:
        return {
            "room": self.room,
            "match": self.match,
            "round": self.round,
            "phase": self.phase.value,
        }


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = digits[d] + out
        if n == 0:
            return out


class Timers(ABC):
    @abstractmethod
    def schedule(self, deadline: Deadline) -> None:
        """Fire at `deadline.at`. Starting the same deadline twice is harmless."""


class Clock(ABC):
    @abstractmethod
    def now(self) -> int:
        """Epoch milliseconds."""


class Telemetry(ABC):
    """Counts and structured events; never given a token or an unrevealed text."""

    @abstractmethod
    def count(self, metric: str, value: int = 1) -> None: ...

    @abstractmethod
    def event(self, name: str, **fields: Any) -> None: ...

    @abstractmethod
    def context(self, **keys: str) -> None:
        """Keys every later event of this invocation carries (room, member)."""
