"""The wire form of each Fictionary action (Protocol additions): strict, no extra fields."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field


class _Move(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


Round = Annotated[int, Field(ge=0, le=999)]


class Choose(_Move):
    round: Round
    word: Annotated[int, Field(ge=0, le=99)]  # 0-4 (unknown_word past the five)


class Submit(_Move):
    round: Round
    text: Annotated[str, Field(max_length=2000)]


class Vote(_Move):
    round: Round
    option: Annotated[str, Field(min_length=1, max_length=32)]


class AddBot(_Move):
    level: str = "medium"


class RemoveBot(_Move):
    player: Annotated[str, Field(min_length=1, max_length=32)]


class Cover(_Move):
    player: Annotated[str, Field(min_length=1, max_length=32)] | None = None


class Back(_Move):
    pass


class SitIn(_Move):
    player: Annotated[str, Field(min_length=1, max_length=32)]


class Continue(_Move):
    """Dictionary Bluff's `continue`: Fictionary has no such step (ruling 12a)."""

    round: Round | None = None


MOVES: dict[str, type[BaseModel]] = {
    "choose": Choose,
    "submit": Submit,
    "vote": Vote,
    "add_bot": AddBot,
    "remove_bot": RemoveBot,
    "cover": Cover,
    "back": Back,
    "sit_in": SitIn,
    "continue": Continue,
}
