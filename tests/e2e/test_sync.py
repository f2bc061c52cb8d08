"""A lost timer is harmless: when a phase's countdown has run out by ~2 s and no
new `state` came, each browser sends `{"action": "sync"}` once for that
deadline, and the server closes the phase (docs/protocol.md).

The stack runs with a deadline handler that does nothing, as if every Step
Functions timer were lost, so only the browsers' `sync` can move the game on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.prereq import require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from tests.e2e.browser import PHONE, Screen, problems  # noqa: E402
from tests.e2e.play import create_room, join_by_link  # noqa: E402

pytestmark = pytest.mark.e2e

TIME_SCALE = "0.05"  # writing 2.75 s, voting 2 s (deadlines round up to a whole second)
GRACE_MS = 2000

LOST_TIMER = """
def handler(event, context):
    print("deadline ignored:", event, flush=True)
    return {"ok": True}
"""

# Page-side timestamps of every `sync` sent (Date.now(), the server's clock here).
RECORD_SYNCS = """
(() => {
  const send = WebSocket.prototype.send;
  window.__syncs = [];
  WebSocket.prototype.send = function (data) {
    try { if (JSON.parse(data).action === 'sync') window.__syncs.push(Date.now()); } catch (e) {}
    return send.call(this, data);
  };
})();
"""


def test_each_browser_sends_sync_once_when_a_deadline_passes_without_a_new_state(
    table: Any, tmp_path: Path
) -> None:
    handler = tmp_path / "lost_timer.py"
    handler.write_text(LOST_TIMER)
    stack = table.start_stack(TIME_SCALE, deadline_handler=handler)
    screens = [
        table.screen("Ana", viewport={"width": 1280, "height": 800}),
        table.screen("Ben", **PHONE),
        table.screen("Cy", viewport={"width": 1024, "height": 768}),
    ]
    for screen in screens:
        screen.page.context.add_init_script(RECORD_SYNCS)
    ana, ben, cy = screens

    code = create_room(ana, stack.url, "Ana")
    for screen in (ben, cy):
        join_by_link(screen, f"{stack.url}/?room={code}", screen.name)
    expect(ana.testid("start-btn")).to_be_enabled()
    ana.testid("start-btn").click()

    # Nobody writes or votes: writing, then voting, end only through `sync`.
    for screen in screens:
        screen.wait_phase("writing", 1)
    expect(ana.testid("countdown")).to_contain_text("Time!")
    assert ana.phase() == "writing"  # the countdown ran out; the timer did not close it
    for screen in screens:
        screen.wait_phase("voting", 1)
    for screen in screens:
        screen.wait_phase("reveal", 1)
    stack.wait_for_output(lambda line: "deadline ignored:" in line)

    # Whichever page's timer fired first closed the phase; the others got the
    # new state in time or sent their own sync, once.
    synced = {phase for screen in screens for _, phase, _ in check_syncs(screen)}
    assert {"writing", "voting"} <= synced, synced
    assert problems(screens) == []


def check_syncs(screen: Screen) -> list[tuple[int, str, int]]:
    """Each `sync` answers a deadline past by the grace, at most once per deadline."""
    sent_at = screen.page.evaluate("() => window.__syncs")
    deadlines: list[tuple[int, str, int]] = []
    last_state: dict[str, Any] | None = None
    for frame in screen.frames:
        if not frame.sent and frame.msg.get("type") == "state":
            last_state = frame.msg
        elif frame.sent and frame.msg.get("action") == "sync":
            assert last_state is not None
            deadlines.append((last_state["round"], last_state["phase"], last_state["deadline"]))
    assert len(deadlines) == len(sent_at), (deadlines, sent_at)
    assert len(set(deadlines)) == len(deadlines), f"{screen.name} synced twice: {deadlines}"
    assert {(r, p) for r, p, _ in deadlines} <= {(1, "writing"), (1, "voting"), (1, "reveal")}
    for (_, _, deadline), at in zip(deadlines, sent_at, strict=True):
        assert at >= deadline + GRACE_MS - 100, (screen.name, at - deadline)
    return deadlines
