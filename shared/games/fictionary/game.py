"""Fictionary on the table service: the `Game` the registry serves (slug `fictionary`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from games.fictionary import content as bank
from games.fictionary import phases, presence, seating, seats
from games.fictionary import view as views
from games.fictionary.codes import MESSAGES, FicCode
from games.fictionary.draws import Draw
from games.fictionary.moves import (
    MOVES,
    AddBot,
    Back,
    Choose,
    Continue,
    Cover,
    RemoveBot,
    SitIn,
    Submit,
    Vote,
)
from games.fictionary.rules import (
    CHOOSING,
    COVER_LEVEL,
    NEW_ROOM_BOTS,
    OFFER,
    OPTIONS,
    REVEAL,
    VOTING,
    WRITING,
    clean_options,
)
from games.fictionary.scoring import after_round
from games.fictionary.state import FicState
from games.fictionary.tidy import tidy
from table.contract import (
    FINISHED,
    LOBBY,
    Env,
    Game,
    Outcome,
    Seal,
    SeatBot,
    Table,
    Timer,
    unchanged,
)
from table.errors import Code, Refusal
from table.kit import check_phase
from table.text import TextRefused

ROUND_ORDER = (CHOOSING, WRITING, VOTING, REVEAL, FINISHED)  # a round's phases, then the end

_CACHE: dict[str, bank.Content] = {}


class Fictionary(Game[FicState]):
    slug = "fictionary"
    min_seats, max_seats = 3, 12
    langs = frozenset({"en", "es", "ru"})
    options = OPTIONS
    state_type = FicState
    moves: ClassVar[dict[str, type[BaseModel]]] = MOVES
    messages: ClassVar[dict[str, str]] = MESSAGES

    def load_content(self, lang: str) -> bank.Content:
        if lang not in _CACHE:
            _CACHE[lang] = bank.load(lang)
        return _CACHE[lang]

    # --- seats between games (rulings 1b, 1d) ------------------------------------------------

    def on_create(self, state: FicState, table: Table, env: Env) -> Outcome[FicState]:
        names = seating.bot_names(table, env, NEW_ROOM_BOTS)
        return Outcome(state, tuple(SeatBot(n, COVER_LEVEL) for n in names), changed=False)

    def start(self, state: FicState, table: Table, env: Env) -> Outcome[FicState]:
        players = table.active_players
        if not any(p.bot is None for p in players):
            raise Refusal(Code.NOT_ENOUGH_PLAYERS)  # ruling 1a: a table of bots never plays itself
        ids = [p.id for p in players]
        new = FicState(phase_id=state.phase_id, rules=clean_options(dict(table.options)), seats=ids)
        new.seed = f"{env.rng.getrandbits(128):032x}"  # ruling 3a
        new.scores = dict.fromkeys(ids, 0)
        new.bots = {p.id: p.bot for p in players if p.bot is not None}
        new.first = Draw(new.seed, "first").randrange(len(ids))
        timers = presence.notice(new, table, env)
        timers += phases.open_round(new, table, env)
        return Outcome(new, tuple(timers))

    # --- moves ------------------------------------------------------------------------------------

    def apply(
        self, state: FicState, table: Table, member: str, move: BaseModel, env: Env
    ) -> Outcome[FicState]:
        state = state.clone()
        match move:
            case Continue():
                raise Refusal(Code.WRONG_PHASE)  # ruling 12a
            case AddBot() | RemoveBot():
                return seating.bots(state, table, member, move, env, self.max_seats)
            case Cover() | Back() | SitIn():
                return seating.seats(state, table, member, move, env)
            case Choose() | Submit() | Vote():
                return self._pick(state, table, member, move, env)
        raise Refusal(Code.BAD_REQUEST)

    def _pick(
        self, state: FicState, table: Table, member: str, move: BaseModel, env: Env
    ) -> Outcome[FicState]:
        wanted = {Choose: CHOOSING, Submit: WRITING, Vote: VOTING}[type(move)]
        check_phase(
            state.phase,
            ROUND_ORDER,
            (wanted,),
            round_=state.round,
            move_round=move.round,  # type: ignore[attr-defined]
            closed=state.due(env.now)
            or (state.backstop_at is not None and env.now >= state.backstop_at),
        )
        seat = seats.acting_seat(state, member)
        if seat is None or seat not in seats.owing(state):
            raise Refusal(Code.NOT_ELIGIBLE)
        if isinstance(move, Choose):
            if not 0 <= move.word < min(OFFER, len(state.offer)):
                raise Refusal(FicCode.UNKNOWN_WORD)
            return Outcome(state, seal=Seal(move.word))  # ruling 4b: final
        if isinstance(move, Submit):
            try:
                text = tidy(move.text, table.lang)
            except TextRefused as refused:
                raise Refusal(Code.INVALID_TEXT, refused.reason.value) from None
            return Outcome(state, seal=Seal(text, replace=True))  # ruling 6b
        assert isinstance(move, Vote)
        card = next((c for c in state.cards if c["id"] == move.option), None)
        if card is None:
            raise Refusal(Code.UNKNOWN_OPTION)
        if seat in card["writers"]:
            raise Refusal(Code.OWN_OPTION)
        return Outcome(state, seal=Seal(move.option, replace=True))  # ruling 10a

    # --- time ---------------------------------------------------------------------------

    def due(self, state: FicState, table: Table, env: Env) -> Outcome[FicState]:
        if not state.in_match:
            return unchanged(state)
        new = state.clone()
        timers = presence.notice(new, table, env)
        timers += self._close(new, table, env)
        memory = None
        if new.abandon_at is not None and env.now >= new.abandon_at:
            top = max(new.scores.values())  # ruling 17c: ends as at the round cap
            memory = phases.finish(
                new, table, env, tuple(s for s, t in new.scores.items() if t == top), True
            )
        elif new.phase == REVEAL and new.due(env.now):
            memory = self._after_reveal(new, table, env, timers)
        if new == state and memory is None:
            return unchanged(state)
        return Outcome(new, tuple(timers), memory=memory)

    def _close(self, state: FicState, table: Table, env: Env) -> list[Timer]:
        if state.phase not in (CHOOSING, WRITING, VOTING):
            return []
        presence.fill(state, table, env)
        judge = state.judge
        if state.phase == VOTING and not state.shown and judge is not None:  # ruling 15a: unread
            state.shown = judge in state.bots or seats.is_away(state, table, judge, env.now)
        timed_out = state.due(env.now) or (
            state.backstop_at is not None and env.now >= state.backstop_at
        )
        owing = seats.owing(state)
        all_in = all(seats.pick_of(state, table, s)[0] for s in owing)
        if state.phase == CHOOSING:
            is_in, value = seats.pick_of(state, table, owing[0])
            if is_in or timed_out:
                return phases.open_writing(state, table, env, int(value) if is_in else 0)  # type: ignore[call-overload]
            return []
        if not (all_in or timed_out):
            return []
        if state.phase == WRITING:
            return phases.close_writing(state, table, env)
        return phases.close_voting(state, table, env)

    def _after_reveal(
        self, state: FicState, table: Table, env: Env, timers: list[Timer]
    ) -> dict[str, Any] | None:
        standing = after_round(
            state.scores, int(state.rules["target"]), state.round, state.tiebreaks
        )
        if standing.over:
            return phases.finish(state, table, env, standing.winners)
        if state.abandon_at is not None:
            return None  # ruling 17c: no round begins while no seated person is here
        state.tiebreaks = standing.tiebreaks
        timers += phases.open_round(state, table, env)
        return None

    def on_timer(self, state: FicState, table: Table, key: str, env: Env) -> Outcome[FicState]:
        """A bot's turn (`bot:<seat>`); `away:<seat>` and `abandon` only wake `due`."""
        kind, _, seat = key.partition(":")
        if kind != "bot":
            return unchanged(state)
        new = state.clone()
        if not presence.bot_move(new, table, env, seat):
            return unchanged(state)
        return Outcome(new)

    def on_presence(
        self, state: FicState, table: Table, member: str, env: Env
    ) -> Outcome[FicState]:
        """A seat's connection dropped or came back: the away clock (17a) starts at the drop,
        the abandonment clock (17c) at the last one, and a return clears both and lets the
        bots and the next round go on at once."""
        return self.due(state, table, env)

    def on_leave(self, state: FicState, table: Table, member: str, env: Env) -> Outcome[FicState]:
        """Ruling 1c: a seat whose person leaves or is kicked is covered by a medium bot."""
        new = state.clone()
        if member in new.seats and member not in new.sitters.values():
            new.bots.setdefault(member, COVER_LEVEL)
            if table.member(member) is not None and table.member(member).bot is None:  # type: ignore[union-attr]
                new.covered[member] = "gone"
            new.bot_at.pop(member, None)
        timers = phases.schedule(new, table, env)
        return Outcome(new, tuple(timers))

    # --- reading ------------------------------------------------------------------------

    def view(self, state: FicState, table: Table, member: str, now: int) -> dict[str, Any]:
        return views.view(state, table, member, now)

    def secrets(self, state: FicState, table: Table) -> Sequence[str]:
        """What no view may ever show: the game seed (aliases are checked by the tests' content)."""
        return [state.seed] if state.seed else []


GAME = Fictionary()

__all__ = ["FINISHED", "GAME", "LOBBY", "Fictionary"]
