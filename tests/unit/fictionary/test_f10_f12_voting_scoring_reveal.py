"""F10 voting, F11 scoring, F12 the reveal."""

from __future__ import annotations

from games.fictionary.reveal import LINES
from games.fictionary.rules import CHOOSING, REVEAL, VOTING
from games.fictionary.scoring import CardScore, score_round
from games.fictionary.tidy import tidy
from tests.support.tabletop import refused
from tests.unit.fictionary.fixtures import (
    CONTENT,
    card_of,
    choose,
    judge,
    new_table,
    real_id,
    revealed,
    step_until,
    write_all,
)


def _voting(people: int = 4, **options: object):  # type: ignore[no-untyped-def]
    top, ppl = new_table(people, **options)
    top.start()
    choose(top)
    write_all(top, ppl)
    assert top.phase == VOTING
    return top, ppl, [p for p in ppl if p != judge(top)]


def test_f10_vote_any_card_but_own() -> None:
    top, _ppl, (a, b, _c) = _voting()
    assert refused(top.move, a, "vote", round=1, option=card_of(top, a)) == "own_option"
    top.move(a, "vote", round=1, option=card_of(top, b))
    assert top.view(a)["my_vote"] == card_of(top, b)


def test_f10_vote_changes_until_close() -> None:
    top, _ppl, (a, b, c) = _voting()
    top.move(a, "vote", round=1, option=card_of(top, b))
    top.move(a, "vote", round=1, option=real_id(top))
    top.move(b, "vote", round=1, option=real_id(top))
    assert top.phase == VOTING
    top.move(c, "vote", round=1, option=card_of(top, a))  # the last voter closes it at once
    assert top.phase == REVEAL
    assert revealed(top)["awards"][a] == 2 + 1
    assert refused(top.move, a, "vote", round=1, option=card_of(top, b)) == "phase_closed"


def test_f10_missed_writer_votes() -> None:
    top, ppl = new_table(4, timer=45)
    top.start()
    choose(top)
    a, b, c = [p for p in ppl if p != judge(top)]
    top.move(a, "submit", round=1, text="a pan for fish")
    top.move(b, "submit", round=1, text="a boat for eels")
    top.advance(45_000)
    assert top.phase == VOTING and top.view(c)["can_vote"] is True
    top.move(c, "vote", round=1, option=real_id(top))
    assert top.view(c)["my_vote"] == real_id(top)


def test_f10a_refusals() -> None:
    top, _ppl, (a, _b, _c) = _voting()
    assert refused(top.move, judge(top), "vote", round=1, option=real_id(top)) == "not_eligible"
    eve = top.join("Eve")
    assert refused(top.move, eve, "vote", round=1, option=real_id(top)) == "not_eligible"
    assert refused(top.move, a, "vote", round=1, option="0" * 16) == "unknown_option"
    assert refused(top.move, a, "vote", round=2, option=real_id(top)) == "stale_round"
    assert refused(top.move, a, "submit", round=1, text="late") == "phase_closed"
    top.move(a, "cover")
    assert refused(top.move, a, "vote", round=1, option=real_id(top)) == "not_eligible"


def test_f11_worked_example() -> None:
    """Five seats, seat 0 Judge; Ben, Cleo, Dev wrote cards 1-3, card 4 is real;
    Cleo and Dev vote card 1, Eve card 4: Ben 2, the Judge 2, Eve 2, Cleo and Dev 0."""
    seats = ["judge", "ben", "cleo", "dev", "eve"]
    cards = [
        CardScore("1", ("ben",), False),
        CardScore("2", ("cleo",), False),
        CardScore("3", ("dev",), False),
        CardScore("4", (), True),
    ]
    awards = score_round(seats, "judge", cards, {"cleo": "1", "dev": "1", "eve": "4"})
    assert awards == {"judge": 2, "ben": 2, "cleo": 0, "dev": 0, "eve": 2}
    awards = score_round(seats, "judge", cards, {"cleo": "1", "eve": "4"})  # had Dev not voted
    assert awards["ben"] == 1 and awards["judge"] == 1


def test_f11_worked_example_through_the_table() -> None:
    top, ppl = new_table(5)
    top.start()
    choose(top)
    j = judge(top)
    ben, cleo, dev, eve = [p for p in ppl if p != j]
    for p, text in ((ben, "a pan for fish"), (cleo, "a boat for eels"), (dev, "a cart for hay")):
        top.move(p, "submit", round=1, text=text)
    top.advance(600_000)  # Eve writes nothing: the backstop closes writing
    assert top.phase == VOTING
    for p in (cleo, dev):
        top.move(p, "vote", round=1, option=card_of(top, ben))
    top.move(eve, "vote", round=1, option=real_id(top))
    top.move(ben, "vote", round=1, option=card_of(top, cleo))
    awards = revealed(top)["awards"]
    assert awards == {j: 3, ben: 2, cleo: 1, dev: 0, eve: 2}


def test_f11_uncast_vote_scores_no_one() -> None:
    top, _ppl, (a, b, c) = _voting(timer=45)
    top.move(a, "vote", round=1, option=card_of(top, b))
    step_until(top, lambda: top.phase == REVEAL)
    assert revealed(top)["awards"] == {judge(top): 1, a: 0, b: 1, c: 0}
    assert sorted(revealed(top)["unvoted"]) == sorted([b, c])


def test_f11a_real_like_person_card_fools() -> None:
    top, ppl = new_table(4)
    top.start()
    choose(top)
    a, b, c = [p for p in ppl if p != judge(top)]
    top.move(a, "submit", round=1, text=CONTENT.by_id[top.state.card].truth)
    top.move(b, "submit", round=1, text="a pan for fish")
    top.move(c, "submit", round=1, text="a boat for eels")
    top.move(b, "vote", round=1, option=card_of(top, a))
    top.move(c, "vote", round=1, option=card_of(top, a))
    top.move(a, "vote", round=1, option=real_id(top))
    awards = revealed(top)["awards"]
    assert awards[a] == 2 + 2 and awards[judge(top)] == 2 and awards[b] == awards[c] == 0


def test_f11b_round_points_twice_votes_cast() -> None:
    top, _ppl, (a, b, c) = _voting()
    top.move(a, "vote", round=1, option=card_of(top, b))
    top.move(b, "vote", round=1, option=real_id(top))
    top.move(c, "vote", round=1, option=card_of(top, a))
    reveal = revealed(top)
    assert sum(reveal["awards"].values()) == 2 * 3
    assert reveal["totals"] == top.state.scores


def test_f12_beats_order_durations_lines() -> None:
    top, _ppl, (a, b, c) = _voting()
    top.move(a, "vote", round=1, option=card_of(top, b))
    top.move(b, "vote", round=1, option=card_of(top, a))
    top.move(c, "vote", round=1, option=card_of(top, a))
    beats = revealed(top)["beats"]
    assert [(x["cue"], x["ms"]) for x in beats] == [
        ("votes", 2200),
        ("author", 1700),
        ("author", 1700),
        ("authors", 1500),
        ("real", 2400),
        ("judge", 1400),
        ("totals", 1200),
    ]
    n_a = next(x["n"] for x in revealed(top)["options"] if a in x["writers"])
    assert beats[1]["n"] == n_a and len(beats[1]["fooled"]) == 2  # most votes first
    assert all(beats[i + 1]["at"] == beats[i]["at"] + beats[i]["ms"] for i in range(len(beats) - 1))
    assert set(LINES) == {"votes", "author", "authors", "real", "judge", "totals"}
    assert LINES["real"].format(n=3, k=1) == "The real definition was option 3. 1 found it."


def test_f12_no_votes_no_votes_beat() -> None:
    top, _ppl, _writers = _voting(timer=45)
    step_until(top, lambda: top.phase == REVEAL)
    cues = [x["cue"] for x in revealed(top)["beats"]]
    assert "votes" not in cues and "author" not in cues and cues[0] == "authors"


def test_f12a_reveal_length_sum_of_beats() -> None:
    top, _ppl, (a, b, c) = _voting()
    top.move(a, "vote", round=1, option=card_of(top, b))
    top.move(b, "vote", round=1, option=real_id(top))
    top.move(c, "vote", round=1, option=real_id(top))
    total = sum(x["ms"] for x in revealed(top)["beats"])  # 2.2 + 1.7 + 1.5 + 2.4 + 1.4 + 1.2
    assert total == 10_400
    assert top.state.deadline == top.state.phase_started_at + 11_000
    top.advance(10_999)
    assert top.phase == REVEAL
    top.advance(1)
    assert top.phase == CHOOSING


def test_f12a_continue_refused() -> None:
    top, _ppl, (a, b, c) = _voting()
    for p in (a, b, c):
        top.move(p, "vote", round=1, option=real_id(top))
    assert refused(top.move, top.host, "continue", round=1) == "wrong_phase"


def test_f12b_beats_carry_data() -> None:
    top, _ppl, (a, b, c) = _voting()
    top.move(a, "vote", round=1, option=card_of(top, b))
    top.move(b, "vote", round=1, option=real_id(top))
    top.move(c, "vote", round=1, option=real_id(top))
    beats = {x["cue"]: x for x in revealed(top)["beats"]}
    n_b = next(x["n"] for x in revealed(top)["options"] if b in x["writers"])
    assert beats["votes"]["votes"][a] == n_b
    assert beats["author"]["writers"] == [b] and beats["author"]["fooled"] == [a]
    assert sorted(beats["real"]["found"]) == sorted([b, c])
    assert beats["judge"] == {**beats["judge"], "judge": judge(top), "points": 1}
    assert beats["totals"]["totals"] == top.state.scores
    view = top.view(a)["reveal"]
    assert view["truth"] == tidy(CONTENT.by_id[top.state.card].truth)


def test_f12c_last_shown_while_choosing() -> None:
    top, _ppl, (a, b, c) = _voting()
    for p in (a, b, c):
        top.move(p, "vote", round=1, option=real_id(top))
    reveal = revealed(top)
    step_until(top, lambda: top.phase == CHOOSING)
    assert top.view(a)["last"] == reveal and top.view(a)["reveal"] is None


def test_f12_no_new_total_before_its_beat() -> None:
    """During the reveal every row's `score` is the total before this round; the new totals
    come only with the `totals` beat, after the beats that say who fooled whom."""
    top, _ppl, (a, b, c) = _voting()
    top.move(a, "vote", round=1, option=card_of(top, b))
    top.move(b, "vote", round=1, option=real_id(top))
    top.move(c, "vote", round=1, option=real_id(top))
    assert top.phase == REVEAL
    for member in (a, b, c, judge(top)):
        view = top.view(member)
        awards, totals = view["reveal"]["awards"], view["reveal"]["totals"]
        assert any(awards.values())
        scores = {p["id"]: p["score"] for p in view["players"]}
        assert scores == {seat: totals[seat] - awards[seat] for seat in totals}
        assert scores == dict.fromkeys(totals, 0)  # round 1: nothing before it
        cues = [x["cue"] for x in view["reveal"]["beats"]]
        assert cues.index("totals") > cues.index("author")
    step_until(top, lambda: top.phase == CHOOSING)
    assert {p["id"]: p["score"] for p in top.view(a)["players"]} == top.state.scores
