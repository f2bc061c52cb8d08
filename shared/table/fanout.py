"""After a change is stored: timers set, records kept, and every member sent their own view.

What a player did is already stored when this runs, so nothing here may turn
it into an error: a step that cannot run now is logged, and each has a later
path that repairs it (noted where each step is).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from table import protocol
from table.contract import Archive, Notice, Timer
from table.errors import Code, Refusal
from table.ports import Alarm, Busy, Notifier, RoomStore, Snapshot, Telemetry, Timers
from table.referee import ChangeViews, Decision, Referee


class Fanout:
    def __init__(
        self, store: RoomStore, notifier: Notifier, timers: Timers, telemetry: Telemetry
    ) -> None:
        self.store = store
        self.notifier = notifier
        self.timers = timers
        self.telemetry = telemetry

    def publish(
        self,
        snapshot: Snapshot | None,
        decisions: list[Decision],
        referee: Referee,
        now: int,
        extra: Mapping[str, str] | None = None,
    ) -> set[str]:
        """Carry out the decisions' effects and send each connected member their view.

        `extra` adds connections that are not (or no longer) in the snapshot,
        such as a member who just left. Returns the connections found gone.
        """
        messages: list[tuple[str, Mapping[str, Any]]] = []
        views: list[tuple[str, Callable[[], Mapping[str, Any]]]] = []
        connections = dict(snapshot.connections) if snapshot else {}
        if snapshot is not None:
            for alarm in _closed_early(snapshot, decisions, now):
                self._cancel(alarm)
        kicked: set[str] = set()
        for decision in decisions:
            kicked.update(decision.kicked)
            for effect in decision.effects:
                if snapshot is not None and isinstance(effect, Timer):
                    self._schedule(snapshot, effect)
                elif snapshot is not None and isinstance(effect, Archive):
                    self._archive(snapshot, effect, now)
                elif isinstance(effect, Notice):
                    cid = self._connection_of(snapshot, effect.member, extra)
                    if cid is not None:
                        messages.append((cid, effect.message))
        kicked_connections = {m: c for m, c in (extra or {}).items() if m in kicked}
        for cid in kicked_connections.values():
            messages.append((cid, protocol.error(Refusal(Code.KICKED))))
        if snapshot is not None:
            room = snapshot.room
            # A change to observers only names its audience (`Decision.audience`).
            scoped = bool(decisions) and all(d.audience is not None for d in decisions)
            audience = set().union(*(d.audience or () for d in decisions)) if scoped else None
            present = {m.id for m in room.members}
            reached = [
                (member_id, cid)
                for member_id, cid in connections.items()
                if member_id in present and (audience is None or member_id in audience)
            ]
            change = ChangeViews(referee, room, now)
            views = [(cid, partial(change.of, member_id)) for member_id, cid in reached]
        gone = self.notifier.send_all(messages) if messages else set()
        if views:
            gone |= self.notifier.send_views(views)
        for cid in kicked_connections.values():
            self.after_write("unbind", partial(self.store.unbind, cid))
        return gone

    def notices(self, seen: Snapshot, decisions: list[Decision]) -> None:
        """The messages a decision that changed nothing sends to single members."""
        messages = [
            (cid, effect.message)
            for decision in decisions
            for effect in decision.effects
            if isinstance(effect, Notice)
            and (cid := self._connection_of(seen, effect.member, None)) is not None
        ]
        if messages:
            self.notifier.send_all(messages)

    @staticmethod
    def _connection_of(
        snapshot: Snapshot | None, member_id: str, extra: Mapping[str, str] | None
    ) -> str | None:
        """A member's connection: its own, or for a local seat its holder's device."""
        connections = {**(extra or {}), **(snapshot.connections if snapshot else {})}
        member = snapshot.room.member(member_id) if snapshot else None
        holder = member.holder if member is not None else None
        return connections.get(member_id) or (connections.get(holder) if holder else None)

    def _schedule(self, snapshot: Snapshot, timer: Timer) -> None:
        room = snapshot.room
        alarm = Alarm(room.code, room.created_at, timer.phase_id, timer.key, timer.at)
        try:
            self.timers.schedule(alarm)
        except Busy:
            # The change is stored; the referee closes the phase on the next
            # message or `sync` after the deadline, so the room cannot stall.
            self.telemetry.count("timer_failed")
            self.telemetry.event("timer_failed", room=room.code, execution=alarm.name)

    def _cancel(self, alarm: Alarm) -> None:
        try:
            self.timers.cancel(alarm)
        except Busy:
            # It fires anyway, as a counted no-op: the referee drops a stale timer.
            self.telemetry.count("timer_cancel_failed")
            self.telemetry.event("timer_cancel_failed", room=alarm.room, execution=alarm.name)
        else:
            self.telemetry.count("timer_cancelled")

    def _archive(self, snapshot: Snapshot, archive: Archive, now: int) -> None:
        room = snapshot.room
        key = f"{room.created_at:013d}#{archive.key}"
        try:
            self.store.archive(room.code, key, archive.record, now)
        except Busy as error:
            # The record is for operators; the game has what it needs in the room.
            self.telemetry.count("archive_failed")
            self.telemetry.event("archive_failed", room=room.code, key=key, error=repr(error))

    def after_write(self, step: str, run: Callable[[], object]) -> None:
        """Run a step that follows a stored change; a busy store only gets it logged."""
        try:
            run()
        except Busy as error:
            self.telemetry.count(f"after_write_failed.{step}")
            self.telemetry.event("after_write_failed", step=step, error=repr(error))


def _closed_early(snapshot: Snapshot, decisions: list[Decision], now: int) -> list[Alarm]:
    """Deadline alarms whose phase instance a pick has just closed before its deadline.

    A sealed pick's decision holds the room as it was before the close (the
    close is the next decision), so the old phase instance and its deadline
    are known without another read. Other closes (a host's `continue`) are
    left to fire as no-ops.
    """
    room = snapshot.room
    alarms = []
    for decision in decisions:
        before = decision.room
        deadline = before.deadline
        if decision.seal is None or before.phase_id == room.phase_id or deadline is None:
            continue
        if deadline > now:
            alarms.append(Alarm(room.code, room.created_at, before.phase_id, "deadline", deadline))
    return alarms
