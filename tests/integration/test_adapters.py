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

from table.adapters.apigateway import ApiGatewayNotifier
from table.adapters.dynamodb import (
    DynamoRoomStore,
    connection_key,
    room_key,
    to_item,
)
from table.adapters.retry import Retry
from table.adapters.sqs import MAX_DELAY_S, SqsTimers, delay_seconds, message_body
from table.ports import (
    Alarm,
    Binding,
    Busy,
    Snapshot,
    Telemetry,
)
from table.referee import PickWrite
from table.room import Room
from tests.support.aws import FakeClock, RecordingTelemetry
from tests.support.bluff import START, Table

REGION = "us-east-1"
TABLE = "bluff-adapters"
ENDPOINT = "https://abc123.execute-api.us-east-1.amazonaws.com/live"
QUEUE_URL = "https://sqs.us-east-1.amazonaws.com/123456789012/bluff-deadlines"
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


# --- SqsTimers ---------------------------------------------------------------------------

DEADLINE = Alarm(room="QXZT", room_started=START, phase_id=7, key="deadline", at=START + 95_000)


@pytest.fixture
def queue() -> Iterator[tuple[Any, Stubber, list[dict[str, Any]]]]:
    client = _client("sqs")
    seen: list[dict[str, Any]] = []

    def record(params: dict[str, Any], **_: Any) -> None:
        seen.append(dict(params))

    client.meta.events.register("before-parameter-build.sqs.SendMessage", record)
    with Stubber(client) as stub:
        yield client, stub, seen
        stub.assert_no_pending_responses()


def _sent() -> dict[str, Any]:
    return {"MessageId": "5fea7756-0ea4-451a-a703-a558b933e274"}


def _timers(client: Any, now: int = START) -> SqsTimers:
    return SqsTimers(client, QUEUE_URL, FakeClock(now), retry=_retry())


def test_alarm_name_is_deterministic_and_valid() -> None:
    name = DEADLINE.name
    match = re.fullmatch(r"room-QXZT-([0-9a-z]+)-7-deadline", name)
    assert match is not None, name
    assert int(match.group(1), 36) == START
    assert len(name) <= 80
    # Rooms are reused and replayed: creation time and phase instance tell alarms apart,
    # and a phase instance may hold several timers (a bot's turn, a reveal beat).
    assert Alarm("QXZT", START + 1, 7, "deadline", DEADLINE.at).name != name
    assert Alarm("QXZT", START, 8, "deadline", DEADLINE.at).name != name
    assert Alarm("QXZT", START, 7, "bot:p1a2b3c", DEADLINE.at).name != name
    assert re.fullmatch(r"[0-9A-Za-z_-]+", Alarm("QXZT", START, 7, "bot:p1 é", 0).name)
    longest = Alarm("ZZZZZZZZ", 2**53, 10**9, "k" * 80, DEADLINE.at).name
    assert len(longest) <= 80


def test_timer_sends_the_whole_alarm_hidden_until_its_deadline(
    queue: tuple[Any, Stubber, list[dict[str, Any]]],
) -> None:
    client, stub, seen = queue
    stub.add_response(
        "send_message",
        _sent(),
        {"QueueUrl": QUEUE_URL, "MessageBody": ANY, "DelaySeconds": 95},
    )

    _timers(client).schedule(DEADLINE)

    (params,) = seen
    assert json.loads(params["MessageBody"]) == {
        "room": "QXZT",
        "room_started": START,
        "phase_id": 7,
        "key": "deadline",
        "at": START + 95_000,
    }
    assert params["MessageBody"] == message_body(DEADLINE)


def test_a_deadline_beyond_sqs_ceiling_is_sent_for_900_s(
    queue: tuple[Any, Stubber, list[dict[str, Any]]],
) -> None:
    client, stub, _ = queue
    far = Alarm("QXZT", START, 7, "deadline", START + 3_600_000)
    stub.add_response(
        "send_message", _sent(), {"QueueUrl": QUEUE_URL, "MessageBody": ANY, "DelaySeconds": 900}
    )
    _timers(client).schedule(far)


def test_delay_is_rounded_up_never_negative_and_capped() -> None:
    # Rounded up: a message never appears before its deadline by the sender's clock.
    assert delay_seconds(START + 95_000, START) == 95
    assert delay_seconds(START + 95_001, START) == 96
    assert delay_seconds(START + 1, START) == 1
    assert delay_seconds(START, START) == 0
    assert delay_seconds(START - 5_000, START) == 0  # overdue: at once
    assert delay_seconds(START + 900_000, START) == MAX_DELAY_S == 900
    assert delay_seconds(START + 7_200_000, START) == 900


def test_timer_retries_throttling_then_sends(
    queue: tuple[Any, Stubber, list[dict[str, Any]]],
) -> None:
    client, stub, seen = queue
    for _ in range(ATTEMPTS - 1):
        _throttle(stub, "send_message", "ThrottlingException")
    stub.add_response("send_message", _sent())

    _timers(client).schedule(DEADLINE)

    assert len(seen) == ATTEMPTS
    assert {p["MessageBody"] for p in seen} == {message_body(DEADLINE)}


def test_timer_throttled_on_every_attempt_is_busy(
    queue: tuple[Any, Stubber, list[dict[str, Any]]],
) -> None:
    client, stub, _ = queue
    for _ in range(ATTEMPTS):
        _throttle(stub, "send_message", "ThrottlingException")
    with pytest.raises(Busy):
        _timers(client).schedule(DEADLINE)


@pytest.mark.parametrize("code", ["RequestThrottled", "ServiceUnavailable", "KmsThrottled"])
def test_timer_sqs_unavailable_is_busy(
    queue: tuple[Any, Stubber, list[dict[str, Any]]], code: str
) -> None:
    client, stub, _ = queue
    _throttle(stub, "send_message", code, status=503 if code == "ServiceUnavailable" else 400)
    with pytest.raises(Busy):
        _timers(client).schedule(DEADLINE)


def test_timer_other_errors_propagate(queue: tuple[Any, Stubber, list[dict[str, Any]]]) -> None:
    client, stub, _ = queue
    stub.add_client_error("send_message", service_error_code="QueueDoesNotExist")
    from botocore.exceptions import ClientError

    with pytest.raises(ClientError):
        _timers(client).schedule(DEADLINE)


# --- DynamoRoomStore: its conditions run in tests/integration/test_store_contract.py -------


def _writing() -> Table:
    table = Table.seated(4)
    table.start()
    return table


def _room(table: Table) -> Room:
    assert table.top.room is not None
    return table.top.room.model_copy(deep=True)


# --- DynamoRoomStore on the Stubber: throttling ---------------------------------------------


@pytest.fixture
def stubbed() -> Iterator[tuple[DynamoRoomStore, Stubber]]:
    client = _client("dynamodb")
    with Stubber(client) as stub:
        yield DynamoRoomStore(client, TABLE, retry=_retry()), stub
        stub.assert_no_pending_responses()


def _room_item() -> dict[str, Any]:
    table = _writing()
    return to_item(Snapshot(_room(table), {}), 3, table.now)


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
    snapshot = Snapshot(_room(table).model_copy(update={"version": 3}), {})
    return {
        "load": ("get_item", {"Item": item}, lambda s: s.load("QXZT", START)),
        "binding": ("get_item", {"Item": conn}, lambda s: s.binding("conn-A=", START)),
        "create": ("put_item", {}, lambda s: s.create(snapshot, START)),
        "save": ("put_item", {}, lambda s: s.save(snapshot, START)),
        "bind": ("put_item", {}, lambda s: s.bind("conn-A=", Binding("QXZT", "p1"), START)),
        "seal": (
            "update_item",
            {"Attributes": item},
            lambda s: s.seal(
                "QXZT", PickWrite(ana, 1, {"text": "a hat", "at": START}, False), START
            ),
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
