"""The handlers on moto, with a recording notifier, recorded timers and a fake clock.

moto's Management API loses message boundaries and never answers 410 Gone, so
messages go through `RecordingNotifier`, a fake of the `Notifier` port. Timers
are recorded and fired by invoking the deadline handler with the very event
the deadline queue's event source mapping would send, at a fake time.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import random
import threading
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import boto3
from moto import mock_aws
from moto.dynamodb.responses import DynamoHandler

from infra.template import table_definition, ttl_attribute
from table.adapters import sqs
from table.ports import Alarm, Clock, Notifier, Telemetry, Timers

ROOT = Path(__file__).resolve().parents[2]
EVENTS = ROOT / "tests" / "events"
TABLE = "bluff-test"
START = 1_795_971_600_000  # 2026-11-29T17:00:00Z
QUEUE_ARN = "arn:aws:sqs:us-east-1:123456789012:bluff-deadlines"

ENV = {
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "TABLE_NAME": TABLE,
    "DEADLINE_QUEUE_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/bluff-deadlines",
    "WEBSOCKET_ENDPOINT": "https://abc123.execute-api.us-east-1.amazonaws.com/live",
    "POWERTOOLS_SERVICE_NAME": "dictionary-bluff",
    "POWERTOOLS_METRICS_NAMESPACE": "DictionaryBluffTest",
    "POWERTOOLS_METRICS_DISABLED": "true",
    "POWERTOOLS_LOG_LEVEL": "WARNING",
}


class FakeClock(Clock):
    """Test time. A thread may read its own time (`at`), to stage races precisely."""

    def __init__(self, now: int = START) -> None:
        self.ms = now
        self.local = threading.local()

    def now(self) -> int:
        return getattr(self.local, "ms", None) or self.ms

    @contextmanager
    def at(self, ms: int) -> Iterator[None]:
        self.local.ms = ms
        try:
            yield
        finally:
            self.local.ms = None


class RecordingNotifier(Notifier):
    """Keeps every message per connection; connections in `gone` answer as 410 would."""

    def __init__(self) -> None:
        self.inbox: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self.gone: set[str] = set()
        self.lock = threading.Lock()

    def send_all(self, messages: Sequence[tuple[str, Mapping[str, Any]]]) -> set[str]:
        gone = set()
        with self.lock:
            for cid, message in messages:
                if cid in self.gone:
                    gone.add(cid)
                else:
                    # Through JSON, as on the wire: nothing unserializable slips by.
                    self.inbox[cid].append(json.loads(json.dumps(message)))
        return gone


class RecordingTelemetry(Telemetry):
    def __init__(self) -> None:
        self.counts: dict[str, int] = defaultdict(int)
        self.events: list[tuple[str, dict[str, Any]]] = []
        self.keys: dict[str, str] = {}

    def count(self, metric: str, value: int = 1) -> None:
        self.counts[metric] += value

    def event(self, name: str, **fields: Any) -> None:
        self.events.append((name, {**self.keys, **fields}))

    def context(self, **keys: str) -> None:
        self.keys.update(keys)


class RecordingTimers(Timers):
    """Every `schedule` in `calls`; `started` holds each alarm once (by `Alarm.name`)."""

    def __init__(self) -> None:
        self.calls: list[Alarm] = []
        self.started: list[Alarm] = []
        self.lock = threading.Lock()

    def schedule(self, deadline: Alarm) -> None:
        with self.lock:
            self.calls.append(deadline)
            if deadline.name not in {d.name for d in self.started}:
                self.started.append(deadline)


@dataclass
class Context:
    function_name: str = "bluff-test"
    memory_limit_in_mb: int = 1024
    invoked_function_arn: str = "arn:aws:lambda:us-east-1:123456789012:function:bluff-test"
    aws_request_id: str = "00000000-0000-0000-0000-000000000000"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        f"handler_{name}", ROOT / "functions" / name / "app.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def event(kind: str, connection_id: str, body: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EVENTS / f"{kind}.json").read_text())
    data["requestContext"]["connectionId"] = connection_id
    if body is not None:
        data["body"] = body
        try:
            data["requestContext"]["routeKey"] = json.loads(body).get("action", "$default")
        except (ValueError, AttributeError):
            data["requestContext"]["routeKey"] = "$default"
    return data


@dataclass
class Seated:
    code: str
    cids: dict[str, str]
    ids: dict[str, str]
    tokens: dict[str, str]


class Stack:
    """The three handlers sharing one moto table, one notifier, one timer list and one clock."""

    def __init__(self, seed: int = 0) -> None:
        self.client = boto3.client("dynamodb", region_name="us-east-1")
        self.client.create_table(**table_definition(TABLE))
        self.client.update_time_to_live(
            TableName=TABLE,
            TimeToLiveSpecification={"Enabled": True, "AttributeName": ttl_attribute()},
        )
        self.clock = FakeClock()
        self.notifier = RecordingNotifier()
        self.timers = RecordingTimers()
        self.fired: set[str] = set()
        self.rng = random.Random(seed)
        self.modules = {
            name: self._container(name) for name in ("connection", "actions", "deadline")
        }
        self.ids = (f"conn{i:04d}=" for i in itertools.count())
        self.message_ids = itertools.count()

    def _container(self, name: str) -> ModuleType:
        """A fresh import of one handler: what a new Lambda container would run."""
        module = _load(name)
        service = module.app.service
        service.notifier = service.fanout.notifier = self.notifier
        service.fanout.timers = self.timers
        service.clock, service.rng = self.clock, self.rng
        return module

    def containers(self, count: int) -> list[Callable[[str, dict[str, Any]], None]]:
        """Senders on separate action containers, as concurrent Lambda invocations are.

        Lambda runs one invocation per container at a time, and Powertools keeps
        its logger and metric state per process. Threads stand in for containers
        here, so they call each container's service, one layer below the
        handler's two decorators, with its own clients, store and telemetry.
        """
        modules = [self._container("actions") for _ in range(count)]
        for module in modules:
            module.app.service.telemetry = RecordingTelemetry()

        def sender(module: ModuleType) -> Callable[[str, dict[str, Any]], None]:
            def send(cid: str, message: dict[str, Any]) -> None:
                module.app.service.message(cid, json.dumps(message))

            return send

        return [sender(m) for m in modules]

    @property
    def service(self) -> Any:
        return self.modules["actions"].app.service

    def connect(self) -> str:
        cid = next(self.ids)
        self.modules["connection"].handler(event("connect", cid), Context())
        return cid

    def disconnect(self, cid: str) -> None:
        self.modules["connection"].handler(event("disconnect", cid), Context())

    def send(self, cid: str, **message: Any) -> None:
        self.send_raw(cid, json.dumps(message))

    def send_raw(self, cid: str, body: str) -> None:
        result = self.modules["actions"].handler(event("message", cid, body), Context())
        assert result == {"statusCode": 200}

    def fire(self, deadline: Alarm, at: int | None = None) -> dict[str, Any]:
        """Deliver the alarm's message to the deadline handler, at `at` (default: on time).

        Returns the handler's answer (`batchItemFailures`).
        """
        self.clock.ms = max(self.clock.ms, deadline.at) if at is None else at
        message_id = f"msg-{next(self.message_ids)}"
        delivery = sqs.event([(message_id, deadline)], QUEUE_ARN, now=self.clock.ms)
        answer: dict[str, Any] = self.modules["deadline"].handler(delivery, Context())
        self.fired.add(deadline.name)
        return answer

    def fire_next(self) -> Alarm:
        """Fire the earliest timer not yet fired (it may be stale: then nothing happens)."""
        pending = [d for d in self.timers.started if d.name not in self.fired]
        deadline = min(pending, key=lambda d: d.at)
        self.fire(deadline)
        return deadline

    def fire_latest(self) -> Alarm:
        """Fire the timer of the current phase: the one started last."""
        deadline = self.timers.started[-1]
        self.fire(deadline)
        return deadline

    def messages(self, cid: str, kind: str | None = None) -> list[dict[str, Any]]:
        return [m for m in self.notifier.inbox[cid] if kind is None or m["type"] == kind]

    def last_state(self, cid: str) -> dict[str, Any]:
        return self.messages(cid, "state")[-1]

    def seat(self, names: Sequence[str], lang: str = "en", **create: Any) -> Seated:
        """A room created by the first name and joined by the others, one connection each.

        `create` adds fields to `create_room` (`game`, `options`).
        """
        cids = {name: self.connect() for name in names}
        first, *others = names
        self.send(cids[first], action="create_room", name=first, lang=lang, **create)
        code = self.messages(cids[first], "welcome")[-1]["room"]
        for name in others:
            self.send(cids[name], action="join_room", room=code, name=name)
        welcomes = {n: self.messages(c, "welcome")[-1] for n, c in cids.items()}
        return Seated(
            code=code,
            cids=cids,
            ids={n: w["player"] for n, w in welcomes.items()},
            tokens={n: w["token"] for n, w in welcomes.items()},
        )

    def room(self, code: str) -> Any:
        """The stored room of a Dictionary Bluff match, as its rules see it."""
        from games.bluff.state import BluffState
        from tests.support.bluff import MatchView

        snapshot = self.service.store.load(code, self.clock.now())
        assert snapshot is not None
        return MatchView(snapshot.room, BluffState.model_validate(snapshot.room.state))

    def room_item(self, code: str) -> dict[str, Any]:
        item = self.client.get_item(
            TableName=TABLE, Key={"pk": {"S": f"ROOM#{code}"}, "sk": {"S": "STATE"}}
        )
        return item["Item"]


@contextmanager
def atomic_items() -> Iterator[None]:
    """Make moto handle one DynamoDB request at a time, as DynamoDB applies each atomically.

    moto checks a condition and then writes without a lock, and serializes an
    item for its response while another thread may be changing it. DynamoDB
    never lets two writes both pass `version = 7`; the concurrency tests must
    race the service, not moto.
    """
    lock = threading.RLock()
    original = DynamoHandler.call_action

    def call_action(self: DynamoHandler) -> Any:
        with lock:
            return original(self)

    DynamoHandler.call_action = call_action  # type: ignore[method-assign]
    try:
        yield
    finally:
        DynamoHandler.call_action = original  # type: ignore[method-assign]


@contextmanager
def aws_stack(seed: int = 0) -> Iterator[Stack]:
    saved = {k: os.environ.get(k) for k in ENV}
    os.environ.update(ENV)
    try:
        with mock_aws(), atomic_items():
            yield Stack(seed)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
