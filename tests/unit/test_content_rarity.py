"""The rarity gate, checked against the committed figures (no wordfreq needed).

`tools/content/rarity.py` writes `content/verification/rarity.csv` from
wordfreq's Zipf scale at build time; this keeps that file in step with the
decks and every card under its deck's threshold.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "content"))

import rarity  # the editorial tool: thresholds and reviewed exceptions

from wordcards import read_entries

LANGS = ["en", "es", "ru"]


def _rows() -> dict[tuple[str, str], dict[str, str]]:
    with rarity.CSV_PATH.open(encoding="utf-8", newline="") as f:
        return {(r["lang"], r["id"]): r for r in csv.DictReader(f)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_has_its_figure(lang: str) -> None:
    rows = _rows()
    entries = read_entries(lang)
    missing = [e.id for e in entries if (lang, e.id) not in rows]
    stale = [e.id for e in entries if (lang, e.id) in rows and rows[lang, e.id]["word"] != e.word]
    gone = {i for (lg, i) in rows if lg == lang} - {e.id for e in entries}
    assert (missing, stale, sorted(gone)) == ([], [], []), "re-run tools/content/rarity.py"


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_is_rare(lang: str) -> None:
    failing = {}
    for (lg, card_id), row in _rows().items():
        if lg != lang:
            continue
        zipf, word = float(row["zipf"]), row["word"]
        expected = rarity.status(lang, word, zipf)[0]
        if row["status"] != expected or expected not in {"rare", "homograph"}:
            failing[card_id] = (word, zipf, row["status"])
    assert failing == {}


def test_known_words_are_not_in_the_decks() -> None:
    used = {(lang, e.word) for lang in LANGS for e in read_entries(lang)}
    assert {(lang, w) for lang in LANGS for w in rarity.KNOWN[lang]} & used == set()
