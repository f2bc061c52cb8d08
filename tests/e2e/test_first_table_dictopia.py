"""A first-time table plays Dictopia in French, and every screen is checked as
a newcomer meets it (tests/e2e/first_table.py).

With friends: Ana (a phone, French) creates a room with the French deck. Alone
in the lobby she is offered the mode (solo or with friends) and How to play is
open; Ben (a phone) joins by the link and the mode is fixed; a TV watches.
Five trials: each player taps letters, plays and locks; the first trial opens
a first-time card; in trial 2 Ben denounces Ana's unlisted word and the table
votes; a claim is offered only on the missions the server calls claimable and
sits above the sticky action bar. No trial's points show before its score, no
winner before the end; the result sheet ranks what the server ranked.

Solo: Sol (a phone, French) creates a room "with friends" by mistake, switches
the lobby to solo, plays five short listed words and loses to Big Brother:
the winners line names Big Brother, who stands on the podium and in the table
with his total.

Every screen of every phone and the TV passes `assert_screens_clean` in French;
each turn's control is enabled and on screen (`assert_can_act`).
"""

from __future__ import annotations

import itertools
import json
import re
import time
from functools import cache
from typing import Any

import pytest

from tests.e2e.prereq import require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from games.dictopia.content import load  # noqa: E402
from games.dictopia.lexicon import word_key  # noqa: E402
from tests.e2e.browser import PHONE, TV_SIZE, Screen, problems, screenshot  # noqa: E402
from tests.e2e.first_table import (  # noqa: E402
    WEB,
    assert_absent,
    assert_can_act,
    assert_screens_clean,
)
from tests.e2e.play import join_by_link, press, settled, wait_until  # noqa: E402

pytestmark = pytest.mark.e2e

LANG = "fr"
TIME_SCALE = "0.5"  # a 45 s trial and 22 s tally and vote: room for every check on a busy machine


@cache
def fr(key: str) -> Any:
    """A leaf of the French catalogues: `results.heading` (shell) or `dictopia.…` (game)."""
    if key.startswith("dictopia."):
        tree = json.loads((WEB / "js/games/dictopia/i18n/fr.json").read_text("utf-8"))
        key = key.removeprefix("dictopia.")
    else:
        tree = json.loads((WEB / "i18n/fr.json").read_text("utf-8"))
    for part in key.split("."):
        tree = tree[part]
    return tree


def fixed_part(template: str) -> str:
    """The longest piece of a catalogue template between its placeholders."""
    return max(re.split(r"\{[a-z]+\}", template), key=len).strip(" \u00a0\u202f:!")


# What must not show before its beat: a trial's points before its score, a winner
# before the result sheet.
TRIAL_POINTS = fixed_part(fr("dictopia.score.trial"))  # "points à cette épreuve"
WINNER = fixed_part(fr("results.winnerOne"))  # "gagne"
RESULTS = fr("results.heading")


def check_all(screens: list[Screen], allowed: list[str]) -> None:
    assert_screens_clean(screens, LANG, allowed=allowed)


def shown_texts(screen: Screen) -> list[str]:
    """The deck's words on this screen (missions, letters, words played): the deck's, not
    the UI's, so the English check passes over them."""
    state = screen.last_state()
    texts = [m["text"] for m in state.get("missions") or []]
    texts += [w["letters"] or "" for w in state.get("words") or []]
    texts += [i.get("letters") or "" for i in state.get("items") or []]
    return [t for t in texts if t]


def free_faces(screen: Screen) -> Any:
    return screen.page.locator('[data-testid="hand-face"]:not([disabled])')


def face(screen: Screen, card: int, face_: int) -> Any:
    return screen.page.locator(
        f'[data-testid="hand-face"][data-card="{card}"][data-face="{face_}"]'
    )


def unlisted(screen: Screen) -> list[list[int]]:
    """Three consonant faces that spell no listed French word: denounced, it goes to the
    table's vote (D19b)."""
    hand = screen.last_state()["my_hand"]
    lexicon = load(LANG).lexicon
    for cards in itertools.permutations(range(len(hand)), 3):
        if word_key("".join(hand[c]["faces"][1]["letter"] for c in cards)) not in lexicon:
            return [[c, 1] for c in cards]
    raise AssertionError("every three consonants spell a word")


def short_listed(hand: list[dict[str, Any]]) -> list[list[int]]:
    """A listed word of two or three cards: enough to play, little for Big Brother to fear."""
    lexicon = load(LANG).lexicon
    for size in (2, 3):
        for cards in itertools.permutations(range(len(hand)), size):
            for faces in itertools.product((0, 1), repeat=size):
                pairs = list(zip(cards, faces, strict=True))
                letters = "".join(hand[c]["faces"][f]["letter"] for c, f in pairs)
                if word_key(letters) in lexicon:
                    return [[c, f] for c, f in pairs]
    raise AssertionError("no listed word of two or three cards")


def check_claims(screen: Screen) -> None:
    """A claim is offered exactly on the missions the server calls claimable, and sits above
    the sticky action bar (item 17)."""
    missions = screen.last_state()["missions"]
    claimable = [m["id"] for m in missions if m["claimable"]]
    boxes = screen.testid("claim")
    expect(boxes).to_have_count(len(claimable))
    bar = screen.testid("action-bar").bounding_box()
    for n, mission in enumerate(claimable):
        box = boxes.nth(n)
        expect(box).to_have_attribute("data-mission", mission)
        expect(box).to_be_in_viewport()
        where = box.bounding_box()
        assert bar is not None and where is not None
        assert where["y"] + where["height"] <= bar["y"], f"{screen.name}: claim under the bar"


def play(screen: Screen, word: list[list[int]] | None, *, hint: bool) -> None:
    """Tap the word's letters (or two free letters), Play, then Lock, checking each control
    is in reach when it is this player's turn."""
    state = screen.last_state()
    round_ = state["round"]
    if hint:  # the first trial this browser plays explains the cards, Play and Lock
        expect(screen.testid("first-hint")).to_be_visible()
    assert_can_act(screen, free_faces(screen).first)
    if word is None:
        press(screen, free_faces(screen).nth(0))
        press(screen, free_faces(screen).nth(1))
        expect(screen.testid("row-card")).to_have_count(2)
    else:
        for n, (card, f) in enumerate(word, 1):
            press(screen, face(screen, card, f))
            expect(screen.testid("row-card")).to_have_count(n)
    assert_can_act(screen, screen.testid("play-btn"))
    press(screen, screen.testid("play-btn"))
    wait_until(screen, lambda: screen.last_state().get("my_word"), "the word on file")
    my_word = screen.testid("my-word")
    expect(my_word).to_be_visible()
    assert_can_act(screen, screen.testid("lock-btn"))
    press(screen, screen.testid("lock-btn"))
    wait_until(
        screen,
        lambda: (
            screen.last_state().get("my_locked")
            or (screen.last_state()["phase"], screen.last_state()["round"]) != ("trial", round_)
        ),
        "the word locked",
    )


def continue_when_allowed(host: Screen) -> None:
    at = host.last_state()["continue_at"]
    wait_until(host, lambda: time.time() * 1000 >= at + 50, "the score's continue")
    assert_can_act(host, host.testid("continue-btn"))
    press(host, host.testid("continue-btn"))


def create(screen: Screen, url: str, name: str) -> str:
    """From the home page in French: Dictopia, the French deck, with friends (the default)."""
    screen.page.goto(url + "/")
    screen.wait_phase("home")
    settled(screen)
    expect(screen.page.locator("html")).to_have_attribute("lang", LANG)
    check_all([screen], [])
    screen.page.locator('[data-testid="game-option"][value="dictopia"]').check()
    screen.testid("create-lang").select_option(LANG)
    screen.testid("create-name").fill(name)
    press(screen, screen.testid("create-btn"))
    screen.wait_phase("lobby", 0)
    return str(screen.testid("room-code").inner_text().strip())


def test_first_table_dictopia(table: Any) -> None:
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("ana", locale="fr-FR", **PHONE)
    code = create(ana, stack.url, "Ana")
    allowed = ["Ana", "Ben", code]

    # Alone in the lobby: How to play is open, and the mode can still change (item 18).
    expect(ana.testid("how-to")).to_have_attribute("open", "")
    mode = ana.page.locator('[data-testid="option"][data-option="mode"]')
    expect(mode).to_be_visible()
    expect(ana.testid("start-reason")).to_be_visible()  # two players needed with friends
    check_all([ana], allowed)
    screenshot(ana.page, "dictopia-first-lobby-alone-phone")

    ben = table.screen("ben", locale="fr-FR", **PHONE)
    join_by_link(ben, f"{stack.url}/?room={code}", "Ben")
    tv = table.screen("tv", locale="fr-FR", **TV_SIZE)
    tv.page.goto(f"{stack.url}/?room={code}&tv=1")
    expect(tv.page.locator('main[data-phase="lobby"]')).to_have_count(1)
    wait_until(ana, lambda: len(ana.last_state()["players"]) == 2, "two seats")
    expect(mode).to_have_count(0)  # a second player: the mode is fixed
    expect(ana.page.locator('[data-testid="option-fixed"][data-option="mode"]')).to_be_visible()
    phones, screens = [ana, ben], [ana, ben, tv]
    check_all(screens, allowed)
    screenshot(tv.page, "dictopia-first-lobby-tv")
    assert_can_act(ana, ana.testid("start-btn"))
    press(ana, ana.testid("start-btn"))

    ana_id = ana.last_state()["me"]["id"]
    for round_ in range(1, 6):
        for screen in screens:
            screen.wait_phase("trial", round_)
        words = allowed + shown_texts(ana)
        check_all(screens, words)
        for screen in screens:
            assert_absent(screen, [TRIAL_POINTS], "the trial's points before its score")
        for screen in phones:
            check_claims(screen)
        if round_ in (1, 2):
            screenshot(ana.page, f"dictopia-first-trial{round_}-phone")
        if round_ == 1:  # Ana reads the first-time card and closes it; Ben leaves it open
            expect(ana.testid("first-hint")).to_be_visible()
            press(ana, ana.testid("hint-close"))
            expect(ana.testid("first-hint")).to_have_count(0)
            play(ben, None, hint=True)
            # One word on file of two, in words of one (item 20), on the TV.
            expect(tv.testid("trial-progress")).to_contain_text("1 joueur sur 2 a déposé un mot")
            screenshot(tv.page, "dictopia-first-trial-tv")
            play(ana, None, hint=False)
        elif round_ == 2:
            play(ana, unlisted(ana), hint=False)
            play(ben, None, hint=False)
        else:
            for screen in phones:
                play(screen, None, hint=False)
        for screen in screens:
            screen.wait_phase("tally", round_)
        words = allowed + shown_texts(ana)
        check_all(screens, words)
        for screen in screens:
            assert_absent(screen, [TRIAL_POINTS], "the trial's points before its score")
        if round_ == 1:
            screenshot(ben.page, "dictopia-first-tally-phone")
        if round_ == 2:
            denounce = ben.page.locator(f'[data-testid="denounce-btn"][data-player="{ana_id}"]')
            assert_can_act(ben, denounce)
            press(ben, denounce)
            wait_until(
                ben,
                lambda: any(w["denounced_by"] for w in ben.last_state()["words"]),
                "the denunciation",
            )
        for screen in phones:
            assert_can_act(screen, screen.testid("pass-btn"))
            press(screen, screen.testid("pass-btn"))
        if round_ == 2:  # Ana's unlisted word goes to the table's vote (D19b)
            for screen in screens:
                screen.wait_phase("vote", 2)
            check_all(screens, allowed + shown_texts(ana))
            for screen in screens:
                assert_absent(screen, [TRIAL_POINTS], "the trial's points before its score")
            screenshot(ana.page, "dictopia-first-vote-phone")
            for screen, verdict in ((ana, "yes-btn"), (ben, "no-btn")):
                assert_can_act(screen, screen.testid(verdict))
                press(screen, screen.testid(verdict))
        for screen in screens:
            screen.wait_phase("score", round_)
            assert_absent(screen, [WINNER, RESULTS], "a winner before the result sheet")
        # Each score line with its points beside it (item 20): "2 lettres : +2".
        letters = ana.testid("breakdown").first.locator("li").first
        expect(letters).to_have_text(re.compile(r"^\d+ lettres?\u00a0: \+\d+$"))
        check_all(screens, allowed + shown_texts(ana))
        if round_ == 1:
            screenshot(ana.page, "dictopia-first-score-phone")
            screenshot(tv.page, "dictopia-first-score-tv")
        continue_when_allowed(ana)

    for screen in screens:
        screen.wait_phase("finished")
    final = ana.last_state()
    check_all(screens, allowed)
    ranked = [s["id"] for s in final["standings"]]
    names = {p["id"]: p["name"] for p in final["players"]}
    # The totals table lists the server's order, with its totals.
    rows = ana.page.locator("table.totals tbody tr")
    expect(rows).to_have_count(len(ranked))
    for n, row in enumerate(final["standings"]):
        expect(rows.nth(n)).to_contain_text(names[row["id"]])
        expect(rows.nth(n)).to_contain_text(str(row["total"]))
    winners = final["winners"]
    if len(winners) == 1:
        expect(ana.testid("winners")).to_have_text(f"{names[winners[0]]} gagne\u202f!")
    screenshot(ana.page, "dictopia-first-finished-phone")
    screenshot(tv.page, "dictopia-first-finished-tv")
    assert problems(screens) == []


def test_first_table_dictopia_solo(table: Any) -> None:
    """A solo player who missed the home page's choice switches the lobby to solo (item
    18), plays five short listed words, and loses to Big Brother: the result sheet names
    him in every language's words and ranks him with his total (item 16)."""
    stack = table.start_stack(TIME_SCALE)
    sol = table.screen("sol", locale="fr-FR", **PHONE)
    code = create(sol, stack.url, "Sol")
    allowed = ["Sol", code]
    state = sol.last_state()
    assert state["mode"] == "group" and state["mode_switchable"] is True
    expect(sol.testid("start-btn")).to_be_disabled()
    sol.page.locator('[data-testid="option"][data-option="mode"]').select_option(
        label=fr("games.dictopia.options.mode.choices.solo")
    )
    wait_until(sol, lambda: sol.last_state()["mode"] == "solo", "the room switched to solo")
    expect(sol.testid("how-to")).to_contain_text(fr("dictopia.howto.bigBrother"))
    check_all([sol], allowed)
    screenshot(sol.page, "dictopia-first-solo-lobby-phone")
    assert_can_act(sol, sol.testid("start-btn"))
    press(sol, sol.testid("start-btn"))

    for round_ in range(1, 6):
        sol.wait_phase("trial", round_)
        state = sol.last_state()
        assert len(state["my_hand"]) == 8
        expect(sol.testid("trial-progress")).to_have_count(0)  # alone: no "1 of 1" line
        check_all([sol], allowed + shown_texts(sol))
        assert_absent(sol, [TRIAL_POINTS], "the trial's points before its score")
        if round_ == 1:
            expect(sol.testid("first-hint")).to_have_attribute("data-hint", "soloTrial")
            screenshot(sol.page, "dictopia-first-solo-trial-phone")
        check_claims(sol)  # the solo pool has nothing to claim
        play(sol, short_listed(state["my_hand"]), hint=round_ == 1)
        sol.wait_phase("score", round_)
        expect(sol.testid("big-brother")).to_be_visible()
        assert_absent(sol, [WINNER, RESULTS], "a winner before the result sheet")
        check_all([sol], allowed + shown_texts(sol))
        continue_when_allowed(sol)

    sol.wait_phase("finished")
    final = sol.last_state()
    assert final["winners"] == ["big_brother"], final["standings"]
    big_brother = fr("dictopia.bb.heading")
    bb_total = final["standings"][0]["total"]
    assert final["standings"][0]["id"] == "big_brother" and bb_total > 0
    expect(sol.testid("winners")).to_have_text(f"{big_brother} gagne\u202f!")
    expect(sol.testid("podium")).to_contain_text(big_brother)
    expect(sol.testid("podium")).to_contain_text(f"{bb_total} points")
    expect(sol.page.locator("table.totals tbody tr").first).to_contain_text(big_brother)
    expect(sol.testid("solo-result")).to_be_visible()
    check_all([sol], allowed)
    screenshot(sol.page, "dictopia-first-solo-finished-phone")
    assert problems([sol]) == []
