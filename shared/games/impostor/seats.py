"""Who is where: the round's active seats, the clue schedule, the deal and lap turns, the judge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.impostor.options import Mode
from games.impostor.state import Ballot, ImpostorState, Round
from games.impostor.timing import MAX_OPEN_LAPS
from table.contract import Table


def active(table: Table) -> set[str]:
    return {m.id for m in table.active_players}


def round_seats(round_: Round, table: Table) -> list[str]:
    """The round's seats still active, in seat order (ruling 1d)."""
    live = active(table)
    return [s for s in round_.seats if s in live]


def schedule_length(round_: Round, mode: Mode) -> int:
    return len(round_.order) * (MAX_OPEN_LAPS if mode.open_laps else 2)


def turn_at(round_: Round, index: int, mode: Mode) -> tuple[int, str]:
    """(lap, seat) of a turn: lap 2 reverses lap 1 (5b), open laps repeat it (5b, 5c)."""
    n = len(round_.order)
    lap, position = divmod(index, n)
    if not mode.open_laps and lap == 1:
        position = n - 1 - position
    return lap + 1, round_.order[position]


def next_live_turn(round_: Round, start: int, mode: Mode, table: Table) -> int | None:
    """The first turn from `start` whose seat is still active (5e: inactive seats lose theirs)."""
    live = active(table)
    for index in range(start, schedule_length(round_, mode)):
        if turn_at(round_, index, mode)[1] in live:
            return index
    return None


def lap_one_done(round_: Round, index: int) -> bool:
    return index >= len(round_.order)


def dealing(round_: Round, table: Table, picks: Mapping[str, Any]) -> str | None:
    """Ruling 3a: the seat the shared phone is dealing to (seat order)."""
    return next((s for s in round_seats(round_, table) if s not in picks), None)


def eligible_targets(ballot: Ballot, voter: str, table: Table) -> list[str]:
    live = active(table)
    return [c for c in ballot.candidates if c in live and c != voter]


def voters(round_: Round, ballot: Ballot, table: Table) -> list[str]:
    """Every active seat votes (9a), if it has someone to vote for."""
    return [s for s in round_seats(round_, table) if eligible_targets(ballot, s, table)]


def lap_seat(round_: Round, ballot: Ballot, table: Table, picks: Mapping[str, Any]) -> str | None:
    """Ruling 9c: the next seat in seat order the phone goes to."""
    return next((s for s in voters(round_, ballot, table) if s not in picks), None)


def judge(state: ImpostorState, table: Table, mode: Mode) -> str | None:
    """Ruling 13b: the host if an active civilian of the round (connected, in phones);
    else the first such seat after the host in seat order, connected ones first."""
    round_ = state.round
    assert round_ is not None
    civilians = [s for s in round_seats(round_, table) if s not in round_.impostors]
    connected = {m.id for m in table.members if m.connected}
    if table.host in civilians and (mode.shared_phone or table.host in connected):
        return table.host
    seats = round_.seats
    start = seats.index(table.host) + 1 if table.host in seats else 0
    after = [s for s in seats[start:] + seats[:start] if s in civilians and s != table.host]
    if not mode.shared_phone:
        after = [s for s in after if s in connected] + [s for s in after if s not in connected]
    return after[0] if after else None
