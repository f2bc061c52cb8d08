"""D8, D9b, D13, D14, D17-D20: scores, claims, denunciations, votes and the winners."""

from __future__ import annotations

from typing import Any

from games.dictopia.state import SCORE, TALLY, VOTE
from tests.support.tabletop import Tabletop, refused
from tests.unit.dictopia.support import set_hand, set_missions, set_target, table


def to_tally(
    top: Tabletop,
    words: dict[str, str],
    claims: dict[str, list[str]] | None = None,
    target: int = 99,
) -> None:
    """Every player in `words` plays that word; the trial closes (an unreachable target
    unless one is given)."""
    set_target(top, target)
    for player, letters in words.items():
        cards = set_hand(top, player, letters)
        top.move(
            player,
            "play",
            round=top.state.round,
            cards=cards,
            claims=(claims or {}).get(player, []),
        )
    top.advance(top.state.deadline - top.now)


def finish_tally(top: Tabletop, players: list[str]) -> None:
    for p in players:
        top.move(p, "pass", round=top.state.round)


def test_d8a_score_formula_and_void_words() -> None:
    top, (a, b, c) = table(3)
    top.start()
    top.advance(90_000 + 45_000 + 20_000)  # to trial 2
    set_missions(top, 2, ["even"])
    to_tally(top, {a: "CHAMPS", b: "CAT"}, target=10)
    finish_tally(top, [a, b, c])
    assert top.phase == SCORE
    line = top.state.lines[a]
    assert (line.letters, line.eyes, line.eyes_bonus, line.trial) == (6, 10, 3, 6 + 3 + 2)
    assert line.missions == [{"id": "even", "bonus": 2, "how": "auto"}]
    assert top.state.lines[b].trial == 3 and top.state.lines[c].void == "no_word"


def test_d8b_rulebook_examples() -> None:
    expected = {"STORE": 5, "JUMPY": 8, "TAXI": 6, "CHAMPS": 11}
    for letters, score in expected.items():
        top, (a, b) = table(2)
        top.start()
        top.advance(90_000 + 45_000 + 20_000)
        set_missions(top, 2, ["even"])
        to_tally(top, {a: letters}, target=10)
        finish_tally(top, [a, b])
        assert top.state.lines[a].trial == score, letters


def test_d8c_totals_sum_trials() -> None:
    top, (a, _b) = table(2)
    top.start()
    for trial in range(1, 6):
        to_tally(top, {a: "CAT"})
        while top.phase != "finished" and top.state.round == trial:
            top.advance(top.state.deadline - top.now)
    assert top.phase == "finished"
    scores = top.state.trial_scores[a]
    assert len(scores) == 5 and top.state.totals[a] == sum(scores) >= 15
    # Every member's seat list carries the totals the scoreboard and result sheet rank.
    for member in (a, _b):
        seats = {p["id"]: p["score"] for p in top.view(member)["players"]}
        assert seats == {a: top.state.totals[a], _b: top.state.totals.get(_b, 0)}


def test_d9b_claims_only_vote_missions_in_play() -> None:
    top, (a, _b) = table(2)
    top.start()
    set_missions(top, 1, ["field_city", "even"])
    cards = set_hand(top, a, "CAT")
    assert refused(top.move, a, "play", round=1, cards=cards, claims=["field_body"]) == "bad_claim"
    assert refused(top.move, a, "play", round=1, cards=cards, claims=["even"]) == "bad_claim"
    top.move(a, "play", round=1, cards=cards, claims=["field_city"])
    assert top.view(a)["my_claims"] == ["field_city"]


def test_d9b_view_offers_a_claim_only_where_play_accepts_it() -> None:
    """Each mission in the view says whether `play` accepts a claim on it (`claimable`):
    a screen offers the claim only then. Music is claimable by sound only where the
    table votes (D10b); an `auto` mission never is."""
    top, (a, _b) = table(2)
    top.start()
    set_missions(top, 1, ["field_city", "music", "even"])
    cards = set_hand(top, a, "CAT")
    top.move(a, "play", round=1, cards=cards)  # a new room snapshot, read by the views
    shown = {m["id"]: m["claimable"] for m in top.view(a)["missions"]}
    assert shown == {"field_city": True, "music": True, "even": False}
    for mission, claimable in shown.items():
        if claimable:
            top.move(a, "play", round=1, cards=cards, claims=[mission])
            assert top.view(a)["my_claims"] == [mission]
        else:
            claim = [mission]
            assert refused(top.move, a, "play", round=1, cards=cards, claims=claim) == "bad_claim"
    quiet, (q, _) = table(2, vote_missions=False)
    quiet.start()
    set_missions(quiet, 1, ["music"])
    quiet.move(q, "play", round=1, cards=set_hand(quiet, q, "CAT"))
    assert [m["claimable"] for m in quiet.view(q)["missions"]] == [False]


def test_d9b_a_refused_claim_costs_nothing_and_says_how_to_fix_it() -> None:
    """A refused claim changes nothing: the word already on file, its claims and the plays
    left stay; the refusal says to untick the claim and play again."""
    from games.dictopia.codes import MESSAGES

    top, (a, _b) = table(2)
    top.start()
    set_missions(top, 1, ["even"])
    cards = set_hand(top, a, "CAT")
    top.move(a, "play", round=1, cards=cards)
    before = {k: top.view(a)[k] for k in ("my_word", "my_claims", "plays_left", "my_locked")}
    assert refused(top.move, a, "play", round=1, cards=cards[:2], claims=["even"]) == "bad_claim"
    assert refused(top.move, a, "play", round=1, cards=cards, claims=["speed"]) == "bad_claim"
    after = {k: top.view(a)[k] for k in before}
    assert after == before and after["my_word"] == cards
    for reason in ("not_claimable", "not_in_play"):
        assert "untick" in MESSAGES[f"bad_claim:{reason}"]
    top.move(a, "lock", round=1)  # the word on file is still there to lock
    assert top.view(a)["my_locked"] is True


def test_d9b_undisputed_claim_fulfilled() -> None:
    top, (a, b) = table(2)
    top.start()
    set_missions(top, 1, ["field_city"])
    to_tally(top, {a: "CAT"}, {a: ["field_city"]})
    assert top.view(b)["words"][0]["missions"] == {"field_city": "claimed"}
    finish_tally(top, [a, b])
    assert top.state.lines[a].missions == [{"id": "field_city", "bonus": 2, "how": "undisputed"}]


def _vote(top: Tabletop, verdicts: dict[str, bool], item: int = 1) -> None:
    """These answers; a missing one is an abstention, so the vote runs to its deadline."""
    for p, v in verdicts.items():
        top.move(p, "judge", round=top.state.round, item=item, verdict=v)
    if top.phase == VOTE:
        top.advance(top.state.deadline - top.now)


def test_d13a_votes_sealed_then_public_majority() -> None:
    top, (a, b, c) = table(3)
    top.start()
    set_missions(top, 1, ["field_city"])
    to_tally(top, {a: "CAT"}, {a: ["field_city"]})
    top.move(b, "dispute", round=1, player=a, mission="field_city")
    assert (
        refused(top.move, c, "dispute", round=1, player=a, mission="field_city")
        == "already_disputed"
    )
    finish_tally(top, [a, b, c])
    assert top.phase == VOTE
    top.move(a, "judge", round=1, item=1, verdict=True)
    view = top.view(c)
    assert view["items"][0]["yes"] is None and view["verdicts_in"] == 1 and view["voters"] == 3
    assert view["my_verdicts"] == {}
    assert refused(top.move, a, "judge", round=1, item=1, verdict=False) == "already_voted"
    assert refused(top.move, a, "judge", round=1, item=9, verdict=False) == "unknown_item"
    _vote(top, {b: False, c: True})
    assert top.phase == SCORE
    item = top.view(b)["items"][0]
    assert item["yes"] == [a, c] and item["no"] == [b] and item["result"] == "yes"
    assert top.state.lines[a].missions == [{"id": "field_city", "bonus": 2, "how": "vote"}]


def test_d13a_vote_skipped_or_closed_early() -> None:
    top, (a, b) = table(2)
    top.start()
    to_tally(top, {a: "CAT"})
    finish_tally(top, [a, b])
    assert top.phase == SCORE  # no item: no vote
    top, (a, b) = table(2)
    top.start()
    to_tally(top, {a: "QZX"})
    top.move(b, "denounce", round=1, player=a)
    finish_tally(top, [a, b])
    assert top.phase == VOTE
    top.advance(45_000)
    assert top.phase == SCORE  # 0-0 is a tie: the word stands (D19c)
    assert top.state.lines[a].void is None


def test_d14a_tied_mission_vote_gives_one() -> None:
    top, (a, b) = table(2)
    top.start()
    set_missions(top, 1, ["quote_stage"])
    to_tally(top, {a: "STORE"}, {a: ["quote_stage"]})
    top.move(b, "dispute", round=1, player=a, mission="quote_stage")
    finish_tally(top, [a, b])
    _vote(top, {a: True, b: False})
    assert top.state.lines[a].missions == [{"id": "quote_stage", "bonus": 1, "how": "tie"}]


def test_d12a_quote_judged_by_vote() -> None:
    top, (a, b, c) = table(3)
    top.start()
    set_missions(top, 1, ["quote_soul"])
    to_tally(top, {a: "CAT"}, {a: ["quote_soul"]})
    top.move(b, "dispute", round=1, player=a, mission="quote_soul")
    finish_tally(top, [a, b, c])
    _vote(top, {a: True, b: False, c: False})
    assert top.state.lines[a].missions == [] and top.state.lines[a].trial == 3


def test_d10b_music_by_sound_needs_claim() -> None:
    top, (a, b) = table(2)
    top.start()
    set_missions(top, 1, ["music"])
    to_tally(top, {a: "CAT", b: "TEA"}, {a: ["music"]})
    finish_tally(top, [a, b])
    assert top.state.lines[a].missions == [{"id": "music", "bonus": 1, "how": "undisputed"}]
    assert top.state.lines[b].missions == []
    solo, (p,) = table(1, mode="solo")
    solo.start()
    set_missions(solo, 1, ["music"])
    cards = set_hand(solo, p, "CAT")
    assert refused(solo.move, p, "play", round=1, cards=cards, claims=["music"]) == "bad_claim"


def test_d17a_foreign_claim_outcomes() -> None:
    outcomes = {}
    for verdicts, letters in (
        ({}, "QZX"),
        ({"no": 2}, "QZX"),
        ({"no": 2}, "CAT"),
        ({"tie": 1}, "QZX"),
    ):
        top, (a, b, c) = table(3, validation="strict")
        top.start()
        set_missions(top, 1, ["foreign"])
        to_tally(top, {a: letters}, {a: ["foreign"]})  # strict accepts an unlisted foreign word
        if verdicts:
            top.move(b, "dispute", round=1, player=a, mission="foreign")
        finish_tally(top, [a, b, c])
        if "no" in verdicts:
            _vote(top, {b: False, c: False})
        elif "tie" in verdicts:
            _vote(top, {b: False, c: True})
        line = top.state.lines[a]
        outcomes[(tuple(verdicts), letters)] = (line.void, line.trial)
    assert outcomes[((), "QZX")] == (None, 3 + 3)
    assert outcomes[(("no",), "QZX")] == ("foreign_refused", 0)
    assert outcomes[(("no",), "CAT")] == (None, 3)  # listed in the game language: no bonus
    assert outcomes[(("tie",), "QZX")] == (None, 3 + 1)


def test_d17a_denouncing_a_foreign_word_disputes_the_claim() -> None:
    top, (a, b) = table(2)
    top.start()
    set_missions(top, 1, ["foreign"])
    to_tally(top, {a: "QZX"}, {a: ["foreign"]})
    top.move(b, "denounce", round=1, player=a)
    items = top.view(a)["words"][0]
    assert items["denunciation"] is None and items["missions"]["foreign"] == "disputed"


def test_d18a_custom_missions_checked_and_played_first() -> None:
    custom = [{"text": "A word you would whisper", "bonus": 3}]
    top, (a, b) = table(2, custom_missions=custom)
    assert (
        refused(top.set_options, a, custom_missions=[{"text": "short", "bonus": 1}])
        == "invalid_text"
    )
    assert (
        refused(top.set_options, a, custom_missions=[{"text": "A fine text", "bonus": 4}])
        == "bad_option"
    )
    assert refused(top.set_options, a, vote_missions=False) == "bad_option"
    top.start()
    assert top.state.plan[1] == ["custom1"]
    top.advance(90_000 + 45_000 + 20_000)
    view = top.view(a)
    assert view["missions"] == [
        {"id": "custom1", "text": custom[0]["text"], "bonus": 3, "check": "vote", "claimable": True}
    ]
    to_tally(top, {a: "CAT"}, {a: ["custom1"]})
    finish_tally(top, [a, b])
    assert top.state.lines[a].trial == 3 + 3


def test_d19b_listed_word_wrongly_denounced_counts() -> None:
    top, (a, b) = table(2)
    top.start()
    to_tally(top, {a: "CAT"})
    top.move(b, "denounce", round=1, player=a)
    word = top.view(b)["words"][0]
    assert word["denunciation"] == {"result": "listed", "spellings": ["cat"]}
    assert refused(top.move, b, "denounce", round=1, player=a) == "already_denounced"
    finish_tally(top, [a, b])
    assert top.phase == SCORE and top.state.lines[a].trial == 3


def test_d19b_unlisted_denounced_word_to_vote() -> None:
    top, (a, b) = table(2)
    top.start()
    to_tally(top, {a: "QZX"})
    top.move(b, "denounce", round=1, player=a)
    assert top.view(a)["words"][0]["denunciation"] == {"result": "to_vote", "spellings": []}
    finish_tally(top, [a, b])
    assert top.phase == VOTE and top.view(a)["items"][0]["kind"] == "validity"


def test_d19b_undenounced_word_stands() -> None:
    top, (a, b) = table(2)
    top.start()
    to_tally(top, {a: "QZX"})
    assert top.view(b)["words"][0]["listed"] is None  # hidden until score
    finish_tally(top, [a, b])
    assert top.state.lines[a].trial == 3 and top.view(b)["words"][0]["listed"] is False


def test_d19b_tally_closes_when_all_pass() -> None:
    top, (a, b, c) = table(3)
    top.start()
    to_tally(top, {a: "CAT"})
    top.move(a, "pass", round=1)
    top.move(a, "pass", round=1)  # may repeat
    top.move(b, "pass", round=1)
    assert top.phase == TALLY
    top.move(c, "pass", round=1)
    assert top.phase == SCORE


def test_d19c_tied_validity_vote_keeps_the_word() -> None:
    top, (a, b) = table(2)
    top.start()
    to_tally(top, {a: "QZX"})
    top.move(b, "denounce", round=1, player=a)
    finish_tally(top, [a, b])
    _vote(top, {a: True, b: False})
    assert top.state.lines[a].void is None and top.state.lines[a].trial == 3


def test_d19d_rightly_denounced_scores_zero() -> None:
    top, (a, b, c) = table(3)
    top.start()
    to_tally(top, {a: "QZX"})
    top.move(b, "denounce", round=1, player=a)
    finish_tally(top, [a, b, c])
    _vote(top, {a: True, b: False, c: False})
    line = top.state.lines[a]
    assert line.void == "denounced" and line.trial == 0 and line.eyes_bonus == 0
    assert top.state.lines[b].trial == 0  # the denouncer gains nothing


def test_d16a_denounced_speed_word_scores_zero() -> None:
    top, (a, b, c) = table(3)
    top.start()
    set_missions(top, 1, ["speed"])
    cards = set_hand(top, a, "QZX")
    top.move(a, "play", round=1, cards=cards)
    top.move(a, "touch_speed", round=1)
    top.advance(90_000)
    top.move(b, "denounce", round=1, player=a)
    finish_tally(top, [a, b, c])
    _vote(top, {b: False, c: False})
    assert top.state.lines[a].void == "denounced" and top.state.lines[a].trial == 0


def test_d19e_strict_refuses_unlisted_and_denounce() -> None:
    top, (a, b) = table(2, validation="strict")
    top.start()
    cards = set_hand(top, a, "QZX")
    before = top.room.model_copy(deep=True) if top.room else None
    assert refused(top.move, a, "play", round=1, cards=cards) == "not_in_word_list"
    assert top.room is not None and before is not None and top.room.picks == before.picks
    to_tally(top, {a: "CAT"})
    assert top.phase == SCORE  # strict and no claim: no tally
    top, (a, b) = table(2, validation="strict")
    top.start()
    set_missions(top, 1, ["field_body"])
    to_tally(top, {a: "CAT"}, {a: ["field_body"]})
    assert top.phase == TALLY
    assert refused(top.move, b, "denounce", round=1, player=a) == "denunciation_off"


def test_d20a_tie_break_last_trial_then_shared() -> None:
    from games.dictopia.scoring import winners

    assert winners({"a": 10, "b": 10, "c": 9}, {"a": 3, "b": 5, "c": 9}) == ["b"]
    assert winners({"a": 10, "b": 10}, {"a": 4, "b": 4}) == ["a", "b"]
    assert winners({"a": 11, "b": 10}, {"a": 0, "b": 9}) == ["a"]


def test_d20a_standings_rank_as_the_winners_are_decided() -> None:
    """The result sheet's order comes from the server: by total, then the last trial; a
    tie on both shares a rank, and rank 1 is exactly the winners."""
    from games.dictopia.scoring import standings, winners

    totals, last = {"a": 10, "b": 10, "c": 9, "d": 10}, {"a": 3, "b": 5, "c": 9, "d": 3}
    ranked = [(s.id, s.rank) for s in standings(totals, last)]
    assert ranked == [("b", 1), ("a", 2), ("d", 2), ("c", 4)]
    assert [p for p, r in ranked if r == 1] == winners(totals, last)


def test_d20a_finished_view_sends_the_standings() -> None:
    top, (a, b) = table(2)
    top.start()
    for _ in range(5):
        assert top.view(a)["standings"] == []  # only once the match is over
        to_tally(top, {a: "CAT"})  # Ben files no word
        while top.phase not in ("finished", "trial"):
            top.advance(top.state.deadline - top.now)
    assert top.phase == "finished"
    for member in (a, b):
        view = top.view(member)
        standings = view["standings"]
        assert [s["id"] for s in standings] == [a, b]
        assert [s["total"] for s in standings] == [top.state.totals[a], top.state.totals[b]]
        assert [s["rank"] for s in standings] == [1, 2] and view["winners"] == [a]


def test_tally_refusals() -> None:
    top, (a, b) = table(2)
    top.start()
    to_tally(top, {a: "CAT"})
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("denounce", {"player": a}, "own_word"),
        ("dispute", {"player": a, "mission": "even"}, "own_word"),
        ("denounce", {"player": "nobody"}, "unknown_player"),
    ]
    for action, fields, code in cases:
        assert refused(top.move, a, action, round=1, **fields) == code
    assert refused(top.move, a, "denounce", round=1, player=b) == "no_word"
    assert refused(top.move, b, "dispute", round=1, player=a, mission="even") == "not_claimed"
