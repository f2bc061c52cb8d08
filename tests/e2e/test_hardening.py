"""The table's hardening as a browser sees it.

- A second tab that resumes the same seat turns the first into "This seat is
  open in another window"; the first takes it back only when asked (never on
  its own), and every `welcome`'s new token is the one kept.
- The host removes someone who watches from the list of watchers (the lobby's
  panel; during play, the top bar's button), after a question; a removed TV
  that comes back carries its last token and stays out.
- Unbroken 24-character names and 98-character definitions stay inside their
  cards on a 360 px phone, a laptop and a 1920 px TV, from the lobby to the
  result sheet: neither the page nor any card scrolls sideways.

Players the test does not look at are bots (tests/e2e/bots.py).
"""

from __future__ import annotations

from typing import Any

from tests.e2e.prereq import require_axe, require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from tests.e2e.bots import Bot  # noqa: E402
from tests.e2e.browser import (  # noqa: E402
    PHONE,
    TV_SIZE,
    Screen,
    axe_violations,
    horizontal_overflow,
    open_screen,
    problems,
    screenshot,
)
from tests.e2e.play import (  # noqa: E402
    create_room,
    join_by_link,
    type_entry,
    vote_with_keys,
    vote_with_taps,
    wait_until,
)

LAPTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1}


def seat_token(screen: Screen, code: str) -> str | None:
    return screen.page.evaluate(
        "(code) => (JSON.parse(localStorage.getItem('bluff:seat:' + code) || 'null') || {}).token",
        code,
    )


def test_a_second_tab_takes_the_seat_and_the_first_takes_it_back_only_when_asked(
    table: Any,
) -> None:
    require_axe()
    stack = table.start_stack("1")
    ana = table.screen("Ana", bypass_csp=True, **PHONE)
    code = create_room(ana, stack.url, "Ana")
    first_token = ana.received("welcome")[-1]["token"]
    assert seat_token(ana, code) == first_token

    # GIVEN the same browser opens the room in a second tab: it resumes the seat
    tab = open_screen(ana.page.context, "Ana tab 2", touch=True)
    table.screens.append(tab)
    tab.page.goto(f"{stack.url}/?room={code}")
    tab.wait_phase("lobby", 0)
    second_token = tab.received("welcome")[-1]["token"]
    assert tab.sent("resume")[-1]["token"] == first_token
    assert second_token != first_token  # the resume rotated it
    assert seat_token(tab, code) == second_token

    # THEN the first tab says so and offers to take it back here
    ana.wait_phase("elsewhere")
    assert any(e.get("code") == "resumed_elsewhere" for e in ana.received("error"))
    expect(ana.testid("elsewhere")).to_contain_text("This seat is open in another window")
    expect(ana.testid("leave-btn")).to_be_hidden()
    assert axe_violations(ana.page) == []
    assert horizontal_overflow(ana.page) <= 0
    screenshot(ana.page, "phone-another-window")
    resumes_before = len(ana.sent("resume"))

    # WHEN it takes the seat back, THEN the second tab is the one told, and neither
    # resumes on its own: one resume each, the seat with the newest token
    ana.testid("take-back-btn").click()
    ana.wait_phase("lobby", 0)
    tab.wait_phase("elsewhere")
    assert len(ana.sent("resume")) == resumes_before + 1
    assert ana.sent("resume")[-1]["token"] == second_token
    assert seat_token(ana, code) == ana.received("welcome")[-1]["token"] != second_token
    expect(ana.testid("player-list")).to_contain_text("Ana")
    assert len(tab.sent("resume")) == 1
    assert problems([ana, tab]) == []


def test_the_host_removes_watchers_from_the_list_in_the_lobby_and_during_play(
    table: Any,
) -> None:
    require_axe()
    stack = table.start_stack("1")
    ana = table.screen("Ana", bypass_csp=True, **LAPTOP)
    code = create_room(ana, stack.url, "Ana")
    bots = [Bot(stack.websocket_url, name) for name in ("Ben", "Cy", "Dee")]
    try:
        for b in bots[:2]:
            b.join(code)
        tv = table.screen("TV", **TV_SIZE)
        tv.page.goto(f"{stack.url}/?room={code}&tv=1")
        tv.wait_phase("lobby", 0)

        # GIVEN a TV in the lobby: listed for the host as a screen, with no count
        # beside the list (one that leaves screens out would contradict it)
        expect(ana.testid("observers")).to_have_count(0)
        panel = ana.testid("watchers-panel")
        expect(panel.locator("li")).to_have_count(1)
        expect(panel.locator("li")).to_contain_text("TV")
        expect(panel.locator("li")).to_contain_text("screen")
        assert axe_violations(ana.page) == []
        panel.scroll_into_view_if_needed()
        screenshot(ana.page, "desktop-lobby-watchers")

        # WHEN the host presses its × and confirms, THEN the TV is removed
        panel.get_by_role("button", name="Remove TV").click()
        dialog = ana.testid("confirm-dialog")
        expect(dialog).to_contain_text("TV stops watching")
        ana.testid("confirm-yes").click()
        expect(ana.testid("watchers-none")).to_be_visible()
        tv.wait_phase("home")
        # AND a TV that comes back carries the last token it held there, and stays out
        tv.page.goto(f"{stack.url}/?room={code}&tv=1")
        joins = wait_until(tv, lambda: tv.sent("join_room")[1:], "the TV's second join")
        assert joins[-1].get("token") == tv.received("welcome")[-1]["token"]
        reply = wait_until(tv, lambda: tv.reply_to(joins[-1]), "the answer to that join")
        assert reply["code"] == "kicked"
        tv.wait_phase("home")

        # GIVEN a match under way and Dee, who came late and watches
        ana.testid("start-btn").click()
        ana.wait_phase("writing", 1)
        expect(ana.testid("watchers-btn")).to_be_hidden()  # nobody watches
        bots[2].join(code)
        button = ana.testid("watchers-btn")
        expect(button).to_be_visible()
        expect(button).to_have_attribute("aria-label", "1 watching")

        # WHEN the host opens the list from the top bar and removes Dee
        button.click()
        watchers = ana.testid("watchers-dialog")
        expect(watchers.locator("li")).to_contain_text("Dee")
        assert axe_violations(ana.page) == []
        screenshot(ana.page, "desktop-watchers-dialog")
        watchers.get_by_role("button", name="Remove Dee").click()
        expect(ana.testid("confirm-dialog")).to_contain_text("Dee stops watching")
        ana.testid("confirm-yes").click()
        # THEN the button goes, nobody being left to watch
        expect(button).to_be_hidden()
        assert ana.last_state()["observer_list"] == []
        assert problems([ana]) == []
    finally:
        for b in bots:
            b.close()


# 24 letters, no space: the longest name there is, with nowhere to break.
LONG_NAMES = ["Wolfeschlegelsteinhausen", "Bergmannsheilbehandlungs", "Donaudampfschifffahrtsge"]


def long_text(i: int) -> str:
    """A 98-character definition with no space to break at."""
    words = ["Supercalifragilistic", "Expialidociousnesses", "Antidisestablishment"][i]
    return (words + "arianismsofthefloatingmarketsbesidetheoldharbourwallsatdawnandd")[:98]


# The cards of every screen: seats, ballot and reveal cards, panels, the podium,
# the round history, notices. A card is wider inside than its box when a name
# or a text does not wrap; the page, when anything pushes past the viewport.
CARDS = (
    '[data-testid="ballot-option"], [data-testid="reveal-option"], .card, .player, .score-row,'
    " .panel, .join-panel, .sent, .history-item, .podium-step, .winners, .notice, .reveal-live,"
    " .totals, .dialog"
)
OVERFLOWS = """(cards) => {
  const out = [];
  const page = document.scrollingElement;
  if (page.scrollWidth > document.documentElement.clientWidth) {
    out.push(`page ${page.scrollWidth} > ${document.documentElement.clientWidth}`);
  }
  for (const el of document.querySelectorAll(cards)) {
    if (!el.getClientRects().length) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
      out.push(`${name} ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  return out;
}"""


def overflows(screen: Screen) -> list[str]:
    return [f"{screen.name} {screen.phase()}: {o}" for o in screen.page.evaluate(OVERFLOWS, CARDS)]


def test_long_unbroken_names_and_texts_stay_inside_their_cards(table: Any) -> None:
    stack = table.start_stack("0.25")
    host = table.screen(LONG_NAMES[0], **LAPTOP)
    phone = table.screen(LONG_NAMES[1], **PHONE)
    code = create_room(host, stack.url, LONG_NAMES[0])
    link = host.testid("join-link").get_attribute("href")
    join_by_link(phone, link, LONG_NAMES[1])
    bot = Bot(stack.websocket_url, LONG_NAMES[2])
    try:
        bot.join(code)
        tv = table.screen("TV", **TV_SIZE)
        tv.page.goto(f"{link}&tv=1")
        screens = [host, phone, tv]
        for s in screens:
            s.wait_phase("lobby", 0)
            expect(s.testid("player-list").locator("li")).to_have_count(3)
        found = [o for s in screens for o in overflows(s)]

        host.testid("start-btn").click()
        for s in screens:
            s.wait_phase("writing", 1)
        for i, s in enumerate((host, phone)):
            type_entry(s, long_text(i))
            expect(s.page.locator(".sent-text")).to_have_text(long_text(i))
        found += [o for s in screens for o in overflows(s)]
        bot.submit(long_text(2))

        for s in screens:
            s.wait_phase("voting", 1)
            expect(s.testid("ballot-option").first).to_be_visible()
        found += [o for s in screens for o in overflows(s)]
        vote_with_keys(host)
        vote_with_taps(phone)
        bot.vote_any()

        for s in screens:
            s.wait_phase("reveal", 1)
        for s in screens:
            expect(s.testid("reveal-live")).not_to_be_empty(timeout=30_000)
            expect(s.page.locator(".score-total[data-from]")).to_have_count(0, timeout=30_000)
        found += [o for s in screens for o in overflows(s)]

        # A match left with 2 players ends after this round: the result sheet.
        bot.request("leave")
        for s in screens:
            s.wait_phase("finished")
            expect(s.page.locator(".score-total[data-from]")).to_have_count(0)
        found += [o for s in screens for o in overflows(s)]
        assert found == [], "\n".join(found)
        assert problems(screens) == []
    finally:
        bot.close()
