"""Settings (docs/impostor.md, "Settings") and what each way to play implies (I2, I5, I9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from table.contract import Json, Option

PHONES, PASS, HOST = "phones", "pass", "host"
TYPED, SPOKEN = "typed", "spoken"
POINT, LAP = "point", "lap"  # ballot styles besides "phones"
PER_PLAYER = "per_player"


@dataclass(frozen=True)
class CategoriesOption(Option):
    """`categories`: null (every category of the deck) or a non-empty set of category ids.

    Which ids exist depends on the room's deck; `Impostor.check_options` checks them.
    """

    def allows(self, value: Json) -> bool:
        if value is None:
            return True
        return (
            isinstance(value, list)
            and 0 < len(value) <= 100
            and all(isinstance(v, str) and 0 < len(v) <= 40 for v in value)
            and len(set(value)) == len(value)  # only once every id is a string
        )


OPTIONS: tuple[Option, ...] = (
    Option("play", PHONES, (PHONES, PASS, HOST)),
    CategoriesOption("categories", None, ()),
    Option("rounds", PER_PLAYER, (PER_PLAYER, *range(1, 41))),
    Option("impostors", "auto", ("auto", "surprise")),
    Option("hint", "category", ("category", "grid", "none")),
    Option("clues", TYPED, (TYPED, SPOKEN)),
    Option("laps", 2, (2, "open")),
    Option("clue_seconds", 30, (15, 20, 30, 45, 60)),
    Option("vote", PHONES, (PHONES, POINT, LAP)),
    Option("fair_rotation", False, (True, False)),
)


@dataclass(frozen=True)
class Mode:
    """The options as they act: a choice another option rules out yields to it."""

    play: str
    hint: str
    typed: bool  # clues (ruling 5a: `pass` and `host` are always spoken)
    open_laps: bool
    ballot: str  # "phones", "point" or "lap" (ruling 9a)
    clue_ms: int
    surprise: bool
    fair_rotation: bool

    @property
    def shared_phone(self) -> bool:
        return self.play != PHONES


def mode(options: Mapping[str, Any]) -> Mode:
    play = options.get("play", PHONES)
    if play == PHONES:
        ballot = PHONES
    elif play == PASS and options.get("vote") == LAP:
        ballot = LAP
    else:
        ballot = POINT
    return Mode(
        play=play,
        hint=options.get("hint", "category"),
        typed=play == PHONES and options.get("clues", TYPED) == TYPED,
        open_laps=options.get("laps", 2) == "open",
        ballot=ballot,
        clue_ms=int(options.get("clue_seconds", 30)) * 1000,
        surprise=options.get("impostors") == "surprise",
        fair_rotation=bool(options.get("fair_rotation", False)),
    )
