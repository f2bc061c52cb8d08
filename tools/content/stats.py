"""Per-deck statistics for docs/content.md, as markdown.

    python tools/content/stats.py            # every deck
    python tools/content/stats.py --words    # also check the es/ru headwords against word lists

For each deck: card and bluff counts; the length (in characters) of truths
and of bluffs, as quartiles; the part-of-speech mix, read from the first
segment of each card's `note`; and which dictionaries the `source` fields cite.

`--words` checks that each Spanish and Russian headword exists in the word
lists installed on this machine: Spanish in Debian's `wspanish`
(/usr/share/dict/spanish) and `hunspell-es`; Russian in `hunspell-ru` and, if
the `pymorphy3` package is importable, its OpenCorpora dictionary. A word
found there exists; nothing here checks its sense. Words found in none are
printed for a native reviewer.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

from wordcards import CardEntry, read_entries

LANGS = ("en", "es", "ru")
SPANISH_WORDS = Path("/usr/share/dict/spanish")
HUNSPELL = {"es": "es_ES", "ru": "ru_RU"}


def quartiles(values: list[int]) -> tuple[float, float, float]:
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def part_of_speech(entry: CardEntry) -> str:
    return entry.note.split("·")[0].strip().lower()


def source_name(entry: CardEntry) -> str:
    return entry.source.split(":")[0].strip()


def deck_stats(lang: str) -> str:
    entries = read_entries(lang)
    truths = [len(e.truth) for e in entries]
    bluffs = [len(b) for e in entries for b in e.bluffs]
    per_card = [len(e.bluffs) for e in entries]
    aliases = sum(len(e.aliases) for e in entries)
    lines = [
        f"### `{lang}`",
        "",
        f"{len(entries)} cards, {len(bluffs)} fallback bluffs "
        f"({min(per_card)}–{max(per_card)} per card, median {statistics.median(per_card):g}), "
        f"{aliases} aliases.",
        "",
        "| length in characters | n | min | 25% | median | 75% | max |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, values in (("truths", truths), ("bluffs", bluffs)):
        q1, q2, q3 = quartiles(values)
        lines.append(
            f"| {name} | {len(values)} | {min(values)} | {q1:g} | {q2:g} | {q3:g} | {max(values)} |"
        )
    pos = Counter(part_of_speech(e) for e in entries)
    lines += ["", "Part of speech: " + ", ".join(f"{p} {n}" for p, n in pos.most_common()) + "."]
    sources = Counter(source_name(e) for e in entries)
    lines += ["", "Sources cited: " + ", ".join(f"{s} {n}" for s, n in sources.most_common()) + "."]
    return "\n".join(lines)


def hunspell_unknown(lang: str, words: list[str]) -> set[str] | None:
    if not shutil.which("hunspell"):
        return None
    result = subprocess.run(
        ["hunspell", "-d", HUNSPELL[lang], "-l"],
        input="\n".join(words),
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        return None
    return set(result.stdout.split())


def word_check(lang: str) -> str:
    words = [e.word for e in read_entries(lang)]
    checks: dict[str, set[str]] = {}  # list name -> words it does not know
    unknown = hunspell_unknown(lang, words)
    if unknown is not None:
        checks[f"hunspell {HUNSPELL[lang]}"] = unknown
    if lang == "es" and SPANISH_WORDS.exists():
        known = set(SPANISH_WORDS.read_text(encoding="latin-1").split())
        known |= set(SPANISH_WORDS.read_text(encoding="utf-8", errors="ignore").split())
        checks["wspanish"] = {w for w in words if w not in known}
    if lang == "ru":
        try:
            import pymorphy3  # type: ignore[import-not-found]
        except ImportError:
            pass
        else:
            morph = pymorphy3.MorphAnalyzer()
            checks["pymorphy3"] = {
                w
                for w in words
                if not morph.word_is_known(w) and not morph.word_is_known(w.replace("ё", "е"))
            }
    if not checks:
        return f"`{lang}`: no word list installed."
    lines = [f"`{lang}` headwords ({len(words)}):"]
    for name, missing in checks.items():
        lines.append(f"- {name}: {len(words) - len(missing)} found, {len(missing)} not found")
    in_none = [w for w in words if all(w in missing for missing in checks.values())]
    lines.append(f"- found in no list ({len(in_none)}): {', '.join(in_none) or '—'}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("langs", nargs="*", default=list(LANGS))
    parser.add_argument("--words", action="store_true", help="check es/ru headwords exist")
    args = parser.parse_args(argv)
    print("\n\n".join(deck_stats(lang) for lang in args.langs))
    if args.words:
        for lang in args.langs:
            if lang in HUNSPELL:
                print("\n" + word_check(lang))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
