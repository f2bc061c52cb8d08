"""Random games of 3-20 seats under every option, with random moves, drops, leaves,
flags and duplicated or stale timer firings; every message to every member is searched.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games.impostor import draw, seats
from games.impostor.cards import CARD_BYTES
from table.contract import Timer
from table.errors import Refusal
from tests.support.tabletop import Tabletop
from tests.unit.impostor.helpers import CLUES, DECK, GAME, table

OPTIONS = st.fixed_dictionaries(
    {
        "play": st.sampled_from(["phones", "pass", "host"]),
        "hint": st.sampled_from(["category", "grid", "none"]),
        "impostors": st.sampled_from(["auto", "surprise"]),
        "clues": st.sampled_from(["typed", "spoken"]),
        "laps": st.sampled_from([2, "open"]),
        "vote": st.sampled_from(["phones", "point", "lap"]),
        "fair_rotation": st.booleans(),
        "rounds": st.sampled_from([2, 3, 4]),
        "clue_seconds": st.sampled_from([15, 30]),
    }
)
GAMES = st.tuples(
    st.integers(3, 20),
    OPTIONS,
    st.integers(0, 10**6),
    st.lists(st.integers(0, 10**6), min_size=30, max_size=120),
)
# Rolls that drive a game mostly forward: with the examples below, every property also
# plays a 12-seat `pass` table voting by lap and a `host` table voting by pointing through
# deal, clues, discussion, ballot, guess and reveal, whatever the random draws cover.
ROLLS = [(i * 7919 + 23) % 10**6 for i in range(120)]
SHARED_PHONE = {
    "hint": "none",
    "impostors": "surprise",
    "clues": "spoken",
    "laps": "open",
    "fair_rotation": True,
    "rounds": 3,
    "clue_seconds": 15,
}


def shared_phones(test: Any) -> Any:
    for play, vote in (("pass", "lap"), ("host", "point")):
        test = example((12, {**SHARED_PHONE, "play": play, "vote": vote}, 5, ROLLS))(test)
    return test


FAST = settings(
    max_examples=20,
    deadline=None,
    derandomize=True,  # the same games on every run
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def secret_texts(top: Tabletop) -> list[str]:
    state = top.state
    if state.round is None or state.round.outcome is not None:
        return []
    word = DECK.category(state.round.category).word(state.round.word)
    texts = [*GAME.secrets(state, top.room.table()), *(t for _, t in DECK.translations[word.id])]
    return [t.casefold() for t in texts]


def scrub(message: dict[str, Any]) -> str:
    """The message without what players typed (shown as typed, Secrecy exceptions), nor the
    public grid, where the word hides among 15 others (ruling 3d), nor the game's name."""
    m = json.loads(json.dumps(message))
    m["game"] = None
    if (m.get("options") or {}).get("hint") == "grid":
        m["grid"] = None
    for clue in m.get("clues") or []:
        clue["text"] = None
    if m.get("guess"):
        m["guess"]["text"] = None
        m["guess"].pop("word", None)  # the judge's own, checked by `judge_word_only`
    return json.dumps(m, ensure_ascii=False).casefold()


def progress(top: Tabletop, live: list[str], r: int) -> None:
    """What the table would do next in this phase, so that random games reach every phase
    and every outcome: a seat is dealt, a clue given, the vote called, a vote cast (for an
    impostor now and then), the guess made or judged, the reveal left."""
    state, view = top.state, top.view(top.host)
    rnd, phase = state.round, top.phase
    if rnd is None or not live:
        return
    picks = top.room.current_picks()
    if phase == "deal":
        seat = view["dealing"] or next((s for s in live if s not in picks), live[0])
        top.move(seat, "seen", round=rnd.no)
    elif phase == "clues" and view["turn"] and state.flag is None:
        t = view["turn"]
        if view["options"]["play"] == "phones" and view["options"]["clues"] == "typed":
            text = CLUES[r % len(CLUES)]
            top.move(t["seat"], "clue", round=rnd.no, turn=t["no"], text=text)
        else:
            top.move(top.host, "next_turn", round=rnd.no, turn=t["no"])
    elif phase == "discussion":
        top.move(top.host, "call_vote", round=rnd.no)
    elif phase == "voting" and view["ballot"]:
        b = view["ballot"]
        wanted = [c for c in b["candidates"] if c in rnd.impostors] if r % 3 else []
        if b["style"] == "point":
            accused = (wanted or b["candidates"])[(r // 3) % len(wanted or b["candidates"])]
            pointers = [s for s in live if s != accused][: 1 + r % 4]
            point = {"accused": accused, "pointers": pointers}
            top.move(top.host, "record_point", round=rnd.no, ballot=b["no"], **point)
            return
        voter = b["lap_seat"] or next((s for s in live if s not in picks), None)
        choices = [c for c in (wanted or b["candidates"]) if c != voter] or [
            c for c in b["candidates"] if c != voter
        ]
        if voter is not None and choices:
            target = choices[(r // 3) % len(choices)]
            top.move(voter, "vote", round=rnd.no, ballot=b["no"], target=target)
    elif phase in ("guess", "judging") and rnd.guess is not None:
        judge = view["guess"]["judge"]
        if phase == "guess" and view["options"]["play"] == "phones":
            text = [rnd.word_text, "zzz", rnd.word_text.upper() + "x"][r % 3]
            top.move(rnd.guess.by, "guess", round=rnd.no, text=text)
        elif judge is not None:
            top.move(judge, "judge_guess", round=rnd.no, correct=bool(r % 2))
        else:
            top.advance(20_000)
    elif phase == "reveal" and rnd.continue_at is not None and top.now < rnd.continue_at:
        top.advance(rnd.continue_at - top.now)
    elif phase == "reveal":
        top.move(top.host, "continue", round=rnd.no)


def step(top: Tabletop, ids: list[str], r: int) -> None:
    """One thing happens at the table: what comes next, or something random."""
    state = top.state
    live = [s for s in ids if top.room.member(s) and top.room.member(s).active]
    anyone = live[r % len(live)] if live else top.host
    other = ids[(r // 7) % len(ids)]
    kind = r % 37
    if kind >= 23:
        progress(top, live, r)
        return
    no = state.round.no if state.round else 1
    view = top.view(top.host)
    if kind < 4:
        top.advance((r % 40) * 1000)
    elif kind == 4 and r % 5 == 0 and len(live) > 3:
        top.leave(anyone)
    elif kind == 5:  # a device drops or comes back: a local seat's is the host's
        device = anyone if anyone in top.tokens else top.host
        top.drop(device) if r % 2 else top.resume(device)
    elif kind == 6 and top.timers:  # a duplicated or stale firing
        t = top.timers[0]
        top.fire(Timer(t.phase_id - (r % 2), top.now, t.key))
    elif kind == 7:
        top.move(anyone, "flag_word", round=no, speaker=other)
    elif kind == 8:
        top.move(top.host, "rule_word", round=no, speaker=None if r % 9 else other)
    elif kind == 9:
        top.move(anyone, "peek", round=no)
    elif kind in (10, 11):
        seat = view["dealing"] or anyone
        top.move(seat, "seen", round=no)
    elif kind in (12, 13) and view["turn"]:
        t = view["turn"]
        top.move(t["seat"], "clue", round=no, turn=t["no"], text=CLUES[r % len(CLUES)])
    elif kind == 14 and view["turn"]:
        top.move(
            top.host if r % 2 else view["turn"]["seat"],
            "next_turn",
            round=no,
            turn=view["turn"]["no"],
        )
    elif kind == 15:
        top.move(top.host if r % 2 else anyone, "call_vote", round=no)
    elif kind in (16, 17) and view["ballot"]:
        b = view["ballot"]
        voter = b["lap_seat"] or anyone
        top.move(
            voter,
            "vote",
            round=no,
            ballot=b["no"],
            target=b["candidates"][r % len(b["candidates"])],
        )
    elif kind == 18 and view["ballot"]:
        b = view["ballot"]
        accused = b["candidates"][r % len(b["candidates"])]
        pointers = [s for s in live if s != accused][: 1 + r % 3]
        if r % 4 == 0:
            top.move(top.host, "record_point", round=no, ballot=b["no"], tied=b["candidates"][:2])
        else:
            top.move(
                top.host,
                "record_point",
                round=no,
                ballot=b["no"],
                accused=accused,
                pointers=pointers,
            )
    elif kind == 19 and state.round and state.round.guess:
        word = state.round.word_text
        top.move(
            state.round.guess.by, "guess", round=no, text=[word, "zzz", word.upper() + "x"][r % 3]
        )
    elif kind == 20 and view["guess"]:
        top.move(view["guess"]["judge"] or anyone, "judge_guess", round=no, correct=bool(r % 2))
    elif kind == 21:
        top.move(top.host, "continue", round=no)
    elif kind == 22 and r % 9 == 0:
        top.move(top.host, "end_match")
    else:
        top.move(anyone, "ready_vote", round=no)


def play(n: int, options: dict[str, Any], seed: int, rolls: list[int], check: Any) -> Tabletop:
    top, ids = table(n, seed, **options)
    top.start()
    for r in rolls:
        if top.phase == "finished" or top.room.host is None:
            break  # over, or the one device holding every seat has left
        before_sent = len(top.sent)
        room = top.room.model_copy(deep=True)
        secrets = secret_texts(top)
        try:
            step(top, ids, r)
        except Refusal:
            assert top.room == room  # a refusal changes nothing
        check(top, top.sent[before_sent:], secrets)
    top.run_out()
    check(top, [], [])
    return top


ROLE_WORDS = ('"civilian"', '"impostor"')  # a role as a value, or the `accused` flag


@FAST
@given(GAMES)
@shared_phones
def test_prop_no_secret_before_reveal(game: Any) -> None:
    """The Secrecy list in every `state` to every member: the word, its aliases and
    translations, the category under `none`; before the ballot result no role at all
    (whose partners follow from roles; shape 2 is `test_prop_state_independent_of_roles`);
    the Surprise count; anyone else's vote before its ballot closes."""

    def check(top: Tabletop, new: list[Any], secrets: list[str]) -> None:
        later = secret_texts(top)
        surprise = top.room.options["impostors"] == "surprise"
        for who, message in new:
            if message["type"] == "card":
                continue
            judge_word_only(top, who, message, secrets)
            text = scrub(message)
            for secret in set(secrets) & set(later) if later else []:
                assert secret not in text, (who, secret)
            if message.get("reveal") is None:
                assert not (surprise and message["round"] and message["impostors"]), who
                if message.get("accused") is None:
                    assert not any(word in text for word in ROLE_WORDS), who
            if message.get("ballot"):  # open: counts only, and one's own vote
                assert set(message["ballot"]) == set(BALLOT_KEYS)
                own = message["my_vote"]
                assert own is None or own == top.room.current_picks().get(who, own)

    play(*game, check)


def judge_word_only(top: Tabletop, who: str, message: dict[str, Any], secrets: list[str]) -> None:
    """The one secret `state` may carry before the reveal: the word, to the judge of a
    typed guess on their own phone, once the guess is in (`judging`); a civilian's."""
    guess = message.get("guess") or {}
    if "word" not in guess:
        return
    assert message["phase"] == "judging" and who == guess["judge"], who
    assert top.room.options["play"] == "phones", who
    assert who not in top.state.round.impostors, who
    assert guess["word"].casefold() in secrets, who


BALLOT_KEYS = ("no", "style", "candidates", "votes_in", "voters", "extended", "lap_seat")


@FAST
@given(GAMES)
@shared_phones
def test_prop_state_independent_of_roles(game: Any) -> None:
    def check(top: Tabletop, new: list[Any], secrets: list[str]) -> None:
        state = top.state
        r = state.round
        if r is None or r.outcome is not None or r.accused is not None or not state.in_match:
            return
        civ = next((s for s in r.seats if s not in r.impostors), None)
        if civ is None:
            return
        swapped = top.room.model_copy(deep=True)
        raw = swapped.state["round"]
        imp = raw["impostors"][0]
        raw["impostors"] = [civ if s == imp else s for s in raw["impostors"]]
        before = [json.dumps(top.view(m.id)) for m in top.room.members]
        original, top.room = top.room, swapped
        try:
            after = [json.dumps(top.view(m.id)) for m in top.room.members]
        finally:
            top.room = original
        assert before == after

    play(*game, check)


@FAST
@given(GAMES)
@shared_phones
def test_prop_card_always_1200_bytes(game: Any) -> None:
    """Every card is 1200 bytes of the same keys, goes to its own seat only (a local seat's
    reaches its holder's device), says that seat's role, and on a shared phone comes only
    for the seat being dealt (a peek changes nothing, so the room after it is the room it
    was answered on)."""

    def check(top: Tabletop, new: list[Any], secrets: list[str]) -> None:
        for who, message in new:
            if message["type"] == "card":
                card = json.dumps(message["card"], ensure_ascii=False, separators=(",", ":"))
                assert len(card.encode()) == CARD_BYTES
                assert list(message["card"]) == ["role", "category", "word", "grid", "pad"]
                r = top.state.round
                assert message["seat"] == who and message["round"] == r.no
                role = "impostor" if who in r.impostors else "civilian"
                assert message["card"]["role"] == role
                assert message["card"]["word"] == ("" if role == "impostor" else r.word_text)
                if top.room.options["play"] != "phones":
                    assert top.phase == "deal"
                    assert who == seats.dealing(r, top.room.table(), top.room.current_picks())

    play(*game, check)


ROW = {"escaped": 3, "civilian_said": 3, "tie": 3, "low_turnout": 3, "impostor_said": 2, "void": 0}


@FAST
@given(GAMES)
@shared_phones
def test_prop_scores_match_table(game: Any) -> None:
    """Awards recomputed from each reveal's outcome, roles and deciding ballot; totals and
    `stats` are their sums."""
    top = play(*game, lambda *_: None)
    reveals = {m["round"]: m["reveal"] for _, m in top.sent if m.get("reveal")}
    totals: dict[str, int] = dict.fromkeys(top.state.seats, 0)
    liar: dict[str, int] = dict.fromkeys(top.state.seats, 0)
    eye: dict[str, int] = dict.fromkeys(top.state.seats, 0)
    for r in reveals.values():
        outcome, imps, accused = r["outcome"], r["impostors"], r["accused"]
        votes = r["ballots"][-1]["votes"] if r["ballots"] else {}
        caught = outcome.startswith("caught")
        lead = accused if caught else (r["said"] or {}).get("speaker")
        for seat, award in r["awards"].items():
            if seat in imps:
                if caught:
                    expected = (2 if outcome == "caught_guessed" else 0) if seat == lead else 2
                else:
                    expected = ROW[outcome]
                liar[seat] += award
            else:
                expected = int(caught and votes.get(seat) == accused)
                eye[seat] += expected
            assert award == expected, (outcome, seat)
            totals[seat] += award
    if top.phase == "finished":
        assert top.state.totals == totals
        stats = top.view(top.room.host or top.room.members[0].id)["stats"]
        assert stats == {s: {"impostor_points": liar[s], "correct_votes": eye[s]} for s in stats}


@FAST
@given(GAMES)
@shared_phones
def test_prop_never_three_in_a_row(game: Any) -> None:
    left = []

    def check(top: Tabletop, new: list[Any], secrets: list[str]) -> None:
        left.append(any(not m.active for m in top.room.members if m.role == "player"))

    top = play(*game, check)
    if any(left):
        return  # ruling 17a: the exclusion may be lifted once seats have left
    h = top.state.history
    for a, b, c in zip(h, h[1:], h[2:], strict=False):
        assert not set(a) & set(b) & set(c)


@FAST
@given(GAMES)
@shared_phones
def test_prop_impostor_count_within_cap(game: Any) -> None:
    def check(top: Tabletop, new: list[Any], secrets: list[str]) -> None:
        r = top.state.round
        if r is not None:
            n = len(r.seats)
            assert 1 <= len(r.impostors) <= max(1, draw.cap(n))
            if top.room.options["impostors"] == "auto":
                assert len(r.impostors) == draw.auto_count(n)

    play(*game, check)


@FAST
@given(GAMES)
@shared_phones
def test_prop_deadlines_whole_seconds(game: Any) -> None:
    def check(top: Tabletop, new: list[Any], secrets: list[str]) -> None:
        for _, message in new:
            for key in ("deadline",):
                if message.get(key) is not None:
                    assert message[key] % 1000 == 0
            if message.get("flag"):
                assert message["flag"]["deadline"] % 1000 == 0
        assert all(t.at % 1000 == 0 for t in top.timers)

    play(*game, check)


@FAST
@given(GAMES)
@shared_phones
def test_prop_no_word_repeat_until_used_up(game: Any) -> None:
    words: list[tuple[str, str]] = []

    def check(top: Tabletop, new: list[Any], secrets: list[str]) -> None:
        r = top.state.round
        if r is not None and (not words or words[-1] != (r.category, r.word)):
            words.append((r.category, r.word))

    play(*game, check)
    assert len(set(words)) == len(words)  # 20 words a category: no repeat in a few rounds


@FAST
@given(GAMES)
@shared_phones
def test_prop_refusal_changes_nothing(game: Any) -> None:
    refusals = []

    def check(top: Tabletop, new: list[Any], secrets: list[str]) -> None:
        refusals.append(len(new))

    play(*game, check)  # `play` asserts the room is unchanged after every refusal
    assert refusals


@FAST
@given(st.integers(3, 20), st.integers(0, 10**6))
def test_prop_fair_rotation_once_per_cycle(n: int, seed: int) -> None:
    import random

    rng = random.Random(seed)
    seats = [f"s{i}" for i in range(n)]
    k = draw.impostor_count(n, True, rng)
    history: list[list[str]] = []
    cycle: list[str] = []
    for _ in range(3 * n):
        chosen, cycle = draw.impostors(seats, k, history, cycle, True, rng)
        history.append(chosen)
    flat = [s for h in history for s in h]
    for start in range(0, len(flat) - n + 1, n):
        assert len(set(flat[start : start + n])) == n  # everyone once before anyone repeats
