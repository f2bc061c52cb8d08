"""Moves of a player on the browser client, as a person makes them: through the
screens' controls (click, tap, type, keys), checked on the screen."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from games.bluff.display import shown
from tests.e2e.browser import Screen

# Six plausible bluffs per player: all different, all valid (RULES R3/R4).
BLUFFS = {
    "Ana": [
        "a small copper pan for warming milk",
        "to hum quietly while waiting in line",
        "a lantern hung at the front of a barge",
        "the last loaf of a baker's batch",
        "a shepherd's song for calling lost sheep",
        "to sort buttons by colour for fun",
    ],
    "Ben": [
        "a knitted cover for a teapot spout",
        "the fear of running out of candles",
        "a small wooden box for keeping seeds",
        "to stroll along a pier after supper",
        "a fisherman's knot that slips on purpose",
        "an old word for a noisy rooster",
    ],
    "Cy": [
        "a dance for three people and a goat",
        "the crust left at the bottom of a pot",
        "a tax once paid in eggs and honey",
        "to talk in your sleep about the weather",
        "a cushion for kneeling in the garden",
        "the faint smell of rain on hot stone",
    ],
    "Dee": [
        "a hat with flaps worn by postmen",
        "to count the stairs while climbing them",
        "a pudding made from bread and plums",
        "the polite cough before a speech",
        "a folding stool carried by painters",
        "a ribbon tied to a kite's tail",
    ],
}


def wait_until(screen: Screen, check: Callable[[], Any], what: str, timeout: float = 15) -> Any:
    """Poll `check` (on frames the page recorded) while Playwright delivers events."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"{screen.name}: timed out waiting for {what}")
        screen.page.wait_for_timeout(50)


def press(screen: Screen, locator: Any) -> None:
    """Tap on a touch screen, click elsewhere."""
    if screen.touch:
        locator.tap()
    else:
        locator.click()


def settled(screen: Screen) -> None:
    """The home page redraws once the server's games list is in (the game picker):
    type and press after that, as a person would see the form settle."""
    expect(screen.page.locator('[data-games="settled"]')).to_have_count(1)


def create_room(screen: Screen, base_url: str, name: str) -> str:
    screen.page.goto(base_url + "/")
    screen.wait_phase("home")
    settled(screen)
    screen.testid("create-name").fill(name)
    press(screen, screen.testid("create-btn"))
    screen.wait_phase("lobby", 0)
    code = screen.testid("room-code").inner_text().strip()
    assert len(code) == 4, code
    return code


def join_by_link(screen: Screen, link: str, name: str) -> None:
    """Open the join link, type a name, Join: a seat in the lobby, later an observer."""
    screen.page.goto(link)
    screen.wait_phase("home")
    settled(screen)
    code = link.rsplit("=", 1)[-1]
    expect(screen.testid("join-code")).to_have_value(code)
    expect(screen.testid("join-name")).to_be_focused()
    screen.testid("join-name").fill(name)
    press(screen, screen.testid("join-btn"))
    expect(screen.page.locator('main:not([data-phase="home"])')).to_have_count(1)


def type_entry(screen: Screen, text: str) -> None:
    """Type into the writing box and press Enter (Enter sends)."""
    box = screen.testid("entry")
    expect(box).to_be_editable()
    box.fill(text)
    box.press("Enter")


def submit(screen: Screen, text: str, *, closes_phase: bool = False) -> None:
    """Send an entry; it shows as sent (unless it was the last and the phase moved on)."""
    sent_before = len(screen.sent("submit"))
    type_entry(screen, text)
    if closes_phase:
        expect(screen.page.locator('main[data-phase="writing"]')).to_have_count(0)
    else:
        # The entry comes back in the display form every card is shown in.
        lang = screen.last_state().get("lang") or "en"
        expect(screen.testid("entry-sent")).to_contain_text(shown(text, lang))
    request = wait_until(screen, lambda: screen.sent("submit")[sent_before:], "the submit frame")[0]
    reply = wait_until(screen, lambda: screen.reply_to(request), "the submit reply")
    assert reply["type"] == "ok", reply


def votable(screen: Screen) -> tuple[int, str]:
    """The first card this player may choose: (its number, its text)."""
    card = screen.page.locator('button[data-testid="ballot-option"]:not([disabled])').first
    expect(card).to_be_visible()
    return int(card.get_attribute("data-index") or 0), card.locator(".card-text").inner_text()


def vote_with_keys(screen: Screen, *, closes_phase: bool = False) -> str:
    """Number key to pick, Enter to vote; the text of the chosen card."""
    index, text = votable(screen)
    screen.page.keyboard.press(str(index))
    card = screen.page.locator(f'[data-testid="ballot-option"][data-index="{index}"]')
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(screen.testid("vote-btn")).to_have_text(f"Vote for {index}")
    screen.page.keyboard.press("Enter")
    _voted(screen, index, closes_phase)
    return text


def vote_with_taps(screen: Screen, *, closes_phase: bool = False) -> str:
    """Tap a card, then the Vote button."""
    index, text = votable(screen)
    card = screen.page.locator(f'[data-testid="ballot-option"][data-index="{index}"]')
    press(screen, card)
    expect(card).to_have_attribute("aria-pressed", "true")
    press(screen, screen.testid("vote-btn"))
    _voted(screen, index, closes_phase)
    return text


def _voted(screen: Screen, index: int, closes_phase: bool) -> None:
    if closes_phase:
        expect(screen.page.locator('main[data-phase="voting"]')).to_have_count(0)
    else:
        chosen = screen.page.locator(f'[data-testid="ballot-option"][data-index="{index}"]')
        expect(chosen).to_contain_text("your vote")
        expect(screen.testid("vote-btn")).to_have_count(0)
    vote = wait_until(screen, lambda: screen.sent("vote"), "the vote frame")[-1]
    reply = wait_until(screen, lambda: screen.reply_to(vote), "the vote reply")
    assert reply["type"] == "ok", reply
