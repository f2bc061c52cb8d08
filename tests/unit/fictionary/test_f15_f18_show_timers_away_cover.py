"""F15 show or read aloud, F16 timers, F17 away, F18 covering seats."""

from __future__ import annotations

import math

from games.fictionary.rules import CHOOSING, REVEAL, VOTING, WRITING
from table.contract import FINISHED
from tests.support.tabletop import refused
from tests.unit.fictionary.fixtures import (
    card_of,
    choose,
    judge,
    new_table,
    real_id,
    revealed,
    settle,
    step_until,
    write_all,
)


def _voting(people: int = 4, bots: int = 0, **options: object):  # type: ignore[no-untyped-def]
    top, ppl = new_table(people, bots=bots, **options)
    top.start()
    return top, ppl


def _to_voting(top, ppl):  # type: ignore[no-untyped-def]
    if top.state.judge in ppl:
        choose(top)
    step_until(top, lambda: top.phase == WRITING)
    write_all(top, ppl)
    step_until(top, lambda: top.phase == VOTING)


def test_f15_show_off_hides_texts() -> None:
    top, ppl = _voting(show=False)
    _to_voting(top, ppl)
    a = next(p for p in ppl if p != judge(top))
    ballot = top.view(a)["ballot"]
    assert all(c["text"] is None for c in ballot)
    assert [c["mine"] for c in ballot].count(True) == 1
    assert top.view(a)["shown"] is False


def test_f15_judge_list_marks_real() -> None:
    top, ppl = _voting(show=False)
    _to_voting(top, ppl)
    ballot = top.view(judge(top))["ballot"]
    assert all(c["text"] for c in ballot)
    assert [c.get("truth", False) for c in ballot].count(True) == 1
    assert next(c for c in ballot if c.get("truth"))["id"] == real_id(top)
    a = next(p for p in ppl if p != judge(top))
    assert all("truth" not in c for c in top.view(a)["ballot"])


def test_f15_bot_judge_shows_all() -> None:
    top, ppl = _voting(people=3, bots=1, show=False, seed=3)
    for _ in range(4):
        if top.state.judge in top.state.bots:
            break
        _to_voting(top, ppl)
        step_until(top, lambda: top.phase == CHOOSING)
    assert top.state.judge in top.state.bots
    _to_voting(top, ppl)
    assert top.state.shown is True
    assert all(c["text"] for c in top.view(ppl[0])["ballot"])


def test_f15_away_judge_unread() -> None:
    top, ppl = _voting(show=False)
    _to_voting(top, ppl)
    j = judge(top)
    top.drop(j)
    settle(top)
    top.advance(30_000)
    voter = next(p for p in ppl if p != j)
    assert top.phase == VOTING and top.state.shown is True
    assert all(c["text"] for c in top.view(voter)["ballot"])


def test_f15a_shown_stays_shown() -> None:
    top, ppl = _voting(show=False)
    _to_voting(top, ppl)
    j = judge(top)
    top.drop(j)
    settle(top)
    top.advance(30_000)
    top.resume(j)
    assert top.state.shown is True
    voter = next(p for p in ppl if p != j)
    assert all(c["text"] for c in top.view(voter)["ballot"])


def test_f15b_tv_follows_voters() -> None:
    top, ppl = _voting(show=False)
    tv = top.join("TV", observer=True)
    _to_voting(top, ppl)
    assert all(c["text"] is None and c["mine"] is False for c in top.view(tv)["ballot"])
    assert top.view(tv)["truth"] is None and top.view(tv)["can_vote"] is False


def test_f16_untimed_no_deadlines() -> None:
    top, ppl = _voting()
    for phase in (CHOOSING, WRITING, VOTING):
        step_until(top, lambda phase=phase: top.phase == phase)
        view = top.view(ppl[0])
        assert view["deadline"] is None and view["backstop_at"] is not None
        if phase == CHOOSING:
            choose(top)
        elif phase == WRITING:
            write_all(top, ppl)


def test_f16a_timed_lengths() -> None:
    top, ppl = _voting(timer=90)
    assert top.state.deadline - top.state.phase_started_at == 45_000  # ceil(30 * 1.5)
    choose(top)
    assert top.state.deadline - top.state.phase_started_at == 90_000
    write_all(top, ppl)
    k = len(top.state.cards)
    assert top.state.deadline - top.state.phase_started_at == math.ceil(1.5 * (20 + 4 * k)) * 1000
    top2, ppl2 = _voting(timer=45, show=False)
    choose(top2)
    assert top2.state.deadline - top2.state.phase_started_at == 45_000
    write_all(top2, ppl2)
    k = len(top2.state.cards)
    assert top2.state.deadline - top2.state.phase_started_at == (30 + 8 * k) * 1000


def test_f16b_backstop_closes_phase() -> None:
    top, _ppl = _voting()
    choose(top)
    top.advance(599_999)
    assert top.phase == WRITING
    top.advance(1)
    assert top.phase == REVEAL  # nobody wrote: straight to the real card's reveal


def test_f16c_whole_seconds_time_scale() -> None:
    top, ppl = new_table(3, scale=0.01, timer=60)
    top.start()
    assert top.state.deadline % 1000 == 0
    assert top.state.deadline - top.now <= 1000  # 30 s scaled by 0.01, rounded up
    choose(top)
    assert top.state.deadline % 1000 == 0
    writer = next(p for p in ppl if p != judge(top))
    top.drop(writer)
    settle(top)
    # Away after 30 s scaled by 0.01, rounded up to a whole second.
    away_at = top.state.away_at[writer]
    assert away_at % 1000 == 0 and 0 < away_at - top.now <= 1000


def test_f17_away_scores_and_costs_nothing() -> None:
    top, ppl = _voting(people=4)
    choose(top)
    a, b, c = [p for p in ppl if p != judge(top)]
    top.drop(c)
    settle(top)
    top.move(a, "submit", round=1, text="a pan for fish")
    top.move(b, "submit", round=1, text="a boat for eels")
    top.advance(30_000)
    assert top.phase == VOTING and not any(c in card["writers"] for card in top.state.cards)
    top.move(a, "vote", round=1, option=real_id(top))
    top.move(b, "vote", round=1, option=card_of(top, a))
    assert top.phase == REVEAL  # the away voter does not hold the table up
    assert revealed(top)["awards"][c] == 0 and c in revealed(top)["unvoted"]


def test_f17a_away_after_thirty_seconds() -> None:
    top, ppl = _voting()
    choose(top)
    a = next(p for p in ppl if p != judge(top))
    top.drop(a)
    settle(top)
    top.advance(29_999)
    assert {p["id"]: p["away"] for p in top.view(judge(top))["players"]}[a] is False
    top.advance(1)
    assert {p["id"]: p["away"] for p in top.view(judge(top))["players"]}[a] is True
    assert top.state.filled.get(a) == ""  # the empty pick
    top.resume(a)
    assert {p["id"]: p["away"] for p in top.view(judge(top))["players"]}[a] is False


def test_f17b_return_replaces_empty_pick() -> None:
    top, ppl = _voting()
    choose(top)
    a, b, c = [p for p in ppl if p != judge(top)]
    top.drop(a)
    settle(top)
    top.advance(30_000)
    assert top.state.filled[a] == ""
    top.resume(a)
    top.move(a, "submit", round=1, text="a pan for fish")
    write_all(top, [b, c])
    assert any(a in card["writers"] for card in top.state.cards)


def test_f17c_no_person_holds_then_abandons() -> None:
    top, ppl = new_table(1, bots=3)
    top.start()
    top.drop(ppl[0])
    settle(top)
    top.advance(599_000)
    assert top.phase in (CHOOSING, WRITING)  # no bot acted: only the away person's empty pick
    assert set(top.state.filled) <= {ppl[0]} and top.state.round == 1
    top.advance(1_000)
    assert top.phase == FINISHED and top.state.abandoned is True
    assert top.view(ppl[0])["abandoned"] is True


def test_f17c_no_round_begins_after_a_reveal_until_a_person_returns() -> None:
    top, ppl = new_table(1, bots=3, seed=5)
    top.start()
    step_until(top, lambda: top.phase == REVEAL)
    top.drop(ppl[0])
    settle(top)
    top.advance(300_000)
    assert top.phase == REVEAL and top.state.round == 1  # the next choosing waits
    top.resume(ppl[0])
    settle(top)  # the returning person's next request (resume settles before reconnecting)
    assert top.phase == CHOOSING and top.state.round == 2
    top.drop(ppl[0])
    settle(top)
    step_until(top, lambda: top.phase == FINISHED, limit=5000)
    assert top.state.abandoned is True


def test_f18_cover_back_sit_in() -> None:
    top, ppl = _voting()
    choose(top)
    a, _b, c = [p for p in ppl if p != judge(top)]
    other = next(p for p in ppl if p != top.host)
    assert refused(top.move, other, "cover", player=top.host) == "not_host"
    top.move(a, "cover")
    assert top.state.bots[a] == "medium" and refused(top.move, a, "cover") == "already_covered"
    assert refused(top.move, a, "submit", round=1, text="x") == "not_eligible"
    top.move(a, "back")
    assert a not in top.state.bots and refused(top.move, a, "back") == "not_covered"
    eve = top.join("Eve")
    assert refused(top.move, eve, "sit_in", player=a) == "seat_taken"
    top.leave(c)
    top.move(eve, "sit_in", player=c)
    assert top.state.sitters[c] == eve and c not in top.state.bots
    row = next(p for p in top.view(a)["players"] if p["id"] == c)
    assert row["name"] == "Eve" and row["bot"] is None
    top.move(eve, "submit", round=1, text="a pan for fish")
    assert top.view(eve)["my_entry"] == "A pan for fish"
    assert refused(top.move, eve, "sit_in", player="nobody") == "not_eligible"
    assert refused(top.move, top.join("Fay"), "sit_in", player="nobody") == "unknown_player"


def test_f18a_picks_in_stand_new_player_owes_rest() -> None:
    top, ppl = _voting()
    choose(top)
    a, b, c = [p for p in ppl if p != judge(top)]
    top.move(a, "submit", round=1, text="a pan for fish")
    top.move(a, "cover")  # the pick already in stands; the bot owes nothing
    top.move(b, "cover")  # b owes a pick: its bot writes at its pace
    assert b in top.state.bot_at
    top.move(c, "submit", round=1, text="a boat for eels")
    step_until(top, lambda: top.phase == VOTING)
    texts = {card["text"]: card["writers"] for card in top.state.cards}
    assert texts["A pan for fish"] == [a]
    assert any(card["writers"] == [b] for card in top.state.cards)
    assert top.view(a)["my_entry"] == "A pan for fish"  # the covered person still sees the seat
