"""Timings (docs/impostor.md, "Timings"), in ms before TIME_SCALE."""

from __future__ import annotations

from table.contract import Env, Timer

DEAL_MS = 30_000  # phones only; the deal lap of `pass`/`host` is untimed
DISCUSSION_MS = 60_000
BALLOT_MS = 30_000  # phones ballots; lap and point are untimed
EXTENSION_MS = 15_000  # ruling 11a, once per ballot
FLAG_MS = 30_000  # ruling 7a: then the flag lapses
GUESS_MS = 30_000
JUDGING_MS = 20_000
REVEAL_MS = 20_000
CONTINUE_MS = 6_000  # ruling 12c: the host may continue from 6 s
MAX_OPEN_LAPS = 5  # ruling 5c
BEATS = (
    ("roles", 0),
    ("word", 2_000),
    ("votes", 4_000),
    ("guess", 6_000),
    ("awards", 8_000),
    ("totals", 10_000),
)


def whole_seconds_after(env: Env, ms: int) -> int:
    """`now` plus an already scaled length, rounded up to a whole second."""
    return -(-(env.now + ms) // 1000) * 1000


def seconds_left(deadline: int, now: int) -> int:
    """The whole seconds (rounded up) a paused phase keeps (ruling 7a)."""
    return max(0, -(-(deadline - now) // 1000))


def later_deadline(phase_id: int, at: int, why: str) -> Timer:
    """The timer of a deadline moved within one phase instance (an extension, a resume).

    A phase instance's `deadline` timer has one execution name, so a second one
    would be refused as a repeat: the moved deadline gets a key of its own, which
    reaches `Impostor.on_timer` and closes whatever is due then.
    """
    return Timer(phase_id, at, f"{why}{at}")
