"""F1-F3: seats, settings, the Judge."""

from __future__ import annotations

import random

import pytest

from games.fictionary.game import GAME
from games.fictionary.rules import CHOOSING
from table.contract import FINISHED, Env, Seat, Table
from table.errors import Refusal
from tests.support.tabletop import Tabletop, refused
from tests.unit.fictionary.fixtures import CONTENT, choose, new_table, next_round, write_all


def test_f1_three_to_twelve_seats_bots_count() -> None:
    """GIVEN two people and a bot WHEN the host starts THEN three seats play; no 13th seat."""
    top, people = new_table(2, bots=1)
    top.start()
    assert len(top.state.seats) == 3 and top.phase == CHOOSING
    top, people = new_table(2, bots=10)
    assert refused(top.move, people[0], "add_bot", level="easy") == "no_free_seat"
    assert top.view(people[0])["players"].__len__() == 12


def test_f1a_start_needs_a_person() -> None:
    top, (ana, _ben) = new_table(2)
    assert refused(top.start) == "not_enough_players"  # two seats
    top.move(ana, "add_bot", level="medium")
    top.start()
    assert top.phase == CHOOSING
    # Three bot seats and no person: the game refuses to start.
    bots = tuple(Seat(id=f"b{i}", name=f"B{i}", player=True, bot="medium") for i in range(3))
    table = Table(code="ABCD", lang="en", options={}, host=None, members=bots)
    env = Env(now=0, rng=random.Random(1), content=CONTENT)
    with pytest.raises(Refusal) as refusal:
        GAME.start(GAME.new_state(), table, env)
    assert refusal.value.code == "not_enough_players"


def test_f1b_new_room_has_three_medium_bots() -> None:
    top = Tabletop(GAME, seed=3, content=CONTENT)
    host = top.create("Ana")
    players = top.view(host)["players"]
    assert [p["bot"] for p in players] == [None, "medium", "medium", "medium"]
    top.start()
    assert top.phase == CHOOSING  # one person can play at once


def test_f1b_joiner_observes_when_twelve_seats_or_game_running() -> None:
    top, (_ana, *_) = new_table(3, bots=9)
    late = top.join("Zed")
    assert top.view(late)["me"]["role"] == "observer"  # twelve seats taken
    top2, (_ana2, *_) = new_table(3)
    top2.start()
    mid = top2.join("Zed")
    assert top2.view(mid)["me"]["role"] == "observer"  # a game is running


def test_f1c_leaver_seat_is_covered_score_kept() -> None:
    top, people = new_table(4)
    top.start()
    leaver = next(p for p in people if p != top.state.judge and p != top.host)
    top.leave(leaver)
    assert top.state.bots[leaver] == "medium" and top.state.covered[leaver] == "gone"
    assert leaver in top.state.seats and leaver in top.state.scores
    row = next(p for p in top.view(top.host)["players"] if p["id"] == leaver)
    assert row["covered"] is True and row["bot"] == "medium"


def test_f1c_kicked_person_cannot_come_back() -> None:
    top, (ana, _ben, _cleo, dev) = new_table(4)
    top.start()
    top.kick(ana, dev)
    assert top.state.covered[dev] == "gone"
    assert refused(top.resume, dev) == "kicked"
    eve = top.join("Eve")
    top.move(eve, "sit_in", player=dev)  # an observer may take the bot's seat
    assert top.state.sitters[dev] == eve


def test_f1d_bot_names_unique_never_host() -> None:
    top = Tabletop(GAME, seed=3, content=CONTENT)
    host = top.create("Ada")  # the first bot name is taken by a person
    names = [p["name"] for p in top.view(host)["players"]]
    assert names[0] == "Ada" and "Ada" not in names[1:] and len(set(names)) == 4
    top.leave(host)
    assert top.room is not None and top.room.host is None  # a bot never hosts


def test_f2_only_exact_option_values() -> None:
    top, (ana, *_) = new_table(3)
    for name, bad in [
        ("target", 12),
        ("show", 1),
        ("timer", True),
        ("bot_pace", "fast"),
        ("timer", 30),
    ]:
        with pytest.raises(Exception) as refusal:
            top.set_options(ana, **{name: bad})
        assert refusal.value.code == "bad_option" and refusal.value.reason == name
    top.set_options(ana, target=15, show=False, timer=45, bot_pace="steady")
    assert top.view(ana)["options"] == {
        "target": 15,
        "show": False,
        "timer": 45,
        "bot_pace": "steady",
    }


def test_f2a_host_only_frozen_at_start() -> None:
    top, (ana, ben, _c) = new_table(3)
    assert refused(top.set_options, ben, target=15) == "not_host"
    top.set_options(ana, target=15)
    top.start()
    assert refused(top.set_options, ana, target=20) == "wrong_phase"
    assert top.state.rules["target"] == 15
    assert top.view(ben)["target"] == 15


def test_f3_judge_moves_one_seat_from_seeded_first() -> None:
    top, people = new_table(4)
    top.start()
    seats = top.state.seats
    first = seats.index(top.state.judge)
    assert first == top.state.first
    judges = []
    for _ in range(4):
        judges.append(top.state.judge)
        choose(top)
        write_all(top, people)
        next_round(top)  # nobody votes: the backstop closes voting; then the reveal
        if top.phase == FINISHED:
            break
    assert len(judges) == 4
    assert judges == [seats[(first + r) % 4] for r in range(4)]


def _replay(seed: int) -> list[object]:
    top, people = new_table(4, seed=seed)
    top.start()
    choose(top, 2)
    write_all(top, people)
    return [top.state.offer, top.state.judge, [c["text"] for c in top.state.cards], top.state.seed]


def test_f3a_same_seed_and_moves_same_game() -> None:
    assert _replay(11) == _replay(11)
    assert _replay(11) != _replay(12)
