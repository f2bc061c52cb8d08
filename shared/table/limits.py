"""Rate limits: how fast one client may send, and how often it may fail or mint, in memory.

Every counter lives in this container's memory. API Gateway's stage throttling
bounds the total; these bound one noisy client. A client spread over several
containers may get a little more (one container's share each), which is why
the operator also limits new connections per address in front of the API
(`docs/deploy.md`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

RATE_PER_SECOND = 20
MAX_KEYS = 10_000  # bounded memory: past it a counter starts afresh, which only forgives

# Failed look-ups (`join_room` or `resume` naming no room, or a token that fits
# nobody): enough for a mistyped code or two per phone, far too few to scan
# 160,000 codes (at 20 a minute an address needs over five days).
LOOKUPS_PER_CONNECTION = 5
LOOKUPS_PER_SOURCE = 20
# New rooms: a few per connection, 60 a minute per address.
ROOMS_PER_CONNECTION = 3
ROOMS_PER_SOURCE = 60
MINUTE_MS = 60_000


@dataclass
class RateLimiter:
    """A token bucket per connection (docs/protocol.md: 20 messages a second)."""

    rate: float = RATE_PER_SECOND
    buckets: dict[str, tuple[float, int]] = field(default_factory=dict)

    def allow(self, connection_id: str, now: int) -> bool:
        tokens, last = self.buckets.get(connection_id, (self.rate, now))
        tokens = min(self.rate, tokens + (now - last) * self.rate / 1000)
        if len(self.buckets) > MAX_KEYS:
            self.buckets.clear()
        if tokens < 1:
            self.buckets[connection_id] = (tokens, now)
            return False
        self.buckets[connection_id] = (tokens - 1, now)
        return True

    def forget(self, connection_id: str) -> None:
        self.buckets.pop(connection_id, None)


@dataclass
class Window:
    """At most `limit` events per key in each window of `window_ms` (fixed windows)."""

    limit: int
    window_ms: int = MINUTE_MS
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)  # key -> (window, count)

    def full(self, key: str, now: int) -> bool:
        window, count = self.counts.get(key, (now // self.window_ms, 0))
        return window == now // self.window_ms and count >= self.limit

    def add(self, key: str, now: int) -> None:
        current = now // self.window_ms
        window, count = self.counts.get(key, (current, 0))
        if len(self.counts) > MAX_KEYS:
            self.counts.clear()
        self.counts[key] = (current, count + 1 if window == current else 1)

    def forget(self, key: str) -> None:
        self.counts.pop(key, None)


@dataclass
class Quota:
    """One limit per connection and one per source address, counted together."""

    per_connection: Window
    per_source: Window

    def full(self, connection_id: str, source: str | None, now: int) -> bool:
        return self.per_connection.full(connection_id, now) or (
            source is not None and self.per_source.full(source, now)
        )

    def add(self, connection_id: str, source: str | None, now: int) -> None:
        self.per_connection.add(connection_id, now)
        if source is not None:
            self.per_source.add(source, now)

    def forget(self, connection_id: str) -> None:
        self.per_connection.forget(connection_id)


def lookup_quota() -> Quota:
    return Quota(Window(LOOKUPS_PER_CONNECTION), Window(LOOKUPS_PER_SOURCE))


def room_quota() -> Quota:
    return Quota(Window(ROOMS_PER_CONNECTION), Window(ROOMS_PER_SOURCE))
