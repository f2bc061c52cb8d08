"""Dictionary Bluff on the table: the contract, filled in from the rules modules."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from pydantic import BaseModel

from games.bluff import rules
from games.bluff.display import shown
from games.bluff.moves import Continue, Hold, Submit, Vote
from games.bluff.state import MAX_PLAYERS, MIN_PLAYERS, BluffState
from games.bluff.view import view
from table.contract import Env, Game, Outcome, Table
from table.errors import Code, Refusal
from wordcards import Card, load_deck


class DictionaryBluff(Game[BluffState]):
    slug = "bluff"
    min_seats, max_seats = MIN_PLAYERS, MAX_PLAYERS
    langs = frozenset({"en", "es", "ru"})
    state_type = BluffState
    moves: ClassVar[dict[str, type[BaseModel]]] = {
        "submit": Submit,
        "vote": Vote,
        "continue": Continue,
        "hold": Hold,
    }

    def load_content(self, lang: str) -> dict[str, Card]:
        return _deck(lang)

    def start(self, state: BluffState, table: Table, env: Env) -> Outcome[BluffState]:
        return rules.start(state, table, env)

    def apply(
        self, state: BluffState, table: Table, member: str, move: BaseModel, env: Env
    ) -> Outcome[BluffState]:
        if isinstance(move, Continue | Hold) and table.host != member:
            raise Refusal(Code.NOT_HOST)
        assert isinstance(move, Submit | Vote | Continue | Hold)
        rules.check_round_move(state, move, env.now)
        match move:
            case Submit():
                return rules.submit(state, table, member, move, env)
            case Vote():
                return rules.vote(state, table, member, move)
            case Continue():
                return rules.proceed(state.clone(), table, member, env)
            case Hold():
                return rules.hold_reveal(state.clone(), env)

    def due(self, state: BluffState, table: Table, env: Env) -> Outcome[BluffState]:
        return rules.due(state, table, env)

    def view(self, state: BluffState, table: Table, member: str, now: int) -> dict[str, Any]:
        return view(state, table, member, now)

    def secrets(self, state: BluffState, table: Table) -> list[str]:
        """Before the reveal: the aliases and fallbacks, as stored and as they would be shown."""
        round_ = state.round
        if round_ is None or round_.revealed:
            return []
        stored = [*round_.card.aliases, *round_.card.bluffs]
        return [*stored, *(shown(text, table.lang) for text in stored)]


@cache
def _deck(lang: str) -> dict[str, Card]:
    return load_deck(lang)


GAME = DictionaryBluff()
