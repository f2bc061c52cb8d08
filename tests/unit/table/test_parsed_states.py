"""`Referee._state`: a room's state dict is parsed once, while the dict lives."""

from __future__ import annotations

from table import referee as referee_module
from table import registry
from table.referee import Referee
from tests.support.tabletop import Tabletop


def test_the_same_state_dict_gives_the_same_state_and_another_dict_a_new_parse() -> None:
    top = Tabletop(registry.get("bluff"), seed=3)
    top.create("Host")
    top.seat("Ana", "Ben")
    top.start()
    room = top.room
    assert room is not None
    referee = Referee(top.game)
    first = referee._state(room)
    assert referee._state(room) is first
    twin = room.model_copy(update={"state": dict(room.state)})
    again = referee._state(twin)
    assert again is not first and again == first
    replaced = room.model_copy(update={"state": {**room.state, "phase_id": room.phase_id + 1}})
    assert referee._state(replaced).phase_id == first.phase_id + 1


def test_the_parsed_states_kept_are_bounded() -> None:
    top = Tabletop(registry.get("bluff"), seed=3)
    top.create("Host")
    room = top.room
    assert room is not None
    referee = Referee(top.game)
    for _ in range(referee_module.PARSED_STATES * 2 + 1):
        referee._state(room.model_copy(update={"state": dict(room.state)}))
    assert 0 < len(referee._parsed) <= referee_module.PARSED_STATES
