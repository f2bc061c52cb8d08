"""The table's rules, pure: every decision about a room, for any game.

The referee turns one request (a join, a table command, a game move, a timer)
into a `Decision` on a copy of the room, with no I/O. It is the one authority:
the service only loads, asks the referee and commits what it decided, and the
store only guards the race (`docs/architecture.md`). Tests drive whole games
through it in memory.

Every decision first catches the room up (`settle`): a phase whose deadline
has passed, or in which everybody has acted, is closed before the request is
judged, so a lost timer never leaves a room waiting. Presence catches up the
same way (ruling 1e): an observer away for a minute is removed and a host away
for 30 s hands the role on, at the first message or timer after that. A host's
drop also sets a table timer (`HOST_CHECK`) at the end of the grace, because in
a lobby nobody else may act: without it the room would wait for a message that
cannot come.

A decision that changed only observers (one joined, dropped, left or was
removed) names its `audience`: the host, who sees the observers, and the
observers concerned. Everyone else's observer count catches up with the next
change they see, so observer churn costs a few messages, not one per member.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from table import members
from table.contract import Effect, Env, Game, Outcome, SeatBot, State, Table, Timer, UnseatBot
from table.errors import Code, Refusal
from table.room import Role, Room

# How many parsed states a referee keeps (`Referee._state`): a few per room in play.
PARSED_STATES = 512

# --- Requests ------------------------------------------------------------------------


@dataclass(frozen=True)
class Start:
    pass


@dataclass(frozen=True)
class TakeSeat:
    pass


@dataclass(frozen=True)
class Kick:
    player: str


@dataclass(frozen=True)
class Leave:
    pass


@dataclass(frozen=True)
class SetOptions:
    options: Mapping[str, Any]
    lang: str | None = None  # the room's language (its content) changes too


@dataclass(frozen=True)
class AddSeat:
    """A seat played on the host's device (pass-and-play)."""

    name: str


@dataclass(frozen=True)
class RemoveSeat:
    player: str


@dataclass(frozen=True)
class Move:
    """A game's own action, its fields already parsed into the game's model."""

    action: str
    fields: BaseModel


Command = Start | TakeSeat | Kick | Leave | SetOptions | AddSeat | RemoveSeat | Move
HOST_ONLY = (Start, Kick, SetOptions, AddSeat, RemoveSeat)
# Timer keys the table keeps for itself (a game's keys never start so).
TABLE_TIMER = "table:"
HOST_CHECK = TABLE_TIMER + "host"  # ruling 1e: is the host who dropped still away?
BETWEEN_MATCHES = (Start, TakeSeat, SetOptions, AddSeat, RemoveSeat)


@dataclass(frozen=True)
class PickWrite:
    """A sealed pick the store writes into the member's own slot, guarded by the phase instance."""

    member: str
    phase_id: int
    value: Any
    replace: bool


@dataclass
class Decision:
    room: Room
    changed: bool = False  # anything beyond `seal` changed: a whole-room, versioned save
    seal: PickWrite | None = None
    effects: list[Effect] = field(default_factory=list)
    welcome: members.Welcome | None = None
    kicked: list[str] = field(default_factory=list)
    refusal: Refusal | None = None  # refused, after the catch-up (if any) was decided
    # Who must see this change; None: every member. Set when only observers changed.
    audience: set[str] | None = None
    # The entries of remembered memory (`Game.remembered`) this change raised, for the
    # room's profile (the store keeps the higher value of each).
    remember: dict[str, dict[str, int]] = field(default_factory=dict)


class Referee:
    """The table's rules for rooms of one game."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        # Game states parsed from rooms, by the identity of the room's state dict (see `_state`).
        self._parsed: dict[int, tuple[dict[str, Any], State]] = {}

    # --- rooms and membership ------------------------------------------------------

    def create(
        self,
        code: str,
        name: str,
        lang: str,
        options: Mapping[str, Any],
        env: Env,
        profile_hash: str | None = None,
        remembered: Mapping[str, Any] | None = None,
    ) -> Decision:
        """A new room; its creator is the host and first player (ruling 1a).

        `remembered`: what the creator's profile (`profile_hash`) keeps under the
        game's `remembered` keys, the room's first table memory.
        """
        name = members.valid_name(name)
        if lang not in self.game.langs:
            raise Refusal(Code.UNKNOWN_DECK)
        room = Room(
            code=code,
            game=self.game.slug,
            lang=lang,
            options=self.game.defaults(),
            created_at=env.now,
            state=self.game.new_state().model_dump(mode="json"),
            profile_hash=profile_hash,
            memory={k: v for k, v in (remembered or {}).items() if k in self.game.remembered},
        )
        self._set_options(room, options)
        welcome = members.join(room, name, self._max_seats(room), False, False, env)
        decision = Decision(room, changed=True, welcome=welcome)
        self._absorb(decision, self.game.on_create(self._state(room), room.table(), env), env=env)
        return decision

    def join(
        self, room: Room, name: str, observer: bool, env: Env, token: str | None = None
    ) -> Decision:
        decision = self.settle(room, env)
        new = decision.room
        # Where one device holds every seat (a passed phone), a joiner only watches.
        no_seat = self._state(new).in_match or self.game.one_device(new.options)
        seats = self._max_seats(new)
        decision.welcome = members.join(new, name, seats, no_seat, observer, env, token)
        decision.changed = True
        return _scoped(room, decision)

    def resume(self, room: Room, token: str, env: Env, retry_of: str | None = None) -> Decision:
        decision = self.settle(room, env)
        was_connected = {m.id: m.connected for m in decision.room.members}
        decision.welcome = members.resume(decision.room, token, env, retry_of)
        decision.changed = True
        if not was_connected.get(decision.welcome.member, True):
            self._seat_presence(decision, decision.welcome.member, env)
        return _scoped(room, decision)

    def set_connected(
        self, room: Room, member_id: str, connected: bool, env: Env | None = None
    ) -> Decision:
        """A connection came or went. With `env`, the drop starts ruling 1e's clocks and
        the game hears of it (`Game.on_presence`)."""
        copy = room.clone()
        member = copy.member(member_id)
        if member is None or member.connected == connected:
            return Decision(copy)
        members.set_connected(member, connected, env.now if env else None)
        decision = Decision(copy, changed=True)
        if env is not None:
            if not connected and copy.host == member_id:
                at = env.now + env.length(members.HOST_GRACE_MS)
                # Keyed by the drop, so that a second drop's timer is not the first's twin.
                decision.effects.append(Timer(copy.phase_id, at, f"{HOST_CHECK}:{env.now}"))
            self._seat_presence(decision, member_id, env)
        return _scoped(room, decision)

    def _seat_presence(self, decision: Decision, member_id: str, env: Env) -> None:
        """Tell the game a seat dropped or came back, mid-match; then settle the room."""
        room = decision.room
        member = room.member(member_id)
        state = self._state(room)
        if member is None or member.role is not Role.PLAYER or not state.in_match:
            return
        outcome = self.game.on_presence(state, room.table(), member_id, env)
        self._absorb(decision, outcome, env=env)
        self._catch_up(decision, env)

    # --- commands ----------------------------------------------------------------------

    def act(self, room: Room, member_id: str, command: Command, env: Env) -> Decision:
        """One member's command: the table's own, or the game's move."""
        decision = self.settle(room, env)
        try:
            self._act(decision, member_id, command, env)
        except Refusal as refusal:
            # Only the catch-up stands; the command left no trace.
            decision = self.settle(room, env)
            decision.refusal = refusal
        return _scoped(room, decision)

    def _act(self, decision: Decision, member_id: str, command: Command, env: Env) -> None:
        room = decision.room
        actor = room.member(member_id)
        if actor is None:
            raise Refusal(Code.NOT_IN_ROOM)
        if isinstance(command, HOST_ONLY) and room.host != member_id:
            raise Refusal(Code.NOT_HOST)
        state = self._state(room)
        if isinstance(command, BETWEEN_MATCHES) and state.in_match:
            raise Refusal(Code.WRONG_PHASE)
        match command:
            case Start():
                self._start(decision, state, env)
            case TakeSeat():
                # On one device only the host sits in person (a new host, after the
                # last one left with the device, takes the first seat again).
                if self.game.one_device(room.options) and actor.id != room.host:
                    raise Refusal(Code.WRONG_MODE)
                members.take_seat(room, actor, self._max_seats(room), env.now, self._full)
                decision.changed = True
            case SetOptions(options=options, lang=lang):
                if lang is not None:
                    if lang not in self.game.langs:
                        raise Refusal(Code.UNKNOWN_DECK)
                    room.lang = lang  # the options below are checked against the new deck
                before = dict(room.options)
                self._set_options(room, options)
                if self.game.clears_seats(before, room.options):
                    members.keep_only_host_seated(room)
                decision.changed = True
            case AddSeat(name=name):
                if not self.game.local_seats(room.options):
                    raise Refusal(Code.WRONG_MODE)
                members.add_local_seat(room, actor, name, self._max_seats(room), env, self._full)
                decision.changed = True
            case RemoveSeat(player=player):
                room.members.remove(members.local_seat(room, actor, player))
                decision.changed = True
            case Kick(player=player):
                target = members.kick_target(room, actor, player)
                target.kicked = True
                members.ban(room, target)
                self._remove(decision, target.id, env)
                decision.kicked.append(target.id)
            case Leave():
                actor.left = True
                self._remove(decision, actor.id, env)
            case Move(fields=fields):
                # Whether the move is allowed, by whom and when, is the game's to say.
                outcome = self.game.apply(state, room.table(), actor.id, fields, env)
                self._absorb(decision, outcome, member_id=actor.id, env=env, given=state)
                # A sealed pick is stored on its own first, so that it stands even
                # if the close it may complete cannot be stored now; the service
                # settles the room right after (`UnitOfWork._after_seal`).
                if outcome.changed and outcome.seal is None:
                    self._catch_up(decision, env)

    def _start(self, decision: Decision, state: State, env: Env) -> None:
        room = decision.room
        low, high = self.game.seats(room.options)
        if not low <= len(room.active_players) <= high:
            raise Refusal(Code.NOT_ENOUGH_PLAYERS)
        members.drop_inactive_seats(room)
        self._absorb(decision, self.game.start(state, room.table(), env), env=env)
        self._catch_up(decision, env)

    def _remove(self, decision: Decision, member_id: str, env: Env) -> None:
        room = decision.room
        member = room.member(member_id)
        assert member is not None
        state = self._state(room)
        members.remove(room, member, state.in_match)
        for seat in [m for m in room.members if m.holder == member_id]:
            members.remove(room, seat, state.in_match)  # its device has gone with it
        decision.changed = True
        if state.in_match and member.role is Role.PLAYER:
            self._absorb(decision, self.game.on_leave(state, room.table(), member_id, env), env=env)
            self._catch_up(decision, env)

    def _set_options(self, room: Room, options: Mapping[str, Any]) -> None:
        """`set_options`: any subset; every value must be one the game allows."""
        known = {o.name: o for o in self.game.options}
        merged = dict(room.options)
        for name, value in options.items():
            option = known.get(name)
            if option is None or not option.allows(value):
                raise Refusal(Code.BAD_OPTION, name)
            merged[name] = value
        merged = self.game.follow_options(room.options, merged, frozenset(options))
        self.game.check_options(merged, room.table())
        room.options = merged

    # --- timers and catching up ----------------------------------------------------------

    def timer(self, room: Room, phase_id: int, key: str, env: Env) -> Decision:
        """A timer fired. Acts only while its phase instance lasts: late, duplicate and
        stale firings change nothing; an early deadline firing waits for the deadline.

        The table's own timers (`TABLE_TIMER` keys) never reach the game and act in
        any phase instance: presence is not a phase's.
        """
        if key.startswith(TABLE_TIMER):
            return self.settle(room, env)
        decision = Decision(room.clone())
        state = self._state(decision.room)
        if state.phase_id != phase_id:
            return decision
        self._presence(decision, env)
        if key == "deadline":
            self._catch_up(decision, env)
        else:
            state = self._state(decision.room)
            self._absorb(
                decision, self.game.on_timer(state, decision.room.table(), key, env), env=env
            )
            self._catch_up(decision, env)
        return _scoped(room, decision)

    def settle(self, room: Room, env: Env) -> Decision:
        """Close whatever is due, presence included, on a copy of the room."""
        decision = Decision(room.clone())
        self._presence(decision, env)
        self._catch_up(decision, env)
        return _scoped(room, decision)

    def settle_if_due(self, room: Room, env: Env) -> Decision | None:
        """`settle`, or None when nothing is due: then no copy of the room is made.

        Most sealed picks close nothing, so the check runs on the room itself:
        presence on a shallow copy (it only replaces `members` and `host`), the
        game's `due` on a state of its own, which is then applied to the copy.
        """
        if self._presence_changed(room.model_copy(), env):
            return self.settle(room, env)
        state = self._state(room)
        outcome = self.game.due(state, room.table(), env)
        if not outcome.changed:
            return None
        # What `settle` would do, with the game's answer already in hand (asking
        # twice would cost a second copy of the state and a second draw of randomness).
        decision = Decision(room.clone())
        self._absorb(decision, outcome, env=env)
        self._catch_up(decision, env)
        return _scoped(room, decision)

    def _presence_changed(self, room: Room, env: Env) -> bool:
        observer_grace = env.length(members.OBSERVER_GRACE_MS)
        host_grace = env.length(members.HOST_GRACE_MS)
        return members.catch_up_presence(room, env.now, observer_grace, host_grace)

    def _presence(self, decision: Decision, env: Env) -> None:
        if self._presence_changed(decision.room, env):
            decision.changed = True

    def _catch_up(self, decision: Decision, env: Env) -> None:
        # A game may close several phases at once (nobody can vote: straight to
        # the reveal); each `due` is a fresh look at the room as it now is.
        for _ in range(16):
            room = decision.room
            outcome = self.game.due(self._state(room), room.table(), env)
            if not outcome.changed:
                return
            self._absorb(decision, outcome, env=env)
        raise RuntimeError(f"{self.game.slug}.due never settles")

    def _absorb(
        self,
        decision: Decision,
        outcome: Outcome[Any],
        member_id: str = "",
        env: Env | None = None,
        given: State | None = None,
    ) -> None:
        """Apply a game's outcome to the decision's room. `given`: the state the game was
        given, read from the room as it is now."""
        room = decision.room
        if outcome.seal is not None:
            state = outcome.state
            if given is not None and state is given:
                # Rules never change what they are given: the room already holds this state,
                # and a pick need not write it again (most picks change only their slot).
                room.picks_for(given.phase_id)
            else:
                room.with_state(state)
            room.picks[member_id] = outcome.seal.value
            decision.seal = PickWrite(
                member_id, state.phase_id, outcome.seal.value, outcome.seal.replace
            )
        elif outcome.changed:
            room.with_state(outcome.state)
            decision.changed = True
        if outcome.memory is not None:
            before, room.memory = room.memory, dict(outcome.memory)
            decision.changed = True
            if room.profile_hash is not None:
                for key in self.game.remembered:
                    was = _counters(before.get(key))
                    risen = {
                        e: v for e, v in _counters(room.memory.get(key)).items() if was.get(e) != v
                    }
                    if risen:
                        decision.remember[key] = {**decision.remember.get(key, {}), **risen}
        for effect in outcome.effects:
            if isinstance(effect, SeatBot | UnseatBot):
                assert env is not None and not self._state(room).in_match, (
                    "bots sit between matches"
                )
                members.seat_bot(room, effect, self._max_seats(room), env)
                decision.changed = True
            else:
                decision.effects.append(effect)

    @property
    def _full(self) -> StrEnum:
        return self.game.full_code or Code.NO_FREE_SEAT

    def _max_seats(self, room: Room) -> int:
        return self.game.seats(room.options)[1]

    def _state(self, room: Room) -> State:
        """The room's game state as the game's model, parsed once per state dict.

        A room's state dict is replaced, never changed in place (`Room.clone`), and
        rules never change a state they are given, so the model parsed from a dict
        stays true to it while the dict lives. One pick reads the same dict several
        times (its decision, the close check after its seal, the views), and the
        SQLite store hands the same dict to every read of an unchanged body
        (`ParsedBodies`), so most reads are found here.
        """
        source = room.state
        found = self._parsed.get(id(source))
        if found is not None and found[0] is source:
            return found[1]
        state = self.game.state_type.model_validate(source)
        if len(self._parsed) >= PARSED_STATES:
            self._parsed.clear()
        self._parsed[id(source)] = source, state  # the dict is held, so its id is not reused
        return state

    # --- reading ---------------------------------------------------------------------------

    def view(self, room: Room, member_id: str, now: int) -> dict[str, Any]:
        """The whole `state` message for one member: the table's fields, then the game's."""
        return ChangeViews(self, room, now).of(member_id)


class ChangeViews:
    """The `state` messages of one change to a room, each made when it is asked for.

    What every member shares (the game's state, the table, the players) is made
    once, for the first view asked for. A view may be asked for later, or
    never: a connection whose earlier view is still waiting to go out only
    needs the newest (`Notifier.send_views`). The room is a stored snapshot,
    which nobody changes, so a view made later is the view of this change.
    """

    def __init__(self, referee: Referee, room: Room, now: int) -> None:
        self.referee = referee
        self.room = room
        self.now = now
        self._shared: tuple[State, Table, dict[str, Any]] | None = None

    def _common(self) -> tuple[State, Table, dict[str, Any]]:
        if self._shared is None:
            room = self.room
            state = self.referee._state(room)
            in_match = state.in_match
            players = [
                {
                    "id": m.id,
                    "name": m.name,
                    "connected": m.connected,
                    "host": room.host == m.id,
                    "active": m.active,
                    **({"bot": m.bot} if m.bot else {}),
                    **({"local": True} if m.holder else {}),
                }
                for m in room.members
                if m.role is Role.PLAYER
            ]
            fields = {
                "type": "state",
                "room": room.code,
                "game": room.game,
                "lang": room.lang,
                "options": dict(room.options),
                "phase": state.phase,
                "server_now": self.now,
                "deadline": state.deadline if in_match else None,
                "phase_started_at": state.phase_started_at if in_match else None,
                "players": players,
                "observers": len(room.watchers),
            }
            self._shared = state, room.table(), fields
        return self._shared

    def of(self, member_id: str) -> dict[str, Any]:
        """One member's whole `state` message: the table's fields, then the game's."""
        state, table, shared = self._common()
        room = self.room
        me = room.member(member_id)
        if me is None:
            raise KeyError(member_id)
        is_host = room.host == me.id
        held = [m.id for m in room.members if m.holder == me.id]
        message: dict[str, Any] = {
            **shared,
            "me": {
                "id": me.id,
                "role": me.role.value,
                "host": is_host,
                **({"seats": held} if held else {}),
            },
            # The host sees who watches, to remove anyone with `kick` (ruling 1e),
            # shared screens too (marked, and not in the count); every other
            # member's state has the same fields, with `null` here.
            "observer_list": (
                [
                    {"id": m.id, "name": m.name, "connected": m.connected, "screen": m.screen}
                    for m in room.observers
                ]
                if is_host
                else None
            ),
        }
        message.update(self.referee.game.view(state, table, member_id, self.now))
        return message


_NOT_MEMBERS = {"members", "bans", "version"}


def _counters(value: Any) -> dict[str, int]:
    """A remembered memory value as the store keeps it: entry -> whole number."""
    if not isinstance(value, Mapping):
        return {}
    return {str(k): v for k, v in value.items() if type(v) is int}


def _scoped(before: Room, decision: Decision) -> Decision:
    """Name the audience of a change that touched observers only (see the module's notes).

    Anything else that changed (the game, a seat, the host, the options)
    reaches everyone, as does a change with effects or a welcome to a seat.
    """
    after = decision.room
    decision.audience = None
    if not decision.changed or decision.effects or decision.seal is not None:
        return decision
    if before.host != after.host:
        return decision
    players_before = [m for m in before.members if m.role is Role.PLAYER]
    players_after = [m for m in after.members if m.role is Role.PLAYER]
    if players_before != players_after:
        return decision
    if before.model_dump(exclude=_NOT_MEMBERS) != after.model_dump(exclude=_NOT_MEMBERS):
        return decision
    old = {m.id: m for m in before.observers}
    new = {m.id: m for m in after.observers}
    touched = {i for i in old.keys() | new.keys() if old.get(i) != new.get(i)}
    decision.audience = touched | ({after.host} if after.host else set())
    return decision
