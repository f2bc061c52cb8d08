"""F6 writing, F7 tidy, F8 essentially the real one, F9 the cards."""

from __future__ import annotations

import pytest

from games.fictionary.lexicon import SMALL
from games.fictionary.likeness import close
from games.fictionary.rules import REVEAL, VOTING, WRITING
from games.fictionary.tidy import tidy
from table.text import TextRefused
from tests.support.tabletop import refused
from tests.unit.fictionary.fixtures import (
    CONTENT,
    choose,
    judge,
    new_table,
    next_round,
    revealed,
    step_until,
    write_all,
)


def _writing(people: int = 4, **options: object):  # type: ignore[no-untyped-def]
    top, ppl = new_table(people, **options)
    top.start()
    choose(top)
    writers = [p for p in ppl if p != judge(top)]
    return top, ppl, writers


def test_f6_judge_does_not_write() -> None:
    top, _ppl, writers = _writing()
    assert refused(top.move, judge(top), "submit", round=1, text="a fish") == "not_eligible"
    eve = top.join("Eve")
    assert refused(top.move, eve, "submit", round=1, text="a fish") == "not_eligible"
    assert top.view(writers[0])["expected"] == 3


def test_f6_last_resend_counts() -> None:
    top, _ppl, (a, b, c) = _writing()
    top.move(a, "submit", round=1, text="a first try")
    top.move(a, "submit", round=1, text="a second thought")
    assert top.view(a)["my_entry"] == "A second thought"
    top.move(b, "submit", round=1, text="a boat for eels")
    top.move(c, "submit", round=1, text="a pan for fish")
    assert top.phase == VOTING
    assert "A second thought" in [card["text"] for card in top.state.cards]
    assert "A first try" not in [card["text"] for card in top.state.cards]


def test_f6_closes_when_all_in() -> None:
    top, _ppl, (a, b, c) = _writing()
    top.move(a, "submit", round=1, text="one")
    top.move(b, "submit", round=1, text="two")
    assert top.phase == WRITING
    top.move(c, "submit", round=1, text="three")
    assert top.phase == VOTING


def test_f6_missed_writer_has_no_card() -> None:
    top, _ppl, (a, b, c) = _writing(timer=45)
    top.move(a, "submit", round=1, text="a boat for eels")
    top.move(b, "submit", round=1, text="a pan for fish")
    top.advance(45_000)
    assert top.phase == VOTING and len(top.state.cards) == 3
    assert not any(c in card["writers"] for card in top.state.cards)


def test_f6a_untimed_has_no_clock() -> None:
    top, _ppl, writers = _writing()
    view = top.view(writers[0])
    assert view["deadline"] is None and view["backstop_at"] == top.state.phase_started_at + 600_000


def test_f6b_refused_resend_keeps_previous() -> None:
    top, _ppl, (a, _b, _c) = _writing()
    top.move(a, "submit", round=1, text="a boat for eels")
    assert refused(top.move, a, "submit", round=1, text="see www.example.com") == "invalid_text"
    assert top.view(a)["my_entry"] == "A boat for eels"
    with pytest.raises(Exception) as refusal:
        top.move(a, "submit", round=1, text="!!!")
    assert refusal.value.reason == "no_meaning"
    assert top.view(a)["my_entry"] == "A boat for eels"


def test_f6c_views_mark_in_not_content() -> None:
    top, _ppl, (a, b, c) = _writing()
    top.move(a, "submit", round=1, text="a secret boat for eels")
    for member in (b, c, judge(top)):
        view = top.view(member)
        assert "A secret boat for eels" not in str(view)
        assert {p["id"]: p["in"] for p in view["players"]}[a] is True
        assert {p["id"]: p["in"] for p in view["players"]}[b] is False
        assert view["ready"] == 1
    assert {p["id"]: p["in"] for p in top.view(a)["players"]}[judge(top)] is None


def test_f7_tidy_quotes_capital_period() -> None:
    assert tidy('  "a small fish."  ') == "A small fish"
    assert tidy("“to run off…”") == "To run off…"
    assert tidy("`a boat`  ") == "A boat"
    assert tidy("'a boat'..") == "A boat'"  # quotes go first, then the final periods
    assert tidy("«una barca»", "es") == "Una barca"
    assert tidy("«лодка»", "ru") == "Лодка"
    assert tidy("9.") == "9"
    assert tidy("a 3.5 m pole") == "A 3.5 m pole"


def test_f7_refuses_no_letter_and_over_140() -> None:
    for text in ("", "   ", "...", '""', "!?"):
        with pytest.raises(TextRefused) as r:
            tidy(text)
        assert r.value.reason == "no_meaning"
    assert len(tidy("a" * 140)) == 140
    with pytest.raises(TextRefused) as r:
        tidy("a" * 141)
    assert r.value.reason == "too_long"
    assert tidy('"' + "a" * 140 + '"') == "A" + "a" * 139  # counted after the quotes go
    assert len(tidy("a" * 139 + ".")) == 139  # and before the period does


def test_f7a_order_and_reason_codes() -> None:
    cases = {
        "a\nb": "control",
        "a\u200bb": "invisible",
        "a" * 401: "too_long",
        "<b>fish</b>": "markup",
        "mail fish@example.com": "email",
        "ask @fishman": "handle",
        "see fish.com now": "url",
        "call +44 20 7946 0958": "phone",
    }
    for text, reason in cases.items():
        with pytest.raises(TextRefused) as r:
            tidy(text)
        assert r.value.reason == reason, text
    assert tidy("x") == "X"  # one letter is enough: no too_short


def test_f7b_real_and_bot_texts_tidied() -> None:
    top, _ppl = new_table(1, bots=3, seed=4)
    top.start()
    step_until(top, lambda: top.phase == VOTING)
    assert len(top.state.cards) >= 3  # the real card and bot cards
    for card in top.state.cards:
        assert card["text"] == tidy(card["text"])
        assert card["text"][0].isupper() and not card["text"].endswith(".")


def test_f7c_names_as_r4b() -> None:
    top, _ppl = new_table(3)
    assert refused(top.join, "ana") == "name_taken"
    assert refused(top.join, "<b>x</b>") == "invalid_name"
    assert refused(top.join, "x" * 25) == "invalid_name"


def test_f8_close_key_or_sixty_percent() -> None:
    small = SMALL["en"]
    assert close("A rope, for cows!", "a rope for cows", small)  # same key
    assert close("a long rope for tying cows", "a rope for tying cows", small)  # 4/5 shared
    assert not close("a rope for cows", "a string for goats", small)
    assert not close("rope", "rope cows", small)  # two non-trivial words in each needed


def test_f8_person_writing_real_keeps_card_no_hint() -> None:
    top, _ppl, (a, b, c) = _writing()
    truth = CONTENT.by_id[top.state.card].truth
    top.move(a, "submit", round=1, text=truth)
    assert top.view(a)["my_entry"] == tidy(truth)  # accepted like any other
    top.move(b, "submit", round=1, text="a pan for fish")
    top.move(c, "submit", round=1, text="a boat for eels")
    texts = [card["text"] for card in top.state.cards]
    assert texts.count(tidy(truth)) == 2  # it stands as its own card beside the real one
    assert next(card for card in top.state.cards if a in card["writers"])["truth"] is False


def test_f8a_small_words_per_language() -> None:
    assert {"the", "of", "a"} <= SMALL["en"]
    assert {"el", "de", "una"} <= SMALL["es"]
    assert {"и", "в", "на"} <= SMALL["ru"]
    assert close("el barco de la isla grande", "un barco de isla grande", SMALL["es"])


def test_f9_identical_entries_separate_cards() -> None:
    top, _ppl, (a, b, c) = _writing()
    for p in (a, b):
        top.move(p, "submit", round=1, text="a pan for fish")
    top.move(c, "submit", round=1, text="a boat")
    same = [card for card in top.state.cards if card["text"] == "A pan for fish"]
    assert len(same) == 2 and {tuple(card["writers"]) for card in same} == {(a,), (b,)}


def test_f9_nobody_wrote_real_alone_no_score() -> None:
    top, _ppl, _writers = _writing(timer=45)
    top.advance(45_000)
    assert top.phase == REVEAL
    assert len(top.state.cards) == 1 and top.state.cards[0]["truth"]
    assert set(revealed(top)["awards"].values()) == {0}
    assert [b["cue"] for b in revealed(top)["beats"]] == ["real", "judge", "totals"]


def test_f9_shuffle_replays_from_seed() -> None:
    def order(seed: int) -> list[str]:
        top, ppl, _writers = _writing(seed=seed)
        write_all(top, ppl)
        return [card["text"] for card in top.state.cards]

    assert order(3) == order(3)
    assert len({tuple(order(s)) for s in range(1, 8)}) > 1


def test_f9a_card_ids_fresh_opaque() -> None:
    top, ppl, writers = _writing()
    write_all(top, ppl, {w: "a pan for fish" for w in writers})  # the same text three times
    ids1 = [card["id"] for card in top.state.cards]
    assert [card["n"] for card in top.state.cards] == [1, 2, 3, 4]
    assert all(len(i) == 16 and int(i, 16) >= 0 for i in ids1) and len(set(ids1)) == 4
    next_round(top)
    choose(top)
    write_all(top, ppl, {w: "a pan for fish" for w in ppl})
    ids2 = [card["id"] for card in top.state.cards]
    assert not set(ids1) & set(ids2)  # new every round, unrelated to the text
