"""The rules core of Dictionary Bluff: pure, and readable against RULES.md.

No I/O, no clock, no global randomness: time and randomness come in an `Env`.
"""

from bluff.rules.actions import (
    Action,
    Continue,
    Effect,
    Kick,
    Kicked,
    Leave,
    Outcome,
    Schedule,
    StartMatch,
    Submit,
    TakeSeat,
    Vote,
    Welcome,
)
from bluff.rules.env import Env, Rng, Timings
from bluff.rules.errors import Code, Reason, Refusal
from bluff.rules.game import apply, on_deadline, settle
from bluff.rules.membership import create_room, join_room, new_room_code, resume, set_connected
from bluff.rules.model import Card, Member, Phase, Role, Room
from bluff.rules.view import view

__all__ = [
    "Action",
    "Card",
    "Code",
    "Continue",
    "Effect",
    "Env",
    "Kick",
    "Kicked",
    "Leave",
    "Member",
    "Outcome",
    "Phase",
    "Reason",
    "Refusal",
    "Rng",
    "Role",
    "Room",
    "Schedule",
    "StartMatch",
    "Submit",
    "TakeSeat",
    "Timings",
    "Vote",
    "Welcome",
    "apply",
    "create_room",
    "join_room",
    "new_room_code",
    "on_deadline",
    "resume",
    "set_connected",
    "settle",
    "view",
]
