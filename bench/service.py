"""One room's actions through the table service, in process: no sockets, no server.

The embedded stack's own adapters (SQLite in a temporary folder, its timers)
and a notifier that serialises each message as the stack's `SocketNotifier`
does, then drops it. Each room seats `--players` bots who play a whole
Dictionary Bluff match: everyone submits, then everyone votes, six rounds; the
reveal's timer is fired by hand. Prints the median and mean CPU time of each
kind of action: what `bench/load.py`'s latencies are made of (times the burst),
without the network or the bots' own work, and without the neighbours' load
that wall time would also measure on a shared machine.

    .venv/bin/python bench/service.py                   # 20 rooms of 6
    .venv/bin/python bench/service.py --profile 30      # and the top 30 functions (cProfile)
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "shared")]

from pydantic_core import to_json  # noqa: E402

from table.adapters.sqlite import Database, SqliteRoomStore, SqliteTimers  # noqa: E402
from table.ports import Alarm, Clock, Notifier, Telemetry  # noqa: E402
from table.service import TableService  # noqa: E402

TIME_SCALE = 0.05
ROUNDS = 6


class FakeClock(Clock):
    def __init__(self) -> None:
        self.at = 1_700_000_000_000

    def now(self) -> int:
        return self.at


class Quiet(Telemetry):
    def count(self, metric: str, value: int = 1) -> None:
        pass

    def event(self, name: str, **fields: Any) -> None:
        pass

    def context(self, **keys: str) -> None:
        pass


class Serialising(Notifier):
    """Encodes every message as the stack does; keeps each connection's last view (or welcome)."""

    def __init__(self) -> None:
        self.last: dict[str, Mapping[str, Any]] = {}
        self.frames = 0

    def send_all(self, messages: Sequence[tuple[str, Mapping[str, Any]]]) -> set[str]:
        for cid, message in messages:
            to_json(message)
            if message.get("type") in ("state", "welcome"):
                self.last[cid] = message
        self.frames += len(messages)
        return set()


def play(
    service: TableService,
    notifier: Serialising,
    clock: FakeClock,
    timers: SqliteTimers,
    room_no: int,
    players: int,
    times: dict[str, list[float]],
) -> None:
    cids = [f"c{room_no}-{i}" for i in range(players)]
    req = iter(range(10**9))

    def send(cid: str, action: str, **fields: Any) -> None:
        frame = json.dumps({"action": action, "req": f"r{next(req)}", **fields})
        started = time.process_time()
        service.message(cid, frame, source=f"127.0.{room_no // 250}.{room_no % 250}")
        times[action].append(time.process_time() - started)

    def fire_due() -> None:
        for alarm in timers.due(clock.at):
            started = time.process_time()
            service.timer(alarm.room, alarm.phase_id, alarm.key)
            times["timer"].append(time.process_time() - started)
            timers.fired(alarm)

    for cid in cids:
        service.connect(cid)
    send(cids[0], "create_room", name="Bot0", lang="en")
    room = notifier.last[cids[0]]["room"]
    for i, cid in enumerate(cids[1:], 1):
        send(cid, "join_room", room=room, name=f"Bot{i}")
    send(cids[0], "start_match")
    for round_no in range(1, ROUNDS + 1):
        clock.at += 100
        for i, cid in enumerate(cids):
            send(cid, "submit", round=round_no, text=f"a copper kettle number {i} for the road")
        clock.at += 100
        for cid in cids:
            view = notifier.last[cid]
            option = next(o["id"] for o in view["ballot"] if not o["mine"])
            send(cid, "vote", round=round_no, option=option)
        # The reveal ends by its timer (or the match ends).
        for _ in range(4):
            pending: list[Alarm] = timers.pending()
            if not pending:
                break
            clock.at = max(clock.at, pending[0].at)
            fire_due()
            if notifier.last[cids[0]].get("phase") in ("writing", "finished"):
                break
    for cid in cids:
        started = time.process_time()
        service.disconnect(cid)
        times["$disconnect"].append(time.process_time() - started)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--profile", type=int, default=0, help="print the top N (cProfile)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as data:
        database = Database(Path(data) / "rooms.sqlite3")
        clock = FakeClock()
        notifier = Serialising()
        timers = SqliteTimers(database)
        service = TableService(
            store=SqliteRoomStore(database),
            notifier=notifier,
            timers=timers,
            clock=clock,
            rng=random.Random(7),
            telemetry=Quiet(),
            scale=TIME_SCALE,
        )
        times: dict[str, list[float]] = defaultdict(list)
        # One room first: content loaded, everything warm.
        play(service, notifier, clock, timers, 10_000, args.players, defaultdict(list))
        profiler = cProfile.Profile() if args.profile else None
        started = time.process_time()
        if profiler:
            profiler.enable()
        rooms: list[float] = []  # each room's CPU per pick: the least disturbed is steadiest
        for room_no in range(args.rooms):
            room_times: dict[str, list[float]] = defaultdict(list)
            play(service, notifier, clock, timers, room_no, args.players, room_times)
            for action, values in room_times.items():
                times[action] += values
            picks = room_times["submit"] + room_times["vote"]
            rooms.append(statistics.fmean(picks))
        if profiler:
            profiler.disable()
        total = time.process_time() - started
        database.close()

    print(
        f"load: `uptime` {os.getloadavg()[0]:.2f}; {args.rooms} rooms of {args.players}, "
        f"{notifier.frames:,} frames, {total:.2f} s"
    )
    print("| action | calls | median CPU ms | mean CPU ms |")
    print("|---|---:|---:|---:|")
    for action in sorted(times, key=lambda a: -len(times[a])):
        values = [t * 1000 for t in times[action]]
        print(
            f"| {action} | {len(values)} | {statistics.median(values):.3f} "
            f"| {statistics.fmean(values):.3f} |"
        )
    picks = [t for a in ("submit", "vote") for t in times[a]]
    print(
        f"submit + vote: mean {statistics.fmean(picks) * 1000:.3f} ms per action;"
        f" in the least disturbed room {min(rooms) * 1000:.3f} ms"
    )
    if profiler:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
