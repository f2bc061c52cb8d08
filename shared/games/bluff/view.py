"""The Dictionary Bluff fields of a member's `state`: where the secrets of R2 are kept.

Before a round's reveal nobody sees an alias, an unused fallback, another
member's entry, which card is which, who wrote any card or who chose what.
Late joiners (12b) see nothing of the current round until its reveal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.bluff.display import shown
from games.bluff.rules import eligible_voters, short_handed, writers
from games.bluff.scoring import reveal
from games.bluff.state import REVEAL, ROUNDS, VOTING, WRITING, BluffState
from table.contract import FINISHED, LOBBY, Seat, Table

IN_ROUND = (WRITING, VOTING, REVEAL)


def _is_late(state: BluffState, member: Seat) -> bool:
    """Ruling 12b: membership began after the current round started."""
    return state.round is not None and member.joined_at > state.round.started_at


@dataclass(frozen=True)
class _Shared:
    """The parts of a change's views that are the same for every member."""

    players: list[dict[str, Any]]
    last_round: bool
    ended_early: bool
    expected: list[str] | None  # writing: whose entries it waits for
    eligible: list[str] | None  # voting: who may vote
    reveal: dict[str, Any] | None
    history: list[dict[str, Any]] | None
    winners: list[str] | None
    match_seats: list[str] | None


# The table builds every member's view of one change from one state and one
# table: what they share is computed for the first and kept for the others.
_last: tuple[BluffState, Table, _Shared] | None = None


def _shared(state: BluffState, table: Table) -> _Shared:
    global _last
    last = _last
    if last is not None and last[0] is state and last[1] is table:
        return last[2]
    phase = state.phase
    round_ = state.round if phase in IN_ROUND else None
    finished = phase == FINISHED and state.round is not None
    shown = None
    if round_ is not None and phase == REVEAL:
        shown = reveal(state, table, round_)
    elif finished and state.round is not None and state.round.revealed:
        shown = reveal(state, table, state.round)
    shared = _Shared(
        players=[
            {
                "id": m.id,
                "name": m.name,
                "score": state.scores.get(m.id, 0),
                "connected": m.connected,
                "host": table.host == m.id,
                "active": m.active,
            }
            for m in table.players
        ],
        # Fewer than 3 active players: the round under way is the match's last.
        last_round=phase in IN_ROUND and short_handed(table),
        # The match ended before its sixth round (too few active players left).
        ended_early=finished and len(state.history) < ROUNDS,
        expected=writers(state, table) if round_ is not None and phase == WRITING else None,
        eligible=eligible_voters(state, table) if round_ is not None and phase == VOTING else None,
        reveal=shown,
        history=[s.model_dump() for s in state.history] if finished else None,
        winners=list(state.winners) if finished else None,
        # The seats of the match, in seat order: a seat taken after it ended is
        # not one of them, so it stays off that match's result sheet.
        match_seats=[m.id for m in table.players if m.id in state.scores] if finished else None,
    )
    _last = (state, table, shared)
    return shared


def view(state: BluffState, table: Table, member_id: str, now: int) -> dict[str, Any]:
    me = table.member(member_id)
    if me is None:
        raise KeyError(member_id)
    shared = _shared(state, table)
    phase = state.phase
    round_ = state.round if phase in IN_ROUND else None
    # Before the reveal a late joiner sees no word, ballot or entry; at the
    # reveal everything is public.
    sees_round = round_ is not None and (phase == REVEAL or not _is_late(state, me))
    fields: dict[str, Any] = {
        "round": state.round_number if phase != LOBBY else 0,
        "rounds": ROUNDS,
        "continue_at": state.continue_at if phase == REVEAL else None,
        "players": shared.players,
        "word": None,
        "note": None,
        "ready": None,
        "expected": None,
        "still_writing": None,
        "my_entry": None,
        "can_submit": False,
        "ballot": None,
        "can_vote": False,
        "my_vote": None,
        "votes_in": None,
        "voters": None,
        "reveal": None,
        "winners": None,
        "history": None,
        "match_seats": None,
        "last_round": shared.last_round,
        "ended_early": shared.ended_early,
    }
    if round_ is not None and sees_round:
        fields["word"] = round_.card.word
        fields["note"] = round_.card.note
        if phase == WRITING:
            pick = table.picks.get(me.id)
            fields["my_entry"] = shown(str(pick["text"]), table.lang) if pick else None
            # Progress over the round's active players, so "3 of 3" means done.
            # Writing also names whom the room waits for (docs/rules.md, 8a): every
            # player writes, so that says nothing about any entry. Voting stays
            # counts only: truth-matchers do not vote, so naming voters would out them.
            expected = shared.expected or []
            fields["ready"] = sum(1 for p in expected if p in table.picks)
            fields["expected"] = len(expected)
            fields["still_writing"] = [p for p in expected if p not in table.picks]
            fields["can_submit"] = (
                me.id in expected and pick is None and now < (state.deadline or 0)
            )
        else:
            entry = round_.entries.get(me.id)
            fields["my_entry"] = shown(entry.text, table.lang) if entry else None
            fields["ballot"] = [
                {"id": o.id, "text": o.text, "mine": o.writer == me.id} for o in round_.ballot
            ]
            fields["my_vote"] = (
                table.picks.get(me.id) if phase == VOTING else round_.votes.get(me.id)
            )
        if phase == VOTING:
            eligible = shared.eligible or []
            fields["can_vote"] = me.id in eligible and me.id not in table.picks
            fields["votes_in"] = sum(1 for p in eligible if p in table.picks)
            fields["voters"] = len(eligible)
        if phase == REVEAL:
            fields["reveal"] = shared.reveal
    if phase == FINISHED and state.round is not None:
        fields["reveal"] = shared.reveal
        fields["winners"] = shared.winners
        fields["history"] = shared.history
        fields["match_seats"] = shared.match_seats
    return fields
