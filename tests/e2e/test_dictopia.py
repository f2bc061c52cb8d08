"""Dictopia in Debian's Chromium: three players and a TV play five trials.

Ana (a phone) picks Dictopia on the home page; Ben and Cy join by the link; a
TV watches at 1920×1080. Each trial every player taps letters into the word
row, plays and locks it; the tally shows every word, everyone passes; the
score shows the breakdowns. axe-core runs on each new screen on the phone and
the TV; screenshots go to test-artifacts/e2e/ (docs/screenshots/ with
E2E_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.prereq import require_axe, require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from tests.e2e.browser import (  # noqa: E402
    PHONE,
    TV_SIZE,
    Screen,
    axe_violations,
    problems,
    screenshot,
)
from tests.e2e.play import join_by_link, press, settled, wait_until  # noqa: E402

pytestmark = pytest.mark.e2e

TIME_SCALE = "0.1"


def check(screen: Screen, shot: str, found: dict[str, list[str]]) -> None:
    violations = axe_violations(screen.page)
    if violations:
        found[shot] = violations
    screenshot(screen.page, shot)


def play_a_word(screen: Screen, round_: int) -> None:
    """Tap two letters, check the live count, play, then lock."""
    screen.wait_phase("trial", round_)
    faces = screen.page.locator('[data-testid="hand-face"]:not([disabled])')
    press(screen, faces.nth(0))
    expect(screen.testid("row-card")).to_have_count(1)
    press(screen, screen.page.locator('[data-testid="hand-face"]:not([disabled])').nth(1))
    expect(screen.testid("row-card")).to_have_count(2)
    expect(screen.testid("live-count")).to_contain_text("2")
    press(screen, screen.testid("play-btn"))
    wait_until(screen, lambda: screen.last_state().get("my_word"), "the word on file")
    press(screen, screen.testid("lock-btn"))


def test_three_players_and_a_tv_play_five_trials(table: Any) -> None:
    require_axe()
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("ana", bypass_csp=True, locale="en-US", **PHONE)
    ana.page.goto(stack.url + "/")
    ana.wait_phase("home")
    settled(ana)
    ana.page.locator('[data-testid="game-option"][value="dictopia"]').check()
    ana.testid("create-name").fill("Ana")
    press(ana, ana.testid("create-btn"))
    ana.wait_phase("lobby", 0)
    code = ana.testid("room-code").inner_text().strip()
    assert ana.last_state()["game"] == "dictopia"
    others = []
    for name in ("Ben", "Cy"):
        screen = table.screen(name.lower(), locale="en-US", viewport={"width": 1280, "height": 800})
        join_by_link(screen, f"{stack.url}/?room={code}", name)
        others.append(screen)
    tv = table.screen("tv", bypass_csp=True, locale="en-US", **TV_SIZE)
    tv.page.goto(f"{stack.url}/?room={code}&tv=1")
    expect(tv.page.locator('main[data-phase="lobby"]')).to_have_count(1)
    wait_until(ana, lambda: len(ana.last_state()["players"]) == 3, "three seats")
    press(ana, ana.testid("start-btn"))

    found: dict[str, list[str]] = {}
    players = [ana, *others]
    for round_ in range(1, 6):
        ana.wait_phase("trial", round_)
        if round_ == 2:
            check(ana, "dictopia-trial-phone", found)
            check(tv, "dictopia-tv-trial", found)
        for screen in players:
            play_a_word(screen, round_)
        for screen in players:
            screen.wait_phase("tally", round_)
        if round_ == 2:
            check(ana, "dictopia-tally-phone", found)
            check(tv, "dictopia-tally-tv", found)
        for screen in players:
            press(screen, screen.testid("pass-btn"))
        ana.wait_phase("score", round_)
        expect(ana.testid("breakdown")).to_have_count(3)
        if round_ == 2:
            check(ana, "dictopia-score-phone", found)
            check(tv, "dictopia-score-tv", found)
    ana.wait_phase("finished")
    tv.wait_phase("finished")
    check(ana, "dictopia-finished-phone", found)
    check(tv, "dictopia-finished-tv", found)
    finals = [s.last_state() for s in (*players, tv)]
    assert len({tuple(sorted(f["winners"])) for f in finals}) == 1
    assert found == {}, found
    assert problems([*players, tv]) == []
