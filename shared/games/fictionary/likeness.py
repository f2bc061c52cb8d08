"""How alike two definitions are: F8 `close`, F21's content words, ruling 20d's naming.

Words are the R5 keys of maximal runs of letters and digits (ruling 8a);
`small` is the language's list of trivial words (articles, prepositions ...).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from functools import lru_cache

from games.fictionary.rules import CLOSE_JACCARD
from table.text import comparison_key, words

# Ruling 21a: the endings removed to compare content words, per language.
ENDINGS = {"en": ("ing", "ed", "es", "s"), "es": ("es", "s"), "ru": ()}


@lru_cache(maxsize=65536)
def key(text: str) -> str:
    return comparison_key(text)


@lru_cache(maxsize=65536)
def _words(text: str) -> tuple[str, ...]:
    return tuple(words(text))


def fake_id(text: str) -> str:
    """Ruling 14a: a made-up definition's id, the first 64 bits of SHA-256 of its key."""
    return hashlib.sha256(key(text).encode()).hexdigest()[:16]


def nontrivial(text: str, small: Collection[str]) -> set[str]:
    return {w for w in _words(text) if w not in small}


def jaccard(a: Collection[str], b: Collection[str]) -> float:
    a, b = set(a), set(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def close(a: str, b: str, small: Collection[str]) -> bool:
    """F8: the same key, or >= 60% of non-trivial words shared with two or more in each."""
    if key(a) == key(b):
        return True
    wa, wb = nontrivial(a, small), nontrivial(b, small)
    return len(wa) >= 2 and len(wb) >= 2 and jaccard(wa, wb) >= CLOSE_JACCARD


def _stem(word: str, lang: str) -> str:
    for ending in ENDINGS.get(lang, ()):
        if len(word) > len(ending) + 2 and word.endswith(ending):
            return word[: -len(ending)]
    return word


@lru_cache(maxsize=65536)
def content_words(text: str, small: frozenset[str], lang: str) -> frozenset[str]:
    """F21: lower case, an ending removed, small words left out."""
    return frozenset(_stem(w, lang) for w in _words(text) if w not in small)


def alike(a: str, b: str, small: frozenset[str], lang: str, jac: float, common: int) -> bool:
    wa, wb = content_words(a, small, lang), content_words(b, small, lang)
    return jaccard(wa, wb) >= jac or len(wa & wb) >= common


def names_word(text: str, word: str) -> bool:
    """Ruling 20d: a token starts with the word's first five letters (all of it if shorter)."""
    stem = key(word)[:5]
    return bool(stem) and any(token.startswith(stem) for token in _words(text))
