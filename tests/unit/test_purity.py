"""The rules are pure: no AWS, no clock, no global randomness, no environment.

Every game's package and the table's rules (the contract, the referee,
members, rooms, text) are checked; the service, its ports' adapters and the
bootstrap are where the world comes in, and are left out on purpose.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared"
TABLE_RULES = ["contract", "errors", "members", "referee", "registry", "room"]
# A game may read its content from files through a port; the file-backed side of
# that port is its adapter (memory-mapped word lists).
ADAPTERS = {SHARED / "games" / "dictopia" / "lexicon.py"}
FORBIDDEN_MODULES = {"boto3", "botocore", "os", "time", "random", "uuid", "secrets", "socket"}
FORBIDDEN_CALLS = {"now", "utcnow", "today", "time_ns", "perf_counter", "monotonic"}


def pure_modules() -> list[Path]:
    modules = [SHARED / "table" / f"{name}.py" for name in TABLE_RULES]
    modules += sorted((SHARED / "table" / "text").glob("*.py"))
    modules += sorted((SHARED / "games").rglob("*.py"))
    return [m for m in modules if m not in ADAPTERS]


def _imports(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def _from_imports(tree: ast.AST) -> set[str]:
    return {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }


def _calls(tree: ast.AST) -> set[str]:
    return {
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }


def test_rules_modules_import_nothing_impure() -> None:
    modules = pure_modules()
    assert len(modules) >= 30
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert _imports(tree) & FORBIDDEN_MODULES == set(), path
        assert _calls(tree) & FORBIDDEN_CALLS == set(), path


def test_a_game_imports_no_other_game_nor_the_service() -> None:
    """docs/architecture.md: a game never imports another game, the service or an adapter."""
    games = [p for p in (SHARED / "games").iterdir() if (p / "__init__.py").exists()]
    assert {g.name for g in games} >= {"bluff"}
    for game in games:
        for path in game.rglob("*.py"):
            imported = _from_imports(ast.parse(path.read_text(encoding="utf-8")))
            for module in imported:
                parts = module.split(".")
                if parts[0] == "games" and len(parts) > 1:
                    assert parts[1] == game.name, (path, module)
                if parts[0] == "table":
                    shared = {"table.contract", "table.errors", "table.kit", "table.text"}
                    allowed = module in shared
                    assert allowed or module.startswith("table.text."), (path, module)


def test_importing_the_rules_loads_no_aws_sdk() -> None:
    code = (
        "import sys, table.referee, games.bluff.game; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'boto3', 'botocore'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_purity_check_catches_an_impure_module() -> None:
    tree = ast.parse("import os\nfrom datetime import datetime\nx = datetime.now()\n")
    assert "os" in _imports(tree) & FORBIDDEN_MODULES
    assert "now" in _calls(tree)
