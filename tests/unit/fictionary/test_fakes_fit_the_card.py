"""A bot's fakes fit the card (issue item: "Bots' fakes ignore the word's own clues"):
its part of speech, and where the note shows them, its field and origin. Over the real
decks, every card, two levels."""

from __future__ import annotations

import pytest

from games.fictionary import bots
from games.fictionary.content import Content, Word, note_labels
from games.fictionary.draws import Draw
from games.fictionary.game import GAME
from games.fictionary.rules import FITTING_AT_LEAST
from games.fictionary.wordings import fit, pool_for


def _fakes(content: Content, word: Word, level: str) -> list[tuple[str, str]]:
    view = bots.WriterView(word.word, word.pos)
    return bots.make(view, level, pool_for(content, word), Draw("fit", f"{word.id}:{level}"))


def _source(ref: str) -> str | None:
    """The other card a wording was drawn from (a house bluff or a borrowed truth), if any."""
    kind, _, rest = ref.partition(":")
    if kind == "b":
        return rest.rpartition(":")[0]
    if kind == "t":
        return rest
    return None  # a silly line or an ending's sentence: neutral


def test_note_labels() -> None:
    assert note_labels("noun · from German, military") == ("german", "military")
    assert note_labels("noun · from Greek") == ("greek", None)
    assert note_labels("noun · from Greek, medical") == ("greek", "medicine")
    assert note_labels("noun · medical term from Greek") == ("greek", "medicine")
    assert note_labels("noun · from Greek via Latin") == ("greek", None)
    assert note_labels("noun · 16th-c. English") == (None, None)
    assert note_labels("noun · from a tale in the Arabian Nights") == (None, None)
    assert note_labels("sustantivo · del árabe") == ("árabe", None)
    assert note_labels("sustantivo · lenguaje marinero") == (None, "sea")
    assert note_labels("sustantivo · España") == (None, None)
    assert note_labels("существительное · устар., из французского") == ("французского", None)
    assert note_labels("существительное · зоология") == (None, "animals")
    assert note_labels("noun") == (None, None)


@pytest.fixture(scope="module")
def english() -> Content:
    return GAME.load_content("en")


def test_fugleman_and_nosology(english: Content) -> None:
    """The issue's two cards: no fake from another field, and where the deck has enough
    of them, only fakes from cards of the same field or origin."""
    reported = {"fugleman": "a fit of sneezing", "nosology": "a small sea bird"}
    for headword, fake in reported.items():
        word = next(w for w in english.bank if w.word == headword)
        origin, field = english.labels[word.id]
        for level in ("medium", "hard"):
            for ref, text in _fakes(english, word, level):
                source = _source(ref)
                assert not text.casefold().startswith("to ")
                if source is None or source == word.id:
                    continue
                theirs = english.labels[source]
                assert theirs[1] in (None, field), (headword, text, theirs)
                assert theirs[1] == field or theirs[0] == origin, (headword, text, theirs)
        pool = pool_for(english, word)
        assert fake not in {t.casefold() for _, t in pool.others + pool.borrow}


@pytest.mark.parametrize("lang", sorted(GAME.langs))
def test_fakes_fit_part_of_speech_field_and_origin(lang: str) -> None:
    content = GAME.load_content(lang)
    for word in content.bank:
        origin, field = content.labels[word.id]
        pool = pool_for(content, word)
        # Where the deck holds enough wordings sharing the card's field or origin, those
        # are all a bot draws on from other cards.
        sources = [s for ref, _ in pool.others if (s := _source(ref))]
        bluffs = [cid for cid, _, _ in content.pool.get(word.pos, []) if cid != word.id]
        truths = [w.id for w in content.bank if w.pos == word.pos and w.id != word.id]
        narrowed = {
            kind[0]: sum(1 for cid in ids if (fit(content, word, cid) or 0) > 0)
            >= FITTING_AT_LEAST[kind]
            for kind, ids in (("bluffs", bluffs), ("truths", truths))
        }
        for level in ("medium", "hard"):
            for ref, text in _fakes(content, word, level):
                if lang == "en":
                    # A verb's fakes are all verb phrases; no other part of speech has one.
                    assert text.casefold().startswith("to ") == (word.pos == "verb"), (word, text)
                source = _source(ref)
                if source is None or source == word.id:
                    continue
                their_origin, their_field = content.labels[source]
                assert content.by_id[source].pos == word.pos
                if field is not None:
                    assert their_field in (None, field), (word.word, text, their_field)
                if narrowed[ref[0]]:
                    assert (field is not None and their_field == field) or (
                        origin is not None and their_origin == origin
                    ), (word.word, text)
        assert all(content.by_id[s].pos == word.pos for s in sources)
