"""Every unit test holds the table to the promise `Room.clone` relies on.

A clone shares the game's state, its memory and the values of options and
picks with the room it copies, because the table replaces those whole and
never changes them in place. Here each clone gets read-only copies of them
instead: a rule, a game or a table step that changed one in place raises at
once, in whichever test reaches it, instead of quietly changing the stored
room a decision was made on. A deep copy (the test table keeps one of every
committed room) is writable again, so tests may still set a scene by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NoReturn

import pytest

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
