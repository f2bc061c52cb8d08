"""docs/protocol.md documents every game's every move and own error code (issue: one wire).

The section is generated from the registry by tools/protocol/games_section.py;
this fails when a game's moves or codes change and the document was not
regenerated.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "protocol" / "games_section.py"


def test_the_games_section_of_the_protocol_doc_is_current() -> None:
    spec = importlib.util.spec_from_file_location("games_section", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.current() == tool.section(), "run tools/protocol/games_section.py"
    for slug in ("bluff", "impostor", "fictionary", "dictopia"):
        assert f'`game: "{slug}"`' in tool.current()
