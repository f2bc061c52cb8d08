"""Races through the handlers on moto: nothing lost, nothing counted twice, one close.

Twelve threads release together on a barrier and submit (then vote) in the
same instant; a deadline firing races the last submission. Repeated many
times, because a race that passes once proves little.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.support.aws import Seated, Stack, aws_stack
from tests.support.bluff import NAMES, Phase
from tests.support.threads import together

REPEATS = 50


def closes(stack: Stack, seated: Seated, phase: Phase) -> int:
    """How many times the room entered its current phase: the timers set for it."""
    room = stack.room(seated.code)
    assert room.phase is phase
    return sum(
        1 for d in stack.timers.calls if d.room == seated.code and d.phase_id == room.phase_id
    )


Send = Callable[[str, dict[str, object]], None]


def test_twelve_submit_then_twelve_vote_in_the_same_instant() -> None:
    with aws_stack() as stack:
        senders = stack.containers(12)
        for repeat in range(REPEATS):
            twelve_at_once(stack, senders, repeat)


def twelve_at_once(stack: Stack, senders: list[Send], repeat: int) -> None:
    seated = stack.seat([f"{n}{repeat}" for n in NAMES[:12]])
    cids = list(seated.cids.values())
    stack.send(cids[0], action="start_match")

    def submit(i: int) -> Callable[[], None]:
        text = f"a lantern for night fishing no {i}"
        return lambda: senders[i](cids[i], {"action": "submit", "round": 1, "text": text})

    together([submit(i) for i in range(12)])
    room = stack.room(seated.code)
    assert len(room.round.entries) == 12, "no entry lost"
    assert room.phase is Phase.VOTING
    assert closes(stack, seated, Phase.VOTING) == 1, "writing closed exactly once"
    assert all(stack.messages(cid, "error") == [] for cid in cids)
    readies = [
        s["ready"]
        for cid in cids
        for s in stack.messages(cid, "state")
        if s["phase"] == "writing" and s["round"] == 1
    ]
    assert sorted(set(readies)) == sorted(set(readies) & set(range(13)))

    truth = next(o.id for o in room.round.ballot if o.kind == "truth")

    def vote(i: int) -> Callable[[], None]:
        return lambda: senders[i](cids[i], {"action": "vote", "round": 1, "option": truth})

    together([vote(i) for i in range(12)])
    room = stack.room(seated.code)
    assert len(room.round.votes) == 12, "no vote lost"
    assert room.phase is Phase.REVEAL
    assert closes(stack, seated, Phase.REVEAL) == 1, "voting closed exactly once"
    assert all(room.scores[p] == 1000 for p in seated.ids.values()), "each vote counted once"


def test_a_deadline_racing_the_last_submission_closes_once_and_loses_nothing() -> None:
    outcomes = []
    with aws_stack() as stack:
        (sender,) = stack.containers(1)
        for repeat in range(REPEATS):
            outcomes.append(race_the_timer(stack, sender, repeat))
    # Both orders must be possible; each run ended in exactly one of them.
    assert set(outcomes) <= {"accepted", "refused"} and len(outcomes) == REPEATS


def race_the_timer(stack: Stack, sender: Send, repeat: int) -> str:
    seated = stack.seat([f"{n}{repeat}" for n in NAMES[:4]])
    cids = list(seated.cids.values())
    stack.send(cids[0], action="start_match")
    for i, cid in enumerate(cids[:-1]):
        stack.send(cid, action="submit", round=1, text=f"a lantern for night fishing no {i}")
    deadline = stack.timers.started[-1]
    last, last_id = cids[-1], list(seated.ids.values())[-1]

    def submit_just_in_time() -> None:
        with stack.clock.at(deadline.at - 1):
            sender(last, {"action": "submit", "round": 1, "text": "a cloak for river pilots"})

    def timer_fires() -> None:
        with stack.clock.at(deadline.at):
            stack.modules["deadline"].app.service.timer(seated.code, deadline.phase_id, "deadline")

    together([submit_just_in_time, timer_fires])
    room = stack.room(seated.code)
    assert room.phase is Phase.VOTING
    assert closes(stack, seated, Phase.VOTING) == 1
    errors = [e["code"] for e in stack.messages(last, "error")]
    if last_id in room.round.entries:
        assert errors == [] and len(room.round.entries) == 4
        return "accepted"
    assert errors == ["phase_closed"], "refused with an error, never dropped"
    assert len(room.round.entries) == 3
    return "refused"
