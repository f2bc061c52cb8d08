"""Dictopia's word look-up: first load and look-up time per language, and file sizes.

    .venv/bin/python bench/lexicon.py [--runs 7] [--lookups 2000]

- *first load*: in a fresh Python process, import the lexicon module, open the
  language's lists and answer one look-up (what a cold Lambda container pays);
  the median of ``--runs`` processes. Targets: ≤ 300 ms.
- *look-up*: the median and 99th percentile of single look-ups (``key in
  lexicon``, half listed keys, half absent), plus the anagram and entries
  questions, in a warm process. Target: ≤ 1 ms.

Files are read through the page cache, so run it twice and keep the second
table when the disk is cold.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "shared"))

from games.dictopia.lexicon import CONTENT_DIR, FileLexicon  # noqa: E402

LANGS = ("en", "fr", "es", "ru")

_COLD = """
import sys, time
t0 = time.perf_counter()
sys.path.insert(0, {shared!r})
from games.dictopia.lexicon import FileLexicon
lexicon = FileLexicon({lang!r})
found = {probe!r} in lexicon
print((time.perf_counter() - t0) * 1000, found)
"""


def first_load_ms(lang: str, probe: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        code = _COLD.format(shared=str(ROOT / "shared"), lang=lang, probe=probe)
        command = [sys.executable, "-c", code]
        out = subprocess.run(command, capture_output=True, check=True, text=True)
        ms, found = out.stdout.split()
        assert found == "True", (lang, probe)
        times.append(float(ms))
    return statistics.median(times)


def sample_keys(lang: str, n: int, rng: random.Random) -> list[str]:
    lines = (CONTENT_DIR / lang / "words.tsv").read_text("utf-8").splitlines()
    listed = [line.split("\t", 1)[0] for line in rng.sample(lines, n // 2)]
    # Absent keys: listed ones with a letter changed, or cut short.
    absent = [k[:-1] + "q" if len(k) > 2 else k + "zq" for k in listed]
    return listed + absent


def lookup_us(lexicon: FileLexicon, keys: list[str]) -> tuple[float, float, float]:
    single = []
    for key in keys:
        t0 = time.perf_counter_ns()
        _ = key in lexicon
        single.append((time.perf_counter_ns() - t0) / 1000)
    t0 = time.perf_counter_ns()
    for key in keys:
        lexicon.anagram_count(key)
        lexicon.entries(key)
    all_three = (time.perf_counter_ns() - t0) / 1000 / len(keys)
    single.sort()
    return statistics.median(single), single[int(len(single) * 0.99)], all_three


def sizes(lang: str) -> dict[str, int]:
    folder = CONTENT_DIR / lang
    return {p.name: p.stat().st_size for p in sorted(folder.glob("*.tsv"))}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lookups", type=int, default=2000)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    rows = []
    for lang in LANGS:
        keys = sample_keys(lang, args.lookups, rng)
        load = first_load_ms(lang, keys[0], args.runs)
        lexicon = FileLexicon(lang)
        median, p99, all_three = lookup_us(lexicon, keys)
        lexicon.close()
        files = sizes(lang)
        rows.append(
            {
                "lang": lang,
                "first_load_ms": round(load, 1),
                "lookup_median_us": round(median, 1),
                "lookup_p99_us": round(p99, 1),
                "three_questions_us": round(all_three, 1),
                "keys": sum(1 for _ in (CONTENT_DIR / lang / "words.tsv").open("rb")),
                "bytes": files,
            }
        )
    print(
        "| lang | keys | files (MB) | first load, median (ms) | look-up median (µs) "
        "| look-up p99 (µs) | anagram + entries (µs) |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        mb = sum(r["bytes"].values()) / 1e6
        print(
            f"| {r['lang']} | {r['keys']:,} | {mb:.1f} | {r['first_load_ms']} | "
            f"{r['lookup_median_us']} | {r['lookup_p99_us']} | {r['three_questions_us']} |"
        )
    total = sum(sum(r["bytes"].values()) for r in rows)
    print(f"\nAll lists: {total / 1e6:.1f} MB unzipped (Lambda layer limit: 250 MB).")
    for r in rows:
        print(f"{r['lang']}: " + ", ".join(f"{k} {v:,} B" for k, v in r["bytes"].items()))
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
