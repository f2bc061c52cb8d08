"""The stand-in server of the Fictionary screen tests sends what the real one sends.

`tests/e2e/fictionary_page.py` writes `state` snapshots by hand so that a screen
test can reach an exact state in a second. Those tests prove something about the
real game only while the snapshots keep the real view's shape: GIVEN one person
and three bots playing a whole game on the in-memory table, WHEN the person's
view is read after every timer, THEN each phase's view has exactly the fields of
the stand-in's snapshot, and each seat row exactly the stand-in's row fields.
"""

from __future__ import annotations

import pytest

from tests.e2e.prereq import require_playwright

require_playwright()

from tests.e2e import fictionary_page as stand_in  # noqa: E402
from tests.unit.fictionary.fixtures import new_table  # noqa: E402

pytestmark = pytest.mark.e2e


def test_stand_in_snapshots_have_the_real_views_fields() -> None:
    top, (person,) = new_table(people=1, bots=3, target=10)
    top.start(person)
    seen: dict[str, dict] = {}
    for _ in range(5_000):
        view = top.view(person)
        seen.setdefault(view["phase"], view)
        if view["phase"] == "finished" or not top.timers:
            break
        top.advance(min(t.at for t in top.timers) - top.now)
    assert {"choosing", "writing", "voting", "reveal", "finished"} <= set(seen)
    for phase, real in seen.items():
        fake = stand_in.base(phase)
        assert set(real) == set(fake), phase
        assert set(real["players"][0]) == set(fake["players"][0]), phase
        assert set(real["me"]) == set(fake["me"]), phase
