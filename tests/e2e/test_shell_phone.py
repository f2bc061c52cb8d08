"""The shell's own screens (home, lobby) on a 360×740 phone and a TV, in every
UI language and for every game, in Debian's Chromium.

- Without scrolling, a phone shows the home page's Create room (whichever game
  is picked) and the host's Start the match in the lobby; nothing in the top
  bar is cut (the language box, the title) and the page never scrolls sideways.
  The TV lobby shows the room code and its QR code whole.
- The home page and the lobby pass the first-table checks (no English left in
  another UI language, no placeholder or raw key) in es, ru, ro and fr.
- The host's lobby lists who watches once: the Watching panel, with the TV in
  it; no "No one watching" count beside it. Others get the count.
- The deck's language is named in the UI's language ("Mazo: inglés"), in the
  lobby and in the TV's corner during play.
- A room entered after leaving another says nothing of the one left.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.prereq import require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from tests.e2e.bots import Bot  # noqa: E402
from tests.e2e.browser import (  # noqa: E402
    PHONE,
    TV_SIZE,
    Screen,
    horizontal_overflow,
    problems,
    screenshot,
)
from tests.e2e.first_table import assert_screens_clean, visible_texts  # noqa: E402
from tests.e2e.play import create_room, join_by_link, press, settled  # noqa: E402

pytestmark = pytest.mark.e2e

TIME_SCALE = "1"  # nothing here waits on a clock
LANGS = ("en", "es", "ru", "ro", "fr")
GAMES = ("bluff", "impostor", "fictionary", "dictopia")
NAMES = ("Ana", "Ben", "Cy", "TV")

# What a person would see cut on the page as it is now: a box that hides part
# of its text (an ellipsis, overflow hidden), and a <select> drawn narrower
# than the choice it shows needs (its text is cut without any ellipsis). Screen-reader
# text (.sr-only) is clipped on purpose.
_CLIPPED = """() => {
  const out = [];
  const label = (el) => el.id ? '#' + el.id
    : el.className ? '.' + String(el.className).split(' ')[0] : el.tagName;
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.sr-only, select, svg') || !el.checkVisibility()) continue;
    const style = getComputedStyle(el);
    const hides = style.overflowX !== 'visible' || style.textOverflow !== 'clip';
    if (hides && el.scrollWidth > el.clientWidth + 1 && el.textContent.trim()) {
      const text = el.textContent.trim().slice(0, 40);
      out.push(`${label(el)} "${text}" shows ${el.clientWidth} of ${el.scrollWidth} px`);
    }
  }
  for (const select of document.querySelectorAll('select')) {
    if (!select.checkVisibility()) continue;
    // Its natural width with only the shown choice: what that text needs.
    const free = select.cloneNode(false);
    free.removeAttribute('id');
    if (select.selectedOptions[0]) free.append(select.selectedOptions[0].cloneNode(true));
    free.style.position = 'absolute';
    free.style.visibility = 'hidden';
    free.style.width = 'auto';
    free.style.maxWidth = 'none';
    free.style.minWidth = '0';
    select.after(free);
    const natural = free.getBoundingClientRect().width;
    free.remove();
    const drawn = select.getBoundingClientRect().width;
    if (drawn + 0.5 < natural) {
      const text = select.selectedOptions[0]?.text;
      out.push(`${label(select)} "${text}" drawn ${drawn.toFixed(1)} of ${natural.toFixed(1)} px`);
    }
  }
  return out;
}"""

# The element lies wholly inside the viewport at the page's own scroll position.
_IN_VIEW = """(el) => {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}"""


def clipped(screen: Screen) -> list[str]:
    return [f"{screen.name}: {c}" for c in screen.page.evaluate(_CLIPPED)]


def unreachable(screen: Screen, testid: str, what: str) -> list[str]:
    """`what` is off the screen as the page shows itself (at the top, nobody scrolled)."""
    control = screen.testid(testid)
    expect(control, f"{screen.name}: {what}").to_be_visible()
    screen.page.evaluate("window.scrollTo(0, 0)")
    if control.evaluate(_IN_VIEW):
        return []
    box = control.bounding_box() or {}
    top, bottom = box.get("y", 0), box.get("y", 0) + box.get("height", 0)
    return [f"{screen.name}: {what} off the first screen (top {top}, bottom {bottom})"]


def sideways(screen: Screen) -> list[str]:
    overflow = horizontal_overflow(screen.page)
    return [f"{screen.name}: the page scrolls sideways by {overflow} px"] if overflow > 0 else []


def switch_ui(screen: Screen, lang: str) -> None:
    """The top bar's language switch, as a person picks a language."""
    screen.testid("lang-switch").select_option(lang)
    expect(screen.page.locator("html")).to_have_attribute("lang", lang)


def pick_game(screen: Screen, slug: str) -> None:
    radio = screen.page.locator(f'[data-testid="game-option"][value="{slug}"]')
    press(screen, radio)
    expect(radio).to_be_checked()
    expect(screen.testid("create-btn")).to_be_visible()


def test_home_and_lobby_fit_a_phone_in_every_language(table: Any) -> None:
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("ana", locale="en-US", **PHONE)
    ana.page.goto(stack.url + "/")
    ana.wait_phase("home")
    settled(ana)
    found: list[str] = []
    # The home page: every game's create form in every language.
    for lang in LANGS:
        switch_ui(ana, lang)
        for slug in GAMES:
            pick_game(ana, slug)
            found += unreachable(ana, "create-btn", f"{lang} {slug}: Create room")
            found += clipped(ana) + sideways(ana)
            if lang != "en":
                assert_screens_clean([ana], lang, allowed=NAMES)
        screenshot(ana.page, f"shell-home-{lang}-phone")

    # The lobby, as the host sees it, of a room of every game, in every language;
    # and the TV's.
    tv = table.screen("tv", locale="en-US", **TV_SIZE)
    for slug in GAMES:
        ana.page.goto(stack.url + "/")
        ana.wait_phase("home")
        settled(ana)
        pick_game(ana, slug)
        ana.testid("create-name").fill("Ana")
        press(ana, ana.testid("create-btn"))
        ana.wait_phase("lobby", 0)
        code = ana.testid("room-code").inner_text().strip()
        tv.page.goto(f"{stack.url}/?room={code}&tv=1")
        tv.wait_phase("lobby", 0)
        for lang in LANGS:
            for screen in (ana, tv):
                switch_ui(screen, lang)
            found += unreachable(ana, "start-btn", f"{lang} {slug}: Start the match")
            found += unreachable(tv, "room-code", f"{lang} {slug}: the TV's room code")
            found += unreachable(tv, "qr", f"{lang} {slug}: the TV's QR code")
            for screen in (ana, tv):
                found += clipped(screen) + sideways(screen)
                if lang != "en":
                    assert_screens_clean([screen], lang, allowed=NAMES)
            if slug == "bluff":
                screenshot(ana.page, f"shell-lobby-{lang}-phone")
                screenshot(tv.page, f"shell-lobby-{lang}-tv")
        # Leave for the next game's room (the TV follows the room out of sight).
        press(ana, ana.testid("leave-btn"))
        press(ana, ana.testid("confirm-yes"))
        ana.wait_phase("home")
    assert found == [], "\n".join(found)
    assert problems([ana, tv]) == []


def test_a_browser_in_its_own_language_creates_every_game(table: Any) -> None:
    """No language picked: the home page speaks the browser's language, and the
    lobby the room's (its deck's). A game without a deck in that language gives
    the English deck, and so an English lobby: checked as English."""
    stack = table.start_stack(TIME_SCALE)
    found: list[str] = []
    for lang in ("es", "ru", "ro", "fr"):
        host = table.screen(f"host-{lang}", locale=lang, **PHONE)
        for slug in GAMES:
            host.page.goto(stack.url + "/")
            host.wait_phase("home")
            settled(host)
            expect(host.page.locator("html")).to_have_attribute("lang", lang)
            pick_game(host, slug)
            assert_screens_clean([host], lang, allowed=NAMES)
            host.testid("create-name").fill("Ana")
            press(host, host.testid("create-btn"))
            host.wait_phase("lobby", 0)
            deck = host.sent("create_room")[-1]["lang"]
            room_lang = host.last_state()["lang"]
            assert room_lang == deck
            expect(host.page.locator("html")).to_have_attribute("lang", room_lang)
            assert_screens_clean([host], room_lang, allowed=NAMES)
            found += unreachable(host, "start-btn", f"{lang} {slug}: Start the match")
            found += clipped(host) + sideways(host)
            press(host, host.testid("leave-btn"))
            press(host, host.testid("confirm-yes"))
            host.wait_phase("home")
        assert problems([host]) == []
    assert found == [], "\n".join(found)


def test_the_host_sees_one_list_of_who_watches(table: Any) -> None:
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("ana", locale="en-US", **PHONE)
    code = create_room(ana, stack.url, "Ana")
    ben = table.screen("ben", locale="en-US", **PHONE)
    join_by_link(ben, f"{stack.url}/?room={code}", "Ben")
    ben.wait_phase("lobby", 0)
    tv = table.screen("tv", locale="en-US", **TV_SIZE)
    tv.page.goto(f"{stack.url}/?room={code}&tv=1")
    tv.wait_phase("lobby", 0)

    # The host: the Watching panel lists the TV, and no count says otherwise.
    panel = ana.testid("watchers-panel")
    expect(panel.locator("li")).to_have_count(1)
    expect(panel.locator("li")).to_contain_text("TV")
    expect(panel.locator("li")).to_contain_text("screen")
    expect(ana.testid("observers")).to_have_count(0)
    shown = "\n".join(visible_texts(ana))
    assert "No one watching" not in shown, shown
    # Everyone else: the count of people watching (a TV isn't one), no list.
    expect(ben.testid("observers")).to_have_text("No one watching")
    expect(ben.testid("watchers-panel")).to_have_count(0)
    expect(tv.testid("observers")).to_have_text("No one watching")
    # The TV removed: the panel says so, once.
    panel.get_by_role("button", name="Remove TV").click()
    ana.testid("confirm-yes").click()
    expect(ana.testid("watchers-none")).to_have_text("No one is watching.")
    expect(ana.testid("observers")).to_have_count(0)
    assert problems([ana, ben]) == []


def test_the_deck_is_named_in_the_ui_language(table: Any) -> None:
    stack = table.start_stack(TIME_SCALE)
    bots = [Bot(stack.websocket_url, name) for name in ("Ana", "Ben", "Cy")]
    try:
        code = bots[0].create("en")
        for b in bots[1:]:
            b.join(code)
        tv = table.screen("tv", locale="en-US", **TV_SIZE)
        tv.page.goto(f"{stack.url}/?room={code}&tv=1")
        tv.wait_phase("lobby", 0)
        expect(tv.testid("deck-lang")).to_have_text("Deck: English")
        switch_ui(tv, "es")
        expect(tv.testid("deck-lang")).to_have_text("Mazo: inglés")
        switch_ui(tv, "fr")
        expect(tv.testid("deck-lang")).to_have_text("Paquet : anglais")
        switch_ui(tv, "es")
        # During play the TV's corner names it the same way.
        bots[0].request("start_match")
        tv.wait_phase("writing", 1)
        expect(tv.page.locator('#tv-join [data-testid="deck-lang"]')).to_have_text("Mazo: inglés")
        assert problems([tv]) == []
    finally:
        for b in bots:
            b.close()


def test_a_new_room_says_nothing_of_the_room_left(table: Any) -> None:
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("ana", locale="en-US", **PHONE)
    first = create_room(ana, stack.url, "Ana")
    press(ana, ana.testid("leave-btn"))
    press(ana, ana.testid("confirm-yes"))
    ana.wait_phase("home")
    left = f"You left room {first}."
    expect(ana.testid("home-message")).to_have_text(left)
    expect(ana.page.locator("#announce")).to_have_text(left)  # read out once, at home

    press(ana, ana.testid("create-btn"))
    ana.wait_phase("lobby", 0)
    expect(ana.testid("room-code")).not_to_have_text(first)
    expect(ana.page.locator("#announce")).not_to_contain_text(first)
    shown = "\n".join(visible_texts(ana))
    assert first not in shown.replace(ana.testid("room-code").inner_text(), ""), shown
    assert left not in shown, shown
    assert problems([ana]) == []
