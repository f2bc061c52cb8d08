"""The table's rules through the toy game: membership, options, picks, timers, views.

GIVEN a room of Odd One Out (tests/support/odd_one_out.py), WHEN members act,
THEN the table enforces what every game shares and the game decides its moves.
"""

from __future__ import annotations

import pytest

from table.contract import FINISHED, LOBBY, Timer
from table.referee import AddSeat, RemoveSeat, SetOptions
from tests.support.odd_one_out import GAME, PICK_MS, REVEAL_MS
from tests.support.tabletop import Tabletop, refused


def table_of(n: int, **options: object) -> tuple[Tabletop, list[str]]:
    top = Tabletop(GAME, seed=7)
    host = top.create("Ana", options=dict(options))
    others = top.seat(*["Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"][: n - 1])
    return top, [host, *others]


def test_a_whole_match_plays_to_the_end_and_scores_the_minority() -> None:
    top, (a, b, c) = table_of(3)
    top.start()
    for round_ in (1, 2, 3):
        assert top.phase == "picking" and top.state.round == round_
        top.move(a, "pick", round=round_, choice="a")
        top.move(b, "pick", round=round_, choice="a")
        assert top.phase == "picking"  # one pick still missing
        top.move(c, "pick", round=round_, choice="b")
        assert top.phase == "reveal"  # the last pick closes picking at once
        top.advance(REVEAL_MS)
    assert top.phase == FINISHED
    assert top.state.scores == {a: 0, b: 0, c: 3}


def test_picks_are_sealed_changeable_and_seen_only_by_their_owner() -> None:
    top, (a, b, _c) = table_of(3)
    top.start()
    top.move(a, "pick", round=1, choice="a")
    top.move(a, "pick", round=1, choice="b")  # changeable until the close
    assert refused(top.move, a, "pick", round=1, choice="b") == "same_pick"
    assert top.view(a)["my_pick"] == "b"
    assert top.view(b)["my_pick"] is None
    assert top.view(b)["picked"] == 1
    assert '"b"' not in str([m for who, m in top.sent if who == b and m.get("my_pick")])


def test_deadline_closes_the_phase_and_stale_timers_change_nothing() -> None:
    top, (a, _b, _c) = table_of(3)
    top.start()
    first = top.state.phase_id
    top.move(a, "pick", round=1, choice="a")
    top.advance(PICK_MS)
    assert top.phase == "reveal"
    before = top.room
    top.fire(Timer(first, top.now))  # the picking timer, again
    assert top.room == before


def test_an_early_deadline_firing_waits_for_the_deadline() -> None:
    top, _ = table_of(3)
    top.start()
    timer = top.timers[0]
    top.fire(timer)  # fired before its time: nothing is due yet
    assert top.phase == "picking"


def test_a_late_pick_is_refused_even_before_the_timer_closes_the_phase() -> None:
    top, (a, _b, _c) = table_of(3)
    top.start()
    top.now += PICK_MS + 1000  # the timer is lost: nothing fired
    # The catch-up closes picking before the pick is judged: the room is in its reveal.
    assert refused(top.move, a, "pick", round=1, choice="a") == "wrong_phase"
    assert top.phase == "reveal"


def test_only_the_host_starts_and_only_with_enough_seats() -> None:
    top, (a, b) = table_of(2)
    assert refused(top.start, b) == "not_host"
    assert refused(top.start, a) == "not_enough_players"
    top.join("Cy")
    top.start(a)
    assert top.phase == "picking"


def test_set_options_accepts_allowed_values_and_names_a_bad_one() -> None:
    top, (a, b, _c) = table_of(3)
    top.set_options(a, rounds=5)
    assert top.view(b)["options"] == {"rounds": 5, "device": "phones"}
    with pytest.raises(Exception) as refusal:
        top.set_options(a, rounds=4)
    assert refusal.value.code == "bad_option" and refusal.value.reason == "rounds"
    assert refused(top.set_options, a, speed=1) == "bad_option"
    assert refused(top.set_options, b, rounds=3) == "not_host"
    assert top.room is not None and top.room.options == {"rounds": 5, "device": "phones"}
    top.start(a)
    assert refused(top.set_options, a, rounds=3) == "wrong_phase"


def test_a_joiner_mid_match_watches_and_takes_a_seat_after_it() -> None:
    top, (_a, _b, _c) = table_of(3)
    top.start()
    eve = top.join("Eve")
    assert top.view(eve)["me"]["role"] == "observer"
    assert refused(top.move, eve, "pick", round=1, choice="a") == "not_eligible"
    assert refused(top.take_seat, eve) == "wrong_phase"
    top.run_out()
    top.take_seat(eve)
    assert top.view(eve)["me"]["role"] == "player"


def test_leaving_mid_match_closes_a_phase_the_others_completed() -> None:
    top, (a, b, c) = table_of(3)
    top.start()
    top.move(a, "pick", round=1, choice="a")
    top.move(b, "pick", round=1, choice="b")
    top.leave(c)
    assert top.phase == "reveal"
    players = {p["id"]: p for p in top.view(a)["players"]}
    assert players[c]["active"] is False


def test_host_leaving_hands_over_to_the_longest_seated() -> None:
    top, (a, b, c) = table_of(3)
    top.leave(a)
    assert top.host == b
    assert [p["id"] for p in top.view(b)["players"]] == [b, c]


def test_kick_refuses_self_and_unknown_and_marks_the_kicked() -> None:
    top, (a, b, _c) = table_of(3)
    assert refused(top.kick, a, a) == "cannot_kick_self"
    assert refused(top.kick, a, "nobody") == "unknown_player"
    top.kick(a, b)
    assert top.room is not None and top.room.member(b) is None
    assert refused(top.resume, b) == "bad_token"


def test_names_are_unique_and_checked() -> None:
    top, _ = table_of(3)
    assert refused(top.join, "ana") == "name_taken"
    assert refused(top.join, "<b>x</b>") == "invalid_name"


def test_a_dropped_player_keeps_the_seat_and_resumes() -> None:
    top, (a, b, _c) = table_of(3)
    top.start()
    top.drop(b)
    assert {p["id"]: p["connected"] for p in top.view(a)["players"]}[b] is False
    top.resume(b)
    assert {p["id"]: p["connected"] for p in top.view(a)["players"]}[b] is True
    assert top.view(b)["phase"] == "picking"


def test_every_view_carries_the_table_fields_and_the_game() -> None:
    top, (a, _b, _c) = table_of(3)
    view = top.view(a)
    assert view["game"] == "odd" and view["phase"] == LOBBY
    assert view["options"] == {"rounds": 3, "device": "phones"}
    assert view["me"] == {"id": a, "role": "player", "host": True}


def test_set_options_may_change_the_rooms_language() -> None:
    top, (a, b, _c) = table_of(3)
    top.command(a, SetOptions({}, lang="ro"))
    assert top.view(b)["lang"] == "ro"
    assert refused(top.command, a, SetOptions({}, lang="xx")) == "unknown_deck"
    assert top.view(b)["lang"] == "ro"


def test_local_seats_are_played_on_the_hosts_device() -> None:
    """Pass-and-play: the host adds seats with no device of their own, and plays them."""
    top, (a, b, _c) = table_of(3)
    assert refused(top.command, a, AddSeat("Pat")) == "wrong_mode"  # phones: one each
    top.set_options(a, device="pass")
    assert refused(top.command, b, AddSeat("Pat")) == "not_host"
    top.command(a, AddSeat("Pat"))
    pat = next(m.id for m in top.room.members if m.name == "Pat") if top.room else ""
    assert top.view(a)["me"]["seats"] == [pat]
    assert "seats" not in top.view(b)["me"]
    seat = next(p for p in top.view(b)["players"] if p["id"] == pat)
    assert seat.get("local") is True
    assert refused(top.command, a, AddSeat("pat")) == "name_taken"
    assert refused(top.command, b, RemoveSeat(pat)) == "not_host"
    top.start()
    top.move(pat, "pick", round=1, choice="a")  # what the service does for `seat: pat`
    assert top.view(a)["picked"] == 1
    assert refused(top.command, a, RemoveSeat(pat)) == "wrong_phase"


def test_a_holder_who_leaves_takes_their_local_seats_along() -> None:
    top, (a, _b, _c) = table_of(3)
    top.set_options(a, device="pass")
    top.command(a, AddSeat("Pat"))
    top.command(a, AddSeat("Sam"))
    top.leave(a)
    assert top.room is not None and {m.name for m in top.room.members} == {"Ben", "Cy"}


def test_r1e_a_screen_is_listed_for_the_host_but_not_counted_as_watching() -> None:
    # GIVEN a match under way, a TV that joined as an observer by choice and Eve,
    # a late joiner who watches until the next match
    top, (a, b, _c) = table_of(3)
    top.start()
    tv = top.join("TV", observer=True)
    eve = top.join("Eve")
    # THEN only Eve counts as watching, for everyone, the screens included
    assert {top.view(m)["observers"] for m in (a, b, tv, eve)} == {1}
    # AND the host still sees both, the screen marked, to remove either with `kick`
    listed = {o["name"]: o["screen"] for o in top.view(a)["observer_list"]}
    assert listed == {"TV": True, "Eve": False}
    assert top.view(b)["observer_list"] is None
    top.kick(a, tv)
    assert [o["name"] for o in top.view(a)["observer_list"]] == ["Eve"]


def test_a_screen_that_takes_a_seat_is_a_player_like_any_other() -> None:
    top, (a, _b, _c) = table_of(3)
    tv = top.join("TV", observer=True)
    assert top.view(a)["observers"] == 0
    top.take_seat(tv)
    seated = top.room.member(tv) if top.room else None
    assert seated is not None and seated.screen is False
    assert top.view(a)["observers"] == 0 and top.view(a)["observer_list"] == []
