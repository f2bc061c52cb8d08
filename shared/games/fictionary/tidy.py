"""F7 `tidy`: how an entry is cleaned, and what it refuses (ruling 7a's order).

So that typing habits give no one away, every definition on a card - a
person's, a bot's and the real one (ruling 7b) - goes through the same
cleaning: wrapping quotes and spaces off, a capital first letter, no final
period.
"""

from __future__ import annotations

from games.fictionary.rules import MAX_LEN, PRE_CLEAN_CAP
from table.text import DEFINITION_CHECKS, Draft, Reason, TextRefused, normalize

# Ruling 7a: the raw-text checks first, the address and number checks after the length.
RAW_CHECKS = tuple((r, f) for r, f in DEFINITION_CHECKS if r in (Reason.CONTROL, Reason.INVISIBLE))
PATTERN_CHECKS = tuple(
    (r, f)
    for r, f in DEFINITION_CHECKS
    if r in (Reason.MARKUP, Reason.EMAIL, Reason.HANDLE, Reason.URL, Reason.PHONE)
)
QUOTES = "\"'“”‘’`"
QUOTES_BY_LANG = {"es": QUOTES + "«»„‚", "ru": QUOTES + "«»„‚"}


def _strip_wrapping(text: str, quotes: str) -> str:
    return text.strip(quotes + " ")


def tidy(raw: str, lang: str = "en") -> str:
    """The cleaned text of a definition, or `TextRefused` with ruling 7a's reason."""
    for reason, fires in RAW_CHECKS:
        if fires(Draft(raw)):
            raise TextRefused(reason)
    text = normalize(raw)
    if len(text) > PRE_CLEAN_CAP:
        raise TextRefused(Reason.TOO_LONG)  # the seed's pre-clean cap: refused, never cut
    text = _strip_wrapping(text, QUOTES_BY_LANG.get(lang, QUOTES))
    if not any(ch.isalnum() for ch in text):
        raise TextRefused(Reason.NO_MEANING)
    if len(text) > MAX_LEN:
        raise TextRefused(Reason.TOO_LONG)
    for pattern, fires in PATTERN_CHECKS:
        if fires(Draft(text)):
            raise TextRefused(pattern)
    if text[0].islower():
        text = text[0].upper() + text[1:]
    cut = text.rstrip(". ")
    return cut or text


def tidy_or_none(raw: str, lang: str = "en") -> str | None:
    try:
        return tidy(raw, lang)
    except TextRefused:
        return None
