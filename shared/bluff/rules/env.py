"""What the rules core receives from the world: the time, randomness, decks, timings.

The core never reads a clock or a global random source. Every action gets an
`Env`: production passes `secrets.SystemRandom()` and the real clock; tests pass
a seeded `random.Random` and a fake time, so every game can be replayed.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bluff.rules.model import Card, Phase


class Rng(Protocol):
    """The part of `random.Random` the core uses; `secrets.SystemRandom` fits."""

    def getrandbits(self, k: int, /) -> int: ...

    def shuffle(self, x: MutableSequence[Any], /) -> None: ...


@dataclass(frozen=True)
class Timings:
    """Phase lengths in milliseconds (RULES, "Timings"), scaled as a whole for tests."""

    writing: int = 55_000
    voting: int = 40_000
    reveal: int = 20_000
    continue_after: int = 6_000
    # Reveal choreography: when each beat starts, from the reveal's start.
    beats: tuple[tuple[str, int], ...] = (
        ("votes", 500),
        ("writers", 2_000),
        ("truth", 3_500),
        ("awards", 4_500),
        ("totals", 5_500),
    )

    def scaled(self, factor: float) -> Timings:
        """Every timing times `factor` (TIME_SCALE); a deployed game uses 1."""

        def scale(ms: int) -> int:
            return max(1, round(ms * factor))

        return Timings(
            writing=scale(self.writing),
            voting=scale(self.voting),
            reveal=scale(self.reveal),
            continue_after=scale(self.continue_after),
            beats=tuple((cue, scale(at)) for cue, at in self.beats),
        )

    def length(self, phase: Phase) -> int:
        return {Phase.WRITING: self.writing, Phase.VOTING: self.voting, Phase.REVEAL: self.reveal}[
            phase
        ]


@dataclass(frozen=True)
class Env:
    now: int
    rng: Rng
    decks: Mapping[str, Mapping[str, Card]] = field(default_factory=dict)
    timings: Timings = Timings()


def deadline_after(now: int, length: int) -> int:
    """`now + length`, rounded up to a whole second.

    Step Functions truncates a timestamp's milliseconds; with whole-second
    deadlines the timer, the clients' countdown and the server's check agree,
    and no timer fires before its deadline.
    """
    return -(-(now + length) // 1000) * 1000
