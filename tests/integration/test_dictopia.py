"""Dictopia through the real handlers on moto: a table of four, and one player against Big Brother.

GIVEN players on their own connections and the committed English content, WHEN
they play whole matches with the deadlines fired as the state machine would,
THEN a denunciation goes to the table's vote, the Speed card goes to the first
touch the store accepted, every view is the member's own, and a solo win
raises the level.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.dictopia.content import load
from games.dictopia.lexicon import word_key
from tests.support.aws import Stack, aws_stack

NAMES = ("Ana", "Ben", "Cy", "Dee")


@pytest.fixture
def stack() -> Any:
    with aws_stack(seed=3) as stack:
        yield stack


def create(stack: Stack, names: tuple[str, ...], **options: Any) -> tuple[dict[str, str], dict]:
    cids = {name: stack.connect() for name in names}
    first, *others = names
    stack.send(
        cids[first], action="create_room", name=first, game="dictopia", lang="en", options=options
    )
    code = stack.messages(cids[first], "welcome")[-1]["room"]
    for name in others:
        stack.send(cids[name], action="join_room", room=code, name=name)
    ids = {n: stack.messages(c, "welcome")[-1]["player"] for n, c in cids.items()}
    return cids, ids


def last_error(stack: Stack, cid: str) -> str:
    return str(stack.messages(cid, "error")[-1]["code"])


def spelled(hand: list[dict[str, Any]], word: list[list[int]]) -> str:
    return "".join(hand[c]["faces"][f]["letter"] for c, f in word)


def unlisted_word(hand: list[dict[str, Any]]) -> list[list[int]]:
    """Four consonants of the hand: no English word, so a denunciation goes to the vote."""
    lexicon = load("en").lexicon
    word = [[c, 1] for c in range(4)]
    assert word_key(spelled(hand, word)) not in lexicon
    return word


def next_phase(stack: Stack, cid: str, phase: str) -> dict[str, Any]:
    """Fire the current phase's deadline until `phase` (a closed phase's timer does nothing)."""
    for _ in range(6):
        state = stack.last_state(cid)
        if state["phase"] == phase:
            return state
        stack.fire_latest()
    raise AssertionError(f"never reached {phase}: {stack.last_state(cid)['phase']}")


def trial_one_with_a_denunciation(stack: Stack, cids: dict[str, str], ids: dict[str, str]) -> None:
    ana, ben = cids["Ana"], cids["Ben"]
    hand = stack.last_state(ana)["my_hand"]
    word = unlisted_word(hand)
    stack.send(ana, action="play", round=1, cards=word)
    assert stack.last_state(ana)["my_letters"] == spelled(hand, word)
    for name in ("Ben", "Cy"):
        stack.send(cids[name], action="play", round=1, cards=[[0, 0]])
    # During the trial the others see only counts (D7b).
    seen = stack.last_state(ben)
    assert (seen["submitted"], seen["locked"], seen["expected"]) == (3, 0, 4)
    assert "words" not in seen and spelled(hand, word) not in str(seen)
    stack.fire_latest()  # the trial's deadline: Dee has no word (D7c)
    tally = stack.last_state(ben)
    assert tally["phase"] == "tally"
    assert all(w["listed"] is None for w in tally["words"])
    stack.send(ben, action="denounce", round=1, player=ids["Ana"])
    row = next(w for w in stack.last_state(ben)["words"] if w["player"] == ids["Ana"])
    assert row["denounced_by"] == ids["Ben"]
    assert row["denunciation"] == {"result": "to_vote", "spellings": []}
    stack.send(cids["Cy"], action="denounce", round=1, player=ids["Ana"])
    assert last_error(stack, cids["Cy"]) == "already_denounced"
    stack.send(ana, action="denounce", round=1, player=ids["Ana"])
    assert last_error(stack, ana) == "own_word"
    for cid in cids.values():
        stack.send(cid, action="pass", round=1)
    vote = stack.last_state(ana)
    assert vote["phase"] == "vote" and vote["voters"] == 4
    (item,) = vote["items"]
    assert (item["kind"], item["player"], item["yes"], item["result"]) == (
        "validity",
        ids["Ana"],
        None,
        None,
    )
    # Ana votes for her word; the other three against it (D13a, D19c).
    stack.send(ana, action="judge", round=1, item=item["id"], verdict=True)
    assert stack.last_state(ben)["verdicts_in"] == 1
    assert stack.last_state(ben)["items"][0]["yes"] is None, "answers are sealed"
    for name in ("Ben", "Cy", "Dee"):
        stack.send(cids[name], action="judge", round=1, item=item["id"], verdict=False)
    score = stack.last_state(ben)
    assert score["phase"] == "score"
    (closed,) = score["items"]
    assert (closed["yes"], sorted(closed["no"]), closed["result"]) == (
        [ids["Ana"]],
        sorted(ids[n] for n in ("Ben", "Cy", "Dee")),
        "no",
    )
    lines = score["score"]["lines"]
    assert lines[ids["Ana"]]["void"] == "denounced" and lines[ids["Ana"]]["trial"] == 0
    assert lines[ids["Dee"]]["void"] == "no_word"
    assert lines[ids["Ben"]]["letters"] == 1 and lines[ids["Ben"]]["void"] is None
    stack.send(ana, action="continue", round=1)
    assert last_error(stack, ana) == "too_early"


def trial_with_speed(stack: Stack, cids: dict[str, str], ids: dict[str, str], round_: int) -> None:
    ben, cy = cids["Ben"], cids["Cy"]
    stack.send(ben, action="touch_speed", round=round_)
    assert last_error(stack, ben) == "no_word"
    for name in NAMES:
        stack.send(cids[name], action="play", round=round_, cards=[[0, 0], [1, 1]])
    stack.send(cids["Dee"], action="lock", round=round_)
    stack.send(ben, action="touch_speed", round=round_)
    stack.send(cy, action="touch_speed", round=round_)
    assert last_error(stack, cy) == "speed_taken"
    stack.send(ben, action="play", round=round_, cards=[[2, 0]])
    assert last_error(stack, ben) == "locked"
    # The holder is public at once; the word is not (D16b).
    for cid in cids.values():
        assert stack.last_state(cid)["speed_by"] == ids["Ben"]
    for name in ("Ana", "Cy"):
        stack.send(cids[name], action="lock", round=round_)
    tally = stack.last_state(cids["Ana"])  # all locked: the trial closed early
    assert tally["phase"] == "tally"
    assert [w["player"] for w in tally["words"] if w["speed"]] == [ids["Ben"]]
    for cid in cids.values():
        stack.send(cid, action="pass", round=round_)
    score = next_phase(stack, cids["Ana"], "score")
    line = score["score"]["lines"][ids["Ben"]]
    assert {"id": "speed", "bonus": 3, "how": "speed"} in line["missions"]
    assert all(
        m["id"] != "speed"
        for p, ln in score["score"]["lines"].items()
        if p != ids["Ben"]
        for m in ln["missions"]
    )


def quiet_trial(stack: Stack, cids: dict[str, str], round_: int) -> None:
    for cid in cids.values():
        stack.send(cid, action="play", round=round_, cards=[[0, 0]])
        stack.send(cid, action="lock", round=round_)
    state = stack.last_state(cids["Ana"])
    assert state["phase"] in ("tally", "vote", "score")
    for cid in cids.values():
        stack.send(cid, action="pass", round=round_)


def test_four_players_a_denunciation_vote_and_speed(stack: Stack) -> None:
    cids, ids = create(stack, NAMES)
    ana = cids["Ana"]
    assert stack.last_state(ana)["game"] == "dictopia"
    speed_seen = False
    for match in range(7):  # D5a: no mission repeats until the pool is used, so Speed comes
        stack.send(ana, action="start_match")
        for round_ in range(1, 6):
            state = next_phase(stack, ana, "trial")
            assert state["round"] == round_ and len(state["missions"]) == (
                0 if round_ == 1 else 2 if round_ == 5 else 1
            )
            if round_ == 1 and match == 0:
                trial_one_with_a_denunciation(stack, cids, ids)
            elif any(m["id"] == "speed" for m in state["missions"]) and not speed_seen:
                trial_with_speed(stack, cids, ids, round_)
                speed_seen = True
            else:
                quiet_trial(stack, cids, round_)
            next_phase(stack, ana, "score")
            stack.fire_latest()
        final = stack.last_state(ana)
        assert final["phase"] == "finished" and len(final["history"]) == 5
        assert final["winners"] and set(final["winners"]) <= set(ids.values())
        if speed_seen:
            break
    assert speed_seen
    for name, cid in cids.items():
        for state in stack.messages(cid, "state"):
            assert state["me"]["id"] == ids[name]
            hand = state.get("my_hand")
            if state["phase"] == "trial":
                assert hand is not None and len(hand) == 8


def test_solo_against_big_brother_and_the_level(stack: Stack) -> None:
    cids, ids = create(stack, ("Sol", "Tv"), mode="solo", reached=["en:9"])
    sol, tv = cids["Sol"], cids["Tv"]
    lobby = stack.last_state(sol)
    assert lobby["solo"] == {"level": 9, "reached": 9, "beaten": None}
    assert [p["id"] for p in lobby["players"]] == [ids["Sol"]] and lobby["observers"] == 1
    stack.send(sol, action="set_options", options={"level": 10})
    assert last_error(stack, sol) == "level_locked"
    stack.send(sol, action="start_match")
    lexicon = load("en").lexicon
    for round_ in range(1, 6):
        state = next_phase(stack, sol, "trial")
        assert len(state["my_hand"]) == 9 and stack.last_state(tv)["my_hand"] is None
        assert all(m["check"] != "vote" and m["id"] != "speed" for m in state["missions"])
        word = unlisted_word(state["my_hand"])
        stack.send(sol, action="play", round=round_, cards=word)
        assert last_error(stack, sol) == "not_in_word_list"  # strict (D19e)
        vowel = next(
            i
            for i, c in enumerate(state["my_hand"])
            if word_key(c["faces"][0]["letter"]) in lexicon
        )
        stack.send(sol, action="play", round=round_, cards=[[vowel, 0]])
        stack.send(sol, action="lock", round=round_)
        score = stack.last_state(tv)  # solo: no tally; the lock closes the trial
        assert score["phase"] == "score"
        bb = score["big_brother"]
        assert bb is not None and bb["trial"] == bb["unused_eyes"] + bb["missed_eyes_bonus"] + sum(
            m["bonus"] for m in bb["missed_missions"]
        )
        stack.fire_latest()
    final = stack.last_state(tv)
    assert final["phase"] == "finished"
    # One letter a trial against eight cards' eyes: Big Brother wins, the level stays.
    assert final["winners"] == ["big_brother"] and final["solo"]["beaten"] is False
    assert final["solo"]["reached"] == 9
