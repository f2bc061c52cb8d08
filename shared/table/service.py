"""The table service: one message, timer or connection event in; stored change and views out.

It holds no rule of any game and none of the table's: each request is routed
from a table of commands to a short handler that loads the room, lets the
referee decide (`unit_of_work`), and sends every member their own view
(`fanout`). Handlers in `functions/` are one line each on top of it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from functools import cache, partial
from typing import Any

from table import protocol, registry
from table.contract import Env, Rng
from table.errors import Code, Refusal
from table.fanout import Fanout
from table.limits import RateLimiter, lookup_quota, room_quota
from table.members import Welcome, new_room_code, set_connected
from table.ports import (
    AlreadyBound,
    Binding,
    Busy,
    Clock,
    Notifier,
    RoomExists,
    RoomStore,
    Snapshot,
    Telemetry,
    Timers,
)
from table.referee import (
    AddSeat,
    Command,
    Decision,
    Kick,
    Leave,
    Move,
    Referee,
    RemoveSeat,
    SetOptions,
    Start,
    TakeSeat,
)
from table.unit_of_work import MAX_ATTEMPTS, Committed, UnitOfWork

Handler = Callable[["TableService", str, protocol.Envelope, Any, int], None]


class TableService:
    def __init__(
        self,
        store: RoomStore,
        notifier: Notifier,
        timers: Timers,
        clock: Clock,
        rng: Rng,
        telemetry: Telemetry,
        scale: float = 1.0,
        content: Callable[[str, str], Any] | None = None,
        pause: Callable[[float], None] = lambda seconds: None,
    ) -> None:
        self.store = store
        self.notifier = notifier
        self.clock = clock
        self.rng = rng
        self.telemetry = telemetry
        self.scale = scale
        self.limiter = RateLimiter()
        self.lookups = lookup_quota()  # failed `join_room`/`resume` look-ups
        self.rooms = room_quota()  # `create_room`
        self.pause = pause  # between a busy `$disconnect`'s attempts (`time.sleep`)
        self.fanout = Fanout(store, notifier, timers, telemetry)
        self._content = content or _game_content
        self.work = UnitOfWork(
            store,
            self.referee,
            lambda snapshot, now: self.env(snapshot.room.game, snapshot.room.lang, now),
            on_stale=lambda: self.telemetry.count("stale_room"),
        )

    @staticmethod
    def referee(slug: str) -> Referee:
        return _referee(slug)

    def env(self, game: str, lang: str, now: int) -> Env:
        return Env(now=now, rng=self.rng, content=self._content(game, lang), scale=self.scale)

    # --- entry points -------------------------------------------------------------

    def connect(self, connection_id: str) -> None:
        self.telemetry.count("connected")

    def disconnect(self, connection_id: str) -> None:
        """A drop, never a leave: the member keeps the seat and may resume.

        Many members of one room may close at once (a big room's observers
        leaving together): each drop is a versioned save of the same item, and
        a lost race re-reads. A drop still busy after its attempts waits a
        random moment and tries again, so the crowd spreads out instead of
        failing; a drop that never lands is repaired by the first post to the
        closed connection (410 Gone marks the member disconnected).
        """
        now = self.clock.now()
        self.limiter.forget(connection_id)
        self.lookups.forget(connection_id)
        self.rooms.forget(connection_id)
        binding = self.store.binding(connection_id, now)
        if binding is None:
            return

        def drop(referee: Referee, snapshot: Snapshot, env: Env) -> Decision:
            if snapshot.connections.get(binding.member) != connection_id:
                return Decision(snapshot.room)  # already on another connection
            return referee.set_connected(snapshot.room, binding.member, False, env)

        lost = [0]  # races lost to other writers: a crowd, not a throttled store

        def stale() -> None:
            lost[0] += 1
            self.telemetry.count("stale_room")

        work = UnitOfWork(self.store, self.referee, self.work.env_for, on_stale=stale)
        for attempt in range(1, DROP_ROUNDS + 1):
            try:
                committed = work.run(
                    binding.room, now, drop, rebind=_unbinding(binding.member, connection_id)
                )
                self._publish(committed, now)
                break
            except Refusal:
                break  # the room is gone: nothing to mark
            except Busy:
                if lost[0] == 0 or attempt == DROP_ROUNDS:
                    self.telemetry.count("disconnect_busy")
                    raise  # a logged Lambda error; the next post to the connection heals it
                self.pause(self.rng.random() * DROP_BACKOFF_S * attempt)
        self.fanout.after_write("unbind", lambda: self.store.unbind(connection_id))
        self.telemetry.count("disconnected")

    def message(
        self, connection_id: str, frame: str | bytes | None, source: str | None = None
    ) -> None:
        """One client frame. Logged as its action and outcome, never with its text.

        `source` is the client's address (API Gateway's
        `requestContext.identity.sourceIp`): room creation and failed look-ups
        are limited per address as well as per connection.
        """
        now = self.clock.now()
        req, action, outcome = None, "?", "ok"
        reply: dict[str, Any] = {}
        try:
            if not self.limiter.allow(connection_id, now):
                raise Refusal(Code.RATE_LIMITED)
            envelope = protocol.parse_envelope(frame)
            req, action = envelope.req, envelope.action
            self.telemetry.count(f"action.{action}")
            request = TABLE_HANDLERS.get(action)
            if request is not None:
                handler, model = request
                fields = protocol.parse_fields(model, envelope)
                if action in LOOKUPS:
                    self._look_up(handler, connection_id, source, envelope, fields, now)
                elif action == "create_room":
                    if self.rooms.full(connection_id, source, now):
                        raise Refusal(Code.RATE_LIMITED)
                    handler(self, connection_id, envelope, fields, now)
                    self.rooms.add(connection_id, source, now)
                else:
                    handler(self, connection_id, envelope, fields, now)
            else:
                self._move(connection_id, envelope, now, reply)
            if req is not None and action not in ANSWERED:
                self.notifier.send(connection_id, protocol.ok(req))
        except Refusal as refusal:
            req = req if req is not None else protocol.request_id(frame)
            outcome = refusal.code.value
            self.telemetry.count(f"refused.{outcome}")
            error = protocol.error(refusal, req, reply.get("messages") or refusal.messages)
            self.notifier.send(connection_id, error)
        except Busy:
            outcome = Code.BUSY.value
            self.telemetry.count("busy")
            # Nothing changed; the same message may simply be sent again.
            self.notifier.send(connection_id, protocol.error(Refusal(Code.BUSY), req))
        self.telemetry.event("message", action=action, outcome=outcome)

    def timer(self, code: str, phase_id: int, key: str) -> None:
        """A timer fired. Late, duplicate and stale firings are counted no-ops."""
        now = self.clock.now()

        def fire(referee: Referee, snapshot: Snapshot, env: Env) -> Decision:
            return referee.timer(snapshot.room, phase_id, key, env)

        try:
            committed = self.work.run(code, now, fire)
        except Refusal:
            committed = Committed(None)
        if committed.snapshot is None:
            self.telemetry.count("timer_stale")
            self.telemetry.event("timer_stale", room=code, phase_id=phase_id, key=key)
            return
        self.telemetry.count(f"timer_fired.{key.split(':')[0]}")
        self._publish(committed, now)

    def _look_up(
        self,
        handler: Handler,
        cid: str,
        source: str | None,
        envelope: protocol.Envelope,
        fields: Any,
        now: int,
    ) -> None:
        """`join_room` or `resume`: a look-up by code that fails too often is refused first.

        Counted only when it finds nothing, so a table of friends behind one
        address never notices; a scan of codes is slowed to a crawl.
        """
        if self.lookups.full(cid, source, now):
            raise Refusal(Code.RATE_LIMITED)
        try:
            handler(self, cid, envelope, fields, now)
        except Refusal as refusal:
            if refusal.code in (Code.ROOM_NOT_FOUND, Code.BAD_TOKEN):
                self.lookups.add(cid, source, now)
            raise

    # --- the table's requests -------------------------------------------------------

    def _ping(self, cid: str, envelope: protocol.Envelope, ping: protocol.Ping, now: int) -> None:
        self.notifier.send(cid, protocol.pong(ping.t, now))

    def _games(self, cid: str, envelope: protocol.Envelope, _: protocol.Games, now: int) -> None:
        schemas = [registry.get(slug).schema() for slug in registry.slugs()]
        self.notifier.send(cid, protocol.games(schemas, envelope.req))

    def _create(
        self, cid: str, envelope: protocol.Envelope, request: protocol.CreateRoom, now: int
    ) -> None:
        self._require_unbound(cid, now)
        referee = self.referee(request.game)
        if request.lang not in referee.game.langs:  # before any content is loaded for it
            raise Refusal(Code.UNKNOWN_DECK)
        env = self.env(request.game, request.lang, now)
        # Only the secret's hash is kept, and only by a game that remembers something:
        # the secret itself is never stored, logged or sent.
        profile_hash: str | None = None
        remembered: dict[str, dict[str, int]] = {}
        if request.profile is not None and referee.game.remembered:
            profile_hash = hashlib.sha256(request.profile.encode()).hexdigest()
            remembered = self.store.remembered(profile_hash, now)
        for _ in range(MAX_ATTEMPTS):
            decision = referee.create(
                new_room_code(env),
                request.name,
                request.lang,
                request.options,
                env,
                profile_hash=profile_hash,
                remembered=remembered,
            )
            assert decision.welcome is not None
            snapshot = Snapshot(decision.room, {decision.welcome.member: cid})
            try:
                stored = self.store.create(snapshot, now)
                break
            except RoomExists:
                continue
        else:
            raise Busy("no free room code")
        self._bind(cid, Binding(stored.room.code, decision.welcome.member), now, undo=True)
        self._admitted(cid, stored, decision.welcome, [decision], now)

    def _join(
        self, cid: str, envelope: protocol.Envelope, request: protocol.JoinRoom, now: int
    ) -> None:
        self._require_unbound(cid, now)

        def join(referee: Referee, snapshot: Snapshot, env: Env) -> Decision:
            return referee.join(snapshot.room, request.name, request.observer, env, request.token)

        self._admit(cid, request.room.upper(), join, now, undo=True)

    def _resume(
        self, cid: str, envelope: protocol.Envelope, request: protocol.Resume, now: int
    ) -> None:
        """Rebind a member here. The connection it was on is told, and speaks for nobody now.

        An unknown room answers exactly as a wrong token does, so that codes
        cannot be found by trying them. A connection that already speaks for a
        member is refused before the room is touched, as at `join_room`: the
        resume would otherwise move the other member's seat here and rotate its
        token, and then fail to bind.
        """
        self._require_unbound(cid, now)

        def resume(referee: Referee, snapshot: Snapshot, env: Env) -> Decision:
            # A retry from the connection the room already records for the member
            # (its bind failed) may still present the token this resume replaced.
            here = next((m for m, c in snapshot.connections.items() if c == cid), None)
            return referee.resume(snapshot.room, request.token, env, retry_of=here)

        try:
            self._admit(cid, request.room.upper(), resume, now, undo=False)
        except Refusal as refusal:
            if refusal.code is Code.ROOM_NOT_FOUND:
                raise Refusal(Code.BAD_TOKEN) from None
            raise

    def _admit(
        self,
        cid: str,
        code: str,
        decide: Callable[[Referee, Snapshot, Env], Decision],
        now: int,
        *,
        undo: bool,
    ) -> None:
        """Join or resume: store the member on this connection, bind it, welcome it, tell all."""

        def bind_here(decision: Decision, connections: dict[str, str]) -> dict[str, str]:
            assert decision.welcome is not None
            return {**connections, decision.welcome.member: cid}

        replaced: dict[str, str] = {}

        def decide_here(referee: Referee, snapshot: Snapshot, env: Env) -> Decision:
            decision = decide(referee, snapshot, env)
            welcome = decision.welcome
            previous = snapshot.connections.get(welcome.member) if welcome else None
            replaced.clear()
            if previous is not None and previous != cid:
                replaced[previous] = previous
            return decision

        committed = self.work.run(code, now, decide_here, rebind=bind_here)
        assert committed.snapshot is not None, "admitting always changes the room"
        welcome = committed.decisions[0].welcome
        assert welcome is not None
        self._bind(cid, Binding(code, welcome.member), now, undo=undo)
        self._admitted(cid, committed.snapshot, welcome, committed.decisions, now)
        for previous in replaced:
            # The old connection's binding stays, and every message on it is refused.
            self.notifier.send(previous, protocol.error(Refusal(Code.RESUMED_ELSEWHERE)))

    def _admitted(
        self, cid: str, snapshot: Snapshot, welcome: Welcome, decisions: list[Decision], now: int
    ) -> None:
        room = snapshot.room
        self.telemetry.context(room=room.code, member=welcome.member)
        self.notifier.send(
            cid, protocol.welcome(room.code, welcome.member, welcome.token, welcome.role.value)
        )
        self._publish(Committed(snapshot, decisions), now)

    def _bind(self, cid: str, binding: Binding, now: int, undo: bool) -> None:
        """Bind the connection to the member just stored.

        If the store is busy, the seat still stands and the welcome still goes
        out: the client holds the token, and its next message (`not_in_room`)
        makes it `resume`, which binds again.
        """
        try:
            self.fanout.after_write("bind", lambda: self.store.bind(cid, binding, now))
        except AlreadyBound:
            if undo:
                # The same connection raced itself into two rooms: undo this seat.
                self.fanout.after_write(
                    "undo", lambda: self._command_as(binding, Leave(), now, cid=None)
                )
            raise Refusal(Code.ALREADY_IN_ROOM) from None

    def _require_unbound(self, cid: str, now: int) -> None:
        binding = self.store.binding(cid, now)
        if binding is None:
            return
        snapshot = self.store.load(binding.room, now)
        member = snapshot.room.member(binding.member) if snapshot else None
        if member is not None and not member.left and not member.kicked:
            assert snapshot is not None
            if _speaks_for(snapshot, binding, cid):
                raise Refusal(Code.ALREADY_IN_ROOM)
        # A binding left behind by a leave whose clean-up failed, or by a member
        # who resumed on another connection: it speaks for nobody.
        self.store.unbind(cid)

    def _command(self, cid: str, command: Command, now: int) -> None:
        binding = self._binding(cid, now)
        self._command_as(binding, command, now, cid=cid)

    def _command_as(self, binding: Binding, command: Command, now: int, cid: str | None) -> None:
        leaving = isinstance(command, Leave)

        def act(referee: Referee, snapshot: Snapshot, env: Env) -> Decision:
            return referee.act(snapshot.room, binding.member, command, env)

        def rebind(decision: Decision, connections: dict[str, str]) -> dict[str, str]:
            gone = set(decision.kicked) | ({binding.member} if leaving else set())
            return {m: c for m, c in connections.items() if m not in gone}

        loaded = self.work.load(binding.room, now)
        if cid is not None:
            _require_current(loaded, binding, cid)
        committed = self.work.run(binding.room, now, act, rebind=rebind, snapshot=loaded)
        # Those who just went are told too: the kicked get `kicked`, the leaver its last view.
        extra = {m: c for m, c in loaded.connections.items() if m in _kicked(committed)}
        self._publish(committed, now, extra)
        if leaving and cid is not None:
            self.fanout.after_write("unbind", lambda: self.store.unbind(cid))
        try:
            _raise_refusal(committed)
        except Refusal as refusal:
            refusal.messages = self.referee(loaded.room.game).game.messages
            raise

    def _member_command(
        self, cid: str, envelope: protocol.Envelope, request: protocol.Request, now: int
    ) -> None:
        """A request that is one of the table's commands for the connection's member."""
        self._command(cid, MEMBER_COMMANDS[envelope.action](request), now)

    def _sync(self, cid: str, envelope: protocol.Envelope, _: Any, now: int) -> None:
        """A client whose countdown ran out asks the room to catch up, then gets its view."""
        binding = self._binding(cid, now)
        loaded = self.work.load(binding.room, now)
        _require_current(loaded, binding, cid)
        referee = self.referee(loaded.room.game)

        def settle(referee: Referee, snapshot: Snapshot, env: Env) -> Decision:
            return referee.settle(snapshot.room, env)

        committed = self.work.run(binding.room, now, settle, snapshot=loaded)
        if committed.snapshot is not None:
            self._publish(committed, now)  # everyone concerned gets the new view
            room = committed.snapshot.room
            if not _reaches(committed, binding.member) and room.member(binding.member):
                self.notifier.send(cid, referee.view(room, binding.member, now))
        elif loaded.room.member(binding.member) is not None:
            self.notifier.send(cid, referee.view(loaded.room, binding.member, now))

    # --- the game's moves ---------------------------------------------------------------

    def _move(self, cid: str, envelope: protocol.Envelope, now: int, reply: dict[str, Any]) -> None:
        """A move of the room's game: parsed by the game's model, decided by its rules."""
        binding = self._binding(cid, now)
        loaded = self.work.load(binding.room, now)
        _require_current(loaded, binding, cid)
        game = self.referee(loaded.room.game).game
        reply["messages"] = game.messages  # the game's own codes, for a refusal
        model = game.moves.get(envelope.action)
        if model is None:
            raise protocol.bad_request()
        move = Move(envelope.action, protocol.parse_fields(model, envelope))
        member = self._acting_seat(binding, envelope, loaded, cid)

        def act(referee: Referee, snapshot: Snapshot, env: Env) -> Decision:
            return referee.act(snapshot.room, member, move, env)

        committed = self.work.run(binding.room, now, act, snapshot=loaded)
        self._publish(committed, now)
        _raise_refusal(committed)

    def _acting_seat(
        self, binding: Binding, envelope: protocol.Envelope, loaded: Snapshot, cid: str
    ) -> str:
        """Who acts: the connection's member, or one of the seats its device holds."""
        if envelope.seat is None or envelope.seat == binding.member:
            return binding.member
        seat = loaded.room.member(envelope.seat)
        if seat is not None and seat.holder == binding.member:
            return seat.id
        raise Refusal(Code.NOT_ELIGIBLE)

    # --- helpers ---------------------------------------------------------------------------

    def _binding(self, cid: str, now: int) -> Binding:
        binding = self.store.binding(cid, now)
        if binding is None:
            raise Refusal(Code.NOT_IN_ROOM)
        self.telemetry.context(room=binding.room, member=binding.member)
        return binding

    def _publish(
        self, committed: Committed, now: int, extra: Mapping[str, str] | None = None
    ) -> None:
        snapshot = committed.snapshot
        if snapshot is None and not extra:
            # Nothing was stored, but a move may still answer its member alone
            # (Impostor's card): no write, no broadcast, just that reply.
            if committed.seen is not None:
                self.fanout.notices(committed.seen, committed.decisions)
            return
        slug = snapshot.room.game if snapshot else registry.DEFAULT
        gone = self.fanout.publish(snapshot, committed.decisions, self.referee(slug), now, extra)
        if snapshot is not None and snapshot.room.profile_hash is not None:
            self._remember(snapshot.room.profile_hash, committed.decisions, now)
        if gone and snapshot is not None:
            self.fanout.after_write("drop_gone", lambda: self._drop_gone(snapshot, gone, now))

    def _remember(self, profile_hash: str, decisions: list[Decision], now: int) -> None:
        """Write what the stored change raised back to the room's profile.

        Best effort: the room already holds the values, and the store merges by
        the higher value, so a write lost to a busy store is made good by the
        next rise (or the player starts a level lower next time).
        """
        raised: dict[str, dict[str, int]] = {}
        for decision in decisions:
            for key, values in decision.remember.items():
                kept = raised.setdefault(key, {})
                for entry, value in values.items():
                    kept[entry] = max(value, kept.get(entry, value))
        for key, values in raised.items():
            self.fanout.after_write(
                "remember", partial(self.store.remember, profile_hash, key, values, now)
            )

    def _drop_gone(self, snapshot: Snapshot, gone: set[str], now: int) -> None:
        """Connections that answered 410 Gone: their members are disconnected, not gone."""
        self.telemetry.count("connections_gone", len(gone))
        for cid in gone:
            self.store.unbind(cid)

        def drop(referee: Referee, snapshot: Snapshot, env: Env) -> Decision:
            decision = Decision(snapshot.room.clone())
            for member_id, cid in snapshot.connections.items():
                if cid in gone:
                    member = decision.room.member(member_id)
                    if member is not None and member.connected:
                        set_connected(member, False, env.now)
                        decision.changed = True
            return decision

        def forget(decision: Decision, connections: dict[str, str]) -> dict[str, str]:
            return {m: c for m, c in connections.items() if c not in gone}

        try:
            committed = self.work.run(snapshot.room.code, now, drop, rebind=forget)
        except Refusal:
            return  # the room is gone
        if committed.snapshot is not None:
            # One more round of views so the others see who dropped; anyone
            # gone by now is caught by the next change.
            self.fanout.publish(committed.snapshot, [], self.referee(snapshot.room.game), now)


# Requests whose reply is their answer (`pong`, `games`): no `ok` besides.
ANSWERED = frozenset({"ping", "games"})
# Requests that look a room up by its code: failures are limited (`TableService._look_up`).
LOOKUPS = frozenset({"join_room", "resume"})
# A `$disconnect` that stays busy tries again this many times, after a random pause
# of up to DROP_BACKOFF_S times the attempt: about a second and a half at most.
DROP_ROUNDS = 4
DROP_BACKOFF_S = 0.25

TABLE_HANDLERS: dict[str, tuple[Handler, type[protocol.Request]]] = {
    "ping": (TableService._ping, protocol.Ping),
    "games": (TableService._games, protocol.Games),
    "create_room": (TableService._create, protocol.CreateRoom),
    "join_room": (TableService._join, protocol.JoinRoom),
    "resume": (TableService._resume, protocol.Resume),
    "start_match": (TableService._member_command, protocol.StartMatch),
    "set_options": (TableService._member_command, protocol.SetOptions),
    "add_seat": (TableService._member_command, protocol.AddSeat),
    "remove_seat": (TableService._member_command, protocol.RemoveSeat),
    "take_seat": (TableService._member_command, protocol.TakeSeat),
    "kick": (TableService._member_command, protocol.Kick),
    "leave": (TableService._member_command, protocol.Leave),
    "sync": (TableService._sync, protocol.Sync),
}
# Each member command as the referee's: the request's fields become the command's.
MEMBER_COMMANDS: dict[str, Callable[[Any], Command]] = {
    "start_match": lambda _: Start(),
    "set_options": lambda r: SetOptions(r.options, r.lang),
    "add_seat": lambda r: AddSeat(r.name),
    "remove_seat": lambda r: RemoveSeat(r.player),
    "take_seat": lambda _: TakeSeat(),
    "kick": lambda r: Kick(r.player),
    "leave": lambda _: Leave(),
}


@cache
def _referee(slug: str) -> Referee:
    return Referee(registry.get(slug))


@cache
def _game_content(slug: str, lang: str) -> Any:
    """Each game's content per language, loaded once per container on first use."""
    return registry.get(slug).load_content(lang)


def _unbinding(member: str, cid: str) -> Callable[[Decision, dict[str, str]], dict[str, str]]:
    """Forget the member's connection, if it is still this one (a resume may have moved it)."""

    def rebind(decision: Decision, connections: dict[str, str]) -> dict[str, str]:
        return {m: c for m, c in connections.items() if (m, c) != (member, cid)}

    return rebind


def _speaks_for(snapshot: Snapshot, binding: Binding, cid: str) -> bool:
    """Whether this connection still speaks for its member: not replaced by a resume."""
    current = snapshot.connections.get(binding.member)
    return current is None or current == cid


def _require_current(snapshot: Snapshot, binding: Binding, cid: str) -> None:
    if not _speaks_for(snapshot, binding, cid):
        raise Refusal(Code.RESUMED_ELSEWHERE)


def _reaches(committed: Committed, member: str) -> bool:
    """Whether publishing the change sends `member` a view (`Decision.audience`)."""
    return any(d.audience is None or member in d.audience for d in committed.decisions)


def _kicked(committed: Committed) -> set[str]:
    return {m for d in committed.decisions for m in d.kicked}


def _raise_refusal(committed: Committed) -> None:
    for decision in committed.decisions:
        if decision.refusal is not None:
            raise decision.refusal
