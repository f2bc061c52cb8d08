"""Every game answers the same situation with the same code, through the handlers.

- A language a game has no content for is `unknown_deck`, at `create_room` and
  at `set_options`, in every game; never an internal error.
- A value an option does not allow, of whatever type, is `bad_option` with the
  option's name as `reason`, at `create_room` and at `set_options`.
- A host whose phone dies in the lobby, where nobody else may act, hands the
  host role on by itself at the end of ruling 1e's grace, and everybody is told.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from table import registry
from table.members import HOST_GRACE_MS
from table.referee import HOST_CHECK
from tests.support.aws import Stack, aws_stack

GAMES = ("bluff", "impostor", "fictionary", "dictopia")
# The UI's languages and one no game has: each game refuses those it has no content for.
LANGS = ("en", "es", "ru", "ro", "fr", "de")
# Values no option of any game allows: the wrong type, or a shape nobody reads.
WRONG_VALUES: tuple[Any, ...] = (10.5, -1e9, {"nested": {"x": 1}}, [[1]], [1.5], "\u202e")


def refused_alone(stack: Stack, cid: str, frame: dict[str, Any]) -> dict[str, Any]:
    """Send `frame`; return the answer, which must be the sender's only new message."""
    before = len(stack.messages(cid))
    stack.clock.ms += 1_000  # well inside the rate limit, however many frames a test sends
    stack.send_raw(cid, json.dumps({**frame, "req": "r9"}))
    answers = stack.messages(cid)[before:]
    assert len(answers) == 1, answers
    assert answers[0]["type"] == "error" and answers[0]["req"] == "r9", answers[0]
    return answers[0]


@pytest.mark.parametrize("game", GAMES)
def test_create_room_in_a_language_without_content_is_unknown_deck(game: str) -> None:
    langs = registry.get(game).langs
    with aws_stack() as stack:
        for lang in LANGS:
            cid = stack.connect()
            frame = {"action": "create_room", "game": game, "lang": lang, "name": "Ana"}
            if lang in langs:
                stack.send(cid, **frame)
                assert stack.messages(cid, "welcome"), (game, lang)
                continue
            answer = refused_alone(stack, cid, frame)
            assert answer["code"] == "unknown_deck", (game, lang, answer)


@pytest.mark.parametrize("game", GAMES)
def test_set_options_to_a_language_without_content_is_unknown_deck(game: str) -> None:
    with aws_stack() as stack:
        seated = stack.seat(["Ana", "Ben"], game=game)
        before = stack.room_item(seated.code)
        others = len(stack.messages(seated.cids["Ben"]))
        for lang in set(LANGS) - registry.get(game).langs:
            answer = refused_alone(
                stack, seated.cids["Ana"], {"action": "set_options", "options": {}, "lang": lang}
            )
            assert answer["code"] == "unknown_deck", (game, lang)
        assert stack.room_item(seated.code) == before
        assert len(stack.messages(seated.cids["Ben"])) == others


@pytest.mark.parametrize("game", GAMES)
def test_every_option_refuses_a_value_of_the_wrong_type_by_name(game: str) -> None:
    # Every option of the game, and one it does not have (Dictionary Bluff has none).
    names = [o.name for o in registry.get(game).options] + ["no_such_option"]
    with aws_stack() as stack:
        seated = stack.seat(["Ana", "Ben"], game=game)
        host = seated.cids["Ana"]
        before = stack.room_item(seated.code)
        for name in names:
            for value in WRONG_VALUES:
                options = {name: value}
                answer = refused_alone(stack, host, {"action": "set_options", "options": options})
                assert (answer["code"], answer.get("reason")) == ("bad_option", name), (
                    game,
                    options,
                    answer,
                )
                cid = stack.connect()
                create = {"action": "create_room", "game": game, "name": "Mo", "options": options}
                answer = refused_alone(stack, cid, create)
                assert (answer["code"], answer.get("reason")) == ("bad_option", name)
                assert not stack.messages(cid, "welcome")
        assert stack.room_item(seated.code) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_host_who_drops_in_the_lobby_is_handed_on_by_itself(game: str) -> None:
    with aws_stack() as stack:
        seated = stack.seat(["Ana", "Ben", "Cy"], game=game)
        stack.disconnect(seated.cids["Ana"])
        checks = [t for t in stack.timers.started if t.key.startswith(HOST_CHECK)]
        assert len(checks) == 1 and checks[0].at == stack.clock.ms + HOST_GRACE_MS
        # Nobody sends anything: the timer alone hands the role on, and both are told.
        counts = {n: len(stack.messages(seated.cids[n], "state")) for n in ("Ben", "Cy")}
        stack.fire(checks[0])
        for name in ("Ben", "Cy"):
            assert len(stack.messages(seated.cids[name], "state")) > counts[name]
        hosts = [n for n in ("Ben", "Cy") if stack.last_state(seated.cids[n])["me"]["host"] is True]
        assert hosts == ["Ben"], "the longest-seated present player is the new host"


def test_a_host_back_before_the_grace_keeps_the_role_when_the_timer_fires() -> None:
    with aws_stack() as stack:
        seated = stack.seat(["Ana", "Ben", "Cy"])
        stack.disconnect(seated.cids["Ana"])
        check = next(t for t in stack.timers.started if t.key.startswith(HOST_CHECK))
        stack.clock.ms += HOST_GRACE_MS // 2
        back = stack.connect()
        stack.send(back, action="resume", room=seated.code, token=seated.tokens["Ana"])
        before = stack.room_item(seated.code)
        stack.fire(check)
        assert stack.room_item(seated.code) == before, "a firing that finds the host back: no-op"
        assert stack.last_state(back)["me"]["host"] is True


def test_a_resume_on_a_connection_that_speaks_for_someone_changes_nothing() -> None:
    """Found by the wire fuzzer: Ben's connection presenting Cy's token used to move
    Cy's seat onto it and rotate Cy's token, then fail to bind, locking Cy out."""
    with aws_stack() as stack:
        seated = stack.seat(["Ana", "Ben", "Cy"])
        before = stack.room_item(seated.code)
        frame = {"action": "resume", "room": seated.code, "token": seated.tokens["Cy"]}
        answer = refused_alone(stack, seated.cids["Ben"], frame)
        assert answer["code"] == "already_in_room"
        assert stack.room_item(seated.code) == before
        # Cy's own phone still speaks for Cy.
        stack.send(seated.cids["Cy"], action="sync")
        assert stack.last_state(seated.cids["Cy"])["me"]["id"] == seated.ids["Cy"]
