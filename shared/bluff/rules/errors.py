"""Refusals: the protocol's stable error codes, and the one table of human messages.

Every refusal in the game is a `Refusal` carrying a `Code` (and, for text, a
`Reason`). Nothing anywhere matches on message text; clients and tests read
`code` and `reason`.
"""

from __future__ import annotations

from enum import StrEnum

# The reasons are the table's text checks' own (one enum for every game).
from table.text import Reason as Reason


class Code(StrEnum):
    """The `error.code` values of PROTOCOL.md."""

    BAD_REQUEST = "bad_request"
    ROOM_NOT_FOUND = "room_not_found"
    NOT_IN_ROOM = "not_in_room"
    BAD_TOKEN = "bad_token"
    INVALID_TEXT = "invalid_text"
    INVALID_NAME = "invalid_name"
    NAME_TAKEN = "name_taken"
    NOT_HOST = "not_host"
    NOT_ENOUGH_PLAYERS = "not_enough_players"
    WRONG_PHASE = "wrong_phase"
    PHASE_CLOSED = "phase_closed"
    STALE_ROUND = "stale_round"
    ALREADY_SUBMITTED = "already_submitted"
    ALREADY_VOTED = "already_voted"
    NOT_ELIGIBLE = "not_eligible"
    OWN_OPTION = "own_option"
    UNKNOWN_OPTION = "unknown_option"
    TOO_EARLY = "too_early"
    ROOM_FULL = "room_full"
    RATE_LIMITED = "rate_limited"
    KICKED = "kicked"
    # Additions to the protocol's list (PROTOCOL.md allows adding codes).
    ALREADY_IN_ROOM = "already_in_room"
    NO_FREE_SEAT = "no_free_seat"
    UNKNOWN_PLAYER = "unknown_player"
    UNKNOWN_DECK = "unknown_deck"
    BUSY = "busy"


MESSAGES: dict[Code, str] = {
    Code.BAD_REQUEST: "That message could not be understood.",
    Code.ROOM_NOT_FOUND: "There is no room with that code.",
    Code.NOT_IN_ROOM: "Join a room first.",
    Code.BAD_TOKEN: "That seat could not be resumed; join again.",
    Code.INVALID_TEXT: "That definition can't be used.",
    Code.INVALID_NAME: "That name can't be used.",
    Code.NAME_TAKEN: "Someone in this room already has that name.",
    Code.NOT_HOST: "Only the host can do that.",
    Code.NOT_ENOUGH_PLAYERS: "A match needs 3 to 12 active players.",
    Code.WRONG_PHASE: "That can't be done right now.",
    Code.PHASE_CLOSED: "Time is up for that.",
    Code.STALE_ROUND: "That was for another round.",
    Code.ALREADY_SUBMITTED: "You already sent a definition this round.",
    Code.ALREADY_VOTED: "You already voted this round.",
    Code.NOT_ELIGIBLE: "You don't vote this round.",
    Code.OWN_OPTION: "You can't vote for your own definition.",
    Code.UNKNOWN_OPTION: "That card is not on the ballot.",
    Code.TOO_EARLY: "The reveal is still playing; continue in a moment.",
    Code.ROOM_FULL: "This room is full.",
    Code.RATE_LIMITED: "Slow down a little.",
    Code.KICKED: "The host removed you from the match.",
    Code.ALREADY_IN_ROOM: "This connection is already in a room.",
    Code.NO_FREE_SEAT: "All 12 seats are taken.",
    Code.UNKNOWN_PLAYER: "There is no such player in this room.",
    Code.UNKNOWN_DECK: "There is no deck in that language.",
    Code.BUSY: "The game is busy for a moment; nothing changed. Please try again.",
}

REASON_MESSAGES: dict[Reason, str] = {
    Reason.TOO_SHORT: "Too short.",
    Reason.TOO_LONG: "Too long.",
    Reason.NO_MEANING: "Use real words.",
    Reason.URL: "No web addresses.",
    Reason.EMAIL: "No email addresses.",
    Reason.HANDLE: "No contact handles.",
    Reason.PHONE: "No phone numbers.",
    Reason.MARKUP: "No markup or tags.",
    Reason.CONTROL: "No line breaks or control characters.",
    Reason.INVISIBLE: "No invisible characters.",
}


class Refusal(Exception):
    """An action was refused and changed nothing."""

    def __init__(self, code: Code, reason: Reason | None = None) -> None:
        super().__init__(code.value if reason is None else f"{code.value}: {reason.value}")
        self.code = code
        self.reason = reason

    @property
    def message(self) -> str:
        if self.reason is not None:
            return f"{MESSAGES[self.code]} {REASON_MESSAGES[self.reason]}"
        return MESSAGES[self.code]
