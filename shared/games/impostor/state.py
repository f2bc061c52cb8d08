"""Impostor's state: the match, and the round under way, as the room item keeps them.

A round keeps the ids of its category and word (for the room's memory of used
words) and the texts that cards, board and reveal show (`view` has no deck).
Sealed picks hold the `seen` of the deal and the votes of a `phones` or `lap`
ballot (one slot per seat per phase instance).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from table.contract import State

DEAL, CLUES, DISCUSSION, VOTING = "deal", "clues", "discussion", "voting"
GUESS, JUDGING, REVEAL = "guess", "judging", "reveal"
ROUND_PHASES = (DEAL, CLUES, DISCUSSION, VOTING, GUESS, JUDGING, REVEAL)
FLAGGABLE = (DEAL, CLUES, DISCUSSION, VOTING)  # ruling 7a

OUTCOMES = (
    "escaped",
    "caught_guessed",
    "caught_missed",
    "civilian_said",
    "impostor_said",
    "tie",
    "low_turnout",
    "void",
)


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Clue(Model):
    seat: str
    lap: int
    text: str | None  # None when spoken or missed
    missed: bool = False


class Ballot(Model):
    no: int
    style: str
    candidates: list[str]
    votes: dict[str, str] = Field(default_factory=dict)  # voter -> target, once closed
    tied: list[str] | None = None
    extended: bool = False
    turnout: int = 0


class Flag(Model):
    by: str
    speaker: str
    deadline: int
    remaining: int | None  # whole seconds the paused phase had left; None if untimed


class Guess(Model):
    by: str
    text: str | None = None
    judge: str | None = None
    prematch: str = "none"  # exact, near, none
    right: bool | None = None


class Round(Model):
    no: int
    category: str  # ids, for the room's memory of used words
    word: str
    category_name: str  # texts, for the cards, the board and the reveal
    word_text: str
    aliases: list[str] = Field(default_factory=list)
    grid: list[str] = Field(default_factory=list)  # word texts, in the order shown
    impostors: list[str]
    seats: list[str]  # the round's seats at the deal, seat order
    order: list[str] = Field(default_factory=list)
    turn: int = 0  # index into the clue schedule (no = turn + 1)
    clues: list[Clue] = Field(default_factory=list)
    ready: list[str] = Field(default_factory=list)
    ballots: list[Ballot] = Field(default_factory=list)
    accused: str | None = None
    guess: Guess | None = None
    said: dict[str, str] | None = None  # {by, speaker}
    outcome: str | None = None
    awards: dict[str, int] = Field(default_factory=dict)
    correct: list[str] = Field(default_factory=list)  # civilians with a correct vote
    continue_at: int | None = None
    beats: list[dict[str, object]] = Field(default_factory=list)


class ImpostorState(State):
    rounds: int = 0
    seats: list[str] = Field(default_factory=list)  # the match's seats at start
    totals: dict[str, int] = Field(default_factory=dict)
    impostor_points: dict[str, int] = Field(default_factory=dict)
    correct_votes: dict[str, int] = Field(default_factory=dict)
    history: list[list[str]] = Field(default_factory=list)  # each round's impostors
    cycle: list[str] = Field(default_factory=list)  # impostors of the current cycle (17b)
    last_category: str | None = None
    past: list[dict[str, object]] = Field(default_factory=list)  # result sheet lines
    round: Round | None = None
    flag: Flag | None = None
    ending: bool = False  # too few seats: the match finishes at this reveal (1c)
