"""The table's one phase guard (`table.kit.check_phase`): every game answers the
same situation with the same code."""

from __future__ import annotations

import pytest

from table.errors import Code, Refusal
from table.kit import check_phase

ORDER = ("writing", "voting", "reveal", "finished")


def code(phase: str, wanted: tuple[str, ...], move_round: int = 2, **kw: object) -> str | None:
    try:
        check_phase(phase, ORDER, wanted, round_=2, move_round=move_round, **kw)  # type: ignore[arg-type]
    except Refusal as refusal:
        return str(refusal.code)
    return None


@pytest.mark.parametrize(
    ("phase", "wanted", "move_round", "closed", "expected"),
    [
        ("writing", ("writing",), 2, False, None),
        ("voting", ("writing", "voting"), 2, False, None),
        # Its phase is under way, but its deadline has passed: late.
        ("writing", ("writing",), 2, True, Code.PHASE_CLOSED),
        # Its phase is over in this round, or the match is: late.
        ("voting", ("writing",), 2, False, Code.PHASE_CLOSED),
        ("finished", ("reveal",), 2, False, Code.PHASE_CLOSED),
        # Its phase has not come yet: early.
        ("writing", ("voting",), 2, False, Code.WRONG_PHASE),
        # Another round's move, whatever the phase.
        ("writing", ("writing",), 1, False, Code.STALE_ROUND),
        ("voting", ("writing",), 3, False, Code.STALE_ROUND),
        # No round under way at all.
        ("lobby", ("writing",), 2, False, Code.WRONG_PHASE),
    ],
)
def test_one_answer_per_situation(
    phase: str, wanted: tuple[str, ...], move_round: int, closed: bool, expected: Code | None
) -> None:
    assert code(phase, wanted, move_round, closed=closed) == (expected and expected.value)


def test_no_round_is_wrong_phase_before_anything_else() -> None:
    with pytest.raises(Refusal) as refused:
        check_phase("writing", ORDER, ("writing",), round_=None, move_round=7, closed=True)
    assert refused.value.code is Code.WRONG_PHASE
