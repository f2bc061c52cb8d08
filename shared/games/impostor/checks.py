"""The checks every move shares: phase, round, the pause, who may act."""

from __future__ import annotations

from games.impostor import seats
from games.impostor.moves import ImpostorCode
from games.impostor.state import ImpostorState, Round
from table.contract import Table
from table.errors import Code, Refusal


def in_round(state: ImpostorState, round_no: int, *phases: str) -> Round:
    """The round under way, in one of `phases`, with the move's round number."""
    if state.round is None or state.phase not in phases:
        raise Refusal(Code.WRONG_PHASE)
    if round_no != state.round.no:
        raise Refusal(Code.STALE_ROUND)
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
