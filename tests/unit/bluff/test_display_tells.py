"""The display form: no card of a ballot gives itself away by its case or punctuation.

The decks' texts are lowercase with no final period; players type capitals,
full stops, all capitals, no capitals, quotes and stray spaces. Random 4-card
ballots are built by the game (`build_ballot`) from each real deck's cards and
a corpus of player-style entries, and simple rules a player could follow on
what is shown ("the lowercase one", "the one without a full stop", "the odd
one out") may find the truth at most 30% of the time (chance is 25%), the
limit the content tell check sets (`tests/unit/test_content_tells.py`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from games.bluff.ballot import MIN_BALLOT, build_ballot
from games.bluff.display import shown
from games.bluff.state import Entry, Round
from table.text import DEFINITION_MAX, TextRefused, check_definition
from wordcards import Card, load_deck

LANGS = ["en", "es", "ru"]
BALLOTS = 600
RULE_MAX = 0.30
QUOTES = "\"'“”‘’`«»„‚"
FINAL_MARKS = ".!?…;:,"

# How players type a definition: (name, how the base text becomes the entry).
STYLES: list[tuple[str, Callable[[str], str]]] = [
    ("capital and full stop", lambda t: t[:1].upper() + t[1:] + "."),
    ("capital", lambda t: t[:1].upper() + t[1:]),
    ("all capitals", str.upper),
    ("no capitals", str.lower),
    ("no capitals and full stop", lambda t: t.lower() + "."),
    ("extra spaces", lambda t: "  " + t.replace(" ", "   ") + " "),
    ("quoted", lambda t: f'"{t[:1].upper() + t[1:]}"'),
    ("trailing dots", lambda t: t + "..."),
]


@dataclass(frozen=True)
class Ballot:
    texts: list[str]  # as shown, in ballot order
    truth: int  # the truth's place


def _first_letter(text: str) -> str:
    return next((ch for ch in text if ch.isalpha()), "")


def _signature(text: str) -> tuple[object, ...]:
    """Everything about a text's surface a player could notice at a glance."""
    letters = [ch for ch in text if ch.isalpha()]
    return (
        _first_letter(text).isupper(),
        text[-1:] if text[-1:] in FINAL_MARKS else "",
        bool(letters) and all(ch.isupper() for ch in letters),
        text[:1] in QUOTES or text[-1:] in QUOTES,
        text != text.strip() or "  " in text,
    )


def _pick(pred: Callable[[str], bool]) -> Callable[[list[str]], list[int]]:
    return lambda texts: [i for i, t in enumerate(texts) if pred(t)]


def _odd_one_out(texts: list[str]) -> list[int]:
    signatures = [_signature(t) for t in texts]
    return [i for i, s in enumerate(signatures) if signatures.count(s) == 1]


RULES: dict[str, Callable[[list[str]], list[int]]] = {
    "lowercase first letter": _pick(lambda t: _first_letter(t).islower()),
    "capital first letter": _pick(lambda t: _first_letter(t).isupper()),
    "final full stop": _pick(lambda t: t.endswith(".")),
    "no final mark": _pick(lambda t: t[-1:] not in FINAL_MARKS),
    "all capitals": _pick(lambda t: any(c.isalpha() for c in t) and t.upper() == t),
    "not all capitals": _pick(lambda t: t.upper() != t),
    "stray spaces": _pick(lambda t: t != t.strip() or "  " in t),
    "quoted": _pick(lambda t: t[:1] in QUOTES or t[-1:] in QUOTES),
    "odd one out": _odd_one_out,
}


def _bases(deck: dict[str, Card], rng: random.Random) -> list[str]:
    """What players write about: other cards' house bluffs, typed in every style below."""
    bases = sorted({b for card in deck.values() for b in card.bluffs})
    return [b for b in rng.sample(bases, min(len(bases), 400)) if len(b) <= DEFINITION_MAX - 20]


def _typed(base: str, style: Callable[[str], str]) -> str | None:
    try:
        return check_definition(style(base))  # what the game stores (R3a)
    except TextRefused:
        return None


def ballots(lang: str, seed: int = 11) -> tuple[list[Ballot], list[Ballot]]:
    """Random 4-card ballots of the real deck: (as the game shows them, as stored)."""
    rng = random.Random(seed)
    deck = load_deck(lang)
    bases = _bases(deck, rng)
    cards = sorted(deck.values(), key=lambda c: c.id)
    shown_ballots, stored_ballots = [], []
    while len(shown_ballots) < BALLOTS:
        card = rng.choice(cards)
        players = [f"p{i}" for i in range(3)]
        writers = rng.sample(players, rng.randint(1, 3))
        round_ = Round(number=1, card=card, started_at=0, players=players)
        # Half the tables share one habit (everyone types "Capital and full stop."),
        # the other half mix them.
        habit = rng.choice(STYLES)[1] if rng.random() < 0.5 else None
        typed = [_typed(rng.choice(bases), habit or rng.choice(STYLES)[1]) for _ in writers]
        if None in typed:
            continue
        round_.entries = {p: Entry(text=str(t), at=0) for p, t in zip(writers, typed, strict=True)}
        ballot = build_ballot(round_, rng, lang)
        if len(ballot) != MIN_BALLOT:
            continue  # an entry matched the truth or another entry: not a 4-card ballot
        truth = next(i for i, o in enumerate(ballot) if o.kind == "truth")
        shown_ballots.append(Ballot([o.text for o in ballot], truth))
        # The same ballot as it would look without the display form.
        deck_text = {shown(t, lang): t for t in (card.truth, *card.bluffs)}
        stored_ballots.append(
            Ballot(
                [round_.entries[o.writer].text if o.writer else deck_text[o.text] for o in ballot],
                truth,
            )
        )
    return shown_ballots, stored_ballots


def hit_rates(found: list[Ballot]) -> dict[str, float]:
    """Each rule's chance of finding the truth: it picks some cards, the player one of them
    at random (any of the four when it picks none)."""
    rates = {}
    for name, rule in RULES.items():
        total = 0.0
        for ballot in found:
            picked = rule(ballot.texts) or list(range(len(ballot.texts)))
            total += (ballot.truth in picked) / len(picked)
        rates[name] = total / len(found)
    return rates


@pytest.fixture(scope="module", params=LANGS)
def measured(request: pytest.FixtureRequest) -> tuple[str, dict[str, float], dict[str, float]]:
    shown_ballots, stored_ballots = ballots(request.param)
    return request.param, hit_rates(shown_ballots), hit_rates(stored_ballots)


def test_no_casing_or_punctuation_rule_finds_the_truth_on_what_is_shown(
    measured: tuple[str, dict[str, float], dict[str, float]],
) -> None:
    lang, rates, _ = measured
    over = {name: round(rate, 3) for name, rate in rates.items() if rate > RULE_MAX}
    assert over == {}, f"{lang}: rules above {RULE_MAX:.0%} on the shown ballot"


def test_the_rules_see_the_tell_in_the_stored_texts(
    measured: tuple[str, dict[str, float], dict[str, float]],
) -> None:
    """The measurement itself: shown as stored, the lowercase truth is found above 30%."""
    lang, _, stored = measured
    assert stored["lowercase first letter"] > RULE_MAX, lang


@pytest.mark.parametrize("lang", LANGS)
def test_every_shown_text_has_one_form(lang: str) -> None:
    """One rule for every card: capital first letter, no final full stop, no stray spaces,
    no wrapping quotes, never all capitals."""
    shown_ballots, _ = ballots(lang, seed=3)
    for ballot in shown_ballots[:200]:
        for text in ballot.texts:
            assert not text[0].islower(), text
            assert not text.endswith("."), text
            assert text == text.strip() and "  " not in text, text
            assert text[:1] not in QUOTES and text[-1:] not in QUOTES, text
            assert _signature(text)[2] is False or sum(c.isalpha() for c in text) < 4, text


@pytest.mark.parametrize(
    ("typed", "lang", "expected"),
    [
        (
            "a fragrant herb of the mint family from Crete",
            "en",
            "A fragrant herb of the mint family from Crete",
        ),
        ("A FRAGRANT HERB FROM CRETE.", "en", "A fragrant herb from crete"),
        ("  «una   hierba   de Creta.»  ", "es", "Una hierba de Creta"),
        ("трава с Крита.", "ru", "Трава с Крита"),
        ("ДНК of a fern", "ru", "ДНК of a fern"),  # not shouted: a capital abbreviation stays
        ("to run off…", "en", "To run off…"),
    ],
)
def test_the_display_form(typed: str, lang: str, expected: str) -> None:
    assert shown(typed, lang) == expected
