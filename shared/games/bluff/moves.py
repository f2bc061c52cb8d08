"""The moves of Dictionary Bluff on the wire (`docs/protocol.md`): each carries its round."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Round = Annotated[int, Field(ge=0, le=99)]
Text = Annotated[str, Field(max_length=2000)]  # the rules refuse anything over 100 code points
Id = Annotated[str, Field(min_length=1, max_length=64)]


class _Move(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    round: Round


class Submit(_Move):
    """One false definition for the round (R3, R4); final once accepted."""

    text: Text


class Vote(_Move):
    """One vote for a ballot card (R10); final once accepted."""

    option: Id


class Continue(_Move):
    """The host moves on from the reveal, from 6 s in (ruling 12a)."""


class Hold(_Move):
    """The host plays the rest of the reveal at once and holds its last frame."""
