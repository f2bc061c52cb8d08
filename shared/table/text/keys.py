"""The stored form of a text (R3a) and the comparison key (R5a).

Pure functions of their argument.

Comparison keys: letters without a canonical decomposition keep their identity
(ø, ł, đ), except the ligatures œ→oe and æ→ae; combining marks on non-Latin
letters are kept with their letter (Й stays Й; scripts whose vowel signs are
marks keep them).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_WHITESPACE = re.compile(r"\s+")
# Ё is a letter of its own in Unicode but the same letter as Е for matching (R5).
# The ligatures have no decomposition; players type them both ways.
_KEY_FOLDS = str.maketrans({"ё": "е", "œ": "oe", "æ": "ae"})
_TILDE = "\u0303"
_APOSTROPHES = frozenset("'’ʼ")


def normalize(raw: str) -> str:
    """The stored form of a text: NFC, trimmed, whitespace runs collapsed to one space."""
    return _WHITESPACE.sub(" ", unicodedata.normalize("NFC", raw)).strip()


def is_mark(ch: str) -> bool:
    """A combining mark (Unicode M*): it belongs to the character before it."""
    return unicodedata.category(ch).startswith("M")


def _is_latin(ch: str) -> bool:
    if ch.isascii():
        return ch.isalpha()
    return unicodedata.name(ch, "").startswith("LATIN ")


@lru_cache(maxsize=65_536)
def comparison_key(text: str) -> str:
    """The R5a key: two texts match when their keys are equal."""
    # NFKC before and after casefold: casefold can leave text that NFKC changes again.
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    folded = folded.translate(_KEY_FOLDS)
    kept: list[str] = []
    base = ""
    base_kept = base_latin = tilde_kept = False
    for ch in unicodedata.normalize("NFD", folded):
        if is_mark(ch):
            # A mark follows its letter: dropped with it, stripped from Latin
            # letters except ñ's tilde, kept on other scripts (й is not и).
            if not base_kept:
                continue
            if not base_latin:
                kept.append(ch)
            elif base == "n" and ch == _TILDE and not tilde_kept:
                kept.append(ch)
                tilde_kept = True
            continue
        base = ch
        base_kept = ch.isalnum()
        base_latin = base_kept and _is_latin(ch)
        tilde_kept = False
        if base_kept:
            kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


def words(text: str) -> list[str]:
    """The comparison keys of the words of a text, split at spaces and punctuation.

    Apostrophes stay inside a word (``farmer's`` is one word, keyed ``farmers``);
    hyphens split (``long-handled`` is ``long`` and ``handled``).
    """
    keys: list[str] = []
    current: list[str] = []
    for ch in [*unicodedata.normalize("NFKC", text), " "]:
        if ch.isalnum() or is_mark(ch) or ch in _APOSTROPHES:
            current.append(ch)
            continue
        if current and (key := comparison_key("".join(current))):
            keys.append(key)
        current = []
    return keys
