"""The match: phases, actions and deadlines (RULES R1, R3, R8, R10, R12, R13).

`apply(room, member, action, env)` and `on_deadline(room, round, phase, env)`
are the whole contract. Both are pure: they copy the room, change the copy and
return it with the effects the world must carry out (timers to set, kicked
connections to tell). A refused action raises `Refusal` and changes nothing.

A round runs  writing --(55 s or everyone wrote)--> voting --(40 s or every
eligible voter voted)--> reveal --(20 s, or the host's continue after 6 s)-->
the next round, or `finished` after the sixth.
"""

from __future__ import annotations

from bluff.rules import membership
from bluff.rules.actions import (
    Action,
    Continue,
    Effect,
    Kick,
    Leave,
    Outcome,
    RoundAction,
    RoundOver,
    Schedule,
    StartMatch,
    Submit,
    TakeSeat,
    Vote,
)
from bluff.rules.ballot import build_ballot, sort_entries
from bluff.rules.cards import draw_match_cards
from bluff.rules.env import Env, deadline_after
from bluff.rules.errors import Code, Refusal
from bluff.rules.model import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    Entry,
    Member,
    Phase,
    Room,
    Round,
)
from bluff.rules.scoring import awards, beats, reveal, summary, winners
from bluff.rules.text import check_definition, comparison_key

# Which actions each phase accepts. Kick and leave are always possible.
ACCEPTS: dict[Phase, frozenset[type]] = {
    Phase.LOBBY: frozenset({StartMatch, TakeSeat, Kick, Leave}),
    Phase.WRITING: frozenset({Submit, Kick, Leave}),
    Phase.VOTING: frozenset({Vote, Kick, Leave}),
    Phase.REVEAL: frozenset({Continue, Kick, Leave}),
    Phase.FINISHED: frozenset({StartMatch, TakeSeat, Kick, Leave}),
}
# The phase a round action belongs to, and the order phases come in, so an
# action for a phase that is over reads `phase_closed`, not `wrong_phase`.
ROUND_ACTION_PHASE: dict[type, Phase] = {
    Submit: Phase.WRITING,
    Vote: Phase.VOTING,
    Continue: Phase.REVEAL,
}
ORDER = [Phase.LOBBY, Phase.WRITING, Phase.VOTING, Phase.REVEAL, Phase.FINISHED]
HOST_ONLY: frozenset[type] = frozenset({StartMatch, Continue, Kick})


def apply(room: Room, member_id: str, action: Action, env: Env) -> Outcome:
    """One member's action on the room."""
    actor = room.member(member_id)
    if actor is None:
        raise Refusal(Code.NOT_IN_ROOM)
    if type(action) in HOST_ONLY and room.host != member_id:
        raise Refusal(Code.NOT_HOST)
    if isinstance(action, Submit | Vote | Continue):
        _check_round_action(room, action, env.now)
    elif type(action) not in ACCEPTS[room.phase]:
        raise Refusal(Code.WRONG_PHASE)

    room = room.model_copy(deep=True)
    actor = room.member(member_id)
    assert actor is not None
    effects: list[Effect] = []
    match action:
        case StartMatch():
            _start_match(room, env, effects)
        case Submit(text=text):
            _submit(room, actor, text, env, effects)
        case Vote(option=option):
            _vote(room, actor, option, env, effects)
        case Continue():
            if env.now < (room.continue_at or 0):
                raise Refusal(Code.TOO_EARLY)
            _advance(room, env, effects)
        case TakeSeat():
            membership.take_seat(room, actor, env.now)
        case Kick(player=player):
            effects.append(membership.kick(room, actor, player))
            _close_if_complete(room, env, effects)
        case Leave():
            membership.leave(room, actor)
            _close_if_complete(room, env, effects)
    return Outcome(room, tuple(effects))


def on_deadline(room: Room, round_number: int, phase: Phase, env: Env) -> Outcome:
    """A timer fired. Acts only if the room is still in that round and phase and
    the deadline has passed; a late, duplicate or early firing changes nothing."""
    if (
        room.phase is not phase
        or room.round_number != round_number
        or room.deadline is None
        or env.now < room.deadline
    ):
        return Outcome(room, (), changed=False)
    room = room.model_copy(deep=True)
    effects: list[Effect] = []
    match phase:
        case Phase.WRITING:
            _close_writing(room, env, effects)
        case Phase.VOTING:
            _open_reveal(room, env, effects)
        case Phase.REVEAL:
            _advance(room, env, effects)
        case _:
            return Outcome(room, (), changed=False)
    return Outcome(room, tuple(effects))


def settle(room: Room, env: Env) -> Outcome:
    """Close whatever is due: a phase past its deadline, or one everybody has acted in.

    The service calls this after every sealed pick and before every other
    action, so a lost or late timer never leaves a room waiting.
    """
    if room.deadline is not None and env.now >= room.deadline:
        return on_deadline(room, room.round_number, room.phase, env)
    complete = (room.phase is Phase.WRITING and writing_complete(room)) or (
        room.phase is Phase.VOTING and voting_complete(room)
    )
    if not complete:
        return Outcome(room, (), changed=False)
    room = room.model_copy(deep=True)
    effects: list[Effect] = []
    _close_if_complete(room, env, effects)
    return Outcome(room, tuple(effects))


def _check_round_action(room: Room, action: RoundAction, now: int) -> None:
    wanted = ROUND_ACTION_PHASE[type(action)]
    if room.phase is Phase.LOBBY:
        raise Refusal(Code.WRONG_PHASE)
    if action.round != room.round_number:
        raise Refusal(Code.STALE_ROUND)
    if room.phase is wanted:
        # Ruling 3b: whatever arrives after the deadline is refused, even
        # before the timer has closed the phase.
        if wanted is not Phase.REVEAL and room.deadline is not None and now >= room.deadline:
            raise Refusal(Code.PHASE_CLOSED)
    elif ORDER.index(room.phase) > ORDER.index(wanted):
        raise Refusal(Code.PHASE_CLOSED)
    else:
        raise Refusal(Code.WRONG_PHASE)


# --- The match ---------------------------------------------------------------


def _start_match(room: Room, env: Env, effects: list[Effect]) -> None:
    """R1, 1a, 1c, 13a: 3-12 active players, six fresh cards, every total from zero."""
    if not MIN_PLAYERS <= len(room.active_players) <= MAX_PLAYERS:
        raise Refusal(Code.NOT_ENOUGH_PLAYERS)
    membership.drop_inactive_seats(room)
    for member in room.members:
        member.score = 0
    room.history, room.winners = [], []
    room.match += 1
    room.match_cards = draw_match_cards(room, env.decks[room.lang], env.rng)
    _begin_round(room, 1, env, effects)


def _begin_round(room: Room, number: int, env: Env, effects: list[Effect]) -> None:
    deck = env.decks[room.lang]
    card_id = room.match_cards[number - 1]
    if card_id not in deck:
        # The card was retired from the deck during the match: draw a stand-in.
        card_id = next(
            c for c in draw_match_cards(room, deck, env.rng) if c not in room.match_cards
        )
        room.match_cards[number - 1] = card_id
    room.round = Round(
        number=number,
        card=deck[card_id],
        started_at=env.now,
        players=[m.id for m in room.active_players],
    )
    room.continue_at = None
    _enter(room, Phase.WRITING, env, effects)


def _enter(room: Room, phase: Phase, env: Env, effects: list[Effect]) -> None:
    room.phase = phase
    room.phase_started_at = env.now
    room.deadline = deadline_after(env.now, env.timings.length(phase))
    effects.append(Schedule(room.round_number, phase, room.deadline))


def _current(room: Room) -> Round:
    assert room.round is not None, "a round phase always has a round"
    return room.round


# --- Writing (R3, R4, R6, R7, R8) ---------------------------------------------


def _submit(room: Room, actor: Member, text: str, env: Env, effects: list[Effect]) -> None:
    round_ = _current(room)
    if not actor.is_active_player or actor.id not in round_.players:
        raise Refusal(Code.NOT_ELIGIBLE)
    if actor.id in round_.entries:
        raise Refusal(Code.ALREADY_SUBMITTED)
    stored = check_definition(text)
    # R6: a truth match is accepted exactly like any other entry; nothing here
    # or in the reply tells the writer what it matched.
    round_.entries[actor.id] = Entry(text=stored, key=comparison_key(stored), at=env.now)
    _close_if_complete(room, env, effects)


def writing_complete(room: Room) -> bool:
    """Ruling 3b: every active player of the round has an accepted entry."""
    round_ = _current(room)
    return all(m.id in round_.entries for m in room.active_players if m.id in round_.players)


def _close_writing(room: Room, env: Env, effects: list[Effect]) -> None:
    round_ = _current(room)
    round_.ballot = build_ballot(round_, env.rng)
    # Fallbacks left off the ballot are never needed again: drop them, so
    # they cannot leak and the stored room stays small.
    round_.card = round_.card.model_copy(update={"bluffs": ()})
    truth_writers = set(sort_entries(round_).truth_writers)
    # R8 and 7a: skippers and matching-group writers vote; truth writers do not (R6).
    round_.voters = [p for p in round_.players if p not in truth_writers]
    if eligible_voters(room):
        _enter(room, Phase.VOTING, env, effects)
    else:
        _open_reveal(room, env, effects)  # ruling 10a: nobody can vote


# --- Voting (R10) -----------------------------------------------------------------


def eligible_voters(room: Room) -> list[str]:
    round_ = _current(room)
    active = {m.id for m in room.active_players}
    return [p for p in round_.voters if p in active]


def _vote(room: Room, actor: Member, option_id: str, env: Env, effects: list[Effect]) -> None:
    round_ = _current(room)
    if actor.id not in eligible_voters(room):
        raise Refusal(Code.NOT_ELIGIBLE)
    if actor.id in round_.votes:
        raise Refusal(Code.ALREADY_VOTED)
    option = next((o for o in round_.ballot if o.id == option_id), None)
    if option is None:
        raise Refusal(Code.UNKNOWN_OPTION)
    if option.writer == actor.id:
        raise Refusal(Code.OWN_OPTION)
    round_.votes[actor.id] = option.id
    _close_if_complete(room, env, effects)


def voting_complete(room: Room) -> bool:
    round_ = _current(room)
    return all(p in round_.votes for p in eligible_voters(room))


def _close_if_complete(room: Room, env: Env, effects: list[Effect]) -> None:
    """Early closes (3b, 10a), checked after every entry, vote, leave and kick."""
    if room.phase is Phase.WRITING and writing_complete(room):
        _close_writing(room, env, effects)
    elif room.phase is Phase.VOTING and voting_complete(room):
        _open_reveal(room, env, effects)


# --- Reveal and the end (R11, R12, R13) ----------------------------------------------


def _open_reveal(room: Room, env: Env, effects: list[Effect]) -> None:
    round_ = _current(room)
    for player, points in awards(round_).items():
        member = room.member(player)
        if member is not None:
            member.score += points
    round_.beats = beats(env.now, env.timings)
    room.history.append(summary(round_))
    effects.append(RoundOver(round_.number, reveal(room, round_)))
    room.continue_at = env.now + env.timings.continue_after
    _enter(room, Phase.REVEAL, env, effects)


def _advance(room: Room, env: Env, effects: list[Effect]) -> None:
    """After a reveal: the next round, or the end of the match after the sixth
    (or as soon as no active player is left to play one)."""
    if room.round_number < ROUNDS and room.active_players:
        _begin_round(room, room.round_number + 1, env, effects)
        return
    room.phase = Phase.FINISHED
    room.phase_started_at = env.now
    room.deadline = room.continue_at = None
    room.winners = winners(room)
