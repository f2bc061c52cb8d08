"""`Room.clone`: a decision's own copy of the room, sharing only what is never changed in place."""

from __future__ import annotations

import copy

import pytest

from table.room import Member, Role, Room
from tests.unit.conftest import ReadOnlyDict


def _room() -> Room:
    return Room(
        code="ABCD",
        game="bluff",
        lang="en",
        options={"rounds": 6, "deck": {"tags": ["a"]}},
        host="m1",
        members=[Member(id="m1", name="Ana", role=Role.PLAYER, token_hash="h", joined_at=1)],
        state={"phase": "writing", "phase_id": 3, "round": {"entries": {"m1": "x"}}},
        memory={"seen": ["c1"]},
        picks={"m1": {"text": "y"}},
        picks_phase=3,
        bans=["b"],
        created_at=1,
    )


def test_a_clone_equals_its_room_and_owns_what_decisions_change() -> None:
    room = _room()
    clone = _unchecked_clone(room)
    assert clone == room
    assert clone.members[0] is not room.members[0] and clone.members is not room.members
    for part in ("options", "picks", "bans"):
        assert getattr(clone, part) is not getattr(room, part), part
    clone.members[0].connected = False
    clone.picks["m2"] = {"text": "z"}
    clone.options["rounds"] = 3
    clone.bans.append("c")
    assert room == _room()


def test_a_clone_shares_the_state_and_memory_it_only_ever_replaces() -> None:
    room = _room()
    clone = _unchecked_clone(room)
    assert clone.state is room.state and clone.memory is room.memory
    clone.state = {**clone.state, "phase": "voting"}
    assert room.state["phase"] == "writing"


def test_in_unit_tests_a_clone_refuses_any_change_in_place_to_what_it_shares() -> None:
    clone = _room().clone()
    assert isinstance(clone.state, ReadOnlyDict)
    with pytest.raises(TypeError):
        clone.state["phase"] = "voting"
    with pytest.raises(TypeError):
        clone.state["round"]["entries"].pop("m1")
    with pytest.raises(TypeError):
        clone.memory["seen"].append("c2")
    with pytest.raises(TypeError):
        clone.options["deck"]["tags"].append("b")
    with pytest.raises(TypeError):
        clone.picks["m1"]["text"] = "z"
    writable = copy.deepcopy(clone)  # the test table's committed copy: a scene may be set by hand
    writable.state["round"]["entries"]["m1"] = "w"
    assert writable.state["round"]["entries"] == {"m1": "w"}


_CLONE = Room.clone


def _unchecked_clone(room: Room) -> Room:
    return _CLONE(room)
