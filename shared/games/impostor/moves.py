"""Impostor's actions on the wire (docs/impostor.md, "On the wire") and its own error codes.

Each model is strict and forbids extra fields. `seat` is the table's: a move made
for a local seat reaches the rules with that seat as the acting member.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Id = Annotated[str, Field(min_length=1, max_length=40)]
RoundNo = Annotated[int, Field(ge=1, le=99)]


class ImpostorCode(StrEnum):
    WRONG_MODE = "wrong_mode"
    TABLE_FULL = "table_full"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_TURN = "stale_turn"
    SELF_VOTE = "self_vote"
    NOT_CANDIDATE = "not_candidate"
    NOT_JUDGE = "not_judge"
    PAUSED = "paused"


class TextReason(StrEnum):
    """`invalid_text` reasons of Impostor's own (ruling 6a)."""

    NOT_ONE_WORD = "not_one_word"
    IS_WORD = "is_word"
    IS_CATEGORY = "is_category"


MESSAGES: dict[str, str] = {
    ImpostorCode.WRONG_MODE: "That isn't how this room plays.",
    ImpostorCode.TABLE_FULL: "The table already has 20 seats.",
    ImpostorCode.NOT_YOUR_TURN: "It isn't that seat's turn.",
    ImpostorCode.STALE_TURN: "That turn is over.",
    ImpostorCode.SELF_VOTE: "You can't vote for yourself.",
    ImpostorCode.NOT_CANDIDATE: "That player can't be chosen here.",
    ImpostorCode.NOT_JUDGE: "Only the judge rules on the guess.",
    ImpostorCode.PAUSED: "The game is paused until the host rules.",
}


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    action: ClassVar[str]


class Peek(Move):
    action = "peek"
    round: RoundNo


class Seen(Move):
    action = "seen"
    round: RoundNo


class GiveClue(Move):
    action = "clue"
    round: RoundNo
    turn: Annotated[int, Field(ge=1, le=200)]
    text: Annotated[str, Field(max_length=200)]


class NextTurn(Move):
    action = "next_turn"
    round: RoundNo
    turn: Annotated[int, Field(ge=1, le=200)]


class ReadyVote(Move):
    action = "ready_vote"
    round: RoundNo


class CallVote(Move):
    action = "call_vote"
    round: RoundNo


class FlagWord(Move):
    action = "flag_word"
    round: RoundNo
    speaker: Id


class RuleWord(Move):
    action = "rule_word"
    round: RoundNo
    speaker: Id | None


class Vote(Move):
    action = "vote"
    round: RoundNo
    ballot: Literal[1, 2]
    target: Id


class RecordPoint(Move):
    action = "record_point"
    round: RoundNo
    ballot: Literal[1, 2]
    accused: Id | None = None
    pointers: Annotated[list[Id], Field(max_length=20)] | None = None
    tied: Annotated[list[Id], Field(max_length=20)] | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> RecordPoint:
        pointing = self.accused is not None and self.pointers is not None
        if pointing == (self.tied is not None) or (self.accused is None) != (self.pointers is None):
            raise ValueError("either accused and pointers, or tied")
        return self


class MakeGuess(Move):
    action = "guess"
    round: RoundNo
    text: Annotated[str, Field(max_length=200)]


class JudgeGuess(Move):
    action = "judge_guess"
    round: RoundNo
    correct: bool


class Continue(Move):
    action = "continue"
    round: RoundNo


class EndMatch(Move):
    action = "end_match"


MOVES: dict[str, type[BaseModel]] = {
    m.action: m
    for m in (
        Peek,
        Seen,
        GiveClue,
        NextTurn,
        ReadyVote,
        CallVote,
        FlagWord,
        RuleWord,
        Vote,
        RecordPoint,
        MakeGuess,
        JudgeGuess,
        Continue,
        EndMatch,
    )
}
