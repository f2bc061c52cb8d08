"""Fictionary's screens in Chromium against a stand-in server: the real page
(web/, served from disk) and a WebSocket that answers like the table service
and sends the `state` snapshots a test writes. Used by the F25–F28 tests, which
need exact states (a 12-card ballot, a writing clock, a reveal's beats) that a
played game reaches only by chance, and need them in a second, not a minute.

The snapshots follow the fields the server sends (`games/fictionary/view.py`
merged with the table's room fields); `tests/e2e/test_fictionary.py` and
`test_fictionary_table.py` play the same screens against the real service.
"""

from __future__ import annotations

import json
import mimetypes
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Route, WebSocketRoute

from tests.e2e.browser import REPO

ORIGIN = "http://fictionary.test"
WEB = REPO / "web"
ROOM = "FICT"
ME = "p1"
SEATS = [("p1", "Ana"), ("p2", "Ben"), ("p3", "Cy"), ("p4", "Dee")]

GAMES = [
    {
        "slug": "fictionary",
        "min_seats": 3,
        "max_seats": 12,
        "langs": ["en", "es", "ru"],
        "options": [
            {"name": "target", "default": 10, "choices": [10, 15, 20, 25]},
            {"name": "show", "default": True, "choices": [True, False]},
            {"name": "timer", "default": 0, "choices": [0, 45, 60, 90, 120]},
            {"name": "bot_pace", "default": "brisk", "choices": ["brisk", "steady", "relaxed"]},
        ],
    }
]


def now_ms() -> int:
    return int(time.time() * 1000)


def players(
    seats: list[tuple[str, str]] | None = None,
    *,
    judge: str | None = "p2",
    in_: dict[str, bool | None] | None = None,
    bots: dict[str, str] | None = None,
    scores: dict[str, int] | None = None,
) -> list[dict[str, Any]]:
    rows = []
    for pid, name in seats or SEATS:
        rows.append(
            {
                "id": pid,
                "name": name,
                "connected": True,
                "host": pid == ME,
                "active": True,
                "bot": (bots or {}).get(pid),
                "covered": False,
                "away": False,
                "in": (in_ or {}).get(pid),
                "judge": pid == judge,
                "score": (scores or {}).get(pid, 0),
            }
        )
    return rows


def base(phase: str, **fields: Any) -> dict[str, Any]:
    """A state snapshot with every field the server sends, `null` where unused."""
    now = now_ms()
    state: dict[str, Any] = {
        "type": "state",
        "room": ROOM,
        "game": "fictionary",
        "lang": "en",
        "options": {"target": 10, "show": True, "timer": 0, "bot_pace": "brisk"},
        "phase": phase,
        "server_now": now,
        "deadline": None,
        "phase_started_at": now,
        "me": {"id": ME, "role": "player", "host": True},
        "players": players(),
        "observers": 0,
        "observer_list": [],
        "seat": ME,
        "round": 1,
        "rounds": None,
        "target": 10,
        "most_rounds": 60,
        "tiebreaks": 0,
        "backstop_at": now + 600_000,
        "judge": "p2",
        "max_len": 140,
        "offer": None,
        "word": None,
        "note": None,
        "pos": None,
        "respell": None,
        "say": None,
        "truth": None,
        "my_entry": None,
        "ready": None,
        "expected": None,
        "ballot": None,
        "can_vote": False,
        "my_vote": None,
        "votes_in": None,
        "voters": None,
        "shown": None,
        "reveal": None,
        "last": None,
        "winners": [],
        "places": None,
        "best_bluff": None,
        "history": None,
        "abandoned": False,
    }
    state.update(fields)
    return state


WORD = {
    "word": "exiguous",
    "note": "adjective · from Latin",
    "pos": "adjective",
    "respell": "ig-ZIG-yoo-us",
    "say": "ig zig yoo us",
}
TRUTH = "Very small in size or amount"
FAKES = [
    "A sealed jar for keeping honey through the winter",
    "Fond of long walks along a riverbank",
    "Slow to anger but quick to forgive",
]


def writing(**fields: Any) -> dict[str, Any]:
    state = base(
        "writing",
        **WORD,
        ready=1,
        expected=3,
        players=players(in_={"p1": False, "p3": True, "p4": False}),
    )
    state.update(fields)
    return state


def ballot(
    n: int, *, mine: int | None = None, truth: int | None = None, shown: bool = True
) -> list[dict[str, Any]]:
    texts = [TRUTH if i == truth else f"Made-up definition number {i}" for i in range(1, n + 1)]
    cards = []
    for i, text in enumerate(texts, start=1):
        card: dict[str, Any] = {"id": f"c{i:02d}", "n": i, "text": text if shown else None}
        card["mine"] = i == mine
        if truth is not None and i == truth:
            card["truth"] = True
        cards.append(card)
    return cards


def voting(n: int = 4, *, judge: bool = False, shown: bool = True, **fields: Any) -> dict[str, Any]:
    state = base(
        "voting",
        **WORD,
        judge=ME if judge else "p2",
        players=players(
            judge=ME if judge else "p2",
            in_={"p1": None if judge else False},
        ),
        shown=shown,
        ballot=ballot(
            n, mine=None if judge else 2, truth=3 if judge else None, shown=shown or judge
        ),
        can_vote=not judge,
        votes_in=0,
        voters=n - 1,
        my_entry=None if judge else "Made-up definition number 2",
    )
    if judge:
        state["truth"] = TRUTH
    state.update(fields)
    return state


def reveal_of(start: int, scale: float = 1.0) -> dict[str, Any]:
    """A reveal: card 1 by Ben fooled Ana and Dee, card 3 is real and Cy found it."""
    beats = []
    at = start
    for cue, ms, extra in (
        ("votes", 2200, {"votes": {"p1": 1, "p3": 3, "p4": 1}}),
        ("author", 1700, {"n": 1, "writers": ["p3"], "fooled": ["p1", "p4"]}),
        ("authors", 1500, {"ns": [2]}),
        ("real", 2400, {"n": 3, "found": ["p3"]}),
        ("judge", 1400, {"judge": "p2", "points": 2}),
        ("totals", 1200, {"awards": {"p3": 4, "p2": 2}, "totals": {"p3": 4, "p2": 2}}),
    ):
        ms = int(ms * scale)
        beats.append({"at": at, "ms": ms, "cue": cue, **extra})
        at += ms
    return {
        "round": 1,
        "judge": "p2",
        "word": WORD["word"],
        "note": WORD["note"],
        "truth": TRUTH,
        "shown": True,
        "options": [
            {
                "id": "c01",
                "n": 1,
                "text": FAKES[0],
                "kind": "fake",
                "writers": ["p3"],
                "voters": ["p1", "p4"],
            },
            {
                "id": "c02",
                "n": 2,
                "text": FAKES[1],
                "kind": "fake",
                "writers": ["p1"],
                "voters": [],
            },
            {"id": "c03", "n": 3, "text": TRUTH, "kind": "truth", "writers": [], "voters": ["p3"]},
        ],
        "skipped": ["p4"],
        "unvoted": [],
        "awards": {"p1": 0, "p2": 2, "p3": 4, "p4": 0},
        "judge_points": 2,
        "totals": {"p1": 0, "p2": 2, "p3": 4, "p4": 0},
        "beats": beats,
        "ends": at,
    }


def reveal(start: int | None = None, scale: float = 1.0, **fields: Any) -> dict[str, Any]:
    rv = reveal_of(now_ms() + 300 if start is None else start, scale)
    state = base(
        "reveal",
        **WORD,
        truth=TRUTH,
        shown=True,
        reveal=rv,
        deadline=rv["ends"],
        ballot=[
            {
                "id": o["id"],
                "n": o["n"],
                "text": o["text"],
                "mine": o["n"] == 2,
                "truth": o["kind"] == "truth",
            }
            for o in rv["options"]
        ],
        players=players(scores={"p2": 2, "p3": 4}),
    )
    state.update(fields)
    return state


def choosing(judge: bool = True, **fields: Any) -> dict[str, Any]:
    offer = [
        {"i": i, "word": w, "note": f"{pos} · from Latin", "pos": pos, "respell": r}
        for i, (w, pos, r) in enumerate(
            [
                ("exiguous", "adjective", "ig-ZIG-yoo-us"),
                ("lucubrate", "verb", None),
                ("quiddity", "noun", "KWID-ih-tee"),
                ("sesquipedal", "adjective", None),
                ("borborygmus", "noun", "bor-buh-RIG-mus"),
            ]
        )
    ]
    state = base(
        "choosing",
        judge=ME if judge else "p2",
        players=players(judge=ME if judge else "p2", in_={ME if judge else "p2": False}),
        offer=offer if judge else None,
        ready=0,
        expected=1,
    )
    state.update(fields)
    return state


@dataclass
class Stage:
    """One person's page on the stand-in server."""

    page: Page
    sent: list[dict[str, Any]] = field(default_factory=list)
    sockets: list[WebSocketRoute] = field(default_factory=list)
    state: dict[str, Any] | None = None
    reply: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None

    def show(self, state: dict[str, Any]) -> None:
        """Send a snapshot, as the server does after every change."""
        self.state = state
        for ws in self.sockets:
            ws.send(json.dumps({**state, "server_now": self.now()}))
        self.page.locator(f'main[data-phase="{state["phase"]}"]').wait_for(state="attached")

    def now(self) -> int:
        """The page's clock (server time in these tests)."""
        return int(self.page.evaluate("Date.now()"))

    def actions(self, action: str) -> list[dict[str, Any]]:
        return [m for m in self.sent if m.get("action") == action]

    def testid(self, testid: str) -> Any:
        return self.page.locator(f'[data-testid="{testid}"]')

    def wait_for(self, what: Callable[[], Any], timeout: float = 5) -> Any:
        end = time.monotonic() + timeout
        while True:
            value = what()
            if value:
                return value
            assert time.monotonic() < end, "timed out"
            self.page.wait_for_timeout(25)


def serve(route: Route) -> None:
    path = route.request.url[len(ORIGIN) :].split("?", 1)[0].split("#", 1)[0]
    if path in ("", "/"):
        path = "/index.html"
    file = (WEB / path.lstrip("/")).resolve()
    if WEB not in file.parents or not file.is_file():
        route.fulfill(status=404, body="not found")
        return
    kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    if file.suffix == ".js":
        kind = "text/javascript"
    route.fulfill(status=200, body=file.read_bytes(), headers={"content-type": kind})


def open_stage(
    browser: Browser,
    state: dict[str, Any],
    *,
    tv: bool = False,
    init: str = "",
    before: Callable[[Page], None] | None = None,
    **context_options: Any,
) -> Stage:
    """A page seated (or a TV) in room FICT, showing `state` once it resumes."""
    context = browser.new_context(**{"bypass_csp": True, **context_options})
    page = context.new_page()
    stage = Stage(page)
    stage.state = state
    context.route(f"{ORIGIN}/**", serve)

    def on_socket(ws: WebSocketRoute) -> None:
        stage.sockets.append(ws)

        def message(raw: str | bytes) -> None:
            msg = json.loads(raw)
            stage.sent.append(msg)
            action, req = msg.get("action"), msg.get("req")
            if action == "ping":
                # Server time is the page's own clock here (a test may install a fake one).
                ws.send(json.dumps({"type": "pong", "t": msg.get("t"), "server_now": msg.get("t")}))
            elif action == "games":
                ws.send(json.dumps({"type": "games", "games": GAMES, "req": req}))
            elif action in ("resume", "join_room"):
                role = "observer" if tv else "player"
                player = "tv1" if tv else ME
                ws.send(
                    json.dumps(
                        {
                            "type": "welcome",
                            "room": ROOM,
                            "player": player,
                            "token": "t0ken",
                            "role": role,
                        }
                    )
                )
                if stage.state is not None:
                    ws.send(json.dumps({**stage.state, "server_now": now_ms()}))
            else:
                answer = stage.reply(msg) if stage.reply else None
                ws.send(json.dumps(answer or {"type": "ok", "req": req}))

        ws.on_message(message)

    context.route_web_socket(f"{ORIGIN.replace('http', 'ws')}/ws", on_socket)
    seat = json.dumps({"player": ME, "token": "t0ken"})
    page.add_init_script(
        f"try {{ localStorage.setItem('bluff:seat:{ROOM}', {json.dumps(seat)}); }} catch (e) {{}}\n"
        + init
    )
    if before:
        before(page)
    page.goto(f"{ORIGIN}/?room={ROOM}" + ("&tv=1" if tv else ""))
    page.locator(f'main[data-phase="{state["phase"]}"]').wait_for(state="attached")
    return stage


# A speech stand-in: records what is said, with voices present (or none).
SPEECH = """
(() => {
  const said = [];
  window.__said = said;
  const voices = %s;
  class U {
    constructor(text) { this.text = text; this.rate = 1; this.lang = ''; this.voice = null; }
  }
  const listeners = {};
  window.SpeechSynthesisUtterance = U;
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: {
    getVoices: () => voices,
    speak: (u) => said.push({ text: u.text, rate: u.rate, lang: u.lang }),
    cancel: () => {},
    addEventListener: (t, f) => { (listeners[t] = listeners[t] || []).push(f); },
    removeEventListener: () => {},
  }});
})();
"""


def speech(voices: bool = True) -> str:
    listed = (
        '[{"name": "English", "lang": "en-US"}, {"name": "Español", "lang": "es-ES"}]'
        if voices
        else "[]"
    )
    return SPEECH % listed


def static_file(path: str) -> Path:
    return WEB / path
