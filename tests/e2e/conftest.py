"""Fixtures of the browser tests: Debian's Chromium driven by Playwright, and
the local stack (`running_stack`) per test at the TIME_SCALE the test needs.

On a failure every open screen is saved to test-artifacts/e2e/failed-*.png and
the stack's output to test-artifacts/e2e/failed-<test>.log.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.prereq import require_chromium, require_playwright

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "e2e"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "e2e: browser tests (Playwright + Debian's Chromium on the local stack)"
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[_FAILED] = report.failed
    return report


_FAILED = pytest.StashKey[bool]()


@pytest.fixture
def browser() -> Iterator[Any]:
    # Per test, not per session: Playwright's sync API runs an asyncio loop in
    # this thread while it is open, and later tests call asyncio.run().
    require_playwright()
    require_chromium()
    from playwright.sync_api import sync_playwright

    from tests.e2e.browser import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def table(browser: Any, request: pytest.FixtureRequest) -> Iterator[Table]:
    """Browser contexts and a local stack for one test; saved for debugging if it fails."""
    with ExitStack() as stack:
        t = Table(browser, stack)
        yield t
        if request.node.stash.get(_FAILED, False):
            t.save_failure(re.sub(r"\W+", "-", request.node.name))


class Table:
    def __init__(self, browser: Any, exits: ExitStack) -> None:
        self.browser = browser
        self.exits = exits
        self.screens: list[Any] = []
        self.stack: Any = None

    def start_stack(self, time_scale: str, **kwargs: Any) -> Any:
        from infra.local.testing import running_stack

        env = {
            "TIME_SCALE": time_scale,
            "LOG_LEVEL": "WARNING",
            "POWERTOOLS_METRICS_DISABLED": "true",
            **kwargs.pop("env", {}),  # e.g. DATA_DIR: a data folder the test prepared
        }
        self.stack = self.exits.enter_context(running_stack(env=env, **kwargs))
        return self.stack

    def screen(self, name: str, **context_options: Any) -> Any:
        """A new person: their own browser context (own storage) and one tab."""
        from tests.e2e.browser import open_screen

        context = self.browser.new_context(**context_options)
        self.exits.callback(context.close)
        screen = open_screen(context, name, touch=bool(context_options.get("has_touch")))
        self.screens.append(screen)
        return screen

    def save_failure(self, test: str) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for s in self.screens:
            frames = [
                json.dumps({"at": round(f.at), "sent": f.sent, **f.msg}, ensure_ascii=False)
                for f in s.frames
            ]
            (ARTIFACTS / f"failed-{test}-{s.name}.frames.jsonl").write_text("\n".join(frames))
            try:
                s.page.screenshot(path=str(ARTIFACTS / f"failed-{test}-{s.name}.png"))
            except Exception as error:  # a closed page
                print(f"no screenshot of {s.name}: {error}")
        if self.stack is not None:
            (ARTIFACTS / f"failed-{test}.log").write_text("\n".join(self.stack.output()))
