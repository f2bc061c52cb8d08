"""Seats around a game: bots added and removed between games (1b, 1d, 19b), and
covering, taking back and sitting in during one (F18, ruling 18a)."""

from __future__ import annotations

from pydantic import BaseModel

from games.fictionary import content as bank
from games.fictionary import phases
from games.fictionary import seats as seating_rules
from games.fictionary.codes import FicCode
from games.fictionary.moves import AddBot, Back, Cover, RemoveBot, SitIn
from games.fictionary.rules import COVER_LEVEL, LEVELS
from games.fictionary.state import FicState
from table.contract import Env, Outcome, SeatBot, Table, UnseatBot
from table.errors import Code, Refusal
from table.text import name_key


def bots(
    state: FicState, table: Table, member: str, move: BaseModel, env: Env, max_seats: int
) -> Outcome[FicState]:
    """`add_bot`, `remove_bot`: the host, between games (ruling 1b)."""
    if table.host != member:
        raise Refusal(Code.NOT_HOST)
    if state.in_match:
        raise Refusal(Code.WRONG_PHASE)
    if isinstance(move, AddBot):
        if move.level not in LEVELS:
            raise Refusal(Code.BAD_OPTION, "level")
        if len(table.active_players) >= max_seats:
            raise Refusal(Code.NO_FREE_SEAT)
        return Outcome(state, (SeatBot(bot_names(table, env, 1)[0], move.level),), changed=False)
    assert isinstance(move, RemoveBot)
    target = table.member(move.player)
    if target is None or not target.player:
        raise Refusal(Code.UNKNOWN_PLAYER)
    if target.bot is None:
        raise Refusal(FicCode.NOT_A_BOT)
    return Outcome(state, (UnseatBot(target.id),), changed=False)


def seats(
    state: FicState, table: Table, member: str, move: BaseModel, env: Env
) -> Outcome[FicState]:
    """F18: cover, back, sit_in (ruling 18a)."""
    if not state.in_match:
        raise Refusal(Code.WRONG_PHASE)
    if isinstance(move, Cover):
        seat = move.player or seating_rules.seat_of(state, member)
        if seat is None or seat not in state.seats:
            raise Refusal(Code.UNKNOWN_PLAYER if move.player else Code.NOT_ELIGIBLE)
        if seating_rules.seat_of(state, member) != seat and table.host != member:
            raise Refusal(Code.NOT_HOST)
        origin = table.member(seat)
        if seat in state.covered:
            raise Refusal(FicCode.ALREADY_COVERED)
        if seat in state.bots or (origin is not None and origin.bot is not None):
            raise Refusal(Code.NOT_ELIGIBLE)
        if seat in state.sitters:  # a sitter hands the seat back to the bots
            del state.sitters[seat]
            state.covered[seat] = "gone"
        else:
            state.covered[seat] = "cover"
        state.bots[seat] = COVER_LEVEL
    elif isinstance(move, Back):
        if state.covered.get(member) != "cover":
            raise Refusal(FicCode.NOT_COVERED)
        del state.covered[member]
        del state.bots[member]
        state.bot_at.pop(member, None)
    else:
        assert isinstance(move, SitIn)
        me = table.member(member)
        if me is None or me.player or member in state.sitters.values():
            raise Refusal(Code.NOT_ELIGIBLE)
        if move.player not in state.seats:
            raise Refusal(Code.UNKNOWN_PLAYER)
        origin = table.member(move.player)
        no_person = (origin is not None and origin.bot is not None) or state.covered.get(
            move.player
        ) == "gone"
        if move.player not in state.bots or not no_person or move.player in state.sitters:
            raise Refusal(FicCode.SEAT_TAKEN)
        state.sitters[move.player] = member
        state.covered.pop(move.player, None)
        del state.bots[move.player]
        state.bot_at.pop(move.player, None)
    return Outcome(state, tuple(phases.schedule(state, table, env)))


def bot_names(table: Table, env: Env, count: int) -> list[str]:
    """Ruling 1d: the language's names, skipping those taken by the R5 key."""
    content = env.content if isinstance(env.content, bank.Content) else None
    names = list(content.bot_names if content else ()) or ["Bot"]
    taken = {name_key(m.name) for m in table.members}
    chosen: list[str] = []
    for round_ in range(1, 100):
        for name in names:
            candidate = name if round_ == 1 else f"{name} {round_}"
            if name_key(candidate) not in taken:
                taken.add(name_key(candidate))
                chosen.append(candidate)
                if len(chosen) == count:
                    return chosen
    return chosen
