"""axe-core on every Fictionary screen at phone size (360×740) and on a TV
(1920×1080): no serious or critical violation. The screens are drawn from exact
snapshots by the stand-in server (tests/e2e/fictionary_page.py), so each one
is reached in a moment: the Judge's five, writing (with How to play, the job
card, the spelling chips, the strong-language question, the helpers' rows and
the pronunciation key), the Judge during writing, voting with texts, with
numbers only, the Judge's list and Read aloud, the scores sheet, the reveal's
beats, the result sheet, the lobby's bot controls, and the TV board in each
phase. Screenshots: test-artifacts/e2e/fictionary-screen-*.png
(docs/screenshots/ with E2E_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.prereq import require_axe, require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from tests.e2e import fictionary_page as fp  # noqa: E402
from tests.e2e.browser import PHONE, TV_SIZE, axe_violations, horizontal_overflow, screenshot  # noqa: E402

pytestmark = pytest.mark.e2e


def lobby() -> dict[str, Any]:
    rows = fp.players(judge=None, bots={"p2": "medium", "p3": "easy", "p4": "hard"})
    return fp.base("lobby", round=0, judge=None, seat=None, players=rows, backstop_at=None)


def finished() -> dict[str, Any]:
    rv = fp.reveal_of(fp.now_ms() - 20_000)
    scores = {"p1": 6, "p2": 11, "p3": 4, "p4": 2}
    history = [
        {
            "round": 1,
            "judge": "p2",
            "word": "exiguous",
            "truth": fp.TRUTH,
            "best_bluff": {"round": 1, "text": fp.FAKES[0], "writer": "p3", "fooled": 2},
            "awards": {"p1": 0, "p2": 2, "p3": 4, "p4": 0},
        },
        {
            "round": 2,
            "judge": "p3",
            "word": "quiddity",
            "truth": "The essence of a thing",
            "best_bluff": None,
            "awards": {"p1": 6, "p2": 9, "p3": 0, "p4": 2},
        },
    ]
    return fp.base(
        "finished",
        round=2,
        judge=None,
        players=fp.players(judge=None, scores=scores),
        reveal=rv,
        winners=["p2"],
        places=[
            {"player": "p2", "place": 1},
            {"player": "p1", "place": 2},
            {"player": "p3", "place": 3},
            {"player": "p4", "place": 4},
        ],
        best_bluff={"round": 1, "text": fp.FAKES[0], "writer": "p3", "fooled": 2},
        history=history,
    )


def spell(s: fp.Stage) -> None:
    s.testid("entry").fill("a smal lantern for teh porch")
    s.testid("entry").press("Enter")
    expect(s.testid("spell")).to_be_visible()
    s.testid("helpers").locator("summary").click()


def strong(s: fp.Stage) -> None:
    s.testid("entry").fill("a damn fucking lantern")
    s.testid("entry").press("Enter")
    expect(s.testid("strong-ask")).to_be_visible()


def key_sheet(s: fp.Stage) -> None:
    s.testid("respell").click()
    expect(s.testid("key-sheet")).to_be_visible()


def read_aloud(s: fp.Stage) -> None:
    s.page.keyboard.press("r")
    s.page.keyboard.press("ArrowRight")
    expect(s.testid("read-aloud")).to_be_visible()


def sheet(s: fp.Stage) -> None:
    s.page.keyboard.press("s")
    expect(s.testid("scores-sheet")).to_be_visible()


def mid_reveal() -> dict[str, Any]:
    return fp.reveal(start=fp.now_ms() - 4500)  # votes and the first author beat


def end_reveal() -> dict[str, Any]:
    return fp.reveal(start=fp.now_ms() - 12_000)


# name, snapshot, what to do before axe, drawn on the TV too
Step = tuple[str, Callable[[], dict[str, Any]], Callable[[fp.Stage], None] | None, bool]
SCREENS: list[Step] = [
    ("lobby-bots", lobby, None, True),
    ("choosing-judge", fp.choosing, None, False),
    ("choosing-waiting", lambda: fp.choosing(judge=False, last=fp.reveal_of(0)), None, True),
    ("writing", fp.writing, None, True),
    ("writing-spelling", lambda: fp.writing(round=2), spell, False),
    ("writing-strong", lambda: fp.writing(round=3), strong, False),
    ("writing-key", lambda: fp.writing(round=4), key_sheet, False),
    (
        "writing-judge",
        lambda: fp.writing(judge=fp.ME, truth=fp.TRUTH, players=fp.players(judge=fp.ME)),
        None,
        False,
    ),
    ("voting", lambda: fp.voting(5), None, True),
    ("voting-hidden", lambda: fp.voting(5, shown=False, round=2), None, True),
    ("voting-judge", lambda: fp.voting(5, judge=True, shown=False, round=3), None, False),
    ("read-aloud", lambda: fp.voting(5, judge=True, shown=False, round=4), read_aloud, False),
    ("voting-twelve-sheet", lambda: fp.voting(12, round=5), sheet, True),
    ("reveal-beats", mid_reveal, None, True),
    ("reveal-end", end_reveal, None, True),
    ("results", finished, None, True),
]


@pytest.mark.parametrize("size", ["phone", "tv"])
def test_every_fictionary_screen_passes_axe(browser: Any, size: str) -> None:
    require_axe()
    options = PHONE if size == "phone" else TV_SIZE
    tv = size == "tv"
    first = SCREENS[0][1]()
    s = fp.open_stage(browser, first, init=fp.speech(), tv=tv, **options)
    errors: list[str] = []
    s.page.on("pageerror", lambda e: errors.append(str(e)))
    found: dict[str, list[str]] = {}
    shown = 0
    for name, make, act, on_tv in SCREENS:
        if tv and not on_tv:
            continue
        state = make()
        if tv:
            state = {
                **state,
                "seat": None,
                "me": {"id": "tv1", "role": "observer", "host": False},
                "can_vote": False,
                "offer": None,
                "my_entry": None,
                "my_vote": None,
            }
            for card in state.get("ballot") or []:
                card["mine"] = False
                card.pop("truth", None)
        s.show(state)
        if act and not tv:
            act(s)
        shot = f"fictionary-screen-{name}-{size}"
        violations = axe_violations(s.page)
        if violations:
            found[shot] = violations
        overflow = horizontal_overflow(s.page)
        if overflow > 0:
            found.setdefault(shot, []).append(f"the page scrolls sideways by {overflow} px")
        screenshot(s.page, shot)
        shown += 1
    assert shown >= (9 if tv else 16)
    assert found == {}, found
    assert errors == []
    s.page.context.close()
