"""F13 winning, F14 table memory."""

from __future__ import annotations

import random

from games.fictionary import phases
from games.fictionary.content import Content
from games.fictionary.likeness import fake_id
from games.fictionary.rules import CHOOSING, MOST_ROUNDS
from games.fictionary.scoring import after_round
from games.fictionary.state import FicState
from table.contract import FINISHED, Env, Table
from tests.unit.fictionary.fixtures import content, new_table, step_until


def test_f13_lone_leader_at_target_wins() -> None:
    assert after_round({"a": 10, "b": 9, "c": 0}, 10, 4, 0).winners == ("a",)
    assert not after_round({"a": 9, "b": 9, "c": 0}, 10, 4, 0).over
    top, ppl = new_table(1, bots=3, seed=2)
    top.start()
    top.run_out()
    assert top.phase == FINISHED
    (winner,) = top.state.winners
    assert top.state.scores[winner] >= 10
    assert sorted(top.state.scores.values())[-2] < top.state.scores[winner]
    assert top.view(ppl[0])["winners"] == [winner]


def test_f13_worked_tiebreak_example() -> None:
    totals = {"a": 10, "b": 10, "c": 3}
    first = after_round(totals, 10, 5, 0)
    assert not first.over and first.tiebreaks == 1
    second = after_round(totals, 10, 6, first.tiebreaks)
    assert not second.over and second.tiebreaks == 2
    third = after_round(totals, 10, 7, second.tiebreaks)
    assert third.over and third.winners == ("a", "b")  # the shared win at the third tied round-end


def test_f13_sixty_round_cap() -> None:
    top, _ppl = new_table(3, timer=45)  # nobody acts: nobody ever scores
    top.start()
    top.run_out(limit=100_000)
    assert top.phase == FINISHED and top.state.round == MOST_ROUNDS
    assert sorted(top.state.winners) == sorted(top.state.seats)  # level at 0: shared
    assert after_round({"a": 4, "b": 2}, 10, MOST_ROUNDS, 0).winners == ("a",)


def test_f13a_tiebreak_count_never_resets() -> None:
    standing = after_round({"a": 10, "b": 10}, 10, 3, 0)
    standing = after_round({"a": 11, "b": 11}, 10, 4, standing.tiebreaks)
    assert standing.tiebreaks == 2 and not standing.over
    standing = after_round({"a": 12, "b": 12}, 10, 5, standing.tiebreaks)
    assert standing.over and standing.winners == ("a", "b")
    bot_win = after_round({"bot": 10, "p": 3}, 10, 5, 0)
    assert bot_win.winners == ("bot",)  # a bot can win


def test_f13b_rematch_zero_memory_kept() -> None:
    top, _ppl = new_table(1, bots=3, seed=2)
    top.start()
    top.run_out()
    assert top.phase == FINISHED and max(top.state.scores.values()) >= 10
    words = list(top.room.memory["words"])  # type: ignore[union-attr]
    assert words
    top.start()
    assert top.phase == CHOOSING and set(top.state.scores.values()) == {0}
    assert top.state.tiebreaks == 0 and top.state.history == []
    assert not set(top.state.offer) & set(words)


def _finish(
    deck: Content, memory: dict[str, object], chosen: list[str], fakes: list[str]
) -> dict[str, object]:
    state = FicState(
        seats=["a", "b", "c"], scores={"a": 1, "b": 0, "c": 0}, chosen=chosen, fakes=fakes
    )
    table = Table(code="ABCD", lang="en", options={}, host="a", members=(), memory=memory)
    env = Env(now=0, rng=random.Random(0), content=deck)
    return phases.finish(state, table, env, ("a",))


def test_f14_memory_300_words_500_fakes() -> None:
    deck = content(320)
    ids = [w.id for w in deck.bank]
    old_fakes = [fake_id(f"fake {i}") for i in range(495)]
    memory = _finish(
        deck,
        {"words": ids[:310], "fakes": old_fakes},
        ids[310:315],
        [
            fake_id("new 1"),
            fake_id("new 2"),
            fake_id("new 3"),
            fake_id("new 4"),
            fake_id("new 5"),
            fake_id("new 6"),
        ],
    )
    assert len(memory["words"]) == 300 and memory["words"][-5:] == ids[310:315]  # type: ignore[index]
    assert memory["words"][0] == ids[15]  # type: ignore[index]  # oldest dropped first
    assert len(memory["fakes"]) == 500 and memory["fakes"][-1] == fake_id("new 6")  # type: ignore[index]


def test_f14_retired_words_dropped() -> None:
    deck = content(20)
    memory = _finish(
        deck, {"words": ["en-9999", deck.bank[0].id], "fakes": []}, [deck.bank[1].id], []
    )
    assert memory["words"] == [deck.bank[0].id, deck.bank[1].id]


def test_f14a_memory_in_own_item() -> None:
    top, _ppl = new_table(1, bots=3, seed=2)
    top.start()
    assert "words" not in top.room.state and "fakes" not in (top.room.memory or {})  # type: ignore[union-attr]
    top.run_out()
    memory = top.room.memory  # type: ignore[union-attr]
    assert set(memory) >= {"words", "fakes"} and memory["fakes"]
    assert set(memory["words"]) == set(top.state.chosen) | set(top.state.borrowed)
    # The game state keeps only this game's ids; the memory travels beside it (Outcome.memory).
    assert set(FicState.model_fields) & {"words", "memory"} == set()
    step_until(top, lambda: True)
