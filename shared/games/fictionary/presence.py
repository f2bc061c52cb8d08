"""Keeping up with the table between moves: who is away (17a), whether any seated
person is here (17c), and sitters who went (18a); then the bots' and away seats'
picks that fall due (F17, Bots)."""

from __future__ import annotations

from games.fictionary import bots, phases, seats
from games.fictionary.content import Content
from games.fictionary.draws import Draw
from games.fictionary.rules import (
    ABANDON_AFTER_MS,
    AWAY_AFTER_MS,
    CHOOSING,
    COVER_LEVEL,
    PICK_PHASES,
    VOTING,
    WRITING,
    whole_second,
)
from games.fictionary.state import FicState
from games.fictionary.wordings import pool_for
from table.contract import Env, Table, Timer


def notice(state: FicState, table: Table, env: Env) -> list[Timer]:
    timers: list[Timer] = []
    for seat, member in list(state.sitters.items()):
        if table.member(member) is None:  # the observer who sat in has left the room
            del state.sitters[seat]
            state.bots[seat], state.covered[seat] = COVER_LEVEL, "gone"
            timers += phases.schedule(state, table, env)
    for seat in state.seats:
        behind = seats.person(state, seat)
        if behind is None or seats.connected(table, behind):
            state.away_at.pop(seat, None)
        elif seat not in state.away_at:
            state.away_at[seat] = whole_second(env.now + env.length(AWAY_AFTER_MS))
            if state.phase in PICK_PHASES:
                timers.append(Timer(state.phase_id, state.away_at[seat], f"away:{seat}"))
    if seats.people_present(state, table):
        state.abandon_at = None
    elif state.abandon_at is None:
        state.abandon_at = whole_second(env.now + env.length(ABANDON_AFTER_MS))
        timers.append(Timer(state.phase_id, state.abandon_at, "abandon"))
    return timers


def bot_move(state: FicState, table: Table, env: Env, seat: str) -> bool:
    """A bot's pick, decided from its seat's bot view only; False if it is not its time."""
    if (
        seat not in state.bots
        or seat not in seats.owing(state)
        or seats.pick_of(state, table, seat)[0]
    ):
        return False
    if state.bot_at.get(seat, env.now + 1) > env.now or not seats.people_present(state, table):
        return False
    content: Content = env.content
    level = state.bots[seat]
    draw = Draw(state.seed, f"bot:{state.round}:{state.phase}:{seat}")
    if state.phase == CHOOSING:
        state.filled[seat] = bots.choose(phases.chooser_view(state, content), draw)
    elif state.phase == WRITING:
        w = phases.word(state, content)
        made = bots.make(phases.writer_view(state, content), level, pool_for(content, w), draw)
        state.filled[seat] = [ref for ref, _ in made]
    elif state.phase == VOTING:
        w = phases.word(state, content)
        state.filled[seat] = bots.vote(
            phases.voter_view(state, seat),
            phases.writer_view(state, content),
            level,
            pool_for(content, w),
            draw,
        )
    return True


def fill(state: FicState, table: Table, env: Env) -> None:
    """Bots whose time has come act; away seats' owed picks are filled empty (17a)."""
    for seat in seats.owing(state):
        if bot_move(state, table, env, seat) or seat in state.bots:
            continue
        if not seats.pick_of(state, table, seat)[0] and seats.is_away(state, table, seat, env.now):
            state.filled[seat] = {CHOOSING: 0, WRITING: "", VOTING: None}[state.phase]
