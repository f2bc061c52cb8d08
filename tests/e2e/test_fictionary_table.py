"""Fictionary in Debian's Chromium: a table of four people with the
definitions read out by the Judge (`show` off) and a TV, played to the end on
the real service (TIME_SCALE 0.1, untimed picks, no bots).

The host removes the three bots a new room seats and turns "Definitions" to
the Judge reading them out; three people join by the link; a TV watches. Every
round the Judge chooses by key, the three others write through the writing box,
the Judge opens Read aloud (R) and steps through it (the word first, each card,
the word again with "Now, which is the real one?", never a mark on the real
one), and the voters, who see numbers only, vote: Ana always for the real card,
the others for Ana's, so Ana reaches the target alone. No voter's or the TV's
snapshot holds a card's text during voting; the TV shows each card as a
number to listen for. axe-core runs on the Judge's read-aloud view and the
voters' hidden cards at phone size, and on the TV.
"""

from __future__ import annotations

import time
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
GAME_SECONDS = 150
NAMES = ["Ana", "Ben", "Cy", "Dee"]


def check(screen: Screen, shot: str, found: dict[str, list[str]]) -> None:
    violations = axe_violations(screen.page)
    if violations:
        found[shot] = violations
    screenshot(screen.page, shot)


def test_four_people_read_aloud_and_a_tv_to_the_end(table: Any) -> None:
    require_axe()
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("Ana", bypass_csp=True, locale="en-US", **PHONE)
    ana.page.goto(stack.url + "/")
    ana.wait_phase("home")
    settled(ana)
    ana.page.locator('[data-testid="game-option"][value="fictionary"]').check()
    ana.testid("create-name").fill("Ana")
    press(ana, ana.testid("create-btn"))
    ana.wait_phase("lobby", 0)
    code = ana.testid("room-code").inner_text().strip()
    for _ in range(3):
        count = ana.testid("remove-bot-btn").count()
        press(ana, ana.testid("remove-bot-btn").first)
        expect(ana.testid("remove-bot-btn")).to_have_count(count - 1)
    ana.page.locator('[data-testid="option"][data-option="show"]').select_option("1")
    wait_until(ana, lambda: ana.last_state()["options"]["show"] is False, "show off")

    people = {"Ana": ana}
    for name in NAMES[1:]:
        s = table.screen(name, bypass_csp=True, locale="en-US", **PHONE)
        join_by_link(s, f"{stack.url}/?room={code}", name)
        s.wait_phase("lobby", 0)
        people[name] = s
    tv = table.screen("tv", bypass_csp=True, locale="en-US", **TV_SIZE)
    tv.page.goto(f"{stack.url}/?room={code}&tv=1")
    expect(tv.page.locator('main[data-phase="lobby"]')).to_have_count(1)
    wait_until(ana, lambda: len(ana.last_state()["players"]) == 4, "four seated")
    assert not any(p["bot"] for p in ana.last_state()["players"])
    press(ana, ana.testid("start-btn"))

    found: dict[str, list[str]] = {}
    done: set[tuple[str, int, str]] = set()  # (who, round, job)
    read_steps: list[str] = []
    tv_hidden = 0
    lines: list[str] = []
    end = time.monotonic() + GAME_SECONDS
    while ana.phase() != "finished":
        assert time.monotonic() < end, f"the game did not end: {sorted(done)[-6:]}"
        for name, s in people.items():
            phase = s.phase()
            state = s.last_state()
            r = state.get("round") or 0
            judge = state.get("judge") == state.get("seat")
            if (
                phase == "choosing"
                and (name, r, "choose") not in done
                and s.testid("offer-word").count()
            ):
                s.page.keyboard.press("1")
                done.add((name, r, "choose"))
            elif phase == "writing" and not judge and (name, r, "write") not in done:
                button = s.page.locator('[data-testid="submit-btn"]:not([disabled])')
                if not button.count():
                    continue
                box = s.testid("entry")
                box.fill(f"a small brass tool kept by {name} in drawer {r}")
                box.press("Enter")
                wait_until(
                    s,
                    lambda s=s: s.phase() != "writing" or s.testid("entry-state").count(),
                    f"{name} sent",
                )
                done.add((name, r, "write"))
            elif phase == "voting" and judge and (name, r, "read") not in done:
                assert state["shown"] is False
                texts = [c["text"] for c in state["ballot"]]
                assert all(texts), "the Judge has every text"
                assert sum(1 for c in state["ballot"] if c.get("truth")) == 1
                s.page.keyboard.press("r")
                read = s.testid("read-aloud")
                expect(read).to_be_visible()
                if not read_steps:
                    check(s, "fictionary-read-aloud-judge-phone", found)
                steps = [s.testid("read-card").inner_text()]
                for _ in range(len(texts) + 1):
                    s.page.keyboard.press(" ")
                    steps.append(s.testid("read-card").inner_text())
                    assert read.locator(".tag-truth").count() == 0, "never marks the real one"
                assert state["word"] in steps[0] and state["word"] in steps[-1]
                assert "Now, which is the real one?" in steps[-1]
                assert all(any(t in x for x in steps) for t in texts), (texts, steps)
                read_steps += steps
                s.page.keyboard.press("r")
                done.add((name, r, "read"))
            elif phase == "voting" and not judge and (name, r, "vote") not in done:
                judge_name = next(
                    (p["name"] for p in state["players"] if p["id"] == state["judge"]), ""
                )
                if not state.get("can_vote") or (judge_name, r, "read") not in done:
                    continue  # the voters listen to the Judge first
                assert all(c["text"] is None for c in state["ballot"]), "numbers only"
                expect(s.testid("read-out-note")).to_be_visible()
                judge_screen = next(
                    x for x in people.values() if x.last_state().get("seat") == state["judge"]
                )
                real = next(c["id"] for c in judge_screen.last_state()["ballot"] if c.get("truth"))
                ana_card = next(
                    (c["id"] for c in ana.last_state().get("ballot") or [] if c.get("mine")),
                    None,
                )
                pick = real if name == "Ana" or ana_card is None else ana_card
                if (name, "hidden") not in {(d[0], d[2]) for d in done}:
                    check(s, f"fictionary-voting-hidden-{name.lower()}-phone", found)
                    done.add((name, 0, "hidden"))
                card = s.page.locator(f'[data-option-id="{pick}"]')
                press(s, card)
                press(s, s.testid("vote-btn"))
                wait_until(
                    s,
                    lambda s=s: s.last_state().get("my_vote") or s.phase() != "voting",
                    f"{name} voted",
                )
                done.add((name, r, "vote"))
        if tv.phase() == "voting":
            tv_state = tv.last_state()
            assert all(c["text"] is None for c in tv_state["ballot"] or []), "the TV: numbers"
            if tv.page.locator('[data-testid="ballot-option"]').count() and not tv_hidden:
                expect(tv.page.locator('[data-testid="ballot-option"]').first).to_contain_text(
                    "listen to the Judge"
                )
                check(tv, "fictionary-voting-read-aloud-tv", found)
                tv_hidden += 1
        if tv.phase() == "reveal":
            said = tv.testid("beat-lines").locator("li").all_inner_texts()
            lines += [x for x in said if x not in lines]
        ana.page.wait_for_timeout(50)

    for s in [*people.values(), tv]:
        s.wait_phase("finished")
    final = ana.last_state()
    scores = {p["name"]: p["score"] for p in final["players"]}
    assert final["winners"] == [next(p["id"] for p in final["players"] if p["name"] == "Ana")]
    assert scores["Ana"] >= 10 and all(v < scores["Ana"] for k, v in scores.items() if k != "Ana")
    assert read_steps and tv_hidden, (read_steps, tv_hidden)
    rounds = final["round"]
    assert sum(1 for d in done if d[2] == "read") == rounds, "the Judge read aloud every round"
    assert any("real definition was option" in x for x in lines), lines
    expect(tv.testid("scores-sheet")).to_be_visible()
    check(tv, "fictionary-results-read-aloud-tv", found)
    assert found == {}, found
    assert problems([*people.values(), tv]) == []
