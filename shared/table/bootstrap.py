"""The one module that wires real adapters: AWS clients, the clock, secure randomness.

Handlers call `runtime()` once, at import, so every warm invocation reuses the
clients, the loaded content and the notifier's thread pool. Only this module
reads the environment.

A cold start is an import, so nothing is made before it is needed: clients
are botocore's (boto3 adds ~120 ms of imports the table does not use), each
created on its first call; a game is imported, and its content read, when a
room first plays it.
"""

from __future__ import annotations

import gc
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

from table import registry
from table.adapters.apigateway import ApiGatewayNotifier
from table.adapters.dynamodb import DynamoRoomStore
from table.adapters.sqs import SqsTimers
from table.ports import Clock, Telemetry
from table.service import TableService

# Retries are ours (table.adapters.retry), bounded and visible; botocore's are off.
CLIENT_OPTIONS: dict[str, Any] = {
    "retries": {"mode": "standard", "max_attempts": 1},
    "connect_timeout": 2,
    "read_timeout": 5,
    "max_pool_connections": 16,
}


class SystemClock(Clock):
    def now(self) -> int:
        return time.time_ns() // 1_000_000


class PowertoolsTelemetry(Telemetry):
    """Counts become EMF metrics; events become structured log lines."""

    def __init__(self, logger: Logger, metrics: Metrics) -> None:
        self.logger = logger
        self.metrics = metrics

    def count(self, metric: str, value: int = 1) -> None:
        self.metrics.add_metric(name=metric, unit=MetricUnit.Count, value=value)

    def event(self, name: str, **fields: Any) -> None:
        self.logger.info(name, extra=fields)

    def context(self, **keys: str) -> None:
        self.logger.append_keys(**keys)


Handler = Callable[[dict[str, Any], Any], dict[str, Any]]


@dataclass(frozen=True)
class Runtime:
    logger: Logger
    metrics: Metrics
    service: TableService
    trace: Callable[[Handler], Handler]


def _tracing() -> Callable[[Handler], Handler]:
    """Powertools Tracer when the stack turns X-Ray on (`TRACING=Active`), else nothing.

    The Tracer costs a cold start about 340 ms of imports (aws-xray-sdk), so
    it is imported only when it will be used.
    """
    if os.environ.get("TRACING") != "Active":
        return lambda handler: handler
    from aws_lambda_powertools import Tracer

    tracer = Tracer()
    traced: Callable[[Handler], Handler] = tracer.capture_lambda_handler
    return traced


_session_lock = threading.Lock()
_session: Any = None


def make_client(service: str, **options: Any) -> Any:
    """A botocore client on the container's one session.

    botocore's session and client machinery (~100 ms of imports, urllib3 and
    http.client among them) are imported here, by the first client, not at
    import: a container whose first request makes no AWS call (a `$connect`)
    never waits for them there. A botocore session is not thread-safe, so its
    clients are made one at a time.
    """
    from botocore.config import Config
    from botocore.session import get_session

    global _session
    with _session_lock:
        if _session is None:
            _session = get_session()
        return _session.create_client(service, config=Config(**CLIENT_OPTIONS), **options)


class LazyClient:
    """A botocore client made on first use, then reused for the container's life.

    The notifier's threads may all reach for it at once, and creating a
    botocore client is not thread-safe: the first one makes it under a lock.
    """

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make = make
        self._client: Any = None
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        if self._client is None:
            with self._lock:
                if self._client is None:
                    self._client = self._make()
        return getattr(self._client, name)


def _extra_games(spec: str) -> None:
    """Serve games beyond the registry: `module:attribute`, comma-separated.

    The test suite plays its toy game through the real handlers this way; an
    operator never needs it.
    """
    for target in filter(None, (part.strip() for part in spec.split(","))):
        module, _, attribute = target.partition(":")
        registry.register(getattr(import_module(module), attribute))


def runtime() -> Runtime:
    _extra_games(os.environ.get("EXTRA_GAMES", ""))
    logger = Logger()
    metrics = Metrics()
    telemetry = PowertoolsTelemetry(logger, metrics)
    scale = float(os.environ.get("TIME_SCALE") or 1)

    def client(service: str, **options: Any) -> LazyClient:
        return LazyClient(lambda: make_client(service, **options))

    clock = SystemClock()
    service = TableService(
        store=DynamoRoomStore(client("dynamodb"), os.environ["TABLE_NAME"]),
        notifier=ApiGatewayNotifier(
            client("apigatewaymanagementapi", endpoint_url=os.environ["WEBSOCKET_ENDPOINT"]),
            telemetry,
        ),
        timers=SqsTimers(client("sqs"), os.environ["DEADLINE_QUEUE_URL"], clock),
        clock=clock,
        rng=secrets.SystemRandom(),
        telemetry=telemetry,
        scale=scale,
        pause=time.sleep,
    )
    handlers = Runtime(logger, metrics, service, _tracing())
    # What the import made lives as long as the container: the collector need not
    # walk it again at every collection (the first client's imports set off several).
    gc.freeze()
    return handlers
