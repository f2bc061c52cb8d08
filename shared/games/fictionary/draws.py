"""Replayable randomness: every draw derives from the game seed and a label (ruling 3a).

The rules core may not import `random`; a game's draws come from SHA-256 of
the secret 128-bit seed and a label such as ``offer:3`` or ``bot:3:writing:p1``,
so the same seed and the same moves replay the same game exactly.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
_UNIT = float(1 << 53)


class Draw:
    """A stream of numbers for one label of one game seed."""

    def __init__(self, seed: str, label: str) -> None:
        self._base = f"{seed}/{label}/".encode()
        self._counter = 0

    def bits64(self) -> int:
        digest = hashlib.sha256(self._base + str(self._counter).encode()).digest()
        self._counter += 1
        return int.from_bytes(digest[:8], "big")

    def random(self) -> float:
        """Uniform in the open interval (0, 1): never 0, so u ** (1/w) is safe."""
        return ((self.bits64() >> 11) + 0.5) / _UNIT

    def randrange(self, n: int) -> int:
        if n <= 0:
            raise ValueError("empty range")
        return min(n - 1, math.floor(self.random() * n))

    def between(self, low: int, high: int) -> int:
        """A whole number in [low, high], uniformly."""
        return low + self.randrange(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted(self, weights: Sequence[float]) -> int:
        """An index drawn with probability proportional to its weight."""
        total = sum(weights)
        point = self.random() * total
        for i, weight in enumerate(weights):
            point -= weight
            if point < 0:
                return i
        return len(weights) - 1
