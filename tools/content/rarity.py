"""The rarity gate: a card's word must be one almost no player knows.

For every card of every deck this looks the word up in `wordfreq` (its Zipf
scale: log10 of uses per billion words; 3 is about once per million words)
and writes `content/verification/rarity.csv` (lang, id, word, zipf, status,
note). A word passes when its Zipf figure is under the deck's `THRESHOLD`
(status `rare`). A word at or above it passes only as a `homograph`: the
figure counts another word spelt the same (a surname, a place, an inflected
form of a common word), and `HOMOGRAPHS` says which. Words under the threshold
that a reviewer still judged too well known are in `KNOWN` and may not be
used at all.

`tests/unit/test_content_rarity.py` checks the committed CSV against the decks
and the thresholds, so `make test` needs no wordfreq; re-run this tool (it
needs the `content` extra) whenever cards are added or retired.

    python tools/content/rarity.py           # write the CSV, print the summary
    python tools/content/rarity.py --check   # exit 1 if any card fails the gate
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

from wordcards import read_entries

ROOT = Path(__file__).resolve().parents[2]
CSV_PATH = ROOT / "content" / "verification" / "rarity.csv"
LANGS = ("en", "es", "ru")
FIELDS = ("lang", "id", "word", "zipf", "status", "note")

# Zipf figures at or above which a word counts as known (see docs/content.md).
THRESHOLD = {"en": 2.2, "es": 2.2, "ru": 2.5}

# Words over the threshold whose figure counts a different word.
HOMOGRAPHS: dict[str, dict[str, str]] = {
    "en": {
        "levin": "the surname Levin",
        "flinders": "Flinders, the navigator and the places named after him",
        "emmet": "the name Emmet (Robert Emmet, Emmet Till)",
        "bilbo": "Bilbo Baggins",
        "calumet": "Calumet, place names in the United States",
        "dingle": "Dingle, the Irish town, and the surname",
        "lorimer": "the surname Lorimer",
        "heriot": "the surname Heriot (Heriot-Watt University)",
        "leman": "the surname Leman and Lac Léman",
        "spall": "the surname Spall",
    },
    "es": {
        "otero": "el apellido Otero",
        "morillo": "el apellido Morillo",
        "tarasca": "los tarascos (purépechas) y su lengua, en México",
        "chapín": "el gentilicio coloquial de los guatemaltecos",
    },
    "ru": {
        "сыта": "краткая форма прилагательного «сытый»",
        "острога": "родительный падеж слова «острог»",
        "вех": "родительный падеж множественного числа слова «веха»",
        "волок": "прошедшее время глагола «волочь»",
        "починок": "родительный падеж множественного числа слова «починка»",
    },
}

# Words under the threshold that reviewers judged too well known for the game.
KNOWN: dict[str, frozenset[str]] = {
    "en": frozenset({"clowder", "encomium", "impasto", "simony"}),
    "es": frozenset({"inane", "ojota"}),
    "ru": frozenset({"мздоимец", "чехонь"}),
}


def status(lang: str, word: str, zipf: float) -> tuple[str, str]:
    if word in KNOWN[lang]:
        return "known", "judged too well known by a reviewer"
    if zipf < THRESHOLD[lang]:
        return "rare", ""
    if word in HOMOGRAPHS[lang]:
        return "homograph", f"the figure counts {HOMOGRAPHS[lang][word]}"
    return "common", f"Zipf {zipf:.2f} is at or above {THRESHOLD[lang]}"


def rows() -> list[dict[str, str]]:
    from wordfreq import zipf_frequency  # build time only

    out = []
    for lang in LANGS:
        for entry in read_entries(lang):
            zipf = zipf_frequency(entry.word, lang)
            st, note = status(lang, entry.word, zipf)
            out.append(
                {
                    "lang": lang,
                    "id": entry.id,
                    "word": entry.word,
                    "zipf": f"{zipf:.2f}",
                    "status": st,
                    "note": note,
                }
            )
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a card fails")
    args = parser.parse_args(argv)
    result = rows()
    with CSV_PATH.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(result)
    print("| deck | threshold | rare | homograph | failing |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for lang in LANGS:
        mine = [r for r in result if r["lang"] == lang]
        count = {s: sum(r["status"] == s for r in mine) for s in ("rare", "homograph")}
        failing = [r for r in mine if r["status"] not in count]
        print(
            f"| {lang} | {THRESHOLD[lang]} | {count['rare']} | {count['homograph']} "
            f"| {len(failing)} |"
        )
        for r in failing:
            print(f"    {r['id']} {r['word']}: {r['status']} ({r['note']})", file=sys.stderr)
    bad = [r for r in result if r["status"] not in {"rare", "homograph"}]
    return 1 if args.check and bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
