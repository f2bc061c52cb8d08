"""Who plays each seat, and who is away (F1c, F17, F18).

A seat keeps its id for the whole game; the one behind it is its person (the
member of that id), an observer who sat in (18a), or a bot (a bot seat, or a
person's seat covered by a `medium` bot).
"""

from __future__ import annotations

from games.fictionary.rules import CHOOSING, VOTING, WRITING
from games.fictionary.state import FicState
from table.contract import Table


def person(state: FicState, seat: str) -> str | None:
    """The member who plays the seat now, or None while a bot plays it."""
    if seat in state.bots:
        return None
    return state.sitters.get(seat, seat)


def seat_of(state: FicState, member: str) -> str | None:
    """The seat a member sees as theirs: their own (covered or not), or the one they sat in."""
    if member in state.seats:
        return member
    return next((s for s, m in state.sitters.items() if m == member), None)


def acting_seat(state: FicState, member: str) -> str | None:
    """The seat a member may act for now: theirs, unless a bot plays it."""
    seat = seat_of(state, member)
    return seat if seat is not None and person(state, seat) == member else None


def connected(table: Table, member: str | None) -> bool:
    seat = table.member(member) if member else None
    return seat is not None and seat.connected and (seat.active or not seat.player)


def people_present(state: FicState, table: Table) -> bool:
    """Ruling 17c: some seated person is connected (a covered one counts: they watch their seat)."""
    behind = {s for s in state.seats if s not in state.covered or state.covered[s] == "cover"}
    members = (behind - {s for s in state.seats if _bot_seat(table, s)}) | set(
        state.sitters.values()
    )
    return any(connected(table, m) for m in members)


def _bot_seat(table: Table, seat: str) -> bool:
    member = table.member(seat)
    return member is not None and member.bot is not None


def is_away(state: FicState, table: Table, seat: str, now: int) -> bool:
    """Ruling 17a: disconnected for AWAY_AFTER (from when the drop was noticed)."""
    member = person(state, seat)
    if member is None or connected(table, member):
        return False
    away_at = state.away_at.get(seat)
    return away_at is not None and now >= away_at


def owing(state: FicState) -> list[str]:
    """The seats that owe this pick: the Judge when choosing, everyone else writing and voting."""
    if state.phase == CHOOSING and state.judge is not None:
        return [state.judge]
    if state.phase in (WRITING, VOTING):
        return [s for s in state.seats if s != state.judge]
    return []


def pick_of(state: FicState, table: Table, seat: str) -> tuple[bool, object]:
    """(in, value): a person's sealed pick stands over the game's fill (17b, 18a)."""
    for member in (seat, state.sitters.get(seat)):
        if member is not None and member in table.picks:
            return True, table.picks[member]
    if seat in state.filled:
        return True, state.filled[seat]
    return False, None
