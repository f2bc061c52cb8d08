"""The room store and the timers in one SQLite file: the embedded stack's persistence.

The same conditional semantics as the DynamoDB adapter (`dynamodb.py`), so the
service cannot tell them apart (`tests/integration/test_store_contract.py`
runs one suite against both):

    create   refused (`RoomExists`) while the code's room is alive
    save     only if `version` is unchanged, else `StaleRoom`
    seal     one slot, only if `phase_id` is still the room's phase instance and
             the slot is free (or the pick is replaceable), else `SlotTaken`
             carrying the room as found; bumps `version`
    archive  written once
    bind     refused (`AlreadyBound`) unless free or the same seat
    remember merges a profile's counters by the higher value of each entry

Every check-then-write runs inside one `BEGIN IMMEDIATE` transaction, so it is
atomic between threads and between processes sharing the file. WAL with
`synchronous=NORMAL`: a commit survives the process being killed (not a power
cut of the last moments), and readers never wait for the writer.

Timers live in the same file (`alarms`): a deadline that was pending when the
process stopped is still there when it starts again, and fires late rather
than never. Who fires them is the host's business (the local stack's
scheduler); this adapter only keeps them.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from table.ports import (
    PROFILE_TTL_SECONDS,
    Alarm,
    AlreadyBound,
    Binding,
    RoomExists,
    RoomStore,
    SlotTaken,
    Snapshot,
    StaleRoom,
    Timers,
)
from table.referee import PickWrite
from table.room import Room

ROOM_TTL_SECONDS = 24 * 3600
CONNECTION_TTL_SECONDS = 2 * 3600

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    phase_id INTEGER NOT NULL,
    picks TEXT NOT NULL,
    conns TEXT NOT NULL,
    body TEXT NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS rounds (
    code TEXT NOT NULL,
    key TEXT NOT NULL,
    record TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (code, key)
);
CREATE TABLE IF NOT EXISTS connections (
    id TEXT PRIMARY KEY,
    room TEXT NOT NULL,
    member TEXT NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS alarms (
    name TEXT PRIMARY KEY,
    room TEXT NOT NULL,
    room_started INTEGER NOT NULL,
    phase_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS alarms_by_room ON alarms (room, phase_id);
CREATE TABLE IF NOT EXISTS profiles (
    hash TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    expires_at INTEGER NOT NULL
);
"""

_ROOM_COLUMNS = "version, phase_id, picks, conns, body, expires_at"


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Database:
    """One SQLite file shared by the store and the timers; one connection, one lock.

    Python's sqlite3 releases the GIL while SQLite works, but a connection must
    not run two statements at once: the lock serialises this process's
    threads, `BEGIN IMMEDIATE` serialises writers across processes.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._connection = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=10
        )
        self._lock = threading.RLock()
        with self._lock:
            self._connection.execute("PRAGMA journal_mode=WAL")
            self._connection.execute("PRAGMA synchronous=NORMAL")
            self._connection.executescript(SCHEMA)

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            yield self._connection

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A transaction: committed on leaving, rolled back on an exception."""
        with self._lock:
            connection = self._connection
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def purge(self, now: int) -> int:
        """Delete what has expired (DynamoDB's TTL, done at once); the rows removed."""
        seconds = now // 1000
        removed = 0
        with self.write() as db:
            for table in ("rooms", "rounds", "connections", "profiles"):
                removed += db.execute(
                    f"DELETE FROM {table} WHERE expires_at <= ?", (seconds,)
                ).rowcount
        return removed

    def close(self) -> None:
        with self._lock:
            self._connection.close()


def _snapshot(row: tuple[Any, ...]) -> Snapshot:
    """The stored row as a room, parsed and validated in one pass by pydantic-core."""
    version, phase_id, picks, conns, body, _ = row
    # `body` is the room's JSON object without these three fields: append them.
    text = f'{body[:-1]},"version":{int(version)},"picks":{picks},"picks_phase":{int(phase_id)}}}'
    return Snapshot(Room.model_validate_json(text), json.loads(conns))


class ParsedBodies:
    """Each room's last parsed `body`, reused while the stored body is the same text.

    A pick writes only `picks` and `version`, so the reads around it (the pick's
    own load, the room its seal returns, the next picks' loads) find the body
    they parsed last time. Parsing it is most of a read (~35 µs for a 6-player
    room); a copy of the parsed room (`Room.clone`, which shares only what is
    never changed in place) with the row's picks and version is about a
    quarter of that. Every room handed out is a fresh copy: the kept one is
    never given to a caller.
    """

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._rooms: dict[str, tuple[str, Room]] = {}

    def snapshot(self, code: str, row: tuple[Any, ...]) -> Snapshot:
        version, phase_id, picks, conns, body, _ = row
        kept = self._rooms.get(code)
        if kept is None or kept[0] != body:
            parsed = _snapshot(row)
            self._keep(code, body, parsed.room.clone())
            return parsed
        room = kept[1].clone()
        room.picks, room.picks_phase, room.version = json.loads(picks), int(phase_id), int(version)
        return Snapshot(room, json.loads(conns))

    def _keep(self, code: str, body: str, room: Room) -> None:
        self._rooms.pop(code, None)
        if len(self._rooms) >= self.size:
            del self._rooms[next(iter(self._rooms))]  # the longest unchanged
        self._rooms[code] = body, room


def _row(snapshot: Snapshot, version: int, now: int) -> tuple[Any, ...]:
    room = snapshot.room
    body = room.model_dump_json(exclude=room.outside_body())
    return (
        version,
        room.phase_id,
        _dumps(room.current_picks()),
        _dumps(dict(snapshot.connections)),
        body,
        now // 1000 + ROOM_TTL_SECONDS,
    )


class SqliteRoomStore(RoomStore):
    def __init__(self, database: Database) -> None:
        self.db = database
        self.parsed = ParsedBodies()

    @staticmethod
    def _alive(row: tuple[Any, ...] | None, now: int) -> bool:
        # As on DynamoDB, an expired item is treated as absent before it is deleted.
        return row is not None and int(row[-1]) * 1000 > now

    def _find(self, db: sqlite3.Connection, code: str) -> tuple[Any, ...] | None:
        row: tuple[Any, ...] | None = db.execute(
            f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE code = ?", (code,)
        ).fetchone()
        return row

    def load(self, code: str, now: int) -> Snapshot | None:
        with self.db.read() as db:
            row = self._find(db, code)
        if row is None or not self._alive(row, now):
            return None
        return self.parsed.snapshot(code, row)

    def create(self, snapshot: Snapshot, now: int) -> Snapshot:
        row = _row(snapshot, 1, now)
        code = snapshot.room.code
        with self.db.write() as db:
            found = self._find(db, code)
            # A code whose room has expired may be taken again (DynamoDB: `expires_at < :now`).
            if found is not None and int(found[-1]) >= now // 1000:
                raise RoomExists(code)
            db.execute(
                f"INSERT OR REPLACE INTO rooms (code, {_ROOM_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (code, *row),
            )
        return self.parsed.snapshot(code, row)

    def save(self, snapshot: Snapshot, now: int) -> Snapshot:
        row = _row(snapshot, snapshot.version + 1, now)
        with self.db.write() as db:
            updated = db.execute(
                "UPDATE rooms SET version = ?, phase_id = ?, picks = ?, conns = ?, body = ?,"
                " expires_at = ? WHERE code = ? AND version = ?",
                (*row, snapshot.room.code, snapshot.version),
            ).rowcount
        if updated != 1:
            raise StaleRoom(snapshot.room.code)
        return self.parsed.snapshot(snapshot.room.code, row)

    def seal(self, code: str, pick: PickWrite, now: int) -> Snapshot:
        with self.db.write() as db:
            found = self._find(db, code)
            if found is None:
                raise SlotTaken(None)
            version, phase_id, picks_text, *rest = found
            picks = json.loads(picks_text)
            if phase_id != pick.phase_id or (not pick.replace and pick.member in picks):
                raise SlotTaken(self.parsed.snapshot(code, found))
            picks[pick.member] = pick.value
            row = (
                version + 1,
                phase_id,
                _dumps(picks),
                rest[0],
                rest[1],
                now // 1000 + ROOM_TTL_SECONDS,
            )
            db.execute(
                "UPDATE rooms SET version = ?, picks = ?, expires_at = ? WHERE code = ?",
                (row[0], row[2], row[5], code),
            )
        return self.parsed.snapshot(code, row)

    def archive(self, code: str, key: str, record: Mapping[str, Any], now: int) -> None:
        # Written once: a retried archive keeps the first record.
        with self.db.write() as db:
            db.execute(
                "INSERT OR IGNORE INTO rounds (code, key, record, expires_at) VALUES (?, ?, ?, ?)",
                (code, key, _dumps(dict(record)), now // 1000 + ROOM_TTL_SECONDS),
            )

    def record(self, code: str, key: str) -> dict[str, Any] | None:
        """A finished round's record, for operators and tests."""
        with self.db.read() as db:
            row = db.execute(
                "SELECT record FROM rounds WHERE code = ? AND key = ?", (code, key)
            ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    @staticmethod
    def _profile(db: sqlite3.Connection, profile_hash: str, now: int) -> dict[str, Any]:
        """The profile's live record inside a write transaction; an expired one is deleted."""
        row = db.execute(
            "SELECT record, expires_at FROM profiles WHERE hash = ?", (profile_hash,)
        ).fetchone()
        if row is None:
            return {}
        if int(row[1]) * 1000 <= now:
            db.execute("DELETE FROM profiles WHERE hash = ?", (profile_hash,))
            return {}
        return dict(json.loads(row[0]))

    def remembered(self, profile_hash: str, now: int) -> dict[str, dict[str, int]]:
        with self.db.write() as db:
            record = self._profile(db, profile_hash, now)
            if record:
                db.execute(
                    "UPDATE profiles SET expires_at = ? WHERE hash = ?",
                    (now // 1000 + PROFILE_TTL_SECONDS, profile_hash),
                )
        return {key: {e: int(v) for e, v in values.items()} for key, values in record.items()}

    def remember(self, profile_hash: str, key: str, values: Mapping[str, int], now: int) -> None:
        with self.db.write() as db:
            record = self._profile(db, profile_hash, now)
            kept = dict(record.get(key) or {})
            for entry, value in values.items():
                kept[entry] = max(int(value), int(kept.get(entry, value)))
            record[key] = kept
            db.execute(
                "INSERT OR REPLACE INTO profiles (hash, record, expires_at) VALUES (?, ?, ?)",
                (profile_hash, _dumps(record), now // 1000 + PROFILE_TTL_SECONDS),
            )

    def bind(self, connection_id: str, binding: Binding, now: int) -> None:
        with self.db.write() as db:
            found = db.execute(
                "SELECT room, member FROM connections WHERE id = ?", (connection_id,)
            ).fetchone()
            # One room per connection: binding again is only allowed to the same seat.
            if found is not None and tuple(found) != (binding.room, binding.member):
                raise AlreadyBound(connection_id)
            db.execute(
                "INSERT OR REPLACE INTO connections (id, room, member, expires_at)"
                " VALUES (?, ?, ?, ?)",
                (connection_id, binding.room, binding.member, now // 1000 + CONNECTION_TTL_SECONDS),
            )

    def binding(self, connection_id: str, now: int) -> Binding | None:
        with self.db.read() as db:
            row = db.execute(
                "SELECT room, member, expires_at FROM connections WHERE id = ?", (connection_id,)
            ).fetchone()
        if row is None or int(row[2]) * 1000 <= now:
            return None
        return Binding(room=row[0], member=row[1])

    def unbind(self, connection_id: str) -> None:
        with self.db.write() as db:
            db.execute("DELETE FROM connections WHERE id = ?", (connection_id,))


class SqliteTimers(Timers):
    """Pending alarms, kept until fired or cancelled; `on_change` wakes whoever fires them."""

    def __init__(self, database: Database, on_change: Callable[[], None] = lambda: None) -> None:
        self.db = database
        self.on_change = on_change

    def schedule(self, alarm: Alarm) -> None:
        with self.db.write() as db:
            # The same alarm twice is harmless: its name is its identity.
            db.execute(
                "INSERT OR IGNORE INTO alarms (name, room, room_started, phase_id, key, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (alarm.name, alarm.room, alarm.room_started, alarm.phase_id, alarm.key, alarm.at),
            )
        self.on_change()

    def cancel(self, alarm: Alarm) -> None:
        with self.db.write() as db:
            db.execute("DELETE FROM alarms WHERE name = ?", (alarm.name,))

    def pending(self) -> list[Alarm]:
        """Every alarm not yet fired, earliest first."""
        with self.db.read() as db:
            rows = db.execute(
                "SELECT room, room_started, phase_id, key, at FROM alarms ORDER BY at, name"
            ).fetchall()
        return [Alarm(*row) for row in rows]

    def next_at(self, after: int | None = None) -> int | None:
        """When the earliest alarm is due (only those due after `after`, if given)."""
        with self.db.read() as db:
            row = db.execute(
                "SELECT MIN(at) FROM alarms WHERE at > ?", (-1 if after is None else after,)
            ).fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def due(self, now: int) -> list[Alarm]:
        with self.db.read() as db:
            rows = db.execute(
                "SELECT room, room_started, phase_id, key, at FROM alarms WHERE at <= ?"
                " ORDER BY at, name",
                (now,),
            ).fetchall()
        return [Alarm(*row) for row in rows]

    def fired(self, alarm: Alarm) -> None:
        """The alarm ran (or gave up): it is no longer pending."""
        self.cancel(alarm)
