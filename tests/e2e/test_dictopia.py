"""Dictopia in Debian's Chromium: a table of three with a TV, and one player solo.

Ana (a phone) picks Dictopia on the home page and switches the warm-up on; Ben
and Cy join by the link; a TV watches at 1920×1080. After the warm-up, each
trial every player taps letters into the word row, plays and locks it; in
trial 2 Ben denounces Ana's unlisted word and the table votes it out; the
score shows the breakdowns and the result sheet the totals.

Solo, a phone at level 8 plays the best word of each hand (computed from the
dealt hand and the committed list, `dictopia_solver.py`), arranged by the
keyboard, by a drag, by taps and by the keyboard alone; it beats Big Brother,
the server keeps level 9 under the browser's profile, and the next solo game deals 9 cards.

axe-core runs on each new screen on the phone and the TV; screenshots go to
test-artifacts/e2e/ (docs/screenshots/ with E2E_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import itertools
import re
import time
from typing import Any

import pytest

from tests.e2e.prereq import require_axe, require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from games.dictopia.content import load  # noqa: E402
from games.dictopia.lexicon import word_key  # noqa: E402
from tests.e2e.browser import (  # noqa: E402
    PHONE,
    TV_SIZE,
    Screen,
    axe_violations,
    problems,
    screenshot,
)
from tests.e2e.dictopia_solver import best_word  # noqa: E402
from tests.e2e.play import join_by_link, press, settled, wait_until  # noqa: E402

pytestmark = pytest.mark.e2e

TIME_SCALE = "0.2"  # a 9 s tally and vote: room for axe on two screens


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


def unlisted_consonants(screen: Screen) -> list[list[int]]:
    """Three consonant faces of the hand that spell no listed word: denounced, it goes
    to the table's vote (D19b)."""
    hand = screen.last_state()["my_hand"]
    lexicon = load("en").lexicon
    for cards in itertools.permutations(range(len(hand)), 3):
        word = [[c, 1] for c in cards]
        if word_key("".join(hand[c]["faces"][1]["letter"] for c in cards)) not in lexicon:
            return word
    raise AssertionError("every three consonants spell a word")


def play_cards(screen: Screen, round_: int, word: list[list[int]]) -> None:
    screen.wait_phase("trial", round_)
    for n, (card, face) in enumerate(word, 1):
        tap_face(screen, card, face)
        expect(screen.testid("row-card")).to_have_count(n)
    press(screen, screen.testid("play-btn"))
    wait_until(screen, lambda: screen.last_state().get("my_word") == word, "the word on file")
    press(screen, screen.testid("lock-btn"))


def warm_up(ana: Screen, tv: Screen, found: dict[str, list[str]]) -> None:
    """The optional warm-up (D3): a word tried on a challenge, answered at once; the host
    goes on when the table is ready."""
    ana.wait_phase("warmup")
    tv.wait_phase("warmup")
    expect(ana.testid("hand-face")).to_have_count(16)
    press(ana, ana.testid("hand-face").first)
    press(ana, ana.testid("challenge-btn").first)
    expect(ana.testid("warmup-result")).to_be_visible()
    assert ana.sent("warmup_play")[-1]["challenge"] == 1
    check(ana, "dictopia-warmup-phone", found)
    check(tv, "dictopia-warmup-tv", found)
    press(ana, ana.testid("continue-btn"))


def denounce_and_vote(
    players: list[Screen], tv: Screen, ana_id: str, found: dict[str, list[str]]
) -> None:
    """Ben denounces Ana's unlisted word; the table votes it out 1-2 (D13a, D19c)."""
    ana, ben, cy = players
    press(ben, ben.page.locator(f'[data-testid="denounce-btn"][data-player="{ana_id}"]'))
    wait_until(
        ben,
        lambda: any(
            w["player"] == ana_id and (w["denunciation"] or {}).get("result") == "to_vote"
            for w in ben.last_state()["words"]
        ),
        "the denunciation sent to the vote",
    )
    for screen in players:
        press(screen, screen.testid("pass-btn"))
    for screen in (*players, tv):
        screen.wait_phase("vote", 2)
    check(ana, "dictopia-vote-phone", found)
    check(tv, "dictopia-vote-tv", found)
    press(ana, ana.testid("yes-btn"))
    for screen in (ben, cy):
        press(screen, screen.testid("no-btn"))


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
    ana.page.locator('[data-testid="option"][data-option="warmup"]').select_option("1")
    wait_until(ana, lambda: ana.last_state()["settings"]["warmup"] is True, "the warm-up on")
    found: dict[str, list[str]] = {}
    check(ana, "dictopia-lobby-phone", found)
    check(tv, "dictopia-lobby-tv", found)
    press(ana, ana.testid("start-btn"))
    warm_up(ana, tv, found)

    players = [ana, *others]
    ana_id = ana.last_state()["me"]["id"]
    for round_ in range(1, 6):
        ana.wait_phase("trial", round_)
        if round_ == 2:
            check(ana, "dictopia-trial-phone", found)
            check(tv, "dictopia-tv-trial", found)
        for screen in players:
            if round_ == 2 and screen is ana:
                play_cards(ana, round_, unlisted_consonants(ana))
            else:
                play_a_word(screen, round_)
        for screen in players:
            screen.wait_phase("tally", round_)
        if round_ == 2:
            check(ana, "dictopia-tally-phone", found)
            check(tv, "dictopia-tally-tv", found)
            denounce_and_vote(players, tv, ana_id, found)
        else:
            for screen in players:
                press(screen, screen.testid("pass-btn"))
        ana.wait_phase("score", round_)
        expect(ana.testid("breakdown")).to_have_count(3 if round_ != 2 else 2)
        if round_ == 2:
            line = ana.last_state()["score"]["lines"][ana_id]
            assert line["void"] == "denounced" and line["trial"] == 0  # D19d
            check(ana, "dictopia-score-phone", found)
            check(tv, "dictopia-score-tv", found)
        continue_when_allowed(ana)
    ana.wait_phase("finished")
    tv.wait_phase("finished")
    check(ana, "dictopia-finished-phone", found)
    check(tv, "dictopia-finished-tv", found)
    finals = [s.last_state() for s in (*players, tv)]
    assert len({tuple(sorted(f["winners"])) for f in finals}) == 1
    totals = finals[0]["score"]["totals"]
    assert all({p["id"]: p["score"] for p in f["players"]} == totals for f in finals)
    best = max(totals.values())
    expect(tv.testid("podium")).to_contain_text(f"{best} points")
    assert found == {}, found
    assert problems([*players, tv]) == []


# --- solo against Big Brother -------------------------------------------------------------

SOLO_TIME_SCALE = "0.25"  # a 22.5 s trial: room to arrange eight cards on a busy machine


def row_letters(screen: Screen) -> list[str]:
    return screen.page.locator('[data-testid="row-card"] .dt-letter').all_inner_texts()


def face_selector(card: int, face: int) -> str:
    return f'[data-testid="hand-face"][data-card="{card}"][data-face="{face}"]'


def tap_face(screen: Screen, card: int, face: int) -> None:
    press(screen, screen.page.locator(face_selector(card, face)))


def arrange(screen: Screen, hand: list[dict[str, Any]], word: list[list[int]], how: str) -> None:
    """Put `word` in the row: by taps alone, or with two cards out of order put right
    by the keyboard (focus a placed card, ←/→) or by dragging one onto the other."""
    order = list(word)
    if how in ("keyboard", "drag") and len(order) >= 2:
        if how == "keyboard":
            order[0], order[1] = order[1], order[0]
        else:
            order[-1], order[-2] = order[-2], order[-1]
    for n, (card, face) in enumerate(order, 1):
        if how == "keys":  # a keyboard alone: Enter on a letter, the focus stays in the hand
            screen.page.locator(face_selector(card, face)).focus()
            screen.page.keyboard.press("Enter")
            expect(screen.page.locator(":focus")).to_have_attribute(
                "data-testid", "hand-face" if n < len(hand) else "play-btn"
            )
        else:
            tap_face(screen, card, face)
        expect(screen.testid("row-card")).to_have_count(n)
    cards = screen.testid("row-card")
    if how == "keyboard" and len(order) >= 2:
        cards.nth(0).focus()
        screen.page.keyboard.press("ArrowRight")
        expect(cards.nth(1)).to_be_focused()  # the moved card keeps the focus
    elif how == "drag" and len(order) >= 2:
        cards.nth(len(order) - 1).drag_to(cards.nth(len(order) - 2))
    spelled = [hand[c]["faces"][f]["letter"] for c, f in word]
    expect(screen.page.locator('[data-testid="row-card"] .dt-letter')).to_have_text(spelled)


def refused_then_taken_back(screen: Screen, hand: list[dict[str, Any]]) -> None:
    """An unlisted word is refused in words (D19e, strict) and changes nothing; tapping
    the placed card takes it back."""
    lexicon = load("en").lexicon
    card = next(i for i, c in enumerate(hand) if word_key(c["faces"][1]["letter"]) not in lexicon)
    tap_face(screen, card, 1)
    press(screen, screen.testid("play-btn"))
    expect(screen.testid("word-error")).to_have_text(
        "That word is not in the word list. Try another one."
    )
    assert screen.last_state().get("my_word") is None
    press(screen, screen.testid("row-card"))
    expect(screen.testid("row-card")).to_have_count(0)


def play_best_word(screen: Screen, round_: int, how: str) -> None:
    state = screen.last_state()
    hand, target = state["my_hand"], state["target"]
    missions = [m["id"] for m in state["missions"]]
    assert all(m["check"] in ("auto", "dict") for m in state["missions"])  # the solo pool
    word, _ = best_word(state["lang"], hand, target, missions)
    if how == "refused first":
        refused_then_taken_back(screen, hand)
    arrange(screen, hand, word, how)
    eyes = sum(hand[c]["faces"][f]["eyes"] for c, f in word)
    letters = f"{len(word)} letter" + ("s" if len(word) != 1 else "")
    live = screen.testid("live-count")
    expect(live).to_contain_text(f"{letters} · {eyes} of {target} eyes")
    expect(live.locator(".tag-hit")).to_have_count(1 if eyes == target else 0)
    press(screen, screen.testid("play-btn"))
    wait_until(screen, lambda: screen.last_state().get("my_word") == word, "the word on file")
    press(screen, screen.testid("lock-btn"))
    screen.wait_phase("score", round_)  # solo: the lock closes the trial (D21a)


def continue_when_allowed(screen: Screen) -> None:
    """The host goes on as soon as the score may be left (D7d), never waiting it out."""
    state = screen.last_state()
    at = state["continue_at"]
    wait_until(screen, lambda: time.time() * 1000 >= at + 50, "the score's 6 s")
    press(screen, screen.testid("continue-btn"))


def solo_home(screen: Screen, url: str, level: int, *, leave: bool = False) -> None:
    """From the home page (or, in a room, through Leave), create a solo room."""
    if not leave:
        screen.page.goto(url + "/")
    else:
        press(screen, screen.testid("leave-btn"))
        press(screen, screen.testid("confirm-yes"))  # leaving asks first
    screen.wait_phase("home")
    settled(screen)
    screen.page.locator('[data-testid="game-option"][value="dictopia"]').check()
    screen.page.locator('[data-testid="dictopia-mode"][value="solo"]').check()
    expect(screen.testid("home-solo-level")).to_have_text(
        f"Your level with the English deck: {level} cards in hand."
    )
    screen.testid("create-name").fill("Sol")
    press(screen, screen.testid("create-btn"))
    screen.wait_phase("lobby", 0)


def test_solo_won_against_big_brother_moves_up_to_nine_cards(table: Any) -> None:
    """GIVEN a browser at level 8 and a TV watching, WHEN the player arranges the best
    word of each hand (by taps, by the keyboard once, by drag once) and locks it, THEN
    Big Brother is beaten, the server keeps level 9 for English under the browser's
    profile, the home page says so, and the next solo game deals 9 cards (D23b)."""
    require_axe()
    stack = table.start_stack(SOLO_TIME_SCALE)
    sol = table.screen("sol", bypass_csp=True, locale="en-US", **PHONE)
    solo_home(sol, stack.url, 8)
    profile = sol.sent("create_room")[-1]["profile"]
    assert re.fullmatch(r"[0-9a-f]{32}", profile), profile  # 128 random bits, as hex
    assert sol.page.evaluate("localStorage.getItem('bluff:profile')") == profile
    assert "reached" not in sol.sent("create_room")[-1]["options"]
    code = sol.testid("room-code").inner_text().strip()
    tv = table.screen("tv", bypass_csp=True, locale="en-US", **TV_SIZE)
    tv.page.goto(f"{stack.url}/?room={code}&tv=1")
    expect(tv.page.locator('main[data-phase="lobby"]')).to_have_count(1)
    found: dict[str, list[str]] = {}
    check(sol, "dictopia-solo-lobby-phone", found)
    check(tv, "dictopia-solo-lobby-tv", found)
    assert sol.last_state()["solo"]["level"] == 8
    press(sol, sol.testid("start-btn"))

    for round_, how in enumerate(("keyboard", "drag", "refused first", "keys", "taps"), 1):
        sol.wait_phase("trial", round_)
        assert len(sol.last_state()["my_hand"]) == 8
        expect(sol.testid("solo-level")).to_contain_text("8")
        if round_ == 2:
            check(sol, "dictopia-solo-trial-phone", found)
            check(tv, "dictopia-solo-trial-tv", found)
        play_best_word(sol, round_, how)
        expect(sol.testid("big-brother")).to_be_visible()
        if round_ == 2:
            tv.wait_phase("score", round_)
            check(sol, "dictopia-solo-score-phone", found)
            check(tv, "dictopia-solo-score-tv", found)
        continue_when_allowed(sol)

    sol.wait_phase("finished")
    tv.wait_phase("finished")
    final = sol.last_state()
    assert final["winners"] == [final["me"]["id"]], final["big_brother"]
    total = final["score"]["totals"][final["me"]["id"]]
    assert [p["score"] for p in final["players"]] == [total]
    expect(sol.testid("podium")).to_contain_text(f"{total} points")
    assert final["solo"] == {"level": 8, "reached": 9, "beaten": True}
    expect(sol.testid("solo-result")).to_have_text(
        "You beat Big Brother! Next time you play 9 cards."
    )
    check(sol, "dictopia-solo-finished-phone", found)
    check(tv, "dictopia-solo-finished-tv", found)
    seen = sol.page.evaluate("JSON.parse(localStorage.getItem('dictopia:reached'))")
    assert seen == {"en": 9}  # the level line's last sight of it, for the home page

    solo_home(sol, stack.url, 9, leave=True)  # remembered per profile and language (D23b)
    again = sol.sent("create_room")[-1]
    assert again["profile"] == profile and again["options"] == {"mode": "solo"}
    assert sol.last_state()["solo"]["level"] == 9
    press(sol, sol.testid("start-btn"))
    sol.wait_phase("trial", 1)
    assert len(sol.last_state()["my_hand"]) == 9
    expect(sol.page.locator('[data-testid="hand"] > li')).to_have_count(9)
    check(sol, "dictopia-solo-level9-phone", found)
    assert found == {}, found
    assert problems([sol, tv]) == []
