"""Table memory kept per player profile (`Game.remembered`), as the pure referee sees it.

GIVEN a game that remembers a map of counters, WHEN a room is created with what a
profile keeps, THEN the room's memory starts with it (other keys dropped), and a
change that raises it is named on the decision for the service to write back,
only in a room that has a profile.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from table.adapters.sqlite import Database, SqliteRoomStore
from table.contract import Env, Outcome, Table
from table.ports import Busy, RoomStore
from table.referee import Referee, Start
from table.service import TableService
from tests.support.aws import FakeClock, RecordingNotifier, RecordingTelemetry, RecordingTimers
from tests.support.odd_one_out import OddOneOut, OddState

NOW = 1_795_971_600_000


class Counting(OddOneOut):
    """Odd One Out that counts the matches each language's rooms start."""

    remembered: ClassVar[tuple[str, ...]] = ("starts",)

    def start(self, state: OddState, table: Table, env: Env) -> Outcome[OddState]:
        outcome = super().start(state, table, env)
        starts = dict(table.memory.get("starts") or {})
        starts[table.lang] = int(starts.get(table.lang, 0)) + 1
        memory: dict[str, Any] = {**table.memory, "starts": starts, "other": [1]}
        return Outcome(outcome.state, outcome.effects, memory=memory)


def env() -> Env:
    return Env(now=NOW, rng=random.Random(1))


def started(profile_hash: str | None, remembered: dict[str, Any] | None) -> tuple[Any, Any]:
    referee = Referee(Counting())
    created = referee.create("QXZT", "Ana", "en", {}, env(), profile_hash, remembered)
    room = created.room
    for name in ("Ben", "Cy"):
        room = referee.join(room, name, False, env()).room
    return created, referee.act(room, room.host or "", Start(), env())


def test_a_room_starts_with_what_its_profile_remembers() -> None:
    kept = {"starts": {"en": 4, "ro": 2}, "elsewhere": {"en": 9}}
    created, decision = started("ab" * 32, kept)
    assert created.room.memory == {"starts": {"en": 4, "ro": 2}}  # only the game's keys
    assert created.room.profile_hash == "ab" * 32
    assert decision.room.memory["starts"] == {"en": 5, "ro": 2}
    assert decision.remember == {"starts": {"en": 5}}  # only what changed is written


def test_without_a_profile_nothing_is_to_be_written() -> None:
    created, decision = started(None, None)
    assert created.room.memory == {} and created.room.profile_hash is None
    assert decision.room.memory["starts"] == {"en": 1}
    assert decision.remember == {}


def test_the_profile_hash_is_in_no_view() -> None:
    _created, decision = started("cd" * 32, {"starts": {"en": 1}})
    referee = Referee(Counting())
    for member in decision.room.members:
        assert "cd" * 32 not in str(referee.view(decision.room, member.id, NOW))


# --- through the service, on the SQLite store -----------------------------------------------


class Service:
    """The table service for `Counting` rooms on an in-memory SQLite store."""

    def __init__(self, store: RoomStore | None = None) -> None:
        referee = Referee(Counting())

        class Table(TableService):
            @staticmethod
            def referee(slug: str) -> Referee:
                return referee

        self.database = Database(":memory:")
        self.store = store or SqliteRoomStore(self.database)
        self.notifier = RecordingNotifier()
        self.telemetry = RecordingTelemetry()
        self.service = Table(
            self.store,
            self.notifier,
            RecordingTimers(),
            FakeClock(NOW),
            random.Random(2),
            self.telemetry,
            content=lambda slug, lang: None,
        )

    def send(self, cid: str, action: str, **fields: Any) -> dict[str, Any]:
        self.service.message(cid, json.dumps({"action": action, "req": "r", **fields}))
        return self.notifier.inbox[cid][-1]

    def match(self, profile: str | None) -> str:
        """A room of three created with `profile`, its match started; the host's connection."""
        extra = {"profile": profile} if profile else {}
        self.send("c-ana", "create_room", name="Ana", game="odd", **extra)
        code = [m for m in self.notifier.inbox["c-ana"] if m["type"] == "welcome"][-1]["room"]
        for name in ("Ben", "Cy"):
            self.send(f"c-{name}", "join_room", room=code, name=name)
        assert self.send("c-ana", "start_match") == {"type": "ok", "req": "r"}
        return code


SECRET = "0123456789abcdef" * 2
HASH = hashlib.sha256(SECRET.encode()).hexdigest()


def test_the_service_reads_the_profile_at_create_and_writes_each_rise_back() -> None:
    table = Service()
    table.store.remember(HASH, "starts", {"en": 4, "ro": 7}, NOW)
    code = table.match(SECRET)
    stored = table.store.load(code, NOW)
    assert stored is not None and stored.room.memory["starts"] == {"en": 5, "ro": 7}
    assert stored.room.profile_hash == HASH
    assert table.store.remembered(HASH, NOW) == {"starts": {"en": 5, "ro": 7}}


def test_without_a_profile_the_service_reads_and_writes_none() -> None:
    table = Service()
    table.match(None)
    with table.database.read() as db:
        assert list(db.execute("SELECT hash FROM profiles")) == []


class BusyProfiles(SqliteRoomStore):
    def remember(self, profile_hash: str, key: str, values: Mapping[str, int], now: int) -> None:
        raise Busy("throttled")


def test_a_busy_write_back_is_logged_and_the_room_keeps_the_value() -> None:
    database = Database(":memory:")
    table = Service(BusyProfiles(database))
    code = table.match(SECRET)  # the start is answered `ok`, not `busy`
    stored = table.store.load(code, NOW)
    assert stored is not None and stored.room.memory["starts"] == {"en": 1}
    assert table.telemetry.counts["after_write_failed.remember"] == 1
    assert "busy" not in json.dumps(table.notifier.inbox)


class BusyReads(SqliteRoomStore):
    def remembered(self, profile_hash: str, now: int) -> dict[str, dict[str, int]]:
        raise Busy("throttled")


def test_a_busy_profile_read_refuses_the_create_and_creates_nothing() -> None:
    database = Database(":memory:")
    table = Service(BusyReads(database))
    answer = table.send("c-ana", "create_room", name="Ana", game="odd", profile=SECRET)
    assert answer["type"] == "error" and answer["code"] == "busy"
    with database.read() as db:
        assert list(db.execute("SELECT code FROM rooms")) == []
    assert table.store.binding("c-ana", NOW) is None
