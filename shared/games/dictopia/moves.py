"""Dictopia's actions on the wire (docs/dictopia.md, "On the wire"): strict, nothing extra."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Round = Annotated[int, Field(ge=0, le=99)]
# Each pair is [card, face]; their sizes are judged by the rules (`bad_word` reasons).
Cards = Annotated[list[Annotated[list[int], Field(max_length=4)]], Field(max_length=40)]


class _Move(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class WarmupPlay(_Move):
    challenge: Annotated[int, Field(ge=1, le=3)]
    cards: Cards


class Play(_Move):
    round: Round
    cards: Cards
    claims: Annotated[list[Annotated[str, Field(max_length=20)]], Field(max_length=8)] = []


class Lock(_Move):
    round: Round


class TouchSpeed(_Move):
    round: Round


class Denounce(_Move):
    round: Round
    player: Annotated[str, Field(max_length=20)]


class Dispute(_Move):
    round: Round
    player: Annotated[str, Field(max_length=20)]
    mission: Annotated[str, Field(max_length=20)]


class Pass(_Move):
    round: Round


class Judge(_Move):
    round: Round
    item: Annotated[int, Field(ge=0, le=99)]
    verdict: bool


class Continue(_Move):
    round: Round


MOVES: dict[str, type[BaseModel]] = {
    "warmup_play": WarmupPlay,
    "play": Play,
    "lock": Lock,
    "touch_speed": TouchSpeed,
    "denounce": Denounce,
    "dispute": Dispute,
    "pass": Pass,
    "judge": Judge,
    "continue": Continue,
}
