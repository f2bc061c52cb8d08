"""`State.clone`: the copy every rule changes instead of the state it was given.

Rules are pure (they never change their input), so each one that changes a
state first clones it. The clone validates the state's own dump: these tests
play a match of every game to its end, timers only, and check each clone made
on the way: equal to its original, and sharing no list, dict or model with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel

from table import registry
from table.contract import State
from tests.support.tabletop import Tabletop


def _mutable_parts(value: Any) -> Iterator[Any]:
    """Every list, dict, set and unfrozen model inside `value`, itself included."""
    if isinstance(value, BaseModel):
        if not value.model_config.get("frozen"):
            yield value
        for part in value.__dict__.values():
            yield from _mutable_parts(part)
    elif isinstance(value, dict):
        yield value
        for part in value.values():
            yield from _mutable_parts(part)
    elif isinstance(value, list | set):
        yield value
        for part in value:
            yield from _mutable_parts(part)
    elif isinstance(value, tuple | frozenset):
        for part in value:
            yield from _mutable_parts(part)


def test_a_clone_shares_nothing_mutable_with_its_original() -> None:
    class Inner(BaseModel):
        tags: list[str]

    class Nested(State):
        inner: Inner
        beats: list[dict[str, object]]
        anything: dict[str, Any]

    state = Nested(
        inner=Inner(tags=["a"]),
        beats=[{"at": 1, "who": ["x", "y"]}],
        anything={"deep": {"list": [1, [2, 3]]}},
    )
    clone = state.clone()
    assert clone == state and type(clone) is Nested
    assert not {id(p) for p in _mutable_parts(state)} & {id(p) for p in _mutable_parts(clone)}
    clone.beats[0]["who"].append("z")  # type: ignore[union-attr]
    clone.anything["deep"]["list"][1].append(4)
    clone.inner.tags.append("b")
    assert state.beats == [{"at": 1, "who": ["x", "y"]}]
    assert state.anything == {"deep": {"list": [1, [2, 3]]}}
    assert state.inner.tags == ["a"]


@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_every_clone_in_a_whole_match_is_an_equal_copy_sharing_nothing(
    slug: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = registry.get(slug)
    clones: list[str] = []
    original_clone = State.clone

    def checked(self: State) -> State:
        copy = original_clone(self)
        assert copy == self and type(copy) is type(self)
        shared = {id(p) for p in _mutable_parts(self)} & {id(p) for p in _mutable_parts(copy)}
        assert not shared, f"{slug}: the clone shares {len(shared)} parts with its original"
        clones.append(self.phase)
        return copy

    monkeypatch.setattr(State, "clone", checked)
    top = Tabletop(game, seed=5)
    top.create("Host")
    top.seat(*[f"P{i}" for i in range(1, max(game.min_seats, 3))])
    top.start()
    top.run_out()
    assert top.phase == "finished"
    assert len(set(clones)) >= 3, clones  # rounds' phases were cloned, not only the lobby
