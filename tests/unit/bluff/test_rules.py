"""One test per rule and ruling of `docs/rules.md`, named after it.

GIVEN a room at a fake time with seeded randomness, WHEN members act or a
timer fires, THEN the room, the awards and every view follow the rule.
"""

from __future__ import annotations

import json
import secrets

import pytest

from games.bluff.moves import Continue, Submit, Vote
from table.contract import Timer
from table.errors import Code, Refusal
from table.referee import Kick, Leave, Start, TakeSeat
from table.room import Role
from table.text import Reason, display_form
from tests.support.bluff import DECK, NAMES, Phase, Table
from tests.support.bluff import card as _card
from wordcards import Card


def refused(code: Code, fn, *args, reason: Reason | None = None) -> None:
    with pytest.raises(Refusal) as caught:
        fn(*args)
    assert caught.value.code is code
    if reason is not None:
        assert caught.value.reason == reason


def writing(players: int = 4, seed: int = 0) -> Table:
    table = Table.seated(players, seed)
    table.start()
    return table


# --- R1 Players and match ---


def test_r1_match_is_six_rounds_of_different_cards() -> None:
    table = writing(3)
    words = []
    for _ in range(6):
        assert table.phase is Phase.WRITING
        words.append(table.view("Ana")["word"])
        table.fire()  # writing closes with no entries: voting
        table.fire()  # voting closes: reveal
        table.fire()  # reveal ends: next round or the end
    assert table.phase is Phase.FINISHED
    assert len(set(words)) == 6


def test_r1a_start_needs_three_to_twelve_active_players() -> None:
    table = Table.seated(2)
    refused(Code.NOT_ENOUGH_PLAYERS, table.act, "Ana", Start())
    table.join("Cy")
    table.start()
    assert table.phase is Phase.WRITING


def test_r1a_only_the_host_starts() -> None:
    table = Table.seated(3)
    refused(Code.NOT_HOST, table.act, "Ben", Start())


def test_r1a_host_leaving_hands_over_to_longest_seated_player() -> None:
    table = writing(4)
    table.act("Ana", Leave())
    assert table.room.host == table.ids["Ben"]
    assert table.view("Ben")["me"]["host"] is True


def test_r1b_joining_the_lobby_seats_up_to_twelve_then_observes() -> None:
    table = Table.seated(12)
    assert len(table.room.active_players) == 12
    table.join("Mo")
    assert table.room.member(table.ids["Mo"]).role is Role.OBSERVER


def test_r1b_joining_during_a_match_observes_and_may_take_a_seat_after() -> None:
    table = writing(3)
    table.join("Dee")
    dee = table.room.member(table.ids["Dee"])
    assert dee is not None and dee.role is Role.OBSERVER
    refused(Code.WRONG_PHASE, table.act, "Dee", TakeSeat())
    finish_match(table)
    table.act("Dee", TakeSeat())
    assert table.room.member(table.ids["Dee"]).role is Role.PLAYER


def test_r1b_no_seat_when_twelve_are_seated() -> None:
    table = Table.seated(12)
    table.join("Mo")
    refused(Code.NO_FREE_SEAT, table.act, "Mo", TakeSeat())


def test_r1c_no_card_repeats_until_the_deck_is_used_up() -> None:
    deck = {
        c.id: c for c in [_card(n, f"word{chr(97 + n)}", "a thing of some kind") for n in range(14)]
    }
    table = Table.seated(3, deck=deck)
    seen: list[str] = []
    for _ in range(2):  # 12 of 14 cards: all different
        table.start()
        seen += table.room.match_cards
        finish_match(table)
    assert len(set(seen)) == 12
    table.start()  # the last two, then a fresh walk that skips them
    third = table.room.match_cards
    assert len(set(third)) == 6
    assert set(deck) - set(seen) <= set(third)


def test_r1d_disconnecting_keeps_the_seat() -> None:
    table = writing(3)
    table.top.drop(table.ids["Ben"])
    ben = table.view("Ana")["players"][1]
    assert ben["connected"] is False and ben["active"] is True
    table.submit("Ben", "a wooden bucket for milk")  # still acts once back
    welcome = table.top.resume(table.ids["Ben"])
    assert welcome.member == table.ids["Ben"]
    assert table.view("Ana")["players"][1]["connected"] is True


def test_r1d_leaving_mid_match_makes_the_seat_inactive_and_keeps_its_score() -> None:
    table = writing(4)
    play_round(table, {"Ana": "truth"})
    score = table.score("Ana")
    assert score > 0
    table.fire()
    table.act("Ana", Leave())
    seat = next(p for p in table.view("Ben")["players"] if p["id"] == table.ids["Ana"])
    assert seat["active"] is False and seat["score"] == score
    refused(Code.NOT_ELIGIBLE, table.submit, "Ana", "a basket for carrying eels")
    assert table.view("Ben")["expected"] == 3


def test_r1d_leaving_the_lobby_frees_the_seat() -> None:
    table = Table.seated(3)
    table.act("Cy", Leave())
    assert table.room.member(table.ids["Cy"]) is None
    refused(Code.BAD_TOKEN, table.top.resume_token, table.top.tokens[table.ids["Cy"]])


def test_r1d_kick_makes_the_seat_inactive_and_tells_the_connection() -> None:
    table = writing(4)
    outcome = table.act("Ana", Kick(table.ids["Dee"]))
    assert table.ids["Dee"] in outcome.kicked
    assert table.room.member(table.ids["Dee"]).active is False
    refused(Code.KICKED, table.top.resume, table.ids["Dee"])
    refused(Code.NOT_HOST, table.act, "Ben", Kick(table.ids["Cy"]))
    refused(Code.UNKNOWN_PLAYER, table.act, "Ana", Kick("nobody"))


# --- R2 What a round shows ---


def test_r2_every_active_player_sees_the_word_and_note() -> None:
    table = writing(3)
    card = table.room.round.card
    for name in ("Ana", "Ben", "Cy"):
        state = table.view(name)
        assert (state["word"], state["note"]) == (card.word, card.note)


def test_r2a_nothing_secret_reaches_any_view_before_the_reveal() -> None:
    table = writing(4)
    card = table.room.round.card
    table.submit("Ana", "a heavy iron anchor for rafts")
    table.submit("Ben", "a small bird that nests in chimneys")
    texts = {
        "Ana": "a heavy iron anchor for rafts",
        "Ben": "a small bird that nests in chimneys",
    }
    for name in NAMES[:4]:
        wire = json.dumps(table.view(name))
        assert card.truth not in wire
        assert all(alias not in wire for alias in card.aliases)
        assert all(bluff not in wire for bluff in card.bluffs)
        assert all(t not in wire for n, t in texts.items() if n != name)
    table.submit("Cy", "a tax on salt paid in spring")
    table.submit("Dee", "a cloak worn by river pilots")
    assert table.phase is Phase.VOTING
    shown = {o.text for o in table.room.round.ballot}
    for name in NAMES[:4]:
        state = table.view(name)
        wire = json.dumps(state)
        assert all(alias not in wire for alias in card.aliases if alias not in shown)
        assert all(bluff not in wire for bluff in card.bluffs if bluff not in shown)
        assert '"kind"' not in wire and "writer" not in wire
        for player_id in table.ids.values():
            if player_id != table.ids[name]:
                assert wire.count(player_id) == 1  # only in the scoreboard


# --- R3 Writing ---


def test_r3_entry_is_accepted_once_and_never_replaced() -> None:
    table = writing(3)
    table.submit("Ana", "a wooden bucket for milk")
    assert table.view("Ana")["my_entry"] == "A wooden bucket for milk"  # the display form
    refused(Code.ALREADY_SUBMITTED, table.submit, "Ana", "a different idea entirely")
    assert table.view("Ana")["my_entry"] == "A wooden bucket for milk"


def test_r3a_entry_is_normalized_for_storage() -> None:
    table = writing(3)
    table.submit("Ana", "  a   cafe\u0301  bench  ")
    assert table.view("Ana")["my_entry"] == "A café bench"  # shown in the display form
    table.fire()
    assert table.room.round.entries[table.ids["Ana"]].text == "a café bench"  # stored as typed


def test_r3a_eight_and_hundred_code_points_are_allowed() -> None:
    table = writing(3)
    table.submit("Ana", "abcdefgh")
    table.submit("Ben", "ab " * 33 + "c")
    assert len(table.room.round.entries[table.ids["Ben"]].text) == 100
    refused(Code.INVALID_TEXT, table.submit, "Cy", "abcdefg", reason=Reason.TOO_SHORT)


def test_r3b_writing_closes_at_the_deadline() -> None:
    table = writing(3)
    table.submit("Ana", "a wooden bucket for milk")
    timer = table.timers[-1]
    assert (timer.phase, timer.at) == (Phase.WRITING, table.room.deadline)
    assert timer.at - table.now <= 56_000
    table.fire()
    assert table.phase is Phase.VOTING


def test_r3b_writing_closes_as_soon_as_everyone_has_written() -> None:
    table = writing(3)
    for name, text in zip(
        NAMES, ["a milk bucket", "a river eel trap", "a winter coat"], strict=False
    ):
        table.submit(name, text)
    assert table.phase is Phase.VOTING


def test_r3b_an_entry_after_the_close_is_refused() -> None:
    table = writing(3)
    table.now = table.room.deadline
    refused(Code.PHASE_CLOSED, table.submit, "Ana", "a late but lovely idea")
    table.fire()
    refused(Code.PHASE_CLOSED, table.submit, "Ana", "a late but lovely idea")
    assert table.room.round.entries == {}


def test_r3c_a_second_submit_is_refused_and_the_first_stands() -> None:
    table = writing(3)
    table.submit("Ben", "a hat for rainy days")
    refused(Code.ALREADY_SUBMITTED, table.submit, "Ben", "a hat for sunny days")
    assert table.room.round.entries[table.ids["Ben"]].text == "a hat for rainy days"


# --- R4 What is refused ---


def test_r4_a_refused_text_leaves_no_trace_and_may_be_retried() -> None:
    table = writing(3)
    before = table.room.model_dump()
    refused(Code.INVALID_TEXT, table.submit, "Ana", "see https://x.io now", reason=Reason.URL)
    refused(Code.INVALID_TEXT, table.submit, "Ana", "call +1 555 123 4567", reason=Reason.PHONE)
    assert table.room.model_dump() == before
    table.submit("Ana", "a wooden bucket for milk")
    assert table.view("Ana")["my_entry"] == "A wooden bucket for milk"


def test_r4b_names_are_checked_like_definitions() -> None:
    table = Table.seated(1)
    refused(Code.INVALID_NAME, table.join, "bob.com", reason=Reason.URL)
    refused(Code.INVALID_NAME, table.join, "<b>x</b>", reason=Reason.MARKUP)
    refused(Code.INVALID_NAME, table.join, "x" * 25, reason=Reason.TOO_LONG)


def test_r4b_names_are_unique_by_comparison_key() -> None:
    table = Table.seated(2)
    refused(Code.NAME_TAKEN, table.join, " ana! ")
    refused(Code.NAME_TAKEN, table.join, "BEN")


# --- R5 Comparison, R6 Truth, R7 Matching bluffs ---


def test_r5_truth_in_other_case_and_punctuation_matches() -> None:
    table = writing(3)
    truth = table.truth()
    table.submit("Ana", truth.upper().replace(" ", "  ") + "!!")
    table.submit("Ben", "a wooden bucket for milk")
    table.submit("Cy", "a winter coat of wool")
    assert table.room.round.voters == [table.ids["Ben"], table.ids["Cy"]]


def _deck_with(truth: str, aliases: tuple[str, ...] = ()) -> dict[str, Card]:
    deck = dict(DECK)
    deck["en-0001"] = _card(1, "gongoozler", truth, aliases)
    return {k: deck[k] for k in sorted(deck)}


def _round_with_card(truth: str, aliases: tuple[str, ...] = ()) -> Table:
    deck = _deck_with(truth, aliases)
    table = Table.seated(4, deck=deck)
    table.start()
    # Make round 1 play the card under test, whatever the draw.
    assert table.room.round is not None
    table.play_card(deck["en-0001"])
    return table


def test_r5a_yo_and_ye_are_grouped() -> None:
    table = _round_with_card("a small songbird of the woods")
    table.submit("Ana", "Ёлка в снегу у дома")
    table.submit("Ben", "елка в снегу у дома")
    table.submit("Cy", "a winter coat of wool")
    table.submit("Dee", "a basket for eels")
    assert [g["writers"] for g in reveal_of(table)["groups"]] == [
        [table.ids["Ana"], table.ids["Ben"]]
    ]


def test_r5a_ano_and_año_are_kept_apart() -> None:
    table = _round_with_card("a small songbird of the woods")
    table.submit("Ana", "el primer año del rey")
    table.submit("Ben", "el primer ano del rey")
    table.submit("Cy", "a winter coat of wool")
    table.submit("Dee", "a basket for eels")
    assert reveal_of(table)["groups"] == []
    assert len(table.room.round.ballot) == 5


def test_r5a_café_and_cafe_are_grouped() -> None:
    table = _round_with_card("a small songbird of the woods")
    table.submit("Ana", "a café bench by the sea")
    table.submit("Ben", "A cafe bench, by the sea")
    table.submit("Cy", "a winter coat of wool")
    table.submit("Dee", "a basket for eels")
    assert len(reveal_of(table)["groups"]) == 1


def test_r6_truth_match_is_accepted_without_hint_off_ballot_1000_and_no_vote() -> None:
    table = _round_with_card(
        "a person who idly watches canal boats", ("someone who watches boats",)
    )
    plain = table.submit("Ben", "a wooden bucket for milk")
    hit = table.submit("Ana", "Someone who watches boats.")
    assert plain.effects == hit.effects == []
    ana, ben = table.view("Ana"), table.view("Ben")
    assert set(ana) == set(ben) and ana["my_entry"] == "Someone who watches boats"
    table.submit("Cy", "a winter coat of wool")
    table.submit("Dee", "a basket for eels")
    ballot_texts = [o.text for o in table.room.round.ballot]
    assert "Someone who watches boats" not in ballot_texts
    assert table.view("Ana")["can_vote"] is False
    refused(Code.NOT_ELIGIBLE, table.vote, "Ana", table.option(kind="truth"))
    for name in ("Ben", "Cy", "Dee"):
        table.vote(name, table.option(kind="truth"))
    assert reveal_of(table)["awards"][table.ids["Ana"]] == 1000
    assert reveal_of(table)["truth_writers"] == [
        {"player": table.ids["Ana"], "text": "Someone who watches boats"}
    ]


def test_r7_matching_group_is_dropped_symmetrically() -> None:
    for first, second in (("Ana", "Ben"), ("Ben", "Ana")):  # arrival order changes nothing
        table = _round_with_card("a small songbird of the woods")
        table.submit(first, "a hat for rainy days")
        table.submit(second, "A hat, for rainy days!")
        table.submit("Cy", "a winter coat of wool")
        table.submit("Dee", "a basket for eels")
        texts = [o.text for o in table.room.round.ballot]
        assert not any("hat" in t for t in texts)
        group = reveal_of(table)["groups"][0]
        assert group["writers"] == [table.ids["Ana"], table.ids["Ben"]]


def test_r7_group_writers_score_zero_for_writing_and_7a_may_vote() -> None:
    table = _round_with_card("a small songbird of the woods")
    table.submit("Ana", "a hat for rainy days")
    table.submit("Ben", "a hat for rainy days")
    table.submit("Cy", "a winter coat of wool")
    table.submit("Dee", "a basket for eels")
    assert table.view("Ana")["can_vote"] is True
    table.vote("Ana", table.bluff_of("Cy"))
    table.vote("Ben", table.bluff_of("Cy"))
    table.vote("Cy", table.option(kind="truth"))
    table.vote("Dee", table.option(kind="truth"))
    awards = table.view("Ana")["reveal"]["awards"]
    assert awards == {
        table.ids["Ana"]: 0,
        table.ids["Ben"]: 0,
        table.ids["Cy"]: 2000,
        table.ids["Dee"]: 1000,
    }


# --- R8 Missing the deadline ---


def test_r8_a_skipper_gets_nothing_fabricated_scores_zero_and_still_votes() -> None:
    table = writing(3)
    table.submit("Ana", "a wooden bucket for milk")
    table.submit("Ben", "a winter coat of wool")
    table.fire()
    assert table.room.round.entries.keys() == {table.ids["Ana"], table.ids["Ben"]}
    assert table.view("Cy")["can_vote"] is True
    table.vote("Cy", table.bluff_of("Ana"))
    table.fire()
    shown = reveal_of(table)
    assert shown["skipped"] == [table.ids["Cy"]]
    assert shown["awards"][table.ids["Cy"]] == 0


def test_r8a_progress_is_shown_only_as_counts() -> None:
    table = writing(4)
    table.submit("Ana", "a wooden bucket for milk")
    state = table.view("Ben")
    assert (state["ready"], state["expected"]) == (1, 4)
    assert all(
        set(p) == {"id", "name", "score", "connected", "host", "active"} for p in state["players"]
    )


def test_r8a_writing_names_the_seats_still_writing_and_voting_only_counts() -> None:
    """The TV can say whom the room waits for while writing; never who has voted."""
    table = writing(4)
    ids = table.ids
    assert table.view("Ana")["still_writing"] == [ids[n] for n in ("Ana", "Ben", "Cy", "Dee")]
    table.submit("Cy", "a wooden bucket for milk")
    table.submit("Ana", "a basket for eels")
    for name in ("Ana", "Ben", "Cy", "Dee"):
        assert table.view(name)["still_writing"] == [ids["Ben"], ids["Dee"]]
    table.act("Dee", Leave())  # nobody waits for a seat that left
    assert table.view("Ana")["still_writing"] == [ids["Ben"]]
    table.submit("Ben", "a winter coat of wool")
    state = table.view("Ana")
    assert state["phase"] == "voting" and state["still_writing"] is None
    assert (state["votes_in"], state["voters"]) == (0, 3)
    assert not any(isinstance(v, list) and ids["Ana"] in v for v in state.values())


# --- R9 The ballot ---


def test_r9_ballot_is_topped_up_with_fallbacks_to_exactly_four() -> None:
    table = _round_with_card("a small songbird of the woods")
    table.submit("Ana", "a wooden bucket for milk")
    table.submit("Ben", "a small copper pot used for slow stews")  # the first fallback's text
    table.fire()
    kinds = sorted(o.kind for o in table.room.round.ballot)
    assert kinds == ["bluff", "bluff", "fallback", "truth"]
    fallback = next(o for o in table.room.round.ballot if o.kind == "fallback")
    # Ruling 9a: the first fallback matches an entry, so the second one is used.
    assert fallback.text == "A shepherd's whistle carved from horn"


def test_r9_no_fallbacks_when_players_fill_the_ballot() -> None:
    table = writing(4)
    for name, text in zip(
        NAMES, ["a milk bucket", "an eel trap", "a winter coat", "a tin lid"], strict=False
    ):
        table.submit(name, text)
    assert sorted(o.kind for o in table.room.round.ballot) == ["bluff"] * 4 + ["truth"]


def test_r9a_fallbacks_skip_the_truth_aliases_entries_and_each_other() -> None:
    bluffs = (
        "A person who idly watches canal boats!",  # the truth, other case
        "someone who watches boats",  # an alias
        "a small copper pot",
        "a small copper pot.",  # same key as the one before
        "a shepherd's whistle",
        "a grumpy neighbour",
    )
    card = Card(
        id="en-0001",
        word="gongoozler",
        note="noun",
        truth="a person who idly watches canal boats",
        aliases=("someone who watches boats",),
        bluffs=bluffs,
    )
    table = _round_with_card(card.truth)
    table.play_card(card)
    table.fire()
    fallbacks = [o.text for o in table.room.round.ballot if o.kind == "fallback"]
    assert sorted(fallbacks) == ["A grumpy neighbour", "A shepherd's whistle", "A small copper pot"]


def test_r9b_ids_are_fresh_random_and_the_order_is_shuffled() -> None:
    positions: set[int] = set()
    all_ids: set[str] = set()
    for seed in range(20):
        table = writing(3, seed)
        table.fire()
        ballot = table.room.round.ballot
        positions.add(next(i for i, o in enumerate(ballot) if o.kind == "truth"))
        for option in ballot:
            assert len(option.id) == 11 and option.id.isascii()
            assert option.id not in all_ids
            all_ids.add(option.id)
    assert positions == {0, 1, 2, 3}


def test_r9b_the_production_rng_is_secure() -> None:
    table = writing(3)
    table.top.rng = secrets.SystemRandom()
    table.fire()
    assert len(table.room.round.ballot) == 4


# --- R10 Voting ---


def test_r10_a_unique_bluffs_writer_cannot_choose_it() -> None:
    table = writing(3)
    table.submit("Ana", "a wooden bucket for milk")
    table.fire()
    state = table.view("Ana")
    mine = [o for o in state["ballot"] if o["mine"]]
    assert [o["text"] for o in mine] == ["A wooden bucket for milk"]
    refused(Code.OWN_OPTION, table.vote, "Ana", mine[0]["id"])
    assert not any(o["mine"] for o in table.view("Ben")["ballot"])


def test_r10_observers_do_not_vote() -> None:
    table = writing(3)
    table.join("Dee")
    table.fire()
    assert table.view("Dee")["can_vote"] is False
    refused(Code.NOT_ELIGIBLE, table.vote, "Dee", table.option(kind="truth"))


def test_r10a_a_vote_is_final() -> None:
    table = writing(3)
    table.fire()
    table.vote("Ana", table.option(kind="truth"))
    refused(Code.ALREADY_VOTED, table.vote, "Ana", table.option(kind="fallback"))
    assert table.view("Ana")["my_vote"] == table.option(kind="truth")


def test_r10a_voting_closes_when_every_eligible_voter_has_voted() -> None:
    table = writing(3)
    table.fire()
    for name in ("Ana", "Ben"):
        table.vote(name, table.option(kind="truth"))
    assert table.phase is Phase.VOTING and table.view("Cy")["votes_in"] == 2
    table.vote("Cy", table.option(kind="truth"))
    assert table.phase is Phase.REVEAL


def test_r10a_voting_closes_at_the_deadline() -> None:
    table = writing(3)
    table.fire()
    table.vote("Ana", table.option(kind="truth"))
    assert table.timers[-1].phase is Phase.VOTING
    table.fire()
    assert table.phase is Phase.REVEAL


def test_r10a_voting_is_skipped_when_nobody_is_eligible() -> None:
    table = writing(3)
    truth = table.truth()
    for name in ("Ana", "Ben", "Cy"):
        table.submit(name, truth)
    assert table.phase is Phase.REVEAL
    assert all(reveal_of(table)["awards"][table.ids[n]] == 1000 for n in ("Ana", "Ben", "Cy"))


def test_r10b_refusals() -> None:
    table = writing(3)
    refused(Code.WRONG_PHASE, table.vote, "Ana", "x")
    table.fire()
    refused(Code.UNKNOWN_OPTION, table.vote, "Ana", "0" * 16)
    refused(Code.STALE_ROUND, table.act, "Ana", Vote(round=0, option=table.option(kind="truth")))
    table.act("Ana", Kick(table.ids["Cy"]))
    refused(Code.NOT_ELIGIBLE, table.vote, "Cy", table.option(kind="truth"))
    truth = table.option(kind="truth")
    voting_timer = table.timers[-1]
    table.now = table.room.deadline
    refused(Code.PHASE_CLOSED, table.vote, "Ben", truth)
    table.fire_at(voting_timer.phase_id, voting_timer.at)  # the timer, after the catch-up
    refused(Code.PHASE_CLOSED, table.vote, "Ben", truth)


# --- R11 Scoring ---


def test_r11_four_player_round_with_scripted_votes_and_exact_awards() -> None:
    table = _round_with_card(
        "a person who idly watches canal boats", ("someone who watches boats",)
    )
    table.submit("Ana", "a wooden bucket for milk")
    table.submit("Ben", "a winter coat of wool")
    table.submit("Cy", "a basket for eels")
    table.submit("Dee", "someone who watches boats")  # the alias: 1000, does not vote
    table.vote("Ana", table.bluff_of("Ben"))  # Ben fools Ana: +500
    table.vote("Ben", table.option(kind="truth"))  # Ben finds the truth: +1000
    table.vote("Cy", table.bluff_of("Ben"))  # Ben fools Cy: +500
    assert table.phase is Phase.REVEAL
    assert reveal_of(table)["awards"] == {
        table.ids["Ana"]: 0,
        table.ids["Ben"]: 2000,
        table.ids["Cy"]: 0,
        table.ids["Dee"]: 1000,
    }
    assert [table.score(n) for n in ("Ana", "Ben", "Cy", "Dee")] == [0, 2000, 0, 1000]


def test_r11_fallbacks_and_wrong_votes_score_nothing() -> None:
    table = writing(3)
    table.fire()
    for name in ("Ana", "Ben", "Cy"):
        table.vote(name, table.option(kind="fallback"))
    assert set(reveal_of(table)["awards"].values()) == {0}


# --- R12 The reveal ---


def test_r12_reveal_shows_everything_with_timed_beats() -> None:
    table = writing(3)
    table.submit("Ana", "a wooden bucket for milk")
    table.fire()
    table.vote("Ben", table.bluff_of("Ana"))
    table.fire()
    shown = table.view("Cy")["reveal"]
    assert (
        shown["truth"] == display_form(table.truth())
        and shown["word"] == table.room.round.card.word
    )
    assert shown["aliases"] == [display_form(a) for a in table.room.round.card.aliases]
    ana = next(o for o in shown["options"] if o["writers"] == [table.ids["Ana"]])
    assert ana["kind"] == "bluff" and ana["voters"] == [table.ids["Ben"]]
    assert shown["skipped"] == [table.ids["Ben"], table.ids["Cy"]]
    assert shown["totals"] == {table.ids[n]: table.score(n) for n in ("Ana", "Ben", "Cy")}
    # The show (test_reveal_show.py has the rest): each lie or decoy, then the
    # truth, the points and the totals, all inside the 20 s reveal.
    cues = [b["cue"] for b in shown["beats"]]
    assert cues == ["voters", "writer"] * (len(shown["options"]) - 1) + [
        "truth",
        "awards",
        "totals",
    ]
    assert all(table.now < b["at"] < table.room.deadline for b in shown["beats"])


def test_r12a_continue_before_six_seconds_is_too_early() -> None:
    table = writing(3)
    table.fire()
    table.fire()
    refused(Code.TOO_EARLY, table.cont)
    table.tick(5_999)
    refused(Code.TOO_EARLY, table.cont)
    refused(Code.NOT_HOST, table.cont, "Ben")
    table.tick(1)
    table.cont()
    assert (table.phase, table.round) == (Phase.WRITING, 2)


def test_r12a_the_reveal_ends_by_itself_after_twenty_seconds() -> None:
    table = writing(3)
    table.fire()
    table.fire()
    timer = table.timers[-1]
    assert timer.phase is Phase.REVEAL and timer.at - table.now <= 21_000
    table.fire()
    assert (table.phase, table.round) == (Phase.WRITING, 2)


def test_r12a_the_match_ends_after_the_sixth_reveal() -> None:
    table = writing(3)
    finish_match(table)
    state = table.view("Ana")
    assert state["phase"] == "finished" and state["deadline"] is None
    assert len(state["history"]) == 6 and state["reveal"] is not None


def test_r12b_a_late_joiner_sees_nothing_of_the_round_until_its_reveal() -> None:
    table = writing(3)
    table.submit("Ana", "a wooden bucket for milk")
    table.tick(1)
    table.join("Dee")
    state = table.view("Dee")
    assert state["word"] is None and state["note"] is None and state["my_entry"] is None
    table.fire()
    state = table.view("Dee")
    assert state["ballot"] is None and state["word"] is None
    table.fire()
    state = table.view("Dee")
    assert state["reveal"]["word"] == table.room.round.card.word
    table.fire()
    assert table.view("Dee")["word"] == table.room.round.card.word


def test_r12c_resume_restores_the_seat_with_own_entry_and_vote() -> None:
    table = writing(3)
    table.submit("Ben", "a winter coat of wool")
    table.fire()
    table.vote("Ben", table.option(kind="truth"))
    table.top.drop(table.ids["Ben"])
    welcome = table.top.resume(table.ids["Ben"])
    assert (welcome.member, welcome.role) == (table.ids["Ben"], Role.PLAYER)
    state = table.view("Ben")
    assert state["my_entry"] == "A winter coat of wool"
    assert state["my_vote"] == table.option(kind="truth")
    refused(Code.BAD_TOKEN, table.top.resume_token, "0" * 32)


def test_r12c_tokens_are_stored_only_as_hashes() -> None:
    table = Table.seated(3)
    dumped = json.dumps(table.room.model_dump())
    assert all(token not in dumped for token in table.tokens.values())
    assert all(len(token) == 32 for token in table.tokens.values())  # 128 bits


# --- R13 Winning ---


def test_r13_the_highest_total_wins() -> None:
    table = writing(3)
    for _ in range(6):
        play_round(table, {"Ana": "truth", "Ben": "fallback", "Cy": "fallback"})
        table.fire()
    assert table.view("Cy")["winners"] == [table.ids["Ana"]]


def test_r13_a_three_way_shared_victory() -> None:
    table = writing(4)
    for _ in range(6):
        play_round(table, {"Ana": "truth", "Ben": "truth", "Cy": "truth", "Dee": "fallback"})
        table.fire()
    winners = table.view("Dee")["winners"]
    assert winners == [table.ids["Ana"], table.ids["Ben"], table.ids["Cy"]]
    assert {table.score(n) for n in ("Ana", "Ben", "Cy")} == {6000}


def test_r13a_a_rematch_starts_every_total_at_zero() -> None:
    table = writing(3)
    for _ in range(6):
        play_round(table, {"Ana": "truth", "Ben": "truth", "Cy": "truth"})
        table.fire()
    assert table.score("Ana") == 6000
    table.start()
    assert (table.phase, table.round) == (Phase.WRITING, 1)
    assert [p["score"] for p in table.view("Ana")["players"]] == [0, 0, 0]
    assert table.view("Ana")["history"] is None


# --- Deadlines ---


def test_deadlines_are_whole_seconds_rounded_up() -> None:
    table = Table.seated(3)
    table.now += 1_234
    table.start()
    assert table.room.deadline == table.timers[-1].at
    assert table.room.deadline % 1000 == 0 and table.room.deadline >= table.now + 55_000


def test_stale_early_and_duplicate_deadlines_change_nothing() -> None:
    table = writing(3)
    writing_timer = table.timers[-1]
    before = table.room.model_dump()
    table.top.fire(Timer(writing_timer.phase_id, writing_timer.at))  # early: not due yet
    assert table.room.model_dump() == before
    table.fire()
    before = table.room.model_dump()
    for phase_id, at in ((writing_timer.phase_id, writing_timer.at), (0, 10**13)):
        table.fire_at(phase_id, at)  # a duplicate of the writing timer; one from long ago
    assert table.room.model_dump() == before


def test_time_scale_shortens_every_phase() -> None:
    table = Table.seated(3)
    table.top.scale = 0.1
    table.start()
    assert table.timers[-1].at - table.now <= 6_500
    table.fire()
    table.fire()
    assert table.room.continue_at - table.now == 600


def test_refusals_for_strangers_and_the_wrong_phase() -> None:
    table = Table.seated(3)
    refused(Code.NAME_TAKEN, table.join, "Cy")
    refused(Code.WRONG_PHASE, table.act, "Ana", Continue(round=0))
    refused(Code.WRONG_PHASE, table.act, "Ana", Submit(round=0, text="a wooden bucket"))
    refused(Code.NOT_IN_ROOM, table.act, "p000000000000", Start())


# --- helpers ---


def reveal_of(table: Table) -> dict:
    """Close whatever is open until the reveal, and return it."""
    while table.phase in (Phase.WRITING, Phase.VOTING):
        table.fire()
    assert table.room.round is not None and table.room.round.revealed
    return table.view(NAMES[0])["reveal"]


def play_round(table: Table, votes: dict[str, str]) -> None:
    """Everyone skips writing; each named player votes for the option of that kind."""
    table.fire()
    for name, kind in votes.items():
        table.vote(name, table.option(kind=kind))
    if table.phase is Phase.VOTING:
        table.fire()


def finish_match(table: Table) -> None:
    while table.phase is not Phase.FINISHED:
        table.fire()


def test_r1b_a_screen_may_join_the_lobby_as_an_observer() -> None:
    table = Table.seated(3)
    tv = table.join("TV", observer=True)
    assert table.room.member(tv).role is Role.OBSERVER
    assert len(table.room.active_players) == 3


def test_countdowns_know_when_the_phase_began() -> None:
    table = writing(3)
    state = table.view("Ana")
    assert state["phase_started_at"] == table.now
    assert state["deadline"] - state["phase_started_at"] >= 55_000
