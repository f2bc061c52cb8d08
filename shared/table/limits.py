"""Rate limits: how fast one client may send, in this container's memory."""

from __future__ import annotations

from dataclasses import dataclass, field

RATE_PER_SECOND = 20


@dataclass
class RateLimiter:
    """A token bucket per connection (PROTOCOL.md: 20 messages a second).

    API Gateway's stage throttling bounds the total; this bounds one noisy
    client. A client spread over several containers may get a little more.
    """

    rate: float = RATE_PER_SECOND
    buckets: dict[str, tuple[float, int]] = field(default_factory=dict)

    def allow(self, connection_id: str, now: int) -> bool:
        tokens, last = self.buckets.get(connection_id, (self.rate, now))
        tokens = min(self.rate, tokens + (now - last) * self.rate / 1000)
        if len(self.buckets) > 10_000:
            self.buckets.clear()  # bounded memory; a reset only forgives
        if tokens < 1:
            self.buckets[connection_id] = (tokens, now)
            return False
        self.buckets[connection_id] = (tokens - 1, now)
        return True

    def forget(self, connection_id: str) -> None:
        self.buckets.pop(connection_id, None)
