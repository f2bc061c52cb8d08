"""The room as stored: the table's part (members, game, options, picks) around a game's state.

The game's state is kept as plain JSON here and given to the game as its own
model (`Game.state_type`); the table reads only the phase-instance fields
every state has (`contract.State`). Sealed picks live beside the state, one
slot per member, tagged with the phase instance they belong to, so that the
store can write one slot without touching the rest (`docs/data-model.md`).
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from table.contract import Seat, State, Table

MAX_MEMBERS = 300  # seats and observers together (docs/protocol.md)

# How long a room item lives after its last write (`docs/data-model.md`): a day
# while anyone is connected, half an hour once nobody is, and not at all once
# nobody is left, so abandoned rooms give their codes back soon.
ROOM_TTL_SECONDS = 24 * 3600
IDLE_ROOM_TTL_SECONDS = 30 * 60
MAX_BANS = 64


class Role(StrEnum):
    PLAYER = "player"
    OBSERVER = "observer"


class Member(BaseModel):
    """A person (or a bot) in the room: an id and a token, never a connection."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    role: Role
    token_hash: str
    previous_token_hash: str | None = None  # the one the last resume replaced (its retry)
    joined_at: int
    seated_at: int | None = None
    active: bool = True
    left: bool = False
    kicked: bool = False
    connected: bool = True
    away_since: int | None = None  # when the connection dropped (ruling 1e's clocks)
    bot: str | None = None
    holder: str | None = None  # a local seat: the member whose device plays it
    screen: bool = False  # joined as an observer by choice (a shared TV): not counted as watching

    @model_serializer(mode="wrap")
    def _without_default_screen(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # Nearly every member is not a screen: leave the field out of the stored
        # room (its size is a goal) unless it says something.
        data: dict[str, Any] = handler(self)
        if not self.screen:
            data.pop("screen", None)
        return data

    @property
    def is_active_player(self) -> bool:
        return self.role is Role.PLAYER and self.active

    def seat(self) -> Seat:
        return _seat(
            self.id,
            self.name,
            self.role is Role.PLAYER,
            self.active,
            self.connected,
            self.joined_at,
            self.seated_at,
            self.bot,
            self.holder is not None,
        )


class Room(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str
    game: str
    lang: str
    options: dict[str, Any] = Field(default_factory=dict)
    host: str | None = None
    members: list[Member] = Field(default_factory=list)
    state: dict[str, Any] = Field(default_factory=dict)
    memory: dict[str, Any] = Field(default_factory=dict)
    # Sealed picks of phase instance `picks_phase` only; a new instance starts empty.
    picks: dict[str, Any] = Field(default_factory=dict)
    picks_phase: int = 0
    # Who the host kicked, kept out for the room's life: the hashes of their
    # tokens and the comparison keys of their names.
    bans: list[str] = Field(default_factory=list)
    # The SHA-256 of the creator's profile secret, whose record keeps the game's
    # `remembered` memory; never in a view or a message.
    profile_hash: str | None = None
    created_at: int
    version: int = 0

    def clone(self) -> Room:
        """A copy for a decision to change, made for every decision.

        The game's state, its memory and the values of the options and picks are
        JSON that the table replaces whole and never changes in place (`with_state`,
        `Referee._absorb`, `Referee._set_options`), so the copy shares them; what a
        decision does change in place (the members, the maps of options and picks,
        the bans) is its own. The unit tests hold every clone to this: its shared
        parts are read-only there (`tests/unit/conftest.py`).
        """
        return self.model_copy(
            update={
                "options": dict(self.options),
                "members": [m.model_copy() for m in self.members],
                "picks": dict(self.picks),
                "bans": list(self.bans),
            }
        )

    def outside_body(self) -> set[str]:
        """The fields a store keeps outside the room's `body`: `version` and the picks have
        attributes of their own, and an absent profile is left out (most rooms have none,
        and the item's size is a goal)."""
        apart = {"version", "picks", "picks_phase"}
        return apart if self.profile_hash is not None else apart | {"profile_hash"}

    def member(self, member_id: str) -> Member | None:
        return next((m for m in self.members if m.id == member_id), None)

    @property
    def active_players(self) -> list[Member]:
        return [m for m in self.members if m.is_active_player]

    @property
    def observers(self) -> list[Member]:
        return [m for m in self.members if m.role is Role.OBSERVER]

    @property
    def watchers(self) -> list[Member]:
        """Observers who are people watching: a shared screen is not one."""
        return [m for m in self.observers if not m.screen]

    @property
    def phase(self) -> str:
        return str(self.state.get("phase", "lobby"))

    @property
    def phase_id(self) -> int:
        return int(self.state.get("phase_id", 0))

    @property
    def deadline(self) -> int | None:
        deadline = self.state.get("deadline")
        return None if deadline is None else int(deadline)

    @property
    def people(self) -> list[Member]:
        """Members a person plays: not bots, not seats held on another device."""
        return [m for m in self.members if m.bot is None and m.holder is None]

    def ttl_seconds(self) -> int:
        """How long the stored room lives after this write (`docs/data-model.md`)."""
        people = [m for m in self.people if not m.left]
        if not people:
            return 0
        if any(m.connected for m in people):
            return ROOM_TTL_SECONDS
        return IDLE_ROOM_TTL_SECONDS

    def current_picks(self) -> dict[str, Any]:
        return dict(self.picks) if self.picks_phase == self.phase_id else {}

    def table(self) -> Table:
        return Table(
            code=self.code,
            lang=self.lang,
            options=dict(self.options),
            host=self.host,
            members=tuple(m.seat() for m in self.members),
            memory=dict(self.memory),
            picks=self.current_picks(),
        )

    def with_state(self, state: State) -> None:
        """Keep the game's new state; a new phase instance starts with no picks."""
        self.state = state.model_dump(mode="json")
        self.picks_for(state.phase_id)

    def picks_for(self, phase_id: int) -> None:
        """Keep the picks of phase instance `phase_id` only."""
        if self.picks_phase != phase_id:
            self.picks, self.picks_phase = {}, phase_id


@lru_cache(maxsize=4096)
def _seat(
    id: str,
    name: str,
    player: bool,
    active: bool,
    connected: bool,
    joined_at: int,
    seated_at: int | None,
    bot: str | None,
    local: bool,
) -> Seat:
    """Seats are immutable and every decision and view builds the table again: a member
    unchanged since the last one gets the same seat back (a third of the cost)."""
    return Seat(id, name, player, active, connected, joined_at, seated_at, bot, local)
