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
from table.adapters.stepfunctions import StepFunctionsTimers
from table.ports import (
    Alarm,
    Binding,
    Busy,
    Snapshot,
    Telemetry,
)
from table.referee import PickWrite
from table.room import Room
from tests.support.aws import RecordingTelemetry
from tests.support.bluff import START, Table

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

DEADLINE = Alarm(room="QXZT", room_started=START, phase_id=7, key="deadline", at=START + 95_000)


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


def test_alarm_name_is_deterministic_and_valid() -> None:
    name = DEADLINE.name
    match = re.fullmatch(r"room-QXZT-([0-9a-z]+)-7-deadline", name)
    assert match is not None, name
    assert int(match.group(1), 36) == START
    assert len(name) <= 80  # Step Functions' limit on execution names
    # Rooms are reused and replayed: creation time and phase instance tell executions apart,
    # and a phase instance may hold several timers (a bot's turn, a reveal beat).
    assert Alarm("QXZT", START + 1, 7, "deadline", DEADLINE.at).name != name
    assert Alarm("QXZT", START, 8, "deadline", DEADLINE.at).name != name
    assert Alarm("QXZT", START, 7, "bot:p1a2b3c", DEADLINE.at).name != name
    assert re.fullmatch(r"[0-9A-Za-z_-]+", Alarm("QXZT", START, 7, "bot:p1 é", 0).name)
    longest = Alarm("ZZZZZZZZ", 2**53, 10**9, "k" * 80, DEADLINE.at).name
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
        "phase_id": 7,
        "key": "deadline",
        "at": "2023-11-14T22:14:55Z",
    }
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", payload["at"])


def test_timer_at_never_rounds_a_deadline_forward() -> None:
    # `at` is whole seconds: Step Functions would truncate milliseconds anyway,
    # and deadlines are whole seconds already (deadline_after rounds up).
    from table.adapters.stepfunctions import iso_utc

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
