"""What the browser tests need, and what happens without it.

Without Playwright, Debian's Chromium or axe-core the browser tests skip with
the reason, so a developer without root can still run `make test`; under CI
(`CI=true`) they fail instead, so CI never passes by skipping them.
`tools/ensure-browser.sh` installs Chromium and axe-core.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest

IN_CI = os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")
CHROMIUM_PATH = Path("/usr/bin/chromium")
AXE_PATH = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
HOW = "run tools/ensure-browser.sh (as root it installs what is missing)"


def unavailable(reason: str) -> NoReturn:
    if IN_CI:
        pytest.fail(f"browser tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}", allow_module_level=True)


def require_playwright() -> None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        unavailable("the Python package playwright is not installed (pip install -e '.[dev]')")


def require_chromium() -> None:
    if not os.access(CHROMIUM_PATH, os.X_OK):
        unavailable(f"{CHROMIUM_PATH} is missing; {HOW}")


def require_axe() -> None:
    if not AXE_PATH.is_file():
        unavailable(f"tests/e2e/node_modules/axe-core is missing; {HOW}")
