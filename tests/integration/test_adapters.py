"""Each AWS adapter against the real botocore client: Stubber for error paths, moto for conditions.

The Stubber answers a real boto3 client's calls (parameters validated against
the service model) in order, so these tests see exactly what AWS would be
asked and how the adapter turns each AWS error into a domain error. The
DynamoDB conditions themselves run on moto, against the table the template
defines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.stub import ANY, Stubber
from moto import mock_aws

from bluff.adapters.apigateway import ApiGatewayNotifier
from bluff.adapters.dynamodb import (
    DynamoRoomStore,
    connection_key,
    room_key,
    to_item,
)
from bluff.adapters.retry import Retry
from bluff.adapters.stepfunctions import StepFunctionsTimers
from bluff.ports import (
    AlreadyBound,
    Binding,
    Busy,
    Deadline,
    RoomExists,
    SlotTaken,
    Snapshot,
    StaleRoom,
    Telemetry,
)
from bluff.rules.model import Entry, Phase, Room
from bluff.rules.text import comparison_key
from infra.template import table_definition
from tests.support.aws import RecordingTelemetry
from tests.support.game import NAMES, START, Table

REGION = "us-east-1"
TABLE = "bluff-adapters"
ENDPOINT = "https://abc123.execute-api.us-east-1.amazonaws.com/live"
STATE_MACHINE = "arn:aws:states:us-east-1:123456789012:stateMachine:bluff-deadlines"
ATTEMPTS = 4


def _client(service: str, **kwargs: Any) -> Any:
    return boto3.client(
        service,
        region_name=REGION,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
        **kwargs,
    )


def _retry() -> Retry:
    """The adapters' retry policy with the waiting taken out: the bound is what is tested."""
    return Retry(attempts=ATTEMPTS, sleep=lambda _: None, jitter=lambda: 1.0)


def _throttle(stub: Stubber, method: str, code: str, status: int = 400) -> None:
    stub.add_client_error(method, service_error_code=code, http_status_code=status)


# --- ApiGatewayNotifier ------------------------------------------------------------------


@pytest.fixture
def management() -> Iterator[tuple[Any, Stubber]]:
    client = _client("apigatewaymanagementapi", endpoint_url=ENDPOINT)
    with Stubber(client) as stub:
        yield client, stub
        stub.assert_no_pending_responses()


def _notifier(client: Any, telemetry: Telemetry | None = None) -> ApiGatewayNotifier:
    # One worker: Stubber answers in call order, so posts must not interleave.
    return ApiGatewayNotifier(
        client, telemetry or RecordingTelemetry(), retry=_retry(), max_workers=1
    )


def _post(cid: str, message: dict[str, Any]) -> dict[str, Any]:
    data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()
    return {"ConnectionId": cid, "Data": data}


def test_notifier_posts_json_bytes_to_the_connection(management: tuple[Any, Stubber]) -> None:
    # GIVEN a message with non-ASCII text
    client, stub = management
    message = {"type": "state", "word": "ёж", "n": 1}
    stub.add_response("post_to_connection", {}, _post("conn-A=", message))

    # WHEN it is sent to one connection
    alive = _notifier(client).send("conn-A=", message)

    # THEN the Management API got compact UTF-8 JSON (the Stubber checked the
    # parameters) for exactly that ConnectionId
    assert alive is True
    assert _post("conn-A=", message)["Data"] == '{"type":"state","word":"ёж","n":1}'.encode()


def test_notifier_reports_gone_connections_and_delivers_the_rest(
    management: tuple[Any, Stubber],
) -> None:
    client, stub = management
    stub.add_response("post_to_connection", {}, _post("conn-A=", {"n": 1}))
    stub.add_client_error(
        "post_to_connection",
        service_error_code="GoneException",
        http_status_code=410,
        expected_params=_post("conn-B=", {"n": 2}),
    )
    stub.add_response("post_to_connection", {}, _post("conn-C=", {"n": 3}))
    telemetry = RecordingTelemetry()

    gone = _notifier(client, telemetry).send_all(
        [("conn-A=", {"n": 1}), ("conn-B=", {"n": 2}), ("conn-C=", {"n": 3})]
    )

    assert gone == {"conn-B="}
    # 410 is an answer, not a failure: it is not retried and not counted as one.
    assert "post_failed" not in telemetry.counts


def test_notifier_single_gone_connection(management: tuple[Any, Stubber]) -> None:
    client, stub = management
    stub.add_client_error(
        "post_to_connection", service_error_code="GoneException", http_status_code=410
    )
    assert _notifier(client).send("conn-B=", {"n": 2}) is False


@pytest.mark.parametrize("code", ["LimitExceededException", "TooManyRequestsException"])
def test_notifier_retries_throttling_then_delivers(
    management: tuple[Any, Stubber], code: str
) -> None:
    client, stub = management
    for _ in range(ATTEMPTS - 1):
        _throttle(stub, "post_to_connection", code, 429)
    stub.add_response("post_to_connection", {}, _post("conn-A=", {"n": 1}))
    telemetry = RecordingTelemetry()

    assert _notifier(client, telemetry).send_all([("conn-A=", {"n": 1})]) == set()
    assert telemetry.counts == {}


def test_notifier_drops_a_message_throttled_on_every_attempt(
    management: tuple[Any, Stubber],
) -> None:
    # GIVEN the first connection's posts are throttled on every attempt
    client, stub = management
    for _ in range(ATTEMPTS):
        _throttle(stub, "post_to_connection", "TooManyRequestsException", 429)
    stub.add_response("post_to_connection", {}, _post("conn-B=", {"n": 2}))
    telemetry = RecordingTelemetry()

    # WHEN a batch is sent
    gone = _notifier(client, telemetry).send_all([("conn-A=", {"n": 1}), ("conn-B=", {"n": 2})])

    # THEN nothing raises, the throttled connection is not reported gone (it is
    # still there), the drop is counted, and the other post still went out
    assert gone == set()
    assert telemetry.counts == {"post_failed": 1}
    assert [(name, f["connection"]) for name, f in telemetry.events] == [("post_failed", "conn-A=")]


def test_notifier_does_not_retry_other_errors(management: tuple[Any, Stubber]) -> None:
    client, stub = management
    stub.add_client_error(
        "post_to_connection", service_error_code="ForbiddenException", http_status_code=403
    )
    telemetry = RecordingTelemetry()
    assert _notifier(client, telemetry).send("conn-A=", {"n": 1}) is True
    assert telemetry.counts == {"post_failed": 1}


def test_notifier_concurrent_batch_reports_only_gone_ids() -> None:
    # The real pool (12 workers) with a client whose answers depend on the id,
    # not on call order.
    client = _client("apigatewaymanagementapi", endpoint_url=ENDPOINT)
    posted: list[str] = []

    def fake_call(operation_name: str, api_params: dict[str, Any]) -> dict[str, Any]:
        posted.append(api_params["ConnectionId"])
        if api_params["ConnectionId"].startswith("gone"):
            raise client.exceptions.GoneException(
                {"Error": {"Code": "GoneException", "Message": "gone"}}, operation_name
            )
        return {}

    client._make_api_call = fake_call  # a stand-in transport; the adapter code is real
    notifier = ApiGatewayNotifier(client, RecordingTelemetry(), retry=_retry())
    ids = [f"{'gone' if i % 3 == 0 else 'live'}-{i}=" for i in range(12)]

    gone = notifier.send_all([(cid, {"n": i}) for i, cid in enumerate(ids)])

    assert gone == {cid for cid in ids if cid.startswith("gone")}
    assert sorted(posted) == sorted(ids)


# --- StepFunctionsTimers ----------------------------------------------------------------

DEADLINE = Deadline(
    room="QXZT", room_started=START, match=1, round=3, phase=Phase.VOTING, at=START + 95_000
)


@pytest.fixture
def sfn() -> Iterator[tuple[Any, Stubber, list[dict[str, Any]]]]:
    client = _client("stepfunctions")
    seen: list[dict[str, Any]] = []

    def record(params: dict[str, Any], **_: Any) -> None:
        seen.append(dict(params))

    client.meta.events.register("before-parameter-build.sfn.StartExecution", record)
    with Stubber(client) as stub:
        yield client, stub, seen
        stub.assert_no_pending_responses()


def _started() -> dict[str, Any]:
    return {"executionArn": f"{STATE_MACHINE}:x", "startDate": "2026-11-29T17:00:00Z"}


def test_deadline_name_is_deterministic_and_valid() -> None:
    name = DEADLINE.name
    match = re.fullmatch(r"room-QXZT-([0-9a-z]+)-m1-r3-voting", name)
    assert match is not None, name
    assert int(match.group(1), 36) == START
    assert len(name) <= 80  # Step Functions' limit on execution names
    # Rooms are reused and replayed: creation time and match tell executions apart.
    assert Deadline("QXZT", START + 1, 1, 3, Phase.VOTING, DEADLINE.at).name != name
    assert Deadline("QXZT", START, 2, 3, Phase.VOTING, DEADLINE.at).name != name
    longest = Deadline("ZZZZZZZZ", 2**53, 999, 99, Phase.WRITING, DEADLINE.at).name
    assert len(longest) <= 80


def test_timer_starts_named_execution_with_whole_second_input(
    sfn: tuple[Any, Stubber, list[dict[str, Any]]],
) -> None:
    client, stub, seen = sfn
    stub.add_response(
        "start_execution",
        _started(),
        {"stateMachineArn": STATE_MACHINE, "name": DEADLINE.name, "input": ANY},
    )

    StepFunctionsTimers(client, STATE_MACHINE, retry=_retry()).schedule(DEADLINE)

    (params,) = seen
    payload = json.loads(params["input"])
    assert payload == {
        "room": "QXZT",
        "match": 1,
        "round": 3,
        "phase": "voting",
        "at": "2023-11-14T22:14:55Z",
    }
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", payload["at"])


def test_timer_at_never_rounds_a_deadline_forward() -> None:
    # `at` is whole seconds: Step Functions would truncate milliseconds anyway,
    # and deadlines are whole seconds already (deadline_after rounds up).
    from bluff.adapters.stepfunctions import iso_utc

    assert iso_utc(START + 95_000) == "2023-11-14T22:14:55Z"
    assert iso_utc(START + 95_999) == "2023-11-14T22:14:55Z"


def test_timer_already_started_is_idempotent(
    sfn: tuple[Any, Stubber, list[dict[str, Any]]],
) -> None:
    client, stub, _ = sfn
    stub.add_client_error(
        "start_execution", service_error_code="ExecutionAlreadyExists", http_status_code=400
    )
    StepFunctionsTimers(client, STATE_MACHINE, retry=_retry()).schedule(DEADLINE)


def test_timer_retries_throttling_then_starts(
    sfn: tuple[Any, Stubber, list[dict[str, Any]]],
) -> None:
    client, stub, seen = sfn
    for _ in range(ATTEMPTS - 1):
        _throttle(stub, "start_execution", "ThrottlingException")
    stub.add_response("start_execution", _started())

    StepFunctionsTimers(client, STATE_MACHINE, retry=_retry()).schedule(DEADLINE)

    assert len(seen) == ATTEMPTS
    assert {p["name"] for p in seen} == {DEADLINE.name}  # the same name on every attempt


def test_timer_throttled_on_every_attempt_is_busy(
    sfn: tuple[Any, Stubber, list[dict[str, Any]]],
) -> None:
    client, stub, _ = sfn
    for _ in range(ATTEMPTS):
        _throttle(stub, "start_execution", "ThrottlingException")
    with pytest.raises(Busy):
        StepFunctionsTimers(client, STATE_MACHINE, retry=_retry()).schedule(DEADLINE)


def test_timer_other_errors_propagate(sfn: tuple[Any, Stubber, list[dict[str, Any]]]) -> None:
    client, stub, _ = sfn
    stub.add_client_error("start_execution", service_error_code="StateMachineDoesNotExist")
    from botocore.exceptions import ClientError

    with pytest.raises(ClientError):
        StepFunctionsTimers(client, STATE_MACHINE, retry=_retry()).schedule(DEADLINE)


# --- DynamoRoomStore on moto ---------------------------------------------------------------


@pytest.fixture
def store() -> Iterator[DynamoRoomStore]:
    with mock_aws():
        client = _client("dynamodb")
        client.create_table(**table_definition(TABLE))
        yield DynamoRoomStore(client, TABLE, retry=_retry())


def _writing() -> Table:
    table = Table.seated(4)
    table.start()
    return table


def _voting(votes: int = 2) -> Table:
    """A room mid-round: every entry in, `votes` votes cast, voting still open."""
    table = _writing()
    for i, name in enumerate(NAMES[:4]):
        table.submit(name, f"a {['copper', 'woollen', 'painted', 'folded'][i]} hat for winter")
    assert table.phase is Phase.VOTING
    cast = 0
    for name in NAMES[:4]:
        if cast == votes:
            break
        if table.ids[name] in table.room.round.voters:  # type: ignore[union-attr]
            table.vote(name, table.option(kind="truth"))
            cast += 1
    assert table.phase is Phase.VOTING
    return table


def _dump(room: Room) -> dict[str, Any]:
    return room.model_dump(mode="json", exclude={"version"})


def _create(store: DynamoRoomStore, table: Table) -> Snapshot:
    conns = {member: f"conn-{i}=" for i, member in enumerate(table.ids.values())}
    return store.create(Snapshot(table.room.model_copy(deep=True), conns), table.now)


def test_store_round_trips_a_room_mid_round(store: DynamoRoomStore) -> None:
    # GIVEN a room in voting with entries, a ballot, votes and connections
    table = _voting(votes=2)
    assert table.room.round and table.room.round.entries and table.room.round.votes

    # WHEN it is created, loaded, saved and loaded again
    created = _create(store, table)
    loaded = store.load("QXZT", table.now)
    assert loaded is not None
    saved = store.save(loaded, table.now)
    reloaded = store.load("QXZT", table.now)

    # THEN it survives exactly, and the version counts the writes
    assert reloaded is not None
    assert _dump(created.room) == _dump(loaded.room) == _dump(reloaded.room) == _dump(table.room)
    assert loaded.connections == reloaded.connections == created.connections
    assert (created.version, loaded.version, saved.version, reloaded.version) == (1, 1, 2, 2)


def test_store_round_trips_a_finished_match_and_the_lobby(store: DynamoRoomStore) -> None:
    lobby = Table.seated(3)
    _create(store, lobby)
    loaded = store.load("QXZT", lobby.now)
    assert loaded is not None and _dump(loaded.room) == _dump(lobby.room)
    assert store.load("ZZZZ", lobby.now) is None


def test_store_save_is_conditioned_on_version(store: DynamoRoomStore) -> None:
    table = _writing()
    created = _create(store, table)
    store.save(created, table.now)  # version 1 -> 2
    with pytest.raises(StaleRoom):
        store.save(created, table.now)  # still expects 1
    loaded = store.load("QXZT", table.now)
    assert loaded is not None and loaded.version == 2


def test_store_sealed_pick_bumps_version_so_a_stale_close_fails(store: DynamoRoomStore) -> None:
    table = _writing()
    created = _create(store, table)
    ana = table.ids["Ana"]
    entry = Entry(text="a hat", key=comparison_key("a hat"), at=table.now)
    after = store.add_entry("QXZT", ana, 1, entry, table.now)
    assert after.version == created.version + 1
    assert after.room.round and after.room.round.entries[ana] == entry
    with pytest.raises(StaleRoom):
        store.save(created, table.now)


def test_store_create_refuses_a_code_in_use(store: DynamoRoomStore) -> None:
    table = Table.seated(3)
    _create(store, table)
    with pytest.raises(RoomExists):
        _create(store, table)


def test_store_create_reuses_an_expired_code(store: DynamoRoomStore) -> None:
    table = Table.seated(3)
    _create(store, table)
    later = table.now + 25 * 3600 * 1000
    assert store.load("QXZT", later) is None  # TTL lags; the store does not
    table.now = later
    assert _create(store, table).version == 1


def _taken(fn: Any) -> SlotTaken:
    with pytest.raises(SlotTaken) as raised:
        fn()
    return raised.value


def _entry(text: str, now: int) -> Entry:
    return Entry(text=text, key=comparison_key(text), at=now)


@pytest.mark.parametrize(
    "case", ["already_submitted", "wrong_round", "phase_closed", "deadline_passed", "not_writer"]
)
def test_store_add_entry_refusals_carry_the_old_room(store: DynamoRoomStore, case: str) -> None:
    table = _voting() if case == "phase_closed" else _writing()
    _create(store, table)
    ana, now, round_ = table.ids["Ana"], table.now, 1
    member = ana
    if case == "already_submitted":
        store.add_entry("QXZT", ana, 1, _entry("a copper hat", now), now)
    elif case == "wrong_round":
        round_ = 2
    elif case == "deadline_passed":
        assert table.room.deadline is not None
        now = table.room.deadline
    elif case == "not_writer":
        member = "p-not-a-player"
    before = store.load("QXZT", table.now)
    assert before is not None

    taken = _taken(lambda: store.add_entry("QXZT", member, round_, _entry("a new hat", now), now))

    assert taken.snapshot is not None
    assert _dump(taken.snapshot.room) == _dump(before.room)
    assert taken.snapshot.version == before.version
    after = store.load("QXZT", table.now)
    assert after is not None and after.version == before.version


def test_store_add_entry_to_a_missing_room(store: DynamoRoomStore) -> None:
    taken = _taken(lambda: store.add_entry("ZZZZ", "p1", 1, _entry("a hat", START), START))
    assert taken.snapshot is None


@pytest.mark.parametrize(
    "case", ["already_voted", "own_option", "unknown_option", "not_voter", "wrong_round"]
)
def test_store_add_vote_refusals_carry_the_old_room(store: DynamoRoomStore, case: str) -> None:
    table = _voting(votes=0)
    _create(store, table)
    round_ = table.room.round
    assert round_ is not None
    voter = round_.voters[0]
    name = next(n for n, i in table.ids.items() if i == voter)
    option, member, number = table.option(kind="truth"), voter, 1
    if case == "already_voted":
        store.add_vote("QXZT", voter, 1, option, table.now)
        option = next(o.id for o in round_.ballot if o.id != option and o.writer != voter)
    elif case == "own_option":
        option = table.bluff_of(name)
    elif case == "unknown_option":
        option = "no-such-option"
    elif case == "not_voter":
        member = "p-not-a-player"
    elif case == "wrong_round":
        number = 2
    before = store.load("QXZT", table.now)
    assert before is not None

    taken = _taken(lambda: store.add_vote("QXZT", member, number, option, table.now))

    assert taken.snapshot is not None
    assert _dump(taken.snapshot.room) == _dump(before.room)
    assert taken.snapshot.version == before.version


def test_store_add_vote_when_voting_is_over(store: DynamoRoomStore) -> None:
    table = _voting(votes=0)
    assert table.room.deadline is not None
    _create(store, table)
    voter = table.room.round.voters[0]  # type: ignore[union-attr]
    option = table.option(kind="truth")
    # Past the deadline (the timer has not closed it yet): refused.
    late = table.room.deadline
    assert _taken(lambda: store.add_vote("QXZT", voter, 1, option, late)).snapshot is not None
    # Writing is not voting: an entry now is refused too.
    text = _entry("a late hat", table.now)
    assert _taken(lambda: store.add_entry("QXZT", voter, 1, text, table.now)).snapshot


def test_store_add_vote_accepts_and_returns_the_new_room(store: DynamoRoomStore) -> None:
    table = _voting(votes=0)
    created = _create(store, table)
    voter = table.room.round.voters[0]  # type: ignore[union-attr]
    option = table.option(kind="truth")
    after = store.add_vote("QXZT", voter, 1, option, table.now)
    assert after.room.round and after.room.round.votes == {voter: option}
    assert after.version == created.version + 1


def test_store_archive_writes_a_record_once(store: DynamoRoomStore) -> None:
    # GIVEN a room and its round record
    table = _voting()
    created = _create(store, table)
    record = {"round": 1, "truth": "a person who idly watches canal boats", "votes": {"p1": "o"}}
    store.archive("QXZT", "0001700000000000#0001#1", record, table.now)

    # WHEN the same round is archived again (a retried Lambda), even with other content
    store.archive("QXZT", "0001700000000000#0001#1", {"round": 1, "other": True}, table.now)

    # THEN the first record stands, beside an untouched room item
    item = store.client.get_item(
        TableName=TABLE,
        Key={"pk": {"S": "ROOM#QXZT"}, "sk": {"S": "ROUND#0001700000000000#0001#1"}},
    )["Item"]
    assert item["record"]["M"]["truth"] == {"S": record["truth"]}
    assert "other" not in item["record"]["M"]
    loaded = store.load("QXZT", table.now)
    assert loaded is not None and loaded.version == created.version


def test_store_bindings(store: DynamoRoomStore) -> None:
    store.bind("conn-A=", Binding("QXZT", "p1"), START)
    assert store.binding("conn-A=", START) == Binding("QXZT", "p1")
    store.bind("conn-A=", Binding("QXZT", "p1"), START)  # the same seat again: fine
    with pytest.raises(AlreadyBound):
        store.bind("conn-A=", Binding("QXZT", "p2"), START)
    with pytest.raises(AlreadyBound):
        store.bind("conn-A=", Binding("BCDF", "p1"), START)
    assert store.binding("conn-A=", START) == Binding("QXZT", "p1")
    # A binding outlives no connection: API Gateway closes them after 2 h.
    assert store.binding("conn-A=", START + 2 * 3600 * 1000) is None
    store.unbind("conn-A=")
    store.unbind("conn-A=")  # absent: still fine
    assert store.binding("conn-A=", START) is None
    store.bind("conn-A=", Binding("BCDF", "p2"), START)
    assert store.binding("conn-A=", START) == Binding("BCDF", "p2")


# --- DynamoRoomStore on the Stubber: throttling ---------------------------------------------


@pytest.fixture
def stubbed() -> Iterator[tuple[DynamoRoomStore, Stubber]]:
    client = _client("dynamodb")
    with Stubber(client) as stub:
        yield DynamoRoomStore(client, TABLE, retry=_retry()), stub
        stub.assert_no_pending_responses()


def _room_item() -> dict[str, Any]:
    table = _writing()
    return to_item(Snapshot(table.room, {}), 3, table.now)


def _calls() -> dict[str, tuple[str, dict[str, Any], Any]]:
    """Per store call: the DynamoDB operation, a good answer, and the call itself."""
    item = _room_item()
    table = _writing()
    ana = table.ids["Ana"]
    conn = {
        **connection_key("conn-A="),
        "room": {"S": "QXZT"},
        "member": {"S": "p1"},
        "expires_at": {"N": str(START // 1000 + 3600)},
    }
    snapshot = Snapshot(table.room.model_copy(update={"version": 3}), {})
    return {
        "load": ("get_item", {"Item": item}, lambda s: s.load("QXZT", START)),
        "binding": ("get_item", {"Item": conn}, lambda s: s.binding("conn-A=", START)),
        "create": ("put_item", {}, lambda s: s.create(snapshot, START)),
        "save": ("put_item", {}, lambda s: s.save(snapshot, START)),
        "bind": ("put_item", {}, lambda s: s.bind("conn-A=", Binding("QXZT", "p1"), START)),
        "add_entry": (
            "update_item",
            {"Attributes": item},
            lambda s: s.add_entry("QXZT", ana, 1, _entry("a hat", START), START),
        ),
        "add_vote": (
            "update_item",
            {"Attributes": item},
            lambda s: s.add_vote("QXZT", ana, 1, "opt", START),
        ),
        "archive": ("put_item", {}, lambda s: s.archive("QXZT", "k#0001#1", {"n": 1}, START)),
        "unbind": ("delete_item", {}, lambda s: s.unbind("conn-A=")),
    }


CALLS = list(_calls())


@pytest.mark.parametrize("call", CALLS)
def test_store_retries_throttling_then_succeeds(
    stubbed: tuple[DynamoRoomStore, Stubber], call: str
) -> None:
    store, stub = stubbed
    operation, answer, do = _calls()[call]
    for _ in range(ATTEMPTS - 1):
        _throttle(stub, operation, "ProvisionedThroughputExceededException")
    stub.add_response(operation, answer)
    do(store)


@pytest.mark.parametrize("call", CALLS)
def test_store_throttled_on_every_attempt_is_busy(
    stubbed: tuple[DynamoRoomStore, Stubber], call: str
) -> None:
    store, stub = stubbed
    operation, _, do = _calls()[call]
    for _ in range(ATTEMPTS):
        _throttle(stub, operation, "ProvisionedThroughputExceededException")
    with pytest.raises(Busy):
        do(store)


def test_store_archive_other_errors_are_busy(stubbed: tuple[DynamoRoomStore, Stubber]) -> None:
    # The record is for operators: the adapter turns any failure into Busy,
    # which the service counts and lets go.
    store, stub = stubbed
    stub.add_client_error("put_item", service_error_code="ValidationException")
    with pytest.raises(Busy):
        store.archive("QXZT", "k#0001#1", {"n": 1}, START)


def test_store_load_reads_consistently(stubbed: tuple[DynamoRoomStore, Stubber]) -> None:
    store, stub = stubbed
    stub.add_response(
        "get_item",
        {},
        {"TableName": TABLE, "Key": room_key("QXZT"), "ConsistentRead": True},
    )
    assert store.load("QXZT", START) is None


def test_retry_backs_off_with_full_jitter_within_the_bound() -> None:
    slept: list[float] = []
    retry = Retry(attempts=4, base_delay=0.025, sleep=slept.append, jitter=lambda: 0.5)
    from botocore.exceptions import ClientError

    def throttled() -> None:
        raise ClientError({"Error": {"Code": "ThrottlingException", "Message": "x"}}, "Op")

    with pytest.raises(Busy):
        retry(throttled)
    assert slept == [0.0125, 0.025, 0.05]  # no sleep after the last attempt
