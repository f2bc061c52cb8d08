"""`view(room, member, now)`: the only door from state to the wire.

It builds the `state` message of PROTOCOL.md for one member, and is where the
secrets of R2 and ruling 2a are kept: before a round's reveal nobody sees an
alias, an unused fallback, another member's entry, which card is which, who
wrote any card or who chose what. Late joiners (12b) see nothing of the
current round until its reveal.
"""

from __future__ import annotations

from typing import Any

from bluff.rules.game import eligible_voters
from bluff.rules.model import ROUNDS, Member, Phase, Room
from bluff.rules.scoring import reveal

IN_ROUND = (Phase.WRITING, Phase.VOTING, Phase.REVEAL)


def _is_late(room: Room, member: Member) -> bool:
    """Ruling 12b: membership began after the current round started."""
    return room.round is not None and member.joined_at > room.round.started_at


def view(room: Room, member_id: str, now: int) -> dict[str, Any]:
    me = room.member(member_id)
    if me is None:
        raise KeyError(member_id)
    phase = room.phase
    round_ = room.round if phase in IN_ROUND else None
    # Before the reveal a late joiner sees no word, ballot or entry; at the
    # reveal everything is public.
    sees_round = round_ is not None and (phase is Phase.REVEAL or not _is_late(room, me))

    state: dict[str, Any] = {
        "type": "state",
        "room": room.code,
        "lang": room.lang,
        "phase": phase.value,
        "round": room.round_number if phase is not Phase.LOBBY else 0,
        "rounds": ROUNDS,
        "server_now": now,
        "deadline": room.deadline if phase in IN_ROUND else None,
        "phase_started_at": room.phase_started_at if phase in IN_ROUND else None,
        "continue_at": room.continue_at if phase is Phase.REVEAL else None,
        "me": {"id": me.id, "role": me.role.value, "host": room.host == me.id},
        "players": [
            {
                "id": m.id,
                "name": m.name,
                "score": m.score,
                "connected": m.connected,
                "host": room.host == m.id,
                "active": m.active,
            }
            for m in room.players
        ],
        "observers": len(room.observers),
        "word": None,
        "note": None,
        "ready": None,
        "expected": None,
        "my_entry": None,
        "ballot": None,
        "can_vote": False,
        "my_vote": None,
        "votes_in": None,
        "voters": None,
        "reveal": None,
        "winners": None,
        "history": None,
    }
    if round_ is not None and sees_round:
        entry = round_.entries.get(me.id)
        state["word"] = round_.card.word
        state["note"] = round_.card.note
        state["my_entry"] = entry.text if entry else None
        if phase is Phase.WRITING:
            # Ruling 8a: progress as counts only.
            # Both counts are over the active players, so "3 of 3" means done.
            writers = [m.id for m in room.active_players if m.id in round_.players]
            state["ready"] = sum(1 for p in writers if p in round_.entries)
            state["expected"] = len(writers)
        else:
            state["ballot"] = [
                {"id": o.id, "text": o.text, "mine": o.writer == me.id} for o in round_.ballot
            ]
            state["my_vote"] = round_.votes.get(me.id)
        if phase is Phase.VOTING:
            eligible = eligible_voters(room)
            state["can_vote"] = me.id in eligible and me.id not in round_.votes
            state["votes_in"] = sum(1 for p in eligible if p in round_.votes)
            state["voters"] = len(eligible)
        if phase is Phase.REVEAL:
            state["reveal"] = reveal(room, round_)
    if phase is Phase.FINISHED and room.round is not None:
        state["reveal"] = reveal(room, room.round) if room.round.revealed else None
        state["winners"] = list(room.winners)
        state["history"] = [s.model_dump() for s in room.history]
    return state
