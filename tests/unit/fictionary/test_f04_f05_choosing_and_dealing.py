"""F4 choosing the word, F5 dealing the five."""

from __future__ import annotations

import json
from collections import Counter

from games.fictionary import content as bank
from games.fictionary.content import Word
from games.fictionary.dealing import apart, deal, weight
from games.fictionary.draws import Draw
from games.fictionary.rules import CHOOSING, REVEAL, WRITING
from games.fictionary.tidy import tidy
from tests.support.tabletop import refused
from tests.unit.fictionary.fixtures import (
    CONTENT,
    choose,
    deck,
    judge,
    make_card,
    new_table,
    revealed,
    settle,
    step_until,
    write_all,
)
from wordcards import Card


def test_f4_timeout_gives_first_word() -> None:
    top, _ = new_table(3, timer=60)
    top.start()
    assert top.state.deadline is not None
    assert top.state.deadline - top.state.phase_started_at == 30_000  # ceil(30 * 1) s
    first = top.state.offer[0]
    top.advance(30_000)
    assert top.phase == WRITING and top.state.card == first


def test_f4_away_judge_gets_first_word() -> None:
    top, _people = new_table(3)
    top.start()
    j = judge(top)
    top.drop(j)
    settle(top)  # the next decision notices the drop
    noticed = top.now
    top.advance(29_000)
    assert top.phase == CHOOSING  # not away yet: a blip
    top.advance(1_000)
    assert top.phase == WRITING and top.now == noticed + 30_000
    assert top.state.card == top.state.offer[0]


def test_f4_bot_judge_picks_one_of_five() -> None:
    top, people = new_table(1, bots=2, seed=5)
    top.start()
    for _ in range(6):
        if judge(top) != people[0]:
            break
        choose(top)
        step_until(top, lambda: top.phase == CHOOSING)
    assert judge(top) != people[0] and top.phase == CHOOSING
    offer = list(top.state.offer)
    step_until(top, lambda: top.phase == WRITING)
    assert top.state.card in offer


def test_f4_judge_asked_after_reveal_ends() -> None:
    top, people = new_table(3)
    top.start()
    choose(top)
    write_all(top, people)
    for p in people:
        if p != judge(top):
            own = next(c["id"] for c in top.state.cards if p in c["writers"])
            top.move(
                p, "vote", round=1, option=next(c["id"] for c in top.state.cards if c["id"] != own)
            )
    assert top.phase == REVEAL
    ends = revealed(top)["ends"]
    step_until(top, lambda: top.phase == CHOOSING)
    assert top.state.phase_started_at == ends and top.state.round == 2


def test_f4a_offer_has_no_definitions() -> None:
    top, people = new_table(3)
    top.start()
    j = judge(top)
    offer = top.view(j)["offer"]
    assert len(offer) == 5 and set(offer[0]) == {"i", "word", "note", "pos", "respell"}
    texts = json.dumps(top.view(j), ensure_ascii=False)
    for card_id in top.state.offer:
        w = CONTENT.by_id[card_id]
        assert w.truth not in texts and tidy(w.truth) not in texts
    assert all(top.view(p)["offer"] is None for p in people if p != j)
    choose(top, 3)
    assert top.view(j)["truth"] == tidy(CONTENT.by_id[top.state.offer[3]].truth)


def test_f4b_choice_final_opens_writing() -> None:
    top, people = new_table(3)
    top.start()
    j = judge(top)
    other = next(p for p in people if p != j)
    assert refused(top.move, other, "choose", round=1, word=0) == "not_eligible"
    assert refused(top.move, j, "choose", round=1, word=5) == "unknown_word"
    choose(top, 1)
    assert top.phase == WRITING and top.state.card == top.state.offer[1]
    # Choosing is over: a late choice is refused as late, as in every game.
    assert refused(top.move, j, "choose", round=1, word=2) == "phase_closed"


def test_f5_weight_by_rating_and_floor() -> None:
    assert weight(100) == 1.0 and abs(weight(60) - 15 / 55) < 1e-9
    assert weight(59) == 0.01
    fresh = deck(2)
    top_rated = [
        Word(**{**w.__dict__, "id": f"a{i}", "family": f"a{i}", "rating": 100.0})
        for i, w in enumerate(fresh)
    ]
    low = Word(**{**fresh[0].__dict__, "id": "low", "family": "low", "rating": 60.0})
    counts: Counter[str] = Counter()
    cards = [
        low,
        *[Word(**{**top_rated[0].__dict__, "id": f"h{i}", "family": f"h{i}"}) for i in range(9)],
    ]
    for s in range(3000):
        hand, _ = deal(cards, Draw("seed", f"w{s}"))
        counts.update(w.id for w in hand[:1])
    # The first place: a 60 wins about a quarter as often as a 100 (weights 15/55 and 1).
    ratio = counts["low"] / (sum(v for k, v in counts.items() if k != "low") / 9)
    assert 0.18 < ratio < 0.38


def test_f5_hand_apart_by_family_and_topic() -> None:
    for s in range(50):
        hand, tier = deal(CONTENT.bank, Draw("x", str(s)))
        assert tier == 1 and len(hand) == 5
        for i, w in enumerate(hand):
            assert apart(w, hand[:i])
        assert sum(1 for w in hand if w.topic == "nature") <= 1
        assert sum(1 for w in hand if w.family == "shared-family") <= 1


def test_f5_tiers_loosen_in_order() -> None:
    small = deck(20)[7:]  # thirteen cards, no shared family or topic
    ids = [w.id for w in small]
    hand, tier = deal(small, Draw("t", "1"))
    assert tier == 1
    hand, tier = deal(small, Draw("t", "2"), offered=ids[:9])
    assert tier == 2  # tier 1 leaves four
    hand, tier = deal(small, Draw("t", "3"), offered=ids, chosen=ids[:2], played=ids[2:11])
    assert tier == 3 and not {w.id for w in hand} & set(ids[:2])  # tier 2 leaves two
    hand, tier = deal(small, Draw("t", "4"), offered=ids, chosen=ids[:10])
    assert tier == 4  # tier 3 leaves three


def test_f5_no_word_offered_twice_in_tier_one() -> None:
    top, _ = new_table(3)
    top.start()
    seen: list[str] = []
    for _ in range(5):
        seen += top.state.offer
        choose(top)
        step_until(top, lambda: top.phase == CHOOSING or top.phase == "finished")
        if top.phase == "finished":
            break
    assert len(seen) == len(set(seen)) == 25


def test_f5a_only_dealable_cards() -> None:
    def card(word: str, note: str, truth: str = "a small bird of the marsh") -> Card:
        return Card(id="en-9999", word=word, note=note, truth=truth, bluffs=("x",) * 6)

    assert bank.dealable(card("spancel", "noun · farming"))
    assert not bank.dealable(card("cat", "noun"))  # under four letters
    assert not bank.dealable(card("a" * 15, "noun"))  # over fourteen
    assert not bank.dealable(card("well-met", "adjective"))  # not letters only
    assert not bank.dealable(card("alack", "interjection · old"))  # bots don't write for it
    assert (
        bank.dealable(card("correr", "verbo · común"))
        and bank.part_of_speech("verbo · x") == "verb"
    )
    assert bank.part_of_speech("существительное · книжн.") == "noun"
    assert [w.id for w in CONTENT.bank] == sorted(w.id for w in CONTENT.bank)


def test_f5b_family_topic_rating_defaults() -> None:
    plain = Card(id="en-0001", word="spancel", note="noun", truth="a rope", bluffs=("x",) * 6)
    word = bank.to_word(plain)
    assert word.family == "spancel" and word.topic is None and word.rating == 100
    rich = make_card(
        1,
        "noun",
        __import__("tests.unit.fictionary.fixtures", fromlist=["_Tokens"])._Tokens(),
        family="root",
        topic="nature",
        rating=70.0,
    )
    assert (rich.family, rich.topic, rich.rating) == ("root", "nature", 70.0)


def test_f5c_small_deck_still_deals_five() -> None:
    tiny = deck(5)  # two share a family: five apart is impossible
    hand, tier = deal(
        tiny, Draw("s", "1"), offered=[w.id for w in tiny], chosen=[w.id for w in tiny]
    )
    assert len(hand) == 5 and tier == 5
    assert len(CONTENT.bank) >= 5


def test_f5d_memory_words_not_dealt() -> None:
    top, _people = new_table(3)
    played = [w.id for w in CONTENT.bank[:30]]
    assert top.room is not None
    top.room.memory = {"words": played, "fakes": []}
    top.start()
    assert not set(top.state.offer) & set(played)


def test_f5e_house_voice_content_check() -> None:
    assert bank.voice_problems("spancel", "a rope for hobbling a cow") == []
    assert bank.voice_problems("spancel", "a rope; for cows") != []
    assert bank.voice_problems("spancel", "a rope (for cows)") != []
    assert bank.voice_problems("spancel", " ".join(["word"] * 16)) != []
    assert bank.voice_problems("spancel", "to spancel a cow") != []
    bad = Card(
        id="en-0002", word="spancel", note="noun", truth="a rope: for cows", bluffs=("x",) * 6
    )
    assert not bank.dealable(bad)
