"""I7 "Someone said the word": the pause, its lapse, and the host's ruling (rulings 7a-7d)."""

from __future__ import annotations

from games.impostor import phases, timing
from games.impostor.state import Flag, ImpostorState
from table.contract import Env, Outcome, Table, Timer

S = ImpostorState


def pause(state: S, env: Env, by: str, speaker: str) -> Outcome[S]:
    """Deadlines stop; the phase keeps its remaining whole seconds (rounded up)."""
    remaining = None if state.deadline is None else timing.seconds_left(state.deadline, env.now)
    state.flag = Flag(
        by=by, speaker=speaker, deadline=env.deadline(timing.FLAG_MS), remaining=remaining
    )
    state.deadline = None
    return Outcome(
        state, (Timer(state.phase_id, state.flag.deadline, f"flag{state.flag.deadline}"),)
    )


def resume(state: S, env: Env) -> Outcome[S]:
    """A dismissal or a lapse: the phase goes on with the time it had kept."""
    flag = state.flag
    assert flag is not None
    state.flag = None
    if flag.remaining is None:
        return Outcome(state)
    state.deadline = timing.whole_seconds_after(env, flag.remaining * 1000)
    return Outcome(state, (timing.later_deadline(state.phase_id, state.deadline, "resume"),))


def said(state: S, table: Table, env: Env, by: str, speaker: str) -> Outcome[S]:
    """7b: a civilian speaker burns the word for the impostors; 7c: an impostor's counts as
    a right guess."""
    round_ = state.round
    assert round_ is not None
    round_.said = {"by": by, "speaker": speaker}
    outcome = "impostor_said" if speaker in round_.impostors else "civilian_said"
    return phases.reveal(state, table, env, outcome)
