"""The mission catalogue of ruling D9a: ids, checks, bonuses and conflict groups.

These are rules, the same in every language; only the wording is content
(`missions.toml`). Host-written blank missions (D18) join them as `custom1`…`custom5`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Check(StrEnum):
    AUTO = "auto"  # from the word's letters, eyes and cards
    DICT = "dict"  # from the word list (D9b)
    VOTE = "vote"  # claimed, disputed, voted (D13a)
    SPEED = "speed"  # first to touch (D16)


@dataclass(frozen=True)
class MissionRule:
    id: str
    check: Check
    bonus: int
    conflict: str | None = None


A, D, V = Check.AUTO, Check.DICT, Check.VOTE

CATALOGUE: tuple[MissionRule, ...] = (
    MissionRule("even", A, 2, "parity"),
    MissionRule("odd", A, 2, "parity"),
    MissionRule("five", A, 2, "length"),
    MissionRule("long", A, 3, "length"),
    MissionRule("short", A, 3, "length"),
    MissionRule("vowel_start", A, 2),
    MissionRule("vowel_end", A, 1),
    MissionRule("same_ends", A, 3),
    MissionRule("double", A, 2, "repeats"),
    MissionRule("triple", A, 3, "repeats"),
    MissionRule("isogram", A, 2, "repeats"),
    MissionRule("alternate", A, 3, "rhythm"),
    MissionRule("cluster", A, 2, "rhythm"),
    MissionRule("lipogram", A, 2),
    MissionRule("palindrome", A, 4),
    MissionRule("eight_eyes", A, 2, "eyes"),
    MissionRule("odd_eyes", A, 1, "eyes"),
    MissionRule("watched", A, 2),
    MissionRule("more_eyes", A, 2),
    MissionRule("all_in", A, 3),
    MissionRule("three_syllables", A, 2, "syllables"),
    MissionRule("one_syllable", A, 3, "syllables"),
    MissionRule("music", A, 1),  # by letters; by sound as a claim (D10b)
    MissionRule("speed", Check.SPEED, 3),
    MissionRule("homograph", D, 3),  # voted where no offline source tells entries apart (D11a)
    MissionRule("anagram", D, 3),
    MissionRule("nested", D, 1),
    MissionRule("verb", D, 2),
    MissionRule("field_watch", V, 2),
    MissionRule("field_kitchen", V, 2),
    MissionRule("field_nature", V, 2),
    MissionRule("field_city", V, 2),
    MissionRule("field_body", V, 2),
    MissionRule("sentence_meet", V, 2),
    MissionRule("sentence_secret", V, 2),
    MissionRule("sentence_ban", V, 2),
    MissionRule("quote_stage", V, 3),
    MissionRule("quote_soul", V, 3),
    MissionRule("foreign", V, 3),
)
BY_ID: dict[str, MissionRule] = {m.id: m for m in CATALOGUE}

CUSTOM_PREFIX = "custom"
MAX_CUSTOM = 5

# D3a: the warm-up's three challenges, checked like these missions.
CHALLENGES: dict[int, str] = {1: "five", 2: "eight_eyes", 3: "vowel_start"}
