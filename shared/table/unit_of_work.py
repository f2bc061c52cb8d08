"""Load, decide, commit: the one loop every change to a room goes through.

The referee decides on the snapshot the loop holds; the store only guards the
race. A whole-room change is saved on condition that `version` is unchanged; a
sealed pick is one write to the member's own slot, on condition that its phase
instance is still current, so simultaneous picks never conflict:

    picker A: load v7 -> seal(phase 12) ------------> v8   (no conflict)
    picker B: load v7 -> seal(phase 12) ------> v9         (no conflict)
    closer:   load v7 -> save(expect v7) -> StaleRoom -> re-read, decide again

A lost race re-decides on the room as the store found it: a refused seal
returns that room, so deciding again costs no extra read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from table.contract import Env
from table.errors import Code, Refusal
from table.ports import Busy, RoomStore, SlotTaken, Snapshot, StaleRoom
from table.referee import Decision, Referee

MAX_ATTEMPTS = 10  # lost races before giving up with `busy`; each needs another writer

Decide = Callable[[Referee, Snapshot, Env], Decision]
Rebind = Callable[[Decision, dict[str, str]], dict[str, str]]


@dataclass
class Committed:
    """What a unit of work stored, for the fan-out."""

    snapshot: Snapshot | None  # None: nothing changed
    decisions: list[Decision] = field(default_factory=list)
    seen: Snapshot | None = None  # when nothing changed: the room the decision was made on


class UnitOfWork:
    def __init__(
        self,
        store: RoomStore,
        referee_for: Callable[[str], Referee],
        env_for: Callable[[Snapshot, int], Env],
        on_stale: Callable[[], None] = lambda: None,
    ) -> None:
        self.store = store
        self.referee_for = referee_for
        self.env_for = env_for
        self.on_stale = on_stale

    def load(self, code: str, now: int) -> Snapshot:
        snapshot = self.store.load(code, now)
        if snapshot is None:
            raise Refusal(Code.ROOM_NOT_FOUND)
        return snapshot

    def run(
        self,
        code: str,
        now: int,
        decide: Decide,
        rebind: Rebind | None = None,
        snapshot: Snapshot | None = None,
    ) -> Committed:
        """Decide on the room and commit; on a lost race, decide again on the new room.

        A refusal is raised after whatever the room had to catch up on is stored.
        """
        loaded = snapshot or self.load(code, now)
        for _ in range(MAX_ATTEMPTS):
            referee = self.referee_for(loaded.room.game)
            env = self.env_for(loaded, now)
            decision = decide(referee, loaded, env)
            connections = dict(loaded.connections)
            if rebind is not None and decision.refusal is None:
                connections = rebind(decision, connections)
            try:
                committed = self._commit(loaded, decision, connections, referee, env, now)
            except StaleRoom:
                self.on_stale()
                loaded = self.load(code, now)
                continue
            except SlotTaken as taken:
                if taken.snapshot is None:
                    raise Refusal(Code.ROOM_NOT_FOUND) from None
                loaded = taken.snapshot
                continue
            return committed
        raise Busy(f"room {code} kept changing")

    def _commit(
        self,
        loaded: Snapshot,
        decision: Decision,
        connections: dict[str, str],
        referee: Referee,
        env: Env,
        now: int,
    ) -> Committed:
        if decision.changed or connections != loaded.connections:
            decision.room.version = loaded.version
            stored = self.store.save(Snapshot(decision.room, connections), now)
            return Committed(stored, [decision])
        if decision.seal is not None:
            stored = self.store.seal(loaded.room.code, decision.seal, now)
            return Committed(*self._after_seal(stored, decision, referee, env, now))
        return Committed(None, [decision], seen=loaded)

    def _after_seal(
        self, stored: Snapshot, decision: Decision, referee: Referee, env: Env, now: int
    ) -> tuple[Snapshot, list[Decision]]:
        """The pick is stored. If it was the last one, close the phase now.

        A close that loses its race is left to whoever won it (or to the
        timer, or the next message): the pick stands either way.
        """
        closing = referee.settle_if_due(stored.room, env)
        if closing is None or not closing.changed:
            return stored, [decision]
        closing.room.version = stored.version
        try:
            closed = self.store.save(Snapshot(closing.room, stored.connections), now)
        except (StaleRoom, Busy):
            self.on_stale()
            return stored, [decision]
        return closed, [decision, closing]
