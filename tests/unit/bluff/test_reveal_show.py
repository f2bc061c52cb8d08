"""The reveal as a show (R12), the host's hold, and a match that runs short of players.

GIVEN a room at a fake time, WHEN a round reaches its reveal, THEN the beats
turn every lie and decoy over one at a time (least-voted first; who fell for it,
then who wrote it), the truth last, then the points and the totals, all inside
the 20 s reveal; the host may jump to the last frame; the match ends after a
round that leaves fewer than 3 active players.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from games.bluff.moves import Hold
from games.bluff.timings import (
    REVEAL_MS,
    SHOW_ENDS_BY_MS,
    STEP_MIN_MS,
    TOTALS_HOLD_MS,
    WRITER_AT,
)
from table.errors import Code, Refusal
from table.referee import Decision, Leave, Move, TakeSeat
from tests.support.bluff import NAMES, Phase, Table


def writing(players: int, seed: int = 0) -> Table:
    table = Table.seated(players, seed)
    table.start()
    return table


def hold(table: Table, name: str = "Ana") -> Decision:
    return table.top.command(table.ids.get(name, name), Move("hold", Hold(round=table.round)))


def reveal_of(table: Table, name: str = "Ana") -> dict[str, Any]:
    shown = table.view(name)["reveal"]
    assert shown is not None
    return shown


WOODS = ["oak", "elm", "ash", "yew", "fir", "box", "bay", "fig", "rye", "oat", "pea", "hop"]


def bluffs_for_everyone(table: Table, players: int) -> None:
    for name, wood in zip(NAMES[:players], WOODS, strict=False):
        table.submit(name, f"a kind of {wood} barrel for salted fish")


def test_r12_the_show_turns_lies_over_least_voted_first_and_the_truth_last() -> None:
    table = writing(4)
    bluffs_for_everyone(table, 4)
    # Ben and Cy fall for Ana's bluff, Dee for Ben's, Ana finds the truth.
    table.vote("Ben", table.bluff_of("Ana"))
    table.vote("Cy", table.bluff_of("Ana"))
    table.vote("Dee", table.bluff_of("Ben"))
    table.vote("Ana", table.option(kind="truth"))
    assert table.phase is Phase.REVEAL
    shown = reveal_of(table)
    votes = {o["id"]: len(o["voters"]) for o in shown["options"]}
    kinds = {o["id"]: o["kind"] for o in shown["options"]}
    beats = shown["beats"]
    steps = [b for b in beats if b["cue"] in ("voters", "writer")]
    # One option at a time: who fell for it, then who wrote it.
    assert [b["cue"] for b in steps] == ["voters", "writer"] * (len(steps) // 2)
    assert all(a["option"] == b["option"] for a, b in zip(steps[::2], steps[1::2], strict=True))
    order = [b["option"] for b in steps[::2]]
    # Every lie and decoy once, the least-voted first; never the truth.
    assert sorted(order) == sorted(i for i, k in kinds.items() if k != "truth")
    assert [votes[i] for i in order] == sorted(votes[i] for i in order)
    assert order[-1] == table.bluff_of("Ana")  # two fooled: the last lie
    # Then the truth, the points, the totals, in that order and in time order.
    assert [b["cue"] for b in beats[-3:]] == ["truth", "awards", "totals"]
    assert beats[-3]["option"] == table.option(kind="truth")
    times = [b["at"] for b in beats]
    assert times == sorted(times) and len(set(times)) == len(times)


def test_r12_the_show_is_slower_than_six_seconds_and_fits_the_reveal() -> None:
    table = writing(3)
    table.fire()  # nobody wrote: truth and fallbacks only
    table.fire()
    start = table.now
    beats = reveal_of(table)["beats"]
    assert beats[-1]["cue"] == "totals"
    # The whole show lasts more than twice the old 5.5 s, and leaves the last
    # frame up for at least 6 s before the 20 s backstop.
    assert 12_000 <= beats[-1]["at"] - start <= SHOW_ENDS_BY_MS <= REVEAL_MS - 6_000
    assert table.room.deadline - start >= REVEAL_MS
    # Continuing from 6 s is still allowed, in the middle of the show.
    table.tick(6_000)
    table.cont()
    assert (table.phase, table.round) == (Phase.WRITING, 2)


def test_r12_twelve_players_and_thirteen_cards_fit_the_twenty_second_reveal() -> None:
    table = writing(12)
    bluffs_for_everyone(table, 12)
    assert table.phase is Phase.VOTING
    assert len(table.match.current().ballot) == 13
    table.fire()
    start = table.now
    beats = reveal_of(table)["beats"]
    assert len(beats) == 12 * 2 + 3
    assert start < beats[0]["at"] and beats[-1]["at"] - start <= SHOW_ENDS_BY_MS
    # Each card still stays up long enough to read (about a second).
    firsts = [b["at"] for b in beats if b["cue"] == "voters"]
    assert min(b - a for a, b in pairwise(firsts)) >= 900


def test_r12_beats_scale_with_time_scale_and_stay_in_order() -> None:
    from games.bluff.scoring import beats as show
    from table.contract import Env

    table = writing(3)
    table.fire()
    table.fire()
    round_ = table.match.current()
    for scale in (1.0, 0.1, 0.05, 0.001):
        env = Env(now=1_000, rng=None, scale=scale)  # type: ignore[arg-type]
        times = [b["at"] for b in show(env, round_)]
        assert times == sorted(times) and times[0] > 1_000
        assert times[-1] - 1_000 <= max(1, round(SHOW_ENDS_BY_MS * scale))


@pytest.mark.parametrize("scale", [1.0, 0.5, 0.1])
@pytest.mark.parametrize("players", [3, 4, 7, 12])
def test_r12_every_beat_is_scaled_and_the_totals_stay_up(players: int, scale: float) -> None:
    """At any TIME_SCALE, every beat sits where the unscaled show puts it, scaled like
    the reveal's own 20 s, and the totals stay up for TOTALS_HOLD_MS (6 s unscaled)."""
    shows = {}
    for s in (1.0, scale):
        table = writing(players)
        table.top.scale = s
        bluffs_for_everyone(table, players)  # every ballot card is a lie but the truth
        table.fire()  # voting closes: the reveal
        start = table.now
        beats = reveal_of(table)["beats"]
        assert beats[-1]["cue"] == "totals"
        shows[s] = [b["at"] - start for b in beats]
        # The totals' time on screen before the reveal moves on by itself.
        assert table.room.deadline - start - shows[s][-1] >= round(TOTALS_HOLD_MS * s)
    for unscaled, scaled in zip(shows[1.0], shows[scale], strict=True):
        assert abs(scaled - unscaled * scale) <= 1  # milliseconds of rounding
    steps = [b - a for a, b in pairwise(shows[1.0])]
    assert min(steps) >= STEP_MIN_MS * WRITER_AT - 1  # every card can still be read


def test_r12a_the_host_may_hold_the_reveal_on_its_last_frame() -> None:
    table = writing(3)
    table.fire()
    table.fire()
    deadline, continue_at = table.room.deadline, table.room.continue_at
    table.tick(1_500)
    with pytest.raises(Refusal) as caught:
        hold(table, "Ben")
    assert caught.value.code is Code.NOT_HOST
    hold(table)
    beats = reveal_of(table, "Cy")["beats"]
    # Every screen now shows the last frame; the cues and their order are kept.
    assert all(b["at"] <= table.now for b in beats)
    assert beats[-1]["cue"] == "totals" and beats[-1]["at"] == table.now
    # The reveal keeps its 20 s backstop and the host's 6 s mark.
    assert (table.room.deadline, table.room.continue_at) == (deadline, continue_at)
    with pytest.raises(Refusal) as caught:
        table.cont()
    assert caught.value.code is Code.TOO_EARLY
    # Holding again changes nothing; the backstop still ends the reveal.
    before = table.room.model_dump()
    hold(table)
    assert table.room.model_dump() == before
    table.fire()
    assert (table.phase, table.round) == (Phase.WRITING, 2)


def test_r12a_hold_only_in_the_reveal_of_its_round() -> None:
    table = writing(3)
    with pytest.raises(Refusal) as caught:
        hold(table)
    assert caught.value.code is Code.WRONG_PHASE
    table.fire()
    table.fire()
    with pytest.raises(Refusal) as caught:
        table.top.command(table.ids["Ana"], Move("hold", Hold(round=table.round - 1)))
    assert caught.value.code is Code.STALE_ROUND


def test_r1d_a_match_left_with_fewer_than_three_active_players_ends_after_that_round() -> None:
    table = writing(3)
    table.submit("Ana", "a wooden bucket for milk")
    table.act("Cy", Leave())
    # Two active players: the round plays on and says it is the last.
    assert table.phase is Phase.WRITING
    assert table.view("Ana")["last_round"] is True
    table.fire()
    table.vote("Ben", table.bluff_of("Ana"))
    table.fire() if table.phase is Phase.VOTING else None
    assert table.phase is Phase.REVEAL and table.view("Ben")["last_round"] is True
    table.fire()
    assert table.phase is Phase.FINISHED and table.round == 1
    finished = table.view("Ana")
    assert finished["ended_early"] is True and finished["last_round"] is False
    # Winners over every seat of the match, the one who left included.
    assert finished["winners"] == [table.ids["Ana"]]
    assert set(finished["match_seats"]) == {table.ids[n] for n in ("Ana", "Ben", "Cy")}


def test_r1d_three_active_players_play_all_six_rounds() -> None:
    table = writing(4)
    table.act("Dee", Leave())
    assert table.view("Ana")["last_round"] is False
    for _ in range(6):
        table.fire()
        table.fire()
        table.fire()
    assert table.phase is Phase.FINISHED and len(table.match.history) == 6
    assert table.view("Ana")["ended_early"] is False


def test_r1b_a_seat_taken_after_a_match_stays_off_its_scores() -> None:
    table = writing(3)
    table.join("Dee")
    for _ in range(6):
        table.fire()
        table.fire()
        table.fire()
    assert table.phase is Phase.FINISHED
    table.act("Dee", TakeSeat())
    shown = table.view("Dee")
    dee = table.ids["Dee"]
    assert dee in {p["id"] for p in shown["players"]}  # seated for the next match
    assert dee not in shown["match_seats"] and dee not in shown["reveal"]["totals"]
    assert dee not in shown["winners"]
    assert shown["match_seats"] == [table.ids[n] for n in ("Ana", "Ben", "Cy")]


def test_r13_the_result_sheet_keeps_who_fooled_and_who_found_each_round() -> None:
    table = writing(4)
    bluffs_for_everyone(table, 4)
    table.vote("Ben", table.bluff_of("Ana"))
    table.vote("Cy", table.bluff_of("Ana"))
    table.vote("Dee", table.option(kind="truth"))
    table.vote("Ana", table.option(kind="truth"))
    while table.phase is not Phase.FINISHED:
        table.fire()
    first = table.view("Ana")["history"][0]
    assert first["fooled"] == {table.ids["Ana"]: 2}
    assert sorted(first["found"]) == sorted([table.ids["Dee"], table.ids["Ana"]])
