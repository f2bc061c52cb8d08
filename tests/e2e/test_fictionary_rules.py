"""F25–F28, Fictionary's browser rules, one test each as the rulebook names them.

Each test checks its rule in two places where it can: the helpers under Node's
test runner (tests/e2e/node/fictionary_helpers.test.mjs, run once for this
file; a Node test of the same name must pass) and the real page in Debian's
Chromium against a stand-in server that sends exact snapshots
(tests/e2e/fictionary_page.py). Fast: no phase is waited out; clocks are
Playwright's fake clock where a deadline matters.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.prereq import require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from tests.e2e import fictionary_page as fp  # noqa: E402
from tests.e2e.browser import PHONE, REPO, TV_SIZE  # noqa: E402

pytestmark = pytest.mark.e2e

NODE_TESTS = Path(__file__).resolve().parent / "node" / "fictionary_helpers.test.mjs"

# Texts the server's tidy accepts or refuses; the accepted ones, tidied by the
# server, are the vectors the client's tidy must match (ruling 25a).
TIDY_INPUTS = [
    "a small copper pan",
    "A small copper pan.",
    "a small copper pan...",
    "a small copper pan . . ",
    '"a small copper pan."',
    "'a small copper pan'",
    "“a small copper pan”",
    "‘a pan’",
    "`a pan`",
    '  "  a   pan  for\tmilk  "  ',
    "\"'a pan'\"",
    "«una sartén pequeña»",
    "„кастрюля“",
    "‚a pan‘",
    "«a pan»",
    "...",
    ".",
    "a.",
    "A. B. C.",
    "ß is a letter",
    "ǆ is a digraph",
    "éclair of a kind",
    "école",
    "ñandú joven",
    "ёлочная игрушка.",
    "маленькая кастрюля",
    "1 small pan",
    "3.",
    "a pan?",
    "a pan!",
    "a pan!.",
    "¿una sartén?",
    "A pan (for milk).",
    "a pan — for milk.",
    "e\u0301clair",  # NFC
    "a\u00a0pan",
    "a \u2003 pan",
    "x" * 140,
    "x" * 141,
    '"' + "x" * 140 + '"',
    "x" * 139 + ".",
    "x" * 140 + ".",
    "Ab",
    "b",
    "ʼa pan",
    "'tis a pan",
    "a pan's handle",
    "iPhone case",
    "a 'quoted' pan",
    "Ω-shaped pan",
    "ǅ titlecase",
    "ﬁne pan",
]


def _vectors(tmp: Path) -> Path:
    from games.fictionary.tidy import tidy_or_none

    vectors = []
    for lang in ("en", "es", "ru"):
        for raw in TIDY_INPUTS:
            cleaned = tidy_or_none(raw, lang)
            if cleaned is not None:
                vectors.append({"lang": lang, "raw": raw, "tidy": cleaned})
    path = tmp / "tidy-vectors.json"
    path.write_text(json.dumps(vectors, ensure_ascii=False))
    return path


@pytest.fixture(scope="module")
def node_results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Each Node test's outcome by name: ok, not ok (with its report) or skip."""
    node = shutil.which("node")
    if not node:
        pytest.skip("node is missing (apt-get install nodejs)")
    vectors = _vectors(tmp_path_factory.mktemp("fictionary-node"))
    run = subprocess.run(
        [node, "--test", "--test-reporter=tap", str(NODE_TESTS)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env={"PATH": "/usr/bin:/bin", "FICTIONARY_TIDY_VECTORS": str(vectors)},
        check=False,
    )
    results: dict[str, str] = {}
    current = None
    for line in run.stdout.splitlines():
        m = re.match(r"^(not ok|ok) \d+ - (\S+)( # SKIP.*)?$", line)
        if m:
            current = m.group(2)
            results[current] = "skip" if m.group(3) else m.group(1)
        elif current and results.get(current, "").startswith("not ok"):
            results[current] += "\n" + line
    assert results, run.stdout + run.stderr
    return results


def node_ok(results: dict[str, str], name: str) -> None:
    outcome = results.get(name)
    assert outcome is not None, f"no Node test named {name}"
    if outcome == "skip":
        pytest.skip(f"the Node part of {name} skipped (its prerequisite is missing)")
    assert outcome == "ok", outcome


@pytest.fixture
def stages(browser: Any) -> Iterator[list[fp.Stage]]:
    opened: list[fp.Stage] = []
    yield opened
    for s in opened:
        s.page.context.close()


def stage(stages: list[fp.Stage], browser: Any, state: dict[str, Any], **kw: Any) -> fp.Stage:
    errors: list[str] = []
    before = kw.pop("before", None)

    def hook(page: Any) -> None:
        page.on("pageerror", lambda e: errors.append(str(e)))
        if before:
            before(page)

    s = fp.open_stage(browser, state, before=hook, **kw)
    s.errors = errors  # type: ignore[attr-defined]
    stages.append(s)
    return s


def no_errors(*opened: fp.Stage) -> None:
    assert [e for s in opened for e in s.errors] == []  # type: ignore[attr-defined]


def close_help(s: fp.Stage) -> None:
    """Close How to play and the job card when they open (first time in this browser)."""
    for testid in ("howto-close", "job-close"):
        button = s.testid(testid)
        if button.count():
            button.click()


# --- F25 --------------------------------------------------------------------------


def test_f25_strong_language_asks_never_refuses(
    node_results: dict[str, str], browser: Any, stages: list[fp.Stage]
) -> None:
    node_ok(node_results, "test_f25_strong_language_asks_never_refuses")
    s = stage(stages, browser, fp.writing(), **PHONE)
    close_help(s)
    box = s.testid("entry")
    box.fill("a fucking big ladle")
    box.press("Enter")
    expect(s.testid("strong-ask")).to_be_visible()
    expect(s.testid("submit-btn")).to_have_text("Send anyway?")
    assert s.actions("submit") == [], "asked, not sent"
    box.press("Enter")
    s.wait_for(lambda: s.actions("submit"))
    assert s.actions("submit")[-1]["text"] == "a fucking big ladle", "sent as written"
    # Switched off in Options: no question at all.
    s.testid("helpers").locator("summary").click()
    s.testid("helper-strong").uncheck()
    s.show(fp.writing(round=2))
    box = s.testid("entry")
    box.fill("a shitty little ladle")
    box.press("Enter")
    s.wait_for(lambda: len(s.actions("submit")) == 2)
    assert s.testid("strong-ask").count() == 0
    no_errors(s)


def test_f25_autosend_before_close(browser: Any, stages: list[fp.Stage]) -> None:
    s = stage(stages, browser, fp.writing(), before=lambda p: p.clock.install(), **PHONE)
    close_help(s)
    t0 = s.now() + 1000
    s.page.clock.pause_at(t0 / 1000)  # seconds
    s.show(fp.writing(round=2, deadline=t0 + 4000, phase_started_at=t0))
    s.testid("entry").fill("a smal lantern hung over a door")  # misspelled: no check now
    s.page.clock.run_for(1400)
    assert s.actions("submit") == [], "not before 2.5 s to the close"
    s.page.clock.run_for(200)
    s.wait_for(lambda: s.actions("submit"))
    sent = s.actions("submit")
    assert len(sent) == 1 and sent[0]["text"] == "a smal lantern hung over a door", sent
    assert sent[0]["round"] == 2
    assert s.testid("spell").count() == 0, "the spelling check is skipped"
    # Already sent as it stands: nothing is sent again.
    s.show(fp.writing(round=3, deadline=t0 + 1500 + 4000, my_entry="A pan"))
    s.testid("entry").fill("a pan")
    s.page.clock.run_for(1700)
    s.page.wait_for_timeout(100)
    assert len(s.actions("submit")) == 1
    # An empty draft is never sent.
    s.show(fp.writing(round=4, deadline=t0 + 3200 + 4000))
    s.page.clock.run_for(3000)
    s.page.wait_for_timeout(100)
    assert len(s.actions("submit")) == 1
    no_errors(s)


def test_f25a_client_tidy_matches_server(node_results: dict[str, str]) -> None:
    node_ok(node_results, "test_f25a_client_tidy_matches_server")


# --- F26 --------------------------------------------------------------------------


def test_f26_gentle_passes_and_suggestions(
    node_results: dict[str, str], browser: Any, stages: list[fp.Stage]
) -> None:
    node_ok(node_results, "test_f26_gentle_passes_and_suggestions")
    s = stage(stages, browser, fp.writing(), **PHONE)
    close_help(s)
    box = s.testid("entry")
    box.fill("Mrs McDonald's teh smal lantern, a NASA doghouse for exiguously 3D cats")
    box.press("Enter")
    expect(s.testid("spell")).to_be_visible()
    flagged = s.page.locator(".spell-flag").all_inner_texts()
    assert flagged == ["teh", "smal"], flagged
    expect(s.testid("submit-btn")).to_have_text("Send anyway")
    expect(s.testid("spell-self")).to_have_text("Fix it myself")
    s.testid("spell-fix").filter(has_text=re.compile(r"^the$")).click()
    expect(box).to_have_value(
        "Mrs McDonald's the smal lantern, a NASA doghouse for exiguously 3D cats"
    )
    assert s.actions("submit") == []
    box.press("Enter")  # Send anyway: never blocked
    s.wait_for(lambda: s.actions("submit"))
    no_errors(s)


def test_f26_slow_list_checks_nothing(
    node_results: dict[str, str], browser: Any, stages: list[fp.Stage]
) -> None:
    node_ok(node_results, "test_f26_slow_list_checks_nothing")
    asked: list[str] = []

    def slow_list(page: Any) -> None:
        page.on("request", lambda r: asked.append(r.url) if r.url.endswith(".txt") else None)
        page.context.route("**/dict/en.txt", lambda route: None)  # never answers

    s = stage(stages, browser, fp.voting(), before=slow_list, **PHONE)
    assert asked == [], "the list is fetched only when someone writes"
    s.show(fp.writing())
    close_help(s)
    s.testid("entry").fill("a smal lantern")
    s.testid("entry").press("Enter")
    s.wait_for(lambda: s.actions("submit"), timeout=4)
    assert s.testid("spell").count() == 0, "nothing checked"
    assert len(asked) == 1
    no_errors(s)


def test_f26a_no_row_without_list(
    node_results: dict[str, str], browser: Any, stages: list[fp.Stage]
) -> None:
    node_ok(node_results, "test_f26a_no_row_without_list")
    en = stage(stages, browser, fp.writing(), **PHONE)
    rows = en.testid("helpers").locator("input")
    assert en.testid("helper-spelling").count() == 1
    assert en.testid("helper-strong").count() == 1
    assert rows.count() == 3  # spelling, strong language, the chime (untimed: no autosend row)
    for lang in ("es", "ru"):
        s = stage(stages, browser, fp.writing(lang=lang), **PHONE)
        expect(s.testid("helpers")).to_have_count(1)
        assert s.testid("helper-spelling").count() == 0, lang
        assert s.testid("helper-strong").count() == 1, lang
    timed = stage(stages, browser, fp.writing(deadline=fp.now_ms() + 60_000), **PHONE)
    assert timed.testid("helper-autosend").count() == 1

    def missing(page: Any) -> None:
        page.context.route("**/dict/en.txt", lambda route: route.fulfill(status=404, body=""))

    gone = stage(stages, browser, fp.writing(), before=missing, **PHONE)
    close_help(gone)
    gone.testid("entry").fill("a smal lantern")
    gone.testid("entry").press("Enter")
    gone.wait_for(lambda: gone.actions("submit"))
    gone.show(fp.writing(round=2))
    expect(gone.testid("helper-spelling")).to_have_count(0)
    no_errors(en, timed)


# --- F27 --------------------------------------------------------------------------


def test_f27_respelling_and_three_presses(
    node_results: dict[str, str], browser: Any, stages: list[fp.Stage]
) -> None:
    node_ok(node_results, "test_f27_respelling_and_three_presses")
    node_ok(node_results, "test_f27_no_voices_after_wait_no_speaker")
    s = stage(stages, browser, fp.writing(), init=fp.speech(), **PHONE)
    close_help(s)
    respell = s.testid("respell")
    expect(respell).to_contain_text("\\ig-ZIG-yoo-us\\")
    box = respell.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44, box
    assert "ig zig yoo us" in (respell.evaluate("e => e.textContent") or ""), "the plain respelling"
    respell.click()
    expect(s.testid("key-sheet")).to_be_visible()
    expect(s.testid("key-close")).to_be_focused()
    s.testid("key-close").click()
    expect(s.testid("key-sheet")).to_have_count(0)
    speak = s.testid("speak")
    for _ in range(3):
        speak.click()
    said = s.page.evaluate("window.__said")
    assert [x["text"] for x in said] == ["exiguous", "ig zig yoo us", "exiguous"], said
    assert {x["lang"] for x in said} == {"en-US"}
    # Beside the word everywhere; no speaker on the Judge's five.
    s.show(fp.voting())
    expect(s.testid("respell")).to_have_count(1)
    expect(s.testid("speak")).to_have_count(1)
    s.show(fp.reveal())
    expect(s.testid("respell")).to_have_count(1)
    s.show(fp.choosing())
    expect(s.page.locator('[data-testid="offer-word"] .respell')).to_have_count(3)
    assert s.testid("speak").count() == 0
    # No voices after 2.5 s: no speaker.
    quiet = stage(
        stages,
        browser,
        fp.writing(),
        init=fp.speech(voices=False),
        before=lambda p: p.clock.install(),
        **PHONE,
    )
    quiet.page.clock.run_for(2600)
    expect(quiet.testid("word")).to_be_visible()
    assert quiet.testid("speak").count() == 0
    no_errors(s, quiet)


def test_f27a_no_fields_nothing_shown(
    node_results: dict[str, str], browser: Any, stages: list[fp.Stage]
) -> None:
    node_ok(node_results, "test_f27a_no_fields_nothing_shown")
    bare = fp.writing(respell=None, say=None, ipa="ɪɡˈzɪɡjuəs")
    s = stage(stages, browser, bare, init=fp.speech(), **PHONE)
    expect(s.testid("word")).to_have_text("exiguous")
    assert s.testid("respell").count() == 0
    assert s.testid("key-sheet").count() == 0
    assert "ɪɡˈzɪɡjuəs" not in s.page.locator("body").inner_text(), "ipa is kept, not shown"
    s.show(fp.voting(respell=None, say=None))
    assert s.testid("respell").count() == 0
    no_errors(s)


# --- F28 --------------------------------------------------------------------------


def test_f28_keys_and_read_aloud(browser: Any, stages: list[fp.Stage]) -> None:
    s = stage(stages, browser, fp.choosing(), **PHONE)
    close_help(s)
    s.page.keyboard.press("3")
    s.wait_for(lambda: s.actions("choose"))
    assert s.actions("choose")[0]["word"] == 2
    # A voter: 1–9 pick, "Vote for N", Enter votes; one's own card can't be picked.
    s.show(fp.voting(5))
    close_help(s)
    assert s.page.title() == "● Your turn — Fictionary", s.page.title()
    expect(s.testid("banner").last).to_have_text("Vote for the real one.")
    s.page.keyboard.press("2")
    expect(s.testid("vote-btn")).to_have_text("Pick a definition")
    s.page.keyboard.press("4")
    expect(s.testid("vote-btn")).to_have_text("Vote for 4")
    s.page.keyboard.press("Enter")
    s.wait_for(lambda: s.actions("vote"))
    assert s.actions("vote")[0]["option"] == "c04"
    s.page.keyboard.press("s")
    expect(s.testid("scores-sheet")).to_be_visible()
    s.page.keyboard.press("s")
    expect(s.testid("scores-sheet")).to_have_count(0)
    # The Judge, definitions read out: R opens Read aloud; the word first and last; never marked.
    s.show(fp.voting(4, judge=True, shown=False))
    expect(s.testid("truth-mark")).to_have_count(1)  # the Judge's own list
    s.page.keyboard.press("r")
    read = s.testid("read-aloud")
    expect(read).to_be_visible()
    expect(s.testid("read-card")).to_contain_text("exiguous")
    texts = [s.testid("read-card").inner_text()]
    for key in (" ", "ArrowRight", "ArrowDown", "ArrowRight"):
        s.page.keyboard.press(key)
        texts.append(s.testid("read-card").inner_text())
        assert read.locator(".tag-truth, [data-testid='truth-mark']").count() == 0
    s.testid("read-card").click()  # a tap steps too
    texts.append(s.testid("read-card").inner_text())
    assert "exiguous" in texts[0] and "Now, which is the real one?" in texts[-1], texts
    assert [t.split("\n")[0] for t in texts[1:5]] == ["1", "2", "3", "4"], texts
    assert fp.TRUTH in texts[3]
    s.page.keyboard.press("ArrowLeft")
    expect(s.testid("read-count")).to_have_text("Definition 4 of 4")
    s.page.keyboard.press("r")
    expect(read).to_have_count(0)
    no_errors(s)


def test_f28_reduced_motion_and_aria_live(browser: Any, stages: list[fp.Stage]) -> None:
    watch = """
      window.__lines = [];
      new MutationObserver(() => {
        const el = document.querySelector('#reveal-live');
        const said = el && el.textContent;
        if (said && window.__lines.at(-1) !== said) window.__lines.push(said);
      }).observe(document, {subtree: true, childList: true, characterData: true});
    """
    s = stage(stages, browser, fp.voting(), init=watch, reduced_motion="reduce", **PHONE)
    assert s.page.locator("#reveal-live").get_attribute("aria-live") == "polite"
    start = s.now() + 200
    s.show(fp.reveal(start=start, scale=0.15))
    s.wait_for(lambda: len(s.page.evaluate("window.__lines")) >= 6, timeout=8)
    lines = s.page.evaluate("window.__lines")
    assert lines == [
        "The votes are in.",
        "Option 1 was made up by Cy. It fooled Ana and Dee.",
        "Option 2 fooled no one.",
        "The real definition was option 3. Cy found it.",
        "Ben, the Judge, scores 2.",
        "The scores are up. Cy leads with 4 points.",
    ], lines
    running = s.page.evaluate("document.getAnimations().length")
    assert running == 0, "reduced motion: no animation or transition"
    stages_seen = s.page.locator('[data-testid="reveal-card"]').evaluate_all(
        "cards => cards.map((c) => c.dataset.stage)"
    )
    assert stages_seen == ["writer", "writer", "truth"]
    expect(s.testid("reveal-banner")).to_have_count(0)
    # A late arrival: every beat already at its end state, one line said (not six).
    late = stage(
        stages,
        browser,
        fp.reveal(start=fp.now_ms() - 20_000),
        init=watch,
        **PHONE,
    )
    expect(late.page.locator('[data-testid="reveal-card"][data-stage="truth"]')).to_have_count(1)
    assert late.page.evaluate("window.__lines") == ["The scores are up. Cy leads with 4 points."]
    assert late.page.locator('[data-testid="beat-lines"] li').count() == 6
    no_errors(s, late)


def test_f28_viewport_resizes_content(browser: Any, stages: list[fp.Stage]) -> None:
    meta = (REPO / "web" / "index.html").read_text()
    assert "interactive-widget=resizes-content" in meta
    s = stage(stages, browser, fp.writing(), **PHONE)
    close_help(s)
    strip = s.testid("score-strip").bounding_box()
    s.testid("entry").focus()
    s.page.set_viewport_size({"width": 360, "height": 420})  # the keyboard is up
    s.page.wait_for_timeout(200)
    send = s.testid("submit-btn").bounding_box()
    box = s.testid("entry").bounding_box()
    assert send and box
    assert box["y"] >= 0 and send["y"] + send["height"] <= 421, (box, send)
    s.testid("entry").fill("a small lantern")
    after = s.testid("score-strip").bounding_box()
    assert (
        strip and after and (after["width"], after["height"]) == (strip["width"], strip["height"])
    )
    no_errors(s)


def test_f28a_cards_past_nine_by_keyboard(browser: Any, stages: list[fp.Stage]) -> None:
    s = stage(stages, browser, fp.voting(12), **PHONE)
    close_help(s)
    s.page.keyboard.press("9")
    expect(s.page.locator('[data-index="9"]')).to_have_attribute("aria-pressed", "true")
    for _ in range(1):
        s.page.keyboard.press("ArrowDown")
    expect(s.page.locator('[data-index="10"]')).to_be_focused()
    s.page.keyboard.press("Enter")
    expect(s.page.locator('[data-index="10"]')).to_have_attribute("aria-pressed", "true")
    expect(s.testid("vote-btn")).to_have_text("Vote for 10")
    s.page.keyboard.press("Enter")
    s.wait_for(lambda: s.actions("vote"))
    assert s.actions("vote")[-1]["option"] == "c10"
    # Tab reaches card 12 too.
    s.show(fp.voting(12, round=2))
    close_help(s)
    s.page.locator('[data-index="11"]').focus()
    s.page.keyboard.press("Tab")
    expect(s.page.locator('[data-index="12"]')).to_be_focused()
    s.page.keyboard.press("Enter")
    expect(s.testid("vote-btn")).to_have_text("Vote for 12")
    # The TV shows all twelve, numbered.
    tv = stage(stages, browser, fp.voting(12, can_vote=False, seat=None), tv=True, **TV_SIZE)
    expect(tv.page.locator('[data-testid="ballot-option"]')).to_have_count(12)
    no_errors(s, tv)


# --- F28, beyond the named tests: Skip, first-time help, the chime ----------------


def test_f28_skip_jumps_to_every_beats_end_state(browser: Any, stages: list[fp.Stage]) -> None:
    s = stage(stages, browser, fp.voting(), **PHONE)
    s.show(fp.reveal(start=s.now() + 200))  # 10 s of beats
    expect(s.page.locator('[data-testid="reveal-card"][data-stage="waiting"]')).to_have_count(3)
    s.testid("reveal-skip").click()
    expect(s.page.locator('[data-testid="reveal-card"][data-stage="waiting"]')).to_have_count(0)
    expect(s.page.locator('[data-testid="reveal-card"][data-stage="truth"]')).to_have_count(1)
    expect(s.testid("beat-lines").locator("li")).to_have_count(6)
    expect(s.page.locator("#reveal-live")).to_have_text(
        "The scores are up. Cy leads with 4 points."
    )
    expect(s.testid("reveal-skip")).to_have_count(0)
    expect(s.testid("awards")).to_be_visible()
    no_errors(s)


def test_f28_first_time_job_cards_and_how_to_play(browser: Any, stages: list[fp.Stage]) -> None:
    s = stage(stages, browser, fp.writing(), **PHONE)
    expect(s.testid("how-to")).to_be_visible()
    # One card at a time, under the word and the field: the job's card after How to play.
    expect(s.testid("job-card")).to_have_count(0)
    expect(s.testid("word")).to_be_in_viewport(ratio=1)
    expect(s.testid("entry")).to_be_in_viewport()
    s.testid("howto-close").click()
    expect(s.page.locator('[data-testid="job-card"][data-job="write"]')).to_be_visible()
    expect(s.testid("job-close")).to_be_focused()
    close_help(s)
    expect(s.testid("job-card")).to_have_count(0)
    s.show(fp.writing(round=2))
    assert s.testid("job-card").count() == 0 and s.testid("how-to").count() == 0, "once a game"
    s.show(fp.voting(round=2))
    expect(s.page.locator('[data-testid="job-card"][data-job="vote"]')).to_be_visible()
    s.show(fp.voting(judge=True, shown=False, round=3))
    assert s.testid("job-card").count() == 0, "no card for reading out"
    s.show(fp.choosing(round=4))
    expect(s.page.locator('[data-testid="job-card"][data-job="choose"]')).to_be_visible()
    s.show(fp.voting(round=5))
    assert s.testid("job-card").count() == 0
    # A new game explains each job again; How to play opens only from its button now.
    s.show(fp.base("lobby", round=0, judge=None))
    s.show(fp.writing(round=1))
    expect(s.page.locator('[data-testid="job-card"][data-job="write"]')).to_be_visible()
    assert s.testid("how-to").count() == 0
    s.testid("howto-open").click()
    expect(s.testid("how-to")).to_be_visible()
    expect(s.testid("howto-close")).to_be_focused()
    # A TV never gets either.
    tv = stage(stages, browser, fp.writing(seat=None), tv=True, **TV_SIZE)
    assert tv.testid("how-to").count() == 0 and tv.testid("job-card").count() == 0
    no_errors(s, tv)


HIDDEN = """
  window.__hidden = false;
  window.__chimes = [];
  Object.defineProperty(Document.prototype, 'hidden', {
    configurable: true, get: () => window.__hidden,
  });
  window.addEventListener('fictionary-chime', (e) => window.__chimes.push(e.detail.turn));
"""


def test_f28_chime_when_hidden(browser: Any, stages: list[fp.Stage]) -> None:
    on = HIDDEN + "localStorage.setItem('fictionary:helper:chime', '1');"
    s = stage(stages, browser, fp.voting(), init=on, **PHONE)
    assert s.page.evaluate("window.__chimes") == [], "the tab is visible: no chime"
    s.page.evaluate("window.__hidden = true")
    s.show(fp.writing(round=2))
    s.wait_for(lambda: s.page.evaluate("window.__chimes"))
    s.show(fp.writing(round=2, ready=2))  # the same turn: once
    s.show(fp.voting(judge=True, round=3))  # the Judge during voting: not waited on
    assert s.page.evaluate("window.__chimes") == ["FICT|writing|2"]
    off = stage(stages, browser, fp.voting(), init=HIDDEN, **PHONE)  # off by default
    off.page.evaluate("window.__hidden = true")
    off.show(fp.writing(round=2))
    expect(off.testid("entry")).to_be_visible()
    assert off.page.evaluate("window.__chimes") == []
    no_errors(s, off)
