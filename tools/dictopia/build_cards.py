"""Write each language's 60 Dictopia letter cards (`content/dictopia/<lang>/cards.toml`).

Run by hand; the output is committed and reviewed as text.

    .venv/bin/python tools/dictopia/build_cards.py

The letter counts are ruling D2c's table, the eyes follow D2d's rarity rule and
the backs are D2b's distribution. What this script decides is the *pairing*:
which consonant shares a card with which vowel. It searches, from a fixed seed,
for a pairing that keeps ruling D2a (1-4 eyes a card, no letter pair on more
than two cards) and, among those, spreads the eyes evenly so that no card is a
jackpot and every pair is as rare as the counts allow.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content" / "dictopia"

# Ruling D2c: letter and number of cards; vowels, then consonants.
LETTERS: dict[str, tuple[str, str]] = {
    "en": ("E18 A13 I12 O11 U6", "T7 N6 S6 R6 L5 D4 C3 H3 M3 P2 G2 B2 F2 Y2 W1 V1 K1 J1 X1 Q1 Z1"),
    "fr": ("E19 A11 I11 U9 O9 Y1", "S7 N7 T7 R7 L6 D4 C4 M3 P3 V2 Q1 F1 B1 G1 H1 J1 X1 Z1 K1 W1"),
    "es": (
        "E17 A17 O12 I8 U6",
        "S7 R7 N7 D5 L5 C5 T4 M3 P3 B2 G1 V1 Y1 Q1 H1 F1 Z1 J1 Ñ1 X1 K1 W1",
    ),
    "ru": (
        "О14 Е12 А11 И10 У4 Я4 Ы3 Ю1 Э1",
        "Н6 Т6 С5 Р5 В4 Л4 К4 М3 Д3 П3 Ь2 Г2 З2 Б2 Ч1 Й1 Х1 Ж1 Ш1 Ц1 Щ1 Ф1 Ъ1",
    ),
}
ZERO_EYE_VOWEL = {"en": "E", "fr": "E", "es": "E", "ru": "О"}
# Ruling D2b: back → number of cards.
BACKS = {4: 4, 5: 6, 6: 8, 7: 10, 8: 10, 9: 8, 10: 6, 11: 5, 12: 3}
SEED = 2024
TRIES = 4000


def parse(counts: str) -> dict[str, int]:
    """``"E18 A13"`` → ``{"E": 18, "A": 13}``: every letter is one character."""
    return {item[0]: int(item[1:]) for item in counts.split()}


def eyes_of(lang: str, letter: str, cards: int) -> int:
    """Ruling D2d: eyes follow rarity."""
    if letter == ZERO_EYE_VOWEL[lang]:
        return 0
    if cards >= 5:
        return 1
    return 2 if cards >= 2 else 3


def _attempt(
    rng: random.Random, vowels: list[str], consonants: list[str], eyes: dict[str, int]
) -> list[tuple[str, str]] | None:
    # The hardest letters first: the watched ones can only sit beside plain ones.
    order = sorted(consonants, key=lambda c: (-eyes[c], rng.random()))
    pool = list(vowels)
    pairs: list[tuple[str, str]] = []
    used: Counter[tuple[str, str]] = Counter()
    for consonant in order:
        fits = [
            v for v in set(pool) if 1 <= eyes[v] + eyes[consonant] <= 4 and used[(v, consonant)] < 2
        ]
        if not fits:
            return None
        # Prefer a pair not yet printed, then the vowel with most cards left (a
        # vowel on 17 cards needs 9 partners), then a total near ~2.3 eyes.
        left = Counter(pool)
        best = min(
            fits,
            key=lambda v: (
                used[(v, consonant)],
                -left[v] + 3 * abs(eyes[v] + eyes[consonant] - 2.3) + 4 * rng.random(),
            ),
        )
        pool.remove(best)
        used[(best, consonant)] += 1
        pairs.append((best, consonant))
    return pairs


def pairing(lang: str) -> tuple[list[tuple[str, str]], dict[str, int]]:
    vowel_counts = parse(LETTERS[lang][0])
    consonant_counts = parse(LETTERS[lang][1])
    counts = vowel_counts | consonant_counts
    eyes = {letter: eyes_of(lang, letter, n) for letter, n in counts.items()}
    vowels = [v for v, n in vowel_counts.items() for _ in range(n)]
    consonants = [c for c, n in consonant_counts.items() for _ in range(n)]
    assert len(vowels) == len(consonants) == 60, lang
    rng = random.Random(f"{SEED}-{lang}")
    best: list[tuple[str, str]] | None = None
    best_score = None
    for _ in range(TRIES):
        pairs = _attempt(rng, vowels, consonants, eyes)
        if pairs is None:
            continue
        repeats = sum(n - 1 for n in Counter(pairs).values())
        spread = sum((eyes[v] + eyes[c] - 2.3) ** 2 for v, c in pairs)
        score = (repeats, spread)
        if best_score is None or score < best_score:
            best, best_score = pairs, score
    if best is None:
        raise SystemExit(f"{lang}: no pairing keeps ruling D2a")
    return best, eyes


def render(lang: str) -> str:
    pairs, eyes = pairing(lang)
    vowels, consonants = LETTERS[lang]
    order = {letter: i for i, letter in enumerate(parse(vowels) | parse(consonants))}
    pairs.sort(key=lambda p: (order[p[0]], order[p[1]]))
    backs = [b for b, n in sorted(BACKS.items()) for _ in range(n)]
    random.Random(f"{SEED}-{lang}-backs").shuffle(backs)
    lines = [
        f"# Dictopia letter cards, {lang}: 60 cards, vowel face first (ruling D2a).",
        "# Letters D2c, eyes D2d, backs D2b. Written by tools/dictopia/build_cards.py.",
        "",
    ]
    for n, ((vowel, consonant), back) in enumerate(zip(pairs, backs, strict=True), start=1):
        lines += [
            "[[card]]",
            f'id = "{lang}-L{n:02d}"',
            f'faces = [["{vowel}", {eyes[vowel]}], ["{consonant}", {eyes[consonant]}]]',
            f"back = {back}",
            "",
        ]
    return "\n".join(lines)


def main() -> None:
    for lang in LETTERS:
        folder = CONTENT / lang
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "cards.toml").write_text(render(lang), encoding="utf-8")
        print(f"{lang}: cards.toml written")


if __name__ == "__main__":
    main()
