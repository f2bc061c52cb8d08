"""Look a word up in the offline English dictionaries used to verify cards.

Sources (Debian packages, build-time only, never shipped with the game):
- GCIDE, the GNU Collaborative International Dictionary of English
  (package `dict-gcide`, GPL-3+), read from its dictd index and data file;
- WordNet 3.0 (package `wordnet-base`, WordNet licence), read from its data files.

    python tools/content/lookup.py gongoozler absquatulate

prints every entry found, headed by the reference a card's `source` field cites
(`GCIDE: <headword>` or `WordNet 3.0: <lemma>.<pos>.<sense>`).
"""

from __future__ import annotations

import gzip
import re
import sys
from functools import cache
from pathlib import Path

GCIDE_INDEX = Path("/usr/share/dictd/gcide.index")
GCIDE_DATA = Path("/usr/share/dictd/gcide.dict.dz")
WORDNET = Path("/usr/share/wordnet")
WORDNET_POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _b64_number(text: str) -> int:
    value = 0
    for ch in text:
        value = value * 64 + _B64.index(ch)
    return value


@cache
def _gcide_index() -> dict[str, list[tuple[str, int, int]]]:
    index: dict[str, list[tuple[str, int, int]]] = {}
    for line in GCIDE_INDEX.read_text(encoding="utf-8").splitlines():
        head, offset, length = line.split("\t")
        index.setdefault(head.lower(), []).append((head, _b64_number(offset), _b64_number(length)))
    return index


@cache
def _gcide_data() -> bytes:
    with gzip.open(GCIDE_DATA) as f:
        return f.read()


def gcide(word: str) -> list[tuple[str, str]]:
    """(reference, entry text) for each GCIDE entry of `word`."""
    data = _gcide_data()
    return [
        (f"GCIDE: {head}", data[offset : offset + length].decode("utf-8", "replace").strip())
        for head, offset, length in _gcide_index().get(word.lower(), [])
    ]


def wordnet(word: str) -> list[tuple[str, str]]:
    """(reference, gloss) for each WordNet sense of `word`."""
    lemma = word.lower().replace(" ", "_")
    found: list[tuple[str, str]] = []
    for pos_name, pos in WORDNET_POS.items():
        index_file = WORDNET / f"index.{pos_name}"
        if not index_file.exists():
            continue
        with index_file.open(encoding="utf-8") as f:
            line = next((ln for ln in f if ln.startswith(lemma + " ")), None)
        if line is None:
            continue
        offsets = [p for p in line.split() if re.fullmatch(r"\d{8}", p)]
        with (WORDNET / f"data.{pos_name}").open("rb") as data:
            for sense, offset in enumerate(offsets, start=1):
                data.seek(int(offset))
                record = data.readline().decode("utf-8")
                gloss = record.split("|", 1)[1].strip() if "|" in record else record
                found.append((f"WordNet 3.0: {lemma}.{pos}.{sense:02d}", gloss))
    return found


def lookup(word: str) -> list[tuple[str, str]]:
    return gcide(word) + wordnet(word)


def main(argv: list[str]) -> int:
    missing = 0
    for word in argv:
        entries = lookup(word)
        if not entries:
            print(f"== {word}: not found")
            missing += 1
        for ref, text in entries:
            print(f"== {ref}\n{text}\n")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
