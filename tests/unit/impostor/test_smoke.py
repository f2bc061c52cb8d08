from tests.unit.impostor.helpers import accuse, civilians, impostors, rnd, started, to_voting


def test_a_round_plays_to_the_reveal() -> None:
    top, _ids = started(5)
    to_voting(top)
    accuse(top, civilians(top)[0])
    assert top.phase == "reveal"
    assert rnd(top).outcome == "escaped"
    assert all(top.state.totals[i] == 3 for i in impostors(top))
