"""How big a Fictionary room item grows, and what takes the bytes.

Plays a game on the real English deck with one person and bots in the other seats
(people's and bots' cards weigh the same: a text and a seat id), the person writing
and voting every round, to `--rounds` rounds or the end of the game (target 25, the highest), then
reports the room item as the DynamoDB adapter stores it (`to_item`: the room's JSON
zlib-compressed, plus the sealed picks and connections), sized by AWS's rules as in
bench/ops_per_action.py, and the uncompressed JSON of each part of the game state.

    python tools/fictionary/room_size.py                  # 12 seats, 12 rounds
    python tools/fictionary/room_size.py --seats 3 --rounds 20
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "shared"), str(ROOT / "bench")]

from ops_per_action import item_size  # noqa: E402

from games.fictionary.game import GAME  # noqa: E402
from games.fictionary.rules import CHOOSING, VOTING, WRITING  # noqa: E402
from table.adapters.dynamodb import to_item  # noqa: E402
from table.contract import FINISHED  # noqa: E402
from table.ports import Snapshot  # noqa: E402
from tests.support.tabletop import Tabletop  # noqa: E402


def _json(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def play(seats: int, rounds: int, seed: int = 1) -> tuple[Tabletop, dict[str, int]]:
    """Play, and return the table and the report of its largest stored item on the way."""
    top = Tabletop(GAME, seed=seed, lang="en")
    host = top.create("Ana", options={"target": 25})
    for _ in range(seats - 1 - sum(1 for p in top.view(host)["players"] if p["bot"])):
        top.move(host, "add_bot", level="medium")
    top.start(host)
    largest: dict[str, int] = {}
    while top.phase != FINISHED:
        now = report(top)
        if now["item (stored, compressed)"] > largest.get("item (stored, compressed)", 0):
            largest = {"round": top.state.round, **now}
        state = top.state
        if state.round > rounds:
            break
        seat = next(iter(s for s in state.seats if s not in state.bots))
        view = top.view(host)
        mine = next(p for p in view["players"] if p["id"] == seat)
        if mine["in"] is False:
            if state.phase == CHOOSING:
                top.move(host, "choose", round=state.round, word=0)
            elif state.phase == WRITING:
                top.move(host, "submit", round=state.round, text="A small boat for carrying eels")
            elif state.phase == VOTING:
                card = next(c for c in view["ballot"] if not c["mine"])
                top.move(host, "vote", round=state.round, option=card["id"])
            continue
        top.advance(min(t.at for t in top.timers) - top.now)
    end = report(top)
    if end["item (stored, compressed)"] >= largest.get("item (stored, compressed)", 0):
        largest = {"round": top.state.round, **end}
    return top, largest


def report(top: Tabletop) -> dict[str, int]:
    room = top.room
    assert room is not None
    item = to_item(Snapshot(room, {m.id: f"conn-{m.id}" for m in room.members}), 1, top.now)
    body = room.model_dump(mode="json", exclude={"version", "picks", "picks_phase"})
    out = {"item (stored, compressed)": item_size(item), "room JSON": _json(body)}
    out["  members"] = _json(body.get("members"))
    out["  state"] = _json(body.get("state"))
    for name, value in sorted(body["state"].items(), key=lambda kv: -_json(kv[1])):
        if _json(value) >= 100:
            out[f"    {name}"] = _json(value)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=12)
    args = parser.parse_args(argv)
    top, largest = play(args.seats, args.rounds)
    print(f"{args.seats} seats, {top.state.round} rounds played ({top.phase}); at the end:")
    for name, size in report(top).items():
        print(f"  {name:<28} {size:>7,} B")
    print(f"the largest stored item, in round {largest.pop('round')}:")
    for name, size in largest.items():
        print(f"  {name:<28} {size:>7,} B")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
