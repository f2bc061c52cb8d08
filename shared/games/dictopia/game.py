"""Dictopia on the table service: the `Game` the registry serves as `dictopia`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from games.dictopia import actions, phases
from games.dictopia import content as contents
from games.dictopia import settings as rules_settings
from games.dictopia import view as views
from games.dictopia.codes import MESSAGES
from games.dictopia.content import Content
from games.dictopia.moves import MOVES
from games.dictopia.settings import OPTIONS, REACHED
from games.dictopia.state import DictopiaState
from table.contract import Env, Game, Json, Outcome, Table, unchanged

Action = Callable[[DictopiaState, Table, str, Any, Env], Outcome[DictopiaState]]

ACTIONS: dict[str, Action] = {
    "WarmupPlay": actions.warmup_play,
    "Play": actions.play,
    "Lock": actions.lock,
    "TouchSpeed": actions.touch_speed,
    "Denounce": actions.denounce,
    "Dispute": actions.dispute,
    "Pass": actions.pass_,
    "Judge": actions.judge,
    "Continue": actions.continue_,
}


class Dictopia(Game[DictopiaState]):
    slug = "dictopia"
    # D1a: a group room seats 2-12; a solo room 1 (`seats`), anyone else observes.
    min_seats, max_seats = 2, 12
    langs = frozenset({"en", "fr", "es", "ru"})
    options = OPTIONS
    state_type = DictopiaState
    moves: ClassVar[Mapping[str, type[BaseModel]]] = MOVES
    messages: ClassVar[Mapping[str, str]] = MESSAGES
    # D23b: the solo level reached per language, kept per player profile by the table.
    remembered: ClassVar[tuple[str, ...]] = (REACHED,)

    def __init__(self, content: Callable[[str], Content] = contents.load) -> None:
        self._load = content

    def seats(self, options: Mapping[str, Json]) -> tuple[int, int]:
        return (1, 1) if options.get("mode") == "solo" else (self.min_seats, self.max_seats)

    def load_content(self, lang: str) -> Content:
        """One `Content` per language and container: the table and `view` share it."""
        cache: dict[str, Content] = self.__dict__.setdefault("_cache", {})
        if lang not in cache:
            cache[lang] = self._load(lang)
        return cache[lang]

    def follow_options(
        self, before: Mapping[str, Json], after: Mapping[str, Json], named: frozenset[str]
    ) -> dict[str, Json]:
        return rules_settings.follow(before, after, named)

    def check_options(self, options: Mapping[str, Json], table: Table) -> None:
        # `mode` is chosen at `create_room`, and may change while the host plays alone.
        rules_settings.check(options, table, rules_settings.mode_fixed(table))

    def start(self, state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState]:
        return phases.start(state, table, env)

    def apply(
        self, state: DictopiaState, table: Table, member: str, move: BaseModel, env: Env
    ) -> Outcome[DictopiaState]:
        return ACTIONS[type(move).__name__](state, table, member, move, env)

    def due(self, state: DictopiaState, table: Table, env: Env) -> Outcome[DictopiaState]:
        outcome = phases.due(state, table, env)
        return unchanged(state) if outcome is None else outcome

    def view(self, state: DictopiaState, table: Table, member: str, now: int) -> dict[str, Json]:
        # `view` gets no Env: the content comes from the same per-language cache.
        return views.view(state, table, member, now, self.load_content(table.lang))

    def secrets(self, state: DictopiaState, table: Table) -> Sequence[str]:
        """Texts no view may show now: undealt cards' letters and later trials' missions.

        Another member's hand is secret only from the others: the tests check
        it per member.
        """
        if not state.in_match:
            return []
        content = self.load_content(table.lang)
        # Two copies share their letters: a card is secret only if neither copy was dealt.
        dealt = {c % len(content.cards) for hand in state.hands.values() for c in hand}
        found = [
            face.letter
            for index, card in enumerate(content.cards)
            if index not in dealt
            for face in card.faces
        ]
        found += [
            content.text(m)
            for trial in state.plan[state.round :]
            for m in trial
            if not m.startswith("custom")
        ]
        return found


GAME = Dictopia()
