"""The one form a definition is shown in, and the checked `tidy` built on it.

A card's truth comes from a deck written in lowercase without a final period;
players type capitals, full stops, quotes, extra spaces or all capitals. If
those habits reached the screen, the odd card out would be the truth (or a
given player's). So every definition a game shows on a card - a player's, a
bot's, the house's and the real one - goes through `display_form`:

- NFC, whitespace runs collapsed to one space, trimmed (`normalize`);
- wrapping quotes and spaces off (the deck's language adds its own quotes);
- a capital first letter;
- no final period (an ellipsis character and other final marks stay).

`calm` folds a text written all in capitals to lowercase first, for games
that show player texts beside house texts on one ballot.

`tidy` is the checked form for games that store the cleaned text (Fictionary's
F7, ruling 7a's order): the raw-text checks, a cap before cleaning, the
cleaning, a check that something meaningful is left, the length cap and the
address and number checks. Each game passes its own limits.
"""

from __future__ import annotations

from table.text.detectors import DEFINITION_CHECKS, Draft
from table.text.keys import normalize
from table.text.reasons import Reason, TextRefused

# Ruling 7a: the raw-text checks first, the address and number checks after the length.
RAW_CHECKS = tuple((r, f) for r, f in DEFINITION_CHECKS if r in (Reason.CONTROL, Reason.INVISIBLE))
PATTERN_CHECKS = tuple(
    (r, f)
    for r, f in DEFINITION_CHECKS
    if r in (Reason.MARKUP, Reason.EMAIL, Reason.HANDLE, Reason.URL, Reason.PHONE)
)
QUOTES = "\"'“”‘’`"
QUOTES_BY_LANG = {"es": QUOTES + "«»„‚", "ru": QUOTES + "«»„‚"}
# A text needs this many cased letters, all capitals, to count as shouted:
# fewer is an abbreviation ("DNA"), not a habit that marks its writer.
SHOUT_MIN_LETTERS = 4


def _strip_wrapping(text: str, quotes: str) -> str:
    return text.strip(quotes + " ")


def _shape(text: str, lang: str) -> str:
    """Quotes off, a capital first letter, no final period; `text` is normalized."""
    text = _strip_wrapping(text, QUOTES_BY_LANG.get(lang, QUOTES))
    if not text:
        return text
    if text[0].islower():
        text = text[0].upper() + text[1:]
    cut = text.rstrip(". ")
    return cut or text


def calm(text: str) -> str:
    """A text written all in capitals, lowercased; any other text unchanged."""
    cased = [ch for ch in text if ch.isupper() or ch.islower()]
    if len(cased) >= SHOUT_MIN_LETTERS and all(ch.isupper() for ch in cased):
        return text.lower()
    return text


def display_form(text: str, lang: str = "en") -> str:
    """The form a definition is shown in (never refuses; a text of only quotes stays)."""
    normal = normalize(text)
    return _shape(normal, lang) or normal


def tidy(raw: str, lang: str = "en", *, max_len: int, pre_clean_cap: int) -> str:
    """The cleaned text of a definition, or `TextRefused` with ruling 7a's reason."""
    for reason, fires in RAW_CHECKS:
        if fires(Draft(raw)):
            raise TextRefused(reason)
    text = normalize(raw)
    if len(text) > pre_clean_cap:
        raise TextRefused(Reason.TOO_LONG)  # refused, never cut
    text = _strip_wrapping(text, QUOTES_BY_LANG.get(lang, QUOTES))
    if not any(ch.isalnum() for ch in text):
        raise TextRefused(Reason.NO_MEANING)
    if len(text) > max_len:
        raise TextRefused(Reason.TOO_LONG)
    for pattern, fires in PATTERN_CHECKS:
        if fires(Draft(text)):
            raise TextRefused(pattern)
    return _shape(text, lang)
