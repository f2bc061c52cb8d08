"""One contract for the `RoomStore` port, run against every adapter: DynamoDB (on moto) and SQLite.

The two stores must not drift: the same conditional save, the same sealed-slot
race guard (replaceable picks included), the same expiry, the same domain
errors, archive-once and bindings. A store guards only races; every rule is
the referee's, so nothing here needs a game beyond a room mid-round.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto import mock_aws

from infra.template import table_definition
from table.adapters.dynamodb import DynamoRoomStore
from table.adapters.retry import Retry
from table.adapters.sqlite import Database, SqliteRoomStore, SqliteTimers
from table.ports import (
    Alarm,
    AlreadyBound,
    Binding,
    RoomExists,
    RoomStore,
    SlotTaken,
    Snapshot,
    StaleRoom,
)
from table.referee import PickWrite
from table.room import Room
from tests.support.aws import atomic_items
from tests.support.bluff import NAMES, START, Phase, Table

TABLE = "bluff-contract"
DAY_MS = 24 * 3600 * 1000


@dataclass
class Adapter:
    store: RoomStore
    record: Callable[[str, str], dict[str, Any] | None]  # the archived record, read directly


def _dynamo() -> Iterator[Adapter]:
    # One request at a time, as DynamoDB applies each atomically (moto checks a
    # condition and then writes without a lock, so racing threads could both pass).
    with mock_aws(), atomic_items():
        client = boto3.client(
            "dynamodb",
            region_name="us-east-1",
            aws_access_key_id="testing",
            aws_secret_access_key="testing",
        )
        client.create_table(**table_definition(TABLE))
        store = DynamoRoomStore(client, TABLE, retry=Retry(attempts=2, sleep=lambda _: None))

        def record(code: str, key: str) -> dict[str, Any] | None:
            item = client.get_item(
                TableName=TABLE, Key={"pk": {"S": f"ROOM#{code}"}, "sk": {"S": f"ROUND#{key}"}}
            ).get("Item")
            if item is None:
                return None
            return {k: next(iter(v.values())) for k, v in item["record"]["M"].items()}

        yield Adapter(store, record)


def _sqlite(path: Path) -> Iterator[Adapter]:
    database = Database(path / "rooms.sqlite3")
    store = SqliteRoomStore(database)
    try:
        yield Adapter(store, store.record)
    finally:
        database.close()


@pytest.fixture(params=["dynamodb", "sqlite"])
def adapter(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Adapter]:
    yield from (_dynamo() if request.param == "dynamodb" else _sqlite(tmp_path))


@pytest.fixture
def store(adapter: Adapter) -> RoomStore:
    return adapter.store


# --- rooms to store -----------------------------------------------------------------------


def _writing() -> Table:
    table = Table.seated(4)
    table.start()
    return table


def _voting() -> Table:
    table = _writing()
    for i, name in enumerate(NAMES[:4]):
        table.submit(name, f"a {['copper', 'woollen', 'painted', 'folded'][i]} hat for winter")
    assert table.phase is Phase.VOTING
    return table


def _room(table: Table) -> Room:
    assert table.top.room is not None
    return table.top.room.model_copy(deep=True)


def _dump(room: Room) -> dict[str, Any]:
    return room.model_dump(mode="json", exclude={"version"})


def _create(store: RoomStore, table: Table) -> Snapshot:
    conns = {member: f"conn-{i}=" for i, member in enumerate(table.ids.values())}
    return store.create(Snapshot(_room(table), conns), table.now)


def _pick(table: Table, member: str, value: Any, replace: bool = False) -> PickWrite:
    return PickWrite(member, _room(table).phase_id, value, replace)


# --- the contract -----------------------------------------------------------------------------


def test_round_trip_is_exact_and_version_counts_writes(store: RoomStore) -> None:
    table = _voting()
    created = _create(store, table)
    loaded = store.load(created.room.code, table.now)
    assert loaded is not None
    saved = store.save(loaded, table.now)
    reloaded = store.load(created.room.code, table.now)
    assert reloaded is not None
    assert _dump(created.room) == _dump(loaded.room) == _dump(reloaded.room) == _dump(_room(table))
    assert loaded.connections == reloaded.connections == created.connections
    assert (created.version, loaded.version, saved.version, reloaded.version) == (1, 1, 2, 2)
    assert store.load("ZZZZ", table.now) is None


def test_every_read_is_the_callers_own_room(store: RoomStore) -> None:
    """Changing a room the store handed out changes no later read, after a pick or not.

    (The SQLite adapter reuses the parse of a body it has seen: `ParsedBodies`.)
    """
    table = _writing()
    created = _create(store, table)
    code, ana, ben = created.room.code, table.ids["Ana"], table.ids["Ben"]
    sealed = store.seal(code, _pick(table, ana, {"text": "a", "at": 1}), table.now)
    first = store.load(code, table.now)
    assert first is not None and _dump(first.room) == _dump(sealed.room)
    for handed_out in (created.room, sealed.room, first.room):
        handed_out.members[0].connected = not handed_out.members[0].connected
        handed_out.members.pop()
        handed_out.picks[ben] = {"text": "not stored", "at": 9}
        handed_out.options = {}
        handed_out.bans.append("not stored")
        handed_out.state = {}
    second = store.load(code, table.now)
    assert second is not None
    expected = _room(table)
    expected.picks, expected.picks_phase = {ana: {"text": "a", "at": 1}}, expected.phase_id
    assert _dump(second.room) == _dump(expected)
    assert second.version == 2


def test_save_is_conditioned_on_version(store: RoomStore) -> None:
    table = _writing()
    created = _create(store, table)
    store.save(created, table.now)
    with pytest.raises(StaleRoom):
        store.save(created, table.now)
    loaded = store.load(created.room.code, table.now)
    assert loaded is not None and loaded.version == 2


def test_save_of_a_missing_room_is_stale(store: RoomStore) -> None:
    table = _writing()
    with pytest.raises(StaleRoom):
        store.save(Snapshot(_room(table).model_copy(update={"version": 1})), table.now)


def test_create_refuses_a_live_code_and_reuses_an_expired_one(store: RoomStore) -> None:
    table = Table.seated(3)
    created = _create(store, table)
    with pytest.raises(RoomExists):
        _create(store, table)
    later = table.now + DAY_MS + 3600 * 1000
    assert store.load(created.room.code, later) is None  # expired: absent, before any purge
    table.now = later
    assert _create(store, table).version == 1


def test_every_write_pushes_expiry_forward(store: RoomStore) -> None:
    table = _writing()
    created = _create(store, table)
    code, ana = created.room.code, table.ids["Ana"]
    almost = table.now + DAY_MS - 1000
    store.seal(code, _pick(table, ana, {"text": "a", "at": 1}), almost)
    assert store.load(code, table.now + DAY_MS + 1000) is not None
    loaded = store.load(code, almost)
    assert loaded is not None
    store.save(loaded, almost + DAY_MS - 2000)
    assert store.load(code, almost + DAY_MS + 1000) is not None


def test_sealed_pick_bumps_version_so_a_stale_close_fails(store: RoomStore) -> None:
    table = _writing()
    created = _create(store, table)
    ana = table.ids["Ana"]
    entry = {"text": "a hat", "at": table.now}
    after = store.seal(created.room.code, _pick(table, ana, entry), table.now)
    assert after.version == created.version + 1
    assert after.room.current_picks() == {ana: entry}
    assert after.connections == created.connections
    with pytest.raises(StaleRoom):
        store.save(created, table.now)


def test_picks_touch_only_their_own_slots(store: RoomStore) -> None:
    table = _writing()
    created = _create(store, table)
    ana, ben = table.ids["Ana"], table.ids["Ben"]
    store.seal(created.room.code, _pick(table, ana, {"text": "a", "at": 1}), table.now)
    after = store.seal(created.room.code, _pick(table, ben, {"text": "b", "at": 2}), table.now)
    assert after.room.current_picks() == {ana: {"text": "a", "at": 1}, ben: {"text": "b", "at": 2}}
    assert _dump(after.room.model_copy(update={"picks": {}})) == _dump(
        created.room.model_copy(update={"picks": {}})
    )


def test_concurrent_picks_all_land(store: RoomStore) -> None:
    """Simultaneous picks from threads: none lost, version counts every one."""
    table = _writing()
    created = _create(store, table)
    members = list(table.ids.values())
    errors: list[BaseException] = []

    def pick(member: str) -> None:
        try:
            store.seal(
                created.room.code, _pick(table, member, {"text": member, "at": 1}), table.now
            )
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=pick, args=(m,)) for m in members]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    loaded = store.load(created.room.code, table.now)
    assert loaded is not None
    assert set(loaded.room.current_picks()) == set(members)
    assert loaded.version == created.version + len(members)


@pytest.mark.parametrize("case", ["slot_taken", "phase_instance_over"])
def test_refused_seal_carries_the_room_as_found(store: RoomStore, case: str) -> None:
    table = _writing()
    created = _create(store, table)
    code, ana = created.room.code, table.ids["Ana"]
    pick = _pick(table, ana, {"text": "a copper hat", "at": table.now})
    if case == "slot_taken":
        store.seal(code, pick, table.now)
    else:
        pick = PickWrite(ana, pick.phase_id - 1, pick.value, replace=True)
    before = store.load(code, table.now)
    assert before is not None

    again = PickWrite(ana, pick.phase_id, {"text": "a new hat", "at": table.now}, pick.replace)
    with pytest.raises(SlotTaken) as raised:
        store.seal(code, again, table.now)

    found = raised.value.snapshot
    assert found is not None
    assert _dump(found.room) == _dump(before.room) and found.version == before.version
    assert found.connections == before.connections
    after = store.load(code, table.now)
    assert after is not None and after.version == before.version


def test_replaceable_pick_is_replaced_in_its_phase_instance(store: RoomStore) -> None:
    table = _voting()
    created = _create(store, table)
    voter = table.room.round.voters[0]  # type: ignore[union-attr]
    store.seal(created.room.code, _pick(table, voter, "first", replace=True), table.now)
    after = store.seal(created.room.code, _pick(table, voter, "second", replace=True), table.now)
    assert after.room.current_picks() == {voter: "second"}
    assert after.version == created.version + 2


def test_a_new_phase_instance_starts_with_no_picks(store: RoomStore) -> None:
    table = _writing()
    created = _create(store, table)
    ana = table.ids["Ana"]
    sealed = store.seal(created.room.code, _pick(table, ana, {"text": "a", "at": 1}), table.now)
    table.submit("Ben", "a woollen hat for winter")  # the referee moves on in memory only
    room = sealed.room.model_copy(deep=True)
    room.state = {**room.state, "phase_id": room.phase_id + 1}
    saved = store.save(Snapshot(room, sealed.connections), table.now)
    assert saved.room.current_picks() == {}
    loaded = store.load(created.room.code, table.now)
    assert loaded is not None and loaded.room.current_picks() == {}
    with pytest.raises(SlotTaken):  # the old instance's pick is refused
        store.seal(created.room.code, _pick(table, ana, {"text": "b", "at": 2}), table.now)


def test_seal_into_a_missing_room_carries_nothing(store: RoomStore) -> None:
    with pytest.raises(SlotTaken) as raised:
        store.seal("ZZZZ", PickWrite("p1", 1, "x", False), START)
    assert raised.value.snapshot is None


def test_archive_writes_a_record_once(adapter: Adapter) -> None:
    store = adapter.store
    table = _voting()
    created = _create(store, table)
    code = created.room.code
    key = "0001700000000000#0001#1"
    store.archive(code, key, {"round": 1, "truth": "a person who watches canal boats"}, table.now)
    store.archive(code, key, {"round": 1, "other": True}, table.now)
    record = adapter.record(code, key)
    assert record is not None
    assert record["truth"] == "a person who watches canal boats" and "other" not in record
    loaded = store.load(code, table.now)
    assert loaded is not None and loaded.version == created.version


def test_bindings(store: RoomStore) -> None:
    store.bind("conn-A=", Binding("QXZT", "p1"), START)
    assert store.binding("conn-A=", START) == Binding("QXZT", "p1")
    store.bind("conn-A=", Binding("QXZT", "p1"), START)
    with pytest.raises(AlreadyBound):
        store.bind("conn-A=", Binding("QXZT", "p2"), START)
    with pytest.raises(AlreadyBound):
        store.bind("conn-A=", Binding("BCDF", "p1"), START)
    assert store.binding("conn-A=", START) == Binding("QXZT", "p1")
    assert store.binding("conn-A=", START + 2 * 3600 * 1000) is None  # expired
    store.unbind("conn-A=")
    store.unbind("conn-A=")
    assert store.binding("conn-A=", START) is None
    store.bind("conn-A=", Binding("BCDF", "p2"), START)
    assert store.binding("conn-A=", START) == Binding("BCDF", "p2")


# --- SQLite only: what the embedded stack adds ------------------------------------------------


def test_sqlite_survives_reopening_the_file(tmp_path: Path) -> None:
    table = _writing()
    first = Database(tmp_path / "rooms.sqlite3")
    store = SqliteRoomStore(first)
    created = _create(store, table)
    ana = table.ids["Ana"]
    store.seal(created.room.code, _pick(table, ana, {"text": "a", "at": 1}), table.now)
    store.bind("conn-A=", Binding(created.room.code, ana), table.now)
    alarm = Alarm(created.room.code, created.room.created_at, 3, "deadline", table.now + 5000)
    SqliteTimers(first).schedule(alarm)
    first.close()

    again = Database(tmp_path / "rooms.sqlite3")
    loaded = SqliteRoomStore(again).load(created.room.code, table.now)
    assert loaded is not None and loaded.room.current_picks() == {ana: {"text": "a", "at": 1}}
    assert SqliteRoomStore(again).binding("conn-A=", table.now) == Binding(created.room.code, ana)
    assert SqliteTimers(again).pending() == [alarm]
    again.close()


def test_sqlite_timers_keep_cancel_and_order_alarms(tmp_path: Path) -> None:
    database = Database(tmp_path / "rooms.sqlite3")
    woken: list[int] = []
    timers = SqliteTimers(database, on_change=lambda: woken.append(1))
    late = Alarm("QXZT", START, 2, "deadline", START + 9000)
    early = Alarm("QXZT", START, 1, "deadline", START + 1000)
    other = Alarm("BCDF", START, 1, "bot:p1", START + 5000)
    for alarm in (late, early, other, early):
        timers.schedule(alarm)
    assert timers.pending() == [early, other, late] and len(woken) == 4
    assert timers.next_at() == START + 1000
    assert timers.next_at(START + 1000) == START + 5000  # the next one still to come
    assert timers.next_at(START + 9000) is None
    assert timers.due(START + 5000) == [early, other]
    timers.cancel(early)
    timers.cancel(early)  # harmless
    timers.fired(other)
    assert timers.pending() == [late]
    database.close()


def test_sqlite_purge_removes_only_the_expired(tmp_path: Path) -> None:
    database = Database(tmp_path / "rooms.sqlite3")
    store = SqliteRoomStore(database)
    table = Table.seated(3)
    created = _create(store, table)
    store.bind("conn-A=", Binding(created.room.code, "p1"), table.now)
    assert database.purge(table.now) == 0
    assert database.purge(table.now + DAY_MS + 1000) == 2
    assert store.load(created.room.code, table.now) is None  # the row itself is gone
    assert store.binding("conn-A=", table.now) is None
    database.close()


# --- player profiles -----------------------------------------------------------------------

PROFILE = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
T0 = 1_800_000_000_000


def test_an_unknown_profile_remembers_nothing(store: RoomStore) -> None:
    assert store.remembered(PROFILE, T0) == {}
    store.remember("0" * 64, "solo_reached", {"en": 9}, T0)
    assert store.remembered(PROFILE, T0) == {}  # another profile's record is its own


def test_remember_merges_by_the_higher_value_per_entry(store: RoomStore) -> None:
    store.remember(PROFILE, "solo_reached", {"en": 9}, T0)
    store.remember(PROFILE, "solo_reached", {"fr": 12}, T0 + 1)
    store.remember(PROFILE, "solo_reached", {"en": 11, "fr": 10}, T0 + 2)
    assert store.remembered(PROFILE, T0 + 3) == {"solo_reached": {"en": 11, "fr": 12}}


def test_a_lower_value_never_lowers_a_stored_one(store: RoomStore) -> None:
    store.remember(PROFILE, "solo_reached", {"en": 14}, T0)
    store.remember(PROFILE, "solo_reached", {"en": 8}, T0 + 1)
    store.remember(PROFILE, "solo_reached", {"en": 14}, T0 + 2)
    assert store.remembered(PROFILE, T0 + 3) == {"solo_reached": {"en": 14}}


def test_remembered_keys_are_independent(store: RoomStore) -> None:
    store.remember(PROFILE, "solo_reached", {"en": 10}, T0)
    store.remember(PROFILE, "streak", {"en": 3, "ru": 1}, T0 + 1)
    store.remember(PROFILE, "streak", {"en": 2}, T0 + 2)
    assert store.remembered(PROFILE, T0 + 3) == {
        "solo_reached": {"en": 10},
        "streak": {"en": 3, "ru": 1},
    }


def test_a_profile_is_forgotten_400_days_after_its_last_use(store: RoomStore) -> None:
    day = DAY_MS
    store.remember(PROFILE, "solo_reached", {"en": 15, "fr": 9}, T0)
    # Reading is a use: 300 days on, the profile lives another 400 days.
    assert store.remembered(PROFILE, T0 + 300 * day) == {"solo_reached": {"en": 15, "fr": 9}}
    assert store.remembered(PROFILE, T0 + 699 * day) == {"solo_reached": {"en": 15, "fr": 9}}
    # A write that raises nothing is a use too.
    store.remember(PROFILE, "solo_reached", {"en": 10}, T0 + 1000 * day)
    assert store.remembered(PROFILE, T0 + 1399 * day) == {"solo_reached": {"en": 15, "fr": 9}}
    # 400 days without a use: gone, and a new value starts afresh (nothing old comes back).
    later = T0 + 1799 * day + 1
    assert store.remembered(PROFILE, later) == {}
    store.remember(PROFILE, "solo_reached", {"en": 9}, later + 1)
    assert store.remembered(PROFILE, later + 2) == {"solo_reached": {"en": 9}}
    # Without a read in between, an expired profile's old entries are dropped as well.
    store.remember(PROFILE, "solo_reached", {"ru": 12}, later + 401 * day)
    assert store.remembered(PROFILE, later + 401 * day + 1) == {"solo_reached": {"ru": 12}}


def test_concurrent_remembers_all_land(store: RoomStore) -> None:
    """Rooms of one profile writing at once, from threads: every entry at its highest."""
    errors: list[BaseException] = []
    writes = [("en", 9), ("en", 12), ("en", 10), ("fr", 9), ("fr", 11), ("es", 8), ("ru", 20)]

    def write(lang: str, level: int) -> None:
        try:
            store.remember(PROFILE, "solo_reached", {lang: level}, T0)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=write, args=w) for w in writes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.remembered(PROFILE, T0 + 1) == {
        "solo_reached": {"en": 12, "fr": 11, "es": 8, "ru": 20}
    }


def test_sqlite_purge_removes_expired_profiles(tmp_path: Path) -> None:
    database = Database(tmp_path / "rooms.sqlite3")
    store = SqliteRoomStore(database)
    store.remember(PROFILE, "solo_reached", {"en": 9}, T0)
    store.remember("0" * 64, "solo_reached", {"en": 10}, T0 + 300 * DAY_MS)
    assert database.purge(T0 + 399 * DAY_MS) == 0
    assert database.purge(T0 + 400 * DAY_MS) == 1
    with database.read() as db:
        assert [row[0] for row in db.execute("SELECT hash FROM profiles")] == ["0" * 64]
    database.close()
