"""Dictionary Bluff at a real table: phones, a TV and a laptop in one room.

- The TV at 1920×1080 with 12 players: the ballot and the reveal (13 cards)
  fit with no scrolling; the room code, a small QR code and the deck language
  stay on screen during play; the TV does not count itself as watching.
- The reveal is a show, in step on every screen: one card at a time (the
  least-voted first: who fell for it, then who wrote it), the truth last, then
  the points and the totals; nothing marks the truth early. The host may
  continue from 6 s or hold the last frame. Sound cues with a remembered mute,
  a buzz when it is your turn, counted-up totals, the podium and its titles.
- Safe controls in reach on a 360×740 phone: leaving and removing a player
  ask first; "You left room X"; everyone is told who the new host is; a match
  left with 2 players ends after that round; late joiners are told they are
  watching and offered a seat at the end, and stay off that match's scores;
  drafts survive a reload; a join link shows the join form first.

Players the test does not look at are bots (tests/e2e/bots.py): WebSockets,
no browser. Waits are on DOM state and recorded frames, never on sleeps.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.prereq import require_axe, require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from tests.e2e.bots import Bot  # noqa: E402
from tests.e2e.browser import (  # noqa: E402
    TV_SIZE,
    axe_violations,
    horizontal_overflow,
    problems,
    screenshot,
)

pytestmark = pytest.mark.e2e

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"]
WOODS = ["oak", "elm", "ash", "yew", "fir", "box", "bay", "fig", "rye", "oat", "pea", "hop"]


STYLES = ["old", "new", "big", "small", "odd", "fine"]


def bluff(i: int, round_: int = 1) -> str:
    return f"a {WOODS[i]} barrel for salting fish, {STYLES[round_ - 1]} style"


def vertical_overflow(page: Any) -> int:
    return int(
        page.evaluate(
            "() => document.scrollingElement.scrollHeight - document.documentElement.clientHeight"
        )
    )


def in_view(page: Any, locator: Any) -> bool:
    """The element is inside the viewport as it is now (no scrolling)."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    view = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 0.5


def test_twelve_players_fit_a_tv(table: Any) -> None:
    require_axe()
    stack = table.start_stack("0.5")  # voting 20 s, reveal 10 s (the show ends by 8 s)
    bots = [Bot(stack.websocket_url, name) for name in NAMES]
    try:
        code = bots[0].create("es")
        for b in bots[1:]:
            b.join(code)
        tv = table.screen("TV", bypass_csp=True, **TV_SIZE)
        tv.page.goto(f"{stack.url}/?room={code}&tv=1")
        tv.wait_phase("lobby", 0)
        # The TV doesn't count itself as watching; the lobby shows the deck language.
        expect(tv.testid("observers")).to_have_text("Nadie mirando")  # the room speaks Spanish
        expect(tv.testid("deck-lang")).to_have_text("Mazo: Español")
        bots[0].request("start_match")
        tv.wait_phase("writing", 1)
        # During play: the room code, a small QR code and the deck stay on screen.
        expect(tv.testid("tv-room-code")).to_have_text(code)
        expect(tv.page.locator('[data-testid="tv-qr"] svg')).to_be_visible()
        expect(tv.page.locator('#tv-join [data-testid="deck-lang"]')).to_have_text("Mazo: Español")
        for i, b in enumerate(bots):
            b.submit(bluff(i))
        tv.wait_phase("voting", 1)
        expect(tv.testid("ballot-option")).to_have_count(13)
        assert vertical_overflow(tv.page) <= 0, "the ballot scrolls on the TV"
        assert in_view(tv.page, tv.testid("tv-room-code"))
        found = {"tv-voting-12": axe_violations(tv.page)}
        screenshot(tv.page, "tv-voting-12")
        for i, b in enumerate(bots):
            b.vote_any(i // 3)  # a few favourites, as at a real table
        tv.wait_phase("reveal", 1)
        expect(tv.testid("reveal-live")).to_contain_text("Marcador actualizado")
        expect(tv.testid("reveal-option")).to_have_count(13)
        expect(tv.page.locator(".score-total[data-from]")).to_have_count(0)  # counted up
        assert vertical_overflow(tv.page) <= 0, "the reveal scrolls on the TV"
        assert horizontal_overflow(tv.page) <= 0
        found["tv-reveal-12"] = axe_violations(tv.page)
        screenshot(tv.page, "tv-reveal-12")
        assert {k: v for k, v in found.items() if v} == {}
        assert problems([tv]) == []
    finally:
        for b in bots:
            b.close()
