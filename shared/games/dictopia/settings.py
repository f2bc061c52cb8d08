"""The room's settings (Settings section): options, their cross-checks, and effective values.

`game` and `profile` are fixed at `create_room`; `mode` may change while the
host is the room's only player (a lone player who created a group room can
still play solo); every other setting changes with `set_options` in the lobby
or between matches. Settings that only a group room has are `None` by default,
meaning "the mode's own value"; a change of mode puts the other mode's settings
back to their defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.dictopia.catalogue import CUSTOM_PREFIX, MAX_CUSTOM
from games.dictopia.codes import DCode
from table.contract import Json, Option, Table
from table.errors import Code, Refusal
from table.text import TextRefused, check_definition, normalize

MIN_LEVEL, MAX_LEVEL = 8, 20
# Settings of one mode only: a change of mode puts them back to their defaults.
GROUP_ONLY = ("validation", "vote_missions", "speed_mission", "custom_missions")
SOLO_ONLY = ("level",)
GROUP_HAND = 8
# Table memory: {lang: highest level reached} (D23b), kept per player profile by the table.
REACHED = "solo_reached"
USED = "missions_used"  # table memory: catalogue missions of earlier matches (D5a)


class CustomMissions(Option):
    """`custom_missions`: 0-5 × `{text, bonus}`; the texts are checked in `check_options`."""

    def allows(self, value: Json) -> bool:
        if type(value) is not list or len(value) > MAX_CUSTOM:
            return False
        return all(
            type(m) is dict
            and set(m) == {"text", "bonus"}
            and type(m["text"]) is str
            and type(m["bonus"]) is int
            and 1 <= m["bonus"] <= 3
            for m in value
        )

    def schema(self) -> dict[str, Json]:
        return {"name": self.name, "default": self.default, "choices": [], "max": MAX_CUSTOM}


OPTIONS: tuple[Option, ...] = (
    Option("mode", "group", ("group", "solo")),
    Option("warmup", False, (False, True)),
    Option("trial_seconds", 90, (90, 120, 180)),
    Option("validation", None, (None, "denounce", "strict")),
    Option("vote_missions", None, (None, True, False)),
    Option("speed_mission", None, (None, True, False)),
    CustomMissions("custom_missions", [], ()),
    Option("level", None, (None, *range(MIN_LEVEL, MAX_LEVEL + 1))),
)


@dataclass(frozen=True)
class Settings:
    solo: bool
    warmup: bool
    trial_seconds: int
    strict: bool
    vote_missions: bool
    speed_mission: bool
    customs: tuple[tuple[str, int], ...]  # (text, bonus)
    level: int  # the hand size: the level in solo, 8 in a group

    def wire(self, mode: str) -> dict[str, Json]:
        return {
            "mode": mode,
            "warmup": self.warmup,
            "trial_seconds": self.trial_seconds,
            "validation": "strict" if self.strict else "denounce",
            "vote_missions": self.vote_missions,
            "speed_mission": self.speed_mission,
            "custom_missions": [{"text": t, "bonus": b} for t, b in self.customs],
            "level": self.level if self.solo else None,
        }


def reached(table: Table) -> int:
    """The highest solo level reached in the room's language (D23b), kept in table
    memory: what the player's profile remembered when the room was made, raised by
    the room's own wins (`Dictopia.remembered`)."""
    levels = table.memory.get(REACHED) or {}
    level = levels.get(table.lang, MIN_LEVEL) if isinstance(levels, Mapping) else MIN_LEVEL
    return max(MIN_LEVEL, min(MAX_LEVEL, level if type(level) is int else MIN_LEVEL))


def settings(options: Mapping[str, Any], table: Table) -> Settings:
    solo = options.get("mode") == "solo"
    vote = options.get("vote_missions")
    speed = options.get("speed_mission")
    level = options.get("level")
    return Settings(
        solo=solo,
        warmup=bool(options.get("warmup", False)),
        trial_seconds=int(options.get("trial_seconds", 90)),
        strict=solo or options.get("validation") == "strict",
        vote_missions=not solo and vote is not False,
        speed_mission=not solo and speed is not False,
        customs=tuple(
            (normalize(m["text"]), m["bonus"]) for m in options.get("custom_missions", [])
        ),
        level=(level or reached(table)) if solo else GROUP_HAND,
    )


def custom_ids(s: Settings) -> dict[str, int]:
    return {f"{CUSTOM_PREFIX}{i + 1}": bonus for i, (_, bonus) in enumerate(s.customs)}


def host_alone(table: Table) -> bool:
    """The host is the room's only player (observers, a TV among them, may watch): the
    mode may still change. A room being created has no member yet."""
    return [m.id for m in table.active_players] == [table.host]


def mode_fixed(table: Table) -> str | None:
    """The mode a `set_options` must keep, or None when it may change: at `create_room`
    and while the host plays alone."""
    if not table.members or host_alone(table):
        return None
    return str(table.options.get("mode", "group"))


def follow(
    before: Mapping[str, Any], after: Mapping[str, Any], named: frozenset[str]
) -> dict[str, Any]:
    """A new mode drops the other mode's settings that this command did not name: a
    solo room has no denunciations or vote missions, a group room no level."""
    options = dict(after)
    if options.get("mode") == before.get("mode"):
        return options
    dropped = GROUP_ONLY if options.get("mode") == "solo" else SOLO_ONLY
    for option in OPTIONS:
        if option.name in dropped and option.name not in named:
            options[option.name] = option.default
    return options


def check(options: Mapping[str, Any], table: Table, fixed_mode: str | None) -> None:
    """Cross-option rules; each refusal names the option (`bad_option` + reason)."""
    if fixed_mode is not None and options.get("mode") != fixed_mode:
        raise Refusal(Code.BAD_OPTION, "mode")
    solo = options.get("mode") == "solo"
    if solo and options.get("validation") == "denounce":
        raise Refusal(Code.BAD_OPTION, "validation")
    for name in ("vote_missions", "speed_mission"):
        if solo and options.get(name) is True:
            raise Refusal(Code.BAD_OPTION, name)
    customs = options.get("custom_missions", [])
    if customs and (solo or options.get("vote_missions") is False):
        raise Refusal(Code.BAD_OPTION, "custom_missions")
    for mission in customs:  # D18a: 8-100 code points, checked as RULES 3a/4a
        try:
            check_definition(mission["text"])
        except TextRefused as refused:
            raise Refusal(Code.INVALID_TEXT, refused.reason.value) from None
    level = options.get("level")
    if level is not None:
        if not solo:
            raise Refusal(Code.BAD_OPTION, "level")
        if level > reached(table):
            raise Refusal(DCode.LEVEL_LOCKED)
