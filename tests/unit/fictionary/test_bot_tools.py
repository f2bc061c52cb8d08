"""The bots' measuring tools (tools/fictionary/) on a small sample of the real decks, so they
cannot rot: the rounds are the game's own, deterministic from the seed, and measured."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from types import ModuleType

import pytest

from games.fictionary.game import GAME
from games.fictionary.likeness import close
from games.fictionary.tidy import tidy

TOOLS = Path(__file__).resolve().parents[3] / "tools" / "fictionary"
sys.path.insert(0, str(TOOLS))

import bot_believability as believability  # noqa: E402
import bot_rounds  # noqa: E402


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"fictionary_tool_{name}", TOOLS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_bot_rounds_are_the_games_and_replay() -> None:
    content = GAME.load_content("es")
    first = [r.fakes for r in _take(bot_rounds.play("es", ("medium",) * 3, seed="t"), 6)]
    again = [r.fakes for r in _take(bot_rounds.play("es", ("medium",) * 3, seed="t"), 6)]
    assert first == again
    other = [r.fakes for r in _take(bot_rounds.play("es", ("medium",) * 3, seed="u"), 6)]
    assert other != first
    for r in _take(bot_rounds.play("es", ("easy", "medium", "hard"), seed="t"), 6):
        assert r.truth == tidy(content.by_id[r.word.id].truth, "es")
        assert sorted(c["n"] for c in r.cards) == list(range(1, len(r.fakes) + 2))
        assert sum(1 for c in r.cards if c["truth"]) == 1
        for seat, card in r.votes.items():  # never for its own card
            assert seat not in next(c["writers"] for c in r.cards if c["id"] == card)
        for _ref, text in r.fakes.values():  # F21b: never the real one
            assert not close(text, content.by_id[r.word.id].truth, content.small)


def test_bot_believability_measures_a_small_sample(capsys: pytest.CaptureFixture[str]) -> None:
    entries = believability.sample("ru", "medium", fakes=60, seed="t")
    assert sum(len(e.bluffs) for e in entries) == 60
    assert entries == believability.sample("ru", "medium", fakes=60, seed="t")
    result = believability.measure("ru", "medium", fakes=60, seed="t")
    assert result.fakes == 60 and result.cards == len(entries)
    assert 0.0 <= result.report.balanced_ballot <= 1.0
    assert result.passes == (result.score <= believability.TARGET)
    believability.main(["ru", "--level", "easy", "--fakes", "40", "--seed", "t", "--markdown"])
    assert "| ru | easy | 40 |" in capsys.readouterr().out


def test_bot_found_rates_tally_a_small_sample() -> None:
    tool = _tool("bots")
    result = tool.measure("ru", n=8, seed="t")
    for tally in (*result.own.values(), *result.mixed.values()):
        assert tally.votes > 0 and 0.0 <= tally.found_rate <= 1.0
        assert 0.25 <= tally.chance_rate <= 1.0
    assert set(result.mixed) == {"easy", "medium", "hard"}
    assert "| ru |" in tool.markdown([result])


def _take(rounds: Iterator[bot_rounds.Round], n: int) -> list[bot_rounds.Round]:
    return list(islice(rounds, n))


def test_room_size_reports_the_stored_item() -> None:
    tool = _tool("room_size")
    top, largest = tool.play(seats=4, rounds=2)
    assert top.state.round >= 2 and largest["round"] >= 1
    sizes = tool.report(top)
    assert 0 < sizes["item (stored, compressed)"] < sizes["room JSON"]
    assert sizes["  state"] > sizes.get("    history", 0) > 0
    assert top.phase == "choosing" or top.state.shown_offer == []  # kept only while choosing
