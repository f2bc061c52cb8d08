"""Who is in a room: seats, observers, the host, tokens (RULES R1, rulings 1a-1e, 12c).

A member is an id plus a secret token; connections come and go. Dropping is
not leaving: a disconnected player keeps the seat and resumes with the token.
Every resume hands out a new token, so a token seen once cannot come back.
These rules are the same for every game; a game only says how many seats it has.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from enum import StrEnum

from table.contract import Env, SeatBot, UnseatBot
from table.errors import Code, Refusal
from table.room import MAX_BANS, MAX_MEMBERS, Member, Role, Room
from table.text import TextRefused, check_name, name_key

ROOM_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ"  # no vowels, so no words; no I/O look-alikes
ROOM_CODE_LENGTH = 4

OBSERVER_GRACE_MS = 60_000  # ruling 1e: a disconnected observer is removed after this
HOST_GRACE_MS = 30_000  # ruling 1e: a host away this long hands the host role on


@dataclass(frozen=True)
class Welcome:
    """A new or returning member: the token is shown once and only its hash is kept."""

    member: str
    token: str
    role: Role


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


def valid_name(raw: str) -> str:
    try:
        return check_name(raw)
    except TextRefused as refused:
        raise Refusal(Code.INVALID_NAME, refused.reason.value) from None


def new_member(room: Room, name: str, role: Role, env: Env) -> tuple[Member, str]:
    taken = {m.id for m in room.members}
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


def check_name_free(room: Room, name: str) -> None:
    """Ruling 4b/4c: names are unique by comparison key and confusable skeleton."""
    key = name_key(name)
    if any(name_key(m.name) == key for m in room.members):
        raise Refusal(Code.NAME_TAKEN)


def join(
    room: Room,
    name: str,
    max_seats: int,
    in_match: bool,
    observer: bool,
    env: Env,
    token: str | None = None,
) -> Welcome:
    """A seat while the lobby has one free, otherwise a place among the observers (1b).

    A shared screen (TV mode) joins as an observer by choice and never takes a seat;
    it is marked `screen`, so nobody counts it as watching.
    Observers never take a seat's place (1e): a free seat always seats a joining
    player, and observers have a cap of their own. `token` is the one this
    device last held in the room, if any: a kicked member stays out.
    """
    name = valid_name(name)
    if banned(room, name, token):
        raise Refusal(Code.KICKED)
    check_name_free(room, name)
    if len(room.members) >= MAX_MEMBERS:
        raise Refusal(Code.ROOM_FULL)  # unreachable while observers keep to their cap
    seat_free = not observer and not in_match and len(room.active_players) < max_seats
    if not seat_free and len(room.observers) >= max_observers(max_seats):
        raise Refusal(Code.ROOM_FULL)
    member, token = new_member(room, name, Role.PLAYER if seat_free else Role.OBSERVER, env)
    member.screen = observer
    room.members.append(member)
    if room.host is None:
        room.host = member.id
    return Welcome(member.id, token, member.role)


def add_local_seat(
    room: Room,
    holder: Member,
    name: str,
    max_seats: int,
    env: Env,
    full: StrEnum = Code.NO_FREE_SEAT,
) -> Member:
    """A seat played on the holder's device (pass-and-play): it has no token of its own."""
    name = valid_name(name)
    check_name_free(room, name)
    if len(room.active_players) >= max_seats:
        raise Refusal(full)
    seat, _ = new_member(room, name, Role.PLAYER, env)
    seat.holder = holder.id
    room.members.append(seat)
    return seat


def local_seat(room: Room, holder: Member, seat_id: str) -> Member:
    seat = room.member(seat_id)
    if seat is None or seat.holder != holder.id:
        raise Refusal(Code.UNKNOWN_PLAYER)
    return seat


def max_observers(max_seats: int) -> int:
    """Observers fill what the seats leave of a room's members (docs/protocol.md: 300)."""
    return MAX_MEMBERS - max_seats


def banned(room: Room, name: str, token: str | None) -> bool:
    keys = {f"n:{name_key(name)}"} | ({hash_token(token)} if token else set())
    return any(ban in keys for ban in room.bans)


def ban(room: Room, member: Member) -> None:
    """A kicked member stays out: neither their token nor their name gets back in."""
    room.bans = [*room.bans, member.token_hash, f"n:{name_key(member.name)}"][-MAX_BANS:]


def resume(room: Room, token: str, env: Env, retry_of: str | None = None) -> Welcome:
    """Rebind a returning member by token (12c), with a new token from now on.

    Only hashes are stored and compared. The old token stops working, so a
    connection that resumed before this one cannot come back without the new
    one. `retry_of` is the member this very connection already speaks for in
    the room: its retry (a resume whose bind failed) may present the token it
    replaced, which no other connection can.
    """
    presented = hash_token(token)
    found: Member | None = None
    for member in room.members:  # no early exit: the time does not depend on which seat matched
        retried = member.id == retry_of and member.previous_token_hash is not None
        replaced = member.previous_token_hash if retried else None
        if hmac.compare_digest(member.token_hash, presented) or (
            replaced is not None and hmac.compare_digest(replaced, presented)
        ):
            found = member
    if found is None or found.left:
        raise Refusal(Code.BAD_TOKEN)
    if found.kicked:
        raise Refusal(Code.KICKED)
    found.connected, found.away_since = True, None
    fresh = f"{env.rng.getrandbits(128):032x}"
    if found.token_hash == presented:  # else a retry: the replaced token stays the previous one
        found.previous_token_hash = found.token_hash
    found.token_hash = hash_token(fresh)
    return Welcome(found.id, fresh, found.role)


def set_connected(member: Member, connected: bool, now: int | None) -> None:
    member.connected = connected
    member.away_since = None if connected else now


def catch_up_presence(room: Room, now: int, observer_grace: int, host_grace: int) -> bool:
    """Ruling 1e: observers away `observer_grace` ms go; a host away `host_grace` hands on.

    Run before every decision, so that the first message or timer after a
    grace runs out finds the room as if it had been applied on time.
    """
    changed = False
    gone = [m for m in room.observers if _away(m, now, observer_grace)]
    for member in gone:
        room.members = [m for m in room.members if m.id != member.id and m.holder != member.id]
        changed = True
    host = room.member(room.host) if room.host else None
    if host is None and room.host is not None:
        room.host, changed = next_host(room), True
    elif host is not None and _away(host, now, host_grace):
        heir = next_host(room, present=True, besides=host.id)
        if heir is not None:
            room.host, changed = heir, True
    return changed


def seat_bot(room: Room, change: SeatBot | UnseatBot, max_seats: int, env: Env) -> None:
    """A game seats or unseats one of its bots (between matches)."""
    if isinstance(change, UnseatBot):
        bot = room.member(change.member)
        if bot is None or bot.bot is None:
            raise Refusal(Code.UNKNOWN_PLAYER)
        room.members.remove(bot)
        return
    if len(room.active_players) >= max_seats:
        raise Refusal(Code.NO_FREE_SEAT)
    check_name_free(room, change.name)
    bot, _ = new_member(room, change.name, Role.PLAYER, env)
    bot.bot = change.level  # a bot has no token anyone holds: it cannot be resumed
    room.members.append(bot)


def take_seat(
    room: Room, member: Member, max_seats: int, now: int, full: StrEnum = Code.NO_FREE_SEAT
) -> None:
    """An observer takes a free seat between matches (1b)."""
    if member.role is not Role.OBSERVER:
        raise Refusal(Code.NOT_ELIGIBLE)
    if len(room.active_players) >= max_seats:
        raise Refusal(full)
    member.role = Role.PLAYER
    member.seated_at = now
    member.active = True
    member.screen = False


def keep_only_host_seated(room: Room) -> None:
    """Between matches, the table starts over from the host's seat: local seats go and
    every other person seated watches (seats that left stay until the next start)."""
    room.members = [m for m in room.members if m.holder is None]
    for member in room.members:
        if member.id != room.host and member.bot is None and member.is_active_player:
            member.role, member.seated_at = Role.OBSERVER, None


def remove(room: Room, member: Member, in_match: bool) -> None:
    """Leave or be kicked (1d): between matches the seat is freed; in a match it goes inactive."""
    if not in_match or member.role is Role.OBSERVER:
        room.members.remove(member)
    else:
        member.active = False
    if room.host == member.id:
        room.host = next_host(room)


def kick_target(room: Room, host: Member, target_id: str) -> Member:
    target = room.member(target_id)
    if target is None:
        raise Refusal(Code.UNKNOWN_PLAYER)
    if target.id == host.id:
        raise Refusal(Code.CANNOT_KICK_SELF)
    return target


def _away(member: Member, now: int, grace: int) -> bool:
    return (
        not member.connected and member.away_since is not None and now - member.away_since >= grace
    )


def next_host(room: Room, present: bool = False, besides: str | None = None) -> str | None:
    """The longest-seated active person (1a); failing that the longest-present observer.

    A bot never hosts: it cannot press anything. With `present`, only someone
    connected (a hand-over from a host who is away, ruling 1e, must reach
    someone who can act).
    """
    people = [
        m
        for m in room.members
        if m.bot is None and m.id != besides and (m.connected or not present)
    ]
    players = sorted(
        (m for m in people if m.is_active_player), key=lambda m: (m.seated_at or 0, m.joined_at)
    )
    if players:
        return players[0].id
    watching = sorted((m for m in people if m.role is Role.OBSERVER), key=lambda m: m.joined_at)
    return watching[0].id if watching else None


def drop_inactive_seats(room: Room) -> None:
    """A new match starts without the seats that left or were kicked in the last one."""
    room.members = [m for m in room.members if not (m.role is Role.PLAYER and not m.active)]
