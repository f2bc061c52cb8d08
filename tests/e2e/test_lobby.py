"""A game's own controls in the shell's lobby and home page, in Debian's Chromium.

- Fictionary (`lobbyExtra`): the host adds a hard bot and removes one of the
  three medium bots a new room seats, from the lobby's Bots panel.
- Dictopia (`createChoices`/`createOptions`): solo is picked on the home page,
  which shows the level this browser last saw for the deck; the room is created
  with `options {mode: "solo"}` and the browser's `profile` secret, and starts
  with one seat at the level the server keeps for that profile (D23b).
- The host's options form offers only options with a list of values: the
  free-form ones (`choices: []`) are not shown.

axe-core (no serious or critical violation) runs on the new controls at
360×740 and 1280×800; screenshots go to test-artifacts/e2e/ (docs/screenshots/
with E2E_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.prereq import require_axe, require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from infra.local.embedded import DATABASE_FILE  # noqa: E402
from table.adapters.sqlite import Database, SqliteRoomStore  # noqa: E402
from tests.e2e.browser import (  # noqa: E402
    PHONE,
    Screen,
    axe_violations,
    horizontal_overflow,
    problems,
    screenshot,
)
from tests.e2e.play import press, wait_until  # noqa: E402

pytestmark = pytest.mark.e2e

TIME_SCALE = "1"  # nothing here waits on a clock
PROFILE = "c0ffee00c0ffee00c0ffee00c0ffee00"
DESKTOP = {"width": 1280, "height": 800}


def check(screen: Screen, shot: str, found: dict[str, list[str]]) -> None:
    violations = axe_violations(screen.page)
    if violations:
        found[shot] = violations
    overflow = horizontal_overflow(screen.page)
    if overflow > 0:
        found.setdefault(shot, []).append(f"the page scrolls sideways by {overflow} px")
    screenshot(screen.page, shot)


def check_phone_and_desktop(screen: Screen, shot: str, locator: Any, found: dict) -> None:
    """axe and a screenshot with `locator` in view, at 360×740 and then 1280×800."""
    locator.scroll_into_view_if_needed()
    check(screen, f"{shot}-phone", found)
    screen.page.set_viewport_size(DESKTOP)
    locator.scroll_into_view_if_needed()
    check(screen, f"{shot}-desktop", found)
    screen.page.set_viewport_size(PHONE["viewport"])


def pick_game(screen: Screen, base_url: str, slug: str, name: str) -> None:
    screen.page.goto(base_url + "/")
    screen.wait_phase("home")
    screen.page.locator(f'[data-testid="game-option"][value="{slug}"]').check()
    screen.testid("create-name").fill(name)


def test_fictionary_host_adds_a_hard_bot_and_removes_a_medium_one(table: Any) -> None:
    require_axe()
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("ana", bypass_csp=True, locale="en-US", **PHONE)
    pick_game(ana, stack.url, "fictionary", "Ana")
    press(ana, ana.testid("create-btn"))
    ana.wait_phase("lobby", 0)
    bots = [p for p in ana.last_state()["players"] if p.get("bot")]
    assert [p["bot"] for p in bots] == ["medium"] * 3
    panel = ana.testid("bots-panel")
    expect(panel.locator('[data-testid="bot-list"] li')).to_have_count(3)
    # A bot seat is removed with the game's control, not the shell's kick (×).
    expect(ana.page.locator('[data-testid="player-list"] [data-testid="kick-btn"]')).to_have_count(
        0
    )

    ana.testid("bot-level-select").select_option("hard")
    press(ana, ana.testid("add-bot-btn"))
    hard = wait_until(
        ana,
        lambda: [p for p in ana.last_state()["players"] if p.get("bot") == "hard"],
        "a hard bot seated",
    )
    assert ana.sent("add_bot")[-1]["level"] == "hard"
    row = panel.locator(f'li[data-player-id="{hard[0]["id"]}"]')
    expect(row.locator('[data-testid="bot-level"]')).to_have_text("hard")
    expect(panel.locator('[data-testid="bot-list"] li')).to_have_count(4)
    expect(ana.page.locator("#players-h")).to_have_text("Players (5 of 12)")
    found: dict[str, list[str]] = {}
    check_phone_and_desktop(ana, "lobby-fictionary-bots", panel, found)

    medium = bots[0]
    remove = panel.locator(f'[data-testid="remove-bot-btn"][data-player-id="{medium["id"]}"]')
    expect(remove).to_have_accessible_name(f"Remove {medium['name']}")
    press(ana, remove)
    wait_until(
        ana,
        lambda: all(p["id"] != medium["id"] for p in ana.last_state()["players"]),
        "the medium bot gone",
    )
    assert ana.sent("remove_bot")[-1]["player"] == medium["id"]
    levels = sorted(p["bot"] for p in ana.last_state()["players"] if p.get("bot"))
    assert levels == ["hard", "medium", "medium"]
    expect(panel.locator('[data-testid="bot-list"] li')).to_have_count(3)
    expect(panel.locator(f'li[data-player-id="{medium["id"]}"]')).to_have_count(0)
    assert found == {}, found
    assert problems([ana]) == []


def test_dictopia_solo_room_from_the_home_page_with_the_stored_level(
    table: Any, tmp_path: Path
) -> None:
    require_axe()
    # The server's record of this browser's profile (only its hash is kept): 12 cards
    # in English, 9 in French.
    database = Database(tmp_path / DATABASE_FILE)
    SqliteRoomStore(database).remember(
        hashlib.sha256(PROFILE.encode()).hexdigest(),
        "solo_reached",
        {"en": 12, "fr": 9},
        int(time.time() * 1000),
    )
    database.close()
    stack = table.start_stack(TIME_SCALE, env={"DATA_DIR": str(tmp_path)})
    sol = table.screen("sol", bypass_csp=True, locale="en-US", **PHONE)
    sol.page.goto(stack.url + "/")
    sol.wait_phase("home")
    # This browser's profile secret, and the levels its rooms last reported (level.js).
    sol.page.evaluate(f"localStorage.setItem('bluff:profile', '{PROFILE}')")
    sol.page.evaluate("localStorage.setItem('dictopia:reached', JSON.stringify({en: 12, fr: 9}))")
    pick_game(sol, stack.url, "dictopia", "Sol")
    choices = sol.testid("dictopia-choices")
    expect(choices).to_be_visible()
    expect(sol.testid("home-solo-level")).to_be_hidden()
    sol.page.locator('[data-testid="dictopia-mode"][value="solo"]').check()
    expect(sol.testid("home-solo-level")).to_have_text(
        "Your level with the English deck: 12 cards in hand."
    )
    found: dict[str, list[str]] = {}
    check_phone_and_desktop(sol, "lobby-dictopia-solo-home", choices, found)
    sol.testid("create-lang").select_option("fr")
    expect(sol.testid("home-solo-level")).to_contain_text("9")
    sol.testid("create-lang").select_option("en")
    expect(sol.testid("home-solo-level")).to_contain_text("12")

    press(sol, sol.testid("create-btn"))
    sol.wait_phase("lobby", 0)
    create = sol.sent("create_room")[-1]
    assert create["game"] == "dictopia"
    assert create["options"] == {"mode": "solo"}  # no level claimed: the server decides
    assert create["profile"] == PROFILE
    lobby = sol.last_state()
    assert lobby["mode"] == "solo" and lobby["solo"]["level"] == 12
    assert len(lobby["players"]) == 1
    expect(sol.page.locator("#players-h")).to_have_text("Players (1 of 1)")
    start = sol.testid("start-btn")
    expect(start).to_be_enabled()
    press(sol, start)
    expect(sol.page.locator('main:not([data-phase="lobby"])')).to_have_count(1)
    playing = wait_until(
        sol, lambda: (s := sol.last_state())["phase"] != "lobby" and s, "the match begun"
    )
    assert len(playing["players"]) == 1
    assert playing["hand_size"] == 12, json.dumps(playing)[:400]
    assert found == {}, found
    assert problems([sol]) == []


def test_options_form_shows_no_free_form_option(table: Any) -> None:
    require_axe()
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("ana", bypass_csp=True, locale="en-US", **PHONE)
    pick_game(ana, stack.url, "dictopia", "Ana")
    press(ana, ana.testid("create-btn"))
    ana.wait_phase("lobby", 0)
    games = ana.received("games")[-1]["games"]
    schema = next(g for g in games if g["slug"] == "dictopia")["options"]
    free = {o["name"] for o in schema if o["choices"] == []}
    listed = {o["name"] for o in schema if o["choices"]}
    assert "custom_missions" in free and "reached" not in free | listed
    form = ana.testid("options")
    expect(form.locator('[data-testid="option"]').first).to_be_visible()
    shown = set(
        form.locator('[data-testid="option"]').evaluate_all("els => els.map(e => e.dataset.option)")
    )
    fixed = set(
        form.locator('[data-testid="option-fixed"]').evaluate_all(
            "els => els.map(e => e.dataset.option)"
        )
    )
    # `mode` is set on the home page; while the host plays alone the server lets it
    # change (`mode_switchable`), so it is offered (once another player sits it is shown
    # as text: tests/e2e/test_first_table_dictopia.py).
    assert ana.last_state()["mode_switchable"] is True
    assert fixed == set() and "mode" in shown
    assert shown | fixed == listed
    assert not (shown | fixed) & free
    labels = form.locator("select option").all_inner_texts()
    assert labels and not [x for x in labels if x in ("null", "mode", "level")], labels
    found: dict[str, list[str]] = {}
    check_phone_and_desktop(ana, "lobby-options", form, found)
    assert found == {}, found
    assert problems([ana]) == []
