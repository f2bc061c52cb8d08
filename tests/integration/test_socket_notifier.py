"""The local stack's `SocketNotifier`: outboxes, and views made only as they go out."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from infra.local.connections import Gone
from infra.local.embedded import SocketNotifier


class FakeConnection:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, data: bytes) -> None:
        self.sent.append(json.loads(data))


class FakeRegistry:
    def __init__(self, *open_ids: str) -> None:
        self.connections = {cid: FakeConnection() for cid in open_ids}

    def open(self, cid: str) -> FakeConnection:
        if cid not in self.connections:
            raise Gone(cid)
        return self.connections[cid]


class Views:
    """Views that count how often each was made."""

    def __init__(self) -> None:
        self.made: list[int] = []

    def __call__(self, n: int) -> Callable[[], Mapping[str, Any]]:
        def make() -> Mapping[str, Any]:
            self.made.append(n)
            return {"type": "state", "n": n}

        return make


def notifier_on_loop(*open_ids: str) -> tuple[SocketNotifier, FakeRegistry]:
    registry = FakeRegistry(*open_ids)
    notifier = SocketNotifier(registry)  # type: ignore[arg-type]
    notifier.loop = asyncio.get_running_loop()
    return notifier, registry


async def drained(notifier: SocketNotifier) -> None:
    while notifier._sending:
        await asyncio.gather(*list(notifier._sending))


def test_a_view_replaced_while_it_waited_is_never_made_and_an_ok_stays_after_the_newest() -> None:
    async def run() -> tuple[list[dict[str, Any]], list[int]]:
        notifier, registry = notifier_on_loop("a")
        views = Views()
        notifier.send_views([("a", views(1))])
        notifier.send("a", {"type": "ok", "req": "r1"})
        notifier.send_views([("a", views(2))])
        notifier.send("a", {"type": "ok", "req": "r2"})
        notifier.send_views([("a", views(3))])
        await drained(notifier)
        return registry.connections["a"].sent, views.made

    sent, made = asyncio.run(run())
    assert made == [3]
    assert sent == [
        {"type": "state", "n": 3},
        {"type": "ok", "req": "r1"},
        {"type": "ok", "req": "r2"},
    ]


def test_any_other_message_keeps_the_views_on_either_side_of_it() -> None:
    async def run() -> tuple[list[dict[str, Any]], list[int]]:
        notifier, registry = notifier_on_loop("a")
        views = Views()
        notifier.send_views([("a", views(1))])
        notifier.send("a", {"type": "welcome"})
        notifier.send_views([("a", views(2))])
        await drained(notifier)
        return registry.connections["a"].sent, views.made

    sent, made = asyncio.run(run())
    assert made == [1, 2]
    assert [m["type"] for m in sent] == ["state", "welcome", "state"]


def test_a_connection_not_open_is_reported_gone_and_its_view_never_made() -> None:
    async def run() -> tuple[set[str], list[int], list[dict[str, Any]]]:
        notifier, registry = notifier_on_loop("a")
        views = Views()
        gone = notifier.send_views([("a", views(1)), ("b", views(2))])
        await drained(notifier)
        return gone, views.made, registry.connections["a"].sent

    gone, made, sent = asyncio.run(run())
    assert gone == {"b"} and made == [1] and sent == [{"type": "state", "n": 1}]


def test_a_view_that_cannot_be_made_is_logged_and_the_rest_go_out(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken() -> Mapping[str, Any]:
        raise ValueError("no such member")

    async def run() -> list[dict[str, Any]]:
        notifier, registry = notifier_on_loop("a")
        notifier.send_views([("a", broken)])
        notifier.send("a", {"type": "ok", "req": "r1"})
        await drained(notifier)
        return registry.connections["a"].sent

    assert asyncio.run(run()) == [{"type": "ok", "req": "r1"}]
    assert "could not be made" in caplog.text


def test_off_the_loop_views_are_made_at_once_and_sent_before_returning() -> None:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        registry = FakeRegistry("a")
        notifier = SocketNotifier(registry)  # type: ignore[arg-type]
        notifier.loop = loop
        views = Views()
        gone = notifier.send_views([("a", views(1)), ("b", views(2))])
        assert gone == {"b"} and views.made == [1, 2]
        assert registry.connections["a"].sent == [{"type": "state", "n": 1}]
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()
