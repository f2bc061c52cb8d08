"""The round, phase by phase: choosing (F4), writing (F6), voting (F10), reveal (F12),
and the end of a game (F13, F14, F23). Each opening sets its clock or backstop
(F16) and the owing bots' turns (Bots: pace)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.fictionary import bots, dealing, reveal, scoring, seats
from games.fictionary.content import Content, Word
from games.fictionary.draws import Draw
from games.fictionary.likeness import fake_id
from games.fictionary.rules import (
    BACKSTOP_MS,
    BOT_LEAD_MS,
    CHOOSE_S,
    CHOOSING,
    FAKES_REMEMBERED,
    PACE,
    REMEMBERED,
    REVEAL,
    VOTING,
    WRITING,
    whole_second,
)
from games.fictionary.standing import Judging, keep_apart
from games.fictionary.state import FicState
from games.fictionary.tidy import tidy
from games.fictionary.wordings import text_of
from table.contract import FINISHED, Env, Table, Timer


def _factor(state: FicState) -> float:
    return max(1.0, int(state.rules.get("timer", 0)) / 60)


def _length(state: FicState, phase: str, cards: int = 0) -> int | None:
    """Ruling 16a: each pick's clock in ms, or None on an untimed table."""
    timer = int(state.rules.get("timer", 0))
    if not timer:
        return None
    f = _factor(state)
    if phase == CHOOSING:
        return math.ceil(CHOOSE_S * f) * 1000
    if phase == WRITING:
        return timer * 1000
    per = (20, 4) if state.shown else (30, 8)
    return math.ceil(f * (per[0] + per[1] * cards)) * 1000


def _enter(state: FicState, phase: str, table: Table, env: Env, length: int | None) -> list[Timer]:
    timer = state.enter(phase, env, length)
    state.filled, state.bot_at = {}, {}
    timers = [timer] if timer else []
    state.backstop_at = None
    if timer is None and phase in (CHOOSING, WRITING, VOTING):
        state.backstop_at = env.deadline(BACKSTOP_MS)  # ruling 16b
        timers.append(Timer(state.phase_id, state.backstop_at))
    return timers + schedule(state, table, env)


def schedule(state: FicState, table: Table, env: Env) -> list[Timer]:
    """The owing bots' turns, drawn at their pace and cut 2 s before any clock;
    and the moment each disconnected person owing a pick turns away."""
    timers: list[Timer] = []
    low_high = PACE[str(state.rules.get("bot_pace", "brisk"))].get(state.phase)
    for seat in seats.owing(state):
        if seat in state.bots and seat not in state.bot_at and low_high:
            delay = Draw(state.seed, f"bot:{state.round}:{state.phase}:{seat}:pace").between(
                *low_high
            )
            at = whole_second(env.now + env.length(delay * 1000))
            if state.deadline is not None:
                cut = state.deadline - whole_second(env.length(BOT_LEAD_MS))
                at = max(whole_second(env.now), min(at, cut))
            state.bot_at[seat] = at
            timers.append(Timer(state.phase_id, at, f"bot:{seat}"))
        elif seat in state.away_at and seat not in state.bots:
            timers.append(Timer(state.phase_id, state.away_at[seat], f"away:{seat}"))
    if state.abandon_at is not None:
        timers.append(Timer(state.phase_id, state.abandon_at, "abandon"))
    return timers


def word(state: FicState, content: Content) -> Word:
    assert state.card is not None
    return content.by_id[state.card]


# --- choosing (F3, F4, F5) ---------------------------------------------------------------


def open_round(state: FicState, table: Table, env: Env) -> list[Timer]:
    content: Content = env.content
    state.round += 1
    n = len(state.seats)
    state.judge = state.seats[(state.first + state.round - 1) % n]
    played = [w for w in table.memory.get("words", []) if isinstance(w, str)]
    hand, _tier = dealing.deal(
        content.bank,
        Draw(state.seed, f"offer:{state.round}"),
        offered=set(state.offered) | set(state.borrowed),
        chosen=set(state.chosen),
        played=set(played),
    )
    state.offer = [w.id for w in hand]
    state.shown_offer = [
        {"i": i, "word": w.word, "note": w.note, "pos": w.pos, "respell": w.respell}
        for i, w in enumerate(hand)
    ]
    state.about, state.truth = {}, None
    state.offered += state.offer
    state.card = None  # the last round's cards stay for its reveal (`last`) until writing closes
    return _enter(state, CHOOSING, table, env, _length(state, CHOOSING))


def chooser_view(state: FicState, content: Content) -> bots.ChooserView:
    return bots.ChooserView(
        tuple((w.word, w.note, w.pos, w.respell) for w in (content.by_id[i] for i in state.offer))
    )


def open_writing(state: FicState, table: Table, env: Env, choice: int) -> list[Timer]:
    state.card = state.offer[choice]
    state.shown_offer = []  # only the choosing Judge sees the five: no need to keep them
    state.chosen.append(state.card)
    w = word(state, env.content)
    state.about = {"word": w.word, "note": w.note, "pos": w.pos, "respell": w.respell, "say": w.say}
    state.truth = tidy(w.truth, env.content.lang)  # ruling 4a: the Judge's from now on
    return _enter(state, WRITING, table, env, _length(state, WRITING))


# --- writing (F6, F7, F9, F21) ------------------------------------------------------------


def writer_view(state: FicState, content: Content) -> bots.WriterView:
    w = word(state, content)
    return bots.WriterView(w.word, w.pos)


def stand(
    content: Content,
    w: Word,
    people: Mapping[str, str],
    wordings: Mapping[str, Sequence[str]],
    seat_order: Sequence[str],
    remembered: Iterable[str],
    this_game: Iterable[str],
) -> dict[str, tuple[str | None, str]]:
    """F21: the standing entries, from people's texts and bots' stored wording references."""
    texts = {
        seat: [(ref, t) for ref in refs if (t := text_of(ref, content, w))]
        for seat, refs in wordings.items()
    }
    judging = Judging(
        word=w.word,
        real=(w.truth, *w.aliases),
        small=content.small,
        lang=content.lang,
        remembered=frozenset(remembered),
        this_game=frozenset(this_game),
    )
    return keep_apart(people, texts, seat_order, judging)


def close_writing(state: FicState, table: Table, env: Env) -> list[Timer]:
    content: Content = env.content
    w = word(state, content)
    people: dict[str, str] = {}
    wordings: dict[str, list[str]] = {}
    for seat in seats.owing(state):
        is_in, value = seats.pick_of(state, table, seat)
        if not is_in or not value:
            continue
        if isinstance(value, str):
            people[seat] = value
        elif isinstance(value, list):
            wordings[seat] = [ref for ref in value if isinstance(ref, str)]
    real = state.truth or tidy(w.truth, content.lang)
    remembered = [x for x in table.memory.get("fakes", []) if isinstance(x, str)]
    standing = stand(content, w, people, wordings, state.seats, remembered, state.fakes)
    for ref, text in standing.values():
        state.fakes.append(fake_id(text))
        if ref and ref.startswith("t:"):
            state.borrowed.append(ref[2:])  # ruling 20c
    entries = [
        {"text": text, "writers": [seat], "truth": False} for seat, (_, text) in standing.items()
    ]
    entries.append({"text": real, "writers": [], "truth": True})
    Draw(state.seed, f"shuffle:{state.round}").shuffle(entries)  # F9
    ids = Draw(state.seed, f"ids:{state.round}")
    taken: set[str] = set()
    for n, card in enumerate(entries, start=1):
        while (cid := f"{ids.bits64():016x}") in taken:
            pass
        taken.add(cid)
        card.update(id=cid, n=n)
    state.cards = entries
    judge_is_bot = state.judge in state.bots
    judge_away = state.judge is not None and seats.is_away(state, table, state.judge, env.now)
    state.shown = bool(state.rules.get("show", True)) or judge_is_bot or judge_away  # F15, 15a
    if len(entries) == 1:  # F9: nobody wrote: the real card alone, no vote, no score
        return close_voting(state, table, env, votes={})
    return _enter(state, VOTING, table, env, _length(state, VOTING, len(entries)))


# --- voting (F10, F15, F22) -------------------------------------------------------------------


def voter_view(state: FicState, seat: str) -> bots.VoterView:
    return bots.VoterView(
        tuple(
            bots.VoterCard(c["id"], c["text"] if state.shown else None, seat in c["writers"])
            for c in state.cards
        )
    )


def close_voting(
    state: FicState, table: Table, env: Env, votes: dict[str, str] | None = None
) -> list[Timer]:
    content: Content = env.content
    if votes is None:
        ids = {c["id"] for c in state.cards}
        votes = {}
        for seat in seats.owing(state):
            is_in, value = seats.pick_of(state, table, seat)
            if is_in and isinstance(value, str) and value in ids:
                votes[seat] = value
    judge = state.judge or ""
    w = word(state, content)
    timers = _enter(state, REVEAL, table, env, None)
    last = {
        "round": state.round,
        "judge": judge,
        "word": w.word,
        "note": w.note,
        "shown": state.shown,
        "at": env.now,
        "votes": votes,
    }
    if env.length(1000) != 1000:  # TIME_SCALE: the beats shrink with the deadline
        last["scale"] = env.length(1000) / 1000
    awards = reveal.build(last, state.cards, state.seats, state.scores)["awards"]
    for seat, points in awards.items():
        state.scores[seat] += points
    state.last = last  # the reveal itself is rebuilt from it (reveal.build)
    record = reveal.build(last, state.cards, state.seats, state.scores)
    # Ruling 12a: `ends` is already scaled; env.deadline scales the unscaled length again.
    scale = env.length(1000) / 1000  # last["scale"] where one is stored
    state.deadline = env.deadline(round((int(record["ends"]) - env.now) / scale))
    state.history.append(
        {
            "round": state.round,
            "judge": judge,
            "word": w.word,
            "truth": record["truth"],
            "best_bluff": scoring.round_best_bluff(state.round, record["options"]),
            "awards": [awards[seat] for seat in state.seats],  # in seat order: a smaller item
        }
    )
    return [*timers, Timer(state.phase_id, state.deadline)]


# --- the end (F13, F14, F23, ruling 24a) ---------------------------------------------------------


def finish(
    state: FicState, table: Table, env: Env, winners: tuple[str, ...], abandoned: bool = False
) -> dict[str, Any]:
    """Close the game; returns the table memory to keep (F14)."""
    content: Content = env.content
    state.enter(FINISHED, env)
    state.backstop_at, state.filled, state.bot_at = None, {}, {}
    state.winners = list(winners)
    state.best_bluff = scoring.best_bluff(state.history)
    state.abandoned = abandoned
    state.sitters, state.away_at, state.abandon_at = {}, {}, None
    old_words = [x for x in table.memory.get("words", []) if isinstance(x, str)]
    kept: list[str] = []
    for card in [*old_words, *state.chosen, *state.borrowed]:
        if card in content.by_id:  # words no longer in the bank are dropped
            if card in kept:
                kept.remove(card)
            kept.append(card)
    fakes = [x for x in table.memory.get("fakes", []) if isinstance(x, str)]
    fakes = [f for f in fakes if f not in state.fakes] + list(dict.fromkeys(state.fakes))
    return {**table.memory, "words": kept[-REMEMBERED:], "fakes": fakes[-FAKES_REMEMBERED:]}
