"""Dictopia's state: the phase instance, the match, this trial, and the secrets it keeps.

Hands, the missions of later trials and sealed answers live here and in the
table's pick slots; `view` decides what of it each member sees. The shuffled
set is never stored: only the hands dealt from it and the target it showed.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from table.contract import State

WARMUP, TRIAL, TALLY, VOTE, SCORE = "warmup", "trial", "tally", "vote", "score"
ROUNDS = 5


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Filed(_Model):
    """A word on file at a trial's close, and what the tally did to it."""

    cards: list[list[int]]  # [[card, face], ...]
    claims: list[str] = Field(default_factory=list)
    denounced_by: str | None = None
    listed_on_denounce: bool | None = None  # a denunciation's look-up (D19b)
    disputes: dict[str, str] = Field(default_factory=dict)  # mission -> disputer


class Item(_Model):
    """A vote item (D13a): a disputed claim, or a word the list could not settle."""

    id: int
    kind: str  # "mission" or "validity"
    player: str
    mission: str | None = None
    yes: list[str] | None = None  # sealed until the close
    no: list[str] | None = None
    result: str | None = None  # "yes", "no" or "tie"


class Line(_Model):
    """One player's score for one trial (D8a)."""

    letters: int = 0
    eyes: int = 0
    eyes_bonus: int = 0
    missions: list[dict[str, object]] = Field(default_factory=list)  # {id, bonus, how}
    void: str | None = None  # no_word, denounced, foreign_refused
    trial: int = 0
    total: int = 0
    listed: bool | None = None


class BigBrother(_Model):
    unused_eyes: int = 0
    missed_eyes_bonus: int = 0
    missed_missions: list[dict[str, object]] = Field(default_factory=list)
    trial: int = 0
    total: int = 0


class Standing(_Model):
    """One place on the result sheet (D20a): a match seat, or Big Brother in solo."""

    id: str
    total: int
    last_trial: int
    rank: int


class DictopiaState(State):
    round: int = 0
    players: list[str] = Field(default_factory=list)  # the match's seats, in seat order
    solo: bool = False
    hand_size: int = 8
    copies: int = 1
    # Secret until the trial closes: each seat's hand, as indices into the dealt set.
    hands: dict[str, list[int]] = Field(default_factory=dict)
    target: int = 0
    plan: list[list[str]] = Field(default_factory=list)  # missions per trial; later ones secret
    customs: dict[str, int] = Field(default_factory=dict)  # custom id -> bonus (D18a)
    speed_by: str | None = None
    continue_asked: bool = False
    continue_at: int | None = None  # D7d: when the host may continue the score
    beats: list[int] = Field(default_factory=list)  # score beats' instants (Timings)
    # From the trial's close.
    words: dict[str, Filed] = Field(default_factory=dict)
    passed: list[str] = Field(default_factory=list)
    items: list[Item] = Field(default_factory=list)
    lines: dict[str, Line] = Field(default_factory=dict)
    big_brother: BigBrother | None = None
    # The match.
    totals: dict[str, int] = Field(default_factory=dict)
    trial_scores: dict[str, list[int]] = Field(default_factory=dict)
    bb_trials: list[int] = Field(default_factory=list)
    history: list[dict[str, object]] = Field(default_factory=list)
    winners: list[str] = Field(default_factory=list)
    standings: list[Standing] = Field(default_factory=list)  # from `finished`
    level: int = 8
    beaten: bool | None = None

    @property
    def missions(self) -> list[str]:
        """This trial's missions."""
        return self.plan[self.round - 1] if 1 <= self.round <= len(self.plan) else []
