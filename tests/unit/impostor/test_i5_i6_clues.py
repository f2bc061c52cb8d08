"""I5-I6: the clue order, laps, turns, and what a typed clue may be."""

from __future__ import annotations

from typing import Any

from table.errors import Refusal
from tests.support.tabletop import Tabletop, refused
from tests.unit.impostor.helpers import CLUES, deal, impostors, rnd, started


def turn(top: Tabletop) -> dict[str, Any]:
    return top.view(top.host)["turn"]


def give(top: Tabletop, text: str | None = None) -> None:
    t = turn(top)
    top.move(t["seat"], "clue", round=rnd(top).no, turn=t["no"], text=text or CLUES[t["no"] % 8])


def until_turn_of(top: Tabletop, wanted: Any) -> dict[str, Any]:
    while not wanted(turn(top)["seat"]):
        give(top)
    return turn(top)


def reason(top: Tabletop, seat: str, text: str) -> str | None:
    t = turn(top)
    try:
        top.move(seat, "clue", round=rnd(top).no, turn=t["no"], text=text)
    except Refusal as refusal:
        return f"{refusal.code}:{refusal.reason}"
    return None


def test_i5_two_laps_second_reversed() -> None:
    top, _ = started(4)
    deal(top)
    order = top.view(top.host)["order"]
    seen = []
    while top.phase == "clues":
        seen.append((turn(top)["lap"], turn(top)["seat"]))
        give(top)
    assert seen == [(1, s) for s in order] + [(2, s) for s in reversed(order)]
    assert top.phase == "discussion"


def test_i5a_pass_host_spoken_only() -> None:
    for play in ("pass", "host"):
        top, _ = started(4, play=play, clues="typed")
        deal(top)
        t = turn(top)
        assert refused(top.move, t["seat"], "clue", round=1, turn=t["no"], text="tall") == (
            "wrong_mode"
        )
        top.move(top.host, "next_turn", round=1, turn=t["no"])
        assert rnd(top).clues[0].text is None and not rnd(top).clues[0].missed


def test_i5b_open_same_order() -> None:
    top, _ = started(4, laps="open")
    deal(top)
    order = top.view(top.host)["order"]
    seats = []
    for _ in range(12):
        seats.append(turn(top)["seat"])
        give(top)
    assert seats == order * 3


def test_i5c_open_ends_majority_after_lap1_cap_5() -> None:
    top, ids = started(5, laps="open")
    deal(top)
    assert refused(top.move, ids[0], "ready_vote", round=1) == "too_early"
    assert refused(top.move, top.host, "call_vote", round=1) == "too_early"
    for _ in range(4):
        give(top)
    for seat in ids[:2]:
        top.move(seat, "ready_vote", round=1)  # lap 1's last turn is under way
    assert refused(top.move, ids[0], "ready_vote", round=1) == "already_submitted"
    give(top)
    assert top.phase == "clues"  # two of five is not more than half
    top.move(ids[2], "ready_vote", round=1)
    assert top.phase == "clues"  # only at the end of a turn
    give(top)
    assert top.phase == "discussion"
    capped, _ = started(4, seed=3, laps="open")
    deal(capped)
    turns = 0
    while capped.phase == "clues":
        give(capped)
        turns += 1
    assert turns == 5 * 4
    called, _ = started(4, seed=5, laps="open")
    deal(called)
    for _ in range(4):
        give(called)
    called.move(called.host, "call_vote", round=1)
    assert called.phase == "discussion"
    two, _ = started(4, seed=5)
    deal(two)
    assert refused(two.move, two.host, "ready_vote", round=1) == "wrong_mode"


def test_i5d_timeout_missed_host_skips() -> None:
    top, _ids = started(4, clue_seconds=15)
    deal(top)
    top.advance(15_000)
    assert rnd(top).clues[-1].missed and rnd(top).clues[-1].text is None
    t = turn(top)
    top.move(top.host, "next_turn", round=1, turn=t["no"])
    assert rnd(top).clues[-1].missed
    t = until_turn_of(top, lambda s: s != top.host)
    assert refused(top.move, t["seat"], "next_turn", round=1, turn=t["no"]) == "wrong_mode"
    assert refused(top.move, top.host, "next_turn", round=1, turn=t["no"] - 1) == "stale_turn"
    spoken, _ = started(4, clues="spoken")
    deal(spoken)
    t = turn(spoken)
    spoken.move(t["seat"], "next_turn", round=1, turn=t["no"])
    assert not rnd(spoken).clues[-1].missed
    spoken.advance(30_000)
    assert not rnd(spoken).clues[-1].missed  # a spoken turn that runs out was said aloud


def test_i5e_dropped_giver_resumes_in_turn() -> None:
    top, _ = started(4)
    deal(top)
    t = turn(top)
    deadline = top.state.deadline
    top.drop(t["seat"])
    assert turn(top) == t and top.state.deadline == deadline
    top.advance(10_000)
    top.resume(t["seat"])
    top.move(t["seat"], "clue", round=1, turn=t["no"], text="tall")
    assert rnd(top).clues[-1].text == "tall"


def test_i6a_clue_refusal_reasons() -> None:
    top, _ = started(4)
    deal(top)
    t = until_turn_of(top, lambda s: s not in impostors(top))
    seat = t["seat"]
    r = rnd(top)
    assert reason(top, seat, "two words") == "invalid_text:not_one_word"
    assert reason(top, seat, "a.b") == "invalid_text:not_one_word"
    assert reason(top, seat, "x" * 25) == "invalid_text:too_long"
    assert reason(top, seat, "!!!") == "invalid_text:no_meaning"
    assert reason(top, seat, "example.com") == "invalid_text:url"
    assert reason(top, seat, r.word_text.upper()) == "invalid_text:is_word"
    assert reason(top, seat, r.category_name) == "invalid_text:is_category"
    assert len(rnd(top).clues) == len(r.clues) and turn(top) == t  # no trace
    assert reason(top, seat, "well-known") is None
    assert rnd(top).clues[-1].text == "well-known"


def test_i6a_is_word_loose_alias_translation() -> None:
    top, _ = started(4, seed=11)
    deal(top)
    t = until_turn_of(top, lambda s: s not in impostors(top))
    word = top.content.category(rnd(top).category).word(rnd(top).word)
    accented = word.word.replace("o", "ö").replace("u", "ú").replace("i", "î")
    forms = [accented, word.word + "ro", *list(word.aliases)]
    for form in forms:
        assert reason(top, t["seat"], form) == "invalid_text:is_word", form


def test_i6b_impostor_never_is_word() -> None:
    """GIVEN an impostor's turn WHEN they type what a civilian would be refused as `is_word`
    THEN it is never refused: it counts as saying the word (exact key) or stands as a clue."""
    for seed in range(4):
        top, _ = started(5, seed=seed)
        deal(top)
        t = until_turn_of(top, lambda s, top=top: s in impostors(top))
        word = top.content.category(rnd(top).category).word(rnd(top).word)
        accented = word.word.replace("o", "ö").replace("u", "ú").replace("i", "î")
        text = [accented, word.word + "ro", *word.aliases][seed % (2 + len(word.aliases))]
        assert reason(top, t["seat"], text) is None
        assert rnd(top).outcome == "impostor_said"  # R5a in English: accents fold
    ro, _ = started(5, seed=1)
    deal(ro)
    t = until_turn_of(ro, lambda s: s in impostors(ro))
    ro.content = type(ro.content)("ro", ro.content.categories, ro.content.translations)
    breve = rnd(ro).word_text.replace("i", "î", 1)
    assert breve != rnd(ro).word_text
    assert reason(ro, t["seat"], breve) is None  # Romanian keeps î: only loosely equal
    assert rnd(ro).outcome is None and rnd(ro).clues[-1].text == breve


def test_i6b_none_impostor_category_clue_shown() -> None:
    top, _ = started(5, seed=2, hint="none")
    deal(top)
    t = until_turn_of(top, lambda s: s in impostors(top))
    assert reason(top, t["seat"], rnd(top).category_name) is None
    assert rnd(top).clues[-1].text == rnd(top).category_name
    shown, _ = started(5, seed=2)
    deal(shown)
    t = until_turn_of(shown, lambda s: s in impostors(shown))
    assert reason(shown, t["seat"], rnd(shown).category_name) == "invalid_text:is_category"


def test_i6b_impostor_exact_word_clue_said_it() -> None:
    top, _ = started(5, seed=2)
    deal(top)
    t = until_turn_of(top, lambda s: s in impostors(top))
    assert reason(top, t["seat"], rnd(top).word_text) is None
    assert rnd(top).outcome == "impostor_said" and top.phase == "reveal"
    assert rnd(top).awards[t["seat"]] == 2


def test_i6c_repeat_clue_allowed() -> None:
    top, _ = started(4)
    deal(top)
    give(top, "tall")
    give(top, "tall")
    assert [c.text for c in rnd(top).clues] == ["tall", "tall"]
