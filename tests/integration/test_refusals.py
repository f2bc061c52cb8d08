"""Every refusal code of docs/protocol.md through the handlers, each changing nothing.

GIVEN a room in the phase where the refusal can happen, WHEN the offending
message arrives, THEN the sender gets `error` with that code (and the `req`
echoed), and the room item is byte-for-byte what it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from table.errors import Code
from table.members import hash_token
from table.ports import Snapshot
from table.room import Member, Role
from tests.support.aws import Seated, Stack, aws_stack
from tests.support.bluff import NAMES


def lobby(stack: Stack) -> Seated:
    return stack.seat(NAMES[:3])


def writing(stack: Stack) -> Seated:
    seated = lobby(stack)
    stack.send(seated.cids["Ana"], action="start_match")
    return seated


def voting(stack: Stack) -> Seated:
    seated = writing(stack)
    stack.send(seated.cids["Ana"], action="submit", round=1, text="a wooden bucket for milk")
    stack.fire_latest()
    return seated


def reveal(stack: Stack) -> Seated:
    seated = voting(stack)
    stack.fire_latest()
    return seated


def option(stack: Stack, seated: Seated, *, kind: str) -> str:
    round_ = stack.room(seated.code).round
    return next(o.id for o in round_.ballot if o.kind == kind)


def own_option(stack: Stack, seated: Seated) -> str:
    round_ = stack.room(seated.code).round
    return next(o.id for o in round_.ballot if o.writer == seated.ids["Ana"])


# Each case: (code, setup, who sends, message). Messages are dicts or raw frames;
# a callable gets (stack, seated) and returns the message.
Case = tuple[Code, Callable[[Stack], Seated], str, Any]
CASES: list[Case] = [
    (Code.BAD_REQUEST, lobby, "Ana", "{not json"),
    (Code.BAD_REQUEST, lobby, "Ana", {"action": "fly"}),
    (Code.BAD_REQUEST, lobby, "Ana", {"action": "submit", "round": "1", "text": "x" * 20}),
    (Code.BAD_REQUEST, lobby, "Ana", {"action": "ping", "t": 1, "extra": True}),
    (Code.BAD_REQUEST, lobby, "Ana", {"action": "ping", "t": 1, "pad": "x" * 9000}),
    (Code.ROOM_NOT_FOUND, lobby, "new", {"action": "join_room", "room": "ZZZZ", "name": "Mo"}),
    (Code.NOT_IN_ROOM, lobby, "new", {"action": "start_match"}),
    (
        Code.BAD_TOKEN,
        lobby,
        "new",
        lambda st, s: {"action": "resume", "room": s.code, "token": "0" * 32},
    ),
    (Code.INVALID_TEXT, writing, "Ben", {"action": "submit", "round": 1, "text": "see www.x.com"}),
    (
        Code.INVALID_NAME,
        lobby,
        "new",
        lambda st, s: {"action": "join_room", "room": s.code, "name": "<b>"},
    ),
    (
        Code.NAME_TAKEN,
        lobby,
        "new",
        lambda st, s: {"action": "join_room", "room": s.code, "name": "ana"},
    ),
    (Code.NOT_HOST, lobby, "Ben", {"action": "start_match"}),
    (Code.NOT_ENOUGH_PLAYERS, lambda st: st.seat(NAMES[:2]), "Ana", {"action": "start_match"}),
    (Code.WRONG_PHASE, lobby, "Ana", {"action": "submit", "round": 0, "text": "a wooden spoon"}),
    (Code.PHASE_CLOSED, voting, "Ben", {"action": "submit", "round": 1, "text": "a wooden spoon"}),
    (Code.STALE_ROUND, voting, "Ben", {"action": "vote", "round": 0, "option": "0" * 16}),
    (Code.ALREADY_SUBMITTED, writing, "Ana", {"action": "ping", "t": 0}),  # set up below
    (Code.ALREADY_VOTED, voting, "Ben", {"action": "ping", "t": 0}),  # set up below
    (
        Code.NOT_ELIGIBLE,
        voting,
        "obs",
        lambda st, s: {"action": "vote", "round": 1, "option": option(st, s, kind="truth")},
    ),
    (
        Code.OWN_OPTION,
        voting,
        "Ana",
        lambda st, s: {"action": "vote", "round": 1, "option": own_option(st, s)},
    ),
    (Code.UNKNOWN_OPTION, voting, "Ben", {"action": "vote", "round": 1, "option": "f" * 16}),
    (Code.TOO_EARLY, reveal, "Ana", {"action": "continue", "round": 1}),
    (
        Code.ROOM_FULL,
        lobby,
        "new",
        lambda st, s: {"action": "join_room", "room": s.code, "name": "Mo"},
    ),
    (
        Code.KICKED,
        writing,
        "kicked",
        lambda st, s: {"action": "resume", "room": s.code, "token": s.tokens["Cy"]},
    ),
    (Code.ALREADY_IN_ROOM, lobby, "Ben", {"action": "create_room", "name": "Ben"}),
    (Code.NO_FREE_SEAT, lambda st: st.seat(NAMES[:12]), "obs", {"action": "take_seat"}),
    (Code.UNKNOWN_PLAYER, lobby, "Ana", {"action": "kick", "player": "p000000000000"}),
    (Code.UNKNOWN_DECK, lobby, "new", {"action": "create_room", "name": "Mo", "lang": "xx"}),
    (Code.UNKNOWN_GAME, lobby, "new", {"action": "create_room", "name": "Mo", "game": "chess"}),
    (Code.BAD_OPTION, lobby, "Ana", {"action": "set_options", "options": {"speed": 3}}),
    (Code.CANNOT_KICK_SELF, lobby, "Ana", lambda st, s: {"action": "kick", "player": s.ids["Ana"]}),
    # Dictionary Bluff is played on one device each: no local seats.
    (Code.WRONG_MODE, lobby, "Ana", {"action": "add_seat", "name": "Pat"}),
    # Ben's seat was resumed on another connection: this one no longer speaks for him.
    (Code.RESUMED_ELSEWHERE, lobby, "Ben", {"action": "start_match"}),
]
# docs/protocol.md's codes; `rate_limited` has its own test below, `busy` is in test_faults.
PROTOCOL_CODES = {c for c in Code if c not in {Code.RATE_LIMITED, Code.BUSY}}


def test_every_code_has_a_case() -> None:
    assert {case[0] for case in CASES} == PROTOCOL_CODES


def prepare(stack: Stack, seated: Seated, code: Code, who: str) -> str:
    """The sender's connection, and what must happen before the refused message."""
    if code is Code.ROOM_FULL:
        fill(stack, seated.code)
    if who == "new":
        return stack.connect()
    if who == "obs":
        cid = stack.connect()
        stack.send(cid, action="join_room", room=seated.code, name="Zed")
        return cid
    if who == "kicked":
        stack.send(seated.cids["Ana"], action="kick", player=seated.ids["Cy"])
        return stack.connect()
    if code is Code.RESUMED_ELSEWHERE:
        stack.send(stack.connect(), action="resume", room=seated.code, token=seated.tokens["Ben"])
    cid = seated.cids[who]
    if code is Code.ALREADY_SUBMITTED:
        stack.send(cid, action="submit", round=1, text="a wooden bucket for milk")
    if code is Code.ALREADY_VOTED:
        stack.send(cid, action="vote", round=1, option=option(stack, seated, kind="truth"))
    return cid


def fill(stack: Stack, code: str) -> None:
    """Seat the room up to 300 members, straight through the store."""
    snapshot = stack.service.store.load(code, stack.clock.now())
    room = snapshot.room
    for i in range(300 - len(room.members)):
        room.members.append(
            Member(
                id=f"o{i:012d}",
                name=f"Watcher {i}",
                role=Role.OBSERVER,
                token_hash=hash_token(f"t{i}"),
                joined_at=stack.clock.now(),
            )
        )
    stack.service.store.save(Snapshot(room, snapshot.connections), stack.clock.now())


def refused_message(code: Code, stack: Stack, seated: Seated, message: Any) -> str:
    if code is Code.ALREADY_SUBMITTED:
        return json.dumps({"action": "submit", "round": 1, "text": "a second idea", "req": "r1"})
    if code is Code.ALREADY_VOTED:
        pick = option(stack, seated, kind="fallback")
        return json.dumps({"action": "vote", "round": 1, "option": pick, "req": "r1"})
    if callable(message):
        message = message(stack, seated)
    if isinstance(message, str):
        return message
    return json.dumps({**message, "req": "r1"})


@pytest.mark.parametrize(
    ("code", "setup", "who", "message"), CASES, ids=[c[0].value for c in CASES]
)
def test_refusal_changes_nothing(
    code: Code, setup: Callable[[Stack], Seated], who: str, message: Any
) -> None:
    with aws_stack() as stack:
        seated = setup(stack)
        cid = prepare(stack, seated, code, who)
        frame = refused_message(code, stack, seated, message)
        before = stack.room_item(seated.code)
        others_before = {c: len(stack.messages(c)) for c in seated.cids.values() if c != cid}
        stack.send_raw(cid, frame)
        error = stack.messages(cid)[-1]
        assert error["type"] == "error" and error["code"] == code.value
        assert error["message"]
        if not frame.startswith("{not") and '"pad"' not in frame:
            assert error.get("req") == "r1"
        if code is Code.INVALID_TEXT:
            assert error["reason"] == "url"
        assert stack.room_item(seated.code) == before, "the room item is byte-for-byte unchanged"
        assert {c: len(stack.messages(c)) for c in others_before} == others_before


def test_rate_limited_after_twenty_messages_a_second() -> None:
    with aws_stack() as stack:
        seated = lobby(stack)
        cid = seated.cids["Ben"]
        before = stack.room_item(seated.code)
        stack.clock.ms += 10_000  # a full bucket
        for i in range(21):
            stack.send(cid, action="ping", t=i, req=f"p{i}")
        replies = stack.messages(cid)[-21:]
        assert [r["type"] for r in replies[:20]] == ["pong"] * 20
        assert (replies[20]["type"], replies[20]["code"]) == ("error", "rate_limited")
        stack.clock.ms += 1_000
        stack.send(cid, action="ping", t=99)
        assert stack.messages(cid)[-1]["type"] == "pong"
        assert stack.room_item(seated.code) == before
