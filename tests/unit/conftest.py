"""Every unit test holds the table to the promises its copies rely on.

A room's clone shares the game's state, its memory and the values of options and
picks with the room it copies, because the table replaces those whole and
never changes them in place. Here each clone gets read-only copies of them
instead: a rule, a game or a table step that changed one in place raises at
once, in whichever test reaches it, instead of quietly changing the stored
room a decision was made on. A deep copy (the test table keeps one of every
committed room) is writable again, so tests may still set a scene by hand.

A referee keeps each game state it parses and hands the same one to every
decision and view that reads the same state dict (`Referee._state`), because
rules never change a state they are given. Each test ends by checking that
every state a referee handed out still serialises as it did when parsed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NoReturn

import pytest

from table.contract import State
from table.referee import Referee
from table.room import Room


def _refuse(*_: Any, **__: Any) -> NoReturn:
    raise TypeError("a cloned room's state, memory, options and picks are replaced, never changed")


class ReadOnlyDict(dict[str, Any]):
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return writable(self)


class ReadOnlyList(list[Any]):
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = clear = extend = insert = pop = remove = reverse = sort = _refuse

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return writable(self)  # type: ignore[no-any-return]


def read_only(value: Any) -> Any:
    if isinstance(value, dict):
        return ReadOnlyDict({k: read_only(v) for k, v in value.items()})
    if isinstance(value, list):
        return ReadOnlyList(read_only(v) for v in value)
    return value


def writable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: writable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [writable(v) for v in value]
    return value


@pytest.fixture(autouse=True)
def read_only_clones(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    clone = Room.clone

    def checked(self: Room) -> Room:
        copy = clone(self)
        copy.state = read_only(copy.state)
        copy.memory = read_only(copy.memory)
        copy.options = {k: read_only(v) for k, v in copy.options.items()}
        copy.picks = {k: read_only(v) for k, v in copy.picks.items()}
        return copy

    monkeypatch.setattr(Room, "clone", checked)
    yield


@pytest.fixture(autouse=True)
def unchanged_states(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    parse = Referee._state
    handed_out: dict[int, tuple[State, str]] = {}

    def recorded(self: Referee, room: Room) -> State:
        state = parse(self, room)
        if id(state) not in handed_out:
            handed_out[id(state)] = state, state.model_dump_json()
        return state

    monkeypatch.setattr(Referee, "_state", recorded)
    yield
    changed = [s for s, dumped in handed_out.values() if s.model_dump_json() != dumped]
    assert not changed, f"{len(changed)} parsed game states were changed in place: {changed[0]!r}"
