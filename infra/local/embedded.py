"""The embedded default: the same handlers and service, on in-process adapters.

`make run` serves from here unless `LOCAL_AWS=1` (moto and the HTTP emulations
of API Gateway and SQS, for checking AWS fidelity):

    store     SQLite in the data folder        table.adapters.sqlite.SqliteRoomStore
    timers    rows in the same file            table.adapters.sqlite.SqliteTimers,
              fired by `AlarmScheduler` here   (a deadline pending at a restart fires
                                               late, at once, rather than never)
    fan-out   straight to the open sockets     `SocketNotifier` here

The handler files are untouched: they call `table.bootstrap.runtime()` at
import, and this module puts its own `runtime` there first, built exactly
like bootstrap's (Powertools logger and metrics, the system clock, secure
randomness, `TableService`) with these adapters in place of the AWS ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import sys
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics.functions import is_metrics_disabled
from pydantic_core import to_json

from infra.local.connections import Connection, ConnectionRegistry, Gone
from infra.local.lambdas import Invocation, LambdaFunction
from table.adapters import sqs
from table.adapters.sqlite import Database, SqliteRoomStore, SqliteTimers
from table.bootstrap import PowertoolsTelemetry
from table.ports import Alarm, Notifier
from table.service import TableService

log = logging.getLogger("infra.local.embedded")

# A frame waiting in an outbox: encoded, or a view to make and encode when it goes out.
Frame = bytes | Callable[[], Mapping[str, Any]]

DATABASE_FILE = "rooms.sqlite3"
# A failed delivery comes again, twice, as a redelivered SQS message would.
RETRY_DELAYS_S = (2.0, 4.0)


class SocketNotifier(Notifier):
    """The `Notifier` port on the stack's own sockets: no HTTP, no signing, one hop.

    A handler on the event loop (the embedded default runs them there) queues
    its messages and goes on; each connection's frames go out in order, from
    that connection's outbox. A handler in a worker thread hands its batch to
    the loop and waits for it. A connection that is not open is reported gone,
    as the Management API's 410 would be.
    """

    def __init__(self, registry: ConnectionRegistry) -> None:
        self.registry = registry
        self.loop: asyncio.AbstractEventLoop | None = None
        self._outboxes: dict[str, Outbox] = {}
        self._sending: set[asyncio.Task[None]] = set()

    def send_all(self, messages: Sequence[tuple[str, Mapping[str, Any]]]) -> set[str]:
        # pydantic-core's encoder: the same compact UTF-8 JSON as json.dumps, several times faster.
        return self._deliver([(cid, to_json(m), str(m.get("type"))) for cid, m in messages])

    def send_views(self, views: Sequence[tuple[str, Callable[[], Mapping[str, Any]]]]) -> set[str]:
        """On the loop, each view is made when it leaves its outbox: one replaced by a
        newer view while it waited is never made (most of a room's burst)."""
        loop = self.loop
        if loop is None or loop.is_closed() or not _on_loop(loop):
            return super().send_views(views)
        return self._queue(loop, [(cid, view, "state") for cid, view in views])

    def _deliver(self, batch: list[tuple[str, bytes, str]]) -> set[str]:
        loop = self.loop
        if loop is None or loop.is_closed():
            return {cid for cid, _, _ in batch}
        if _on_loop(loop):
            return self._queue(loop, batch)
        future = asyncio.run_coroutine_threadsafe(self._send(batch), loop)
        return future.result()

    def _queue(
        self, loop: asyncio.AbstractEventLoop, batch: Sequence[tuple[str, Frame, str]]
    ) -> set[str]:
        """On the loop (an inline handler): put each message in its connection's outbox.

        A connection that is not open is gone now; one whose send fails later
        is closed by that failure, and its `$disconnect` tells the service.
        """
        gone: set[str] = set()
        for cid, frame, kind in batch:
            try:
                connection = self.registry.open(cid)
            except Gone:
                gone.add(cid)
                continue
            outbox = self._outboxes.get(cid)
            if outbox is None:
                outbox = self._outboxes[cid] = Outbox()
                task = loop.create_task(self._drain(cid, connection, outbox))
                self._sending.add(task)
                task.add_done_callback(self._sending.discard)
            outbox.put(frame, kind)
        return gone

    async def _drain(self, cid: str, connection: Connection, outbox: Outbox) -> None:
        try:
            while outbox.frames:
                frame, _ = outbox.frames.popleft()
                try:
                    data = _encoded(frame)
                except Exception:  # a view that cannot be made is a bug: keep the rest going
                    log.exception("a view for %s could not be made", cid)
                    continue
                try:
                    await connection.send(data)
                except Gone:  # closed by the failure, and logged
                    outbox.frames.clear()
        finally:
            if self._outboxes.get(cid) is outbox:
                del self._outboxes[cid]

    async def _send(self, batch: list[tuple[str, bytes, str]]) -> set[str]:
        async def one(cid: str, data: bytes) -> str | None:
            try:
                await self.registry.open(cid).send(data)
            except Gone:
                return cid
            return None

        if len(batch) == 1:
            found = await one(*batch[0][:2])
            return set() if found is None else {found}
        results = await asyncio.gather(*(one(cid, data) for cid, data, _ in batch))
        return {cid for cid in results if cid is not None}


class Outbox:
    """One connection's frames not sent yet, in order.

    A `state` message is a member's whole view. One still waiting when a newer
    view for the same connection comes is replaced by it, in its place, so a
    burst of changes to a room sends each member its latest view once instead
    of every view in turn; a view from the service waits unmade
    (`SocketNotifier.send_views`), so a replaced one is never made either.
    Only `ok` answers may stand between the two: an `ok` then arrives after a
    view that already holds the change it answers.
    Any other message (a welcome, an error, a game's notice) keeps the views
    on either side of it.
    """

    def __init__(self) -> None:
        self.frames: deque[tuple[Frame, str]] = deque()

    def put(self, frame: Frame, kind: str) -> None:
        if kind == "state":
            for i in range(len(self.frames) - 1, -1, -1):
                waiting = self.frames[i][1]
                if waiting == "state":
                    self.frames[i] = (frame, kind)
                    return
                if waiting != "ok":
                    break
        self.frames.append((frame, kind))


def _encoded(frame: Frame) -> bytes:
    return frame if isinstance(frame, bytes) else to_json(frame())


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


class AlarmScheduler:
    """Fires the alarms kept in SQLite, on the event loop, through the deadline handler.

    Each due alarm is handed to the deadline handler as the deadline queue
    would deliver it (an SQS event of one record), then forgotten; a delivery
    that fails (the handler raises, or hands the record back) is retried.
    """

    def __init__(
        self,
        timers: SqliteTimers,
        invoke: Callable[[Any], Awaitable[Invocation]],
        clock: Callable[[], int] = lambda: time.time_ns() // 1_000_000,
    ) -> None:
        self.timers = timers
        self.invoke = invoke
        self.clock = clock
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._running: dict[str, asyncio.Task[None]] = {}

    def changed(self) -> None:
        """Thread-safe: an alarm was added; look again."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is closing
                loop.call_soon_threadsafe(self._wake.set)

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._task = self._loop.create_task(self._run(), name="alarms")

    async def stop(self) -> None:
        tasks = [t for t in (self._task, *self._running.values()) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            now = self.clock()
            # In-process SQLite answers in microseconds: no thread needed.
            for alarm in self.timers.due(now):
                if alarm.name not in self._running:
                    task = asyncio.get_running_loop().create_task(self._fire(alarm))
                    self._running[alarm.name] = task
            later = self.timers.next_at(now)
            timeout = None if later is None else max(0.0, (later - self.clock()) / 1000)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)

    async def _fire(self, alarm: Alarm) -> None:
        try:
            for delay in (*RETRY_DELAYS_S, None):
                delivery = sqs.event([(alarm.name, alarm)], now=self.clock())
                outcome = await self.invoke(delivery)
                if outcome.error is None and not _handed_back(outcome.result):
                    break
                if delay is None:
                    log.error("alarm %s failed: %r", alarm.name, outcome.error)
                    break
                await asyncio.sleep(delay)
            self.timers.fired(alarm)
        finally:
            self._running.pop(alarm.name, None)


def _handed_back(result: Any) -> bool:
    return isinstance(result, Mapping) and bool(result.get("batchItemFailures"))


class _Unpublished(Metrics):
    """Metrics switched off: `log_metrics` leaves the handler as it is."""

    def log_metrics(
        self,
        lambda_handler: Callable[..., Any] | None = None,
        capture_cold_start_metric: bool = False,
        raise_on_empty_metrics: bool = False,
        default_dimensions: dict[str, str] | None = None,
        **kwargs: dict[str, Any],
    ) -> Callable[..., Any]:
        if lambda_handler is None:
            return lambda handler: handler
        return lambda_handler


class _Uncounted(PowertoolsTelemetry):
    """Log events as usual; counts go nowhere (metrics are switched off)."""

    def count(self, metric: str, value: int = 1) -> None:
        pass


class Embedded:
    """The adapters of one embedded stack: one SQLite file, its timers, the sockets."""

    def __init__(self, data_dir: Path, registry: ConnectionRegistry) -> None:
        self.data_dir = data_dir
        self.database = Database(data_dir / DATABASE_FILE)
        removed = self.database.purge(time.time_ns() // 1_000_000)
        if removed:
            log.info("removed %d expired rows", removed)
        self.store = SqliteRoomStore(self.database)
        self.notifier = SocketNotifier(registry)
        self.scheduler: AlarmScheduler | None = None
        self.timers = SqliteTimers(self.database, on_change=self._changed)

    def _changed(self) -> None:
        if self.scheduler is not None:
            self.scheduler.changed()

    def serves(self, function: LambdaFunction) -> bool:
        """Whether `function`'s module runs on these adapters (so it never waits on a network)."""
        module = sys.modules.get(function.module)
        app = getattr(module, "app", None)
        service = getattr(app, "service", None)
        return getattr(service, "store", None) is self.store

    def install(self) -> None:
        """Make `table.bootstrap.runtime()` build the service on these adapters."""
        import table.bootstrap as bootstrap

        def runtime() -> bootstrap.Runtime:
            extra_games = getattr(bootstrap, "_extra_games", None)
            if extra_games is not None:
                extra_games(os.environ.get("EXTRA_GAMES", ""))
            logger = Logger()
            metrics = Metrics()
            telemetry = bootstrap.PowertoolsTelemetry(logger, metrics)
            if is_metrics_disabled():
                # `make run` turns metrics off. Powertools would still keep every
                # count (and print them a hundred at a time): drop them here, and
                # leave the handlers without a flush that has nothing to flush.
                metrics = _Unpublished()
                telemetry = _Uncounted(logger, metrics)
            service = TableService(
                store=self.store,
                notifier=self.notifier,
                timers=self.timers,
                clock=bootstrap.SystemClock(),
                rng=secrets.SystemRandom(),
                telemetry=telemetry,
                scale=float(os.environ.get("TIME_SCALE") or 1),
            )
            return bootstrap.Runtime(logger, metrics, service, bootstrap._tracing())

        bootstrap.runtime = runtime

    def start(self, invoke_deadline: Callable[[Any], Awaitable[Invocation]]) -> None:
        """On the event loop: sockets become reachable and pending alarms start firing."""
        self.notifier.loop = asyncio.get_running_loop()
        self.scheduler = AlarmScheduler(self.timers, invoke_deadline)
        self.scheduler.start()
        pending = len(self.timers.pending())
        if pending:
            log.info("%d pending timers from the last run", pending)

    async def stop(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()

    def close(self) -> None:
        self.database.close()
