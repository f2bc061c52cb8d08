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
# totals stay up for at least `TOTALS_HOLD_MS` before the 20 s backstop: time to
# read every name and score. Like every length here, all of it is scaled by
# TIME_SCALE, so the totals keep the same share of the reveal at any scale.
# A crowded ballot shortens the steps down to `STEP_MIN_MS` (time to read a
# card), then the intro and the holds, never the totals' time.
INTRO_MS = 1_000
STEP_MAX_MS = 2_400
STEP_MIN_MS = 900
WRITER_AT = 0.5
TRUTH_HOLD_MS = 2_500
AWARDS_HOLD_MS = 1_500
TOTALS_HOLD_MS = 6_000
SHOW_ENDS_BY_MS = REVEAL_MS - TOTALS_HOLD_MS
