"""How a round moves on: deal, clues, discussion, ballots, guess, judging, reveal.

Each function takes a copy of the state and returns the `Outcome` of one step.
The rules that trigger them are in `game.Impostor.due` and `actions`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.impostor import draw, scoring, seats, timing
from games.impostor.content import Deck
from games.impostor.options import PHONES, mode
from games.impostor.state import (
    CLUES,
    DEAL,
    DISCUSSION,
    GUESS,
    JUDGING,
    REVEAL,
    VOTING,
    Ballot,
    Clue,
    Guess,
    ImpostorState,
    Round,
)
from games.impostor.text import accepted_forms, matches_loose
from table.contract import FINISHED, Env, Outcome, Table, Timer

S = ImpostorState


def _timers(*timers: Timer | None) -> tuple[Timer, ...]:
    return tuple(t for t in timers if t is not None)


def new_round(state: S, table: Table, env: Env) -> Outcome[S]:
    """I3, I16-I18: draw the impostors, the order, the category and the word; deal."""
    deck: Deck = env.content
    m = mode(table.options)
    table_ids = [s.id for s in table.active_players]
    k = draw.impostor_count(len(table_ids), m.surprise, env.rng)
    impostors, state.cycle = draw.impostors(
        table_ids, k, state.history, state.cycle, m.fair_rotation, env.rng
    )
    state.history.append(impostors)
    enabled = table.options.get("categories") or list(deck.category_ids)
    category = draw.category(deck, enabled, state.last_category, env.rng)
    memory = {k: v for k, v in table.memory.items()}
    used: dict[str, dict[str, list[str]]] = {
        lang: dict(cats) for lang, cats in dict(memory.get("used", {})).items()
    }
    in_deck = used.setdefault(deck.lang, {})
    word, in_deck[category] = draw.word(deck, category, in_deck, env.rng)
    memory["used"] = used
    grid = draw.grid(deck, category, word, env.rng) if m.hint == "grid" else []
    texts = deck.category(category)
    state.round = Round(
        no=(state.round.no + 1) if state.round else 1,
        category=category,
        word=word,
        category_name=texts.name,
        word_text=texts.word(word).word,
        aliases=list(texts.word(word).aliases),
        grid=[texts.word(w).word for w in grid],
        impostors=impostors,
        seats=table_ids,
        order=draw.clue_order(table_ids, impostors, env.rng),
    )
    state.last_category, state.flag = category, None
    timer = state.enter(DEAL, env, None if m.shared_phone else timing.DEAL_MS)
    return Outcome(state, _timers(timer), memory=memory)


def start_clues(state: S, table: Table, env: Env, index: int) -> Outcome[S]:
    """Ruling 5b, 5d: the turn `index` (or the first live one after it) begins."""
    round_ = state.round
    assert round_ is not None
    m = mode(table.options)
    live = seats.next_live_turn(round_, index, m, table)
    if live is None:
        return discussion(state, env)
    round_.turn = live
    return Outcome(state, _timers(state.enter(CLUES, env, m.clue_ms)))


def end_turn(state: S, table: Table, env: Env, text: str | None, missed: bool) -> Outcome[S]:
    """A turn ends: its clue is kept; clues end after the schedule or a ready table (5c)."""
    round_ = state.round
    assert round_ is not None
    m = mode(table.options)
    lap, seat = seats.turn_at(round_, round_.turn, m)
    round_.clues.append(Clue(seat=seat, lap=lap, text=text, missed=missed))
    live = seats.round_seats(round_, table)
    ready = [s for s in round_.ready if s in live]
    if m.open_laps and seats.lap_one_done(round_, round_.turn + 1) and 2 * len(ready) > len(live):
        return discussion(state, env)
    return start_clues(state, table, env, round_.turn + 1)


def discussion(state: S, env: Env) -> Outcome[S]:
    """I8: sixty seconds of arguing."""
    return Outcome(state, _timers(state.enter(DISCUSSION, env, timing.DISCUSSION_MS)))


def open_ballot(state: S, table: Table, env: Env, no: int, candidates: list[str]) -> Outcome[S]:
    """I9, ruling 10a: a ballot in the room's style; the second has the tied seats."""
    round_ = state.round
    assert round_ is not None
    style = mode(table.options).ballot
    round_.ballots.append(Ballot(no=no, style=style, candidates=candidates))
    length = timing.BALLOT_MS if style == PHONES else None
    return Outcome(state, _timers(state.enter(VOTING, env, length)))


def first_ballot(state: S, table: Table, env: Env) -> Outcome[S]:
    assert state.round is not None
    return open_ballot(state, table, env, 1, seats.round_seats(state.round, table))


def close_ballot(
    state: S, table: Table, env: Env, votes: dict[str, str], tied: list[str] | None
) -> Outcome[S]:
    """Rulings 9e, 10a, 12a: the tally decides; a tie votes again, then escapes."""
    round_ = state.round
    assert round_ is not None
    ballot = round_.ballots[-1]
    live = seats.active(table)
    ballot.votes = {v: t for v, t in votes.items() if v in live and t in live}
    ballot.turnout = len(ballot.votes)
    if tied is None:
        counts = Counter(ballot.votes.values())
        top = max(counts.values(), default=0)
        leaders = [c for c in ballot.candidates if counts.get(c, 0) == top and c in live]
        if top > 0 and len(leaders) == 1:
            return accuse(state, table, env, leaders[0])
        tied = leaders if top > 0 else [c for c in ballot.candidates if c in live]
    ballot.tied = tied
    if ballot.no == 1 and len(tied) >= 2:
        return open_ballot(state, table, env, 2, tied)
    return reveal(state, table, env, "tie")


def extend_or_close(state: S, table: Table, env: Env, picks: dict[str, Any]) -> Outcome[S]:
    """Ruling 11a: at a phones ballot's deadline, fewer than half the table extends once."""
    round_ = state.round
    assert round_ is not None
    ballot = round_.ballots[-1]
    live = seats.round_seats(round_, table)
    votes = {v: str(t) for v, t in picks.items() if v in live}
    if 2 * len(votes) >= len(live):
        return close_ballot(state, table, env, votes, None)
    if not ballot.extended:
        ballot.extended = True
        state.deadline = env.deadline(timing.EXTENSION_MS)
        return Outcome(state, (timing.later_deadline(state.phase_id, state.deadline, "extend"),))
    ballot.votes, ballot.turnout = votes, len(votes)
    return reveal(state, table, env, "low_turnout")


def accuse(state: S, table: Table, env: Env, accused: str) -> Outcome[S]:
    """Ruling 12a: a civilian accused lets the impostor escape; an impostor guesses."""
    round_ = state.round
    assert round_ is not None
    round_.accused = accused
    if accused not in round_.impostors:
        return reveal(state, table, env, "escaped")
    m = mode(table.options)
    round_.guess = Guess(by=accused, judge=seats.judge(state, table, m))
    return Outcome(state, _timers(state.enter(GUESS, env, timing.GUESS_MS)))


def judging(state: S, env: Env) -> Outcome[S]:
    return Outcome(state, _timers(state.enter(JUDGING, env, timing.JUDGING_MS)))


def guess_timeout(state: S, table: Table, env: Env) -> Outcome[S]:
    """Ruling 13d: unruled, a typed guess wrong only in diacritics stands; else a miss."""
    round_ = state.round
    assert round_ is not None and round_.guess is not None
    guess = round_.guess
    right = False
    if state.phase == JUDGING and guess.text is not None:
        deck: Deck = env.content
        word = deck.category(round_.category).word(round_.word)
        right = matches_loose(guess.text, accepted_forms(deck, word))
    return ruled(state, table, env, right, None)


def ruled(state: S, table: Table, env: Env, right: bool, judge: str | None) -> Outcome[S]:
    round_ = state.round
    assert round_ is not None and round_.guess is not None
    round_.guess.right = right
    if judge is not None:
        round_.guess.judge = judge
    return reveal(state, table, env, "caught_guessed" if right else "caught_missed")


def reveal(state: S, table: Table, env: Env, outcome: str) -> Outcome[S]:
    """I14, 12c: the round's awards, then 20 s of reveal; the host may continue from 6 s."""
    round_ = state.round
    assert round_ is not None
    round_.outcome = outcome
    state.flag = None
    live = seats.round_seats(round_, table)
    deciding = round_.ballots[-1].votes if round_.ballots else {}
    said_by = round_.said["speaker"] if round_.said else None
    award, as_impostor = scoring.awards(
        outcome, live, round_.impostors, round_.accused, deciding, said_by
    )
    round_.awards = award
    round_.correct = scoring.correct_voters(outcome, round_.impostors, round_.accused, deciding)
    for seat, points in award.items():
        state.totals[seat] = state.totals.get(seat, 0) + points
    for seat, points in as_impostor.items():
        state.impostor_points[seat] = state.impostor_points.get(seat, 0) + points
    for seat in round_.correct:
        state.correct_votes[seat] = state.correct_votes.get(seat, 0) + 1
    state.past.append(
        {
            "round": round_.no,
            "word": round_.word_text,
            "category": round_.category_name,
            "impostors": list(round_.impostors),
            "outcome": outcome,
        }
    )
    if len(seats.active(table)) < 3:
        state.ending = True  # ruling 1c
    timer = state.enter(REVEAL, env, timing.REVEAL_MS)
    round_.continue_at = env.now + env.length(timing.CONTINUE_MS)
    round_.beats = [{"at": env.now + env.length(at), "cue": cue} for cue, at in timing.BEATS]
    return Outcome(state, _timers(timer))


def after_reveal(state: S, table: Table, env: Env) -> Outcome[S]:
    """The next round, or the end of the match (ruling 1c)."""
    round_ = state.round
    assert round_ is not None
    if round_.no < state.rounds and not state.ending and len(seats.active(table)) >= 3:
        return new_round(state, table, env)
    return finish(state, env)


def finish(state: S, env: Env) -> Outcome[S]:
    state.enter(FINISHED, env)
    return Outcome(state)


def void_reason(state: S, table: Table) -> str | None:
    """Rulings 1c, 1d: the outcome forced by seats that left, if any."""
    round_ = state.round
    if round_ is None or round_.outcome is not None:
        return None
    live = seats.active(table)
    if len(live) < 3 or (
        state.phase in (DEAL, CLUES, DISCUSSION, VOTING)
        and not any(s in live for s in round_.impostors)
    ):
        return "void"
    if state.phase in (GUESS, JUDGING) and round_.accused not in live:
        return "caught_missed"
    return None
