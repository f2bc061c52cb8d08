"""RULES "Timings", in milliseconds; the table scales them all by TIME_SCALE (`Env.length`)."""

from __future__ import annotations

WRITING_MS = 55_000
VOTING_MS = 40_000
REVEAL_MS = 20_000
CONTINUE_AFTER_MS = 6_000

# The reveal's show (`scoring.beats`), from the reveal's start. The word stands
# alone first; then each lie or decoy gets one step (who fell for it, then, at
# `WRITER_AT` of the step, who wrote it); then the truth; then the points; then
# the totals, which come by `SHOW_ENDS_BY_MS` whatever the ballot's size, so the
# last frame stays up for at least 4 s before the 20 s backstop.
INTRO_MS = 1_000
STEP_MAX_MS = 2_400
WRITER_AT = 0.5
TRUTH_HOLD_MS = 2_500
AWARDS_HOLD_MS = 1_500
SHOW_ENDS_BY_MS = 16_000
