"""The handlers on moto, with a recording notifier, recorded timers and a fake clock.

moto's Management API loses message boundaries and never answers 410 Gone, so
messages go through `RecordingNotifier`, a fake of the `Notifier` port. Timers
are recorded and fired by invoking the deadline handler with the very input
Step Functions would send, at a fake time.
"""

from __future__ import annotations

import copy
import importlib.util
import itertools
import json
import os
import random
import threading
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import boto3
from moto import mock_aws

from bluff.adapters.stepfunctions import iso_utc
from bluff.ports import Clock, Deadline, Notifier, Timers
from infra.template import table_definition, ttl_attribute

ROOT = Path(__file__).resolve().parents[2]
EVENTS = ROOT / "tests" / "events"
TABLE = "bluff-test"
START = 1_795_971_600_000  # 2026-11-29T17:00:00Z

ENV = {
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "TABLE_NAME": TABLE,
    "STATE_MACHINE_ARN": "arn:aws:states:us-east-1:123456789012:stateMachine:bluff-deadlines",
    "WEBSOCKET_ENDPOINT": "https://abc123.execute-api.us-east-1.amazonaws.com/live",
    "POWERTOOLS_SERVICE_NAME": "dictionary-bluff",
    "POWERTOOLS_METRICS_NAMESPACE": "DictionaryBluffTest",
    "POWERTOOLS_METRICS_DISABLED": "true",
    "POWERTOOLS_LOG_LEVEL": "WARNING",
}


class FakeClock(Clock):
    def __init__(self, now: int = START) -> None:
        self.ms = now

    def now(self) -> int:
        return self.ms


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


class RecordingTimers(Timers):
    def __init__(self) -> None:
        self.started: list[Deadline] = []
        self.lock = threading.Lock()

    def schedule(self, deadline: Deadline) -> None:
        with self.lock:
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
        self.modules = {name: _load(name) for name in ("connection", "actions", "deadline")}
        rng = random.Random(seed)
        for module in self.modules.values():
            service = module.app.service
            service.notifier, service.timers, service.clock, service.rng = (
                self.notifier,
                self.timers,
                self.clock,
                rng,
            )
        self.ids = (f"conn{i:04d}=" for i in itertools.count())

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

    def fire(self, deadline: Deadline, at: int | None = None) -> None:
        """Invoke the deadline handler as the state machine would, at `at` (default: on time)."""
        self.clock.ms = max(self.clock.ms, deadline.at) if at is None else at
        payload = {**deadline.payload(), "at": iso_utc(deadline.at)}
        self.modules["deadline"].handler(copy.deepcopy(payload), Context())
        self.fired.add(deadline.name)

    def fire_next(self) -> Deadline:
        pending = [d for d in self.timers.started if d.name not in self.fired]
        deadline = min(pending, key=lambda d: d.at)
        self.fire(deadline)
        return deadline

    def messages(self, cid: str, kind: str | None = None) -> list[dict[str, Any]]:
        return [m for m in self.notifier.inbox[cid] if kind is None or m["type"] == kind]

    def last_state(self, cid: str) -> dict[str, Any]:
        return self.messages(cid, "state")[-1]

    def room_item(self, code: str) -> dict[str, Any]:
        item = self.client.get_item(
            TableName=TABLE, Key={"pk": {"S": f"ROOM#{code}"}, "sk": {"S": "STATE"}}
        )
        return item["Item"]


@contextmanager
def aws_stack(seed: int = 0) -> Iterator[Stack]:
    saved = {k: os.environ.get(k) for k in ENV}
    os.environ.update(ENV)
    try:
        with mock_aws():
            yield Stack(seed)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
