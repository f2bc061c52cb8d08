"""The wire: client messages parsed strictly, server messages built in one place.

Anything that does not parse into one of these models is a `bad_request` and
changes nothing. Field limits are generous enough for honest clients and small
enough that a frame can never carry a payload worth storing.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bluff.rules.errors import Code, Refusal

MAX_FRAME_BYTES = 8 * 1024

Req = Annotated[str, Field(max_length=64)]
RoomCode = Annotated[str, Field(min_length=1, max_length=8)]
Text = Annotated[str, Field(max_length=2000)]  # the rules refuse anything over 100 code points
Round = Annotated[int, Field(ge=0, le=99)]
Id = Annotated[str, Field(min_length=1, max_length=64)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    req: Req | None = None


class CreateRoom(_Message):
    action: Literal["create_room"]
    name: Text
    lang: Annotated[str, Field(max_length=8)] = "en"


class JoinRoom(_Message):
    action: Literal["join_room"]
    room: RoomCode
    name: Text
    observer: bool = False  # a TV or a spectator: never takes a seat


class Resume(_Message):
    action: Literal["resume"]
    room: RoomCode
    token: Annotated[str, Field(max_length=128)]


class StartMatch(_Message):
    action: Literal["start_match"]


class Submit(_Message):
    action: Literal["submit"]
    round: Round
    text: Text


class Vote(_Message):
    action: Literal["vote"]
    round: Round
    option: Id


class Continue(_Message):
    action: Literal["continue"]
    round: Round


class TakeSeat(_Message):
    action: Literal["take_seat"]


class Kick(_Message):
    action: Literal["kick"]
    player: Id


class Leave(_Message):
    action: Literal["leave"]


class Sync(_Message):
    """Ask the room to catch up (a phase past its deadline closes) and resend this view."""

    action: Literal["sync"]


class Ping(_Message):
    action: Literal["ping"]
    t: int | float


Message = Annotated[
    CreateRoom
    | JoinRoom
    | Resume
    | StartMatch
    | Submit
    | Vote
    | Continue
    | TakeSeat
    | Kick
    | Leave
    | Sync
    | Ping,
    Field(discriminator="action"),
]
ACTIONS = frozenset(
    {
        "create_room",
        "join_room",
        "resume",
        "start_match",
        "submit",
        "vote",
        "continue",
        "take_seat",
        "kick",
        "leave",
        "sync",
        "ping",
    }
)
_message = TypeAdapter[Message](Message)


class BadRequest(Refusal):
    def __init__(self) -> None:
        super().__init__(Code.BAD_REQUEST)


def parse(frame: str | bytes | None) -> Message:
    """One client frame as a message, or `BadRequest`."""
    if frame is None:
        raise BadRequest()
    raw = frame.encode() if isinstance(frame, str) else frame
    if len(raw) > MAX_FRAME_BYTES:
        raise BadRequest()
    try:
        return _message.validate_json(raw)
    except ValidationError:
        raise BadRequest() from None


def request_id(frame: str | bytes | None) -> str | None:
    """The `req` of a frame that did not parse, if one can be read, to echo in the error."""
    if frame is None or len(frame) > MAX_FRAME_BYTES:
        return None
    try:
        data = TypeAdapter(dict[str, Any]).validate_json(frame)
    except ValidationError:
        return None
    req = data.get("req")
    return req if isinstance(req, str) and len(req) <= 64 else None


def welcome(room: str, player: str, token: str, role: str) -> dict[str, Any]:
    return {"type": "welcome", "room": room, "player": player, "token": token, "role": role}


def ok(req: str | None) -> dict[str, Any]:
    return {"type": "ok", "req": req}


def error(refusal: Refusal, req: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "error", "code": refusal.code.value}
    message["message"] = refusal.message
    if refusal.reason is not None:
        message["reason"] = refusal.reason.value
    if req is not None:
        message["req"] = req
    return message


def pong(t: int | float, server_now: int) -> dict[str, Any]:
    return {"type": "pong", "t": t, "server_now": server_now}
