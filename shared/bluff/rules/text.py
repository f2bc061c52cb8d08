"""Player text in Dictionary Bluff: the table's text checks, refused with this game's codes.

The checks themselves (storage form R3a, refusals R4a-R4c, comparison keys R5a)
live in `table.text`, shared by every game; this module keeps the game's names
for them and turns a `TextRefused` into a `Refusal` with `invalid_text` (a
definition) or `invalid_name` (a name), carrying the same reason.
"""

from __future__ import annotations

import table.text as shared_text
from bluff.rules.errors import Code, Refusal
from table.text import (
    DEFINITION_MAX,
    DEFINITION_MIN,
    NAME_MAX,
    NAME_MIN,
    TextRefused,
    comparison_key,
    normalize,
    words,
)

__all__ = [
    "DEFINITION_MAX",
    "DEFINITION_MIN",
    "NAME_MAX",
    "NAME_MIN",
    "check_definition",
    "check_name",
    "comparison_key",
    "normalize",
    "words",
]


def check_definition(raw: str) -> str:
    """The stored text of a definition (R3, Ruling 4a), or `Refusal(INVALID_TEXT, reason)`."""
    try:
        return shared_text.check_definition(raw)
    except TextRefused as refused:
        raise Refusal(Code.INVALID_TEXT, refused.reason) from None


def check_name(raw: str) -> str:
    """The stored form of a player name (Ruling 4b), or `Refusal(INVALID_NAME, reason)`."""
    try:
        return shared_text.check_name(raw)
    except TextRefused as refused:
        raise Refusal(Code.INVALID_NAME, refused.reason) from None
