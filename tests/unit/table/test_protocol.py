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
        [{"text": {"nested": 1}}],  # objects hold scalars only
        [["a"]],  # no lists in lists
        {"a": 1},  # an object is not an option value
        [{"text": "x"}] * 17,  # at most 16 objects
        1.5,  # no fractions
    ],
)
def test_any_other_option_value_is_a_bad_request(value: object) -> None:
    with pytest.raises(Refusal) as refused:
        options(value)
    assert refused.value.code == "bad_request"


@pytest.mark.parametrize("frame", ['{"action": "ping", "t": NaN}', "[" * 1500, '"ping"', "{}"])
def test_frames_that_are_not_an_envelope_are_bad_requests(frame: str) -> None:
    with pytest.raises(Refusal) as refused:
        protocol.parse_envelope(frame)
    assert refused.value.code == "bad_request"
