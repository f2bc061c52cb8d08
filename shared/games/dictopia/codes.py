"""Dictopia's own refusal codes (docs/dictopia.md, "On the wire") and their English messages."""

from __future__ import annotations

from enum import StrEnum


class DCode(StrEnum):
    BAD_WORD = "bad_word"
    BAD_CLAIM = "bad_claim"
    LOCKED = "locked"
    NOT_IN_WORD_LIST = "not_in_word_list"
    NO_WORD = "no_word"
    NO_SPEED_MISSION = "no_speed_mission"
    SPEED_TAKEN = "speed_taken"
    DENUNCIATION_OFF = "denunciation_off"
    OWN_WORD = "own_word"
    ALREADY_DENOUNCED = "already_denounced"
    NOT_CLAIMED = "not_claimed"
    ALREADY_DISPUTED = "already_disputed"
    UNKNOWN_ITEM = "unknown_item"
    LEVEL_LOCKED = "level_locked"


class WordReason(StrEnum):
    """`bad_word` reasons (ruling D4b)."""

    EMPTY = "empty"
    TOO_LONG = "too_long"
    BAD_CARD = "bad_card"
    CARD_REUSED = "card_reused"
    BAD_FACE = "bad_face"


class ClaimReason(StrEnum):
    NOT_IN_PLAY = "not_in_play"
    NOT_CLAIMABLE = "not_claimable"


MESSAGES: dict[str, str] = {
    DCode.BAD_WORD: "That word can't be formed from your cards.",
    DCode.BAD_CLAIM: "That mission can't be claimed.",
    DCode.LOCKED: "Your word is locked.",
    DCode.NOT_IN_WORD_LIST: "That word is not in the word list.",
    DCode.NO_WORD: "There is no word on file.",
    DCode.NO_SPEED_MISSION: "Speed is not in play.",
    DCode.SPEED_TAKEN: "Someone already has the Speed card.",
    DCode.DENUNCIATION_OFF: "Words can't be denounced in this room.",
    DCode.OWN_WORD: "That is your own word.",
    DCode.ALREADY_DENOUNCED: "That word was already denounced.",
    DCode.NOT_CLAIMED: "That mission was not claimed.",
    DCode.ALREADY_DISPUTED: "That claim is already disputed.",
    DCode.UNKNOWN_ITEM: "There is no such item on the vote.",
    DCode.LEVEL_LOCKED: "Win at the level below first.",
    # Each reason in words of its own (D4b, D9b).
    f"{DCode.BAD_WORD}:{WordReason.EMPTY}": "Place at least one card in the word.",
    f"{DCode.BAD_WORD}:{WordReason.TOO_LONG}": "More letters than cards in your hand.",
    f"{DCode.BAD_WORD}:{WordReason.BAD_CARD}": "That card is not in your hand.",
    f"{DCode.BAD_WORD}:{WordReason.CARD_REUSED}": "Each card can be used only once.",
    f"{DCode.BAD_WORD}:{WordReason.BAD_FACE}": "Use the upper or the lower letter of a card.",
    # A refused claim changes nothing (the word on file stays): say what to change.
    f"{DCode.BAD_CLAIM}:{ClaimReason.NOT_IN_PLAY}": (
        "That mission is not in play this trial: untick its claim and play your word again."
    ),
    f"{DCode.BAD_CLAIM}:{ClaimReason.NOT_CLAIMABLE}": (
        "The game checks that mission itself: untick its claim and play your word again."
    ),
}
