"""Phases as data and the transitions between them (D3, D5-D7, D13, D19-D23).

    lobby → [warmup] → trial → [tally] → [vote] → score → … ×5 → finished

Each phase closes at its deadline or early (the `closes_early` table); every
transition is a pure function of the state, the table and the `Env`.
"""

from __future__ import annotations

from collections.abc import Callable

from games.dictopia import scoring
from games.dictopia.catalogue import CHALLENGES
from games.dictopia.content import SET_SIZE, Content
from games.dictopia.missions import draw, pool
from games.dictopia.settings import MAX_LEVEL, REACHED, USED, custom_ids, reached, settings
from games.dictopia.state import ROUNDS, SCORE, TALLY, TRIAL, VOTE, WARMUP, DictopiaState, Filed
from table.contract import FINISHED, Env, Outcome, Table, Timer
from table.errors import Code, Refusal

WARMUP_MS, TALLY_MS, VOTE_MS, SCORE_MS = 180_000, 45_000, 45_000, 20_000
CONTINUE_FROM_MS = 6_000  # D7d: the host may continue the score from 6 s
# Timings: score beats for words, eyes, missions, Big Brother (solo), totals.
BEATS_MS = (500, 1_500, 2_500, 3_500, 4_500)
BIG_BROTHER_BEAT_MS = 3_500
BEAT_NAMES = ("words", "eyes", "missions", "big_brother", "totals")
WARMUP_GOAL = 2  # D3b: challenges each active player should meet
ONE_SET_UP_TO = 7  # D1a: 8-12 players shuffle two copies together


def active(state: DictopiaState, table: Table) -> list[str]:
    seats = {m.id for m in table.active_players}
    return [p for p in state.players if p in seats]


def locked(state: DictopiaState, table: Table, player: str) -> bool:
    pick = table.picks.get(player) or {}
    return bool(pick.get("l")) or state.speed_by == player


def _timers(timer: Timer | None) -> tuple[Timer, ...]:
    return (timer,) if timer else ()


# --- starting a match ------------------------------------------------------------------


def start(state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState]:
    s = settings(table.options, table)
    seated = [m.id for m in table.active_players]
    if (s.solo and len(seated) != 1) or (not s.solo and not 2 <= len(seated) <= 12):
        raise Refusal(Code.NOT_ENOUGH_PLAYERS)  # D1a
    content: Content = env.content
    new = DictopiaState(
        phase_id=state.phase_id,
        players=seated,
        solo=s.solo,
        hand_size=s.level,
        copies=1 if len(seated) <= ONE_SET_UP_TO else 2,
        level=s.level,
        customs=custom_ids(s),
        totals=dict.fromkeys(seated, 0),  # D1c: a rematch starts at 0
        trial_scores={p: [] for p in seated},
    )
    catalogue = pool(s.solo, s.vote_missions, s.speed_mission, content.lexicon)
    new.plan, used = draw(list(new.customs), catalogue, table.memory.get(USED, []), env.rng)
    memory = {**table.memory, USED: used}
    if s.warmup:  # D3a
        new.hands = _deal(new, seated, 8, env)[0]
        return Outcome(new, _timers(new.enter(WARMUP, env, WARMUP_MS)), memory=memory)
    outcome = begin_trial(new, table, env, 1)
    return Outcome(outcome.state, outcome.effects, memory=memory)


def _deal(
    state: DictopiaState, seats: list[str], size: int, env: Env
) -> tuple[dict[str, list[int]], int]:
    """D6a: reshuffle the whole set, deal disjoint hands, the target is the next card's back."""
    order = list(range(SET_SIZE * state.copies))
    env.rng.shuffle(order)
    hands = {p: order[i * size : (i + 1) * size] for i, p in enumerate(seats)}
    content: Content = env.content
    return hands, content.card(order[len(seats) * size]).back


def begin_trial(
    state: DictopiaState, table: Table, env: Env, number: int
) -> Outcome[DictopiaState]:
    state.round = number
    state.speed_by, state.continue_asked = None, False
    state.words, state.passed, state.items, state.lines = {}, [], [], {}
    state.continue_at, state.beats = None, []
    state.big_brother = None
    # A disconnected seat is dealt; a seat that left is not.
    state.hands, state.target = _deal(state, active(state, table), state.hand_size, env)
    seconds = settings(table.options, table).trial_seconds
    return Outcome(state, _timers(state.enter(TRIAL, env, seconds * 1000)))


# --- closing phases ---------------------------------------------------------------------


def _warmup_over(state: DictopiaState, table: Table, env: Env) -> bool:
    met = [len((table.picks.get(p) or {}).get("met", [])) for p in active(state, table)]
    return state.continue_asked or all(n >= WARMUP_GOAL for n in met)


def _trial_over(state: DictopiaState, table: Table, env: Env) -> bool:
    return all(locked(state, table, p) for p in active(state, table))


def _tally_over(state: DictopiaState, table: Table, env: Env) -> bool:
    return all(p in state.passed for p in active(state, table))


def _vote_over(state: DictopiaState, table: Table, env: Env) -> bool:
    ids = {str(i.id) for i in state.items}
    return all(ids <= set(table.picks.get(p) or {}) for p in active(state, table))


def _score_over(state: DictopiaState, table: Table, env: Env) -> bool:
    return state.continue_asked


CLOSES_EARLY: dict[str, Callable[[DictopiaState, Table, Env], bool]] = {
    WARMUP: _warmup_over,
    TRIAL: _trial_over,
    TALLY: _tally_over,
    VOTE: _vote_over,
    SCORE: _score_over,
}


def due(state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState] | None:
    """Close the current phase if it is due; None when nothing is."""
    closes_early = CLOSES_EARLY.get(state.phase)
    if closes_early is None:
        return None
    if not active(state, table):  # D1b: with no active player left, the match ends
        return finish(state, table, env)
    if not (state.due(env.now) or closes_early(state, table, env)):
        return None
    state = state.clone()
    return CLOSE[state.phase](state, table, env)


def _close_warmup(state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState]:
    return begin_trial(state, table, env, 1)  # D3b: no points


def _close_trial(state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState]:
    # D7c / D1b: every word on file counts, a leaver's included; nothing is made up.
    state.words = {
        p: Filed(cards=pick["w"], claims=pick.get("c", []))
        for p, pick in table.picks.items()
        if p in state.hands and pick and pick.get("w")
    }
    s = settings(table.options, table)
    claims = any(f.claims for f in state.words.values())
    if state.solo or (s.strict and not claims):  # Timings: tally skipped
        return enter_score(state, table, env)
    return Outcome(state, _timers(state.enter(TALLY, env, TALLY_MS)))


def _close_tally(state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState]:
    if state.items:
        return Outcome(state, _timers(state.enter(VOTE, env, VOTE_MS)))
    return enter_score(state, table, env)


def _close_vote(state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState]:
    """D13a: answers open at the close; more yes, more no, or a tie (0-0 included)."""
    voters = active(state, table)
    for item in state.items:
        answers = {p: (table.picks.get(p) or {}).get(str(item.id)) for p in voters}
        item.yes = [p for p, v in answers.items() if v is True]
        item.no = [p for p, v in answers.items() if v is False]
        diff = len(item.yes) - len(item.no)
        item.result = "yes" if diff > 0 else "no" if diff < 0 else "tie"
    return enter_score(state, table, env)


def _close_score(state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState]:
    if state.round < ROUNDS:
        return begin_trial(state, table, env, state.round + 1)
    return finish(state, table, env)


CLOSE = {
    WARMUP: _close_warmup,
    TRIAL: _close_trial,
    TALLY: _close_tally,
    VOTE: _close_vote,
    SCORE: _close_score,
}


def enter_score(state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState]:
    content: Content = env.content
    state.lines = {p: scoring.line(state, content, p) for p in state.players}
    for p, line in state.lines.items():
        state.totals[p] = line.total
        state.trial_scores[p].append(line.trial)
    if state.solo:
        player = state.players[0]
        state.big_brother = scoring.big_brother(state, content, player, state.lines[player])
        state.bb_trials.append(state.big_brother.trial)
    best = max((line.trial for line in state.lines.values()), default=0)
    state.history.append({"target": state.target, "missions": list(state.missions), "best": best})
    state.continue_asked = False
    timer = state.enter(SCORE, env, SCORE_MS)
    state.continue_at = env.now + env.length(CONTINUE_FROM_MS)
    beats = BEATS_MS if state.solo else tuple(b for b in BEATS_MS if b != BIG_BROTHER_BEAT_MS)
    state.beats = [env.now + env.length(b) for b in beats]
    return Outcome(state, _timers(timer))


def finish(state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState]:
    """D20a winners; in solo, D22c against Big Brother and D23a's progression."""
    state = state.clone()
    last = {p: (s[-1] if s else 0) for p, s in state.trial_scores.items()}
    memory = None
    totals = dict(state.totals)
    if state.solo:
        totals[scoring.BIG_BROTHER] = sum(state.bb_trials)
        last[scoring.BIG_BROTHER] = state.bb_trials[-1] if state.bb_trials else 0
    state.standings = scoring.standings(totals, last)
    state.winners = scoring.winners(totals, last)
    if state.solo:
        state.beaten = state.winners == [state.players[0]]
        if state.beaten:
            levels = dict(table.memory.get(REACHED) or {})
            level = max(reached(table), min(MAX_LEVEL, state.level + 1))
            memory = {**table.memory, REACHED: {**levels, table.lang: level}}
    state.enter(FINISHED, env)
    return Outcome(state, memory=memory)


def warmup_challenges(content: Content) -> list[dict[str, object]]:
    return [{"id": n, "mission": m, "text": content.text(m)} for n, m in CHALLENGES.items()]
