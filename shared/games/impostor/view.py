"""Each member's part of `state` (Secrecy): the only door from the rules to the wire.

Before a ballot result nothing here depends on any seat's role: every member,
whatever their role, gets the same fields (Secrecy 2). Cards never pass here;
they travel only as the `peek` reply (`cards`).
"""

from __future__ import annotations

from typing import Any

from games.impostor import scoring, seats
from games.impostor.options import LAP, PHONES, Mode, mode
from games.impostor.state import CLUES, DEAL, GUESS, JUDGING, VOTING, Ballot, ImpostorState, Round
from table.contract import FINISHED, Table


def view(state: ImpostorState, table: Table, member: str, now: int) -> dict[str, Any]:
    m = mode(table.options)
    r = state.round
    fields: dict[str, Any] = {
        "round": r.no if r else 0,
        "rounds": state.rounds,
        "totals": dict(state.totals),
        "flag": state.flag.model_dump() if state.flag else None,
        "me": _me(state, table, member, m),
    }
    fields.update(_round(state, table, member, m) if r else _NO_ROUND)
    finished = state.phase == FINISHED and bool(state.seats)
    fields["stats"] = _stats(state) if r and r.outcome else None
    fields["winners"] = scoring.best(state.totals, False) if finished else None
    fields["ranks"] = scoring.ranks(state.totals) if finished else None
    fields["titles"] = _titles(state) if finished else None
    fields["history"] = list(state.past) if finished else None
    return fields


_NO_ROUND: dict[str, Any] = dict.fromkeys(
    (
        "impostors",
        "category",
        "grid",
        "seen",
        "expected",
        "dealing",
        "order",
        "turn",
        "clues",
        "ready_votes",
        "ballot",
        "ballots",
        "can_vote",
        "my_vote",
        "accused",
        "guess",
        "reveal",
        "continue_at",
    )
)


def _round(state: ImpostorState, table: Table, member: str, m: Mode) -> dict[str, Any]:
    r = state.round
    assert r is not None
    revealed = r.outcome is not None
    live = seats.round_seats(r, table)
    deal, voting = state.phase == DEAL, state.phase == VOTING
    ballot = r.ballots[-1] if voting else None
    picks = table.picks
    closed = r.ballots[:-1] if voting else r.ballots
    return {
        "impostors": len(r.impostors) if not m.surprise or revealed else None,  # 16b
        "category": r.category_name if m.hint != "none" or revealed else None,  # 3d
        "grid": list(r.grid) if r.grid and (m.hint == "grid" or revealed) else None,
        "seen": sum(1 for s in live if s in picks) if deal else None,
        "expected": len(live) if deal else None,
        "dealing": seats.dealing(r, table, picks) if deal and m.shared_phone else None,
        "order": list(r.order) if not deal else None,
        "turn": _turn(r, m, table) if state.phase == CLUES else None,
        "clues": [c.model_dump() for c in r.clues] if not deal else None,
        "ready_votes": sum(1 for s in r.ready if s in live) if m.open_laps else None,
        "ballot": _ballot(r, ballot, table, picks) if ballot else None,
        "ballots": [_closed(b) for b in closed] if not deal else None,  # 9e
        "can_vote": _can_vote(state, r, ballot, table, member) if ballot else False,
        "my_vote": picks.get(member) if ballot and ballot.style != "point" else None,
        "accused": {"seat": r.accused, "impostor": r.accused in r.impostors} if r.accused else None,
        "guess": _guess(state, table, member, m) if state.phase in (GUESS, JUDGING) else None,
        "reveal": _reveal(state, r) if revealed else None,
        "continue_at": r.continue_at if revealed else None,
    }


def _me(state: ImpostorState, table: Table, member: str, m: Mode) -> dict[str, Any]:
    seat = table.member(member)
    r = state.round
    mine = r is not None and member in r.seats
    judging = r is not None and state.phase in (GUESS, JUDGING)
    return {
        "id": member,
        "role": "player" if seat and seat.player else "observer",
        "host": table.host == member,
        "seats": _held(table, member),
        "seen": bool(mine and state.phase == DEAL and member in table.picks),
        "ready": bool(mine and r is not None and member in r.ready),
        "judge": bool(judging and seats.judge(state, table, m) == member),
    }


def _held(table: Table, member: str) -> list[str]:
    """The seats this member's device plays: its own, and for the host the local ones (2b)."""
    seat = table.member(member)
    own = [member] if seat and seat.player else []
    if table.host != member:
        return own
    return own + [p.id for p in table.players if p.local and p.active]


def _turn(r: Round, m: Mode, table: Table) -> dict[str, Any]:
    """The turn, and whose comes next (`null`: the clues end with this one), so no
    screen works the schedule out for itself (the host console's "Next: Ben")."""
    lap, seat = seats.turn_at(r, r.turn, m)
    after = seats.next_live_turn(r, r.turn + 1, m, table)
    following = seats.turn_at(r, after, m)[1] if after is not None else None
    return {"no": r.turn + 1, "lap": lap, "seat": seat, "next": following}


def _ballot(r: Round, b: Ballot, table: Table, picks: Any) -> dict[str, Any]:
    voters = seats.voters(r, b, table)
    return {
        "no": b.no,
        "style": b.style,
        "candidates": [c for c in b.candidates if c in seats.active(table)],
        "votes_in": sum(1 for v in voters if v in picks),
        "voters": len(voters),
        "extended": b.extended,
        "lap_seat": seats.lap_seat(r, b, table, picks) if b.style == LAP else None,
    }


def _closed(b: Ballot) -> dict[str, Any]:
    return {
        "no": b.no,
        "style": b.style,
        "candidates": list(b.candidates),
        "votes": dict(b.votes),
        "tied": b.tied,
        "extended": b.extended,
        "turnout": b.turnout,
    }


def _can_vote(state: ImpostorState, r: Round, b: Ballot, table: Table, member: str) -> bool:
    if state.flag is not None or member in table.picks or b.style not in (PHONES, LAP):
        return False
    if b.style == LAP:
        return seats.lap_seat(r, b, table, table.picks) == member
    return member in seats.voters(r, b, table)


def _guess(state: ImpostorState, table: Table, member: str, m: Mode) -> dict[str, Any]:
    r = state.round
    assert r is not None and r.guess is not None
    judge = seats.judge(state, table, m)
    shown: dict[str, Any] = {"by": r.guess.by, "text": r.guess.text, "judge": judge}
    if member == judge and judge is not None:
        shown["prematch"] = r.guess.prematch
        if state.phase == JUDGING and not m.shared_phone:
            # The judge rules on a guess already made, against the word on their
            # own card (a civilian's): shown beside the guess so nobody rules
            # from memory. Only in `judging` on their own phone: during `guess`,
            # and on a shared phone, the caught impostor could still read it.
            shown["word"] = r.word_text
    return shown


def _reveal(state: ImpostorState, r: Round) -> dict[str, Any]:
    totals = {s: state.totals.get(s, 0) for s in state.totals}
    return {
        "outcome": r.outcome,
        "word": r.word_text,
        "category": r.category_name,
        "grid": list(r.grid),
        "aliases": list(r.aliases),
        "impostors": list(r.impostors),
        "order": list(r.order),
        "clues": [c.model_dump() for c in r.clues],
        "ballots": [_closed(b) for b in r.ballots],
        "accused": r.accused,
        "said": dict(r.said) if r.said else None,
        "guess": r.guess.model_dump() if r.guess else None,
        "awards": dict(r.awards),
        "totals": totals,
        "beats": list(r.beats),
    }


def _stats(state: ImpostorState) -> dict[str, dict[str, int]]:
    return {
        s: {
            "impostor_points": state.impostor_points.get(s, 0),
            "correct_votes": state.correct_votes.get(s, 0),
        }
        for s in state.seats
    }


def _titles(state: ImpostorState) -> dict[str, list[str]]:
    """Ruling 15a: shared titles, never for a best value of 0."""
    in_seat_order = [s for s in state.seats]
    liar = {s: state.impostor_points.get(s, 0) for s in in_seat_order}
    eye = {s: state.correct_votes.get(s, 0) for s in in_seat_order}
    return {"best_liar": scoring.best(liar, True), "sharpest_eye": scoring.best(eye, True)}


def secrets(state: ImpostorState, table: Table) -> list[str]:
    """What no `state` may show before the round's reveal (Secrecy)."""
    r = state.round
    if r is None or r.outcome is not None:
        return []
    hidden = [r.word_text, *r.aliases]
    if mode(table.options).hint == "none":
        hidden.append(r.category_name)
    return hidden
