"""F19-F22 and Bots: what a bot knows, how it writes, which wording stands, how it votes."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

import pytest

from games.fictionary import bots, presence
from games.fictionary.content import Word
from games.fictionary.draws import Draw
from games.fictionary.lexicon import SMALL
from games.fictionary.likeness import fake_id, names_word
from games.fictionary.rules import CHOOSING, PACE, VOTING, WRITING
from games.fictionary.standing import Judging, keep_apart, stand_bot
from games.fictionary.tidy import tidy
from games.fictionary.wordings import pool_for
from tests.support.tabletop import refused
from tests.unit.fictionary.fixtures import (
    CONTENT,
    content,
    new_table,
    step_until,
)

VERB = next(w for w in CONTENT.bank if w.pos == "verb")


def _pool(word: Word = VERB, deck: Any = CONTENT) -> bots.Pool:
    return pool_for(deck, word)


def _make(
    level: str = "medium", label: str = "w", word: Word = VERB, deck: Any = CONTENT
) -> list[tuple[str, str]]:
    return bots.make(
        bots.WriterView(word.word, word.pos), level, _pool(word, deck), Draw("seed", label)
    )


def _record_inputs(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    seen: list[Any] = []
    for name in ("choose", "make", "vote"):
        original = getattr(bots, name)

        def spy(*args: Any, _original: Any = original) -> Any:
            seen.append(args[0])
            return _original(*args)

        monkeypatch.setattr(bots, name, spy)
    return seen


def test_f19_bot_input_is_its_seat_view(monkeypatch: pytest.MonkeyPatch) -> None:
    assert [f.name for f in dataclasses.fields(bots.WriterView)] == ["word", "pos"]
    assert [f.name for f in dataclasses.fields(bots.VoterCard)] == ["id", "text", "mine"]
    assert [f.name for f in dataclasses.fields(bots.ChooserView)] == ["offer"]
    seen = _record_inputs(monkeypatch)
    top, _ppl = new_table(1, bots=3, seed=9)
    top.start()
    for _ in range(3):
        step_until(top, lambda: top.phase == VOTING)
        card = CONTENT.by_id[top.state.card]
        for view in seen:
            text = json.dumps(dataclasses.asdict(view), ensure_ascii=False)
            for secret in card.aliases:
                assert secret not in text and tidy(secret) not in text
            if isinstance(view, bots.WriterView | bots.ChooserView):
                assert card.truth not in text and tidy(card.truth) not in text
        seen.clear()
        step_until(top, lambda: top.phase == CHOOSING)
    pool = _pool(VERB)
    assert all(
        VERB.truth != t and tidy(VERB.truth) != t for _, t in pool.borrow + pool.own + pool.others
    )


def test_f19a_no_knowing_bot() -> None:
    cards = (
        bots.VoterCard("a", "To run off in a hurry", False),
        bots.VoterCard("b", "To sing at dawn", False),
    )
    # Nothing in a voter's input says which card is real: the same view gives the same vote.
    votes = {
        bots.vote(
            bots.VoterView(cards), bots.WriterView("x", "verb"), "hard", _pool(), Draw("k", "1")
        )
        for _ in range(3)
    }
    assert len(votes) == 1
    assert "know" not in json.dumps([f.name for f in dataclasses.fields(bots.Pool)])
    # What a bot may draw on for a word never holds that word's real definition or aliases.
    for word in CONTENT.bank:
        fields = dataclasses.asdict(pool_for(CONTENT, word))
        pool = json.dumps(fields, ensure_ascii=False, default=sorted)
        for secret in (word.truth, *word.aliases):
            assert secret not in pool and tidy(secret) not in pool


def test_f19b_levels_per_seat() -> None:
    top, (ana, *_) = new_table(2)
    top.move(ana, "add_bot", level="easy")
    top.move(ana, "add_bot", level="hard")
    top.move(ana, "add_bot")
    assert [p["bot"] for p in top.view(ana)["players"]] == [None, None, "easy", "hard", "medium"]
    assert refused(top.move, ana, "add_bot", level="genius") == "bad_option"
    top.start()
    assert sorted(top.state.bots.values()) == ["easy", "hard", "medium"]
    top.move(ana, "cover")
    assert top.state.bots[ana] == "medium"


def test_f20_up_to_eight_distinct_wordings() -> None:
    for label in ("a", "b", "c"):
        made = _make(label=label)
        keys = [tidy(t).casefold() for _, t in made]
        assert 1 <= len(made) <= 8 and len(set(keys)) == len(keys)
    # A pool of two wordings: the tries run out (32) with two made, each once.
    tiny = dataclasses.replace(
        _pool(),
        own=(("b:x:0", "To sing at dawn"), ("b:x:1", "To sing at dawn.")),
        others=(("b:y:0", "To hum in a barn"),),
        borrow=(),
        silly=(),
        ending=None,
    )
    for level in ("easy", "medium", "hard"):
        made = bots.make(bots.WriterView(VERB.word, "verb"), level, tiny, Draw("t", level))
        assert sorted(t for _, t in made) == ["To hum in a barn", "To sing at dawn"]


def test_f20_skips_wordings_naming_word() -> None:
    word = dataclasses.replace(
        VERB, bluffs=tuple(f"to {VERB.word[:5]}ify a thing {i}" for i in range(7))
    )
    deck = content(40)
    deck.pool["verb"] = [(word.id, i, b) for i, b in enumerate(word.bluffs)]
    made = bots.make(
        bots.WriterView(word.word, "verb"), "medium", pool_for(deck, word), Draw("n", "1")
    )
    assert all(not names_word(t, word.word) for _, t in made)


def test_f20a_pool_own_and_same_pos_bluffs() -> None:
    pool = _pool()
    assert {r.split(":")[1] for r, _ in pool.own} == {VERB.id}
    assert all(CONTENT.by_id[r.split(":")[1]].pos == "verb" for r, _ in pool.others + pool.borrow)
    counts = Counter(
        r.split(":")[0] + (":own" if VERB.id in r else "")
        for s in range(40)
        for r, _ in _make("hard", f"p{s}")
    )
    assert counts["b:own"] > 0 and counts["b"] > 0
    assert set(counts) <= {"b", "b:own", "t"}


def test_f20b_missing_tables_skip_branch() -> None:
    plain = content(40, silly={}, endings={}, topics=())
    made = [
        r
        for s in range(30)
        for r, _ in bots.make(
            bots.WriterView(VERB.word, "verb"), "easy", pool_for(plain, VERB), Draw("s", str(s))
        )
    ]
    assert not any(r.startswith(("s:", "e:")) for r in made)
    silly = content(40, silly={"verb": ("To argue with a lamp",)})
    made_all = [
        r
        for s in range(200)
        for r, _ in bots.make(
            bots.WriterView(VERB.word, "verb"), "easy", pool_for(silly, VERB), Draw("s", str(s))
        )
    ]
    assert any(r.startswith("s:") for r in made_all)
    ended = dataclasses.replace(VERB, word="quibbophobia")
    endings = content(
        40, endings={"phobia": (("An unreasonable fear of {topic}",), "fear")}, topics=("rain",)
    )
    shaped = [
        r
        for s in range(20)
        for r, _ in bots.make(
            bots.WriterView(ended.word, "verb"), "hard", pool_for(endings, ended), Draw("e", str(s))
        )
    ]
    assert any(r.startswith("e:phobia") for r in shaped)


def test_f20c_borrowed_card_never_dealt() -> None:
    for seed in range(1, 40):
        top, _ppl = new_table(1, bots=3, seed=seed, level="hard")
        top.start()
        step_until(
            top,
            lambda top=top: (
                top.phase == "finished" or (top.phase == VOTING and bool(top.state.borrowed))
            ),
            limit=2000,
        )
        if top.state.borrowed:
            break
    else:
        pytest.fail("no borrow stood in 40 games")
    borrowed = top.state.borrowed[0]
    top.run_out()
    offered_after = top.state.offered
    assert borrowed in top.room.memory["words"]  # type: ignore[union-attr]
    assert offered_after.count(borrowed) <= 1


def test_f20d_gives_away() -> None:
    assert names_word("Spancels of old", "spancel")
    assert names_word("a spanc thing", "spancel")  # the first five letters
    assert not names_word("a span of rope", "spancel")
    assert names_word("a cat", "cat") and not names_word("a catalogue", "cats")


def _judging(**kw: Any) -> Judging:
    base = dict(
        word="quibble",
        real=("to argue about small points", "to bicker over trifles"),
        small=SMALL["en"],
        lang="en",
        remembered=frozenset(),
        this_game=frozenset(),
    )
    base.update(kw)
    return Judging(**base)  # type: ignore[arg-type]


def test_f21_person_entry_stands() -> None:
    standing = keep_apart(
        {"p": "A pan for fish"},
        {"b": [("r1", "A pan for fish"), ("r2", "A boat for eels")]},
        ["p", "b"],
        _judging(),
    )
    assert standing == {"p": (None, "A pan for fish"), "b": ("r2", "A boat for eels")}


def test_f21_passes_give_way_in_order() -> None:
    wordings = [("r1", "A pan for fish"), ("r2", "A boat for eels")]
    j = _judging(remembered=frozenset({fake_id("A boat for eels")}))
    # r1 is like a standing fake, r2 is remembered: memory gives way before likeness.
    assert stand_bot(wordings, ["A large pan for fish"], j) == ("r2", "A boat for eels")
    # Both like standing fakes: likeness gives way, the first stands.
    assert (
        stand_bot(wordings, ["A large pan for fish", "A boat for big eels"], _judging())
        == wordings[0]
    )
    j = _judging()
    # Two words in common with the real one: refused while strict, stands in the last pass.
    assert stand_bot([("r1", "To argue about the weather")], [], j) == (
        "r1",
        "To argue about the weather",
    )


def test_f21_no_fake_twice_in_a_game() -> None:
    j = _judging(this_game=frozenset({fake_id("A pan for fish")}))
    assert stand_bot([("r1", "A pan for fish"), ("r2", "A boat for eels")], [], j) == (
        "r2",
        "A boat for eels",
    )


def test_f21_memory_avoided_when_possible() -> None:
    j = _judging(remembered=frozenset({fake_id("A pan for fish")}))
    assert stand_bot([("r1", "A pan for fish"), ("r2", "A boat for eels")], [], j)[0] == "r2"  # type: ignore[index]
    assert stand_bot([("r1", "A pan for fish")], [], j) == ("r1", "A pan for fish")


def test_f21a_aliases_and_stemming() -> None:
    j = _judging()
    # Two content words in common with an alias, by stem ("trifles" ~ "trifle"): not while strict.
    wordings = [("r1", "To bicker about a trifle"), ("r2", "To sing at dawn")]
    assert stand_bot(wordings, [], j) == ("r2", "To sing at dawn")
    assert stand_bot(wordings[:1], [], j) == (
        "r1",
        "To bicker about a trifle",
    )  # the last pass: only not close


def test_f21b_never_the_real_one() -> None:
    j = _judging()
    assert (
        stand_bot([("r1", "To argue about small points"), ("r2", "to bicker over trifles!")], [], j)
        is None
    )


def test_f22_hidden_texts_random() -> None:
    cards = tuple(bots.VoterCard(str(i), None, i == 0) for i in range(4))
    picks = Counter(
        bots.vote(
            bots.VoterView(cards), bots.WriterView("x", "verb"), "hard", _pool(), Draw("h", str(s))
        )
        for s in range(600)
    )
    assert set(picks) == {"1", "2", "3"} and min(picks.values()) > 150


def test_f22_plausible_scores() -> None:
    pool = dataclasses.replace(_pool(), ending=None)
    score = lambda t, pos="verb": bots.plausibility(t, "quibble", pos, "en", "medium", pool, False)  # noqa: E731
    assert score("To argue about small points all day") == 1.5
    assert score("A small bird of the marsh", "noun") == 1.5
    assert score("Lol") == -0.8 - 1.3
    assert score("To argue! Really?") == 1 - 1.2
    assert score("I think it is to argue about quibbles") == 1 * 0 + 0.5 - 1.3 - 0.6
    endings = dataclasses.replace(
        pool, ending=("phobia", ("An unreasonable fear of {topic}",), "fear")
    )
    fear = bots.plausibility("A great fear of rain", "x", "noun", "en", "easy", endings, False)
    assert fear == pytest.approx(1 + 0.6)  # an article, and the ending's promise kept
    love = bots.plausibility("A great love of rain", "x", "noun", "en", "easy", endings, False)
    assert love == pytest.approx(1 - 0.2)


def test_f22_nose_and_noise_by_level() -> None:
    cards = (
        bots.VoterCard("good", "To argue about small points all day", False),
        bots.VoterCard("bad", "Lol!", False),
        bots.VoterCard("ok", "A thing", False),
    )
    share = {}
    for level in ("easy", "medium", "hard"):
        picks = Counter(
            bots.vote(
                bots.VoterView(cards),
                bots.WriterView("x", "verb"),
                level,
                _pool(),
                Draw(level, str(s)),
            )
            for s in range(600)
        )
        share[level] = picks["good"] / 600
    assert share["easy"] < share["medium"] < share["hard"]
    silly = dataclasses.replace(_pool(), silly=("To argue with a lamp",))
    assert bots.plausibility(
        "To argue with a lamp", "x", "verb", "en", "hard", silly, True
    ) < bots.plausibility("To argue with a lamp", "x", "verb", "en", "easy", silly, True)


def test_f22a_es_ru_cues() -> None:
    pool = dataclasses.replace(_pool(), ending=None)
    es = lambda t, pos: bots.plausibility(t, "zzz", pos, "es", "medium", pool, False)  # noqa: E731
    ru = lambda t, pos: bots.plausibility(t, "zzz", pos, "ru", "medium", pool, False)  # noqa: E731
    assert (
        es("Caminar despacio por el monte", "verb") - es("Despacio por el monte lejano", "verb")
        == 1
    )
    assert (
        es("Una casa de campo en el monte", "noun") - es("Casa de campo en el monte alto", "noun")
        == 1
    )
    assert es("¡Jaja! Una cosa rara del monte", "noun") < es("Una cosa rara del monte", "noun") - 2
    assert (
        ru("Ходить медленно по лесу и полю", "verb") - ru("Медленно по лесу и полю идти", "verb")
        == 1
    )
    assert ru("Дом в лесу у самой реки", "noun") == ru("Домик в лесу у самой реки", "noun")
    assert ru("лол это дом в лесу у реки", "noun") < ru("Это дом в лесу у реки", "noun")


def test_f22b_looks_made() -> None:
    pool = dataclasses.replace(
        _pool(),
        silly=("A hat for a goose",),
        ending=("phobia", ("An unreasonable fear of {topic}",), "fear"),
    )
    assert bots.looks_made("A hat for a goose", pool)
    assert bots.looks_made("An unreasonable fear of rain", pool)
    assert not bots.looks_made("A small hat worn at sea", pool)
    assert not any(bots.looks_made(t, pool) for _, t in pool.own)


def test_bots_pace_ranges_cut_before_clock() -> None:
    for pace, ranges in PACE.items():
        top, _ = new_table(1, bots=3, seed=4, bot_pace=pace)
        top.start()
        for phase in (CHOOSING, WRITING, VOTING):
            step_until(
                top,
                lambda phase=phase, top=top: (
                    (
                        top.phase == phase
                        and (phase != CHOOSING or top.state.judge in top.state.bots)
                    )
                    or top.phase == "finished"
                ),
                limit=3000,
            )
            if top.phase == "finished":
                break
            low, high = ranges[phase]
            for at in top.state.bot_at.values():
                assert low * 1000 <= at - top.state.phase_started_at <= high * 1000
    top, _ppl = new_table(1, bots=3, seed=4, bot_pace="relaxed", timer=45)
    top.start()
    step_until(top, lambda: top.phase == WRITING)
    assert all(at <= top.state.deadline - 2000 for at in top.state.bot_at.values())


def test_bots_golden_moves_with_fixed_seed() -> None:
    made = _make("medium", "w", VERB)
    assert VERB.id == "en-0001"
    assert made[:3] == [
        ("b:en-0040:0", "To lugaish a magaish megaish"),
        ("b:en-0001:1", "To nibeish a nobeish nubeish"),
        ("b:en-0001:6", "To sibeish a sobeish subeish"),
    ]
    assert len(made) == 8
    assert (
        bots.choose(
            bots.ChooserView(((VERB.word, VERB.note, "verb", None),) * 5), Draw("golden", "c")
        )
        == 0
    )


def test_bots_choice_fits_the_shape_of_a_definition() -> None:
    """A bot's chosen wording is of its part of speech, and shaped like a real definition:
    nearest a shape (length, words, a joining "or"/"and") drawn from the other cards' real
    ones, so bot cards vary as they do and never all lack what real ones often have."""
    pool = _pool()
    assert sorted(pool.shapes) == sorted(
        bots.shape(w.truth, "en") for w in CONTENT.bank if w.pos == "verb" and w.id != VERB.id
    )
    assert bots.shape("To cut or tear a cloth", "en") == (22, 6, True)
    assert bots.shape("Pan y vino", "es")[2] and bots.shape("Хлеб или вино", "ru")[2]
    assert not bots.shape("To sand a floor", "en")[2]  # "and" inside a word is no joiner
    varied = dataclasses.replace(
        pool, others=tuple((f"b:x:{n}", "to " + "ab " * n) for n in range(2, 30))
    )
    for n in (3, 13, 26):  # "To ab ab ab": 2 + 3n characters, n + 1 words
        target = 2 + 3 * n
        fixed = dataclasses.replace(varied, shapes=((target, n + 1, False),))
        for s in range(10):
            made = bots.make(
                bots.WriterView(VERB.word, "verb"), "medium", fixed, Draw("l", f"{target}{s}")
            )
            assert abs(len(made[0][1]) - target) == min(abs(len(t) - target) for _, t in made)
    spread = dataclasses.replace(varied, shapes=((12, 4, False), (40, 13, False), (80, 27, False)))
    chosen = {
        len(
            bots.make(bots.WriterView(VERB.word, "verb"), "medium", spread, Draw("v", str(s)))[0][1]
        )
        for s in range(60)
    }
    assert len(chosen) > 3
    joined = dataclasses.replace(
        varied,
        others=(
            *varied.others,
            *((f"b:y:{n}", f"to {'cd ' * n}or ef") for n in range(2, 30)),
        ),
    )
    for want in (True, False):
        aimed = dataclasses.replace(joined, shapes=((30, 10, want),))
        for s in range(10):
            made = bots.make(
                bots.WriterView(VERB.word, "verb"), "medium", aimed, Draw("j", f"{want}{s}")
            )
            assert bots.shape(made[0][1], "en")[2] is want
    for s in range(20):
        made = _make("medium", f"shape{s}")
        assert all(CONTENT.by_id[r.split(":")[1]].pos == "verb" for r, _ in made if r[0] in "bt")


def test_bots_easy_keeps_its_first_try_and_shaped_first_tries_stay_first() -> None:
    """An easy bot puts its first try first, as the seed's bots do, where a medium or hard bot
    puts first its wording nearest the drawn shape; a medium or hard bot's ending-made first
    try stays its choice, whatever shape it drew."""
    varied = dataclasses.replace(
        _pool(), others=tuple((f"b:x:{n}", "to " + "ab " * n) for n in range(2, 30))
    )
    nearest = {}
    for level in ("easy", "medium", "hard"):
        nearest[level] = 0
        for s in range(20):
            aimed = dataclasses.replace(varied, shapes=((2 + 3 * 13, 14, False),))
            made = bots.make(bots.WriterView(VERB.word, "verb"), level, aimed, Draw("a", str(s)))
            best = min(abs(len(t) - 41) for _, t in made)
            nearest[level] += abs(len(made[0][1]) - 41) == best
    assert nearest["medium"] == nearest["hard"] == 20 and nearest["easy"] < 20
    ended = dataclasses.replace(VERB, word="quibbophobia")
    endings = content(
        40, endings={"phobia": (("An unreasonable fear of {topic}",), "fear")}, topics=("rain",)
    )
    far = dataclasses.replace(pool_for(endings, ended), shapes=((140, 40, True),))
    firsts = [
        bots.make(bots.WriterView(ended.word, "verb"), "hard", far, Draw("f", str(s)))[0][0]
        for s in range(40)
    ]
    assert any(ref.startswith("e:") for ref in firsts)  # never nearest that shape, yet first


def test_bots_act_only_at_their_time() -> None:
    top, _ppl = new_table(1, bots=3, seed=4)
    top.start()
    step_until(top, lambda: top.phase == WRITING and len(top.state.bot_at) >= 2)
    seat, at = min(top.state.bot_at.items(), key=lambda kv: kv[1])
    assert at > top.now
    table = top.room.table()  # type: ignore[union-attr]
    state = top.state.model_copy(deep=True)
    assert presence.bot_move(state, table, top.env(), seat) is False  # not its time yet
    top.now = at
    assert presence.bot_move(state, table, top.env(), seat) is True
    assert isinstance(state.filled[seat], list) and state.filled[seat]
