"""RULES "Timings", in milliseconds; the table scales them all by TIME_SCALE (`Env.length`)."""

from __future__ import annotations

WRITING_MS = 55_000
VOTING_MS = 40_000
REVEAL_MS = 20_000
CONTINUE_AFTER_MS = 6_000
# Reveal choreography: when each beat starts, from the reveal's start.
BEATS_MS: tuple[tuple[str, int], ...] = (
    ("votes", 500),
    ("writers", 2_000),
    ("truth", 3_500),
    ("awards", 4_500),
    ("totals", 5_500),
)
