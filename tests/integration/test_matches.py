"""Whole matches through the Lambda handlers on moto.

GIVEN 3, 8 or 12 players on their own connections, WHEN they play six rounds
with scripted entries and votes (deadlines fired as the deadline queue delivers them,
at a fake time), THEN the scores and winners are exact, and every connection
only ever received its own view.
"""

from __future__ import annotations

import json

import pytest

from table.text import display_form
from tests.support.aws import Context, Seated, Stack, aws_stack, event
from tests.support.bluff import NAMES


def bluff_of(name: str, round_: int) -> str:
    return f"a basket {name} weaves in round {round_}"


def play_round(stack: Stack, seated: Seated, names: list[str], round_: int) -> None:
    """Ana writes the truth; the others bluff; Ben finds the truth; the rest fall for Ben."""
    truth = stack.room(seated.code).round.card.truth
    for name in names:
        text = truth.upper() if name == "Ana" else bluff_of(name, round_)
        stack.send(seated.cids[name], action="submit", round=round_, text=text)
    state = stack.last_state(seated.cids["Ben"])
    assert state["phase"] == "voting", "writing closes when everyone has written"
    ballot = {o["text"]: o["id"] for o in state["ballot"]}
    assert truth.upper() not in ballot, "the truth match is off the ballot (R6)"
    # The ballot shows every text in its display form (docs/rules.md).
    stack.send(seated.cids["Ben"], action="vote", round=round_, option=ballot[display_form(truth)])
    for name in names[2:]:
        stack.send(
            seated.cids[name],
            action="vote",
            round=round_,
            option=ballot[display_form(bluff_of("Ben", round_))],
        )
    assert stack.last_state(seated.cids["Ana"])["phase"] == "reveal"


@pytest.mark.parametrize("players", [3, 8, 12])
def test_full_match_through_the_handlers(players: int) -> None:
    names = NAMES[:players]
    with aws_stack(seed=players) as stack:
        seated = stack.seat(names)
        ana = seated.cids["Ana"]
        stack.send(ana, action="start_match", req="go")
        assert {"type": "ok", "req": "go"} in stack.messages(ana)
        for round_ in range(1, 7):
            assert stack.last_state(ana)["round"] == round_
            play_round(stack, seated, names, round_)
            reveal = stack.last_state(seated.cids["Cy"])["reveal"]
            assert reveal["awards"][seated.ids["Ana"]] == 1000
            assert reveal["awards"][seated.ids["Ben"]] == 1000 + 500 * (players - 2)
            if round_ % 2:
                stack.clock.ms += 6_000  # the host continues from the 6-second mark
                stack.send(ana, action="continue", round=round_)
            else:
                stack.fire_latest()  # or the reveal ends by itself
        final = stack.last_state(ana)
        assert final["phase"] == "finished"
        totals = {p["id"]: p["score"] for p in final["players"]}
        assert totals[seated.ids["Ana"]] == 6_000
        assert totals[seated.ids["Ben"]] == 6 * (1_000 + 500 * (players - 2))
        assert all(totals[seated.ids[n]] == 0 for n in names[2:])
        expected_winner = "Ben" if players > 2 else "Ana"
        for name in names:
            assert stack.last_state(seated.cids[name])["winners"] == [seated.ids[expected_winner]]
        assert len(final["history"]) == 6
        assert_only_own_views(stack, seated)


def assert_only_own_views(stack: Stack, seated: Seated) -> None:
    for name, cid in seated.cids.items():
        me = seated.ids[name]
        inbox = stack.messages(cid)
        assert [m["token"] for m in inbox if m["type"] == "welcome"] == [seated.tokens[name]]
        for state in (m for m in inbox if m["type"] == "state"):
            assert state["me"]["id"] == me
            if state["phase"] in ("writing", "voting") and state["my_entry"] is not None:
                assert state["my_entry"].lower().startswith(("a basket " + name.lower(),)) or (
                    name == "Ana"
                )
        others = [t for n, t in seated.tokens.items() if n != name]
        wire = json.dumps(inbox)
        assert not any(token in wire for token in others)


def test_a_match_survives_every_deadline_firing_on_its_own() -> None:
    """Nobody acts at all: six rounds run on timers alone and nothing stalls."""
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        stack.send(seated.cids["Ana"], action="start_match")
        phases = []
        while (phase := stack.last_state(seated.cids["Ana"])["phase"]) != "finished":
            phases.append(phase)  # each firing closes the phase it was set for
            stack.fire_next()
        assert phases == ["writing", "voting", "reveal"] * 6
        assert stack.last_state(seated.cids["Cy"])["winners"] == list(seated.ids.values())
        records = stack.client.query(
            TableName="bluff-test",
            KeyConditionExpression="pk = :pk AND begins_with(sk, :round)",
            ExpressionAttributeValues={
                ":pk": {"S": f"ROOM#{seated.code}"},
                ":round": {"S": "ROUND#"},
            },
        )["Items"]
        assert len(records) == 6, "each finished round is kept in its own item"
        assert all(r["record"]["M"]["skipped"]["L"] for r in records)


def test_a_rematch_starts_from_zero_and_plays_six_new_cards() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        ana = seated.cids["Ana"]
        stack.send(ana, action="start_match")
        first_match = []
        for round_ in range(1, 7):
            first_match.append(stack.room(seated.code).round.card.id)
            play_round(stack, seated, NAMES[:3], round_)
            stack.fire_latest()
        stack.send(ana, action="start_match")
        state = stack.last_state(ana)
        assert (state["phase"], state["round"]) == ("writing", 1)
        assert all(p["score"] == 0 for p in state["players"])
        assert stack.room(seated.code).round.card.id not in first_match
        names = {d.name for d in stack.timers.started}
        assert len(names) == len(stack.timers.started), "timer names never repeat across matches"


def test_reconnect_resumes_the_seat_with_entry_and_vote() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        stack.send(seated.cids["Ana"], action="start_match")
        stack.send(seated.cids["Ben"], action="submit", round=1, text="a coat for rainy days")
        stack.disconnect(seated.cids["Ben"])
        assert not stack.last_state(seated.cids["Ana"])["players"][1]["connected"]
        fresh = stack.connect()
        stack.send(fresh, action="resume", room=seated.code.lower(), token=seated.tokens["Ben"])
        welcome = stack.messages(fresh, "welcome")[0]
        assert (welcome["player"], welcome["role"]) == (seated.ids["Ben"], "player")
        state = stack.last_state(fresh)
        assert state["my_entry"] == "A coat for rainy days"
        assert stack.last_state(seated.cids["Ana"])["players"][1]["connected"]


def test_late_joiner_sees_no_word_until_the_reveal() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        stack.send(seated.cids["Ana"], action="start_match")
        stack.clock.ms += 1_000
        late = stack.connect()
        stack.send(late, action="join_room", room=seated.code, name="Dee")
        assert stack.messages(late, "welcome")[0]["role"] == "observer"
        state = stack.last_state(late)
        assert state["word"] is None and state["ballot"] is None
        stack.fire_latest()
        assert stack.last_state(late)["ballot"] is None
        stack.fire_latest()
        assert stack.last_state(late)["reveal"]["word"]


def test_handlers_run_with_tracing_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the stack's Tracing parameter Active, handlers import Powertools Tracer and wrap."""
    with aws_stack() as stack:
        monkeypatch.setenv("TRACING", "Active")
        monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "true")  # no X-Ray daemon here
        traced = stack._container("actions")

        def bare(event: dict, context: object) -> dict:  # type: ignore[type-arg]
            return {}

        assert traced.app.trace(bare) is not bare, "the Tracer wraps the handler"
        assert stack.modules["actions"].app.trace(bare) is bare, "and only when tracing is on"
        cid = stack.connect()
        traced.handler(event("message", cid, '{"action": "ping", "t": 5}'), Context())
        assert stack.messages(cid)[-1] == {"type": "pong", "t": 5, "server_now": stack.clock.now()}
