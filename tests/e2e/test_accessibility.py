"""Every phase screen, on a phone (360×740) and at 1920×1080 (a player's
desktop and the TV mode), checked with axe-core and photographed.

axe-core (npm, pinned in tests/e2e/package.json) is injected with
`page.add_script_tag(path=...)`, an inline script that the client's CSP
(`script-src 'self'`) would block: the contexts checked here are opened with
`bypass_csp=True`. The other test (test_match.py) keeps the CSP on and fails
on any CSP violation.

Screenshots go to test-artifacts/e2e/ (git-ignored); E2E_UPDATE_SCREENSHOTS=1
also copies them to docs/screenshots/.

A slower TIME_SCALE than the match test: the checks of a phase must finish
before its deadline (the reveal lasts 10 s here, its last beat at 2.75 s).
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
    horizontal_overflow,
    problems,
    screenshot,
)
from tests.e2e.play import (  # noqa: E402
    BLUFFS,
    create_room,
    join_by_link,
    submit,
    type_entry,
    vote_with_keys,
    vote_with_taps,
)

pytestmark = pytest.mark.e2e

TIME_SCALE = "0.5"  # writing 27.5 s, voting 20 s, reveal 10 s (continue from 3 s)


def check(screen: Screen, shot: str, found: dict[str, list[str]]) -> None:
    """axe-core (serious and critical only), no sideways scrolling, a screenshot."""
    violations = axe_violations(screen.page)
    if violations:
        found[shot] = violations
    overflow = horizontal_overflow(screen.page)
    if overflow > 0:
        found.setdefault(shot, []).append(f"the page scrolls sideways by {overflow} px")
    screenshot(screen.page, shot)


def test_every_phase_screen_passes_axe_on_a_phone_and_at_1920(table: Any) -> None:
    require_axe()
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("Ana", bypass_csp=True, **TV_SIZE)  # the host, on a big screen
    ben = table.screen("Ben", bypass_csp=True, **PHONE)
    cy = table.screen("Cy", viewport={"width": 1024, "height": 768})
    tv = table.screen("TV", bypass_csp=True, **TV_SIZE)
    found: dict[str, list[str]] = {}

    # home
    ana.page.goto(stack.url + "/")
    ana.wait_phase("home")
    check(ana, "desktop-home", found)
    code = create_room(ana, stack.url, "Ana")
    link = f"{stack.url}/?room={code}"
    ben.page.goto(link)
    ben.wait_phase("home")
    expect(ben.testid("join-code")).to_have_value(code)
    check(ben, "phone-home", found)

    # lobby
    join_by_link(ben, link, "Ben")
    join_by_link(cy, link, "Cy")
    tv.page.goto(f"{link}&tv=1")
    for screen in (ana, ben, cy, tv):
        screen.wait_phase("lobby", 0)
    expect(ana.page.locator("#players-h")).to_have_text("Players (3 of 12)")
    expect(ben.page.locator(".observers")).to_have_text("No one watching")  # the TV isn't counted
    check(ana, "desktop-lobby", found)
    check(ben, "phone-lobby", found)
    check(tv, "tv-lobby", found)
    ana.testid("start-btn").click()

    # writing: the box, a refusal shown inline, the sent entry
    for screen in (ana, ben, cy, tv):
        screen.wait_phase("writing", 1)
    check(ana, "desktop-writing", found)
    type_entry(ben, "see www.example.com")
    expect(ben.testid("entry-error")).to_have_text("No web addresses, please.")
    check(ben, "phone-writing-refused", found)
    submit(ben, BLUFFS["Ben"][0])
    check(ben, "phone-writing-sent", found)
    submit(cy, BLUFFS["Cy"][0])
    check(tv, "tv-writing", found)
    submit(ana, BLUFFS["Ana"][0], closes_phase=True)

    # voting: a card picked, not yet voted
    for screen in (ana, ben, cy, tv):
        screen.wait_phase("voting", 1)
    vote_with_keys(cy)
    first = ana.page.locator('button[data-testid="ballot-option"]:not([disabled])').first
    ana.page.keyboard.press(first.get_attribute("data-index") or "1")
    check(ana, "desktop-voting", found)
    ben_card = ben.page.locator('button[data-testid="ballot-option"]:not([disabled])').last
    ben_card.tap()
    expect(ben_card).to_have_attribute("aria-pressed", "true")
    check(ben, "phone-voting", found)
    check(tv, "tv-voting", found)
    ana.page.keyboard.press("Enter")
    ben.testid("vote-btn").tap()

    # the reveal, after its last beat (the totals)
    for screen in (ana, ben, tv):
        screen.wait_phase("reveal", 1)
        expect(screen.testid("reveal-live")).to_contain_text("Scores updated")
    check(ana, "desktop-reveal", found)
    check(ben, "phone-reveal", found)
    check(tv, "tv-reveal", found)
    continue_round(ana, 1)

    # rounds 2–6, quickly
    for round_ in range(2, 7):
        for screen in (ana, ben, cy):
            screen.wait_phase("writing", round_)
        submit(ben, BLUFFS["Ben"][round_ - 1])
        submit(cy, BLUFFS["Cy"][round_ - 1])
        submit(ana, BLUFFS["Ana"][round_ - 1], closes_phase=True)
        for screen in (ana, ben, cy):
            screen.wait_phase("voting", round_)
        vote_with_keys(cy)
        vote_with_taps(ben)
        vote_with_keys(ana, closes_phase=True)
        ana.wait_phase("reveal", round_)
        continue_round(ana, round_)

    # the result sheet
    for screen in (ana, ben, cy, tv):
        screen.wait_phase("finished")
        expect(screen.testid("winners")).not_to_be_empty()
    check(ana, "desktop-finished", found)
    check(ben, "phone-finished", found)
    check(tv, "tv-finished", found)

    # The same screens in dark mode (prefers-color-scheme: dark): contrast only.
    for screen, shot in ((ben, "phone-finished-dark"), (ana, "desktop-finished-dark")):
        screen.page.emulate_media(color_scheme="dark")
        check(screen, shot, found)

    assert found == {}, "\n".join(f"{shot}:\n  " + "\n  ".join(v) for shot, v in found.items())
    assert problems([ana, ben, cy, tv]) == []


def continue_round(host: Screen, round_: int) -> None:
    button = host.testid("continue-btn")
    expect(button).to_be_enabled()
    button.click()
    expect(host.page.locator(f'main[data-phase="reveal"][data-round="{round_}"]')).to_have_count(0)
