"""The local stack (`make run`) plays API Gateway, SQS and DynamoDB as AWS does.

The stack runs in a subprocess with stub handlers that record every event they
get (one JSON line on stdout, prefixed `EVENT `) and answer through the real
Management API emulation with boto3, so each test watches both sides: what a
client sees on its socket and what a Lambda handler was given.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import time
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import boto3
import pytest
from aws_lambda_powertools.utilities.parser.models import (
    APIGatewayWebSocketConnectEventModel,
    APIGatewayWebSocketDisconnectEventModel,
    APIGatewayWebSocketMessageEventModel,
    SqsModel,
)
from botocore.config import Config
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from games.bluff.display import shown
from infra.local import events
from infra.local.lambdas import Invocation
from infra.local.sqs import Queue
from infra.local.testing import RunningStack, running_stack
from infra.template import DeadlineQueue

REGION = "us-east-1"
QUEUE_ARN = "arn:aws:sqs:us-east-1:123456789012:dictionary-bluff-deadlines"
PING = ["--ping-interval", "0.3", "--ping-timeout", "0.3"]

# One module holds all three stub handlers; the stack loads it three times,
# once per function, as it would load three different files.
STUB_HANDLERS = r"""
import json, os, sys, threading, time
import boto3

management = boto3.client("apigatewaymanagementapi", endpoint_url=os.environ["WEBSOCKET_ENDPOINT"])
sqs = boto3.client("sqs")


lock = threading.Lock()  # handlers run in threads: one line per event, never interleaved


def say(line):
    with lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def record(event):
    say("EVENT " + json.dumps({"at": time.time(), "event": event}))


def post(connection_id, message):
    management.post_to_connection(ConnectionId=connection_id, Data=json.dumps(message).encode())


def handler(event, context):
    record(event)
    if "requestContext" not in event:  # the deadline function
        return None
    route = event["requestContext"]["routeKey"]
    connection_id = event["requestContext"]["connectionId"]
    if route == "$connect":
        query = event.get("queryStringParameters") or {}
        if "refuse" in query:
            return {"statusCode": int(query["refuse"])}
        if "post_in_connect" in query:
            try:
                post(connection_id, {"too": "early"})
                say("POST_IN_CONNECT ok")
            except management.exceptions.GoneException:
                say("POST_IN_CONNECT GoneException")
        return {"statusCode": 200}
    if route == "$disconnect":
        return {"statusCode": 200}
    try:
        message = json.loads(event["body"])
    except ValueError:
        message = {}
    command = message.get("do") if isinstance(message, dict) else None
    if command == "boom":
        raise RuntimeError("the stub was asked to fail")
    if command == "sleep":
        time.sleep(message["seconds"])
    if command == "timer":
        # Read the clock before sending: the queue starts the delay while the call is
        # on its way, so a time read after it returns may be later than the delay's start.
        sent = time.time()
        answer = sqs.send_message(
            QueueUrl=os.environ["DEADLINE_QUEUE_URL"],
            MessageBody=json.dumps(message["body"]),
            DelaySeconds=message["delay"],
        )
        post(connection_id, {"MessageId": answer["MessageId"], "sent": sent})
        return {"statusCode": 200}
    post(connection_id, {"route": route, "body": event["body"], "connection": connection_id})
    return {"statusCode": 200}
"""


@pytest.fixture(scope="module")
def stub(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("stubs") / "stub_handlers.py"
    path.write_text(STUB_HANDLERS, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def web_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("web")
    (folder / "index.html").write_text("<!doctype html><title>bluff</title>", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def stack(stub: Path, web_dir: Path) -> Iterator[RunningStack]:
    with running_stack(
        args=[*PING, "--web-dir", str(web_dir)],
        connection_handler=stub,
        actions_handler=stub,
        deadline_handler=stub,
    ) as running:
        yield running


def recorded(stack: RunningStack) -> list[dict[str, Any]]:
    return [json.loads(line[6:]) for line in stack.output() if line.startswith("EVENT ")]


def wait_for_event(stack: RunningStack, matches: Any, timeout: float = 5.0) -> dict[str, Any]:
    """The first recorded handler event for which `matches(event)` is true."""

    def test(line: str) -> bool:
        return line.startswith("EVENT ") and bool(matches(json.loads(line[6:])["event"]))

    return dict(json.loads(stack.wait_for_output(test, timeout)[6:]))


def of_route(route: str, connection_id: str) -> Any:
    def matches(event: dict[str, Any]) -> bool:
        context = event.get("requestContext", {})
        return bool(context.get("routeKey") == route and context["connectionId"] == connection_id)

    return matches


def client(stack: RunningStack, service: str) -> Any:
    endpoints = {
        "apigatewaymanagementapi": stack.management_url,
        "sqs": stack.sqs_url,
    }
    return boto3.client(
        service,
        endpoint_url=endpoints[service],
        region_name=REGION,
        aws_access_key_id="local",
        aws_secret_access_key="local",
        config=Config(retries={"max_attempts": 1}),
    )


def hello(websocket: ClientConnection) -> str:
    """Send a frame and return this connection's id from the stub's echo."""
    websocket.send(json.dumps({"action": "ping", "t": 1}))
    return str(json.loads(websocket.recv(timeout=5))["connection"])


# --------------------------------------------------------------- process life


def test_prints_the_listening_line_and_stops_within_seconds_of_ctrl_c(stub: Path) -> None:
    started = time.monotonic()
    with running_stack(
        connection_handler=stub, actions_handler=stub, deadline_handler=stub
    ) as running:
        assert time.monotonic() - started < 15
        with connect(running.websocket_url) as websocket:
            connection_id = hello(websocket)
            stopping = time.monotonic()
            assert running.stop() == 0
            assert time.monotonic() - stopping < 5
        # A socket open at Ctrl-C is closed and its $disconnect handler runs.
        assert any(of_route("$disconnect", connection_id)(r["event"]) for r in recorded(running))
        assert "stopped" in running.output()


def test_a_missing_handler_file_is_reported_and_the_stack_exits(tmp_path: Path) -> None:
    with (
        pytest.raises(RuntimeError, match="no handler at"),
        running_stack(actions_handler=tmp_path / "missing.py"),
    ):
        pass


# --------------------------------------------------------------- API Gateway: WebSocket


def test_events_have_api_gateways_shape_and_route_by_action(stack: RunningStack) -> None:
    with connect(stack.websocket_url + "?room=QXZT") as websocket:
        connection_id = hello(websocket)
        websocket.send("not json")
        assert json.loads(websocket.recv(timeout=5))["route"] == "$default"
        websocket.send(json.dumps({"action": "no_such_action"}))
        assert json.loads(websocket.recv(timeout=5))["route"] == "$default"
        websocket.send(json.dumps({"action": "submit", "round": 1, "text": "é"}))
        assert json.loads(websocket.recv(timeout=5))["route"] == "$default"  # a game's move
        websocket.send(json.dumps({"action": "join_room", "room": "QXZT", "name": "é"}))
        echoed = json.loads(websocket.recv(timeout=5))
        assert echoed["route"] == "join_room"
        assert json.loads(echoed["body"]) == {"action": "join_room", "room": "QXZT", "name": "é"}

    connected = wait_for_event(stack, of_route("$connect", connection_id))["event"]
    APIGatewayWebSocketConnectEventModel.model_validate(connected)
    assert connected["queryStringParameters"] == {"room": "QXZT"}
    assert connected["requestContext"]["stage"] == "live"
    message = wait_for_event(stack, of_route("ping", connection_id))["event"]
    APIGatewayWebSocketMessageEventModel.model_validate(message)
    assert message["requestContext"]["eventType"] == "MESSAGE"
    gone = wait_for_event(stack, of_route("$disconnect", connection_id))["event"]
    APIGatewayWebSocketDisconnectEventModel.model_validate(gone)
    assert gone["requestContext"]["disconnectStatusCode"] == 1000


def test_connect_handler_refusal_fails_the_handshake_with_its_status(stack: RunningStack) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect(stack.websocket_url + "?refuse=401")
    assert refused.value.response.status_code == 401


def test_posting_to_a_connection_during_its_own_connect_is_gone(stack: RunningStack) -> None:
    with connect(stack.websocket_url + "?post_in_connect=1") as websocket:
        hello(websocket)
    stack.wait_for_output(lambda line: line == "POST_IN_CONNECT GoneException")


def test_two_connections_messages_do_not_cross(stack: RunningStack) -> None:
    async def talk(name: str) -> list[str]:
        from websockets.asyncio.client import connect as connect_async

        async with connect_async(stack.websocket_url) as websocket:
            for n in range(20):
                await websocket.send(json.dumps({"action": "ping", "who": name, "n": n}))
            replies = [json.loads(await websocket.recv()) for _ in range(20)]
        return [f"{json.loads(r['body'])['who']}{json.loads(r['body'])['n']}" for r in replies]

    async def both() -> list[list[str]]:
        return list(await asyncio.gather(talk("a"), talk("b")))

    a, b = asyncio.run(both())
    assert a == [f"a{n}" for n in range(20)]  # only its own, in the order sent
    assert b == [f"b{n}" for n in range(20)]


def test_one_connections_frames_reach_the_handler_in_order(stack: RunningStack) -> None:
    with connect(stack.websocket_url) as websocket:
        websocket.send(json.dumps({"action": "ping", "do": "sleep", "seconds": 0.3, "n": 1}))
        websocket.send(json.dumps({"action": "ping", "n": 2}))
        first, second = (json.loads(websocket.recv(timeout=5)) for _ in range(2))
    assert [json.loads(first["body"])["n"], json.loads(second["body"])["n"]] == [1, 2]


def test_a_failing_handler_gives_the_client_api_gateways_internal_error(
    stack: RunningStack,
) -> None:
    with connect(stack.websocket_url) as websocket:
        websocket.send(json.dumps({"action": "ping", "do": "boom"}))
        reply = json.loads(websocket.recv(timeout=5))
    assert reply["message"] == "Internal server error"


def test_a_frame_over_32_kb_closes_the_socket_with_1009(stack: RunningStack) -> None:
    with connect(stack.websocket_url, max_size=None) as websocket:
        connection_id = hello(websocket)
        websocket.send("x" * (32 * 1024 + 1))
        with pytest.raises(ConnectionClosed) as closed:
            websocket.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    gone = wait_for_event(stack, of_route("$disconnect", connection_id))["event"]
    assert gone["requestContext"]["disconnectStatusCode"] == 1009


def _silent_websocket(url: str) -> tuple[socket.socket, str]:
    """A WebSocket opened by hand that says hello, then never reads again.

    That is a phone that left the Wi-Fi: no close frame, no pong. Returns the
    socket and its connection id.
    """
    host, port = url.removeprefix("ws://").split("/")[0].split(":")
    raw = socket.create_connection((host, int(port)), timeout=5)
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    received = b""
    while b"\r\n\r\n" not in received:
        received += raw.recv(4096)
    head, _, received = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 101")
    # One masked text frame (RFC 6455 5.3), short enough for the 7-bit length.
    payload = json.dumps({"action": "ping"}).encode()
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    raw.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)
    while len(received) < 4:
        received += raw.recv(4096)
    length = received[1] & 0x7F  # the echo is between 126 and 65535 bytes long
    if length == 126:
        length = int.from_bytes(received[2:4], "big")
        while len(received) < 4 + length:
            received += raw.recv(4096)
        echoed = json.loads(received[4 : 4 + length])
    else:
        while len(received) < 2 + length:
            received += raw.recv(4096)
        echoed = json.loads(received[2 : 2 + length])
    return raw, str(echoed["connection"])


def test_a_client_that_vanishes_without_a_close_frame_is_disconnected(
    stack: RunningStack,
) -> None:
    raw, connection_id = _silent_websocket(stack.websocket_url)
    try:
        vanished = time.monotonic()
        # No pong comes back: ping interval 0.3 s + timeout 0.3 s.
        gone = wait_for_event(stack, of_route("$disconnect", connection_id), timeout=5)
        assert time.monotonic() - vanished < 2
        # uvicorn reports a lost connection as 1005; API Gateway would say 1006.
        assert gone["event"]["requestContext"]["disconnectStatusCode"] in (1005, 1006)
    finally:
        raw.close()


# --------------------------------------------------------------- Management API


def test_the_management_api_raises_gone_for_an_unknown_connection(stack: RunningStack) -> None:
    management = client(stack, "apigatewaymanagementapi")
    with pytest.raises(management.exceptions.GoneException):
        management.post_to_connection(ConnectionId="Nope0000000000A=", Data=b"{}")
    with pytest.raises(management.exceptions.GoneException):
        management.get_connection(ConnectionId="Nope0000000000A=")
    with pytest.raises(management.exceptions.GoneException):
        management.delete_connection(ConnectionId="Nope0000000000A=")


def test_the_management_api_posts_describes_and_closes_a_connection(stack: RunningStack) -> None:
    management = client(stack, "apigatewaymanagementapi")
    with connect(stack.websocket_url, user_agent_header="bluff-test") as websocket:
        connection_id = hello(websocket)
        management.post_to_connection(ConnectionId=connection_id, Data=b'{"type":"pong"}')
        assert websocket.recv(timeout=5) == '{"type":"pong"}'

        info = management.get_connection(ConnectionId=connection_id)
        assert info["Identity"] == {"SourceIp": "127.0.0.1", "UserAgent": "bluff-test"}
        assert info["ConnectedAt"] <= info["LastActiveAt"] <= datetime.now(UTC)

        management.delete_connection(ConnectionId=connection_id)
        with pytest.raises(ConnectionClosed):
            websocket.recv(timeout=5)
    wait_for_event(stack, of_route("$disconnect", connection_id))
    with pytest.raises(management.exceptions.GoneException):
        management.post_to_connection(ConnectionId=connection_id, Data=b"{}")


# --------------------------------------------------------------- SQS


def test_a_handlers_delayed_message_reaches_the_deadline_handler_after_its_delay(
    stack: RunningStack,
) -> None:
    body = {"room": "QXZT", "room_started": 1, "phase_id": 3, "key": "deadline", "at": 0}
    with connect(stack.websocket_url) as websocket:
        websocket.send(json.dumps({"do": "timer", "body": body, "delay": 1}))
        answer = json.loads(websocket.recv(timeout=5))

    fired = wait_for_event(stack, lambda e: "Records" in e, timeout=5)
    SqsModel.model_validate(fired["event"])  # the event source mapping's shape
    (record,) = fired["event"]["Records"]
    # The event source mapping's shape: the body as sent, the queue's ARN.
    assert record["messageId"] == answer["MessageId"]
    assert json.loads(record["body"]) == body
    assert record["eventSource"] == "aws:sqs"
    assert record["eventSourceARN"] == QUEUE_ARN
    assert record["attributes"]["ApproximateReceiveCount"] == "1"
    assert fired["at"] >= answer["sent"] + 1  # hidden for its DelaySeconds


def test_send_message_refuses_bad_delays_and_other_queues(stack: RunningStack) -> None:
    sqs = client(stack, "sqs")
    with pytest.raises(sqs.exceptions.ClientError, match="DelaySeconds"):
        sqs.send_message(QueueUrl=stack.deadline_queue_url, MessageBody="{}", DelaySeconds=901)
    with pytest.raises(sqs.exceptions.QueueDoesNotExist):
        sqs.send_message(QueueUrl=stack.deadline_queue_url + "-other", MessageBody="{}")
    counted = sqs.get_queue_attributes(QueueUrl=stack.deadline_queue_url, AttributeNames=["All"])[
        "Attributes"
    ]
    assert counted["QueueArn"] == QUEUE_ARN


# --------------------------------------------------------------- the browser client


def _get(url: str, host: str | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            status, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read()
    return status, {name.lower(): value for name, value in headers.items()}, body


def test_web_client_and_config_are_served_with_security_headers(stack: RunningStack) -> None:
    for path in ("/", "/?room=QXZT"):
        status, headers, body = _get(stack.url + path)
        assert status == 200 and b"<title>bluff</title>" in body
        assert headers["content-security-policy"].startswith("default-src 'self'")
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"

    # A phone on the LAN reached the server by the laptop's address: it gets it back.
    status, headers, body = _get(stack.url + "/config.json", host="192.168.1.20:8000")
    assert status == 200 and json.loads(body) == {"websocket_url": "ws://192.168.1.20:8000/ws"}
    assert "content-security-policy" in headers


# --------------------------------------------------------------- idle and age limits


def test_idle_and_overlong_connections_are_closed_like_api_gateways(stub: Path) -> None:
    limits = ["--idle-timeout", "0.4", "--max-connection-age", "1.0"]
    with running_stack(
        args=limits, connection_handler=stub, actions_handler=stub, deadline_handler=stub
    ) as running:
        with connect(running.websocket_url) as idle:
            opened = time.monotonic()
            with pytest.raises(ConnectionClosed) as closed:
                idle.recv(timeout=5)
            assert 0.3 < time.monotonic() - opened < 0.9
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001

        with connect(running.websocket_url) as busy:
            opened = time.monotonic()
            with pytest.raises(ConnectionClosed):
                while time.monotonic() - opened < 5:
                    busy.send(json.dumps({"action": "ping"}))  # never idle for 0.4 s
                    busy.recv(timeout=5)
                    time.sleep(0.1)
            assert 0.9 < time.monotonic() - opened < 1.6


# --------------------------------------------------------------- pure parts


def test_route_selection_follows_request_body_action() -> None:
    routes = {"join_room", "submit"}
    assert events.select_route('{"action": "submit"}', routes) == "submit"
    assert events.select_route('{"action": "fly"}', routes) == "$default"
    assert events.select_route('{"action": 3}', routes) == "$default"
    assert events.select_route('["submit"]', routes) == "$default"
    assert events.select_route("submit", routes) == "$default"


def test_gateway_ids_look_like_api_gateways() -> None:
    ids = {events.gateway_id() for _ in range(100)}
    assert len(ids) == 100
    assert all(len(i) == 16 and i.endswith("=") and i[:-1].isalnum() for i in ids)


class _FakeDeadlineFunction:
    """Records every batch; hands back the messages whose body is in `refuse`."""

    def __init__(self, refuse: set[str], raises: bool = False) -> None:
        self.refuse = refuse
        self.raises = raises
        self.batches: list[list[tuple[str, str]]] = []

    async def invoke(self, event: Any) -> Invocation:
        records = event["Records"]
        self.batches.append(
            [(r["body"], r["attributes"]["ApproximateReceiveCount"]) for r in records]
        )
        if self.raises:
            return Invocation(error=RuntimeError("the handler raised"))
        failures = [{"itemIdentifier": r["messageId"]} for r in records if r["body"] in self.refuse]
        return Invocation(result={"batchItemFailures": failures})


def _drain(fake: _FakeDeadlineFunction, bodies: list[str], batch_size: int = 10) -> Queue:
    """Send `bodies` to a queue with a 20 ms visibility timeout, deliver until it is empty."""
    settings = DeadlineQueue(
        visibility_timeout_s=0.02,
        max_receive_count=3,
        batch_size=batch_size,
        report_batch_item_failures=True,
    )
    queue = Queue("http://local/sqs/q", QUEUE_ARN, settings, fake.invoke)

    async def run() -> None:
        queue.start()
        for body in bodies:
            queue.send_message({"QueueUrl": "http://local/sqs/q", "MessageBody": body})
        for _ in range(200):
            await asyncio.sleep(0.01)
            if not queue._messages:
                break
        await queue.shutdown()

    asyncio.run(run())
    return queue


def test_the_local_queue_delivers_in_batches_and_deletes_what_succeeded() -> None:
    fake = _FakeDeadlineFunction(refuse=set())
    queue = _drain(fake, [f"m{i}" for i in range(12)], batch_size=10)
    assert sorted(b for batch in fake.batches for b, _ in batch) == sorted(
        f"m{i}" for i in range(12)
    )
    assert max(len(batch) for batch in fake.batches) <= 10
    assert not queue._messages and not queue.dead_letters


def test_a_handed_back_message_comes_again_then_goes_to_the_dead_letters() -> None:
    fake = _FakeDeadlineFunction(refuse={"stuck"})
    queue = _drain(fake, ["fine", "stuck"])
    deliveries = [(b, n) for batch in fake.batches for b, n in batch]
    assert deliveries.count(("fine", "1")) == 1  # succeeded once: deleted
    assert [n for b, n in deliveries if b == "stuck"] == ["1", "2", "3"]
    assert [m.body for m in queue.dead_letters] == ["stuck"]


def test_a_raising_handler_has_its_whole_batch_again() -> None:
    fake = _FakeDeadlineFunction(refuse=set(), raises=True)
    queue = _drain(fake, ["a", "b"])
    assert fake.batches[0] == [("a", "1"), ("b", "1")]
    assert sorted(m.body for m in queue.dead_letters) == ["a", "b"]


# --------------------------------------------------------------- the real handlers


@pytest.mark.parametrize("local_aws", ["", "1"], ids=["embedded", "LOCAL_AWS"])
def test_the_real_handlers_serve_a_room_on_the_local_stack(local_aws: str) -> None:
    """`make run`'s wiring, on both stacks: functions/*/app.py import, find their store
    and answer."""

    def next_of(websocket: ClientConnection, kind: str) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(websocket.recv(timeout=10))
            if message["type"] == kind:
                return message

    quiet = {"LOG_LEVEL": "WARNING", "POWERTOOLS_METRICS_DISABLED": "true"}
    with (
        running_stack(env={**quiet, "LOCAL_AWS": local_aws}) as running,
        connect(running.websocket_url) as host,
        connect(running.websocket_url) as guest,
    ):
        host.send(json.dumps({"action": "create_room", "name": "Ann", "lang": "en"}))
        room = next_of(host, "welcome")["room"]
        guest.send(json.dumps({"action": "join_room", "room": room.lower(), "name": "Bob"}))
        assert next_of(guest, "welcome")["role"] == "player"
        state = next_of(guest, "state")
        assert (state["room"], state["phase"]) == (room, "lobby")


def test_a_deadline_closes_its_phase_through_the_local_deadline_queue() -> None:
    """`LOCAL_AWS=1`: the real handlers send the writing deadline to `/sqs/`, and its
    delivery, with nobody writing, closes the phase."""

    def next_state(websocket: ClientConnection, timeout: float) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(websocket.recv(timeout=timeout))
            if message["type"] == "state":
                return message

    quiet = {"LOG_LEVEL": "WARNING", "POWERTOOLS_METRICS_DISABLED": "true"}
    with (
        running_stack(env={**quiet, "LOCAL_AWS": "1", "TIME_SCALE": "0.02"}) as running,
        contextlib.ExitStack() as open_sockets,
    ):
        host, *guests = [open_sockets.enter_context(connect(running.websocket_url)) for _ in "abc"]
        host.send(json.dumps({"action": "create_room", "name": "Ann", "lang": "en"}))
        room = next(
            m
            for m in iter(lambda: json.loads(host.recv(timeout=10)), None)
            if m["type"] == "welcome"
        )["room"]
        for guest, name in zip(guests, ("Bob", "Cat"), strict=True):
            guest.send(json.dumps({"action": "join_room", "room": room, "name": name}))
            next_state(guest, 10)  # seated
        host.send(json.dumps({"action": "start_match"}))
        state = next_state(host, 10)
        while state["phase"] != "writing":
            state = next_state(host, 10)
        # 55 s at TIME_SCALE 0.02 is 1.1 s, rounded up to a whole second: at most 2.1 s.
        assert state["deadline"] - state["server_now"] <= 2_100

        after = next_state(host, 10)  # nobody writes: only the deadline can close it

        assert after["phase"] != "writing"
        assert after["server_now"] >= state["deadline"]


def test_two_rooms_play_at_once_without_crosstalk() -> None:
    """Two rooms of three on the real handlers, writing and voting in step:
    each connection hears only its own room, and both rooms reach the reveal."""

    def messages_until(websocket: ClientConnection, done: Any) -> list[dict[str, Any]]:
        seen: list[dict[str, Any]] = []
        while True:
            message: dict[str, Any] = json.loads(websocket.recv(timeout=15))
            seen.append(message)
            if done(message):
                return seen

    def state_in(phase: str) -> Any:
        return lambda m: m["type"] == "state" and m["phase"] == phase

    quiet = {"LOG_LEVEL": "WARNING", "POWERTOOLS_METRICS_DISABLED": "true", "TIME_SCALE": "0.2"}
    with running_stack(env=quiet) as running, contextlib.ExitStack() as open_sockets:
        sockets = {
            (r, n): open_sockets.enter_context(connect(running.websocket_url))
            for r in "AB"
            for n in range(3)
        }
        heard: dict[tuple[str, int], list[dict[str, Any]]] = {k: [] for k in sockets}
        codes = {}
        for room in "AB":
            host = sockets[(room, 0)]
            host.send(json.dumps({"action": "create_room", "name": f"{room}0"}))
            heard[(room, 0)] += messages_until(host, lambda m: m["type"] == "welcome")
            codes[room] = heard[(room, 0)][-1]["room"]
            for n in (1, 2):
                sockets[(room, n)].send(
                    json.dumps({"action": "join_room", "room": codes[room], "name": f"{room}{n}"})
                )
                heard[(room, n)] += messages_until(
                    sockets[(room, n)], lambda m: m["type"] == "welcome"
                )
        for room in "AB":
            sockets[(room, 0)].send(json.dumps({"action": "start_match"}))
        for key, websocket in sockets.items():
            heard[key] += messages_until(websocket, state_in("writing"))
        for (room, n), websocket in sockets.items():  # interleaved across the rooms
            text = f"a lantern for the {room} river number {n}"
            websocket.send(json.dumps({"action": "submit", "round": 1, "text": text}))
        for key, websocket in sockets.items():
            heard[key] += messages_until(websocket, state_in("voting"))
        for key, websocket in sockets.items():
            ballot = heard[key][-1]["ballot"]
            pick = next(o["id"] for o in ballot if not o["mine"])
            websocket.send(json.dumps({"action": "vote", "round": 1, "option": pick}))
        for key, websocket in sockets.items():
            heard[key] += messages_until(websocket, state_in("reveal"))
    for (room, _), messages in heard.items():
        other = "B" if room == "A" else "A"
        rooms = {m["room"] for m in messages if "room" in m}
        assert rooms == {codes[room]}
        wire = json.dumps(messages)
        assert f"the {other} river" not in wire and codes[other] not in wire
        reveal = messages[-1]["reveal"]
        texts = {o["text"] for o in reveal["options"]}
        # Shown in the display form every ballot text takes (docs/rules.md).
        written = {f"a lantern for the {room} river number {n}" for n in range(3)}
        assert {shown(text, "en") for text in written} <= texts
