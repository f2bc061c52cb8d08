"""Which games the table serves: one line per game.

Games are imported on first use, so a cold start pays only for the game its
room plays.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from table.contract import Game
from table.errors import Code, Refusal

# slug -> "module:attribute" of the game's `Game` instance.
GAMES: dict[str, str] = {
    "bluff": "games.bluff.game:GAME",
    "impostor": "games.impostor.game:GAME",
    "fictionary": "games.fictionary.game:GAME",
    "dictopia": "games.dictopia.game:GAME",
}
DEFAULT = "bluff"

_loaded: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> None:
    """Serve a game that is not in `GAMES` (the test suite's toy game)."""
    _loaded[game.slug] = game


def get(slug: str) -> Game[Any]:
    game = _loaded.get(slug)
    if game is None:
        target = GAMES.get(slug)
        if target is None:
            raise Refusal(Code.UNKNOWN_GAME)
        module, _, attribute = target.partition(":")
        game = _loaded[slug] = getattr(import_module(module), attribute)
    return game


def slugs() -> list[str]:
    return sorted(set(GAMES) | set(_loaded))
