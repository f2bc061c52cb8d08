"""Players without a browser: one WebSocket each, speaking the protocol as the
page does. They fill the seats a test only needs to be there (a table of 12),
so the browser time goes to the screens under test."""

from __future__ import annotations

import itertools
import json
import threading
import time
from typing import Any

from websockets.sync.client import ClientConnection, connect

from games.bluff.display import shown


class Bot:
    """One seat: sends actions, keeps every `state` and the answers to its requests."""

    def __init__(self, url: str, name: str) -> None:
        self.name = name
        # Open for the bot's life and closed by `close`, not by a `with` block.
        self.ws: ClientConnection = connect(url, open_timeout=10, legacy=True)
        self.states: list[dict[str, Any]] = []
        self.replies: dict[str, dict[str, Any]] = {}
        self.me: str | None = None
        self.room: str | None = None
        self._seq = itertools.count(1)
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            while True:
                msg = json.loads(self.ws.recv())
                with self._changed:
                    if msg.get("type") == "state":
                        self.states.append(msg)
                    elif msg.get("type") == "welcome":
                        self.me, self.room = msg["player"], msg["room"]
                    if isinstance(msg.get("req"), str):
                        self.replies[msg["req"]] = msg
                    self._changed.notify_all()
        except Exception:  # the connection closed
            return

    def request(self, action: str, **fields: Any) -> dict[str, Any]:
        req = f"b{next(self._seq)}"
        self.ws.send(json.dumps({"action": action, "req": req, **fields}))
        reply = self.wait(lambda: self.replies.get(req), f"the answer to {action}")
        assert reply.get("type") != "error", (self.name, action, reply)
        return reply

    def wait(self, check: Any, what: str, timeout: float = 20) -> Any:
        end = time.monotonic() + timeout
        with self._changed:
            while True:
                value = check()
                if value:
                    return value
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"bot {self.name}: timed out waiting for {what}")
                self._changed.wait(left)

    @property
    def state(self) -> dict[str, Any]:
        return self.states[-1] if self.states else {}

    def wait_phase(self, phase: str, round_: int | None = None) -> dict[str, Any]:
        def ready() -> dict[str, Any] | None:
            s = self.state
            if s.get("phase") == phase and (round_ is None or s.get("round") == round_):
                return s
            return None

        return self.wait(ready, f"{phase} {round_}")

    # --- moves ---

    def create(self, lang: str = "en") -> str:
        self.request("create_room", name=self.name, lang=lang)
        self.wait(lambda: self.room, "the welcome")
        assert self.room is not None
        return self.room

    def join(self, room: str) -> None:
        self.request("join_room", room=room, name=self.name)
        self.wait(lambda: self.me, "the welcome")

    def submit(self, text: str) -> None:
        s = self.wait_phase("writing")
        self.request("submit", round=s["round"], text=text)

    def vote_any(self, pick: int = 0) -> str:
        """Vote for the `pick`-th card (counting round) that is not this bot's own bluff."""
        s = self.wait(
            lambda: self.state if self.state.get("can_vote") else None, "a ballot to vote on"
        )
        cards = [o["id"] for o in s["ballot"] if not o["mine"]]
        option = cards[pick % len(cards)]
        self.request("vote", round=s["round"], option=option)
        return option

    def vote_for(self, text: str) -> None:
        """Vote for the card that reads `text`."""
        s = self.wait(
            lambda: self.state if self.state.get("can_vote") else None, "a ballot to vote on"
        )
        # Cards are shown in the display form, however the text was typed.
        wanted = {text, shown(text, s.get("lang") or "en")}
        option = next(o["id"] for o in s["ballot"] if o["text"] in wanted)
        self.request("vote", round=s["round"], option=option)

    def close(self) -> None:
        self.ws.close()
