"""I1-I2: the table, the match's length and end, seats that leave, the ways to play."""

from __future__ import annotations

import json

from table.referee import AddSeat, RemoveSeat
from tests.support.tabletop import Tabletop, refused
from tests.unit.impostor.helpers import (
    CLUES,
    NAMES,
    accuse,
    add_seat,
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
    top, ids = table(20)
    late = top.join("Wes")
    assert top.view(late)["me"]["role"] == "observer"
    assert refused(top.take_seat, late) == "table_full"  # a 21st seat
    top.kick(ids[0], ids[19])
    top.take_seat(late)  # a seat is free again
    assert top.view(late)["me"]["role"] == "player"


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


def roles(top: Tabletop) -> dict[str, tuple[str, bool]]:
    """Each member's name: (role, held on another member's device)."""
    assert top.room is not None
    return {m.name: (m.role.value, m.holder is not None) for m in top.room.members}


def test_i2a_play_change_keeps_host_seat() -> None:
    """GIVEN a lobby WHEN the host changes `play` THEN only the host's seat stays: members
    watch, local seats go; other options leave the seats as they are."""
    top, (a, b, c) = table(3)
    assert refused(top.command, a, AddSeat("Pat")) == "wrong_mode"  # phones: one seat each
    top.set_options(a, play="pass")
    assert roles(top) == {
        "Ana": ("player", False),
        "Ben": ("observer", False),
        "Cy": ("observer", False),
    }
    assert top.view(b)["me"] == {
        "id": b,
        "role": "observer",
        "host": False,
        "seats": [],
        "seen": False,
        "ready": False,
        "judge": False,
    }
    pat, sam = add_seat(top, "Pat"), add_seat(top, "Sam")
    top.set_options(a, hint="grid", clue_seconds=45)
    assert roles(top)["Pat"] == roles(top)["Sam"] == ("player", True)
    top.set_options(a, play="host")  # another shared-phone way, still a change of `play`
    assert [p["id"] for p in top.view(a)["players"]] == [a]
    assert "Pat" not in roles(top) and "Sam" not in roles(top)
    assert top.room is not None and top.room.member(pat) is None
    add_seat(top, "Pat")
    top.set_options(a, play="phones")
    assert roles(top) == {
        "Ana": ("player", False),
        "Ben": ("observer", False),
        "Cy": ("observer", False),
    }
    top.take_seat(b)
    top.take_seat(c)
    top.start(a)
    assert rnd(top).seats == [a, b, c] and sam not in rnd(top).seats
    assert refused(top.set_options, a, play="pass") == "wrong_phase"  # lobby or finished only
    top.run_out()
    assert top.phase == "finished"
    top.set_options(a, play="pass")  # between matches too
    assert top.view(a)["me"]["seats"] == [a] and top.view(b)["me"]["role"] == "observer"


def test_i2b_pass_seats_on_operator_joiners_observe() -> None:
    """GIVEN `pass` or `host` play WHEN people join THEN they only watch and `take_seat` is
    `wrong_mode`; the host adds the seats by name on its own device (the first seat) and
    may remove them; a 21st is `table_full`; the host operates every seat's moves."""
    for play in ("pass", "host"):
        top, ids = table(4, play=play)
        host = ids[0]
        joiner = top.join("Wes")
        assert top.view(joiner)["me"]["role"] == "observer"
        assert refused(top.take_seat, joiner) == "wrong_mode"
        assert refused(top.command, joiner, AddSeat("Zed")) == "not_host"
        assert refused(top.command, host, AddSeat("ana")) == "name_taken"  # names as RULES 4b
        assert refused(top.command, host, AddSeat("x" * 25)) == "invalid_name"
        players = top.view(host)["players"]
        assert [p["id"] for p in players] == ids and players[0]["host"]
        assert [bool(p.get("local")) for p in players] == [False, True, True, True]
        assert top.view(host)["me"]["seats"] == ids  # the operator's device holds them all
        assert top.view(joiner)["me"]["seats"] == []
        top.command(host, RemoveSeat(ids[3]))
        assert [p["id"] for p in top.view(host)["players"]] == ids[:3]
        while len(top.view(host)["players"]) < 20:
            add_seat(top, NAMES[len(top.view(host)["players"])])
        assert refused(top.command, host, AddSeat("Yan")) == "table_full"
        top.start(host)
        assert len(rnd(top).seats) == 20 and joiner not in rnd(top).seats
        assert refused(top.move, joiner, "peek", round=1) == "not_eligible"
        assert refused(top.move, joiner, "flag_word", round=1, speaker=ids[1]) == "not_host"
        assert refused(top.command, host, AddSeat("Yan")) == "wrong_phase"
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
    assert refused(top.move, board, "peek", round=1) == "not_eligible"
    for seat in ids:
        top.move(seat, "peek", round=1)
    top.run_out()
    to_board = [m for who, m in top.sent if who == board]
    assert to_board and all(m["type"] == "state" for m in to_board)
    assert all("card" not in m for m in to_board)
