"""I7-I11: "someone said the word", discussion, ballots, ties and low turnout."""

from __future__ import annotations

from tests.support.tabletop import refused
from tests.unit.impostor.helpers import (
    accuse,
    civilians,
    deal,
    impostors,
    rnd,
    started,
    to_voting,
    vote_all,
)


def test_i7a_flag_pause_keeps_seconds_lapses() -> None:
    top, ids = started(4)
    deal(top)
    top.advance(10_400)  # the turn's 30 s deadline is 19.6 s away
    top.move(ids[1], "flag_word", round=1, speaker=ids[2])
    view = top.view(ids[3])
    assert view["deadline"] is None and view["flag"]["remaining"] == 20
    t = view["turn"]
    assert refused(top.move, t["seat"], "clue", round=1, turn=t["no"], text="tall") == "paused"
    assert refused(top.move, ids[2], "flag_word", round=1, speaker=ids[1]) == "paused"
    top.move(ids[0], "peek", round=1)  # cards stay available
    top.advance(30_600)  # unanswered at its whole second: the flag lapses; the turn has 20 s
    assert top.state.flag is None and top.state.deadline == top.now + 20_000
    top.move(ids[1], "flag_word", round=1, speaker=ids[2])
    top.move(top.host, "rule_word", round=1, speaker=None)  # dismissed
    assert top.state.flag is None and top.phase == "clues"
    assert refused(top.move, top.host, "rule_word", round=1, speaker=None) == "wrong_phase"
    assert refused(top.move, ids[1], "rule_word", round=1, speaker=ids[2]) == "not_host"


def test_i7b_civilian_said_burns_word() -> None:
    top, ids = started(5, seed=1, rounds=3)
    deal(top)
    speaker = next(s for s in civilians(top) if s != top.host)
    word = rnd(top).word
    top.move(ids[1], "flag_word", round=1, speaker=speaker)
    top.move(top.host, "rule_word", round=1, speaker=speaker)
    assert rnd(top).outcome == "civilian_said" and rnd(top).said == {
        "by": ids[1],
        "speaker": speaker,
    }
    assert all(rnd(top).awards[i] == 3 for i in impostors(top))
    assert all(rnd(top).awards[c] == 0 for c in civilians(top))
    top.advance(20_000)
    assert rnd(top).no == 2 and rnd(top).word != word and top.state.rounds == 3


def test_i7c_impostor_said_scores_2() -> None:
    top, _ids = started(12, seed=3)
    to_voting(top)
    speaker = impostors(top)[0]
    top.move(top.host, "rule_word", round=1, speaker=speaker)  # unflagged: the host rules
    assert rnd(top).outcome == "impostor_said"
    assert all(rnd(top).awards[i] == 2 for i in impostors(top))
    assert all(rnd(top).awards[c] == 0 for c in civilians(top))


def test_i7d_impostor_host_rules() -> None:
    seed = next(
        s for s in range(50) if started(4, seed=s)[1][0] in impostors(started(4, seed=s)[0])
    )
    top, ids = started(4, seed=seed)
    assert top.host in impostors(top)
    deal(top)
    top.move(ids[1], "flag_word", round=1, speaker=ids[2])
    top.move(top.host, "rule_word", round=1, speaker=ids[2])
    assert rnd(top).outcome == "civilian_said"


def test_i8a_discussion_60s_call_vote() -> None:
    top, ids = started(4)
    deal(top)
    while top.phase == "clues":
        top.advance(30_000)
    assert top.phase == "discussion"
    assert refused(top.move, ids[1], "call_vote", round=1) == "not_host"
    top.advance(59_000)
    assert top.phase == "discussion"
    top.advance(1_000)
    assert top.phase == "voting"
    early, _ = started(4)
    deal(early)
    while early.phase == "clues":
        early.advance(30_000)
    early.move(early.host, "call_vote", round=1)
    assert early.phase == "voting"


def test_i9a_no_self_vote_impostors_vote() -> None:
    top, ids = started(5)
    to_voting(top)
    impostor = impostors(top)[0]
    assert refused(top.move, impostor, "vote", round=1, ballot=1, target=impostor) == "self_vote"
    assert refused(top.move, ids[1], "vote", round=1, ballot=1, target="nobody") == "not_candidate"
    watcher = top.join("Wes")
    assert refused(top.move, watcher, "vote", round=1, ballot=1, target=ids[1]) == "not_eligible"
    other = next(s for s in ids if s != impostor)
    top.move(impostor, "vote", round=1, ballot=1, target=other)
    assert top.view(impostor)["my_vote"] == other


def test_i9b_vote_final_counts_only() -> None:
    """GIVEN a phones ballot WHEN seats vote THEN a vote is final, every other member sees
    only the count until the ballot closes, and it closes once all have voted."""
    top, ids = started(5)
    to_voting(top)
    assert top.state.deadline == top.now + 30_000
    top.move(ids[1], "vote", round=1, ballot=1, target=ids[2])
    assert refused(top.move, ids[1], "vote", round=1, ballot=1, target=ids[3]) == "already_voted"
    assert top.view(ids[1])["my_vote"] == ids[2]
    for member in (ids[0], ids[2], ids[3], ids[4], top.join("Wes")):
        board = top.view(member)
        assert board["ballot"]["votes_in"] == 1 and board["ballot"]["voters"] == 5
        assert board["my_vote"] is None and board["ballots"] == []
        assert set(board["ballot"]) == {
            "no",
            "style",
            "candidates",
            "votes_in",
            "voters",
            "extended",
            "lap_seat",
        }
    targets = {ids[0]: ids[2], ids[2]: ids[3], ids[3]: ids[2], ids[4]: ids[2]}
    for voter, target in targets.items():
        top.move(voter, "vote", round=1, ballot=1, target=target)
    assert top.phase != "voting"  # closed before its deadline: everyone voted
    assert top.view(ids[4])["ballots"][0]["votes"] == {ids[1]: ids[2], **targets}


def test_i9c_lap_in_seat_order_no_abstain() -> None:
    top, ids = started(5, play="pass", vote="lap")
    to_voting(top)
    assert top.state.deadline is None  # untimed
    assert top.view(top.host)["ballot"]["lap_seat"] == ids[0]
    assert refused(top.move, ids[2], "vote", round=1, ballot=1, target=ids[1]) == "not_your_turn"
    for i, seat in enumerate(ids):
        assert top.view(top.host)["ballot"]["lap_seat"] == seat
        top.move(seat, "vote", round=1, ballot=1, target=ids[(i + 1) % 5])
        if top.phase != "voting":
            break
    assert rnd(top).ballots[0].turnout == 5


def test_i9d_point_record_checks() -> None:
    top, ids = started(5, play="host")
    to_voting(top)
    record = top.move
    assert (
        refused(
            record, ids[1], "record_point", round=1, ballot=1, accused=ids[2], pointers=[ids[3]]
        )
        == "not_host"
    )
    assert (
        refused(
            record, top.host, "record_point", round=1, ballot=1, accused=ids[2], pointers=[ids[2]]
        )
        == "self_vote"
    )
    assert (
        refused(
            record, top.host, "record_point", round=1, ballot=1, accused="nobody", pointers=[ids[1]]
        )
        == "not_candidate"
    )
    assert refused(record, top.host, "record_point", round=1, ballot=1, tied=[ids[1]]) == (
        "not_candidate"
    )
    assert refused(record, top.host, "record_point", round=1, ballot=2, tied=[ids[1], ids[2]]) == (
        "stale_round"
    )
    top.move(top.host, "record_point", round=1, ballot=1, tied=[ids[1], ids[2]])
    assert rnd(top).ballots[-1].no == 2 and rnd(top).ballots[-1].candidates == [ids[1], ids[2]]


def test_i9e_tally_public_after_close() -> None:
    top, ids = started(5)
    to_voting(top)
    target = civilians(top)[0]
    accuse(top, target)
    board = top.view(ids[4])
    assert board["ballots"][0]["votes"] == rnd(top).ballots[0].votes
    assert board["accused"] == {"seat": target, "impostor": False}


def tie_first_ballot(top, ids):  # type: ignore[no-untyped-def]
    """Five seats: two votes each for ids[0] and ids[1], one for ids[2]."""
    targets = {ids[0]: ids[1], ids[1]: ids[0], ids[2]: ids[0], ids[3]: ids[1], ids[4]: ids[0]}
    targets[ids[4]] = ids[2]
    vote_all(top, lambda v: targets[v])


def test_i10a_tied_vote_again() -> None:
    top, ids = started(5)
    to_voting(top)
    tie_first_ballot(top, ids)
    assert top.phase == "voting" and rnd(top).ballots[-1].candidates == [ids[0], ids[1]]
    assert refused(top.move, ids[2], "vote", round=1, ballot=2, target=ids[3]) == "not_candidate"
    top.move(ids[0], "vote", round=1, ballot=2, target=ids[1])  # a tied seat votes too
    assert top.phase == "voting"


def test_i10a_still_tied_escapes() -> None:
    top, ids = started(5)
    to_voting(top)
    tie_first_ballot(top, ids)
    second = {ids[0]: ids[1], ids[1]: ids[0], ids[2]: ids[0], ids[3]: ids[1], ids[4]: None}
    vote_all(top, lambda v: second[v])
    top.advance(30_000)
    assert rnd(top).outcome == "tie"
    assert all(rnd(top).awards[i] == 3 for i in impostors(top))


def test_i11a_low_turnout_extend_once_then_3() -> None:
    top, ids = started(6)
    to_voting(top)
    top.move(ids[0], "vote", round=1, ballot=1, target=ids[1])
    top.move(ids[1], "vote", round=1, ballot=1, target=ids[0])
    top.advance(30_000)
    assert top.phase == "voting" and rnd(top).ballots[0].extended
    assert top.state.deadline == top.now + 15_000
    top.advance(15_000)
    assert rnd(top).outcome == "low_turnout"
    assert all(rnd(top).awards[i] == 3 for i in impostors(top))


def test_i11a_exactly_half_counts() -> None:
    top, ids = started(6)
    to_voting(top)
    for voter in ids[:3]:
        top.move(voter, "vote", round=1, ballot=1, target=ids[5])
    top.advance(30_000)
    assert not rnd(top).ballots[0].extended and rnd(top).accused == ids[5]


def test_i11a_not_for_lap_or_point() -> None:
    top, _ids = started(5, play="pass", vote="lap")
    to_voting(top)
    top.advance(600_000)
    assert top.phase == "voting" and not rnd(top).ballots[0].extended
    point, pids = started(5, play="pass")
    to_voting(point)
    point.move(point.host, "record_point", round=1, ballot=1, accused=pids[1], pointers=[pids[2]])
    assert rnd(point).ballots[0].turnout == 1 and rnd(point).outcome != "low_turnout"
