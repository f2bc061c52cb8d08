"""The build-time check of Dictopia's Content section: is the eyes target reachable?

In 10,000 random deals per language, at least 80% must hold a listed word of
three letters or more whose eyes equal the target; otherwise the backs need
retuning. A deal is what one player sees: 8 cards from a shuffled set, and the
target printed on the back of a ninth card (the first undealt one, D6).

    .venv/bin/python tools/dictopia/reachability.py [--deals 10000] [en fr es ru]

writes the figures to ``content/dictopia/reachability.toml`` (read by the
content test) and prints them as a table.
"""

from __future__ import annotations

import argparse
import random
import sys
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content" / "dictopia"
LANGS = ("en", "fr", "es", "ru")
HAND = 8
MIN_LETTERS = 3
REQUIRED = 0.80
SEED = 6

Face = tuple[str, int]  # key letter, eyes
Card = tuple[Face, Face, int]  # vowel face, consonant face, back


def load_cards(lang: str, content: Path = CONTENT) -> list[Card]:
    with (content / lang / "cards.toml").open("rb") as f:
        raw = tomllib.load(f)["card"]
    return [
        (
            (c["faces"][0][0].lower(), c["faces"][0][1]),
            (c["faces"][1][0].lower(), c["faces"][1][1]),
            c["back"],
        )
        for c in raw
    ]


def signatures(keys: Iterable[str], longest: int = HAND) -> set[str]:
    """The sorted letters of every listed key a hand can spell (3 to 8 letters)."""
    return {"".join(sorted(k)) for k in keys if MIN_LETTERS <= len(k) <= longest}


def read_keys(lang: str, content: Path = CONTENT) -> Iterable[str]:
    with (content / lang / "words.tsv").open(encoding="utf-8") as f:
        for line in f:
            yield line.split("\t", 1)[0].rstrip("\n")


def reachable(hand: Sequence[Card], target: int, sigs: set[str]) -> bool:
    """Does some listed word of 3+ letters, one face per card, carry exactly ``target`` eyes?"""
    found = False

    def walk(i: int, eyes: int, letters: list[str]) -> None:
        nonlocal found
        if found or eyes > target:
            return
        if i == len(hand):
            if eyes == target and len(letters) >= MIN_LETTERS:
                found = "".join(sorted(letters)) in sigs
            return
        walk(i + 1, eyes, letters)
        for letter, face_eyes in hand[i][:2]:  # type: ignore[misc]
            letters.append(letter)
            walk(i + 1, eyes + face_eyes, letters)
            letters.pop()

    walk(0, 0, [])
    return found


def measure(lang: str, deals: int, seed: int = SEED, content: Path = CONTENT) -> int:
    """How many of ``deals`` seeded random deals can hit their target."""
    cards = load_cards(lang, content)
    sigs = signatures(read_keys(lang, content))
    rng = random.Random(f"{seed}-{lang}")
    hits = 0
    for _ in range(deals):
        drawn = rng.sample(cards, HAND + 1)
        hits += reachable(drawn[:HAND], drawn[HAND][2], sigs)
    return hits


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("langs", nargs="*", default=list(LANGS))
    args = parser.parse_args(argv)
    rows = []
    print("| lang | deals | reachable | share |\n|---|---|---|---|")
    for lang in args.langs:
        hits = measure(lang, args.deals)
        share = hits / args.deals
        rows.append((lang, hits, share))
        print(f"| {lang} | {args.deals:,} | {hits:,} | {share:.1%} |", flush=True)
    lines = [
        "# Written by tools/dictopia/reachability.py: in seeded random deals of 8 cards,",
        "# how many hold a listed word of 3+ letters whose eyes equal the target (Content).",
        "",
    ]
    for lang, hits, _share in rows:
        lines += [f"[{lang}]", f"deals = {args.deals}", f"reachable = {hits}", f"seed = {SEED}", ""]
    (CONTENT / "reachability.toml").write_text("\n".join(lines), encoding="utf-8")
    failed = [lang for lang, _, share in rows if share < REQUIRED]
    if failed:
        raise SystemExit(f"below {REQUIRED:.0%}: {', '.join(failed)}; retune the backs")


if __name__ == "__main__":
    main(sys.argv[1:])
