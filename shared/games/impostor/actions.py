"""The moves of a round: deal, clues, the flag, the ballots, the guess, the reveal.

Each function checks its move and returns the `Outcome`; a `Refusal` changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from games.impostor import cards, flags, phases, seats
from games.impostor import moves as mv
from games.impostor.checks import host, in_round, live_seat, not_paused, seat_of_round
from games.impostor.content import Deck
from games.impostor.moves import ImpostorCode, TextReason
from games.impostor.options import LAP, PHONES, POINT, Mode, mode
from games.impostor.state import (
    CLUES,
    DEAL,
    DISCUSSION,
    FLAGGABLE,
    GUESS,
    JUDGING,
    REVEAL,
    VOTING,
    Clue,
    ImpostorState,
    Round,
)
from games.impostor.text import (
    NotOneWord,
    accepted_forms,
    check_clue,
    check_guess,
    loose_key,
    matches_exact,
    matches_loose,
)
from table.contract import Env, Notice, Outcome, Seal, Table
from table.errors import Code, Refusal
from table.text import TextRefused

S = ImpostorState


def peek(state: S, table: Table, member: str, move: mv.Peek, env: Env) -> Outcome[S]:
    """Ruling 3a: the card, only as a reply; on a shared phone, only the seat being dealt."""
    round_ = in_round(state, move.round, DEAL, CLUES, DISCUSSION, VOTING, GUESS, JUDGING)
    seat_of_round(round_, table, member)
    if mode(table.options).shared_phone and (
        state.phase != DEAL or seats.dealing(round_, table, table.picks) != member
    ):
        raise Refusal(ImpostorCode.NOT_YOUR_TURN)
    hint = mode(table.options).hint
    notice = Notice(member, cards.message(round_, member, hint))
    # Nothing changes: the card goes to the asking device alone, with no write and no
    # broadcast (`Fanout.notices`), so a look leaves no trace anyone else could see.
    return Outcome(state, (notice,), changed=False)


def seen(state: S, table: Table, member: str, move: mv.Seen, env: Env) -> Outcome[S]:
    """Ruling 3b: the seat has its card; the shared phone moves on."""
    round_ = in_round(state, move.round, DEAL)
    not_paused(state)
    seat_of_round(round_, table, member)
    if mode(table.options).shared_phone and seats.dealing(round_, table, table.picks) != member:
        raise Refusal(ImpostorCode.NOT_YOUR_TURN)
    if member in table.picks:
        raise Refusal(Code.ALREADY_SUBMITTED)
    return Outcome(state, seal=Seal(True))


def clue(state: S, table: Table, member: str, move: mv.GiveClue, env: Env) -> Outcome[S]:
    """I6, rulings 6a, 6b: one typed word; the secret is refused only to who can see it."""
    m = mode(table.options)
    if not m.typed:
        raise Refusal(ImpostorCode.WRONG_MODE)
    round_ = _turn(state, table, move.round, move.turn)
    if seats.turn_at(round_, round_.turn, m)[1] != member:
        raise Refusal(ImpostorCode.NOT_YOUR_TURN)
    try:
        text = check_clue(move.text)
    except NotOneWord:
        raise Refusal(Code.INVALID_TEXT, TextReason.NOT_ONE_WORD) from None
    except TextRefused as refused:
        raise Refusal(Code.INVALID_TEXT, refused.reason.value) from None
    deck: Deck = env.content
    category = deck.category(round_.category)
    forms = accepted_forms(deck, category.word(round_.word))
    impostor = member in round_.impostors
    if not impostor and matches_loose(text, forms):
        raise Refusal(Code.INVALID_TEXT, TextReason.IS_WORD)
    if (not impostor or m.hint != "none") and loose_key(text) == loose_key(category.name):
        raise Refusal(Code.INVALID_TEXT, TextReason.IS_CATEGORY)
    if impostor and matches_exact(text, deck.lang, forms):
        round_.clues.append(_clue_of(round_, m, text))
        return flags.said(state, table, env, member, member)  # 6b, 7c
    return phases.end_turn(state, table, env, text, missed=False)


def _clue_of(round_: Round, m: Mode, text: str) -> Clue:
    lap, seat = seats.turn_at(round_, round_.turn, m)
    return Clue(seat=seat, lap=lap, text=text)


def _turn(state: S, table: Table, round_no: int, turn: int) -> Round:
    round_ = in_round(state, round_no, CLUES)
    not_paused(state)
    if turn != round_.turn + 1:
        raise Refusal(ImpostorCode.STALE_TURN)
    return round_


def next_turn(state: S, table: Table, member: str, move: mv.NextTurn, env: Env) -> Outcome[S]:
    """Ruling 5d: the spoken clue-giver, the host or the operator ends a turn (typed: missed)."""
    m = mode(table.options)
    round_ = _turn(state, table, move.round, move.turn)
    giver = seats.turn_at(round_, round_.turn, m)[1]
    if member != table.host and (m.typed or member != giver):
        raise Refusal(ImpostorCode.WRONG_MODE if member == giver else ImpostorCode.NOT_YOUR_TURN)
    return phases.end_turn(state, table, env, None, missed=m.typed)


def ready_vote(state: S, table: Table, member: str, move: mv.ReadyVote, env: Env) -> Outcome[S]:
    """Ruling 5c: open laps on phones; from lap 1's last turn; final once sent."""
    m = mode(table.options)
    if not m.open_laps or m.shared_phone:
        raise Refusal(ImpostorCode.WRONG_MODE)
    round_ = in_round(state, move.round, CLUES)
    not_paused(state)
    seat_of_round(round_, table, member)
    if not seats.lap_one_done(round_, round_.turn + 1):
        raise Refusal(Code.TOO_EARLY)
    if member in round_.ready:
        raise Refusal(Code.ALREADY_SUBMITTED)
    round_.ready.append(member)
    return Outcome(state)


def call_vote(state: S, table: Table, member: str, move: mv.CallVote, env: Env) -> Outcome[S]:
    """Rulings 5c, 8a: the host ends open clues after lap 1, or the discussion."""
    host(table, member)
    round_ = in_round(state, move.round, CLUES, DISCUSSION)
    not_paused(state)
    if state.phase == DISCUSSION:
        return phases.first_ballot(state, table, env)
    if not mode(table.options).open_laps:
        raise Refusal(ImpostorCode.WRONG_MODE)
    if not seats.lap_one_done(round_, round_.turn):
        raise Refusal(Code.TOO_EARLY)
    return phases.discussion(state, env)


def flag_word(state: S, table: Table, member: str, move: mv.FlagWord, env: Env) -> Outcome[S]:
    """Ruling 7a: a seat (phones) or the operator pauses the round."""
    round_ = in_round(state, move.round, *FLAGGABLE)
    if mode(table.options).shared_phone:
        host(table, member)
    else:
        seat_of_round(round_, table, member)
    not_paused(state)
    live_seat(round_, table, move.speaker)
    return flags.pause(state, env, member, move.speaker)


def rule_word(state: S, table: Table, member: str, move: mv.RuleWord, env: Env) -> Outcome[S]:
    """Rulings 7a-7d: the host confirms a speaker (maybe corrected), dismisses, or rules
    unflagged; even an impostor host rules."""
    host(table, member)
    round_ = in_round(state, move.round, *FLAGGABLE)
    if move.speaker is None:
        if state.flag is None:
            raise Refusal(Code.WRONG_PHASE)
        return flags.resume(state, env)
    live_seat(round_, table, move.speaker)
    by = state.flag.by if state.flag is not None else member
    return flags.said(state, table, env, by, move.speaker)


def vote(state: S, table: Table, member: str, move: mv.Vote, env: Env) -> Outcome[S]:
    """Rulings 9a-9c, 10a: one final vote for another active candidate."""
    style = mode(table.options).ballot
    if style == POINT:
        raise Refusal(ImpostorCode.WRONG_MODE)
    round_ = in_round(state, move.round, VOTING)
    not_paused(state)
    ballot = round_.ballots[-1]
    if move.ballot != ballot.no:
        raise Refusal(Code.STALE_ROUND)
    seat_of_round(round_, table, member)
    if style == LAP and seats.lap_seat(round_, ballot, table, table.picks) != member:
        raise Refusal(ImpostorCode.NOT_YOUR_TURN)
    if member in table.picks:
        raise Refusal(Code.ALREADY_VOTED)
    if move.target == member:
        raise Refusal(ImpostorCode.SELF_VOTE)
    if move.target not in seats.eligible_targets(ballot, member, table):
        raise Refusal(ImpostorCode.NOT_CANDIDATE)
    return Outcome(state, seal=Seal(move.target))


def record_point(state: S, table: Table, member: str, move: mv.RecordPoint, env: Env) -> Outcome[S]:
    """Ruling 9d: the operator records who was pointed at, and by whom, or a tie."""
    if mode(table.options).ballot != POINT:
        raise Refusal(ImpostorCode.WRONG_MODE)
    host(table, member)
    round_ = in_round(state, move.round, VOTING)
    not_paused(state)
    ballot = round_.ballots[-1]
    if move.ballot != ballot.no:
        raise Refusal(Code.STALE_ROUND)
    if move.tied is not None:
        if len(set(move.tied)) != len(move.tied) or len(move.tied) < 2:
            raise Refusal(ImpostorCode.NOT_CANDIDATE)
        for seat in move.tied:
            _candidate(ballot.candidates, round_, table, seat)
        return phases.close_ballot(state, table, env, {}, list(move.tied))
    assert move.accused is not None and move.pointers is not None
    _candidate(ballot.candidates, round_, table, move.accused)
    if not move.pointers or len(set(move.pointers)) != len(move.pointers):
        raise Refusal(ImpostorCode.NOT_CANDIDATE)
    for pointer in move.pointers:
        if pointer == move.accused:
            raise Refusal(ImpostorCode.SELF_VOTE)
        live_seat(round_, table, pointer)
    votes = dict.fromkeys(move.pointers, move.accused)
    return phases.close_ballot(state, table, env, votes, None)


def _candidate(candidates: list[str], round_: Round, table: Table, seat: str) -> None:
    live_seat(round_, table, seat)
    if seat not in candidates:
        raise Refusal(ImpostorCode.NOT_CANDIDATE)


def guess(state: S, table: Table, member: str, move: mv.MakeGuess, env: Env) -> Outcome[S]:
    """Rulings 12b, 13d: one typed guess; an exact match is right, unjudged."""
    if mode(table.options).play != PHONES:
        raise Refusal(ImpostorCode.WRONG_MODE)
    round_ = in_round(state, move.round, GUESS, JUDGING)
    assert round_.guess is not None
    if member != round_.guess.by:
        raise Refusal(Code.NOT_ELIGIBLE)
    if round_.guess.text is not None:
        raise Refusal(Code.ALREADY_SUBMITTED)
    try:
        text = check_guess(move.text)
    except TextRefused as refused:
        raise Refusal(Code.INVALID_TEXT, refused.reason.value) from None
    deck: Deck = env.content
    forms = accepted_forms(deck, deck.category(round_.category).word(round_.word))
    round_.guess.text = text
    if matches_exact(text, deck.lang, forms):
        round_.guess.prematch = "exact"
        return phases.ruled(state, table, env, True, None)
    round_.guess.prematch = "near" if matches_loose(text, forms) else "none"
    return phases.judging(state, env)


def judge_guess(state: S, table: Table, member: str, move: mv.JudgeGuess, env: Env) -> Outcome[S]:
    """Ruling 13b, 13d: the judge's ruling is final; typed guesses are judged once typed."""
    m = mode(table.options)
    round_ = in_round(state, move.round, GUESS, JUDGING)
    if member != seats.judge(state, table, m):
        raise Refusal(ImpostorCode.NOT_JUDGE)
    if state.phase == GUESS and m.play == PHONES:
        raise Refusal(Code.WRONG_PHASE)  # nothing typed yet to judge
    assert round_.guess is not None
    return phases.ruled(state, table, env, move.correct, member)


def continue_(state: S, table: Table, member: str, move: mv.Continue, env: Env) -> Outcome[S]:
    """Ruling 12c: the host moves on from 6 s into the reveal."""
    host(table, member)
    round_ = in_round(state, move.round, REVEAL)
    if round_.continue_at is not None and env.now < round_.continue_at:
        raise Refusal(Code.TOO_EARLY)
    return phases.after_reveal(state, table, env)


def end_match(state: S, table: Table, member: str, move: mv.EndMatch, env: Env) -> Outcome[S]:
    """Ruling 1c: during a reveal the host ends the match; the rounds played stand."""
    host(table, member)
    if state.phase != REVEAL:
        raise Refusal(Code.WRONG_PHASE)
    return phases.finish(state, env)


# Each handler takes its own move model; the game looks one up by the move's action.
HANDLERS: dict[str, Callable[..., Outcome[ImpostorState]]] = {
    "peek": peek,
    "seen": seen,
    "clue": clue,
    "next_turn": next_turn,
    "ready_vote": ready_vote,
    "call_vote": call_vote,
    "flag_word": flag_word,
    "rule_word": rule_word,
    "vote": vote,
    "record_point": record_point,
    "guess": guess,
    "judge_guess": judge_guess,
    "continue": continue_,
    "end_match": end_match,
}
