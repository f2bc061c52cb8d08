"""The match: phases, moves and deadlines (RULES R1, R3, R6-R13).

A round runs  writing --(55 s or everyone wrote)--> voting --(40 s or every
eligible voter voted)--> reveal --(20 s, or the host's continue after 6 s)-->
the next round, or `finished` after the sixth (or after a round that ends with
fewer than 3 active players, or none). Entries and votes are sealed
picks: the table keeps each in its writer's own slot until the phase closes,
when they join the round.
"""

from __future__ import annotations

from games.bluff.ballot import build_ballot, sort_entries
from games.bluff.cards import draw_match_cards
from games.bluff.moves import Continue, Hold, Submit, Vote
from games.bluff.scoring import awards, beats, hold, reveal, summary, winners
from games.bluff.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    REVEAL,
    ROUNDS,
    VOTING,
    WRITING,
    BluffState,
    Entry,
    Round,
)
from games.bluff.timings import CONTINUE_AFTER_MS, REVEAL_MS, VOTING_MS, WRITING_MS
from table.contract import FINISHED, Archive, Effect, Env, Outcome, Seal, Table, unchanged
from table.errors import Code, Refusal
from table.kit import check_phase
from table.text import TextRefused, check_definition

LENGTHS = {WRITING: WRITING_MS, VOTING: VOTING_MS, REVEAL: REVEAL_MS}
# The phase each round move belongs to, and the order phases come in, so a
# move for a phase that is over reads `phase_closed`, not `wrong_phase`.
MOVE_PHASE: dict[type, str] = {Submit: WRITING, Vote: VOTING, Continue: REVEAL, Hold: REVEAL}
ORDER = (WRITING, VOTING, REVEAL, FINISHED)

RoundMove = Submit | Vote | Continue | Hold


def check_round_move(state: BluffState, move: RoundMove, now: int) -> None:
    wanted = MOVE_PHASE[type(move)]
    # Ruling 3b: whatever arrives after the deadline is refused, even before the
    # timer has closed the phase.
    check_phase(
        state.phase,
        ORDER,
        (wanted,),
        round_=state.round_number,
        move_round=move.round,
        closed=wanted != REVEAL and state.due(now),
    )


# --- The match ------------------------------------------------------------------------


def start(state: BluffState, table: Table, env: Env) -> Outcome[BluffState]:
    """R1, 1a, 1c, 13a: 3-12 active players, six fresh cards, every total from zero."""
    players = [m.id for m in table.active_players]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise Refusal(Code.NOT_ENOUGH_PLAYERS)
    cards, memory = draw_match_cards(table.memory, env.content, env.rng)
    new = BluffState(
        phase_id=state.phase_id,
        match=state.match + 1,
        scores=dict.fromkeys(players, 0),
        match_cards=cards,
    )
    effects: list[Effect] = []
    _begin_round(new, table, 1, env, effects)
    return Outcome(new, tuple(effects), memory=memory)


def _begin_round(
    state: BluffState, table: Table, number: int, env: Env, effects: list[Effect]
) -> None:
    deck = env.content
    card_id = state.match_cards[number - 1]
    if card_id not in deck:
        # The card was retired from the deck during the match: draw a stand-in.
        drawn, _ = draw_match_cards(table.memory, deck, env.rng)
        card_id = next(c for c in drawn if c not in state.match_cards)
        state.match_cards[number - 1] = card_id
    state.round = Round(
        number=number,
        card=deck[card_id],
        started_at=env.now,
        players=[m.id for m in table.active_players],
    )
    state.continue_at = None
    _enter(state, WRITING, env, effects)


def _enter(state: BluffState, phase: str, env: Env, effects: list[Effect]) -> None:
    timer = state.enter(phase, env, LENGTHS[phase])
    assert timer is not None
    effects.append(timer)


# --- Writing (R3, R4, R6, R7, R8) ------------------------------------------------------


def submit(
    state: BluffState, table: Table, member: str, move: Submit, env: Env
) -> Outcome[BluffState]:
    round_ = state.current()
    seat = table.member(member)
    if seat is None or not (seat.player and seat.active) or member not in round_.players:
        raise Refusal(Code.NOT_ELIGIBLE)
    if member in table.picks:
        raise Refusal(Code.ALREADY_SUBMITTED)
    try:
        stored = check_definition(move.text)
    except TextRefused as refused:
        raise Refusal(Code.INVALID_TEXT, refused.reason.value) from None
    # R6: a truth match is accepted exactly like any other entry; nothing here
    # or in the reply tells the writer what it matched.
    return Outcome(state, seal=Seal({"text": stored, "at": env.now}))


def writers(state: BluffState, table: Table) -> list[str]:
    """The active players of the round: whose entries writing waits for."""
    round_ = state.current()
    return [m.id for m in table.active_players if m.id in round_.players]


def writing_complete(state: BluffState, table: Table) -> bool:
    """Ruling 3b: every active player of the round has an accepted entry."""
    return all(p in table.picks for p in writers(state, table))


def _close_writing(state: BluffState, table: Table, env: Env, effects: list[Effect]) -> None:
    round_ = state.current()
    round_.entries = {
        p: Entry(text=str(pick["text"]), at=int(pick["at"]))
        for p, pick in table.picks.items()
        if p in round_.players
    }
    round_.ballot = build_ballot(round_, env.rng, table.lang)
    # Fallbacks left off the ballot are never needed again: drop them, so
    # they cannot leak and the stored room stays small.
    round_.card = round_.card.model_copy(update={"bluffs": ()})
    truth_writers = set(sort_entries(round_).truth_writers)
    # R8 and 7a: skippers and matching-group writers vote; truth writers do not (R6).
    round_.voters = [p for p in round_.players if p not in truth_writers]
    if eligible_voters(state, table):
        _enter(state, VOTING, env, effects)
    else:
        _open_reveal(state, table, env, effects)  # ruling 10a: nobody can vote


# --- Voting (R10) ------------------------------------------------------------------------


def eligible_voters(state: BluffState, table: Table) -> list[str]:
    active = {m.id for m in table.active_players}
    return [p for p in state.current().voters if p in active]


def vote(state: BluffState, table: Table, member: str, move: Vote) -> Outcome[BluffState]:
    round_ = state.current()
    if member not in eligible_voters(state, table):
        raise Refusal(Code.NOT_ELIGIBLE)
    if member in table.picks:
        raise Refusal(Code.ALREADY_VOTED)
    option = next((o for o in round_.ballot if o.id == move.option), None)
    if option is None:
        raise Refusal(Code.UNKNOWN_OPTION)
    if option.writer == member:
        raise Refusal(Code.OWN_OPTION)
    return Outcome(state, seal=Seal(option.id))


def voting_complete(state: BluffState, table: Table) -> bool:
    return all(p in table.picks for p in eligible_voters(state, table))


# --- Reveal and the end (R11, R12, R13) ------------------------------------------------------


def _open_reveal(state: BluffState, table: Table, env: Env, effects: list[Effect]) -> None:
    round_ = state.current()
    if state.phase == VOTING:
        ballot = {o.id for o in round_.ballot}
        round_.votes = {p: str(o) for p, o in table.picks.items() if o in ballot}
    for player, points in awards(round_).items():
        state.scores[player] = state.scores.get(player, 0) + points
    round_.beats = beats(env, round_)
    state.history.append(summary(round_, table.lang))
    effects.append(Archive(f"{state.match:04d}#{round_.number}", reveal(state, table, round_)))
    state.continue_at = env.now + env.length(CONTINUE_AFTER_MS)
    _enter(state, REVEAL, env, effects)


def proceed(state: BluffState, table: Table, member: str, env: Env) -> Outcome[BluffState]:
    """The host's `continue`, allowed from 6 s into the reveal (ruling 12a)."""
    if env.now < (state.continue_at or 0):
        raise Refusal(Code.TOO_EARLY)
    effects: list[Effect] = []
    _advance(state, table, env, effects)
    return Outcome(state, tuple(effects))


def hold_reveal(state: BluffState, env: Env) -> Outcome[BluffState]:
    """The host's `hold`: the show jumps to its last frame on every screen and
    stays there until the host continues (from 6 s) or the 20 s backstop."""
    if not hold(state.current(), env.now):
        return unchanged(state)
    return Outcome(state)


def short_handed(table: Table) -> bool:
    """Fewer active players than a match needs: this round is the match's last."""
    return len(table.active_players) < MIN_PLAYERS


def _advance(state: BluffState, table: Table, env: Env, effects: list[Effect]) -> None:
    """After a reveal: the next round, or the end of the match after the sixth,
    or as soon as fewer than 3 active players are left to play one (docs/rules.md)."""
    if state.round_number < ROUNDS and not short_handed(table):
        _begin_round(state, table, state.round_number + 1, env, effects)
        return
    state.enter(FINISHED, env)
    state.continue_at = None
    state.winners = winners(state, table)


# --- Closing what is due ---------------------------------------------------------------------


def due(state: BluffState, table: Table, env: Env) -> Outcome[BluffState]:
    """A phase past its deadline, or one everybody has acted in, closes (3b, 10a, 12a)."""
    phase = state.phase
    deadline_passed = phase in LENGTHS and state.due(env.now)
    if not (
        deadline_passed
        or (phase == WRITING and writing_complete(state, table))
        or (phase == VOTING and voting_complete(state, table))
    ):
        return unchanged(state)
    state = state.clone()
    effects: list[Effect] = []
    if phase == WRITING:
        _close_writing(state, table, env, effects)
    elif phase == VOTING:
        _open_reveal(state, table, env, effects)
    else:
        _advance(state, table, env, effects)
    return Outcome(state, tuple(effects))
