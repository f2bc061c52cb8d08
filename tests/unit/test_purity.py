"""The rules core is pure: no AWS, no clock, no global randomness, no environment."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import bluff.rules

CORE = Path(bluff.rules.__file__).parent
FORBIDDEN_MODULES = {"boto3", "botocore", "os", "time", "random", "uuid", "secrets", "socket"}
FORBIDDEN_CALLS = {"now", "utcnow", "today", "time_ns", "perf_counter", "monotonic"}


def _imports(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def _calls(tree: ast.AST) -> set[str]:
    return {
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }


def test_core_modules_import_nothing_impure() -> None:
    modules = sorted(CORE.glob("*.py"))
    assert len(modules) >= 8
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert _imports(tree) & FORBIDDEN_MODULES == set(), path.name
        assert _calls(tree) & FORBIDDEN_CALLS == set(), path.name


def test_importing_the_core_loads_no_aws_sdk() -> None:
    code = (
        "import sys, bluff.rules; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'boto3', 'botocore'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_purity_check_catches_an_impure_module() -> None:
    tree = ast.parse("import os\nfrom datetime import datetime\nx = datetime.now()\n")
    assert "os" in _imports(tree) & FORBIDDEN_MODULES
    assert "now" in _calls(tree)
