"""Dictopia's solo level kept per player profile (D23b), through the real handlers on moto.

GIVEN a browser's profile secret sent with `create_room`, WHEN its player beats Big
Brother in one solo room, THEN the next solo room created with the same secret deals
9 cards, while another secret and no secret deal 8; the table holds only the
secret's SHA-256, and no message carries the secret or its hash.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from tests.integration.test_dictopia import create, next_phase, win_solo
from tests.support.aws import TABLE, Stack, aws_stack

SECRET = "5e3a9c0f1b7d4e2a8c6f0b1d3e5a7c9f"
OTHER = "a" * 32


@pytest.fixture
def stack() -> Any:
    with aws_stack(seed=3) as stack:
        yield stack


def solo_level(stack: Stack, profile: str | None, lang: str = "en") -> tuple[int, int]:
    """A new solo room's level, and the size of its first hand."""
    cids, _ = create(stack, ("Sol",), lang=lang, profile=profile, mode="solo")
    sol = cids["Sol"]
    level = stack.last_state(sol)["solo"]["level"]
    stack.send(sol, action="start_match")
    state = next_phase(stack, sol, "trial")
    return level, len(state["my_hand"])


def every_item(stack: Stack) -> list[dict[str, Any]]:
    return stack.client.scan(TableName=TABLE)["Items"]


def test_d23b_a_win_is_the_next_solo_rooms_level_for_the_same_profile(stack: Stack) -> None:
    win_solo(stack, SECRET)
    assert solo_level(stack, SECRET) == (9, 9)
    assert solo_level(stack, SECRET, lang="fr") == (8, 8)  # per language
    assert solo_level(stack, OTHER) == (8, 8)
    assert solo_level(stack, None) == (8, 8)
    # The table keeps the hash alone: the secret is in no item, and no message
    # carries the secret or the hash.
    digest = hashlib.sha256(SECRET.encode()).hexdigest()
    items = every_item(stack)
    profiles = [i for i in items if i["pk"]["S"].startswith("PROFILE#")]
    assert [i["pk"]["S"] for i in profiles] == [f"PROFILE#{digest}"]
    assert profiles[0]["m#solo_reached#en"] == {"N": "9"}
    stored = json.dumps(items, default=repr)
    assert SECRET not in stored
    rooms = [i for i in items if i["pk"]["S"].startswith("ROOM#") and "body" in i]
    assert rooms  # room bodies are compressed: the secret is checked in each room as read
    for item in rooms:
        room = stack.service.store.load(item["pk"]["S"].removeprefix("ROOM#"), stack.clock.now())
        assert room is not None and SECRET not in room.room.model_dump_json()
    sent = json.dumps(stack.notifier.inbox)
    assert SECRET not in sent and digest not in sent
    # A room created without a profile, or with one for a game that remembers nothing,
    # writes no profile.
    assert len([i for i in every_item(stack) if i["pk"]["S"].startswith("PROFILE#")]) == 1


def test_d23b_a_loss_at_a_lower_level_never_lowers_the_profile(stack: Stack) -> None:
    win_solo(stack, SECRET)
    cids, _ = create(stack, ("Sol",), profile=SECRET, mode="solo", level=8)
    sol = cids["Sol"]
    assert stack.last_state(sol)["solo"] == {"level": 8, "reached": 9, "beaten": None}
    stack.send(sol, action="start_match")
    for _ in range(5):
        next_phase(stack, sol, "trial")
        stack.fire_latest()  # nothing filed: the trial closes on its deadline
    final = next_phase(stack, sol, "finished")
    assert final["solo"]["beaten"] is False and final["winners"] == ["big_brother"]
    assert solo_level(stack, SECRET) == (9, 9)


def test_create_room_with_a_malformed_profile_creates_nothing(stack: Stack) -> None:
    before = every_item(stack)
    for profile in ("A" * 32, "a" * 31, "a" * 33, "g" * 32, 7):
        cid = stack.connect()
        stack.send(cid, action="create_room", req="r", name="Sol", game="dictopia", profile=profile)
        assert stack.messages(cid)[-1]["type"] == "error"
        assert stack.messages(cid)[-1]["code"] == "bad_request"
        assert stack.messages(cid, "welcome") == []
    assert every_item(stack) == before


def test_a_game_that_remembers_nothing_keeps_no_profile(stack: Stack) -> None:
    seated = stack.seat(("Ana", "Ben", "Cy"), game="bluff", profile=SECRET)
    assert stack.messages(seated.cids["Ana"], "welcome")
    assert not [i for i in every_item(stack) if i["pk"]["S"].startswith("PROFILE#")]
    room = stack.service.store.load(seated.code, stack.clock.now())
    assert room is not None and room.room.profile_hash is None


def test_d23b_without_a_profile_a_win_is_kept_by_the_room_alone(stack: Stack) -> None:
    win_solo(stack, None)
    assert not [i for i in every_item(stack) if i["pk"]["S"].startswith("PROFILE#")]
    assert solo_level(stack, None) == (8, 8)
