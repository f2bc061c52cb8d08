"""The content check: every first-party card keeps the rules a card must keep."""

from __future__ import annotations

import csv

import pytest

from table.text import comparison_key
from wordcards import DECKS_DIR, card_problems, duplicate_ids, read_entries

LANGS = ["en", "es", "ru"]
MIN_CARDS = {"en": 600, "es": 200, "ru": 200}
# Ids of cards taken out of the game. An id is never given to another card.
# Retired for the rarity gate (content/verification/rarity.csv): words too well known.
RETIRED_IDS: frozenset[str] = frozenset(
    {
        "en-0043",
        "en-0064",
        "en-0118",
        "en-0123",
        "en-0175",
        "en-0310",
        "en-0337",
        "en-0340",
        "en-0368",
        "en-0371",
        "en-0744",
        "es-0023",
        "es-0040",
        "es-0053",
        "es-0054",
        "es-0088",
        "es-0100",
        "es-0209",
        "ru-0066",
        "ru-0082",
        "ru-0100",
        "ru-0107",
        "ru-0130",
        "ru-0158",
        "ru-0171",
        "ru-0172",
        "ru-0197",
    }
)


@pytest.mark.parametrize("lang", LANGS)
def test_deck_has_enough_cards(lang: str) -> None:
    assert len(read_entries(lang)) >= MIN_CARDS[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_keeps_the_rules(lang: str) -> None:
    problems = {e.id: p for e in read_entries(lang) if (p := card_problems(e))}
    assert problems == {}


@pytest.mark.parametrize("lang", LANGS)
def test_no_alias_repeats_the_truth(lang: str) -> None:
    """An alias is another wording: one with the truth's comparison key (R5) adds nothing."""
    repeats = {
        e.id: a
        for e in read_entries(lang)
        for a in e.aliases
        if comparison_key(a) == comparison_key(e.truth)
    }
    assert repeats == {}


@pytest.mark.parametrize("lang", LANGS)
def test_card_ids_are_unique_and_of_their_deck(lang: str) -> None:
    entries = read_entries(lang)
    assert duplicate_ids(entries) == []
    assert all(e.id.startswith(f"{lang}-") for e in entries)


def test_retired_ids_are_never_reused() -> None:
    ids = {e.id for lang in LANGS for e in read_entries(lang)}
    assert ids & RETIRED_IDS == set()


@pytest.mark.parametrize("lang", LANGS)
def test_one_card_per_word(lang: str) -> None:
    keys = [comparison_key(e.word) for e in read_entries(lang)]
    assert sorted(k for k in set(keys) if keys.count(k) > 1) == []


def test_decks_live_in_content() -> None:
    assert DECKS_DIR.name == "decks" and DECKS_DIR.parent.name == "content"


def test_every_english_card_has_a_verification_record() -> None:
    """tools/content/verify_en.py writes the record; a card added or re-worded must be re-run."""
    record = DECKS_DIR.parent / "verification" / "en.csv"
    with record.open(encoding="utf-8", newline="") as f:
        rows = {row["id"]: row for row in csv.DictReader(f)}
    for entry in read_entries("en"):
        row = rows.get(entry.id)
        assert row is not None, f"{entry.id} was never verified"
        assert row["status"] in {"verified", "reviewed"}, entry.id
        assert row["source"] == entry.source, entry.id
