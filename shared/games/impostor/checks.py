"""The checks every move shares: phase, round, the pause, who may act."""

from __future__ import annotations

from games.impostor import seats
from games.impostor.moves import ImpostorCode
from games.impostor.state import ROUND_PHASES, ImpostorState, Round
from table.contract import FINISHED, Table
from table.errors import Code, Refusal
from table.kit import check_phase

ORDER = (*ROUND_PHASES, FINISHED)  # a round's phases as they come, then the end


def in_round(state: ImpostorState, round_no: int, *phases: str) -> Round:
    """The round under way, in one of `phases`, with the move's round number."""
    current = state.round.no if state.round is not None else None
    check_phase(state.phase, ORDER, phases, round_=current, move_round=round_no)
    assert state.round is not None
    return state.round


def not_paused(state: ImpostorState) -> None:
    """Ruling 7a: while a flag awaits the host, round actions wait too."""
    if state.flag is not None:
        raise Refusal(ImpostorCode.PAUSED)


def seat_of_round(round_: Round, table: Table, member: str) -> None:
    if member not in seats.round_seats(round_, table):
        raise Refusal(Code.NOT_ELIGIBLE)


def host(table: Table, member: str) -> None:
    if table.host != member:
        raise Refusal(Code.NOT_HOST)


def live_seat(round_: Round, table: Table, seat: str) -> None:
    """A speaker, target, accused, pointer or tied seat must be an active seat of the round."""
    if seat not in seats.round_seats(round_, table):
        raise Refusal(ImpostorCode.NOT_CANDIDATE)
