"""Who is in a room: seats, observers, the host, tokens (RULES R1, rulings 1a, 1b, 1d, 12c).

A member is an id plus a secret token; connections come and go. Dropping is
not leaving: a disconnected player keeps the seat and resumes with the token.
"""

from __future__ import annotations

import hashlib
import hmac

from bluff.rules.actions import Kicked, Welcome
from bluff.rules.env import Env
from bluff.rules.errors import Code, Refusal
from bluff.rules.model import MAX_MEMBERS, MAX_PLAYERS, Member, Phase, Role, Room
from bluff.rules.text import check_name, comparison_key

ROOM_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ"  # no vowels, so no words; no I/O look-alikes
ROOM_CODE_LENGTH = 4


def new_room_code(env: Env) -> str:
    bits = env.rng.getrandbits(32)
    code = ""
    for _ in range(ROOM_CODE_LENGTH):
        bits, i = divmod(bits, len(ROOM_CODE_ALPHABET))
        code += ROOM_CODE_ALPHABET[i]
    return code


def hash_token(token: str) -> str:
    # 128 bits of SHA-256 are as hard to invert as the 128-bit token itself,
    # and half the bytes in every member's record.
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def _new_member(room: Room | None, name: str, role: Role, env: Env) -> tuple[Member, str]:
    taken = {m.id for m in room.members} if room else set()
    # Ids only need to be unique within the room (the token is the secret), and
    # they are written many times over in the room item: keep them short.
    while (member_id := f"p{env.rng.getrandbits(24):06x}") in taken:
        pass
    token = f"{env.rng.getrandbits(128):032x}"
    member = Member(
        id=member_id,
        name=name,
        role=role,
        token_hash=hash_token(token),
        joined_at=env.now,
        seated_at=env.now if role is Role.PLAYER else None,
    )
    return member, token


def create_room(code: str, lang: str, name: str, env: Env) -> tuple[Room, Welcome]:
    """A new room; its creator is the host and first player (ruling 1a)."""
    name = check_name(name)
    if lang not in env.decks:
        raise Refusal(Code.UNKNOWN_DECK)
    host, token = _new_member(None, name, Role.PLAYER, env)
    room = Room(code=code, lang=lang, host=host.id, members=[host], created_at=env.now)
    return room, Welcome(host.id, token, Role.PLAYER)


def join_room(room: Room, name: str, env: Env, observer: bool = False) -> tuple[Room, Welcome]:
    """A seat while the lobby has one free, otherwise a place among the observers (1b).

    A shared screen (TV mode) joins as an observer by choice and never takes a seat.
    """
    name = check_name(name)
    key = comparison_key(name)
    if any(comparison_key(m.name) == key for m in room.members):
        raise Refusal(Code.NAME_TAKEN)
    if len(room.members) >= MAX_MEMBERS:
        raise Refusal(Code.ROOM_FULL)
    room = room.model_copy(deep=True)
    seat_free = (
        not observer and room.phase is Phase.LOBBY and len(room.active_players) < MAX_PLAYERS
    )
    member, token = _new_member(room, name, Role.PLAYER if seat_free else Role.OBSERVER, env)
    room.members.append(member)
    if room.host is None:
        room.host = member.id
    return room, Welcome(member.id, token, member.role)


def resume(room: Room, token: str) -> tuple[Room, Welcome]:
    """Rebind a returning member by token (12c). Only hashes are stored and compared."""
    presented = hash_token(token)
    found: Member | None = None
    for member in room.members:  # no early exit: the time does not depend on which seat matched
        if hmac.compare_digest(member.token_hash, presented):
            found = member
    if found is None or found.left:
        raise Refusal(Code.BAD_TOKEN)
    if found.kicked:
        raise Refusal(Code.KICKED)
    room = set_connected(room, found.id, True)
    return room, Welcome(found.id, token, found.role)


def set_connected(room: Room, member_id: str, connected: bool) -> Room:
    room = room.model_copy(deep=True)
    member = room.member(member_id)
    if member is not None:
        member.connected = connected
    return room


def take_seat(room: Room, member: Member, now: int) -> None:
    """An observer takes a free seat between matches (1b)."""
    if member.role is not Role.OBSERVER:
        raise Refusal(Code.NOT_ELIGIBLE)
    if len(room.active_players) >= MAX_PLAYERS:
        raise Refusal(Code.NO_FREE_SEAT)
    member.role = Role.PLAYER
    member.seated_at = now
    member.active = True


def remove(room: Room, member: Member) -> None:
    """Leave or be kicked (1d): in the lobby the seat is freed; in a match it goes inactive."""
    if room.phase is Phase.LOBBY or member.role is Role.OBSERVER:
        room.members.remove(member)
    else:
        member.active = False
    if room.host == member.id:
        room.host = _next_host(room)


def leave(room: Room, member: Member) -> None:
    member.left = True
    remove(room, member)


def kick(room: Room, host: Member, target_id: str) -> Kicked:
    target = room.member(target_id)
    if target is None:
        raise Refusal(Code.UNKNOWN_PLAYER)
    if target.id == host.id:
        raise Refusal(Code.BAD_REQUEST)
    target.kicked = True
    remove(room, target)
    return Kicked(target.id)


def _next_host(room: Room) -> str | None:
    """The longest-seated active player (1a); failing that the longest-present observer."""
    players = sorted(room.active_players, key=lambda m: (m.seated_at or 0, m.joined_at))
    if players:
        return players[0].id
    present = sorted((m for m in room.observers), key=lambda m: m.joined_at)
    return present[0].id if present else None


def drop_inactive_seats(room: Room) -> None:
    """A new match starts without the seats that left or were kicked in the last one."""
    room.members = [m for m in room.members if not (m.role is Role.PLAYER and not m.active)]
