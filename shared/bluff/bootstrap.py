"""The one module that wires real adapters: AWS clients, the clock, secure randomness.

Handlers call `runtime()` once, at import, so every warm invocation reuses the
clients, the loaded decks and the notifier's thread pool. Only this module
reads the environment.
"""

from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import boto3
from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit
from botocore.config import Config

from bluff.adapters.apigateway import ApiGatewayNotifier
from bluff.adapters.dynamodb import DynamoRoomStore
from bluff.adapters.stepfunctions import StepFunctionsTimers
from bluff.deck import DECKS_DIR, available_languages, load_deck
from bluff.ports import Clock, Telemetry
from bluff.rules.env import Timings
from bluff.service import GameService

# Retries are ours (bluff.adapters.retry), bounded and visible; botocore's are off.
CLIENT_CONFIG = Config(
    retries={"mode": "standard", "max_attempts": 1},
    connect_timeout=2,
    read_timeout=5,
    max_pool_connections=16,
)


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


@dataclass(frozen=True)
class Runtime:
    logger: Logger
    metrics: Metrics
    service: GameService


def load_decks(root: Path) -> dict[str, Any]:
    return {lang: load_deck(lang, root) for lang in available_languages(root)}


def runtime() -> Runtime:
    logger = Logger()
    metrics = Metrics()
    telemetry = PowertoolsTelemetry(logger, metrics)
    content = Path(os.environ.get("CONTENT_DIR") or DECKS_DIR)
    scale = float(os.environ.get("TIME_SCALE") or 1)
    service = GameService(
        store=DynamoRoomStore(
            boto3.client("dynamodb", config=CLIENT_CONFIG), os.environ["TABLE_NAME"]
        ),
        notifier=ApiGatewayNotifier(
            boto3.client(
                "apigatewaymanagementapi",
                endpoint_url=os.environ["WEBSOCKET_ENDPOINT"],
                config=CLIENT_CONFIG,
            ),
            telemetry,
        ),
        timers=StepFunctionsTimers(
            boto3.client("stepfunctions", config=CLIENT_CONFIG), os.environ["STATE_MACHINE_ARN"]
        ),
        clock=SystemClock(),
        rng=secrets.SystemRandom(),
        decks=load_decks(content),
        telemetry=telemetry,
        timings=Timings().scaled(scale) if scale != 1 else Timings(),
    )
    return Runtime(logger, metrics, service)
