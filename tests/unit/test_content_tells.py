"""The tell check: a card's truth must not be findable by its shape alone.

On the smallest ballot (the truth and the card's first three fallback bluffs,
chance 25%), no simple rule a player could follow ("the one with *or*", "the
longest", "not the pun") may find the truth more than 30% of the time, and a
cross-validated classifier over surface features may not beat 58% balanced
accuracy. The measurement is `tools/content/believability.py`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "content"))

import believability as bl  # the editorial tool, run here on every deck

from table.text import comparison_key, words
from wordcards import read_entries

LANGS = ["en", "es", "ru"]


@pytest.fixture(scope="module", params=LANGS)
def report(request: pytest.FixtureRequest) -> bl.Report:
    return bl.measure(request.param)


def test_no_simple_rule_finds_the_truth(report: bl.Report) -> None:
    over = {name: round(rate, 3) for name, rate in report.rules.items() if rate > bl.RULE_MAX}
    assert over == {}, f"{report.lang}: rules above {bl.RULE_MAX:.0%}"


def test_a_classifier_cannot_tell_the_truth_by_its_shape(report: bl.Report) -> None:
    assert report.balanced_ballot <= bl.MODEL_MAX, report.lang


def test_the_rules_see_the_shapes_they_measure() -> None:
    """The measurement itself: each rule and shape reads the deck's language."""
    assert bl.has_or("en", "a song or verse") and not bl.has_or("en", "a sword for horsemen")
    assert bl.has_or("es", "llama débil o reflejo") and bl.has_conjunction("es", "pan y vino")
    assert bl.has_or("ru", "ружьё или пушка") and bl.has_conjunction("ru", "друг и поверенный")
    assert bl.echoes("hierophant", "an elephant kept for processions")
    assert bl.echoes("porringer", "a small bowl for porridge")
    assert not bl.echoes("porringer", "a small metal bowl with a handle")


@pytest.mark.parametrize("lang", LANGS)
def test_no_truth_echoes_its_word(lang: str) -> None:
    echoing = {e.id: e.truth for e in read_entries(lang) if bl.echoes(e.word, e.truth)}
    assert echoing == {}


@pytest.mark.parametrize("lang", LANGS)
def test_at_most_one_pun_per_card_and_never_on_a_short_ballot(lang: str) -> None:
    problems = {}
    for e in read_entries(lang):
        puns = [i for i, b in enumerate(e.bluffs) if bl.echoes(e.word, b)]
        if len(puns) > 1 or any(i < bl.BALLOT_BLUFFS for i in puns):
            problems[e.id] = [e.bluffs[i] for i in puns]
    assert problems == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_word_is_not_hidden_inside_another_word(lang: str) -> None:
    """peculate in "speculate", quirt in "squirt": the R9 check only looks at word starts."""
    found = {}
    for e in read_entries(lang):
        key = comparison_key(e.word)
        for text in (e.truth, *e.bluffs):
            if len(key) >= 4 and any(key in token for token in words(text)):
                found[e.id] = text
    assert found == {}
