"""Why a player's text is refused: the reasons of RULES 4a-4c, and the one exception."""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """The `error.reason` values for refused text and names (RULES 4a, 4b, 4c)."""

    TOO_SHORT = "too_short"
    TOO_LONG = "too_long"
    NO_MEANING = "no_meaning"
    URL = "url"
    EMAIL = "email"
    HANDLE = "handle"
    PHONE = "phone"
    MARKUP = "markup"
    CONTROL = "control"
    INVISIBLE = "invisible"


class TextRefused(ValueError):
    """A player's text cannot be used; `reason` says why.

    Games turn it into their own refusal (an error code for the wire); the text
    checks know nothing of codes, rooms or games.
    """

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.value)
        self.reason = reason
