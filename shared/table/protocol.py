"""The wire: the envelope, the table's own requests, and server messages built in one place.

A frame is read in two steps. The envelope (`action`, `req`, `seat`) and the
table's requests are parsed here; any other action is a move of the room's
game, parsed by that game's model once the service knows the room. Anything
that does not parse is a `bad_request` and changes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import from_json

from table.errors import Code, Refusal, message_for

MAX_FRAME_BYTES = 8 * 1024

Req = Annotated[str, Field(max_length=64)]
RoomCode = Annotated[str, Field(min_length=1, max_length=8)]
TEXT_MAX = 2000
Text = Annotated[str, Field(max_length=TEXT_MAX)]  # every game refuses far less as too long
Id = Annotated[str, Field(min_length=1, max_length=64)]
Slug = Annotated[str, Field(min_length=1, max_length=16)]
# Options by name: any JSON value here (the frame's size bounds it). Whether a value
# is one the option allows, its type included, is the referee's to say, so that every
# wrong value of every option of every game is `bad_option` with the option's name.
Options = Annotated[dict[str, Any], Field(max_length=32)]
Profile = Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")]


class Request(BaseModel):
    # Each request's validator is built when that request first comes: a container
    # that only fires deadlines or sees connections come and go never builds them.
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


class CreateRoom(Request):
    name: Text
    lang: Annotated[str, Field(max_length=8)] = "en"
    game: Slug = "bluff"
    options: Options = Field(default_factory=dict)
    # The browser's player profile secret (128 random bits as hex): only its
    # SHA-256 is used, to keep what the game remembers per player.
    profile: Profile | None = None


class JoinRoom(Request):
    room: RoomCode
    name: Text
    observer: bool = False  # a TV or a spectator: never takes a seat
    # The token this device last held in the room, if any: a kicked member stays out.
    token: Annotated[str, Field(max_length=128)] | None = None


class Resume(Request):
    room: RoomCode
    token: Annotated[str, Field(max_length=128)]


class StartMatch(Request):
    pass


class SetOptions(Request):
    options: Options = Field(default_factory=dict)
    lang: Annotated[str, Field(max_length=8)] | None = None


class AddSeat(Request):
    """Pass-and-play: a seat played on the host's device."""

    name: Text


class RemoveSeat(Request):
    player: Id


class TakeSeat(Request):
    pass


class Kick(Request):
    player: Id


class Leave(Request):
    pass


class Sync(Request):
    """Ask the room to catch up (a phase past its deadline closes) and resend this view."""


class Ping(Request):
    t: int | float


class Games(Request):
    """Which games this server plays, with their seats, languages and options."""


TABLE_REQUESTS: dict[str, type[Request]] = {
    "create_room": CreateRoom,
    "join_room": JoinRoom,
    "resume": Resume,
    "start_match": StartMatch,
    "set_options": SetOptions,
    "add_seat": AddSeat,
    "remove_seat": RemoveSeat,
    "take_seat": TakeSeat,
    "kick": Kick,
    "leave": Leave,
    "sync": Sync,
    "ping": Ping,
    "games": Games,
}


class Envelope(BaseModel):
    """What every message carries besides its own fields."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)

    action: Annotated[str, Field(min_length=1, max_length=32)]
    req: Req | None = None
    seat: Id | None = None  # pass-and-play: which of this device's seats acts

    def fields(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


def bad_request() -> Refusal:
    return Refusal(Code.BAD_REQUEST)


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


def parse_envelope(frame: str | bytes | None) -> Envelope:
    """The envelope of one frame, or `bad_request`."""
    if frame is None:
        raise bad_request()
    raw = frame.encode() if isinstance(frame, str) else frame
    if len(raw) > MAX_FRAME_BYTES:
        raise bad_request()
    try:
        data = from_json(raw, allow_inf_nan=False)
        if not isinstance(data, dict) or not _finite(data):
            raise bad_request()
        return Envelope.model_validate(data)
    except (ValueError, ValidationError):
        raise bad_request() from None


def parse_fields(model: type[BaseModel], envelope: Envelope) -> BaseModel:
    """The message's own fields, strictly, as `model`; `bad_request` if they don't fit.

    A text that is only too long is refused as the rules would refuse it
    (`invalid_name` or `invalid_text`, reason `too_long`), not as malformed.
    """
    try:
        return model.model_validate(envelope.fields())
    except ValidationError as error:
        raise _too_long(error) or bad_request() from None


def _too_long(error: ValidationError) -> Refusal | None:
    problems = error.errors()
    texts = [
        p
        for p in problems
        if p["type"] == "string_too_long" and p.get("ctx", {}).get("max_length", 0) >= TEXT_MAX
    ]
    if not texts or len(texts) != len(problems):
        return None
    code = Code.INVALID_NAME if texts[0]["loc"][:1] == ("name",) else Code.INVALID_TEXT
    return Refusal(code, "too_long")


@cache
def _json_object() -> TypeAdapter[dict[str, Any]]:
    return TypeAdapter(dict[str, Any])


def request_id(frame: str | bytes | None) -> str | None:
    """The `req` of a frame that did not parse, if one can be read, to echo in the error."""
    if frame is None or len(frame) > MAX_FRAME_BYTES:
        return None
    try:
        data = _json_object().validate_json(frame)
    except ValidationError:
        return None
    req = data.get("req")
    return req if isinstance(req, str) and len(req) <= 64 else None


# --- Server messages ------------------------------------------------------------------


def welcome(room: str, player: str, token: str, role: str) -> dict[str, Any]:
    return {"type": "welcome", "room": room, "player": player, "token": token, "role": role}


def ok(req: str | None) -> dict[str, Any]:
    return {"type": "ok", "req": req}


def error(
    refusal: Refusal, req: str | None = None, messages: Mapping[str, str] | None = None
) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "error", "code": refusal.code.value}
    message["message"] = message_for(refusal.code.value, refusal.reason, messages)
    if refusal.reason is not None:
        message["reason"] = refusal.reason
    if req is not None:
        message["req"] = req
    return message


def pong(t: int | float, server_now: int) -> dict[str, Any]:
    return {"type": "pong", "t": t, "server_now": server_now}


def games(schemas: list[dict[str, Any]], req: str | None) -> dict[str, Any]:
    answer: dict[str, Any] = {"type": "games", "games": schemas}
    if req is not None:
        answer["req"] = req
    return answer
