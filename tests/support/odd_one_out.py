"""Odd One Out: a toy game that exists only in the test suite.

Each round every player secretly picks "a" or "b"; when the picks are in (or
the 20 s run out), whoever is in the minority scores a point, and a tie scores
nobody. Three rounds (or five) make a match. It uses the table's sealed picks,
timed phases and reveal, and proves that a game needs nothing but the contract:
it plays through the referee, the handlers on moto and the local stack with no
line of the service changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from table.contract import (
    FINISHED,
    Env,
    Game,
    Notice,
    Option,
    Outcome,
    Seal,
    State,
    Table,
    unchanged,
)
from table.errors import Code, Refusal

PICKING, REVEAL = "picking", "reveal"
PICK_MS, REVEAL_MS = 20_000, 5_000


class OddCode(StrEnum):
    SAME_PICK = "same_pick"


class Pick(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    round: Annotated[int, Field(ge=0, le=99)]
    choice: Literal["a", "b"]


class Peek(BaseModel):
    """Ask for your own pick again, answered to you alone (like Impostor's card)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class OddState(State):
    round: int = 0
    players: list[str] = Field(default_factory=list)
    scores: dict[str, int] = Field(default_factory=dict)
    last: dict[str, str] = Field(default_factory=dict)  # the picks, once revealed


class OddOneOut(Game[OddState]):
    slug = "odd"
    min_seats, max_seats = 3, 8
    langs = frozenset({"en", "ro"})
    options = (Option("rounds", 3, (3, 5)), Option("device", "phones", ("phones", "pass")))
    state_type = OddState
    moves: ClassVar[dict[str, type[BaseModel]]] = {"pick": Pick, "peek": Peek}
    messages: ClassVar[dict[str, str]] = {OddCode.SAME_PICK: "That is already your pick."}

    def local_seats(self, options: Mapping[str, Any]) -> bool:
        return options.get("device") == "pass"  # one phone passed round the table

    def start(self, state: OddState, table: Table, env: Env) -> Outcome[OddState]:
        players = [m.id for m in table.active_players]
        new = OddState(phase_id=state.phase_id, players=players, scores=dict.fromkeys(players, 0))
        return self._round(new, 1, env)

    def _round(self, state: OddState, number: int, env: Env) -> Outcome[OddState]:
        state.round, state.last = number, {}
        timer = state.enter(PICKING, env, PICK_MS)
        return Outcome(state, (timer,) if timer else ())

    def apply(
        self, state: OddState, table: Table, member: str, move: BaseModel, env: Env
    ) -> Outcome[OddState]:
        if isinstance(move, Peek):
            answer = Notice(member, {"type": "pick", "choice": table.picks.get(member)})
            return Outcome(state, (answer,), changed=False)
        assert isinstance(move, Pick)
        if state.phase != PICKING:
            raise Refusal(Code.WRONG_PHASE)
        if move.round != state.round:
            raise Refusal(Code.STALE_ROUND)
        if state.due(env.now):
            raise Refusal(Code.PHASE_CLOSED)
        seat = table.member(member)
        if seat is None or not seat.active or member not in state.players:
            raise Refusal(Code.NOT_ELIGIBLE)
        if table.picks.get(member) == move.choice:
            raise Refusal(OddCode.SAME_PICK)
        return Outcome(state, seal=Seal(move.choice, replace=True))

    def due(self, state: OddState, table: Table, env: Env) -> Outcome[OddState]:
        state = state.model_copy(deep=True)
        active = [m.id for m in table.active_players if m.id in state.players]
        if state.phase == PICKING and (state.due(env.now) or all(p in table.picks for p in active)):
            picks = {p: str(c) for p, c in table.picks.items() if p in active}
            a = [p for p, c in picks.items() if c == "a"]
            b = [p for p, c in picks.items() if c == "b"]
            if len(a) != len(b):
                for winner in min(a, b, key=len):
                    state.scores[winner] += 1
            state.last = picks
            timer = state.enter(REVEAL, env, REVEAL_MS)
            return Outcome(state, (timer,) if timer else ())
        if state.phase == REVEAL and state.due(env.now):
            rounds = int(table.options.get("rounds", 3))
            if state.round < rounds and active:
                return self._round(state, state.round + 1, env)
            state.enter(FINISHED, env)
            return Outcome(state)
        return unchanged(state)

    def view(self, state: OddState, table: Table, member: str, now: int) -> dict[str, Any]:
        return {
            "round": state.round,
            "rounds": table.options.get("rounds", 3),
            "scores": dict(state.scores),
            "picked": sum(1 for p in table.picks if p in state.players),
            "my_pick": table.picks.get(member),
            "picks": dict(state.last) if state.phase in (REVEAL, FINISHED) else None,
        }


GAME = OddOneOut()
