"""The fields the screens need so that no screen works a rule out for itself:
whose turn comes next (5b), the judge's word beside the guess (13d), and each
seat's place on the result sheet (one rank for the podium and the table)."""

from __future__ import annotations

from games.impostor import scoring
from tests.unit.impostor.helpers import (
    CLUES,
    accuse,
    civilians,
    deal,
    impostors,
    rnd,
    started,
    to_voting,
)


def test_turn_names_the_next_seat_and_a_double_turn() -> None:
    """Lap 2 reverses lap 1, so the last of lap 1 has two turns running (5b): the
    turn says so (`next` is its own seat), and the last turn's `next` is null."""
    top, ids = started(4)
    deal(top)
    order = list(rnd(top).order)
    schedule = order + order[::-1]
    for index, seat in enumerate(schedule):
        turn = top.view(ids[0])["turn"]
        assert turn["no"] == index + 1 and turn["seat"] == seat
        assert turn["next"] == (schedule[index + 1] if index + 1 < len(schedule) else None)
        top.move(seat, "clue", round=1, turn=turn["no"], text=CLUES[index % len(CLUES)])
    assert top.phase == "discussion"


def test_turn_next_skips_a_seat_that_left() -> None:
    top, ids = started(5)
    deal(top)
    order = list(rnd(top).order)
    gone = order[1]
    top.leave(gone)
    assert top.view(ids[0])["turn"]["next"] == order[2]


def test_judge_alone_sees_the_word_while_judging_on_own_phones() -> None:
    top, ids = started(5, seed=3)
    to_voting(top)
    impostor = impostors(top)[0]
    accuse(top, impostor)
    assert top.view(ids[0])["guess"].get("word") is None  # `guess`: the guess is not in yet
    top.move(impostor, "guess", round=1, text="nothing like it")
    assert top.phase == "judging"
    word = rnd(top).word_text
    judge = top.view(ids[0])["guess"]["judge"]
    assert judge in civilians(top)
    for seat in ids:
        shown = top.view(seat)["guess"]
        assert shown.get("word") == (word if seat == judge else None), seat
        assert word not in str(shown) or seat == judge


def test_shared_phone_judge_gets_no_word() -> None:
    """On one phone the caught impostor sees the screen the judge taps on."""
    top, _ = started(4, seed=2, play="pass")
    to_voting(top)
    accuse(top, impostors(top)[0])
    assert top.phase == "guess"
    assert "word" not in top.view(top.host)["guess"]


def test_ranks_tie_shares_a_place_and_the_next_skips() -> None:
    assert scoring.ranks({"a": 3, "b": 3, "c": 3, "d": 0}) == {"a": 1, "b": 1, "c": 1, "d": 4}
    assert scoring.ranks({"a": 0, "b": 2, "c": 1, "d": 2}) == {"a": 4, "b": 1, "c": 3, "d": 1}
    assert scoring.ranks({}) == {}


def test_ranks_sent_on_the_result_sheet_only() -> None:
    top, ids = started(3, rounds=1)
    to_voting(top)
    assert top.view(ids[0])["ranks"] is None
    accuse(top, civilians(top)[0])
    top.run_out()
    assert top.phase == "finished"
    view = top.view(ids[1])
    assert view["ranks"] == scoring.ranks(view["totals"])
    assert set(view["ranks"]) == set(ids)
