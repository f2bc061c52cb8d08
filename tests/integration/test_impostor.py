"""Impostor through the Lambda handlers on moto (docs/impostor.md).

GIVEN players on their own connections (or one operator's device), WHEN they
play through the real handlers, with timers fired as the deadline queue delivers them, at a
fake time, THEN outcomes and scores are the rules', cards reach only the
connection that asked, and no `state` message names the secret before the
round's reveal.
"""

from __future__ import annotations

import json
from typing import Any

from games.impostor.cards import CARD_BYTES, compact
from games.impostor.state import ImpostorState
from tests.support.aws import Seated, Stack, aws_stack

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]
CLUES = ("tall", "striped", "quick", "loud", "green", "heavy", "round", "soft")


def stored(stack: Stack, code: str) -> ImpostorState:
    snapshot = stack.service.store.load(code, stack.clock.now())
    assert snapshot is not None
    return ImpostorState.model_validate(snapshot.room.state)


def start(stack: Stack, names: list[str], **options: Any) -> Seated:
    seated = stack.seat(names, game="impostor")
    host = seated.cids[names[0]]
    stack.send(host, action="set_options", options={"rounds": 1, **options}, req="o")
    assert {"type": "ok", "req": "o"} in stack.messages(host)
    stack.send(host, action="start_match", req="go")
    assert {"type": "ok", "req": "go"} in stack.messages(host)
    assert stack.last_state(host)["game"] == "impostor"
    return seated


def deal(stack: Stack, seated: Seated, code: str) -> None:
    no = stored(stack, code).round.no  # type: ignore[union-attr]
    for cid in seated.cids.values():
        stack.send(cid, action="seen", round=no)


def typed_clues(stack: Stack, seated: Seated) -> None:
    by_id = {v: k for k, v in seated.ids.items()}
    host = next(iter(seated.cids.values()))
    while (state := stack.last_state(host))["phase"] == "clues":
        turn = state["turn"]
        cid = seated.cids[by_id[turn["seat"]]]
        text = CLUES[turn["no"] % len(CLUES)]
        stack.send(cid, action="clue", round=state["round"], turn=turn["no"], text=text)
    assert stack.last_state(host)["phase"] == "discussion"


def to_voting(stack: Stack, seated: Seated) -> None:
    deal(stack, seated, seated.code)
    typed_clues(stack, seated)
    host = next(iter(seated.cids.values()))
    stack.send(host, action="call_vote", round=stack.last_state(host)["round"])
    assert stack.last_state(host)["phase"] == "voting"


def vote(stack: Stack, seated: Seated, voter: str, target: str, ballot: int = 1) -> None:
    cid = seated.cids[voter]
    round_ = stack.last_state(cid)["round"]
    sent = len(stack.messages(cid))
    stack.send(cid, action="vote", round=round_, ballot=ballot, target=target, req="v")
    assert {"type": "ok", "req": "v"} in stack.messages(cid)[sent:], stack.messages(cid)[sent:]


def no_secret_before_reveal(stack: Stack, seated: Seated, secrets: list[str]) -> None:
    """Every state every connection received: the secret only once the round is revealed."""
    for cid in seated.cids.values():
        for state in stack.messages(cid, "state"):
            if state.get("reveal"):
                continue
            text = json.dumps(state, ensure_ascii=False).casefold()
            for secret in secrets:
                assert f'"{secret.casefold()}"' not in text, (state["phase"], secret)


def test_full_phones_match_7_players_2_impostors_one_caught_guessing_one_escaping() -> None:
    """Surprise deals two impostors at 7 seats (16b). The table catches one, who guesses
    the word right (`caught_guessed`: 2 each, 1 per correct vote); the other escapes the
    vote with the team. Round 2 lets its impostor escape. Totals and titles follow."""
    with aws_stack(seed=3) as stack:
        seated = start(stack, NAMES, impostors="surprise", rounds=2)
        ids, cids = seated.ids, seated.cids
        by_id = {v: k for k, v in ids.items()}
        state = stored(stack, seated.code)
        r = state.round
        assert r is not None and len(r.impostors) == 2, "the seed deals two impostors"
        assert stack.last_state(cids["Ana"])["impostors"] is None  # Surprise: count secret
        caught, escaping = (by_id[s] for s in r.impostors)
        civilians = [n for n in NAMES if ids[n] not in r.impostors]

        # Cards: each peek is answered on the asking connection only, 1200 bytes each.
        for name in NAMES:
            stack.send(cids[name], action="peek", round=1)
        for name in NAMES:
            cards = stack.messages(cids[name], "card")
            assert len(cards) == 1 and cards[0]["seat"] == ids[name]
            assert len(compact(cards[0]["card"])) == CARD_BYTES
            role = cards[0]["card"]["role"]
            assert role == ("impostor" if ids[name] in r.impostors else "civilian")
            assert (cards[0]["card"]["word"] == r.word_text) == (role == "civilian")

        to_voting(stack, seated)
        for name in civilians:
            vote(stack, seated, name, ids[caught])
        vote(stack, seated, caught, ids[civilians[0]])
        vote(stack, seated, escaping, ids[civilians[0]])
        after = stack.last_state(cids["Ben"])
        assert after["phase"] == "guess"
        assert after["accused"] == {"seat": ids[caught], "impostor": True}
        assert after["ballots"][0]["votes"][ids[civilians[1]]] == ids[caught]  # 9e

        stack.send(cids[caught], action="guess", round=1, text=r.word_text.upper(), req="g")
        reveal = stack.last_state(cids["Cy"])
        assert reveal["phase"] == "reveal"
        assert reveal["reveal"]["outcome"] == "caught_guessed"
        awards = reveal["reveal"]["awards"]
        assert awards[ids[caught]] == 2 and awards[ids[escaping]] == 2
        assert all(awards[ids[n]] == 1 for n in civilians)
        no_secret_before_reveal(stack, seated, [r.word_text, *r.aliases])

        stack.clock.ms += 6_000
        stack.send(cids["Ana"], action="continue", round=1, req="c")
        assert {"type": "ok", "req": "c"} in stack.messages(cids["Ana"])

        # Round 2: the table accuses a civilian; every impostor escapes (3 each).
        r2 = stored(stack, seated.code).round
        assert r2 is not None and r2.no == 2
        wrong = next(n for n in NAMES if ids[n] not in r2.impostors)
        to_voting(stack, seated)
        for name in NAMES:
            target = wrong if name != wrong else next(n for n in NAMES if n != wrong)
            vote(stack, seated, name, ids[target])
        second = stack.last_state(cids["Ana"])
        assert second["reveal"]["outcome"] == "escaped"
        for seat in r2.impostors:
            assert second["reveal"]["awards"][seat] == 3
        no_secret_before_reveal(stack, seated, [r2.word_text, *r2.aliases])
        stack.fire_latest()  # the reveal ends by itself

        final = stack.last_state(cids["Ana"])
        assert final["phase"] == "finished"
        expected = {ids[n]: 1 for n in civilians}
        for seat in r.impostors:
            expected[seat] = 2
        for seat in r2.impostors:
            expected[seat] = expected.get(seat, 0) + 3
        assert final["totals"] == {ids[n]: expected.get(ids[n], 0) for n in NAMES}
        best = max(expected.values())
        assert final["winners"] == [ids[n] for n in NAMES if expected.get(ids[n], 0) == best]
        assert sorted(final["titles"]["sharpest_eye"]) == sorted(ids[n] for n in civilians)
        for name, cid in cids.items():
            assert all(s["me"]["id"] == ids[name] for s in stack.messages(cid, "state"))


def test_tie_then_second_ballot_tie_ends_as_tie() -> None:
    """Ruling 10a: a tied first ballot votes again among the tied; still tied: `tie`."""
    with aws_stack(seed=1) as stack:
        names = NAMES[:4]
        seated = start(stack, names)
        ids = seated.ids
        to_voting(stack, seated)
        # Ana and Ben vote each other, Cy votes Ana, Dee votes Ben: 2-2.
        for voter, target in (("Ana", "Ben"), ("Ben", "Ana"), ("Cy", "Ana"), ("Dee", "Ben")):
            vote(stack, seated, voter, ids[target])
        state = stack.last_state(seated.cids["Cy"])
        assert state["phase"] == "voting" and state["ballot"]["no"] == 2
        assert sorted(state["ballot"]["candidates"]) == sorted([ids["Ana"], ids["Ben"]])
        assert sorted(state["ballots"][0]["tied"]) == sorted([ids["Ana"], ids["Ben"]])
        stack.send(seated.cids["Ana"], action="vote", round=1, ballot=2, target=ids["Cy"])
        assert stack.messages(seated.cids["Ana"], "error")[-1]["code"] == "not_candidate"
        for voter, target in (("Ana", "Ben"), ("Ben", "Ana"), ("Cy", "Ana"), ("Dee", "Ben")):
            vote(stack, seated, voter, ids[target], ballot=2)
        final = stack.last_state(seated.cids["Dee"])
        assert final["phase"] == "reveal" and final["reveal"]["outcome"] == "tie"
        r = stored(stack, seated.code).round
        assert r is not None
        no_secret_before_reveal(stack, seated, [r.word_text, *r.aliases])
        for seat, points in final["reveal"]["awards"].items():
            assert points == (3 if seat in r.impostors else 0)


def test_low_turnout_extends_once_then_ends_low_turnout() -> None:
    """Ruling 11a: at the deadline fewer than half voted: 15 s more, once; then `low_turnout`."""
    with aws_stack(seed=2) as stack:
        names = NAMES[:5]
        seated = start(stack, names)
        ids = seated.ids
        to_voting(stack, seated)
        vote(stack, seated, "Ana", ids["Ben"])
        vote(stack, seated, "Ben", ids["Ana"])
        deadline = stack.last_state(seated.cids["Ana"])["deadline"]
        stack.fire_latest()
        state = stack.last_state(seated.cids["Ana"])
        assert state["phase"] == "voting" and state["ballot"]["extended"] is True
        assert state["deadline"] == deadline + 15_000
        stack.fire_latest()
        final = stack.last_state(seated.cids["Cy"])
        assert final["phase"] == "reveal"
        assert final["reveal"]["outcome"] == "low_turnout"
        assert final["reveal"]["ballots"][0]["turnout"] == 2
        r = stored(stack, seated.code).round
        assert r is not None
        no_secret_before_reveal(stack, seated, [r.word_text, *r.aliases])


def test_flagged_civilian_said_the_word_pauses_then_burns_it() -> None:
    """Rulings 7a, 7b: a flag pauses the turn and keeps its seconds; the host confirms a
    civilian speaker: `civilian_said` (impostors 3), the word burned, the next round deals."""
    with aws_stack(seed=4) as stack:
        names = NAMES[:4]
        seated = start(stack, names, rounds=2)
        ids, cids = seated.ids, seated.cids
        r = stored(stack, seated.code).round
        assert r is not None
        deal(stack, seated, seated.code)
        speaker = next(n for n in names if ids[n] not in r.impostors and n != "Ana")
        flagger = next(n for n in names if n not in ("Ana", speaker))
        before = stack.last_state(cids["Ana"])
        assert before["phase"] == "clues"
        stack.clock.ms += 4_200
        stack.send(cids[flagger], action="flag_word", round=1, speaker=ids[speaker], req="f")
        assert {"type": "ok", "req": "f"} in stack.messages(cids[flagger])
        paused = stack.last_state(cids["Ben"])
        assert paused["flag"]["speaker"] == ids[speaker]
        assert paused["flag"]["by"] == ids[flagger]
        turn = paused["turn"]
        giver = next(n for n in names if ids[n] == turn["seat"])
        stack.send(cids[giver], action="clue", round=1, turn=turn["no"], text="tall")
        assert stack.messages(cids[giver], "error")[-1]["code"] == "paused"
        stack.send(cids["Ana"], action="rule_word", round=1, speaker=ids[speaker], req="r")
        state = stack.last_state(cids["Cy"])
        assert state["phase"] == "reveal" and state["reveal"]["outcome"] == "civilian_said"
        assert state["reveal"]["said"]["speaker"] == ids[speaker]
        for seat, points in state["reveal"]["awards"].items():
            assert points == (3 if seat in r.impostors else 0)
        no_secret_before_reveal(stack, seated, [r.word_text, *r.aliases])
        stack.fire_latest()
        r2 = stored(stack, seated.code).round
        assert r2 is not None and r2.no == 2 and r2.word != r.word


def test_pass_play_one_device_holds_every_seat_and_gets_each_card() -> None:
    """Rulings 2b, 3a through the handlers: the host adds local seats; their moves travel
    on the host's connection with `seat`; each card comes back to that device only, and
    only for the seat being dealt; the lap vote goes seat by seat."""
    with aws_stack(seed=5) as stack:
        host = stack.connect()

        def op(**message: Any) -> None:
            """The operator's taps, at a human pace (the connection's rate limit)."""
            stack.clock.ms += 250
            stack.send(host, **message)

        op(action="create_room", name="Ana", game="impostor", lang="ro")
        welcome = stack.messages(host, "welcome")[-1]
        code, ana = welcome["room"], welcome["player"]
        op(action="set_options", options={"play": "pass", "vote": "lap", "rounds": 1})
        for name in ("Ben", "Cy", "Dee"):
            op(action="add_seat", name=name, req=f"add-{name}")
            assert {"type": "ok", "req": f"add-{name}"} in stack.messages(host)
        lobby = stack.last_state(host)
        seats = [p["id"] for p in lobby["players"]]
        assert lobby["me"]["seats"] == seats and seats[0] == ana
        assert [p.get("local", False) for p in lobby["players"]] == [False, True, True, True]
        tv = stack.connect()
        stack.send(tv, action="join_room", room=code, name="TV", observer=True)
        op(action="start_match", req="go")
        assert {"type": "ok", "req": "go"} in stack.messages(host)
        state = stored(stack, code)
        assert state.round is not None
        for seat in seats:
            assert stack.last_state(host)["dealing"] == seat
            op(action="peek", round=1, seat=seat)
            card = stack.messages(host, "card")[-1]
            assert card["seat"] == seat and len(compact(card["card"])) == CARD_BYTES
            op(action="seen", round=1, seat=seat)
        op(action="peek", round=1, seat=seats[0], req="again")
        assert stack.messages(host, "error")[-1]["code"] == "not_your_turn"
        assert not stack.messages(tv, "card")
        while stack.last_state(host)["phase"] == "clues":
            turn = stack.last_state(host)["turn"]
            op(action="next_turn", round=1, turn=turn["no"])
        op(action="call_vote", round=1)
        ballot = stack.last_state(host)["ballot"]
        assert ballot["style"] == "lap"
        accused = next(s for s in seats if s not in state.round.impostors)
        for seat in seats:
            assert stack.last_state(host)["ballot"]["lap_seat"] == seat
            target = accused if seat != accused else next(s for s in seats if s != seat)
            op(action="vote", round=1, ballot=1, target=target, seat=seat)
        final = stack.last_state(tv)
        assert final["phase"] == "reveal" and final["reveal"]["outcome"] == "escaped"
        assert final["reveal"]["accused"] == accused
        secrets = [state.round.word_text]
        for message in stack.messages(tv, "state"):
            if not message.get("reveal"):
                assert state.round.word_text not in json.dumps(message, ensure_ascii=False)
        assert secrets


def test_i2a_play_change_through_the_handlers_keeps_the_hosts_seat() -> None:
    """Rulings 2a, 2b on moto: switching to `pass` leaves only the host seated (the others
    watch); a joiner watches and `take_seat` is `wrong_mode`; the host's local seats go when
    `play` changes again; back on phones, observers may sit."""
    with aws_stack(seed=6) as stack:
        seated = stack.seat(NAMES[:3], game="impostor")
        ids, cids = seated.ids, seated.cids
        ana = cids["Ana"]

        def host_says(req: str, **message: Any) -> None:
            stack.clock.ms += 250
            stack.send(ana, req=req, **message)
            assert {"type": "ok", "req": req} in stack.messages(ana), stack.messages(ana)[-1]

        host_says("pass", action="set_options", options={"play": "pass"})
        for name in ("Ben", "Cy"):
            assert stack.last_state(cids[name])["me"]["role"] == "observer"
        assert [p["id"] for p in stack.last_state(ana)["players"]] == [ids["Ana"]]
        dee = stack.connect()
        stack.send(dee, action="join_room", room=seated.code, name="Dee")
        assert stack.messages(dee, "welcome")[-1]["role"] == "observer"
        stack.send(cids["Ben"], action="take_seat", req="sit")
        assert stack.messages(cids["Ben"], "error")[-1]["code"] == "wrong_mode"
        host_says("pat", action="add_seat", name="Pat")
        host_says("sam", action="add_seat", name="Sam")
        lobby = stack.last_state(ana)
        assert [p["name"] for p in lobby["players"]] == ["Ana", "Pat", "Sam"]
        assert lobby["me"]["seats"] == [p["id"] for p in lobby["players"]]
        assert [p["name"] for p in stack.last_state(dee)["players"]] == ["Ana", "Pat", "Sam"]

        host_says("host", action="set_options", options={"play": "host"})
        assert [p["name"] for p in stack.last_state(ana)["players"]] == ["Ana"]
        assert [p["name"] for p in stack.last_state(cids["Cy"])["players"]] == ["Ana"]
        host_says("phones", action="set_options", options={"play": "phones"})
        for cid, req in ((cids["Ben"], "b"), (dee, "d")):
            stack.send(cid, action="take_seat", req=req)
            assert {"type": "ok", "req": req} in stack.messages(cid)
        assert [p["name"] for p in stack.last_state(ana)["players"]] == ["Ana", "Ben", "Dee"]


def test_a_peek_answers_its_device_alone_and_stores_nothing() -> None:
    """Ruling 3a, Secrecy 1: a card is the `peek` reply only; the room is not written and
    nobody else receives anything, so a look cannot be told from traffic."""
    with aws_stack(seed=7) as stack:
        seated = start(stack, NAMES[:4])
        cids = seated.cids
        version = stack.service.store.load(seated.code, stack.clock.now()).room.version
        before = {name: len(stack.messages(cid)) for name, cid in cids.items()}
        stack.send(cids["Cy"], action="peek", round=1, req="look")
        after = {name: stack.messages(cid)[before[name] :] for name, cid in cids.items()}
        assert [m["type"] for m in after["Cy"]] == ["card", "ok"]
        assert after["Cy"][0]["seat"] == seated.ids["Cy"]
        assert all(not after[name] for name in cids if name != "Cy")
        assert stack.service.store.load(seated.code, stack.clock.now()).room.version == version
