"""Check the Spanish and Russian cards against what is available offline.

There is no offline DLE or Ожегов, so each card is checked against:

- **FreeDict** (Debian `dict-freedict-spa-eng`, `dict-freedict-eng-rus`): the
  Spanish word is looked up in the Spanish–English dictionary; the Russian
  word is searched in reverse in the English–Russian one (every English
  headword whose translations contain it). Matching ignores case and accents.
- **pymorphy3** (Russian only, OpenCorpora dictionary): is the word a known
  lemma, with the part of speech the card's note gives?

Each card gets one status in `content/verification/{es,ru}.csv` (id, word,
source, status, glosses, note):

- `agrees-with-gloss`: FreeDict has the word and a person found that its
  gloss names the truth's sense (decision `agrees` in the review file);
- `reviewed`: FreeDict has the word, its gloss gives another or a vaguer
  sense, and a person read the card against the cited entry and kept it
  (decision `reviewed`, with a note);
- `verified` (Russian): no gloss, but pymorphy3 knows the word as a lemma of
  the card's part of speech. This confirms the word and its part of speech,
  not the sense;
- `not-found`: nothing offline knows the word.

A card with a gloss and no decision is `flagged`: it goes to human review,
and `--check` fails until the decision is in
`content/verification/{es,ru}-review.toml`:

```toml
["es-0001"]
word = "alcarraza"
decision = "agrees"            # or "reviewed"
gloss = "..."                  # the gloss the decision was made on
note = "..."
```

    python tools/content/verify_esru.py            # write both CSVs, print the summary
    python tools/content/verify_esru.py --check    # exit 1 while any card is flagged

`tests/unit/test_content_verification.py` keeps each CSV in step with its deck.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import re
import sys
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from wordcards import CardEntry, read_entries

ROOT = Path(__file__).resolve().parents[2]
OUT_DIR = ROOT / "content" / "verification"
DICTD = Path("/usr/share/dictd")
SPA_ENG = "freedict-spa-eng"
ENG_RUS = "freedict-eng-rus"
FIELDS = ("id", "word", "source", "status", "glosses", "note")
STATUSES = ("agrees-with-gloss", "reviewed", "verified", "not-found")
# The part of speech a card's note starts with, as pymorphy3 (OpenCorpora) tags it.
RU_POS = {
    "существительное": {"NOUN"},
    "прилагательное": {"ADJF", "ADJS"},
    "глагол": {"INFN", "VERB"},
    "наречие": {"ADVB"},
    "союз": {"CONJ"},
}
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def fold(text: str) -> str:
    """Lower case, no accents (ñ kept), ё as е: the matching key of a headword."""
    text = unicodedata.normalize("NFD", text.casefold().replace("ё", "е"))
    kept = []
    for i, ch in enumerate(text):
        if unicodedata.combining(ch) and not (ch == "\u0303" and text[i - 1 : i] == "n"):
            if ch == "\u0306":  # й keeps its breve
                kept.append(ch)
            continue
        kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


def _b64(text: str) -> int:
    n = 0
    for ch in text:
        n = n * 64 + _B64.index(ch)
    return n


def dictd_entries(name: str) -> Iterator[tuple[str, str]]:
    """(headword, entry text) for every entry of an installed dictd dictionary."""
    index = DICTD / f"{name}.index"
    if not index.exists():
        return
    with gzip.open(DICTD / f"{name}.dict.dz") as f:
        data = f.read()
    for line in index.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) < 3 or parts[0].startswith("00database"):
            continue
        start, length = _b64(parts[1]), _b64(parts[2])
        yield parts[0], data[start : start + length].decode("utf-8")


def _one_line(entry: str) -> str:
    body = entry.split("\n", 1)[1] if "\n" in entry else entry
    return re.sub(r"\s+", " ", body).strip()


@cache
def spanish_glosses() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for headword, entry in dictd_entries(SPA_ENG):
        out.setdefault(fold(headword), []).append(_one_line(entry))
    return out


@cache
def russian_glosses() -> dict[str, list[str]]:
    """Russian word → the English headwords whose translations contain it."""
    out: dict[str, list[str]] = {}
    for headword, entry in dictd_entries(ENG_RUS):
        for word in set(re.findall(r"[а-яё]+(?:-[а-яё]+)*", entry.casefold())):
            out.setdefault(fold(word), []).append(headword)
    return out


@cache
def _morph():  # type: ignore[no-untyped-def]
    try:
        import pymorphy3
    except ImportError:
        return None
    return pymorphy3.MorphAnalyzer()


def russian_lemma(entry: CardEntry) -> str:
    """'lemma NOUN' when pymorphy3 knows the word as a lemma of the card's part of speech."""
    morph = _morph()
    if morph is None:
        return ""
    wanted = RU_POS.get(entry.note.split("·")[0].strip(), set())
    word = entry.word.casefold()
    plural_only = "мн." in entry.note  # ланиты: the lemma is the singular
    for parse in morph.parse(word):
        lemma = fold(parse.normal_form) == fold(word) or (plural_only and "plur" in parse.tag)
        if parse.is_known and lemma and parse.tag.POS in wanted:
            return f"pymorphy3: {parse.normal_form} {parse.tag.POS}"
    return ""


@dataclass
class Row:
    id: str
    word: str
    source: str
    status: str
    glosses: str
    note: str


def reviews(lang: str) -> dict[str, dict[str, str]]:
    path = OUT_DIR / f"{lang}-review.toml"
    if not path.exists():
        return {}
    with path.open("rb") as f:
        return tomllib.load(f)


def check_card(lang: str, entry: CardEntry, review: dict[str, dict[str, str]]) -> Row:
    key = fold(entry.word)
    found = (spanish_glosses() if lang == "es" else russian_glosses()).get(key, [])
    glosses = " | ".join(found)
    if found:
        decision = review.get(entry.id, {})
        if decision.get("gloss") != glosses:
            return Row(entry.id, entry.word, entry.source, "flagged", glosses, "needs review")
        status = {"agrees": "agrees-with-gloss", "reviewed": "reviewed"}[decision["decision"]]
        return Row(entry.id, entry.word, entry.source, status, glosses, decision.get("note", ""))
    if lang == "ru" and (lemma := russian_lemma(entry)):
        return Row(entry.id, entry.word, entry.source, "verified", "", lemma)
    return Row(entry.id, entry.word, entry.source, "not-found", "", "")


def verify(lang: str) -> list[Row]:
    review = reviews(lang)
    return [check_card(lang, e, review) for e in read_entries(lang)]


def write(lang: str, rows: list[Row]) -> None:
    with (OUT_DIR / f"{lang}.csv").open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n")
        writer.writeheader()
        for r in rows:
            writer.writerow(r.__dict__)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 while a card is flagged")
    args = parser.parse_args(argv)
    flagged = 0
    print("| deck | " + " | ".join(STATUSES) + " | flagged |")
    print("| --- |" + " ---: |" * (len(STATUSES) + 1))
    for lang in ("es", "ru"):
        rows = verify(lang)
        write(lang, rows)
        counts = [sum(r.status == s for r in rows) for s in (*STATUSES, "flagged")]
        flagged += counts[-1]
        print(f"| {lang} | " + " | ".join(map(str, counts)) + " |")
        for r in rows:
            if r.status == "flagged":
                print(f"    {r.id} {r.word}: {r.glosses}", file=sys.stderr)
    sizes = {name: sum(1 for _ in dictd_entries(name)) for name in (SPA_ENG, ENG_RUS)}
    print(f"\nFreeDict entries read: {sizes}; pymorphy3: {'yes' if _morph() else 'not installed'}")
    return 1 if args.check and flagged else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
