"""The Spanish and Russian verification records stay in step with their decks.

`tools/content/verify_esru.py` writes `content/verification/{es,ru}.csv` from
FreeDict and pymorphy3 at build time; a card added, renamed or re-cited must be
run through it again, and no card may wait for a review.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "content"))

import verify_esru  # the editorial tool: file layout and statuses

from wordcards import read_entries


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_every_card_has_a_verification_record(lang: str) -> None:
    with (verify_esru.OUT_DIR / f"{lang}.csv").open(encoding="utf-8", newline="") as f:
        rows = {row["id"]: row for row in csv.DictReader(f)}
    entries = read_entries(lang)
    for entry in entries:
        row = rows.get(entry.id)
        assert row is not None, f"{entry.id} was never checked: run tools/content/verify_esru.py"
        assert (row["word"], row["source"]) == (entry.word, entry.source), entry.id
        assert row["status"] in verify_esru.STATUSES, (entry.id, row["status"])
    assert set(rows) == {e.id for e in entries}


def test_a_reviewed_card_says_why() -> None:
    for lang in ("es", "ru"):
        with (verify_esru.OUT_DIR / f"{lang}.csv").open(encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                if row["status"] in {"agrees-with-gloss", "reviewed"}:
                    assert row["glosses"] and row["note"], row["id"]
                if row["status"] == "verified":
                    assert row["note"].startswith("pymorphy3: "), row["id"]


def test_matching_ignores_case_and_accents_but_not_enye_or_short_i() -> None:
    assert verify_esru.fold("Albérchigo") == "alberchigo"
    assert verify_esru.fold("ñaque") == "ñaque" != verify_esru.fold("naque")
    assert verify_esru.fold("Ёрш") == "ерш" and verify_esru.fold("чай") == "чай"
