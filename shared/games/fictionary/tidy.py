"""F7 `tidy`: how an entry is cleaned, and what it refuses (ruling 7a's order).

So that typing habits give no one away, every definition on a card - a
person's, a bot's and the real one (ruling 7b) - goes through the same
cleaning: wrapping quotes and spaces off, a capital first letter, no final
period. The cleaning is the table's (`table.text.tidy`), shared with Dictionary
Bluff's ballot; Fictionary adds its own length limits.
"""

from __future__ import annotations

from games.fictionary.rules import MAX_LEN, PRE_CLEAN_CAP
from table.text import TextRefused
from table.text.tidy import tidy as _table_tidy


def tidy(raw: str, lang: str = "en") -> str:
    """The cleaned text of a definition, or `TextRefused` with ruling 7a's reason."""
    return _table_tidy(raw, lang, max_len=MAX_LEN, pre_clean_cap=PRE_CLEAN_CAP)


def tidy_or_none(raw: str, lang: str = "en") -> str | None:
    try:
        return tidy(raw, lang)
    except TextRefused:
        return None
