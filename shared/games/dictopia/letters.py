"""What a language's letters mean to the missions: vowels, notes, written syllables.

Every function here reads a word as a list of card letters, each already a
key (lower case, ruling D4c), so "the same letter" is plain equality.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

# D9c: every other letter is a consonant, Russian Й Ь Ъ included.
VOWELS: dict[str, frozenset[str]] = {
    "en": frozenset("aeiou"),
    "fr": frozenset("aeiouy"),
    "es": frozenset("aeiou"),
    "ru": frozenset("аеиоуыэюя"),
}

# D2d / mission `lipogram`: the commonest vowel, the only 0-eye letter.
ZERO_EYE_VOWEL: dict[str, str] = {"en": "e", "fr": "e", "es": "e", "ru": "о"}

# D10a: note names, by letters.
NOTES: dict[str, tuple[str, ...]] = {
    "en": ("do", "re", "mi", "fa", "sol", "la", "si", "ti", "ut"),
    "fr": ("do", "re", "mi", "fa", "sol", "la", "si", "ut"),
    "es": ("do", "re", "mi", "fa", "sol", "la", "si", "ut"),
    "ru": ("до", "ре", "ми", "фа", "соль", "ля", "си"),
}

_ES_STRONG = frozenset("aeo")


def is_vowel(letter: str, lang: str) -> bool:
    return letter in VOWELS[lang]


def _runs(letters: Sequence[str], vowel: Sequence[bool]) -> list[list[str]]:
    runs: list[list[str]] = []
    previous = False
    for letter, is_v in zip(letters, vowel, strict=True):
        if is_v and previous:
            runs[-1].append(letter)
        elif is_v:
            runs.append([letter])
        previous = is_v
    return runs


def syllables(letters: Sequence[str], lang: str) -> int:
    """Written syllables by the fixed rule of ruling D15a; the rule is the referee."""
    if lang == "ru":
        return sum(1 for x in letters if x in VOWELS["ru"])
    if lang == "fr":
        return len(_runs(letters, [x in VOWELS["fr"] for x in letters]))
    if lang == "es":
        count = 0
        for run in _runs(letters, [x in VOWELS["es"] for x in letters]):
            count += 1 + sum(
                1 for a, b in itertools.pairwise(run) if a in _ES_STRONG and b in _ES_STRONG
            )
        return count
    # en: A E I O U, and Y except as the first letter.
    vowel = [x in VOWELS["en"] or (x == "y" and i > 0) for i, x in enumerate(letters)]
    count = len(_runs(letters, vowel))
    n = len(letters)
    if n >= 2 and letters[-1] == "e" and not vowel[-2]:
        consonant_le = n >= 3 and letters[-2] == "l" and not vowel[-3]
        if not consonant_le:
            count -= 1
    return max(1, count)


def has_note(key: str, lang: str) -> bool:
    return any(note in key for note in NOTES[lang])
