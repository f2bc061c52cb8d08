"""Clues, guesses and the keys they are compared by (rulings 6a, 12b, 13c).

The text checks themselves (R3a normalization, the R4a detectors, the R5a key)
are the table's (`table.text`); this module adds what is Impostor's own: one
word, the exact key that keeps Romanian letters apart, and the loose key.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from games.impostor.content import Deck, Word
from table.text import Reason, TextRefused, check_definition, check_name, comparison_key, normalize

CLUE_MAX = 24
GUESS_MAX = 40
NAME_MAX = 24  # check_name's own length limit
_INNER = frozenset("-'’")
# Ruling 13c: Romanian letters kept apart from their base; cedilla folded into comma below.
_ROMANIAN = frozenset("ăâîșț")
_CEDILLA = str.maketrans({"ş": "ș", "ţ": "ț", "Ş": "Ș", "Ţ": "Ț"})


class NotOneWord(ValueError):
    """A clue that is not one word (ruling 6a)."""


def exact_key(text: str, lang: str) -> str:
    """R5a in the deck's language; Romanian keeps ă, â, î, ș, ț (ruling 13c)."""
    if lang != "ro":
        return comparison_key(text)
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).translate(_CEDILLA))
    folded = folded.casefold().translate(_CEDILLA)
    key: list[str] = []
    piece: list[str] = []
    for ch in folded:
        if ch in _ROMANIAN:
            key += [comparison_key("".join(piece)), ch]
            piece = []
        else:
            piece.append(ch)
    key.append(comparison_key("".join(piece)))
    return "".join(key)


def loose_key(text: str) -> str:
    """R5a with every Latin diacritic removed, ñ's tilde too (ruling 13c)."""
    return comparison_key(text).replace("ñ", "n")


def accepted_forms(deck: Deck, word: Word) -> list[tuple[str, str]]:
    """(lang, text) of the word, its aliases and its translations (ruling 13c)."""
    own = [(deck.lang, t) for t in (word.word, *word.aliases)]
    return own + list(deck.translations.get(word.id, ()))


def matches_exact(text: str, lang: str, forms: Iterable[tuple[str, str]]) -> bool:
    # A translation is keyed in its own language; the text is tried in each.
    return any(
        exact_key(text, form_lang) == exact_key(form, form_lang) for form_lang, form in forms
    )


def matches_loose(text: str, forms: Iterable[tuple[str, str]]) -> bool:
    key = loose_key(text)
    return bool(key) and any(loose_key(form) == key for _, form in forms)


def _is_one_word(text: str) -> bool:
    """Letters, digits and marks, with hyphens or apostrophes only between them."""
    if not text or text[0] in _INNER or text[-1] in _INNER:
        return False
    previous = ""
    for ch in text:
        if ch in _INNER:
            if previous in _INNER:
                return False
        elif not (ch.isalnum() or unicodedata.category(ch).startswith("M")):
            return False
        previous = ch
    return True


def check_clue(raw: str) -> str:
    """Ruling 6a: the stored clue, or `TextRefused`/`NotOneWord` with its reason."""
    stored = check_name(raw)  # R3a, R4a; 1-24 code points; some letter or digit
    if not _is_one_word(stored):
        raise NotOneWord(stored)
    return stored


def check_guess(raw: str) -> str:
    """Ruling 12b: 1-40 code points, R3a/R4a checks."""
    stored = normalize(raw)
    if len(stored) > GUESS_MAX:
        raise TextRefused(Reason.TOO_LONG)
    # The table checks texts of 1-24 code points as names and longer ones as
    # definitions: between them they apply R4a to every length up to 40.
    return check_name(raw) if len(stored) <= NAME_MAX else check_definition(raw)
