"""Many rooms of bots against the local stack at once, beside a bare WebSocket echo server.

Each room seats `--players` bots (6 by default) who play a whole Dictionary
Bluff match at `TIME_SCALE=0.05`. The load is bursty, as a real table is:
every bot of a room submits in the same instant, then every bot votes in
the same instant, and all rooms do so together. Each action carries a `req`
and its latency is the time until the server's `ok` (or error) for it comes
back, which the service sends after the change is stored and every member's
view has gone out.

In the same run the same client measures a bare WebSocket echo server (a
subprocess doing nothing but echo) with the same connections and the same
bursts, and the ratio of the two p99s is printed.

    .venv/bin/python bench/load.py --rooms 50               # starts `make run`'s stack itself
    .venv/bin/python bench/load.py --rooms 1 10 50 200      # one stack, one run per size
    .venv/bin/python bench/load.py --rooms 50 --local-aws   # the moto-backed emulation
    .venv/bin/python bench/load.py --rooms 50 --url ws://127.0.0.1:8000/ws  # a running stack

Loopback only. Every loop is bounded: a match ends after its six rounds, and
any wait gives up after `--timeout` seconds (counted as an error). Not a test:
nothing asserts; prints markdown.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "shared")]

TIME_SCALE = "0.05"
ROUNDS = 6
ADJECTIVES = ["copper", "woollen", "painted", "folded", "hollow", "crooked", "gilded", "rusty"]
NOUNS = ["kettle", "whistle", "lantern", "saddle", "ladle", "bonnet", "basket", "bucket"]

# The service's messages are compact JSON with `type` first (pydantic-core or json.dumps).
STATE_PREFIX = '{"type":"state"'

ECHO_SERVER = """
import asyncio, sys
from websockets.asyncio.server import serve

async def echo(websocket):
    async for message in websocket:
        await websocket.send(message)

async def main():
    async with serve(echo, "127.0.0.1", 0, compression=None, max_queue=None) as server:
        print(server.sockets[0].getsockname()[1], flush=True)
        await asyncio.get_running_loop().create_future()

asyncio.run(main())
"""


@dataclass
class Results:
    latencies_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    actions: int = 0
    missed: int = 0  # moves a bot could not make: its phase had already closed
    # Per room's burst: (actions in it, seconds from its first send to its last answer).
    bursts: list[tuple[int, float]] = field(default_factory=list)
    # Each accepted action's (sent, answered `ok`), perf_counter seconds: a refusal is
    # cheaper than a change, so it does not count towards throughput.
    spans: list[tuple[float, float]] = field(default_factory=list)
    started: float = 0.0
    ended: float = 0.0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


class Bot:
    """One player: a socket, a reader task, and the answers it waits for."""

    def __init__(self, websocket: ClientConnection, results: Results, timeout: float) -> None:
        self.ws = websocket
        self.results = results
        self.timeout = timeout
        self.pending: dict[str, tuple[float, asyncio.Future[float]]] = {}
        self._raw_state: str | bytes = ""
        self._state: dict[str, Any] | None = {}
        self.changed = asyncio.Event()
        self.welcome: dict[str, Any] = {}
        self._ids = itertools.count()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                now = time.perf_counter()
                if isinstance(raw, str) and raw.startswith(STATE_PREFIX):
                    # Only the latest view matters, and only when a bot looks at it:
                    # parsed then, so the client spends its time on the answers.
                    self._raw_state, self._state = raw, None
                    self.changed.set()
                    continue
                message = json.loads(raw)
                kind = message.get("type")
                req = message.get("req")
                if req is not None and req in self.pending and kind in ("ok", "error"):
                    sent, answered = self.pending.pop(req)
                    if kind == "error":
                        self.results.error(str(message.get("code")))
                    else:
                        self.results.spans.append((sent, now))
                    if not answered.done():
                        answered.set_result(now - sent)
                    continue
                if kind == "state":
                    self._raw_state, self._state = raw, message
                    self.changed.set()
                elif kind == "welcome":
                    self.welcome = message
                    self.changed.set()
                elif kind == "error":
                    self.results.error(str(message.get("code")))

    @property
    def state(self) -> dict[str, Any]:
        if self._state is None:
            self._state = json.loads(self._raw_state) if self._raw_state else {}
        return self._state

    async def act(self, **message: Any) -> float | None:
        """Send one action; its latency in seconds once answered (None on timeout)."""
        req = f"r{next(self._ids)}"
        answered: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.pending[req] = (time.perf_counter(), answered)
        await self.ws.send(json.dumps({**message, "req": req}))
        self.results.actions += 1
        try:
            latency = await asyncio.wait_for(answered, self.timeout)
        except TimeoutError:
            self.pending.pop(req, None)
            self.results.error("timeout")
            return None
        self.results.latencies_ms.append(latency * 1000)
        return latency

    async def until(self, test: Any) -> dict[str, Any]:
        """Wait until the latest state passes `test`."""
        deadline = time.monotonic() + self.timeout
        while not test(self.state):
            self.changed.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"waiting in {self.state.get('phase')}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        return self.state


ORDER = ("lobby", "writing", "voting", "reveal")


def reached(phase: str, round_no: int) -> Any:
    """The room is in `phase` of `round_no`, or past it (a lagging bot must not wait forever)."""

    def test(state: dict[str, Any]) -> bool:
        now = state.get("round") or 0, state.get("phase")
        if now[1] == "finished" or now[0] > round_no:
            return True
        return now[0] == round_no and now[1] in ORDER and ORDER.index(now[1]) >= ORDER.index(phase)

    return test


def is_in(state: dict[str, Any], phase: str, round_no: int) -> bool:
    return state.get("round") == round_no and state.get("phase") == phase


async def _burst(results: Results, actions: list[Any]) -> None:
    if not actions:
        return
    started = time.perf_counter()
    await asyncio.gather(*actions)
    results.bursts.append((len(actions), time.perf_counter() - started))


def _text(seat: int, round_no: int) -> str:
    return f"a {ADJECTIVES[seat % 8]} {NOUNS[(seat + round_no) % 8]} for the road"


class Gate:
    """Every room starts its match together; a room that failed before the gate still
    arrives (in its `finally`), so the others never wait for it."""

    def __init__(self, rooms: int) -> None:
        self.waiting = rooms
        self.open = asyncio.Event()

    def arrive(self) -> None:
        self.waiting -= 1
        if self.waiting <= 0:
            self.open.set()


def source(room: int) -> tuple[str, int]:
    """A loopback address of its own for each room's phones (127.0.0.0/8 is all loopback
    on Linux), as a community's tables would come from many addresses: the service
    limits new rooms per source address."""
    return (f"127.0.{room // 250 + 1}.{room % 250 + 1}", 0)


async def play_room(
    url: str, players: int, results: Results, timeout: float, gate: Gate, index: int
) -> None:
    arrived = False

    def arrive() -> None:
        nonlocal arrived
        if not arrived:
            arrived = True
            gate.arrive()

    try:
        await _play_room(url, players, results, timeout, gate, arrive, source(index))
    except Exception as error:  # could not connect, or the connection broke
        results.error(f"room failed ({type(error).__name__})")
    finally:
        arrive()


async def _play_room(
    url: str,
    players: int,
    results: Results,
    timeout: float,
    gate: Gate,
    arrive: Callable[[], None],
    local: tuple[str, int],
) -> None:
    async with contextlib.AsyncExitStack() as stack:
        sockets = [
            await stack.enter_async_context(
                connect(
                    url,
                    compression=None,
                    max_queue=None,
                    open_timeout=timeout,
                    local_addr=local,
                )
            )
            for _ in range(players)
        ]
        bots = [Bot(ws, results, timeout) for ws in sockets]
        try:
            host, guests = bots[0], bots[1:]
            await host.act(action="create_room", name="Bot0", lang="en")
            await host.until(lambda s: s.get("phase") == "lobby")
            room = host.welcome["room"]
            await asyncio.gather(
                *(
                    b.act(action="join_room", room=room, name=f"Bot{i + 1}")
                    for i, b in enumerate(guests)
                )
            )
            arrive()
            await asyncio.wait_for(gate.open.wait(), timeout)
            await host.act(action="start_match")
            for round_no in range(1, ROUNDS + 1):
                writing = reached("writing", round_no)
                states = await asyncio.gather(*(b.until(writing) for b in bots))
                writers = [
                    b
                    for b, s in zip(bots, states, strict=True)
                    if is_in(s, "writing", round_no) and s.get("can_submit")
                ]
                results.missed += len(bots) - len(writers)
                await _burst(
                    results,
                    [
                        b.act(action="submit", round=round_no, text=_text(i, round_no))
                        for i, b in enumerate(writers)
                    ],
                )
                voting = reached("voting", round_no)
                states = await asyncio.gather(*(b.until(voting) for b in bots))
                voters = [
                    (b, next(o["id"] for o in s["ballot"] if not o["mine"]))
                    for b, s in zip(bots, states, strict=True)
                    if is_in(s, "voting", round_no) and s.get("can_vote")
                ]
                results.missed += len(bots) - len(voters)
                await _burst(
                    results,
                    [b.act(action="vote", round=round_no, option=option) for b, option in voters],
                )
            await host.until(lambda s: s.get("phase") == "finished")
        except TimeoutError as error:
            results.error(f"stalled ({error})")
        finally:
            for bot in bots:
                bot.reader.cancel()


async def run_rooms(url: str, rooms: int, players: int, timeout: float) -> Results:
    results = Results()
    gate = Gate(rooms)
    results.started = time.perf_counter()
    await asyncio.gather(
        *(play_room(url, players, results, timeout, gate, i) for i in range(rooms))
    )
    results.ended = time.perf_counter()
    return results


async def run_echo(url: str, rooms: int, players: int, bursts: int, timeout: float) -> Results:
    """The same connections and the same bursts (a submit-sized frame) against the echo server."""
    results = Results()
    frame = json.dumps({"action": "submit", "round": 1, "text": "a copper kettle for the road"})

    async def room(index: int) -> None:
        async with contextlib.AsyncExitStack() as stack:
            sockets = [
                await stack.enter_async_context(
                    connect(
                        url,
                        compression=None,
                        max_queue=None,
                        open_timeout=timeout,
                        local_addr=source(index),
                    )
                )
                for _ in range(players)
            ]

            async def one(ws: ClientConnection) -> None:
                sent = time.perf_counter()
                await ws.send(frame)
                await asyncio.wait_for(ws.recv(), timeout)
                now = time.perf_counter()
                results.latencies_ms.append((now - sent) * 1000)
                results.spans.append((sent, now))
                results.actions += 1

            for _ in range(bursts):
                await _burst(results, [one(ws) for ws in sockets])
                await asyncio.sleep(0.05)

    results.started = time.perf_counter()
    await asyncio.gather(*(room(i) for i in range(rooms)))
    results.ended = time.perf_counter()
    return results


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


@contextmanager
def echo_server() -> Iterator[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", ECHO_SERVER], stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline())
        yield f"ws://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


@contextmanager
def local_stack(local_aws: bool) -> Iterator[tuple[str, int]]:
    from infra.local.testing import running_stack

    env = {
        "TIME_SCALE": TIME_SCALE,
        # As `make run` sets them: a quiet console.
        "LOG_LEVEL": os.environ.get("LOG_LEVEL", "WARNING"),
        "POWERTOOLS_METRICS_DISABLED": os.environ.get("POWERTOOLS_METRICS_DISABLED", "true"),
    }
    if local_aws:
        env["LOCAL_AWS"] = "1"
    with (
        tempfile.TemporaryDirectory() as data,
        running_stack(env={**env, "DATA_DIR": data}, startup_timeout=60) as stack,
    ):
        yield stack.websocket_url, stack.process.pid


def cpu_seconds(pid: int | None) -> float | None:
    """CPU time (user + system) a process has used so far; None where /proc cannot tell.

    On a shared machine latencies measure the neighbours too; the CPU a stack
    spends per action does not.
    """
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_line(stack: Results, server_s: float | None, bots_s: float) -> str:
    """CPU per action: the stack's process (when this script started it) and the bots'."""
    per = 1000 / max(stack.actions, 1)
    server = "?" if server_s is None else f"{server_s * per:.2f}"
    return f"  CPU ms per action: stack {server}, bots {bots_s * per:.2f}"


def busiest_second(results: Results) -> int:
    """The most actions accepted within any one second: the rate the stack sustained."""
    answers = sorted(end for _, end in results.spans)
    best, first = 0, 0
    for last, at in enumerate(answers):
        while answers[first] < at - 1.0:
            first += 1
        best = max(best, last - first + 1)
    return best


def busy_rate(results: Results) -> float:
    """Actions over the time some action was in flight (the idle waits of the game taken out)."""
    busy, until = 0.0, float("-inf")
    for start, end in sorted(results.spans):
        if end > until:
            busy += end - max(start, until)
            until = end
    return len(results.spans) / busy if busy else float("nan")


def row(label: str, rooms: int, stack: Results, echo: Results) -> str:
    p = {q: percentile(stack.latencies_ms, q) for q in (50, 95, 99)}
    echo99 = percentile(echo.latencies_ms, 99)
    errors = sum(stack.errors.values())
    total_s = stack.ended - stack.started
    return (
        f"| {label} | {rooms} | {stack.actions:,} | {errors} | {p[50]:,.1f} | {p[95]:,.1f} "
        f"| {p[99]:,.1f} | {percentile(stack.latencies_ms, 100):,.0f} "
        f"| {stack.actions / total_s:,.0f} | {busy_rate(stack):,.0f} | {busiest_second(stack):,} "
        f"| {percentile(echo.latencies_ms, 50):,.1f} | {echo99:,.1f} | {p[99] / echo99:,.0f}× |"
    )


HEADER = (
    "| stack | rooms | actions | errors | ack p50 ms | p95 ms | p99 ms | max ms "
    "| actions/s (whole match) | actions/s (while busy) | most accepted in 1 s "
    "| echo p50 ms | echo p99 ms | p99 ÷ echo p99 |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[50])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--url", help="a running stack's ws:// URL (its TIME_SCALE is its own)")
    parser.add_argument("--local-aws", action="store_true", help="LOCAL_AWS=1: moto and emulations")
    parser.add_argument("--timeout", type=float, default=60.0, help="give up on any wait after")
    args = parser.parse_args()

    label = "LOCAL_AWS=1" if args.local_aws else "embedded"
    print(f"load: `uptime` before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}", flush=True)
    print(HEADER, flush=True)
    with contextlib.ExitStack() as stack:
        url, pid = (
            (args.url, None) if args.url else stack.enter_context(local_stack(args.local_aws))
        )
        echo_url = stack.enter_context(echo_server())
        for rooms in args.rooms:
            server_before, bots_before = cpu_seconds(pid), time.process_time()
            results = asyncio.run(run_rooms(url, rooms, args.players, args.timeout))
            server_after, bots_s = cpu_seconds(pid), time.process_time() - bots_before
            echo = asyncio.run(run_echo(echo_url, rooms, args.players, 2 * ROUNDS, args.timeout))
            print(row(label, rooms, results, echo), flush=True)
            server_s = None
            if server_before is not None and server_after is not None:
                server_s = server_after - server_before
            print(cpu_line(results, server_s, bots_s), flush=True)
            if results.errors or results.missed:
                print(f"  errors: {results.errors}; moves missed: {results.missed}", flush=True)
    print(f"load: `uptime` after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
