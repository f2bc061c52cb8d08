"""Small pieces of rules every game shares, written once so that every game
answers the same situation the same way. Games may import this module; it
knows no game.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from table.errors import Code, Refusal


def check_phase(
    phase: str,
    order: Sequence[str],
    wanted: Collection[str],
    *,
    round_: int | None,
    move_round: int,
    closed: bool = False,
) -> None:
    """Refuse a round move that does not belong to the phase under way, in one order:

    - no round under way (`phase` not in the round's `order`: the lobby): `wrong_phase`;
    - a move for another round than `round_`: `stale_round`;
    - the move's phase is under way but its deadline has passed (`closed`), or it
      is already over in this round: `phase_closed` (a move that comes after its
      phase closed is refused, never dropped);
    - its phase has not come yet: `wrong_phase`.

    `order` lists the phases of a round as they come, and may end with the
    phase after the match (a move for the last round's closed phase is late, not
    early).
    """
    if phase not in order or round_ is None:
        raise Refusal(Code.WRONG_PHASE)
    if move_round != round_:
        raise Refusal(Code.STALE_ROUND)
    if phase in wanted:
        if closed:
            raise Refusal(Code.PHASE_CLOSED)
        return
    if order.index(phase) > max(order.index(w) for w in wanted):
        raise Refusal(Code.PHASE_CLOSED)
    raise Refusal(Code.WRONG_PHASE)
