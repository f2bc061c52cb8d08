"""The envelope and the table's requests: what parses, and what is `bad_request`."""

from __future__ import annotations

import json

import pytest

from table import protocol
from table.errors import Refusal


def options(value: object) -> dict[str, object]:
    frame = json.dumps({"action": "set_options", "options": {"o": value}})
    request = protocol.parse_fields(protocol.SetOptions, protocol.parse_envelope(frame))
    assert isinstance(request, protocol.SetOptions)
    return dict(request.options)


@pytest.mark.parametrize(
    "value",
    ["typed", 3, True, None, ["food", "animals"], [{"text": "two vowels", "bonus": 2}]],
)
def test_an_option_is_a_scalar_a_list_or_a_short_list_of_small_objects(value: object) -> None:
    assert options(value) == {"o": value}


@pytest.mark.parametrize(
    "value",
    [
        [{"text": {"nested": 1}}],
        [["a"]],
        {"a": 1},
        [{"text": "x"}] * 17,
        1.5,
    ],
)
def test_any_json_value_parses_and_is_the_referees_to_judge(value: object) -> None:
    # Whether a value is one an option allows, its type included, is decided once, by
    # the referee: a wrong one is `bad_option` naming the option, never `bad_request`
    # (tests/integration/test_one_table.py plays every option of every game).
    assert options(value) == {"o": value}


def test_more_than_32_options_is_a_bad_request() -> None:
    frame = json.dumps({"action": "set_options", "options": {f"o{i}": 1 for i in range(33)}})
    with pytest.raises(Refusal) as refused:
        protocol.parse_fields(protocol.SetOptions, protocol.parse_envelope(frame))
    assert refused.value.code == "bad_request"


@pytest.mark.parametrize("frame", ['{"action": "ping", "t": NaN}', "[" * 1500, '"ping"', "{}"])
def test_frames_that_are_not_an_envelope_are_bad_requests(frame: str) -> None:
    with pytest.raises(Refusal) as refused:
        protocol.parse_envelope(frame)
    assert refused.value.code == "bad_request"


def create_room(**fields: object) -> protocol.CreateRoom:
    frame = json.dumps({"action": "create_room", "name": "Ana", **fields})
    request = protocol.parse_fields(protocol.CreateRoom, protocol.parse_envelope(frame))
    assert isinstance(request, protocol.CreateRoom)
    return request


def test_create_room_takes_a_profile_of_32_lowercase_hex() -> None:
    assert create_room().profile is None
    assert create_room(profile="0123456789abcdef" * 2).profile == "0123456789abcdef" * 2


@pytest.mark.parametrize(
    "profile",
    [
        "0123456789ABCDEF" * 2,  # lowercase only
        "0123456789abcdef" * 2 + "0",  # 33
        "0123456789abcdef",  # 16
        "0123456789abcdeg" * 2,  # not hex
        "0123456789abcdef" * 2 + "\n",
        "",
        12345,
        ["0123456789abcdef" * 2],
    ],
)
def test_any_other_profile_is_a_bad_request(profile: object) -> None:
    with pytest.raises(Refusal) as refused:
        create_room(profile=profile)
    assert refused.value.code == "bad_request"
    assert "0123456789" not in json.dumps(protocol.error(refused.value, "r1"))  # never echoed
