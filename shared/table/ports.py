"""What the table service needs from the world, as abstract ports.

Adapters implement them for AWS (`table/adapters/`) and tests implement them
as fakes. AWS errors never cross a port: adapters turn them into the domain
errors below. The store guards races only; every rule is the referee's.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from table.referee import PickWrite
from table.room import Room

# A player profile (only its hash is ever stored) is forgotten this long after its last use.
PROFILE_TTL_SECONDS = 400 * 24 * 3600


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
    """A room as stored: the table's `Room` plus which connection each member is on."""

    room: Room
    connections: dict[str, str] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return self.room.version


class SlotTaken(Exception):
    """A sealed pick's write was refused: its phase instance is over, or the slot is taken.

    Carries the room as the store found it, so the referee can decide again on
    it without another read (None if the room is gone).
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
        """The room, strongly consistent, or None if there is none (or it has expired)."""

    @abstractmethod
    def create(self, snapshot: Snapshot, now: int) -> Snapshot:
        """Store a new room; `RoomExists` if its code is in use."""

    @abstractmethod
    def save(self, snapshot: Snapshot, now: int) -> Snapshot:
        """Replace the room if it is still at `snapshot.version`; `StaleRoom` if not."""

    @abstractmethod
    def seal(self, code: str, pick: PickWrite, now: int) -> Snapshot:
        """One write: the member's slot, if `pick.phase_id` is still the room's phase
        instance and the slot is free (or `pick.replace`); else `SlotTaken`."""

    @abstractmethod
    def archive(self, code: str, key: str, record: Mapping[str, Any], now: int) -> None:
        """Keep a finished round's record under its own key, written once."""

    @abstractmethod
    def remembered(self, profile_hash: str, now: int) -> dict[str, dict[str, int]]:
        """What a player profile keeps (memory key -> {entry: value}), `{}` if nothing.

        Reading is the profile's use: it lives `PROFILE_TTL_SECONDS` from now on.
        A profile past its expiry reads as absent and is forgotten.
        """

    @abstractmethod
    def remember(self, profile_hash: str, key: str, values: Mapping[str, int], now: int) -> None:
        """Merge `values` into the profile's `key`, keeping the higher value of each entry.

        A lower value never lowers a stored one, and two rooms of one profile
        writing at once both land. The profile lives `PROFILE_TTL_SECONDS` from now.
        """

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

    def send_views(self, views: Sequence[tuple[str, Callable[[], Mapping[str, Any]]]]) -> set[str]:
        """Post each member's `state` view, made by calling it; return the connections gone.

        A notifier that replaces a view still waiting to go out with the newer one
        (the local stack's) makes each when it goes out, so a replaced one is never
        made; the rest make them all now.
        """
        return self.send_all([(cid, view()) for cid, view in views])


@dataclass(frozen=True)
class Alarm:
    """A timer: call the room back at `at` for phase instance `phase_id` and `key`."""

    room: str
    room_started: int
    phase_id: int
    key: str
    at: int

    @property
    def name(self) -> str:
        """A unique, deterministic name: one alarm, one row (SQLite), one record (tests).

        Room codes are reused, so the name carries the room's creation time;
        phase instances are counted over the room's whole life.
        """
        key = "".join(c if (c.isascii() and c.isalnum()) or c in "-_" else "-" for c in self.key)
        return f"room-{self.room}-{_base36(self.room_started)}-{self.phase_id}-{key}"[:80]


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
    def schedule(self, alarm: Alarm) -> None:
        """Fire at `alarm.at`. Starting the same alarm twice is harmless."""

    def cancel(self, alarm: Alarm) -> None:
        """The alarm's phase instance closed early: it need not fire.

        Saving only its cost: an alarm that fires anyway is a counted no-op
        (the referee drops it), so an adapter may do nothing here, and a
        cancel of an alarm that already fired or never started is harmless.
        """
        return None


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
