"""A game that is not in the registry plays through the real handlers, the service unchanged.

Odd One Out (tests/support/odd_one_out.py) exists only in the test suite. It is
served by naming it in `EXTRA_GAMES`, as an operator would a game of their own;
nothing in the table service knows it. GIVEN three players on their own
connections, WHEN they play a whole match, THEN the scores are the game's and
every view is the member's own.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import connect

from infra.local.testing import running_stack
from table import registry
from tests.support.aws import Stack, aws_stack
from tests.support.odd_one_out import GAME

TOY = "tests.support.odd_one_out:GAME"


@pytest.fixture
def stack(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("EXTRA_GAMES", TOY)
    with aws_stack() as stack:
        yield stack
    registry._loaded.pop(GAME.slug, None)


def seat(stack: Stack, **options: Any) -> tuple[str, dict[str, str], dict[str, str]]:
    seated = stack.seat(["Ana", "Ben", "Cy"], game="odd", **options)
    return seated.code, seated.cids, seated.ids


def test_the_toy_game_plays_a_whole_match_through_the_handlers(stack: Stack) -> None:
    _code, cids, ids = seat(stack, options={"rounds": 3})
    ana = cids["Ana"]
    assert stack.last_state(ana)["game"] == "odd"
    stack.send(ana, action="start_match", req="go")
    assert {"type": "ok", "req": "go"} in stack.messages(ana)
    for round_ in (1, 2, 3):
        assert stack.last_state(ana)["phase"] == "picking"
        stack.send(cids["Ana"], action="pick", round=round_, choice="a")
        stack.send(cids["Ben"], action="pick", round=round_, choice="a")
        state = stack.last_state(cids["Cy"])
        assert (state["picked"], state["my_pick"]) == (2, None), "picks are sealed"
        stack.send(cids["Cy"], action="pick", round=round_, choice="b", req="p")
        assert stack.last_state(ana)["phase"] == "reveal"
        stack.fire_latest()
    final = stack.last_state(ana)
    assert final["phase"] == "finished"
    assert final["scores"] == {ids["Ana"]: 0, ids["Ben"]: 0, ids["Cy"]: 3}
    for name, cid in cids.items():
        for state in stack.messages(cid, "state"):
            assert state["me"]["id"] == ids[name]


def test_a_move_that_changes_nothing_answers_its_member_alone(stack: Stack) -> None:
    """A reply of one's own (Impostor's card) costs no write and reaches nobody else."""
    code, cids, _ids = seat(stack)
    stack.send(cids["Ana"], action="start_match")
    stack.send(cids["Ana"], action="pick", round=1, choice="b")
    version = stack.room_item(code)["version"]
    heard = {name: len(stack.messages(cid)) for name, cid in cids.items()}
    stack.send(cids["Ana"], action="peek", req="k")
    assert stack.messages(cids["Ana"])[-2:] == [
        {"type": "pick", "choice": "b"},
        {"type": "ok", "req": "k"},
    ]
    assert all(len(stack.messages(cids[n])) == heard[n] for n in ("Ben", "Cy"))
    assert stack.room_item(code)["version"] == version


def test_the_toy_games_own_refusals_and_options_reach_the_wire(stack: Stack) -> None:
    _code, cids, _ids = seat(stack)
    ana = cids["Ana"]
    stack.send(ana, action="set_options", options={"rounds": 4}, req="o")
    error = stack.messages(ana, "error")[-1]
    assert (error["code"], error["reason"], error["req"]) == ("bad_option", "rounds", "o")
    stack.send(ana, action="start_match")
    stack.send(ana, action="pick", round=1, choice="a")
    stack.send(ana, action="pick", round=1, choice="a", req="again")
    error = stack.messages(ana, "error")[-1]
    assert (error["code"], error["message"]) == ("same_pick", "That is already your pick.")
    stack.send(ana, action="pick", round=1, choice="c", req="bad")
    assert stack.messages(ana, "error")[-1]["code"] == "bad_request"
    assert stack.messages(ana)[-1]["type"] == "error"


def test_the_toy_game_plays_in_the_local_stack() -> None:
    with (
        running_stack(env={"TIME_SCALE": "0.05", "EXTRA_GAMES": TOY}) as local,
        ExitStack() as opened,
    ):
        sockets = [opened.enter_context(connect(local.websocket_url)) for _ in range(3)]

        def send(i: int, **message: Any) -> None:
            sockets[i].send(json.dumps(message))

        def until(i: int, check: Any) -> dict[str, Any]:
            while True:
                message = json.loads(sockets[i].recv(timeout=10))
                if check(message):
                    return message

        send(0, action="create_room", name="Ana", game="odd")
        code = until(0, lambda m: m["type"] == "welcome")["room"]
        for i, name in ((1, "Ben"), (2, "Cy")):
            send(i, action="join_room", room=code, name=name)
            until(i, lambda m: m["type"] == "welcome")
        send(0, action="start_match")
        for i, choice in ((0, "a"), (1, "b"), (2, "b")):
            until(i, lambda m: m["type"] == "state" and m["phase"] == "picking")
            send(i, action="pick", round=1, choice=choice)
        reveal = until(0, lambda m: m["type"] == "state" and m["phase"] == "reveal")
        assert sorted(reveal["picks"].values()) == ["a", "b", "b"]
        assert max(reveal["scores"].values()) == 1  # Ana alone picked "a"
        # The timers of the local stack run the rest of the match.
        final = until(
            0,
            lambda m: m["type"] == "state" and m["phase"] == "finished",
        )
        assert final["game"] == "odd" and sum(final["scores"].values()) >= 1
