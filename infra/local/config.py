"""Settings of the local stack: what `make run` reads from its environment and flags."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

REGION = "us-east-1"
ACCOUNT = "123456789012"
DEADLINE_QUEUE_NAME = "dictionary-bluff-deadlines"
DEADLINE_QUEUE_ARN = f"arn:aws:sqs:{REGION}:{ACCOUNT}:{DEADLINE_QUEUE_NAME}"
DEFAULT_TABLE_NAME = "dictionary-bluff-local"

# API Gateway's WebSocket quotas (docs/architecture.md, "Verified facts"). They are real
# durations, not game durations, so TIME_SCALE does not shrink them.
FRAME_LIMIT_BYTES = 32 * 1024
POST_LIMIT_BYTES = 128 * 1024
IDLE_TIMEOUT_S = 10 * 60.0
MAX_CONNECTION_AGE_S = 2 * 60 * 60.0

# API Gateway itself sends no pings; the local server does, so that a phone that
# drops off the Wi-Fi without a close frame becomes `$disconnect` within
# interval + timeout (10-25 s) instead of after the 10-minute idle timeout.
PING_INTERVAL_S = 10.0
PING_TIMEOUT_S = 15.0


@dataclass(frozen=True)
class HandlerPaths:
    """The three Lambda handler files, each loaded as a module with a `handler`."""

    connection: Path = REPO_ROOT / "functions" / "connection" / "app.py"
    actions: Path = REPO_ROOT / "functions" / "actions" / "app.py"
    deadline: Path = REPO_ROOT / "functions" / "deadline" / "app.py"


@dataclass(frozen=True)
class StackConfig:
    """Everything one run of the local stack needs to know.

    Parameters
    ----------
    host, port
        Where uvicorn listens. Port 0 picks a free port (tests use it).
    time_scale
        Handed to the handlers as `TIME_SCALE`; they shorten the game's phases.
        The stack itself only waits for the timestamps the handlers compute.
    dynamodb_endpoint
        An existing DynamoDB endpoint; `None` starts moto on a loopback port
        (when the stack runs on the AWS emulations at all, see `local_aws`).
    local_aws
        Serve through moto and the HTTP emulations of API Gateway and SQS
        (`LOCAL_AWS=1`, or implied by `DYNAMODB_ENDPOINT`) instead of
        the embedded default (SQLite, timers in it, fan-out to the sockets).
    data_dir
        Where the embedded default keeps its SQLite file (`DATA_DIR`).
    """

    host: str = "127.0.0.1"
    port: int = 8000
    time_scale: float = 1.0
    handlers: HandlerPaths = HandlerPaths()
    web_dir: Path = REPO_ROOT / "web"
    content_dir: Path = REPO_ROOT / "content" / "decks"
    table_name: str = DEFAULT_TABLE_NAME
    dynamodb_endpoint: str | None = None
    local_aws: bool = False
    data_dir: Path = REPO_ROOT / ".local-data"
    ping_interval_s: float | None = PING_INTERVAL_S
    ping_timeout_s: float | None = PING_TIMEOUT_S
    idle_timeout_s: float = IDLE_TIMEOUT_S
    max_connection_age_s: float = MAX_CONNECTION_AGE_S
    frame_limit_bytes: int = FRAME_LIMIT_BYTES
    handler_workers: int = 16

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> StackConfig:
        """The settings that `make run` documents, from environment variables."""
        time_scale = float(environ.get("TIME_SCALE", "1"))
        if time_scale <= 0:
            raise ValueError("TIME_SCALE must be a positive number")
        return cls(
            host=environ.get("HOST", cls.host),
            port=int(environ.get("PORT", str(cls.port))),
            time_scale=time_scale,
            table_name=environ.get("TABLE_NAME", cls.table_name),
            dynamodb_endpoint=environ.get("DYNAMODB_ENDPOINT") or None,
            local_aws=environ.get("LOCAL_AWS", "") not in ("", "0", "false", "no"),
            data_dir=Path(environ.get("DATA_DIR") or cls.data_dir).resolve(),
        )

    @property
    def on_aws_emulation(self) -> bool:
        """moto and the HTTP emulations, rather than the embedded default."""
        return self.local_aws or self.dynamodb_endpoint is not None


def loopback_for(host: str) -> str:
    """The address this process uses to reach its own server bound to `host`.

    A wildcard bind (0.0.0.0, ::) accepts loopback connections too; the handlers
    (boto3 clients in this process) must not depend on the machine's LAN address.
    """
    if host in ("", "0.0.0.0", "::"):
        return "127.0.0.1"
    return host


def url_host(host: str) -> str:
    """`host` as it appears in a URL (IPv6 literals in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
