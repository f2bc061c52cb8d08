"""`make run` killed with SIGKILL mid-match loses nothing (the embedded default, SQLite).

Three players finish a round (scores), write the next (entries), two of them
vote (votes), and the stack is killed without any clean-up while voting is
open. While it is down the voting deadline passes. On restart every client
resumes with its token: seats, scores, entries and votes are all there, and
the deadline that passed fires at once (the reveal comes without waiting a
phase).
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from infra.local.testing import RunningStack, running_stack
from table.adapters.sqlite import Database, SqliteRoomStore
from table.text import display_form

TIME_SCALE = 0.1  # writing 5.5 s, voting 4 s, reveal 2 s
NAMES = ("Ann", "Bob", "Cy")
TEXTS = {
    "Ann": "a copper pan for boiling sugar",
    "Bob": "a folded map of the river",
    "Cy": "a small bell hung on a gate",
}


def _until(websocket: ClientConnection, done: Any, timeout: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        message: dict[str, Any] = json.loads(websocket.recv(timeout=deadline - time.monotonic()))
        if done(message):
            return message


def _state(phase: str, round_no: int | None = None) -> Any:
    def done(message: dict[str, Any]) -> bool:
        return (
            message.get("type") == "state"
            and message.get("phase") == phase
            and (round_no is None or message.get("round") == round_no)
        )

    return done


def _send(websocket: ClientConnection, **message: Any) -> None:
    websocket.send(json.dumps(message))


def _env(data_dir: Path) -> dict[str, str]:
    return {
        "DATA_DIR": str(data_dir),
        "TIME_SCALE": str(TIME_SCALE),
        "LOG_LEVEL": "WARNING",
        "POWERTOOLS_METRICS_DISABLED": "true",
    }


def _play_until_killed(stack: RunningStack) -> tuple[str, dict[str, dict[str, Any]]]:
    """Round 1 played out; round 2 written and two votes cast; then SIGKILL."""
    with contextlib.ExitStack() as opened:
        sockets = {name: opened.enter_context(connect(stack.websocket_url)) for name in NAMES}
        welcome: dict[str, dict[str, Any]] = {}
        _send(sockets["Ann"], action="create_room", name="Ann", lang="en")
        welcome["Ann"] = _until(sockets["Ann"], lambda m: m["type"] == "welcome")
        room = welcome["Ann"]["room"]
        for name in NAMES[1:]:
            _send(sockets[name], action="join_room", room=room, name=name)
            welcome[name] = _until(sockets[name], lambda m: m["type"] == "welcome")
        _send(sockets["Ann"], action="start_match")
        for round_no in (1, 2):
            for name in NAMES:
                _until(sockets[name], _state("writing", round_no))
            for name in NAMES:
                _send(sockets[name], action="submit", round=round_no, text=TEXTS[name])
            ballots = {name: _until(sockets[name], _state("voting", round_no)) for name in NAMES}
            voters = NAMES if round_no == 1 else NAMES[:2]
            for name in voters:
                option = next(o["id"] for o in ballots[name]["ballot"] if not o["mine"])
                welcome[name][f"vote{round_no}"] = option
                _send(sockets[name], action="vote", round=round_no, option=option)
            if round_no == 1:
                reveal = _until(sockets["Ann"], _state("reveal", 1))
                welcome["Ann"]["scores"] = {p["id"]: p["score"] for p in reveal["players"]}
        # Both votes acknowledged: they are stored.
        for name in NAMES[:2]:
            _until(sockets[name], lambda m: m.get("type") == "state" and m.get("my_vote"))
        welcome["Ann"]["voting_deadline"] = ballots["Ann"]["deadline"]
        assert stack.kill() != 0
    return room, welcome


def test_sigkill_mid_match_loses_nothing_and_a_passed_deadline_fires_at_once(
    tmp_path: Path,
) -> None:
    with running_stack(env=_env(tmp_path)) as first:
        room, seen = _play_until_killed(first)
    scores = seen["Ann"]["scores"]
    assert any(scores.values())  # round 1 scored someone

    # Straight from the file the killed process left: phase, entries, votes, seats.
    database = Database(tmp_path / "rooms.sqlite3")
    stored = SqliteRoomStore(database).load(room, time.time_ns() // 1_000_000)
    database.close()
    assert stored is not None
    assert stored.room.phase == "voting"
    assert set(stored.room.current_picks()) == {seen[n]["player"] for n in NAMES[:2]}
    assert [m.name for m in stored.room.members] == list(NAMES)

    # Down for longer than what was left of the voting phase.
    time.sleep(max(0.0, (seen["Ann"]["voting_deadline"] - time.time() * 1000) / 1000) + 0.2)

    with running_stack(env=_env(tmp_path)) as second:
        restarted = time.monotonic()
        with contextlib.ExitStack() as opened:
            sockets = {n: opened.enter_context(connect(second.websocket_url)) for n in NAMES}
            for name in NAMES:
                _send(sockets[name], action="resume", room=room, token=seen[name]["token"])
                again = _until(sockets[name], lambda m: m["type"] == "welcome")
                assert again["player"] == seen[name]["player"]
            reveals = {name: _until(sockets[name], _state("reveal", 2)) for name in NAMES}
        # Fired at once: well before another voting phase (4 s) could have run.
        assert time.monotonic() - restarted < 3.5

    for name in NAMES:
        reveal = reveals[name]
        assert reveal["my_entry"] == display_form(TEXTS[name])  # shown in the display form
        assert reveal["my_vote"] == seen[name].get("vote2")  # Cy never voted: None
        assert [p["name"] for p in reveal["players"]] == list(NAMES)
        for player in reveal["players"]:
            assert player["score"] >= scores[player["id"]]
