"""I3-I4: the deal, the cards and what the board shows of them."""

from __future__ import annotations

import itertools
import json

import pytest

from games.impostor.cards import CARD_BYTES
from tests.support.tabletop import Tabletop, refused
from tests.unit.impostor.helpers import civilians, deal, impostors, last_card, rnd, started


def cards(top: Tabletop) -> dict[str, dict]:
    """Every seat's card, as its `peek` reply."""
    out = {}
    for seat in rnd(top).seats:
        top.move(seat, "peek", round=rnd(top).no)
        who, message = last_card(top)
        assert who == seat and message["type"] == "card"
        out[seat] = message["card"]
    return out


@pytest.mark.parametrize("hint", ["category", "grid", "none"])
def test_i3_cards_by_role_and_hint(hint: str) -> None:
    top, _ = started(6, hint=hint)
    shown = cards(top)
    r = rnd(top)
    for seat, card in shown.items():
        if seat in r.impostors:
            assert card["word"] == "" and card["role"] == "impostor"
            assert card["category"] == ("" if hint == "none" else r.category_name)
        else:
            assert card["word"] == r.word_text and card["category"] == r.category_name
        assert (card["grid"] != []) == (hint == "grid")


def test_i3a_pass_peek_dealing_seat_once() -> None:
    top, ids = started(4, play="pass")
    dealing = top.view(top.host)["dealing"]
    assert dealing == ids[0]
    assert refused(top.move, ids[1], "peek", round=1) == "not_your_turn"
    top.move(dealing, "peek", round=1)
    top.move(dealing, "peek", round=1)  # the finger may come down again before `seen`
    top.move(dealing, "seen", round=1)
    assert refused(top.move, dealing, "peek", round=1) == "not_your_turn"  # never reopened
    assert top.view(top.host)["dealing"] == ids[1]
    assert refused(top.move, ids[2], "seen", round=1) == "not_your_turn"


def test_i3b_deal_closes_all_seen_or_30s() -> None:
    top, ids = started(4)
    for seat in ids[:3]:
        top.move(seat, "seen", round=1)
    assert top.phase == "deal" and top.view(ids[0])["seen"] == 3
    assert refused(top.move, ids[0], "seen", round=1) == "already_submitted"
    top.move(ids[3], "seen", round=1)
    assert top.phase == "clues"
    late, seats = started(4, seed=1)
    late.advance(29_000)
    assert late.phase == "deal"
    late.advance(1_000)
    assert late.phase == "clues"
    late.move(seats[2], "peek", round=1)  # a late seat can still look
    assert last_card(late)[1]["type"] == "card"


def test_i3c_grid_word_plus_15_same_on_all() -> None:
    top, _ = started(7, hint="grid")
    shown = cards(top)
    grids = {json.dumps(c["grid"]) for c in shown.values()}
    assert len(grids) == 1
    grid = next(iter(shown.values()))["grid"]
    assert len(grid) == 16 and len(set(grid)) == 16 and rnd(top).word_text in grid
    category = top.content.category(rnd(top).category)
    assert set(grid) <= {w.word for w in category.words}


@pytest.mark.parametrize("hint", ["category", "grid", "none"])
def test_i3d_category_public_iff_on_every_card(hint: str) -> None:
    top, ids = started(5, hint=hint)
    board = top.view(ids[1])
    if hint == "none":
        assert board["category"] is None and board["grid"] is None
    else:
        assert board["category"] == rnd(top).category_name
        assert (board["grid"] is not None) == (hint == "grid")
    while top.phase != "reveal":
        top.advance(1_000)
        if top.phase != "reveal":
            assert top.view(ids[1])["category"] == board["category"]  # hidden all round
    assert top.view(ids[1])["reveal"]["category"] == rnd(top).category_name
    assert top.view(ids[1])["category"] == rnd(top).category_name  # public once revealed


def test_i3e_no_category_twice_running() -> None:
    top, _ = started(3, rounds=12, categories=["c1", "c2"])
    seen = []
    while top.phase != "finished":
        seen.append(rnd(top).category)
        phase_round = rnd(top).no
        while top.phase != "finished" and rnd(top).no == phase_round:
            top.advance(5_000)
    assert set(seen) == {"c1", "c2"}
    assert all(x != y for x, y in itertools.pairwise(seen))
    one, _ = started(3, rounds=3, categories=["c3"])
    one.run_out()
    assert {p["category"] for p in one.state.past} == {one.content.category("c3").name}


def test_i3f_no_word_repeat_until_used_up() -> None:
    top, _ = started(3, rounds=22, categories=["c0"])
    words = []
    while top.phase != "finished":
        words.append(rnd(top).word)
        no = rnd(top).no
        while top.phase != "finished" and rnd(top).no == no:
            top.advance(10_000)
    assert len(set(words[:20])) == 20  # the category's 20 words, each once
    assert words[20] in words[:20]  # then its memory cleared


def test_i4a_no_role_marker() -> None:
    top, _ = started(6, hint="none")
    shown = cards(top)
    impostor = shown[impostors(top)[0]]
    civilian = shown[civilians(top)[0]]
    assert list(impostor) == list(civilian) == ["role", "category", "word", "grid", "pad"]
    assert len(impostor["role"]) == len(civilian["role"])
    assert {type(v) for v in impostor.values()} == {type(v) for v in civilian.values()}


@pytest.mark.parametrize("hint", ["category", "grid", "none"])
def test_i4b_cards_same_shape_1200_bytes(hint: str) -> None:
    top, _ = started(9, hint=hint)
    deal(top)
    replies = [m for _, m in top.sent if m["type"] == "card"]
    for card in cards(top).values():
        size = len(json.dumps(card, ensure_ascii=False, separators=(",", ":")).encode())
        assert size == CARD_BYTES
    assert replies == []  # nothing was pushed: cards come only on `peek`
