"""Refusals: the protocol's stable error codes, and the one table of their messages.

Every refusal is a `Refusal` carrying a code (and, for text, a reason).
Nothing matches on message text; clients and tests read `code` and `reason`.
A game adds codes of its own (docs/protocol.md allows adding codes) as a StrEnum
with English messages in `Game.messages`; `message_for` looks in both.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class Code(StrEnum):
    """The `error.code` values every game shares (docs/protocol.md)."""

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
    BAD_OPTION = "bad_option"
    # Additions to the protocol's list.
    ALREADY_IN_ROOM = "already_in_room"
    NO_FREE_SEAT = "no_free_seat"
    UNKNOWN_PLAYER = "unknown_player"
    UNKNOWN_DECK = "unknown_deck"
    UNKNOWN_GAME = "unknown_game"
    CANNOT_KICK_SELF = "cannot_kick_self"
    WRONG_MODE = "wrong_mode"
    BUSY = "busy"
    RESUMED_ELSEWHERE = "resumed_elsewhere"


MESSAGES: dict[str, str] = {
    Code.BAD_REQUEST: "That message could not be understood.",
    Code.ROOM_NOT_FOUND: "There is no room with that code.",
    Code.NOT_IN_ROOM: "Join a room first.",
    Code.BAD_TOKEN: "That seat could not be resumed; join again.",
    Code.INVALID_TEXT: "That text can't be used.",
    Code.INVALID_NAME: "That name can't be used.",
    Code.NAME_TAKEN: "Someone in this room already has that name.",
    Code.NOT_HOST: "Only the host can do that.",
    Code.NOT_ENOUGH_PLAYERS: "This game needs more active players to start.",
    Code.WRONG_PHASE: "That can't be done right now.",
    Code.PHASE_CLOSED: "Time is up for that.",
    Code.STALE_ROUND: "That was for another round.",
    Code.ALREADY_SUBMITTED: "You already sent yours this round.",
    Code.ALREADY_VOTED: "You already voted this round.",
    Code.NOT_ELIGIBLE: "You don't take part in that this round.",
    Code.OWN_OPTION: "You can't vote for your own card.",
    Code.UNKNOWN_OPTION: "That card is not on the ballot.",
    Code.TOO_EARLY: "The reveal is still playing; continue in a moment.",
    Code.ROOM_FULL: "This room is full.",
    Code.RATE_LIMITED: "Too many requests from here; wait a minute and try again.",
    Code.KICKED: "The host removed you from the room.",
    Code.BAD_OPTION: "That setting can't be used.",
    Code.ALREADY_IN_ROOM: "This connection is already in a room.",
    Code.NO_FREE_SEAT: "Every seat is taken.",
    Code.UNKNOWN_PLAYER: "There is no such player in this room.",
    Code.UNKNOWN_DECK: "This game has no content in that language.",
    Code.UNKNOWN_GAME: "There is no such game.",
    Code.CANNOT_KICK_SELF: "To go, use Leave instead.",
    Code.WRONG_MODE: "That is not part of how this room plays.",
    Code.BUSY: "The game is busy for a moment; nothing changed. Please try again.",
    Code.RESUMED_ELSEWHERE: "This seat is open in another window.",
}


# The sentence added after the code's for each text refusal reason (RULES 4a).
REASONS: dict[str, str] = {
    "too_short": "Too short.",
    "too_long": "Too long.",
    "no_meaning": "Use real words.",
    "url": "No web addresses.",
    "email": "No email addresses.",
    "handle": "No contact handles.",
    "phone": "No phone numbers.",
    "markup": "No markup or tags.",
    "control": "No line breaks or control characters.",
    "invisible": "No invisible characters.",
}


class Refusal(Exception):
    """A move or request was refused and changed nothing.

    `code` is a `Code` or a game's own code enum; `reason` refines it
    (`invalid_text`'s reason, or the option `bad_option` names).
    """

    def __init__(self, code: StrEnum, reason: str | None = None) -> None:
        super().__init__(code.value if reason is None else f"{code.value}: {reason}")
        self.code = code
        self.reason = reason
        # The room's game's sentences, when a table command meets a game's own code
        # (Dictopia's `level_locked` at `set_options`).
        self.messages: Mapping[str, str] | None = None


def message_for(
    code: str, reason: str | None = None, extra: Mapping[str, str] | None = None
) -> str:
    """The English sentence for a code (and reason): the game's own first, then the table's.

    A game may word a reason itself under "code:reason" (Fictionary's "Keep it to
    140 characters."); otherwise the reason's sentence follows the code's.
    """
    extra = extra or {}
    if reason is not None and f"{code}:{reason}" in extra:
        return extra[f"{code}:{reason}"]
    sentence = extra.get(code) or MESSAGES.get(code, MESSAGES[Code.BAD_REQUEST])
    if reason in REASONS:
        sentence = f"{sentence} {REASONS[reason]}"
    return sentence
