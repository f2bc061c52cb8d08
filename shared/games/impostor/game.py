"""Impostor as the table serves it: `GAME`, registered as "impostor" (docs/impostor.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from games.impostor import actions, content, flags, phases, seats, view
from games.impostor.moves import MESSAGES, MOVES, ImpostorCode
from games.impostor.options import LAP, OPTIONS, PER_PLAYER, PHONES, mode
from games.impostor.state import (
    CLUES,
    DEAL,
    DISCUSSION,
    GUESS,
    JUDGING,
    REVEAL,
    VOTING,
    ImpostorState,
)
from table.contract import Env, Game, Json, Outcome, Table, unchanged
from table.errors import Code, Refusal

S = ImpostorState


class Impostor(Game[ImpostorState]):
    slug = "impostor"
    min_seats, max_seats = 3, 20
    langs = frozenset({"en", "es", "fr", "ro", "ru"})
    options = OPTIONS
    state_type = ImpostorState
    moves: ClassVar[Mapping[str, type[BaseModel]]] = MOVES
    messages: ClassVar[Mapping[str, str]] = MESSAGES

    def load_content(self, lang: str) -> Any:
        return content.load(lang)

    full_code = ImpostorCode.TABLE_FULL  # a 21st seat

    def local_seats(self, options: Mapping[str, Json]) -> bool:
        """Ruling 2b: in `pass` and `host` the host adds every seat to one device."""
        return mode(options).shared_phone

    def one_device(self, options: Mapping[str, Json]) -> bool:
        """Ruling 2b: ... and joiners watch; `take_seat` is `wrong_mode`."""
        return mode(options).shared_phone

    def clears_seats(self, before: Mapping[str, Json], after: Mapping[str, Json]) -> bool:
        """Ruling 2a: changing `play` keeps only the host's seat."""
        return mode(before).play != mode(after).play

    def check_options(self, options: Mapping[str, Json], table: Table) -> None:
        chosen = options.get("categories")
        if chosen is not None:
            try:
                known = set(self.load_content(table.lang).category_ids)
            except KeyError:
                return
            if not set(chosen) <= known:
                raise Refusal(Code.BAD_OPTION, "categories")

    # --- the match -------------------------------------------------------------------

    def start(self, state: S, table: Table, env: Env) -> Outcome[S]:
        """Rulings 1a, 1b, 1e: a fresh match; the room's used words carry over."""
        seated = [s.id for s in table.active_players]
        rounds = table.options.get("rounds", PER_PLAYER)
        fresh = ImpostorState(
            phase_id=state.phase_id,
            rounds=len(seated) if rounds == PER_PLAYER else int(rounds),
            seats=seated,
            totals=dict.fromkeys(seated, 0),
        )
        return phases.new_round(fresh, table, env)

    def apply(self, state: S, table: Table, member: str, move: BaseModel, env: Env) -> Outcome[S]:
        state = state.clone()
        handler = actions.HANDLERS[move.action]  # type: ignore[attr-defined]
        return handler(state, table, member, move, env)

    def due(self, state: S, table: Table, env: Env) -> Outcome[S]:
        """Close whatever is due: seats gone, a lapsed flag, a deadline, everyone done."""
        if not state.in_match or state.round is None:
            return unchanged(state)
        state = state.clone()
        forced = phases.void_reason(state, table)
        if forced == "void":
            return phases.reveal(state, table, env, "void")
        if forced == "caught_missed":
            return phases.ruled(state, table, env, False, None)
        if state.flag is not None:
            if env.now >= state.flag.deadline:
                return flags.resume(state, env)
            return unchanged(state)
        return self._phase_due(state, table, env)

    def _phase_due(self, state: S, table: Table, env: Env) -> Outcome[S]:
        r = state.round
        assert r is not None
        m = mode(table.options)
        late = state.due(env.now)
        live = seats.round_seats(r, table)
        if state.phase == DEAL and (late or all(s in table.picks for s in live)):
            return phases.start_clues(state, table, env, 0)
        if state.phase == CLUES:
            if seats.turn_at(r, r.turn, m)[1] not in live:
                return phases.start_clues(state, table, env, r.turn + 1)  # 5e
            if late:
                return phases.end_turn(state, table, env, None, missed=m.typed)
        if state.phase == DISCUSSION and late:
            return phases.first_ballot(state, table, env)
        if state.phase == VOTING:
            return self._ballot_due(state, table, env, late)
        if state.phase in (GUESS, JUDGING) and late:
            return phases.guess_timeout(state, table, env)
        if state.phase == REVEAL and late:
            return phases.after_reveal(state, table, env)
        return unchanged(state)

    def _ballot_due(self, state: S, table: Table, env: Env, late: bool) -> Outcome[S]:
        r = state.round
        assert r is not None
        ballot = r.ballots[-1]
        voters = seats.voters(r, ballot, table)
        picks = {v: str(t) for v, t in table.picks.items() if v in voters}
        everyone = all(v in picks for v in voters)
        if ballot.style == PHONES and (everyone or late):
            if everyone:
                return phases.close_ballot(state, table, env, picks, None)
            return phases.extend_or_close(state, table, env, picks)
        if ballot.style == LAP and everyone:
            return phases.close_ballot(state, table, env, picks, None)
        if not [c for c in ballot.candidates if c in seats.active(table)]:
            return phases.reveal(state, table, env, "tie")
        return unchanged(state)

    def on_timer(self, state: S, table: Table, key: str, env: Env) -> Outcome[S]:
        return self.due(state, table, env)  # the flag's lapse

    # --- reading -------------------------------------------------------------------------

    def view(self, state: S, table: Table, member: str, now: int) -> dict[str, Json]:
        return view.view(state, table, member, now)

    def secrets(self, state: S, table: Table) -> Sequence[str]:
        return view.secrets(state, table)


GAME = Impostor()
