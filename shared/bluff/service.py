"""The game service: one message, timer or connection event in; stored change and views out.

The service loads the room, lets the rules core decide, stores the result with
a conditional write and sends every member their own `view`. It holds no
game rules itself. Two paths:

- sealed picks (`submit`, `vote`) are one conditional `UpdateItem` on the
  member's own slot (`RoomStore.add_entry`/`add_vote`); the rules core is
  consulted only to explain a refusal and to close the phase when it is due;
- everything else is read, decide, save-if-unchanged (`version`), and on a
  lost race read and decide again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bluff import protocol
from bluff.ports import (
    AlreadyBound,
    Binding,
    Busy,
    Clock,
    Deadline,
    Notifier,
    RoomExists,
    RoomStore,
    SlotTaken,
    Snapshot,
    StaleRoom,
    Telemetry,
    Timers,
)
from bluff.rules import actions as core
from bluff.rules.env import Env, Rng, Timings
from bluff.rules.errors import Code, Refusal
from bluff.rules.game import apply, on_deadline, settle
from bluff.rules.membership import create_room, join_room, new_room_code, resume, set_connected
from bluff.rules.model import Card, Entry, Phase, Room
from bluff.rules.text import check_definition, comparison_key
from bluff.rules.view import view

MAX_ATTEMPTS = 10  # lost races before giving up with `busy`; each needs another writer
RATE_PER_SECOND = 20


@dataclass
class RateLimiter:
    """A token bucket per connection, in this container's memory (PROTOCOL.md: 20/s).

    API Gateway's stage throttling bounds the total; this bounds one noisy
    client. A client spread over several containers may get a little more.
    """

    rate: float = RATE_PER_SECOND
    buckets: dict[str, tuple[float, int]] = field(default_factory=dict)

    def allow(self, connection_id: str, now: int) -> bool:
        tokens, last = self.buckets.get(connection_id, (self.rate, now))
        tokens = min(self.rate, tokens + (now - last) * self.rate / 1000)
        if len(self.buckets) > 10_000:
            self.buckets.clear()  # bounded memory; a reset only forgives
        if tokens < 1:
            self.buckets[connection_id] = (tokens, now)
            return False
        self.buckets[connection_id] = (tokens - 1, now)
        return True

    def forget(self, connection_id: str) -> None:
        self.buckets.pop(connection_id, None)


Decide = Callable[[Snapshot, Env], tuple[Snapshot, tuple[core.Effect, ...]] | None]


class GameService:
    def __init__(
        self,
        store: RoomStore,
        notifier: Notifier,
        timers: Timers,
        clock: Clock,
        rng: Rng,
        decks: Mapping[str, Mapping[str, Card]],
        telemetry: Telemetry,
        timings: Timings | None = None,
    ) -> None:
        self.store = store
        self.notifier = notifier
        self.timers = timers
        self.clock = clock
        self.rng = rng
        self.decks = decks
        self.telemetry = telemetry
        self.timings = timings or Timings()
        self.limiter = RateLimiter()

    def env(self, now: int) -> Env:
        return Env(now=now, rng=self.rng, decks=self.decks, timings=self.timings)

    # --- entry points -----------------------------------------------------------

    def connect(self, connection_id: str) -> None:
        self.telemetry.count("connected")

    def disconnect(self, connection_id: str) -> None:
        now = self.clock.now()
        self.limiter.forget(connection_id)
        binding = self.store.binding(connection_id, now)
        if binding is None:
            return

        def drop(snapshot: Snapshot, env: Env) -> tuple[Snapshot, tuple[core.Effect, ...]] | None:
            if snapshot.connections.get(binding.member) != connection_id:
                return None  # already on another connection
            room = set_connected(snapshot.room, binding.member, False)
            return _without(Snapshot(room, snapshot.connections), binding.member), ()

        with contextlib.suppress(Refusal):  # the room is gone: nothing to mark
            self._transact(binding.room, now, drop)
        self._after_write("unbind", lambda: self.store.unbind(connection_id))
        self.telemetry.count("disconnected")

    def message(self, connection_id: str, frame: str | bytes | None) -> None:
        """One client frame. Logged as its action and outcome, never with its text."""
        now = self.clock.now()
        req, action, outcome = None, "?", "ok"
        try:
            if not self.limiter.allow(connection_id, now):
                raise Refusal(Code.RATE_LIMITED)
            message = protocol.parse(frame)
            req, action = message.req, message.action
            self.telemetry.count(f"action.{action}")
            self._dispatch(connection_id, message, now)
        except Refusal as refusal:
            req = req if req is not None else protocol.request_id(frame)
            outcome = refusal.code.value
            self.telemetry.count(f"refused.{outcome}")
            self.notifier.send(connection_id, protocol.error(refusal, req))
        except Busy:
            outcome = Code.BUSY.value
            self.telemetry.count("busy")
            # Nothing changed; the same message may simply be sent again.
            self.notifier.send(connection_id, protocol.error(Refusal(Code.BUSY), req))
        self.telemetry.event("message", action=action, outcome=outcome)

    def deadline(self, code: str, round_: int, phase: str) -> None:
        """A timer fired. Late, duplicate and stale firings are counted no-ops."""
        now = self.clock.now()
        try:
            expected = Phase(phase)
        except ValueError:
            self.telemetry.event("timer_ignored", room=code, phase=phase)
            return

        def fire(snapshot: Snapshot, env: Env) -> tuple[Snapshot, tuple[core.Effect, ...]] | None:
            outcome = on_deadline(snapshot.room, round_, expected, env)
            if not outcome.changed:
                return None
            return Snapshot(outcome.room, snapshot.connections), outcome.effects

        try:
            changed = self._transact(code, now, fire, catch_up=False)
        except Refusal:
            changed = None
        if changed is None:
            self.telemetry.count("timer_stale")
            self.telemetry.event("timer_stale", room=code, round=round_, phase=phase)
        else:
            self.telemetry.count(f"phase_closed.{phase}")

    # --- actions ------------------------------------------------------------------

    def _dispatch(self, cid: str, message: protocol.Message, now: int) -> None:
        match message:
            case protocol.Ping(t=t):
                self.notifier.send(cid, protocol.pong(t, now))
                return
            case protocol.CreateRoom(name=name, lang=lang):
                self._create(cid, name, lang, now)
            case protocol.JoinRoom(room=code, name=name, observer=observer):
                self._join(cid, code.upper(), name, observer, now)
            case protocol.Resume(room=code, token=token):
                self._resume(cid, code.upper(), token, now)
            case protocol.Submit(round=round_, text=text):
                self._submit(cid, round_, text, now)
            case protocol.Vote(round=round_, option=option):
                self._vote(cid, round_, option, now)
            case protocol.Sync():
                self._sync(cid, now)
            case protocol.Leave():
                self._member_action(cid, core.Leave(), now, leaving=True)
            case protocol.Kick(player=player):
                self._member_action(cid, core.Kick(player), now)
            case protocol.StartMatch():
                self._member_action(cid, core.StartMatch(), now)
            case protocol.Continue(round=round_):
                self._member_action(cid, core.Continue(round_), now)
            case protocol.TakeSeat():
                self._member_action(cid, core.TakeSeat(), now)
        if message.req is not None:
            self.notifier.send(cid, protocol.ok(message.req))

    def _binding(self, cid: str, now: int) -> Binding:
        binding = self.store.binding(cid, now)
        if binding is None:
            raise Refusal(Code.NOT_IN_ROOM)
        self.telemetry.context(room=binding.room, member=binding.member)
        return binding

    def _require_unbound(self, cid: str, now: int) -> None:
        binding = self.store.binding(cid, now)
        if binding is None:
            return
        snapshot = self.store.load(binding.room, now)
        member = snapshot.room.member(binding.member) if snapshot else None
        if member is not None and not member.left and not member.kicked:
            raise Refusal(Code.ALREADY_IN_ROOM)
        # A binding left behind by a leave whose clean-up failed: it speaks for nobody.
        self.store.unbind(cid)

    def _create(self, cid: str, name: str, lang: str, now: int) -> None:
        self._require_unbound(cid, now)
        env = self.env(now)
        for _ in range(MAX_ATTEMPTS):
            room, welcome = create_room(new_room_code(env), lang, name, env)
            try:
                snapshot = self.store.create(Snapshot(room, {welcome.member: cid}), now)
                break
            except RoomExists:
                continue
        else:
            raise Busy("no free room code")
        self.telemetry.context(room=room.code, member=welcome.member)
        self._bind(cid, Binding(room.code, welcome.member), now)
        self._welcome(cid, room.code, welcome)
        self._publish(snapshot, (), now)

    def _join(self, cid: str, code: str, name: str, observer: bool, now: int) -> None:
        self._require_unbound(cid, now)
        self._admit(
            cid, code, now, lambda room, env: join_room(room, name, env, observer), undo=True
        )

    def _resume(self, cid: str, code: str, token: str, now: int) -> None:
        self._admit(cid, code, now, lambda room, env: resume(room, token), undo=False)

    def _admit(
        self,
        cid: str,
        code: str,
        now: int,
        admit: Callable[[Room, Env], tuple[Room, core.Welcome]],
        *,
        undo: bool,
    ) -> None:
        """Join or resume: store the member on this connection, bind it, welcome it, tell all."""
        admitted: list[core.Welcome] = []

        def decide(snapshot: Snapshot, env: Env) -> tuple[Snapshot, tuple[core.Effect, ...]]:
            room, welcome = admit(snapshot.room, env)
            admitted[:] = [welcome]
            return Snapshot(room, {**snapshot.connections, welcome.member: cid}), ()

        snapshot = self._transact(code, now, decide, publish=False)
        assert snapshot is not None, "admitting always changes the room"
        welcome = admitted[0]
        self.telemetry.context(room=code, member=welcome.member)
        self._bind(cid, Binding(code, welcome.member), now, undo=undo)
        self._welcome(cid, code, welcome)
        self._publish(snapshot, (), now)

    def _bind(self, cid: str, binding: Binding, now: int, undo: bool = True) -> None:
        """Bind the connection to the member just stored.

        If the store is busy, the seat still stands and the welcome still goes
        out: the client holds the token, and its next message (`not_in_room`)
        makes it `resume`, which binds again.
        """
        try:
            self._after_write("bind", lambda: self.store.bind(cid, binding, now))
        except AlreadyBound:
            if undo:
                # The same connection raced itself into two rooms: undo this seat.
                self._after_write(
                    "undo", lambda: self._transact(binding.room, now, _leaving(binding.member))
                )
            raise Refusal(Code.ALREADY_IN_ROOM) from None

    def _welcome(self, cid: str, code: str, welcome: core.Welcome) -> None:
        self.notifier.send(
            cid, protocol.welcome(code, welcome.member, welcome.token, welcome.role.value)
        )

    def _member_action(
        self, cid: str, action: core.Action, now: int, leaving: bool = False
    ) -> None:
        binding = self._binding(cid, now)

        def act(snapshot: Snapshot, env: Env) -> tuple[Snapshot, tuple[core.Effect, ...]]:
            outcome = apply(snapshot.room, binding.member, action, env)
            snapshot = Snapshot(outcome.room, dict(snapshot.connections))
            if leaving:
                snapshot = _without(snapshot, binding.member)
            return snapshot, outcome.effects

        self._transact(binding.room, now, act)
        if leaving:
            self._after_write("unbind", lambda: self.store.unbind(cid))

    def _sync(self, cid: str, now: int) -> None:
        """A client whose countdown ran out asks the room to catch up, then gets its view."""
        binding = self._binding(cid, now)
        snapshot = self.store.load(binding.room, now)
        if snapshot is None:
            raise Refusal(Code.ROOM_NOT_FOUND)
        if settle(snapshot.room, self.env(now)).changed:
            # Due: close it; everyone, this client included, gets the new view.
            self._transact(binding.room, now, _nothing)
        elif snapshot.room.member(binding.member) is not None:
            self.notifier.send(cid, view(snapshot.room, binding.member, now))

    # --- sealed picks ------------------------------------------------------------------

    def _submit(self, cid: str, round_: int, text: str, now: int) -> None:
        binding = self._binding(cid, now)
        stored = check_definition(text)  # a refused text never reaches the store
        entry = Entry(text=stored, key=comparison_key(stored), at=now)
        try:
            snapshot = self.store.add_entry(binding.room, binding.member, round_, entry, now)
        except SlotTaken as taken:
            self._explain(taken, binding, core.Submit(round_, text), now)
        self._settle(snapshot, now)

    def _vote(self, cid: str, round_: int, option: str, now: int) -> None:
        binding = self._binding(cid, now)
        try:
            snapshot = self.store.add_vote(binding.room, binding.member, round_, option, now)
        except SlotTaken as taken:
            self._explain(taken, binding, core.Vote(round_, option), now)
        self._settle(snapshot, now)

    def _explain(self, taken: SlotTaken, binding: Binding, action: core.Action, now: int) -> None:
        """The store refused a sealed pick: let the rules say why, from the room as it was."""
        if taken.snapshot is None:
            raise Refusal(Code.ROOM_NOT_FOUND)
        env = self.env(now)
        if settle(taken.snapshot.room, env).changed:
            # The phase is over and its timer has not closed it yet: close it now.
            self._transact(binding.room, now, _nothing)
        apply(taken.snapshot.room, binding.member, action, env)  # raises the refusal
        # The rules would accept what the store refused: the room moved between
        # the two; the client may simply send it again.
        self.telemetry.event("sealed_pick_raced", room=binding.room, member=binding.member)
        raise Busy("sealed pick raced")

    def _settle(self, snapshot: Snapshot, now: int) -> None:
        """After a sealed pick: close the phase if that was the last one, then tell everyone.

        The pick is stored whatever happens here. If the close cannot be stored
        now, the timer (or the next message) closes the phase; the others still
        see the pick counted.
        """
        if settle(snapshot.room, self.env(now)).changed:
            closed: list[Snapshot | None] = []
            self._after_write(
                "close", lambda: closed.append(self._transact(snapshot.room.code, now, _nothing))
            )
            if closed and closed[0] is not None:
                return
        self._publish(snapshot, (), now)

    # --- the read-decide-write loop -------------------------------------------------------

    def _transact(
        self,
        code: str,
        now: int,
        decide: Decide,
        *,
        catch_up: bool = True,
        publish: bool = True,
    ) -> Snapshot | None:
        """Load, decide, save if unchanged since the load; on a lost race, all again.

        With `catch_up`, a phase that is due is closed first (`settle`), so the
        decision is made on the room as it should be now. Returns the stored
        snapshot, or None if nothing changed.
        """
        for _ in range(MAX_ATTEMPTS):
            loaded = self.store.load(code, now)
            if loaded is None:
                raise Refusal(Code.ROOM_NOT_FOUND)
            env = self.env(now)
            snapshot: Snapshot = loaded
            effects: tuple[core.Effect, ...] = ()
            if catch_up:
                settled = settle(loaded.room, env)
                if settled.changed:
                    snapshot, effects = Snapshot(settled.room, loaded.connections), settled.effects
            refusal: Refusal | None = None
            try:
                decided = decide(snapshot, env)
            except Refusal as refused:
                refusal, decided = refused, None
            if decided is not None:
                snapshot, more = decided
                effects = (*effects, *more)
            if snapshot is loaded:
                if refusal:
                    raise refusal
                return None
            snapshot.room.version = loaded.version
            try:
                stored = self.store.save(snapshot, now)
            except StaleRoom:
                self.telemetry.count("stale_room")
                continue
            if publish or refusal:
                self._publish(stored, effects, now)
            if refusal:
                raise refusal
            return stored
        raise Busy(f"room {code} kept changing")

    def _publish(self, snapshot: Snapshot, effects: tuple[core.Effect, ...], now: int) -> None:
        room = snapshot.room
        for effect in effects:
            if isinstance(effect, core.Schedule):
                self._schedule(room, effect)
            elif isinstance(effect, core.RoundOver):
                self._archive(room, effect, now)
        kicked = {e.member for e in effects if isinstance(e, core.Kicked)}
        messages: list[tuple[str, Mapping[str, Any]]] = []
        for member_id, cid in snapshot.connections.items():
            if member_id in kicked:
                messages.append((cid, protocol.error(Refusal(Code.KICKED))))
            elif room.member(member_id) is not None:
                messages.append((cid, view(room, member_id, now)))
        gone = self.notifier.send_all(messages)
        # The change is stored and sent: what follows is tidying, never a reason
        # to tell the sender it failed.
        for member_id in kicked & snapshot.connections.keys():
            self._after_write("unbind", partial(self.store.unbind, snapshot.connections[member_id]))
        if kicked:
            forget = _forget_connections(kicked)
            self._after_write(
                "forget", lambda: self._transact(room.code, now, forget, publish=False)
            )
        if gone:
            self._after_write("drop_gone", lambda: self._drop_gone(room.code, gone, now))

    def _schedule(self, room: Room, effect: core.Schedule) -> None:
        deadline = Deadline(
            room.code, room.created_at, room.match, effect.round, effect.phase, effect.at
        )
        try:
            self.timers.schedule(deadline)
        except Busy:
            # The change is stored; `settle` closes the phase on the next
            # message or `sync` after the deadline, so the room cannot stall.
            self.telemetry.count("timer_failed")
            self.telemetry.event("timer_failed", room=room.code, execution=deadline.name)

    def _after_write(self, step: str, run: Callable[[], object]) -> None:
        """Run a step that follows a stored change; a busy store only gets it logged.

        What a player did is already stored: a clean-up that cannot run now
        must not turn that into an error, and each one has a later path that
        repairs it (noted where each step is called).
        """
        try:
            run()
        except Busy as error:
            self.telemetry.count(f"after_write_failed.{step}")
            self.telemetry.event("after_write_failed", step=step, error=repr(error))

    def _archive(self, room: Room, effect: core.RoundOver, now: int) -> None:
        key = f"{room.created_at:013d}#{room.match:04d}#{effect.round}"
        try:
            self.store.archive(room.code, key, effect.record, now)
        except Busy as error:
            # The record is for operators; the game has what it needs in the room.
            self.telemetry.count("archive_failed")
            self.telemetry.event("archive_failed", room=room.code, key=key, error=repr(error))

    def _drop_gone(self, code: str, gone: set[str], now: int) -> None:
        """Connections that answered 410 Gone: their members are disconnected, not gone."""
        self.telemetry.count("connections_gone", len(gone))
        for cid in gone:
            self.store.unbind(cid)

        def drop(snapshot: Snapshot, env: Env) -> tuple[Snapshot, tuple[core.Effect, ...]] | None:
            members = [m for m, c in snapshot.connections.items() if c in gone]
            if not members:
                return None
            room = snapshot.room
            for member_id in members:
                room = set_connected(room, member_id, False)
            connections = {m: c for m, c in snapshot.connections.items() if c not in gone}
            return Snapshot(room, connections), ()

        try:
            stored = self._transact(code, now, drop, publish=False)
        except Refusal:
            return  # the room is gone
        if stored is not None:
            # One more round of views so the others see who dropped; anyone
            # gone by now is caught by the next change.
            alive = [(c, view(stored.room, m, now)) for m, c in stored.connections.items()]
            self.notifier.send_all(alive)


def _nothing(snapshot: Snapshot, env: Env) -> None:
    """Decide nothing: `_transact` then only closes what is due."""


def _without(snapshot: Snapshot, member_id: str) -> Snapshot:
    return Snapshot(
        snapshot.room, {m: c for m, c in snapshot.connections.items() if m != member_id}
    )


def _leaving(member_id: str) -> Decide:
    def leave(snapshot: Snapshot, env: Env) -> tuple[Snapshot, tuple[core.Effect, ...]] | None:
        if snapshot.room.member(member_id) is None:
            return None
        outcome = apply(snapshot.room, member_id, core.Leave(), env)
        return _without(Snapshot(outcome.room, snapshot.connections), member_id), outcome.effects

    return leave


def _forget_connections(members: set[str]) -> Decide:
    def forget(snapshot: Snapshot, env: Env) -> tuple[Snapshot, tuple[core.Effect, ...]] | None:
        if not members & snapshot.connections.keys():
            return None
        kept = {m: c for m, c in snapshot.connections.items() if m not in members}
        return Snapshot(snapshot.room, kept), ()

    return forget
