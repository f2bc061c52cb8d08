"""Helpers for the browser tests: screens (pages) that record their WebSocket
frames and errors, phase waits on the DOM, axe-core and screenshots.

Everything waits on DOM state through Playwright's `expect` (which retries),
never on fixed sleeps.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "e2e"
DOC_SCREENSHOTS = REPO / "docs" / "screenshots"
AXE_JS = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"

# The launch the issue asks for: Debian's Chromium, never a downloaded one.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

PHONE = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 1,
}
TV_SIZE = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}

# Long enough for a phase at the tests' TIME_SCALE on a busy 2-core machine.
expect.set_options(timeout=15_000)


@dataclass
class Frame:
    at: float  # time.time() in ms when Python saw it (may lag, never leads)
    sent: bool
    msg: dict[str, Any]


@dataclass
class Screen:
    """One browser tab of one person, with what went over its WebSocket."""

    name: str
    page: Page
    touch: bool = False
    frames: list[Frame] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    # --- what the page sent and received --------------------------------------

    def sent(self, action: str | None = None) -> list[dict[str, Any]]:
        return [
            f.msg
            for f in self.frames
            if f.sent and (action is None or f.msg.get("action") == action)
        ]

    def received(self, type_: str | None = None) -> list[dict[str, Any]]:
        return [
            f.msg
            for f in self.frames
            if not f.sent and (type_ is None or f.msg.get("type") == type_)
        ]

    def states(self) -> list[dict[str, Any]]:
        return self.received("state")

    def last_state(self) -> dict[str, Any]:
        states = self.states()
        assert states, f"{self.name} received no state"
        return states[-1]

    def reply_to(self, request: dict[str, Any]) -> dict[str, Any] | None:
        """The `ok`, `error` or answer (`games`) to `request` (a frame this page sent)."""
        start = next(i for i, f in enumerate(self.frames) if f.sent and f.msg is request)
        return next(
            (
                f.msg
                for f in self.frames[start + 1 :]
                if not f.sent
                and f.msg.get("req") == request.get("req")
                and f.msg.get("type") in ("ok", "error", "games")
            ),
            None,
        )

    # --- the screen ----------------------------------------------------------------

    def testid(self, testid: str, within: str = "") -> Any:
        return self.page.locator(f'{within} [data-testid="{testid}"]'.strip())

    def wait_phase(self, phase: str, round_: int | None = None) -> None:
        selector = f'main[data-phase="{phase}"]'
        if round_ is not None:
            selector += f'[data-round="{round_}"]'
        expect(self.page.locator(selector), f"{self.name}: {phase} {round_}").to_have_count(1)

    def phase(self) -> str:
        return self.page.locator("main").get_attribute("data-phase") or ""


def open_screen(context: BrowserContext, name: str, *, touch: bool = False) -> Screen:
    page = context.new_page()
    screen = Screen(name, page, touch)

    def watch(ws: Any) -> None:
        def record(sent: bool) -> Any:
            def on(payload: str | bytes) -> None:
                try:
                    msg = json.loads(payload)
                except ValueError:
                    return
                if isinstance(msg, dict):
                    screen.frames.append(Frame(time.time() * 1000, sent, msg))

            return on

        ws.on("framesent", record(True))
        ws.on("framereceived", record(False))

    page.on("websocket", watch)
    page.on("pageerror", lambda error: screen.errors.append(f"pageerror: {error}"))
    page.on(
        "response",
        lambda r: screen.errors.append(f"http {r.status}: {r.url}") if r.status >= 400 else None,
    )
    page.on(
        "console",
        lambda m: screen.errors.append(f"console: {m.text}") if m.type == "error" else None,
    )
    return screen


def problems(screens: list[Screen]) -> list[str]:
    """Script errors, console errors (CSP violations among them) and failed requests."""
    return [f"{s.name}: {e}" for s in screens for e in s.errors]


# --- accessibility ------------------------------------------------------------


def axe_violations(page: Page, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """axe-core's violations of `impacts` on the page as it is now.

    `add_script_tag(path=...)` injects axe inline, which the client's CSP
    (`script-src 'self'`) blocks: the context used here needs `bypass_csp=True`.
    """
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))
    settle(page)
    result = page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => n.target.join(' ') + ' :: ' + n.failureSummary),
            }));
        }"""
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:5])
        for v in result
        if v["impact"] in impacts
    ]


def settle(page: Page) -> None:
    """Wait until no CSS animation (reveal beats) is running, no total is still
    counting up (`data-from`), and fonts are in."""
    page.wait_for_function(
        """() => document.fonts.status === 'loaded' && !document.querySelector('[data-from]')
            && document.getAnimations()
            .filter((a) => typeof CSSAnimation !== 'undefined' && a instanceof CSSAnimation)
            .every((a) => a.playState !== 'running')"""
    )


def horizontal_overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than its viewport (0 is right)."""
    return int(
        page.evaluate(
            "() => document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
        )
    )


# --- screenshots ----------------------------------------------------------------


def screenshot(page: Page, name: str) -> Path:
    """The viewport as test-artifacts/e2e/NAME.png (and the whole page as NAME-full.png).

    With E2E_UPDATE_SCREENSHOTS=1 the viewport shot is also copied to
    docs/screenshots/ (done once, for the README; commit the result).
    """
    settle(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), animations="disabled", caret="hide")
    page.screenshot(
        path=str(ARTIFACTS / f"{name}-full.png"),
        full_page=True,
        animations="disabled",
        caret="hide",
    )
    if os.environ.get("E2E_UPDATE_SCREENSHOTS") == "1":
        DOC_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (DOC_SCREENSHOTS / f"{name}.png").write_bytes(path.read_bytes())
    return path
