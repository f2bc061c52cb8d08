"""I1-I2: the table, the match's length and end, seats that leave, the ways to play."""

from __future__ import annotations

import json

from table.errors import Refusal
from tests.support.tabletop import refused
from tests.unit.impostor.helpers import (
    CLUES,
    accuse,
    civilians,
    deal,
    impostors,
    rnd,
    started,
    table,
    to_voting,
)


def test_i1_start_3_to_20() -> None:
    top, (a, _b) = table(2)
    assert refused(top.start, a) == "not_enough_players"
    top.join("Cy")
    top.start(a)
    assert top.phase == "deal"
    big, _ = started(20)
    assert big.phase == "deal" and len(rnd(big).seats) == 20


def test_i1a_21st_joiner_observes() -> None:
    top, _ = table(20)
    late = top.join("Wes")
    assert top.view(late)["me"]["role"] == "observer"


def test_i1b_rounds_one_per_seat() -> None:
    top, _ = started(4)
    assert top.state.rounds == 4
    top.run_out()  # every phase by its deadline
    assert top.phase == "finished" and len(top.state.past) == 4
    other, (a, *_rest) = table(5, rounds=2)
    other.start(a)
    other.run_out()
    assert len(other.state.past) == 2


def test_i1c_end_match_and_too_few_seats() -> None:
    top, _ids = started(4)
    assert refused(top.move, top.host, "end_match") == "wrong_phase"
    top.advance(30_000)
    while top.phase != "reveal":
        top.advance(1_000)
    top.move(top.host, "end_match")
    assert top.phase == "finished" and len(top.state.past) == 1
    # Fewer than 3 active seats: the round is void and the match ends at its reveal.
    three, (_a, b, c) = started(3, seed=4, rounds=5)
    leaver = next(s for s in (b, c) if s not in impostors(three))
    three.leave(leaver)
    assert three.phase == "reveal" and rnd(three).outcome == "void"
    three.advance(20_000)
    assert three.phase == "finished" and len(three.state.past) == 1


def test_i1d_inactive_seat_leaves_order() -> None:
    top, _ids = started(6, seed=2)
    deal(top)
    first = top.view(top.host)["turn"]
    top.move(first["seat"], "clue", round=1, turn=first["no"], text="tall")
    gone = next(s for s in civilians(top) if s != top.host and s != first["seat"])
    top.leave(gone)
    while top.phase == "clues":
        turn = top.view(top.host)["turn"]
        assert turn["seat"] != gone
        top.move(turn["seat"], "clue", round=1, turn=turn["no"], text=CLUES[turn["no"] % 8])
    assert all(c.seat != gone for c in rnd(top).clues)
    top.move(top.host, "call_vote", round=1)
    assert gone not in top.view(top.host)["ballot"]["candidates"]
    assert top.view(top.host)["ballot"]["voters"] == 5


def test_i1d_last_impostor_leaving_voids() -> None:
    top, _ = started(5, seed=1)
    deal(top)
    for impostor in impostors(top):
        top.leave(impostor)
    assert rnd(top).outcome == "void"
    assert set(rnd(top).awards.values()) == {0}


def test_i1d_caught_impostor_leaving_misses() -> None:
    top, _ = started(5, seed=3)
    to_voting(top)
    caught = impostors(top)[0]
    accuse(top, caught)
    assert top.phase == "guess"
    top.leave(caught)
    assert rnd(top).outcome == "caught_missed"


def test_i1e_rematch_resets_keeps_used_words() -> None:
    top, _ = started(3, rounds=1)
    first_word = rnd(top).word
    top.run_out()
    assert top.phase == "finished"
    used = json.dumps(top.room.memory if top.room else {})
    assert first_word in used
    top.start()
    assert top.state.totals == dict.fromkeys(top.state.seats, 0)
    assert top.state.history == [rnd(top).impostors] and top.state.cycle in ([], impostors(top))
    assert rnd(top).word != first_word and first_word in json.dumps(top.room.memory)


def test_i2b_pass_seats_on_operator_joiners_observe() -> None:
    """GIVEN `pass` play WHEN a member joins mid-match THEN it only watches; the host operates."""
    top, ids = started(4, play="pass")
    watcher = top.join("Wes")
    assert top.view(watcher)["me"]["role"] == "observer"
    assert refused(top.move, watcher, "peek", round=1) == "not_eligible"
    assert refused(top.move, watcher, "flag_word", round=1, speaker=ids[1]) == "not_host"
    assert top.state.deadline is None  # the deal lap is untimed


def test_i2c_host_play_votes_by_point() -> None:
    top, ids = started(4, play="host")
    to_voting(top)
    assert top.view(ids[0])["ballot"]["style"] == "point"
    assert refused(top.move, ids[1], "vote", round=1, ballot=1, target=ids[2]) == "wrong_mode"
    accused = civilians(top)[0]
    pointers = [s for s in ids if s != accused][:2]
    top.move(top.host, "record_point", round=1, ballot=1, accused=accused, pointers=pointers)
    assert rnd(top).outcome == "escaped"


def test_i2d_board_never_holds_card() -> None:
    top, ids = started(4, hint="grid")
    board = top.join("Tv", observer=True)
    try:
        top.move(board, "peek", round=1)
    except Refusal as refusal:
        assert refusal.code == "not_eligible"
    for seat in ids:
        top.move(seat, "peek", round=1)
    top.run_out()
    to_board = [m for who, m in top.sent if who == board]
    assert to_board and all(m["type"] == "state" for m in to_board)
    assert all("card" not in m for m in to_board)
