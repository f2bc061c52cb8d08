"""The game contract: everything a game package gives the table, and all it gets back.

A game is pure rules over its own state (boardgame.io's "a game is data plus
pure functions"). The table owns rooms, members, presence, sealed picks, phase
instances and timers; a game never imports the service, an adapter or another
game. It sees the room through a read-only `Table`, the world through an
`Env` (the clock and randomness come in, never from a global), and answers
with an `Outcome`: its new state, a sealed pick for the table to store, timers
to set, and records to keep. A refused move raises `Refusal` and changes
nothing.

Lifecycle, as the table drives it::

    new_state()                      a fresh room, in "lobby"
    start(state, table, env)         the host starts a match
    apply(state, table, member, move, env)
                                     one member's move (a pydantic model from `moves`)
    due(state, table, env)           after every change and on every timer:
                                     close whatever is due (a deadline passed,
                                     everybody acted); unchanged otherwise
    on_timer(state, table, key, env) a timer other than the phase deadline
                                     (a reveal beat, a bot's turn)
    view(state, table, member, now)  the game's part of one member's `state`
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from pydantic import BaseModel, ConfigDict

Json = Any  # a value that serialises to JSON: str, int, float, bool, None, list, dict

LOBBY = "lobby"  # before the first match: seats, options
FINISHED = "finished"  # after a match: result sheet, rematch


class Rng(Protocol):
    """The part of `random.Random` games use; `secrets.SystemRandom` fits."""

    def getrandbits(self, k: int, /) -> int: ...

    def shuffle(self, x: MutableSequence[Any], /) -> None: ...

    def random(self) -> float: ...

    def randrange(self, start: int, stop: int | None = None, step: int = 1, /) -> int: ...


@dataclass(frozen=True)
class Env:
    """What a game receives from the world for one decision."""

    now: int  # epoch milliseconds
    rng: Rng
    content: Any = None  # the game's content for the room's language (`Game.load_content`)
    scale: float = 1.0  # TIME_SCALE: every length is multiplied by it; 1 when deployed

    def length(self, ms: int) -> int:
        """A rule's length in ms, scaled for tests and development."""
        return max(1, round(ms * self.scale))

    def deadline(self, ms: int) -> int:
        """`now` plus a scaled length, rounded up to a whole second.

        A queued deadline's delay is counted in whole seconds; with whole-second
        deadlines the timer, the clients' countdown and the rules agree, and no
        timer fires before its deadline.
        """
        return -(-(self.now + self.length(ms)) // 1000) * 1000


# --- What a game declares ------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A room setting: its name, default and allowed values (`set_options`)."""

    name: str
    default: Json
    choices: tuple[Json, ...]

    def allows(self, value: Json) -> bool:
        # bool is an int in Python: `True` must not pass for 1, nor 1 for `True`.
        return any(type(value) is type(c) and value == c for c in self.choices)

    def schema(self) -> dict[str, Json]:
        return {"name": self.name, "default": self.default, "choices": list(self.choices)}


# --- The table as a game sees it -------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """A member of the room as games see them: no token, no connection."""

    id: str
    name: str
    player: bool  # a seat (True) or an observer (False)
    active: bool = True  # False once a seat left or was kicked during a match (RULES 1d)
    connected: bool = True
    joined_at: int = 0
    seated_at: int | None = None
    bot: str | None = None  # a bot seat's level; None for people
    local: bool = False  # a seat played on another member's device (pass-and-play)


@dataclass(frozen=True)
class Table:
    """The room around a game's state: read-only, rebuilt for every decision."""

    code: str
    lang: str
    options: Mapping[str, Json]
    host: str | None
    members: tuple[Seat, ...]  # in joining order; seats keep it as seat order
    memory: Mapping[str, Json] = field(default_factory=dict)  # outlives a match
    picks: Mapping[str, Json] = field(default_factory=dict)  # this phase instance's sealed picks

    def member(self, member_id: str) -> Seat | None:
        return next((m for m in self.members if m.id == member_id), None)

    @property
    def players(self) -> list[Seat]:
        """Seats in seat order, inactive ones included (their scores stay on the board)."""
        return [m for m in self.members if m.player]

    @property
    def active_players(self) -> list[Seat]:
        return [m for m in self.members if m.player and m.active]

    @property
    def observers(self) -> list[Seat]:
        return [m for m in self.members if not m.player]


class State(BaseModel):
    """The base of every game's state: the current phase instance.

    `phase_id` counts phase instances over the room's whole life (never reset
    by a rematch): every timer and every sealed pick carries it, so a stale one
    is recognised without reading anything else.
    """

    model_config = ConfigDict(extra="forbid")

    phase: str = LOBBY
    phase_id: int = 0
    phase_started_at: int | None = None
    deadline: int | None = None

    @property
    def in_match(self) -> bool:
        return self.phase not in (LOBBY, FINISHED)

    def enter(self, phase: str, env: Env, length_ms: int | None = None) -> Timer | None:
        """Begin a new phase instance; with a length, its deadline and the timer for it."""
        self.phase = phase
        self.phase_id += 1
        self.phase_started_at = env.now
        self.deadline = env.deadline(length_ms) if length_ms is not None else None
        return None if self.deadline is None else Timer(self.phase_id, self.deadline)

    def due(self, now: int) -> bool:
        """The current phase's deadline has passed."""
        return self.deadline is not None and now >= self.deadline

    def clone(self) -> Self:
        """A deep copy for a rule to change, leaving the state it was given as it was.

        A state is plain data (no private attributes, no validator that alters a
        value), so validating its own dump gives an equal state that shares no
        list, dict or model with this one, about 3 times faster than
        `model_copy(deep=True)`.
        """
        return self.model_validate(self.model_dump())


S = TypeVar("S", bound=State)


# --- What a game answers ---------------------------------------------------------


@dataclass(frozen=True)
class Timer:
    """Call the game back at `at` (epoch ms) while phase instance `phase_id` lasts.

    `key` "deadline" ends the phase (`Game.due`); keys starting "table:" are the
    table's own (never a game's); any other key reaches
    `Game.on_timer` (a reveal beat, a bot's move). A timer whose phase instance
    is over is dropped by the table, unseen by the game.
    """

    phase_id: int
    at: int
    key: str = "deadline"


@dataclass(frozen=True)
class Seal:
    """A sealed pick: the acting member's hidden choice in this phase instance.

    The table stores it in the member's own slot with one conditional write,
    so simultaneous picks never conflict. `replace` lets a member change it
    until the phase closes; otherwise a second pick is refused by the game.
    """

    value: Json
    replace: bool = False


@dataclass(frozen=True)
class Archive:
    """Keep a finished round's record beside the room (write-once), not inside it."""

    key: str
    record: Mapping[str, Json]


@dataclass(frozen=True)
class Notice:
    """Send one member a message of its own (`type` and fields), outside `state`.

    For what must never travel in a broadcast, such as Impostor's `peek` card.
    """

    member: str
    message: Mapping[str, Json]


@dataclass(frozen=True)
class SeatBot:
    """Seat a bot (a server-side player) named `name` at `level`; between matches only."""

    name: str
    level: str


@dataclass(frozen=True)
class UnseatBot:
    member: str


Effect = Timer | Archive | Notice | SeatBot | UnseatBot


@dataclass(frozen=True)
class Outcome(Generic[S]):
    state: S
    effects: tuple[Effect, ...] = ()
    seal: Seal | None = None
    memory: Mapping[str, Json] | None = None  # the table memory to keep, when it changed
    changed: bool = True


def unchanged(state: S) -> Outcome[S]:
    return Outcome(state, changed=False)


# --- The contract --------------------------------------------------------------------


class Game(ABC, Generic[S]):
    """One game, as the table service sees it. Subclass, fill the class fields,
    implement the abstract methods; register the instance in `table.registry`."""

    slug: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    langs: ClassVar[frozenset[str]]
    options: ClassVar[tuple[Option, ...]] = ()
    state_type: ClassVar[type[State]]
    # The game's own actions: action name -> the pydantic model of its fields
    # (strict, `extra="forbid"`; `action`, `req` and `seat` are the table's).
    moves: ClassVar[Mapping[str, type[BaseModel]]] = {}
    # English messages for the game's own error codes (docs/protocol.md: codes may be added),
    # and for a code with a reason of its own wording, under "code:reason".
    messages: ClassVar[Mapping[str, str]] = {}
    # The code refusing a seat beyond `seats(options)[1]` (`take_seat`, `add_seat`).
    full_code: ClassVar[StrEnum | None] = None
    # Table memory kept per player profile (a solo player's level): each key's value is a
    # map of counters that only rise. A room created with a profile starts with what the
    # profile keeps under these keys, and the table writes each rise back to it; the game
    # never sees the profile.
    remembered: ClassVar[tuple[str, ...]] = ()

    def defaults(self) -> dict[str, Json]:
        return {o.name: o.default for o in self.options}

    def seats(self, options: Mapping[str, Json]) -> tuple[int, int]:
        """How many seats a match takes under these options (a solo mode takes one)."""
        return self.min_seats, self.max_seats

    def local_seats(self, options: Mapping[str, Json]) -> bool:
        """Whether the host may add seats played on one device (pass-and-play)."""
        return False

    def one_device(self, options: Mapping[str, Json]) -> bool:
        """Whether the host's device holds every seat: the host adds them (`add_seat`),
        a joiner only watches and `take_seat` is `wrong_mode`."""
        return False

    def clears_seats(self, before: Mapping[str, Json], after: Mapping[str, Json]) -> bool:
        """Whether this change of options leaves only the host seated: other people
        watch, local seats go (a change of how the table plays)."""
        return False

    def schema(self) -> dict[str, Json]:
        """What the lobby needs to build the options form (`games` reply)."""
        return {
            "slug": self.slug,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "langs": sorted(self.langs),
            "options": [o.schema() for o in self.options],
        }

    def load_content(self, lang: str) -> Any:
        """The game's content for one language; the table caches it per container."""
        return None

    def new_state(self) -> S:
        return self.state_type()  # type: ignore[return-value]

    def follow_options(
        self, before: Mapping[str, Json], after: Mapping[str, Json], named: frozenset[str]
    ) -> dict[str, Json]:
        """The options after a change (`named`: the options the command set), before they are
        checked: a game may put back to their defaults the settings that only made sense
        with what changed (Dictopia: a new `mode` drops the other mode's settings)."""
        return dict(after)

    def check_options(self, options: Mapping[str, Json], table: Table) -> None:
        """Cross-option rules beyond each option's choices; raise `Refusal` (`bad_option`)."""

    def on_create(self, state: S, table: Table, env: Env) -> Outcome[S]:
        """A room was just made (its host seated): seat bots, for example."""
        return unchanged(state)

    @abstractmethod
    def start(self, state: S, table: Table, env: Env) -> Outcome[S]:
        """The host starts a match (from lobby or finished); refuse if it cannot start."""

    @abstractmethod
    def apply(self, state: S, table: Table, member: str, move: BaseModel, env: Env) -> Outcome[S]:
        """One member's move; raise `Refusal` to refuse it."""

    @abstractmethod
    def due(self, state: S, table: Table, env: Env) -> Outcome[S]:
        """Close whatever is due now; `unchanged(state)` when nothing is."""

    def on_timer(self, state: S, table: Table, key: str, env: Env) -> Outcome[S]:
        """A timer of this phase instance with a key other than "deadline" fired."""
        return unchanged(state)

    def on_leave(self, state: S, table: Table, member: str, env: Env) -> Outcome[S]:
        """A seat left or was kicked mid-match (already inactive in `table`)."""
        return self.due(state, table, env)

    def on_presence(self, state: S, table: Table, member: str, env: Env) -> Outcome[S]:
        """A seat's connection dropped or came back (`table.member(member).connected`).

        Dropping is not leaving: the seat stays. A game with away seats (a bot
        covering, a turn skipped) reacts here; the table then settles the room.
        """
        return unchanged(state)

    @abstractmethod
    def view(self, state: S, table: Table, member: str, now: int) -> dict[str, Json]:
        """The game's fields of `member`'s `state` message: the only door to the wire."""

    def secrets(self, state: S, table: Table) -> Sequence[str]:
        """Texts that no view may show right now (for the secrecy property tests)."""
        return ()
