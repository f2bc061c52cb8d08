"""Table memory kept per player profile (`Game.remembered`), as the pure referee sees it.

GIVEN a game that remembers a map of counters, WHEN a room is created with what a
profile keeps, THEN the room's memory starts with it (other keys dropped), and a
change that raises it is named on the decision for the service to write back,
only in a room that has a profile.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from table.contract import Env, Outcome, Table
from table.referee import Referee, Start
from tests.support.odd_one_out import OddOneOut, OddState

NOW = 1_795_971_600_000


class Counting(OddOneOut):
    """Odd One Out that counts the matches each language's rooms start."""

    remembered: ClassVar[tuple[str, ...]] = ("starts",)

    def start(self, state: OddState, table: Table, env: Env) -> Outcome[OddState]:
        outcome = super().start(state, table, env)
        starts = dict(table.memory.get("starts") or {})
        starts[table.lang] = int(starts.get(table.lang, 0)) + 1
        memory: dict[str, Any] = {**table.memory, "starts": starts, "other": [1]}
        return Outcome(outcome.state, outcome.effects, memory=memory)


def env() -> Env:
    return Env(now=NOW, rng=random.Random(1))


def started(profile_hash: str | None, remembered: dict[str, Any] | None) -> tuple[Any, Any]:
    referee = Referee(Counting())
    created = referee.create("QXZT", "Ana", "en", {}, env(), profile_hash, remembered)
    room = created.room
    for name in ("Ben", "Cy"):
        room = referee.join(room, name, False, env()).room
    return created, referee.act(room, room.host or "", Start(), env())


def test_a_room_starts_with_what_its_profile_remembers() -> None:
    kept = {"starts": {"en": 4, "ro": 2}, "elsewhere": {"en": 9}}
    created, decision = started("ab" * 32, kept)
    assert created.room.memory == {"starts": {"en": 4, "ro": 2}}  # only the game's keys
    assert created.room.profile_hash == "ab" * 32
    assert decision.room.memory["starts"] == {"en": 5, "ro": 2}
    assert decision.remember == {"starts": {"en": 5}}  # only what changed is written


def test_without_a_profile_nothing_is_to_be_written() -> None:
    created, decision = started(None, None)
    assert created.room.memory == {} and created.room.profile_hash is None
    assert decision.room.memory["starts"] == {"en": 1}
    assert decision.remember == {}


def test_the_profile_hash_is_in_no_view() -> None:
    _created, decision = started("cd" * 32, {"starts": {"en": 1}})
    referee = Referee(Counting())
    for member in decision.room.members:
        assert "cd" * 32 not in str(referee.view(decision.room, member.id, NOW))
