"""A protocol fuzzer: the wire never answers with a crash, in any game.

Hypothesis plays random frames through the real handlers on moto: the table's
requests and the game's moves (drawn from the registry's own move models),
with fields that fit, fields taken from what the sender was last shown (ids,
round numbers), and mutants (wrong types, out of range, extra or missing keys,
huge, unicode, NaN, not JSON at all), from random members (the host, a player,
an observer, a kicked member, a stranger), at random moments of a match, with
the clock moved and every timer fired in between.

After every frame:
- it got exactly one answer carrying its `req` (`ok`, `error` or `games`; a
  `ping` gets its `pong`);
- nothing raised: no frame is an internal error;
- a refused frame left the room item byte for byte as it was and told nobody
  else (the room is settled before each frame, so a refusal has no catch-up).
At the end the service still answers a `ping` and a `sync`.

Profiles (`HYPOTHESIS_PROFILE`): `check` (a few rooms, for `make check`),
`default` (this suite), `fuzz` (`make fuzz`: many rooms, long matches).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from table import registry
from tests.support.aws import TABLE, Seated, Stack, aws_stack

GAMES = ("bluff", "impostor", "fictionary", "dictopia")
STEPS = {"check": 12, "default": 30, "fuzz": 120}
EXAMPLES = {"check": 2, "default": 6, "fuzz": 150}
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
if PROFILE not in STEPS:
    PROFILE = "default"

TABLE_REQUESTS = (
    "start_match",
    "set_options",
    "add_seat",
    "remove_seat",
    "take_seat",
    "kick",
    "leave",
    "sync",
    "ping",
    "games",
    "join_room",
    "resume",
    "create_room",
)
# Values that fit no field anywhere, or only by accident.
MUTANTS: tuple[Any, ...] = (
    None,
    True,
    -1,
    0,
    2**63,
    10.5,
    math.nan,
    math.inf,
    "",
    "x" * 3000,
    "\u202e\u200b",
    "ана",
    "<b>hi</b>",
    [],
    [None],
    {},
    {"a": {"b": [1]}},
)
WHO = ("host", "player", "player2", "observer", "kicked", "stranger")


def _scalars(value: Any) -> Iterator[Any]:
    """Every string and number in a message: ids, codes, round numbers."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _scalars(item)
    elif isinstance(value, list):
        for item in value:
            yield from _scalars(item)
    elif isinstance(value, str | int) and not isinstance(value, bool):
        yield value


def _seen(stack: Stack, cid: str) -> list[Any]:
    states = stack.messages(cid, "state")
    return sorted(set(_scalars(states[-1])), key=repr)[:200] if states else []


def _value(data: st.DataObject, annotation: str, seen: list[Any]) -> Any:
    """A value for a field of this annotation: one the sender saw, a plausible one, or a mutant."""
    ints = [v for v in seen if isinstance(v, int)] or [0, 1]
    strs = [v for v in seen if isinstance(v, str)] or ["x"]
    kind = data.draw(st.sampled_from(("seen", "seen", "plain", "mutant")))
    if kind == "mutant":
        return data.draw(st.sampled_from(MUTANTS))
    if "list" in annotation:
        inner = st.sampled_from(ints) if "int" in annotation else st.sampled_from(strs)
        if "list[list" in annotation.replace("typing.Annotated[", ""):
            inner = st.lists(st.sampled_from(ints), max_size=4)  # type: ignore[assignment]
        return data.draw(st.lists(inner, max_size=5))
    if "bool" in annotation:
        return data.draw(st.booleans())
    if "Literal" in annotation:
        return data.draw(st.sampled_from((1, 2, 3)))
    if "int" in annotation:
        if kind == "seen":
            return data.draw(st.sampled_from(ints))
        return data.draw(st.integers(-2, 25))
    if kind == "seen":
        return data.draw(st.sampled_from(strs))
    return data.draw(st.text(min_size=0, max_size=60))


def _move(data: st.DataObject, game: str, seen: list[Any]) -> dict[str, Any]:
    moves = registry.get(game).moves
    action = data.draw(st.sampled_from(sorted(moves)))
    fields = {
        name: _value(data, str(field.annotation), seen)
        for name, field in moves[action].model_fields.items()
    }
    return {"action": action, **fields}


def _table_request(
    data: st.DataObject, game: str, seated: Seated, seen: list[Any]
) -> dict[str, Any]:
    action = data.draw(st.sampled_from(TABLE_REQUESTS))
    strs = [v for v in seen if isinstance(v, str)] or ["x"]
    fields: dict[str, Any] = {}
    if action == "set_options":
        options = registry.get(game).options
        if options and data.draw(st.booleans()):
            option = data.draw(st.sampled_from(options))
            value = (
                data.draw(st.sampled_from(option.choices))
                if option.choices and data.draw(st.booleans())
                else data.draw(st.sampled_from(MUTANTS))
            )
            fields["options"] = {option.name: value}
        else:
            fields["options"] = {}
    elif action in ("kick", "remove_seat"):
        fields["player"] = data.draw(st.sampled_from(strs))
    elif action == "add_seat":
        fields["name"] = data.draw(st.sampled_from(("Pat", "Quin", "", "<i>")))
    elif action == "ping":
        fields["t"] = data.draw(st.integers(0, 10**9))
    elif action == "join_room":
        fields = {"room": seated.code, "name": data.draw(st.sampled_from(("Zoe", "Ana", "Yul")))}
    elif action == "resume":
        token = data.draw(st.sampled_from([*seated.tokens.values(), "0" * 32]))
        fields = {"room": seated.code, "token": token}
    elif action == "create_room":
        fields = {"name": "Moe", "game": game}
    return {"action": action, **fields}


def _mutate(data: st.DataObject, frame: dict[str, Any]) -> dict[str, Any] | str:
    """A frame bent out of shape: a field's value swapped, a key added or dropped, or worse."""
    how = data.draw(
        st.sampled_from(("swap", "extra", "drop", "unknown", "huge", "raw", "not_object"))
    )
    frame = dict(frame)
    keys = [k for k in frame if k != "action"]
    if how == "swap" and keys:
        frame[data.draw(st.sampled_from(keys))] = data.draw(st.sampled_from(MUTANTS))
    elif how == "extra":
        frame[data.draw(st.sampled_from(("extra", "seat", "__proto__", "req2")))] = 1
    elif how == "drop" and keys:
        frame.pop(data.draw(st.sampled_from(keys)))
    elif how == "unknown":
        frame["action"] = data.draw(st.sampled_from(("fly", "", "vote ", "VOTE", "submit\u0000")))
    elif how == "huge":
        frame["pad"] = "x" * 9000
    elif how == "raw":
        return data.draw(st.sampled_from(("{not json", "", "null", "[1,2]", '{"action": 1}')))
    elif how == "not_object":
        return json.dumps([frame])
    return frame


def _settle(stack: Stack, cids: dict[str, str]) -> None:
    """Fire every timer that is due (and those they set that are due too), then let a
    member's `sync` catch the room up, so that the next frame finds nothing to settle."""
    while due := [
        a for a in stack.timers.started if a.name not in stack.fired and a.at <= stack.clock.ms
    ]:
        stack.fire(min(due, key=lambda a: a.at), at=stack.clock.ms)
    for cid in cids.values():
        stack.clock.ms += 60  # each sync within the rate limit
        stack.send(cid, action="sync")
        if stack.messages(cid)[-1]["type"] == "state":
            return


def _check_one(
    stack: Stack, code: str, cids: dict[str, str], who: str, frame: dict[str, Any] | str
) -> None:
    cid = cids[who]
    req = f"q{len(stack.notifier.inbox[cid])}"
    if isinstance(frame, dict):
        raw = json.dumps({**frame, "req": req})  # NaN and Infinity go out as JS would not
    else:
        raw = frame
        req = ""
    counts = {c: len(stack.notifier.inbox[c]) for c in cids.values()}
    before = _room(stack, code)
    stack.send_raw(cid, raw)  # raises if the handler did; asserts a 200
    new = stack.notifier.inbox[cid][counts[cid] :]
    ping = (
        isinstance(frame, dict)
        and frame.get("action") == "ping"
        and isinstance(frame.get("t"), int)
    )
    if ping and not any(m["type"] == "error" for m in new):
        assert [m["type"] for m in new].count("pong") == 1, (raw[:300], new)
        return
    answers = [m for m in new if m["type"] in ("ok", "error", "games")]
    if req:
        mine = [m for m in answers if m.get("req") == req]
        readable = len(raw) <= 8192
        if readable:
            assert len(mine) == 1, (who, raw[:300], new)
        else:
            assert len(answers) == 1, (who, raw[:300], new)
    else:
        assert len(answers) == 1, (who, raw[:300], new)
    if answers and answers[-1]["type"] == "error":
        assert answers[-1]["code"] not in ("internal", ""), answers[-1]
        after = _room(stack, code)
        assert after == before, (
            f"refused {raw[:200]!r} ({answers[-1]}) changed the room: "
            + str(
                {
                    k: (before or {}).get(k)
                    for k in (after or {})
                    if (before or {}).get(k) != after[k]
                }
            )[:1500]
        )
        others = {c: len(stack.notifier.inbox[c]) for c in cids.values() if c != cid}
        assert others == {c: n for c, n in counts.items() if c != cid}, (
            f"refused {raw[:200]!r} told someone else"
        )


def _room(stack: Stack, code: str) -> dict[str, Any] | None:
    """The room's item as stored, or None once the room is gone (everybody left)."""
    key = {"pk": {"S": f"ROOM#{code}"}, "sk": {"S": "STATE"}}
    item: dict[str, Any] | None = stack.client.get_item(TableName=TABLE, Key=key).get("Item")
    return item


def _cast(stack: Stack, game: str) -> tuple[Seated, dict[str, str]]:
    """The host and two players seated, an observer, a kicked member and a stranger."""
    seated = stack.seat(["Ana", "Ben", "Cy", "Dee"], game=game)
    host = seated.cids["Ana"]
    stack.send(host, action="kick", player=seated.ids["Dee"])
    observer = stack.connect()
    stack.send(observer, action="join_room", room=seated.code, name="Eve", observer=True)
    return seated, {
        "host": host,
        "player": seated.cids["Ben"],
        "player2": seated.cids["Cy"],
        "observer": observer,
        "kicked": seated.cids["Dee"],
        "stranger": stack.connect(),
    }


@pytest.mark.parametrize("game", GAMES)
@settings(
    max_examples=EXAMPLES[PROFILE],
    deadline=None,
    derandomize=PROFILE != "fuzz",
    # A failing match is read from its frames; shrinking one takes minutes.
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_the_wire_never_crashes(game: str, data: st.DataObject) -> None:
    with aws_stack(seed=data.draw(st.integers(0, 2**16))) as stack:
        seated, cids = _cast(stack, game)
        if data.draw(st.booleans()):
            stack.send(cids["host"], action="start_match")
        _settle(stack, cids)
        for _ in range(STEPS[PROFILE]):
            kind = data.draw(st.sampled_from(("move", "move", "move", "table", "mutant", "time")))
            if kind == "time":
                stack.clock.ms += data.draw(st.sampled_from((500, 5_000, 30_000, 120_000)))
                _settle(stack, cids)
                continue
            who = data.draw(st.sampled_from(WHO))
            seen = _seen(stack, cids[who])
            if kind == "table":
                frame: dict[str, Any] | str = _table_request(data, game, seated, seen)
            else:
                frame = _move(data, game, seen)
                if kind == "mutant":
                    frame = _mutate(data, frame)
            stack.clock.ms += 60  # inside the rate limit: a crowd of frames, not a flood
            _check_one(stack, seated.code, cids, who, frame)
            _settle(stack, cids)
        # Still serving: a ping and a sync are answered as ever.
        stack.send(cids["player"], action="ping", t=7)
        assert stack.messages(cids["player"])[-1]["type"] == "pong"
