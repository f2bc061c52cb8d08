"""A whole table in memory: any game, the referee, a fake clock and seeded randomness.

`Tabletop` does what the service does, without AWS: every request goes through
the referee, sealed picks are stored and then settled, timers are kept and
fired in order as the clock moves, and every member's view is recorded after
every change (`sent`), so property tests can search everything that would
have reached the wire.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from table.contract import Env, Game, Notice, Timer
from table.errors import Refusal
from table.members import Welcome, new_room_code
from table.referee import Command, Decision, Kick, Leave, Move, Referee, SetOptions, Start, TakeSeat
from table.room import Room

T0 = 1_700_000_000_000


@dataclass
class Tabletop:
    game: Game[Any]
    seed: int = 0
    lang: str = "en"
    content: Any = None
    scale: float = 1.0
    now: int = T0
    room: Room | None = None
    timers: list[Timer] = field(default_factory=list)
    tokens: dict[str, str] = field(default_factory=dict)
    # (member, message) for every state view and notice that would have been sent.
    sent: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.referee = Referee(self.game)
        if self.content is None:
            self.content = self.game.load_content(self.lang)

    def env(self) -> Env:
        return Env(now=self.now, rng=self.rng, content=self.content, scale=self.scale)

    # --- requests -----------------------------------------------------------------------

    def create(self, name: str = "Host", options: dict[str, Any] | None = None) -> str:
        env = self.env()
        decision = self.referee.create(new_room_code(env), name, self.lang, options or {}, env)
        return self._welcome(decision)

    def join(self, name: str, observer: bool = False) -> str:
        return self._welcome(self.referee.join(self._room(), name, observer, self.env()))

    def seat(self, *names: str) -> list[str]:
        """Join several players at once; returns their ids."""
        return [self.join(name) for name in names]

    def resume(self, member: str) -> Welcome:
        return self.resume_token(self.tokens[member])

    def resume_token(self, token: str) -> Welcome:
        decision = self.referee.resume(self._room(), token, self.env())
        self._commit(decision)
        assert decision.welcome is not None
        return decision.welcome

    def drop(self, member: str) -> None:
        """The member's connection is gone; nothing else happens until the next request."""
        self._commit(self.referee.set_connected(self._room(), member, False))

    def disconnect(self, member: str) -> None:
        """As the service's `$disconnect`: ruling 1e's clocks start, the game hears of it."""
        self._commit(self.referee.set_connected(self._room(), member, False, self.env()))

    def start(self, member: str | None = None) -> None:
        self.command(member or self.host, Start())

    def move(self, member: str, action: str, **fields: Any) -> Decision:
        """A game move, its fields parsed as the protocol would; raises `Refusal`."""
        model = self.game.moves[action].model_validate(fields)
        return self.command(member, Move(action, model))

    def set_options(self, member: str, **options: Any) -> None:
        self.command(member, SetOptions(options))

    def take_seat(self, member: str) -> None:
        self.command(member, TakeSeat())

    def kick(self, host: str, player: str) -> None:
        self.command(host, Kick(player))

    def leave(self, member: str) -> None:
        self.command(member, Leave())

    def command(self, member: str, command: Command) -> Decision:
        decision = self.referee.act(self._room(), member, command, self.env())
        self._commit(decision)
        if decision.refusal is not None:
            raise decision.refusal
        if decision.seal is not None:
            # As the service does: the pick is stored first, then the room settles.
            self._commit(self.referee.settle(self._room(), self.env()))
        return decision

    # --- time -----------------------------------------------------------------------------

    def advance(self, ms: int) -> None:
        """Move the clock, firing every timer that falls due on the way, in order."""
        end = self.now + ms
        while True:
            due = sorted((t for t in self.timers if t.at <= end), key=lambda t: t.at)
            if not due:
                break
            timer = due[0]
            self.timers.remove(timer)
            self.now = max(self.now, timer.at)
            self.fire(timer)
        self.now = end

    def fire(self, timer: Timer) -> None:
        self._commit(self.referee.timer(self._room(), timer.phase_id, timer.key, self.env()))

    def run_out(self, limit: int = 10_000) -> None:
        """Fire every pending timer until none is left (or `limit` firings)."""
        for _ in range(limit):
            if not self.timers:
                return
            self.advance(min(t.at for t in self.timers) - self.now)
        raise AssertionError("timers never ran out")

    # --- reading ---------------------------------------------------------------------------

    @property
    def host(self) -> str:
        host = self._room().host
        assert host is not None
        return host

    @property
    def state(self) -> Any:
        return self.game.state_type.model_validate(self._room().state)

    @property
    def phase(self) -> str:
        return self._room().phase

    def view(self, member: str) -> dict[str, Any]:
        return self.referee.view(self._room(), member, self.now)

    def wire(self) -> str:
        """Everything sent so far, as one JSON text, for secrecy searches."""
        return "\n".join(json.dumps(m, ensure_ascii=False) for _, m in self.sent)

    # --- internals ---------------------------------------------------------------------------

    def _room(self) -> Room:
        assert self.room is not None, "create a room first"
        return self.room

    def _welcome(self, decision: Decision) -> str:
        assert decision.welcome is not None
        self._commit(decision)
        self.tokens[decision.welcome.member] = decision.welcome.token
        return decision.welcome.member

    def _commit(self, decision: Decision) -> None:
        for effect in decision.effects:
            if isinstance(effect, Notice):  # a reply of its own, changed room or not
                self.sent.append((effect.member, dict(effect.message)))
        if not decision.changed and decision.seal is None:
            return
        self.room = decision.room.model_copy(deep=True)
        self.room.version += 1
        self.timers += [e for e in decision.effects if isinstance(e, Timer)]
        # Timers of phase instances that are over would be no-ops: forget them.
        current = self.room.phase_id
        self.timers = [t for t in self.timers if t.phase_id == current]
        for member in self.room.members:
            if member.connected and member.bot is None:
                self.sent.append((member.id, self.view(member.id)))


def refused(call: Any, *args: Any, **kwargs: Any) -> str:
    """The code a call is refused with (fails if it is accepted)."""
    try:
        call(*args, **kwargs)
    except Refusal as refusal:
        return str(refusal.code)
    raise AssertionError("expected a refusal")
