"""Start the local stack: its store, the handlers' environment, the handlers, uvicorn.

The order matters. The listening socket is bound first, so that PORT=0 is
resolved before the handlers are imported: they create their boto3 clients at
import time, from WEBSOCKET_ENDPOINT and DEADLINE_QUEUE_URL, which name the port.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import logging
import os
import socket
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import uvicorn

from infra.local import environment
from infra.local.app import build_app, load_functions
from infra.local.config import REPO_ROOT, HandlerPaths, StackConfig, loopback_for, url_host
from infra.local.connections import ConnectionRegistry
from infra.local.dynamodb import Database, start_database
from infra.local.embedded import Embedded

# uvicorn closes every socket (1012) on Ctrl-C, then waits this long for the
# $disconnect handlers before cancelling them.
GRACEFUL_SHUTDOWN_S = 2


class _Server(uvicorn.Server):
    """uvicorn's server, announcing itself once it accepts connections."""

    def __init__(self, config: uvicorn.Config, banner: str) -> None:
        super().__init__(config)
        self._banner = banner

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started and not self.should_exit:
            print(self._banner, flush=True)


def phones_line(host: str, port: int) -> str:
    """The start-up line that says which address phones on the same network should open."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # sends nothing: only picks the outgoing interface
        lan: str | None = probe.getsockname()[0]
    except OSError:
        lan = None
    finally:
        probe.close()
    if not lan or lan.startswith("127."):
        return "phones: this machine has no network address (join the Wi-Fi to play with phones)"
    if host in ("", "0.0.0.0", "::", lan):
        return f"phones on this network: open http://{lan}:{port}"
    return f"phones can't reach {host}: start with HOST=0.0.0.0 make run, then open http://{lan}:{port}"


def bind(host: str, port: int) -> socket.socket:
    family, kind, proto, _, address = socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def run(config: StackConfig) -> None:
    """Serve until SIGINT or SIGTERM; prints `listening on http://HOST:PORT` when ready."""
    for path in (config.handlers.connection, config.handlers.actions, config.handlers.deadline):
        if not path.is_file():
            raise SystemExit(f"no handler at {path} (see docs/local-stack.md)")
    try:
        sock = bind(config.host, config.port)
    except OSError as error:
        raise SystemExit(f"cannot listen on {config.host}:{config.port}: {error}") from error
    port = sock.getsockname()[1]
    server_url = f"http://{url_host(loopback_for(config.host))}:{port}"

    if config.on_aws_emulation:
        environment.apply_credentials(os.environ, embedded=config.dynamodb_endpoint is None)
        moto = start_database(config.table_name, config.dynamodb_endpoint)
        database: Database | None = moto
        endpoint: str | None = moto.endpoint
        store: Embedded | None = None
        print(f"rooms in DynamoDB at {endpoint} (table {config.table_name})", flush=True)
    else:
        # Nothing may reach AWS: the handlers make no AWS client here, and any stray one
        # gets dummy credentials.
        environment.apply_credentials(os.environ, embedded=True)
        database, endpoint = None, None
        store = Embedded(config.data_dir, ConnectionRegistry())
        print(f"rooms in {config.data_dir}", flush=True)

    def stop_database() -> None:
        if database is not None:
            database.stop()
        if store is not None:
            store.close()
        print("stopped", flush=True)

    try:
        variables = environment.handler_environment(
            config, server_url=server_url, dynamodb_endpoint=endpoint
        )
        environment.apply(variables)
        # The layer puts `bluff` on Lambda's path (/opt/python); here it is ./shared.
        shared = str(REPO_ROOT / "shared")
        if shared not in sys.path:
            sys.path.insert(0, shared)
        if store is not None:
            store.install()  # before the handlers import `table.bootstrap.runtime`
        functions = load_functions(config)
        app = build_app(
            config, functions, on_shutdown=stop_database, embedded=store, server_url=server_url
        )
        uvicorn_config = uvicorn.Config(
            app,
            lifespan="on",
            ws="websockets-sansio",
            ws_max_size=config.frame_limit_bytes,
            ws_ping_interval=config.ping_interval_s,
            ws_ping_timeout=config.ping_timeout_s,
            # API Gateway negotiates no compression; neither do we.
            ws_per_message_deflate=False,
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
        )
        _tune_collector()
        banner = f"listening on http://{url_host(config.host)}:{port}"
        banner += "\n" + phones_line(config.host, port)
        _Server(uvicorn_config, banner).run(sockets=[sock])
    finally:
        sock.close()
        if database is not None:
            database.stop()


def _tune_collector() -> None:
    """The cycle collector, tuned for a long-lived server that makes many short-lived objects.

    What start-up loaded (the modules, the handlers, the games) lives as long as
    the process, so it is frozen out of the collector's walks; and a burst of
    picks makes thousands of small dicts and models that reference counting
    frees anyway, so the youngest generation is collected every 20,000
    allocations rather than 700. `bench/load.py`, 50 rooms: time spent
    collecting 320-390 ms -> ~70 ms a run (about a tenth of the stack's CPU).
    """
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def parse_args(argv: Sequence[str] | None = None) -> StackConfig:
    """Environment first (PORT, HOST, TIME_SCALE, ...), then flags for tests and tinkering."""
    try:
        config = StackConfig.from_env()
    except ValueError as error:  # PORT=abc, TIME_SCALE=0
        raise SystemExit(f"python -m infra.local: {error}") from error
    defaults = HandlerPaths()
    parser = argparse.ArgumentParser(
        prog="python -m infra.local",
        description="The games on one machine: the Lambda handlers on embedded adapters "
        "(SQLite in DATA_DIR), or with LOCAL_AWS=1 behind emulations of API Gateway, "
        "SQS and DynamoDB (moto).",
    )
    parser.add_argument("--connection-handler", type=Path, default=defaults.connection)
    parser.add_argument("--actions-handler", type=Path, default=defaults.actions)
    parser.add_argument("--deadline-handler", type=Path, default=defaults.deadline)
    parser.add_argument("--web-dir", type=Path, default=config.web_dir)
    parser.add_argument("--ping-interval", type=float, default=config.ping_interval_s)
    parser.add_argument("--ping-timeout", type=float, default=config.ping_timeout_s)
    parser.add_argument("--idle-timeout", type=float, default=config.idle_timeout_s)
    parser.add_argument("--max-connection-age", type=float, default=config.max_connection_age_s)
    args = parser.parse_args(argv)
    return replace(
        config,
        handlers=HandlerPaths(args.connection_handler, args.actions_handler, args.deadline_handler),
        web_dir=args.web_dir,
        ping_interval_s=args.ping_interval,
        ping_timeout_s=args.ping_timeout,
        idle_timeout_s=args.idle_timeout,
        max_connection_age_s=args.max_connection_age,
    )


def main(argv: Sequence[str] | None = None) -> int:
    # The stack's own news at INFO; moto's request log and botocore's chatter are
    # noise next to the handlers' logs (which Powertools writes to stdout).
    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("infra.local").setLevel(logging.INFO)
    # werkzeug (moto's server) raises its own logger to INFO unless it has a level.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    config = parse_args(argv)
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn re-raises Ctrl-C after shutting down
        run(config)
    return 0
