"""`view`: the only path from state to the wire (Secrecy). What each member may see,
per role and per phase; a bot's inputs are built from the same rules (phases.*_view)."""

from __future__ import annotations

from typing import Any

from games.fictionary import reveal, scoring, seats
from games.fictionary.rules import CHOOSING, MAX_LEN, MOST_ROUNDS, REVEAL, VOTING, WRITING
from games.fictionary.state import FicState
from table.contract import FINISHED, LOBBY, Table


def players(state: FicState, table: Table, now: int) -> list[dict[str, Any]]:
    if not state.seats:  # lobby: the table's seats
        return [
            {
                "id": m.id,
                "name": m.name,
                "connected": m.connected,
                "host": table.host == m.id,
                "active": m.active,
                "bot": m.bot,
                "covered": False,
                "away": False,
                "in": None,
                "judge": False,
                "score": 0,
            }
            for m in table.players
        ]
    owing = set(seats.owing(state))
    rows = []
    for seat in state.seats:
        member = table.member(seat)
        behind = seats.person(state, seat)
        sitter = table.member(state.sitters[seat]) if seat in state.sitters else None
        rows.append(
            {
                "id": seat,
                "name": shown.name if (shown := sitter or member) else "",
                "connected": seats.connected(table, behind) if behind else True,
                "host": table.host == (behind or seat),
                "active": member.active if member else False,
                "bot": state.bots.get(seat),
                "covered": seat in state.covered,
                "away": seats.is_away(state, table, seat, now),
                "in": seats.pick_of(state, table, seat)[0] if seat in owing else None,
                "judge": seat == state.judge,
                "score": state.scores.get(seat, 0),
            }
        )
    return rows


def _ballot(state: FicState, seat: str | None, judge: bool) -> list[dict[str, Any]]:
    ballot = []
    for c in state.cards:
        entry = {
            "id": c["id"],
            "n": c["n"],
            "text": c["text"] if state.shown or judge else None,
            "mine": seat is not None and seat in c["writers"],
        }
        if judge and c["truth"]:
            entry["truth"] = True  # the Judge's own list only (F15)
        ballot.append(entry)
    return ballot


def view(state: FicState, table: Table, member: str, now: int) -> dict[str, Any]:
    seat = seats.seat_of(state, member)
    is_judge = seat is not None and seat == state.judge
    phase = state.phase
    in_round = phase in (CHOOSING, WRITING, VOTING, REVEAL)
    owing = seats.owing(state)
    out: dict[str, Any] = {
        "players": players(state, table, now),
        "seat": seat,  # the seat this member plays or watches as theirs (18a), if any
        "round": state.round,
        "rounds": None,
        "target": state.rules.get("target", table.options.get("target")),
        "most_rounds": MOST_ROUNDS,
        "tiebreaks": state.tiebreaks,
        "deadline": state.deadline if in_round else None,
        "backstop_at": state.backstop_at,
        "judge": state.judge if in_round else None,
        "max_len": MAX_LEN,
        "offer": None,
        "word": None,
        "note": None,
        "pos": None,
        "respell": None,
        "say": None,
        "truth": None,
        "my_entry": None,
        "ready": None,
        "expected": None,
        "ballot": None,
        "can_vote": False,
        "my_vote": None,
        "votes_in": None,
        "voters": None,
        "shown": state.shown if phase in (VOTING, REVEAL) else None,
        "reveal": _reveal(state) if phase in (REVEAL, FINISHED) else None,
        "last": _reveal(state) if phase == CHOOSING else None,
        "winners": state.winners if phase == FINISHED else [],
        "places": scoring.places(state.scores) if phase == FINISHED else None,
        "best_bluff": state.best_bluff if phase == FINISHED else None,
        "history": _history(state) if phase == FINISHED else None,
        "abandoned": state.abandoned if phase == FINISHED else False,
    }
    if phase == REVEAL and out["reveal"] is not None:
        _scores_before(out["players"], out["reveal"]["awards"])
    if phase == LOBBY:
        return out
    count_in = sum(1 for s in owing if seats.pick_of(state, table, s)[0])
    if phase == CHOOSING:
        out["ready"], out["expected"] = count_in, len(owing)
        if is_judge:  # ruling 4a: word, note, part of speech, respelling; no definition
            out["offer"] = [dict(o) for o in state.shown_offer]
        return out
    if state.card is None or phase == FINISHED:
        return out
    out.update({k: state.about.get(k) for k in ("word", "note", "pos", "respell", "say")})
    if is_judge or phase == REVEAL:
        out["truth"] = state.truth
    if phase == WRITING:
        out["ready"], out["expected"] = count_in, len(owing)
        mine = table.picks.get(member)
        out["my_entry"] = mine if isinstance(mine, str) and mine else None
    elif phase in (VOTING, REVEAL):
        out["ballot"] = _ballot(state, seat, is_judge or phase == REVEAL)
        own = next((c["text"] for c in state.cards if seat in c["writers"]), None)
        out["my_entry"] = own
    if phase == VOTING:
        acting = seats.acting_seat(state, member)
        vote = table.picks.get(member)
        out["my_vote"] = vote if isinstance(vote, str) else None
        out["can_vote"] = acting is not None and acting in owing
        out["votes_in"], out["voters"] = count_in, len(owing)
    return out


def _scores_before(rows: list[dict[str, Any]], awards: dict[str, int]) -> None:
    """During the reveal each row's `score` is its total before this round: the new totals
    travel in the reveal's `totals` beat (F12), so no screen shows one before the beats that
    say who fooled whom."""
    for row in rows:
        row["score"] -= awards.get(row["id"], 0)


def _reveal(state: FicState) -> dict[str, Any] | None:
    if state.last is None:
        return None
    return reveal.build(state.last, state.cards, state.seats, state.scores)


def _history(state: FicState) -> list[dict[str, Any]]:
    """The Scores sheet: each round, with its awards by seat (F23, ruling 23a)."""
    return [
        {**r, "awards": dict(zip(state.seats, r["awards"], strict=True))} for r in state.history
    ]
