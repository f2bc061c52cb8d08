"""D1, D4, D6, D7, D16: the match, forming words, the deal, the trial and Speed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.dictopia.content import SET_SIZE, Content
from games.dictopia.lexicon import Entries, MemoryLexicon
from games.dictopia.state import SCORE, TALLY, TRIAL
from tests.support.tabletop import refused
from tests.unit.dictopia.support import (
    ENTRIES,
    TEXTS,
    WORDS,
    english_cards,
    set_hand,
    set_missions,
    table,
)


def test_d1a_start_needs_two_to_twelve_or_one_solo() -> None:
    top, _ = table(1)
    assert refused(top.start) == "not_enough_players"  # group alone
    top, _ = table(2)
    top.start()
    assert top.phase == TRIAL
    top, (a, b) = table(2, mode="solo")  # a solo room seats one: the second observes
    assert [m.id for m in top.room.active_players] == [a]
    top.start()
    assert top.state.players == [a] and top.view(b)["my_hand"] is None
    top, (_a,) = table(1, mode="solo")
    top.start()
    assert top.phase == TRIAL and top.state.solo


@pytest.mark.parametrize(("n", "copies"), [(7, 1), (8, 2), (12, 2)])
def test_d1a_eight_plus_players_use_two_copies(n: int, copies: int) -> None:
    top, players = table(n)
    top.start()
    assert top.state.copies == copies
    dealt = [c for p in players for c in top.state.hands[p]]
    assert len(dealt) == 8 * n and len(set(dealt)) == len(dealt)
    assert max(dealt) < SET_SIZE * copies


def test_d1b_leaver_keeps_total_and_word() -> None:
    top, (_a, _b, c) = table(3)
    top.start()
    word = set_hand(top, c, "CAT")
    top.move(c, "play", round=1, cards=word)
    top.leave(c)
    top.advance(90_000)
    while top.phase != SCORE:
        top.advance(45_000)
    assert top.state.lines[c].trial == 3 and top.state.totals[c] == 3
    top.advance(20_000)
    assert top.phase == TRIAL and c not in top.state.hands  # not dealt again
    assert refused(top.move, c, "lock", round=2) in ("not_in_room", "not_eligible")


def test_d1b_late_joiner_observes_without_hand() -> None:
    top, (_a, _b) = table(2)
    top.start()
    late = top.join("Zed")
    view = top.view(late)
    assert view["me"]["role"] == "observer" and view["my_hand"] is None
    assert refused(top.move, late, "play", round=1, cards=[[0, 0]]) == "not_eligible"


def test_d1b_leaving_rechecks_early_close() -> None:
    top, (a, b, c) = table(3)
    top.start()
    for p in (a, b):
        top.move(p, "play", round=1, cards=[[0, 0]])
        top.move(p, "lock", round=1)
    assert top.phase == TRIAL
    top.leave(c)  # the last one who had not locked
    assert top.phase == TALLY


def test_d1b_no_active_player_ends_the_match() -> None:
    top, (a, b) = table(2)
    top.start()
    top.leave(b)
    top.leave(a)
    assert top.phase == "finished"


def test_d1c_rematch_resets_totals() -> None:
    top, (a, b) = table(2)
    top.start()
    set_hand(top, a, "CAT")
    top.move(a, "play", round=1, cards=[[0, 1], [1, 0], [2, 1]])
    top.run_out()
    assert top.phase == "finished" and top.state.totals[a] > 0
    top.start()
    assert top.state.totals == {a: 0, b: 0} and top.state.round == 1


def test_d4a_word_is_card_face_pairs() -> None:
    top, (a, _b) = table(2)
    top.start()
    word = set_hand(top, a, "TAXI")
    top.move(a, "play", round=1, cards=word)
    view = top.view(a)
    assert view["my_letters"] == "TAXI" and view["my_word"] == word
    assert view["my_preview"]["letters"] == 4 and view["my_preview"]["eyes"] == 1 + 1 + 3 + 1


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ([], "empty"),
        ([[i, 0] for i in range(9)], "too_long"),
        ([[8, 0]], "bad_card"),
        ([[-1, 0]], "bad_card"),
        ([[0]], "bad_card"),
        ([[0, 0], [0, 1]], "card_reused"),
        ([[0, 2]], "bad_face"),
    ],
)
def test_d4b_bad_word_reasons(cards: list[list[int]], reason: str) -> None:
    top, (a, _b) = table(2)
    top.start()
    before = top.room.model_copy(deep=True) if top.room else None
    with pytest.raises(Exception) as refusal:
        top.move(a, "play", round=1, cards=cards)
    assert refusal.value.code == "bad_word" and refusal.value.reason == reason  # type: ignore[attr-defined]
    assert top.room is not None and before is not None
    assert top.room.picks == before.picks and top.room.state == before.state


def test_d4d_play_replaces_until_locked() -> None:
    top, (a, b) = table(2)
    top.start()
    top.move(a, "play", round=1, cards=[[0, 0]])
    top.move(a, "play", round=1, cards=[[1, 1], [0, 0]])
    assert top.view(a)["my_word"] == [[1, 1], [0, 0]]
    top.move(a, "lock", round=1)
    assert refused(top.move, a, "play", round=1, cards=[[0, 0]]) == "locked"
    assert refused(top.move, a, "lock", round=1) == "locked"
    assert refused(top.move, b, "lock", round=1) == "no_word"


def test_d4d_sixty_plays_per_trial() -> None:
    top, (a, _b) = table(2)
    top.start()
    for _ in range(60):
        top.move(a, "play", round=1, cards=[[0, 0]])
    assert top.view(a)["plays_left"] == 0
    assert refused(top.move, a, "play", round=1, cards=[[0, 0]]) == "rate_limited"


class CountingLexicon(MemoryLexicon):
    """The test list, counting every question asked of it."""

    def __init__(self) -> None:
        super().__init__("en", WORDS, ENTRIES)
        self.asked: list[str] = []

    def spellings(self, key: str) -> tuple[str, ...]:
        self.asked.append(key)
        return super().spellings(key)

    def anagram_count(self, key: str) -> int:
        self.asked.append(key)
        return super().anagram_count(key)

    def entries(self, key: str) -> Entries:
        self.asked.append(key)
        return super().entries(key)


@pytest.mark.parametrize("validation", ["denounce", "strict"])
def test_d4d_denounce_room_play_never_reads_list(validation: str) -> None:
    """GIVEN a denounce room, WHEN players play, replace, claim, lock and touch Speed
    and every view is drawn, THEN the word list is never asked (Secrecy: not even
    timing could tell a listed word); a strict room asks it on every play."""
    lexicon = CountingLexicon()
    content = Content("en", english_cards(), lexicon, TEXTS)
    top, (a, b, c) = table(3, content=content, validation=validation)
    top.start()
    set_missions(top, 1, ["speed", "field_city", "verb", "anagram"])
    listed = set_hand(top, a, "BEAR")
    unlisted = set_hand(top, b, "XQZ") if validation == "denounce" else None
    lexicon.asked.clear()
    if unlisted is not None:
        top.move(a, "play", round=1, cards=listed[:3])  # BEA, then BEAR: replaced
    top.move(a, "play", round=1, cards=listed, claims=["field_city"])
    if unlisted is not None:
        top.move(b, "play", round=1, cards=unlisted)
    top.move(a, "touch_speed", round=1)
    for member in (a, b, c):
        assert top.view(member)["phase"] == TRIAL
    if validation == "denounce":
        assert lexicon.asked == []
        # `dict` missions are not previewed: that would reveal the list (D4d).
        assert top.view(a)["my_preview"]["missions"] == []
    else:
        assert lexicon.asked, "a strict room looks every word up at play"


class RecordingRandom(random.Random):
    """The table's seeded randomness, remembering every order it shuffled."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.shuffled: list[list[int]] = []

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        super().shuffle(x)
        self.shuffled.append(list(x))


def test_d6a_disjoint_hands_target_is_first_undealt_back() -> None:
    top, players = table(4, seed=5)
    top.rng = RecordingRandom(5)
    top.start()
    hands = [top.state.hands[p] for p in players]
    dealt = [c for h in hands for c in h]
    assert all(len(h) == 8 for h in hands) and len(set(dealt)) == 32
    # The whole set was reshuffled; hands are its first 32 cards, the target the 33rd's back.
    (order,) = [o for o in top.rng.shuffled if sorted(o) == list(range(SET_SIZE))]
    assert dealt == order[:32]
    assert top.state.target == top.content.card(order[32]).back
    # Each holder is sent their own cards, in the dealt order.
    for p in players:
        shown = [[f["letter"] for f in card["faces"]] for card in top.view(p)["my_hand"]]
        mine = [[f.letter for f in top.content.card(c).faces] for c in top.state.hands[p]]
        assert shown == mine


def test_d6a_disconnected_dealt_left_not() -> None:
    top, (_a, b, c) = table(3)
    top.start()
    top.drop(b)
    top.leave(c)
    while top.state.round == 1:
        top.advance(20_000)
    assert b in top.state.hands and c not in top.state.hands


def test_d7a_trial_closes_at_deadline_or_all_locked() -> None:
    top, (a, b) = table(2)
    top.start()
    assert top.state.deadline == top.now + 90_000
    top.advance(89_000)
    assert top.phase == TRIAL
    top.advance(1_000)
    assert top.phase == TALLY
    top, (a, b) = table(2)
    top.start()
    for p in (a, b):
        top.move(p, "play", round=1, cards=[[0, 0]])
        top.move(p, "lock", round=1)
    assert top.phase == TALLY


def test_d7a_late_play_phase_closed() -> None:
    top, (a, _b) = table(2)
    top.start()
    top.advance(90_000)
    for action, fields in (("play", {"cards": [[0, 0]]}), ("lock", {}), ("touch_speed", {})):
        assert refused(top.move, a, action, round=1, **fields) == "phase_closed"
    assert refused(top.move, a, "play", round=0, cards=[[0, 0]]) == "stale_round"


def test_d7b_only_counts_and_speed_holder() -> None:
    top, (a, b, _c) = table(3)
    top.start()
    set_missions(top, 1, ["speed"])
    top.move(a, "play", round=1, cards=[[0, 1]])
    top.move(a, "touch_speed", round=1)
    view = top.view(b)
    assert (view["submitted"], view["locked"], view["expected"]) == (1, 1, 3)
    assert view["speed_by"] == a
    assert view["my_word"] is None and "words" not in view
    assert view["my_letters"] is None and view["my_preview"] is None
    assert view["my_hand"] != top.view(a)["my_hand"]


def test_d7c_no_word_scores_zero() -> None:
    top, (a, _b) = table(2)
    top.start()
    top.advance(90_000 + 45_000)
    assert top.phase == SCORE
    assert top.state.lines[a].void == "no_word" and top.state.lines[a].trial == 0


def test_d7d_phase_order_and_continue_from_six_seconds() -> None:
    top, (a, b) = table(2)
    top.start()
    top.advance(90_000)
    assert top.phase == TALLY
    top.advance(45_000)
    assert top.phase == SCORE  # no item: no vote
    assert refused(top.move, b, "continue", round=1) == "not_host"
    top.advance(5_000)
    assert refused(top.move, a, "continue", round=1) == "too_early"
    top.advance(1_000)
    top.move(a, "continue", round=1)
    assert top.phase == TRIAL and top.state.round == 2


def test_d16a_first_touch_wins_and_locks() -> None:
    top, (a, b, _c) = table(3)
    top.start()
    set_missions(top, 1, ["speed"])
    assert refused(top.move, a, "touch_speed", round=1) == "no_word"
    for p in (a, b):
        top.move(p, "play", round=1, cards=[[0, 0]])
    top.move(b, "touch_speed", round=1)
    assert refused(top.move, a, "touch_speed", round=1) == "speed_taken"
    assert refused(top.move, b, "play", round=1, cards=[[1, 0]]) == "locked"
    assert top.view(b)["my_locked"] is True


def test_d16a_no_speed_mission() -> None:
    top, (a, _b) = table(2)
    top.start()
    top.move(a, "play", round=1, cards=[[0, 0]])
    assert refused(top.move, a, "touch_speed", round=1) == "no_speed_mission"


def test_d16b_speed_holder_public() -> None:
    top, (a, _b) = table(2)
    top.start()
    set_missions(top, 1, ["speed"])
    top.move(a, "play", round=1, cards=[[0, 0]])
    top.move(a, "touch_speed", round=1)
    observer = top.join("Tv", observer=True)
    assert top.view(observer)["speed_by"] == a and top.view(observer)["my_hand"] is None


def test_d16c_lock_never_wins_speed() -> None:
    top, (a, _b) = table(2)
    top.start()
    set_missions(top, 1, ["speed"])
    top.move(a, "play", round=1, cards=[[0, 0]])
    top.move(a, "lock", round=1)
    assert top.state.speed_by is None
    assert refused(top.move, a, "touch_speed", round=1) == "locked"
