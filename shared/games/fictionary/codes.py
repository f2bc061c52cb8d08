"""Fictionary's own error codes (Protocol additions) and their English messages."""

from __future__ import annotations

from enum import StrEnum


class FicCode(StrEnum):
    NOT_A_BOT = "not_a_bot"
    UNKNOWN_WORD = "unknown_word"
    ALREADY_COVERED = "already_covered"
    NOT_COVERED = "not_covered"
    SEAT_TAKEN = "seat_taken"


MESSAGES: dict[str, str] = {
    FicCode.NOT_A_BOT: "That seat is not a bot.",
    FicCode.UNKNOWN_WORD: "Pick one of the five words.",
    FicCode.ALREADY_COVERED: "A bot already plays that seat.",
    FicCode.NOT_COVERED: "Your seat is yours already.",
    FicCode.SEAT_TAKEN: "Someone can still come back to that seat.",
}
