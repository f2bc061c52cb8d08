"""A first-time table plays one whole match of Fictionary in Spanish, on the Spanish deck:
three phones (touch, 360×740) with the room's three bots filling the other seats, and a TV.

At every screen of every phone and of the TV the test runs the first-table checks
(`tests/e2e/first_table.py`: no placeholder, raw key, leaked value or English); whenever
it is someone's turn, that the control is enabled and on the screen; and these, from the
issue a first table wrote:

- no new total on a score strip or sheet, and no round's award, before the reveal's
  `totals` beat (read in one snapshot of the page with the beats it has reached);
- news and prompts ("Vota por la verdadera.", "Encontraste la verdadera", "Engañaste a …")
  never in the error colour;
- on a phone no keyboard cue ("(S)", "(R)", "Las teclas 1–5 eligen."), no name broken
  mid-word on the score strip or the scores sheet, and the word above the fold with the
  first-time help open.

Screenshots of each phase on a phone and on the TV land in test-artifacts/e2e/.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e.prereq import require_playwright

require_playwright()

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.browser import PHONE, TV_SIZE, Screen, problems, screenshot  # noqa: E402
from tests.e2e.first_table import (  # noqa: E402
    assert_absent,
    assert_can_act,
    assert_screens_clean,
    catalogue,
    visible_texts,
)
from tests.e2e.play import join_by_link, press, settled, wait_until  # noqa: E402

pytestmark = pytest.mark.e2e

LANG = "es"
# Slow enough that each reveal runs about three seconds before its totals beat.
TIME_SCALE = "0.3"
GAME_SECONDS = 300
PEOPLE = ["Ana", "Maribel", "Teo"]
ENTRIES = {
    "Ana": "cuchara de madera para remover el caldo número {r}",
    "Maribel": "baile de pueblo que se hace después de la cosecha, ronda {r}",
    "Teo": "manta de lana que se pone sobre el lomo de la mula, vez {r}",
}

# Keyboard cues that must not show on a touch phone.
KEY_CUES = ("(S)", "(R)", "Las teclas 1–5", catalogue(LANG)["fictionary.howto.keys"])

# One snapshot: the reveal's reached beats and every total on screen.
_REVEAL_SNAPSHOT = """() => {
  const screen = document.querySelector('.screen-reveal');
  const strip = [...document.querySelectorAll('[data-testid="score-strip"] .score-row')]
    .map((row) => [row.dataset.player, row.querySelector('.score-total').textContent.trim()]);
  const sheet = document.querySelector('[data-testid="scores-sheet"] .sheet-total');
  return {
    beats: screen ? Number(screen.dataset.beats) : -1,
    strip,
    sheet: sheet ? [...sheet.querySelectorAll('td')].map((td) => td.textContent.trim()) : null,
  };
}"""

# Each word of each player's name on the score strip and the scores sheet lies on one line.
_BROKEN_NAMES = """() => {
  const broken = [];
  for (const el of document.querySelectorAll('.score-name, .sheet-name')) {
    const node = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
    if (!node) continue;
    for (const m of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""

# News and prompts that are visible, with whether each is in the error colour.
_NEWS_COLOURS = """() => {
  const probe = document.createElement('span');
  probe.style.color = 'var(--danger)';
  probe.style.background = 'var(--danger-soft)';
  document.body.appendChild(probe);
  const danger = getComputedStyle(probe).color;
  const dangerSoft = getComputedStyle(probe).backgroundColor;
  probe.remove();
  return [...document.querySelectorAll('[data-testid="banner"], [data-testid="reveal-banner"]')]
    .filter((el) => el.checkVisibility())
    .map((el) => {
      const s = getComputedStyle(el);
      return { text: el.textContent, red: s.color === danger || s.backgroundColor === dangerSoft };
    });
}"""


def allowed_texts(screens: list[Screen]) -> set[str]:
    """What the table brought: names, typed entries and the deck's words, notes and
    definitions (the bots' fakes among them) as the server sent them."""
    found: set[str] = set()

    def add(*values: Any) -> None:
        found.update(v for v in values if isinstance(v, str) and v)

    for s in screens:
        for state in s.states():
            for p in state.get("players") or []:
                add(p.get("name"))
            add(*(state.get(k) for k in ("word", "note", "truth", "respell", "say", "my_entry")))
            for o in state.get("offer") or []:
                add(o.get("word"), o.get("note"), o.get("respell"))
            for c in state.get("ballot") or []:
                add(c.get("text"))
            for rv in (state.get("reveal"), state.get("last")):
                if isinstance(rv, dict):
                    add(rv.get("word"), rv.get("note"), rv.get("truth"))
                    for o in rv.get("options") or []:
                        add(o.get("text"))
            best = state.get("best_bluff")
            if isinstance(best, dict):
                add(best.get("text"))
            for r in state.get("history") or []:
                add(r.get("word"), r.get("truth"))
                if isinstance(r.get("best_bluff"), dict):
                    add(r["best_bluff"].get("text"))
    for name, text in ENTRIES.items():
        add(name, *(text.format(r=r) for r in range(1, 80)))
    return found


def check_reveal_totals(s: Screen, state: dict[str, Any]) -> bool:
    """Before the totals beat: the totals before this round on the strip (and the sheet),
    and no award line. True when this look fell before that beat."""
    rv = state["reveal"]
    beats = len(rv["beats"])
    before = {seat: total - rv["awards"].get(seat, 0) for seat, total in rv["totals"].items()}
    snap = s.page.evaluate(_REVEAL_SNAPSHOT)
    if snap["beats"] < 0 or snap["beats"] >= beats:
        return False
    shown = {seat: int(total) for seat, total in snap["strip"]}
    assert shown == {seat: before[seat] for seat in shown}, (
        f"{s.name}: new totals on the strip at beat {snap['beats']} of {beats}: {shown}"
    )
    if snap["sheet"] is not None:
        order = [p["id"] for p in state["players"]]
        assert [int(x) for x in snap["sheet"]] == [before[p] for p in order], snap
    names = {p["id"]: p["name"] for p in state["players"]}
    awards = [f"{names[seat]} +{n}" for seat, n in rv["awards"].items() if n > 0]
    try:
        assert_absent(s, awards, "the reveal's totals beat")
    except AssertionError:
        # The page read after the snapshot: if the totals beat came meanwhile (or the
        # reveal is over), the award lines were due; otherwise they came early.
        after = s.page.evaluate(_REVEAL_SNAPSHOT)["beats"]
        if after >= beats or after < 0:
            return False
        raise
    return True


def check_phone(s: Screen, phase: str) -> None:
    texts = "\n".join(visible_texts(s))
    cues = [cue for cue in KEY_CUES if cue in texts]
    assert not cues, f"{s.name}: keyboard cues on a touch phone: {cues}"
    assert s.page.evaluate(_BROKEN_NAMES) == [], f"{s.name}: a name broken mid-word"
    if phase in ("writing", "voting"):
        expect(s.testid("word"), f"{s.name}: the word above the fold").to_be_in_viewport(ratio=1)


def check_news(s: Screen) -> int:
    news = s.page.evaluate(_NEWS_COLOURS)
    red = [n["text"] for n in news if n["red"]]
    assert not red, f"{s.name}: good news in the error colour: {red}"
    return len(news)


def close_help(s: Screen) -> None:
    """A first-timer reads the help and taps "Got it" (one card at a time). The screen may
    move on meanwhile (the phase closes): then the card is gone with it."""
    for _ in range(2):
        for testid in ("howto-close", "job-close"):
            button = s.testid(testid)
            if button.count() and button.is_visible():
                try:
                    button.tap(timeout=3000)
                except PlaywrightError:
                    assert not button.count(), f"{s.name}: {testid} there but not tappable"


def test_first_table_fictionary(table: Any) -> None:
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("Ana", bypass_csp=True, locale="es-ES", **PHONE)
    ana.page.goto(stack.url + "/")
    ana.wait_phase("home")
    settled(ana)
    ana.page.locator('[data-testid="game-option"][value="fictionary"]').check()
    ana.testid("create-lang").select_option(LANG)
    ana.testid("create-name").fill("Ana")
    press(ana, ana.testid("create-btn"))
    ana.wait_phase("lobby", 0)
    expect(ana.page.locator("html")).to_have_attribute("lang", LANG)
    code = ana.testid("room-code").inner_text().strip()
    phones = [ana]
    for name in PEOPLE[1:]:
        s = table.screen(name, bypass_csp=True, locale="es-ES", **PHONE)
        join_by_link(s, f"{stack.url}/?room={code}", name)
        s.wait_phase("lobby", 0)
        phones.append(s)
    tv = table.screen("tv", bypass_csp=True, locale="es-ES", **TV_SIZE)
    tv.page.goto(f"{stack.url}/?room={code}&tv=1")
    expect(tv.page.locator('main[data-phase="lobby"]')).to_have_count(1)
    screens = [*phones, tv]
    wait_until(ana, lambda: len(ana.last_state()["players"]) == 6, "three people, three bots")
    assert sum(1 for p in ana.last_state()["players"] if p["bot"]) == 3
    assert_screens_clean(screens, LANG, allowed_texts(screens))
    screenshot(ana.page, "fictionary-first-table-lobby-phone")
    screenshot(tv.page, "fictionary-first-table-lobby-tv")
    press(ana, ana.testid("start-btn"))

    looked: dict[str, Any] = {}  # screen -> the last (phase, round, beats) checked
    shots: set[str] = set()
    done: set[tuple[str, int, str]] = set()
    before_totals: set[int] = set()  # rounds whose reveal was seen before its totals beat
    news_seen = 0
    sheet_looked = False
    end = time.monotonic() + GAME_SECONDS
    while not all(s.phase() == "finished" for s in screens):
        assert time.monotonic() < end, f"the match did not end: {sorted(done)[-6:]}"
        for s in screens:
            phase = s.phase()
            if phase not in ("choosing", "writing", "voting", "reveal", "finished"):
                continue
            state = s.last_state()
            r = state.get("round") or 0
            beats = s.page.evaluate(
                "() => document.querySelector('.screen-reveal')?.dataset.beats || ''"
            )
            if phase == "reveal" and state.get("reveal") and check_reveal_totals(s, state):
                before_totals.add(r)
            mark = (phase, r, beats, state.get("my_vote"), state.get("my_entry"))
            if looked.get(s.name) != mark:
                looked[s.name] = mark
                assert_screens_clean([s], LANG, allowed_texts(screens))
                news_seen += check_news(s)
                if s is not tv:
                    check_phone(s, phase)
                who = "tv" if s is tv else "phone"
                shot = f"fictionary-first-table-{phase}-{who}"
                if shot not in shots and (s is tv or s is ana):
                    shots.add(shot)
                    screenshot(s.page, shot)
            if s is tv or phase == "finished":
                continue
            me = s.name
            judge = state.get("judge") == state.get("seat")
            if phase == "choosing" and judge and (me, r, "choose") not in done:
                offer = s.testid("offer-word")
                if not offer.count():
                    continue
                if not sheet_looked:
                    # The scores sheet on a phone (the table waits on this Judge): names
                    # whole, totals as sent.
                    press(s, s.testid("scores-toggle"))
                    expect(s.testid("scores-sheet")).to_be_visible()
                    assert_screens_clean([s], LANG, allowed_texts(screens))
                    check_phone(s, phase)
                    screenshot(s.page, "fictionary-first-table-scores-sheet-phone")
                    press(s, s.testid("scores-toggle"))
                    s.page.evaluate("() => window.scrollTo(0, 0)")  # back up to the five
                    sheet_looked = True
                assert_can_act(s, offer.first)
                press(s, offer.first)
                done.add((me, r, "choose"))
                close_help(s)
            elif phase == "writing" and not judge and (me, r, "write") not in done:
                box = s.testid("entry")
                if not box.count() or state.get("my_entry"):
                    continue
                assert_can_act(s, box)
                box.fill(ENTRIES[me].format(r=r))
                close_help(s)
                send = s.testid("submit-btn")
                assert_can_act(s, send)
                press(s, send)
                sent = wait_until(
                    s,
                    lambda s=s: (
                        s.phase() != "writing"
                        or s.last_state().get("my_entry")
                        or (s.testid("spell-fix").count() and "ask")
                    ),
                    f"{me} sent",
                )
                if sent == "ask":  # the spelling helper asks once; send as written
                    assert_screens_clean([s], LANG, allowed_texts(screens))
                    assert_can_act(s, send)
                    press(s, send)
                    wait_until(
                        s,
                        lambda s=s: s.phase() != "writing" or s.last_state().get("my_entry"),
                        f"{me} sent anyway",
                    )
                done.add((me, r, "write"))
            elif phase == "voting" and state.get("can_vote") and not state.get("my_vote"):
                if (me, r, "vote") in done:
                    continue
                card = s.page.locator('button[data-testid="ballot-option"]:not([disabled])').first
                if not card.count():
                    continue
                assert_can_act(s, card)
                press(s, card)
                close_help(s)
                vote = s.testid("vote-btn")
                assert_can_act(s, vote)
                press(s, vote)
                wait_until(
                    s,
                    lambda s=s: s.phase() != "voting" or s.last_state().get("my_vote"),
                    f"{me} voted",
                )
                done.add((me, r, "vote"))
        ana.page.wait_for_timeout(40)

    final = ana.last_state()
    assert final["winners"], final
    for s in screens:
        assert_screens_clean([s], LANG, allowed_texts(screens))
        if s is not tv:
            check_phone(s, "finished")
    screenshot(ana.page, "fictionary-first-table-finished-phone")
    screenshot(tv.page, "fictionary-first-table-finished-tv")
    rounds = final["round"]
    assert rounds >= 2 and len(before_totals) >= rounds // 2, (rounds, sorted(before_totals))
    assert news_seen, "no news or prompt was ever on screen"
    assert sheet_looked
    assert {d[2] for d in done} >= {"write", "vote"}
    assert problems(screens) == []
