"""Impostor in Debian's Chromium: a `phones` match of 4 players plus a TV, with typed clues.

Ana plays on a phone (360×740, touch); Ben (the host), Cy and Dee are WebSocket
bots; a TV (1920×1080) shows the board. Ana holds her card (it shows while the
finger is down and hides on release), types her clue, taps her vote; the TV
never receives a card. axe-core finds no serious or critical violation on any
Impostor screen at either size; each screen is saved as
`impostor-<screen>-<size>.png`.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from tests.e2e.bots import Bot
from tests.e2e.browser import axe_violations, horizontal_overflow, problems, screenshot
from tests.e2e.play import join_by_link, wait_until
from tests.e2e.prereq import require_axe

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
TV = {"viewport": {"width": 1920, "height": 1080}}
CLUES = {"Ana": "striped", "Ben": "tall", "Cy": "quick", "Dee": "loud"}


def check(found: dict[str, list[str]], screen: Any, name: str) -> None:
    """axe on the screen as it is now, and its screenshot."""
    found[name] = axe_violations(screen.page)
    assert horizontal_overflow(screen.page) <= 0, f"{name} scrolls sideways"
    screenshot(screen.page, f"impostor-{name}")


def test_phones_match_of_four_with_a_tv_and_typed_clues(table: Any) -> None:
    require_axe()
    started = time.monotonic()
    stack = table.start_stack("0.5")  # reveal 10 s, Continue from 3 s
    bots = {name: Bot(stack.websocket_url, name) for name in ("Ben", "Cy", "Dee")}
    try:
        ben = bots["Ben"]
        ben.request("create_room", name="Ben", lang="en", game="impostor")
        code = ben.wait(lambda: ben.room, "the welcome")
        ben.request("set_options", options={"rounds": 1})
        for name in ("Cy", "Dee"):
            bots[name].join(code)
        ana = table.screen("Ana", bypass_csp=True, **PHONE)
        join_by_link(ana, f"{stack.url}/?room={code}", "Ana")
        ana.wait_phase("lobby", 0)
        tv = table.screen("TV", bypass_csp=True, **TV)
        tv.page.goto(f"{stack.url}/?room={code}&tv=1")
        tv.wait_phase("lobby", 0)
        ben.request("start_match")

        found: dict[str, list[str]] = {}
        ana.wait_phase("deal", 1)
        tv.wait_phase("deal", 1)
        check(found, ana, "deal-phone")
        check(found, tv, "deal-tv")
        # The card: shown while the finger is down, hidden on release.
        hold = ana.testid("hold-card")
        box = hold.bounding_box()
        assert box is not None
        ana.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        ana.page.mouse.down()
        expect(ana.testid("card-word")).to_be_visible()
        word = ana.testid("card-word").inner_text().strip()
        assert word, "the card shows a word (or 'Impostor')"
        check(found, ana, "card-phone")
        ana.page.mouse.up()
        expect(ana.testid("card-word")).to_have_count(0)
        wait_until(ana, lambda: ana.sent("seen"), "Ana's seen after the release")
        for bot in bots.values():
            bot.request("seen", round=1)

        # Clues, typed: each seat in the order; Ana types hers on the phone.
        ana.wait_phase("clues", 1)
        ids = {name: bot.me for name, bot in bots.items()}
        shot = False
        while True:
            state = wait_until(
                ana, lambda: ana.last_state() if ana.last_state()["phase"] else None, "a state"
            )
            if state["phase"] != "clues":
                break
            turn = state["turn"]
            if not shot:
                expect(tv.testid("order")).to_be_visible()
                check(found, tv, "clues-tv")
                shot = True
            if turn["seat"] == state["me"]["id"]:
                field = ana.testid("clue-input")
                expect(field).to_be_editable()
                check(found, ana, "clues-phone")
                field.fill(CLUES["Ana"])
                field.press("Enter")
            else:
                name = next(n for n, i in ids.items() if i == turn["seat"])
                bots[name].request("clue", round=1, turn=turn["no"], text=CLUES[name])
            wait_until(
                ana,
                lambda t=turn: (
                    ana.last_state()["phase"] != "clues"
                    or ana.last_state()["turn"]["no"] != t["no"]
                ),
                "the next turn",
            )
        ana.wait_phase("discussion", 1)
        expect(ana.testid("clues")).to_contain_text(CLUES["Ana"])
        expect(tv.testid("clues")).to_contain_text(CLUES["Dee"])
        check(found, ana, "discussion-phone")
        check(found, tv, "discussion-tv")
        ben.request("call_vote", round=1)

        # The ballot: Ana taps Cy; the bots vote Cy too (Cy votes Dee).
        ana.wait_phase("voting", 1)
        tv.wait_phase("voting", 1)
        check(found, ana, "voting-phone")
        check(found, tv, "voting-tv")
        ana.page.locator(f'[data-testid="candidate"][data-id="{ids["Cy"]}"]').tap()
        expect(ana.testid("my-vote")).to_contain_text("Cy")
        for name, bot in bots.items():
            bot.request("vote", round=1, ballot=1, target=ids["Dee" if name == "Cy" else "Cy"])

        # Cy is an impostor (a guess, judged by the host if typed near) or a civilian.
        cy = bots["Cy"]
        state = ben.wait(lambda: ben.state if ben.state["phase"] != "voting" else None, "result")
        if state["phase"] == "guess":
            tv.wait_phase("guess", 1)
            check(found, tv, "guess-tv")
            cy.request("guess", round=1, text="zebra")
            judged = ben.wait(lambda: ben.state if ben.state["phase"] != "guess" else None, "g")
            if judged["phase"] == "judging" and judged["me"]["judge"]:
                ben.request("judge_guess", round=1, correct=False)
        ana.wait_phase("reveal", 1)
        tv.wait_phase("reveal", 1)
        expect(tv.testid("reveal-word")).not_to_be_empty()
        check(found, ana, "reveal-phone")
        check(found, tv, "reveal-tv")
        # The reveal ends by itself (10 s at this scale).
        ben.wait(lambda: ben.state["phase"] == "finished", "the result sheet")
        ana.wait_phase("finished")
        tv.wait_phase("finished")
        expect(ana.testid("winners")).to_be_visible()
        check(found, ana, "results-phone")
        check(found, tv, "results-tv")

        # The TV never received a card; Ana's cards were her own.
        assert not tv.received("card")
        assert all(m["seat"] == ana.last_state()["me"]["id"] for m in ana.received("card"))
        assert {k: v for k, v in found.items() if v} == {}
        assert problems([ana, tv]) == []
        assert time.monotonic() - started < 90
    finally:
        for bot in bots.values():
            bot.close()
