"""Dictopia through the real handlers on moto: a table of four, and one player against Big Brother.

GIVEN players on their own connections and the committed English content, WHEN
they play whole matches with the deadlines fired as the deadline queue would,
THEN a denunciation goes to the table's vote, the Speed card goes to the first
touch the store accepted, every view is the member's own, and a solo game is
scored against Big Brother. Four touches of the Speed card in the same instant,
on four containers, leave exactly one holder; every Dictopia refusal code (and
every `bad_word`/`bad_claim` reason) is answered in words and changes nothing.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from games.dictopia.codes import MESSAGES, ClaimReason, DCode, WordReason
from games.dictopia.content import load
from games.dictopia.lexicon import word_key
from tests.support.aws import Stack, aws_stack
from tests.support.threads import together

NAMES = ("Ana", "Ben", "Cy", "Dee")


@pytest.fixture
def stack() -> Any:
    with aws_stack(seed=3) as stack:
        yield stack


def create(
    stack: Stack,
    names: tuple[str, ...],
    lang: str = "en",
    profile: str | None = None,
    **options: Any,
) -> tuple[dict[str, str], dict]:
    cids = {name: stack.connect() for name in names}
    first, *others = names
    fields: dict[str, Any] = {"profile": profile} if profile is not None else {}
    stack.send(
        cids[first],
        action="create_room",
        name=first,
        game="dictopia",
        lang=lang,
        options=options,
        **fields,
    )
    code = stack.messages(cids[first], "welcome")[-1]["room"]
    for name in others:
        stack.send(cids[name], action="join_room", room=code, name=name)
    ids = {n: stack.messages(c, "welcome")[-1]["player"] for n, c in cids.items()}
    return cids, ids


def last_error(stack: Stack, cid: str) -> str:
    return str(stack.messages(cid, "error")[-1]["code"])


def spelled(hand: list[dict[str, Any]], word: list[list[int]]) -> str:
    return "".join(hand[c]["faces"][f]["letter"] for c, f in word)


def unlisted_word(hand: list[dict[str, Any]]) -> list[list[int]]:
    """Four consonants of the hand: no English word, so a denunciation goes to the vote."""
    lexicon = load("en").lexicon
    word = [[c, 1] for c in range(4)]
    assert word_key(spelled(hand, word)) not in lexicon
    return word


def next_phase(stack: Stack, cid: str, phase: str) -> dict[str, Any]:
    """Fire the current phase's deadline until `phase` (a closed phase's timer does nothing)."""
    for _ in range(6):
        state = stack.last_state(cid)
        if state["phase"] == phase:
            return state
        stack.fire_latest()
    raise AssertionError(f"never reached {phase}: {stack.last_state(cid)['phase']}")


def trial_one_with_a_denunciation(stack: Stack, cids: dict[str, str], ids: dict[str, str]) -> None:
    ana, ben = cids["Ana"], cids["Ben"]
    hand = stack.last_state(ana)["my_hand"]
    word = unlisted_word(hand)
    stack.send(ana, action="play", round=1, cards=word)
    assert stack.last_state(ana)["my_letters"] == spelled(hand, word)
    for name in ("Ben", "Cy"):
        stack.send(cids[name], action="play", round=1, cards=[[0, 0]])
    # During the trial the others see only counts (D7b).
    seen = stack.last_state(ben)
    assert (seen["submitted"], seen["locked"], seen["expected"]) == (3, 0, 4)
    assert "words" not in seen and spelled(hand, word) not in str(seen)
    stack.fire_latest()  # the trial's deadline: Dee has no word (D7c)
    tally = stack.last_state(ben)
    assert tally["phase"] == "tally"
    assert all(w["listed"] is None for w in tally["words"])
    stack.send(ben, action="denounce", round=1, player=ids["Ana"])
    row = next(w for w in stack.last_state(ben)["words"] if w["player"] == ids["Ana"])
    assert row["denounced_by"] == ids["Ben"]
    assert row["denunciation"] == {"result": "to_vote", "spellings": []}
    stack.send(cids["Cy"], action="denounce", round=1, player=ids["Ana"])
    assert last_error(stack, cids["Cy"]) == "already_denounced"
    stack.send(ana, action="denounce", round=1, player=ids["Ana"])
    assert last_error(stack, ana) == "own_word"
    for cid in cids.values():
        stack.send(cid, action="pass", round=1)
    vote = stack.last_state(ana)
    assert vote["phase"] == "vote" and vote["voters"] == 4
    (item,) = vote["items"]
    assert (item["kind"], item["player"], item["yes"], item["result"]) == (
        "validity",
        ids["Ana"],
        None,
        None,
    )
    # Ana votes for her word; the other three against it (D13a, D19c).
    stack.send(ana, action="judge", round=1, item=item["id"], verdict=True)
    assert stack.last_state(ben)["verdicts_in"] == 1
    assert stack.last_state(ben)["items"][0]["yes"] is None, "answers are sealed"
    for name in ("Ben", "Cy", "Dee"):
        stack.send(cids[name], action="judge", round=1, item=item["id"], verdict=False)
    score = stack.last_state(ben)
    assert score["phase"] == "score"
    (closed,) = score["items"]
    assert (closed["yes"], sorted(closed["no"]), closed["result"]) == (
        [ids["Ana"]],
        sorted(ids[n] for n in ("Ben", "Cy", "Dee")),
        "no",
    )
    lines = score["score"]["lines"]
    assert lines[ids["Ana"]]["void"] == "denounced" and lines[ids["Ana"]]["trial"] == 0
    assert lines[ids["Dee"]]["void"] == "no_word"
    assert lines[ids["Ben"]]["letters"] == 1 and lines[ids["Ben"]]["void"] is None
    stack.send(ana, action="continue", round=1)
    assert last_error(stack, ana) == "too_early"


def trial_with_speed(stack: Stack, cids: dict[str, str], ids: dict[str, str], round_: int) -> None:
    ben, cy = cids["Ben"], cids["Cy"]
    stack.send(ben, action="touch_speed", round=round_)
    assert last_error(stack, ben) == "no_word"
    for name in NAMES:
        stack.send(cids[name], action="play", round=round_, cards=[[0, 0], [1, 1]])
    stack.send(cids["Dee"], action="lock", round=round_)
    stack.send(ben, action="touch_speed", round=round_)
    stack.send(cy, action="touch_speed", round=round_)
    assert last_error(stack, cy) == "speed_taken"
    stack.send(ben, action="play", round=round_, cards=[[2, 0]])
    assert last_error(stack, ben) == "locked"
    # The holder is public at once; the word is not (D16b).
    for cid in cids.values():
        assert stack.last_state(cid)["speed_by"] == ids["Ben"]
    for name in ("Ana", "Cy"):
        stack.send(cids[name], action="lock", round=round_)
    tally = stack.last_state(cids["Ana"])  # all locked: the trial closed early
    assert tally["phase"] == "tally"
    assert [w["player"] for w in tally["words"] if w["speed"]] == [ids["Ben"]]
    for cid in cids.values():
        stack.send(cid, action="pass", round=round_)
    score = next_phase(stack, cids["Ana"], "score")
    line = score["score"]["lines"][ids["Ben"]]
    assert {"id": "speed", "bonus": 3, "how": "speed"} in line["missions"]
    assert all(
        m["id"] != "speed"
        for p, ln in score["score"]["lines"].items()
        if p != ids["Ben"]
        for m in ln["missions"]
    )


def quiet_trial(stack: Stack, cids: dict[str, str], round_: int) -> None:
    for cid in cids.values():
        stack.send(cid, action="play", round=round_, cards=[[0, 0]])
        stack.send(cid, action="lock", round=round_)
    state = stack.last_state(cids["Ana"])
    assert state["phase"] in ("tally", "vote", "score")
    for cid in cids.values():
        stack.send(cid, action="pass", round=round_)


def test_four_players_a_denunciation_vote_and_speed(stack: Stack) -> None:
    cids, ids = create(stack, NAMES)
    ana = cids["Ana"]
    assert stack.last_state(ana)["game"] == "dictopia"
    speed_seen = False
    for match in range(7):  # D5a: no mission repeats until the pool is used, so Speed comes
        stack.send(ana, action="start_match")
        for round_ in range(1, 6):
            state = next_phase(stack, ana, "trial")
            assert state["round"] == round_ and len(state["missions"]) == (
                0 if round_ == 1 else 2 if round_ == 5 else 1
            )
            if round_ == 1 and match == 0:
                trial_one_with_a_denunciation(stack, cids, ids)
            elif any(m["id"] == "speed" for m in state["missions"]) and not speed_seen:
                trial_with_speed(stack, cids, ids, round_)
                speed_seen = True
            else:
                quiet_trial(stack, cids, round_)
            next_phase(stack, ana, "score")
            stack.fire_latest()
        final = stack.last_state(ana)
        assert final["phase"] == "finished" and len(final["history"]) == 5
        assert final["winners"] and set(final["winners"]) <= set(ids.values())
        if speed_seen:
            break
    assert speed_seen
    for name, cid in cids.items():
        for state in stack.messages(cid, "state"):
            assert state["me"]["id"] == ids[name]
            hand = state.get("my_hand")
            if state["phase"] == "trial":
                assert hand is not None and len(hand) == 8


PROFILE = "0123456789abcdef0123456789abcdef"


def at_level_nine(stack: Stack) -> str:
    """A player profile whose record reached level 9 in English (D23b)."""
    stored = hashlib.sha256(PROFILE.encode()).hexdigest()
    stack.service.store.remember(stored, "solo_reached", {"en": 9}, stack.clock.now())
    return PROFILE


def test_solo_against_big_brother_and_the_level(stack: Stack) -> None:
    cids, ids = create(stack, ("Sol", "Tv"), profile=at_level_nine(stack), mode="solo")
    sol, tv = cids["Sol"], cids["Tv"]
    lobby = stack.last_state(sol)
    assert lobby["solo"] == {"level": 9, "reached": 9, "beaten": None}
    assert [p["id"] for p in lobby["players"]] == [ids["Sol"]] and lobby["observers"] == 1
    stack.send(sol, action="set_options", options={"level": 10})
    assert last_error(stack, sol) == "level_locked"
    stack.send(sol, action="start_match")
    lexicon = load("en").lexicon
    for round_ in range(1, 6):
        state = next_phase(stack, sol, "trial")
        assert len(state["my_hand"]) == 9 and stack.last_state(tv)["my_hand"] is None
        assert all(m["check"] != "vote" and m["id"] != "speed" for m in state["missions"])
        word = unlisted_word(state["my_hand"])
        stack.send(sol, action="play", round=round_, cards=word)
        assert last_error(stack, sol) == "not_in_word_list"  # strict (D19e)
        vowel = next(
            i
            for i, c in enumerate(state["my_hand"])
            if word_key(c["faces"][0]["letter"]) in lexicon
        )
        stack.send(sol, action="play", round=round_, cards=[[vowel, 0]])
        stack.send(sol, action="lock", round=round_)
        score = stack.last_state(tv)  # solo: no tally; the lock closes the trial
        assert score["phase"] == "score"
        bb = score["big_brother"]
        assert bb is not None and bb["trial"] == bb["unused_eyes"] + bb["missed_eyes_bonus"] + sum(
            m["bonus"] for m in bb["missed_missions"]
        )
        stack.fire_latest()
    final = stack.last_state(tv)
    assert final["phase"] == "finished"
    # One letter a trial against eight cards' eyes: Big Brother wins, the level stays.
    assert final["winners"] == ["big_brother"] and final["solo"]["beaten"] is False
    assert final["solo"]["reached"] == 9


# --- D16a: concurrent touches ---------------------------------------------------------------

TOUCH_REPEATS = 12


def stored_state(stack: Stack, code: str) -> Any:
    from games.dictopia.state import DictopiaState

    snapshot = stack.service.store.load(code, stack.clock.now())
    assert snapshot is not None
    return snapshot, DictopiaState.model_validate(snapshot.room.state)


def speed_on_trial_one(stack: Stack, code: str) -> None:
    """Put Speed on the current trial, as the match's draw does on a later one (D6b).

    Written straight through the store, as a seeded draw would have left it.
    """
    from table.ports import Snapshot

    snapshot, state = stored_state(stack, code)
    state.plan[state.round - 1] = ["speed"]
    snapshot.room.state = state.model_dump(mode="json")
    stack.service.store.save(Snapshot(snapshot.room, snapshot.connections), stack.clock.now())


def test_d16a_concurrent_touches_one_winner() -> None:
    """GIVEN four players with a word on file and Speed in play, WHEN all four touch
    the Speed card in the same instant on four action containers, THEN the store
    accepts exactly one touch (the conditional write that found `speed_by` empty),
    the three others are refused `speed_taken`, and the holder never changes."""
    with aws_stack(seed=5) as stack:
        senders = stack.containers(len(NAMES))
        for repeat in range(TOUCH_REPEATS):
            cids, ids = create(stack, tuple(f"{n}{repeat}" for n in NAMES))
            host = next(iter(cids.values()))
            stack.send(host, action="start_match")
            code = stack.last_state(host)["room"]
            speed_on_trial_one(stack, code)
            for cid in cids.values():
                stack.send(cid, action="play", round=1, cards=[[0, 0], [1, 1]])
            before = {cid: len(stack.messages(cid, "error")) for cid in cids.values()}

            def touch(i: int, cid: str) -> Any:
                return lambda: senders[i](cid, {"action": "touch_speed", "round": 1})

            together([touch(i, cid) for i, cid in enumerate(cids.values())])
            _, state = stored_state(stack, code)
            assert state.speed_by in ids.values()
            refused = {
                cid: [e["code"] for e in stack.messages(cid, "error")[before[cid] :]]
                for cid in cids.values()
            }
            holder = next(cid for name, cid in cids.items() if ids[name] == state.speed_by)
            assert refused.pop(holder) == [], "the first touch the store accepted wins"
            assert all(codes == ["speed_taken"] for codes in refused.values()), refused
            for cid in cids.values():
                seen = {s["speed_by"] for s in stack.messages(cid, "state") if s.get("speed_by")}
                assert seen == {state.speed_by}, "the holder never changes"
            assert stack.last_state(holder)["my_locked"] is True  # D16a: the touch locks
            assert state.phase == "trial"  # the others go on until time runs out


# --- every Dictopia refusal, changing nothing ------------------------------------------------


def with_missions(stack: Stack, code: str, missions: list[str]) -> None:
    """This trial's missions, written through the store as a seeded draw would leave them."""
    from table.ports import Snapshot

    snapshot, state = stored_state(stack, code)
    state.plan[state.round - 1] = missions
    snapshot.room.state = state.model_dump(mode="json")
    stack.service.store.save(Snapshot(snapshot.room, snapshot.connections), stack.clock.now())


def r_lobby(stack: Stack, **options: Any) -> tuple[dict[str, str], dict[str, str], str]:
    cids, ids = create(stack, ("Ana", "Ben", "Cy"), **options)
    return cids, ids, stack.last_state(cids["Ana"])["room"]


def r_trial(stack: Stack, *missions: str, **options: Any) -> Any:
    cids, ids, code = r_lobby(stack, **options)
    stack.send(cids["Ana"], action="start_match")
    if missions:
        with_missions(stack, code, list(missions))
    return cids, ids, code


def r_tally(stack: Stack, *missions: str, claims: tuple[str, ...] = (), **options: Any) -> Any:
    """Ana plays an unlisted word (with `claims`), Ben one letter, Cy nothing; time runs out."""
    cids, ids, code = r_trial(stack, *missions, **options)
    hand = stack.last_state(cids["Ana"])["my_hand"]
    cards = unlisted_word(hand) if options.get("validation") != "strict" else [[0, 0]]
    stack.send(cids["Ana"], action="play", round=1, cards=cards, claims=list(claims))
    stack.send(cids["Ben"], action="play", round=1, cards=[[0, 0]])
    stack.fire_latest()
    assert stack.last_state(cids["Ana"])["phase"] == "tally"
    return cids, ids, code


def r_vote(stack: Stack) -> Any:
    cids, ids, code = r_tally(stack)
    stack.send(cids["Ben"], action="denounce", round=1, player=ids["Ana"])
    for cid in cids.values():
        stack.send(cid, action="pass", round=1)
    assert stack.last_state(cids["Ana"])["phase"] == "vote"
    return cids, ids, code


def r_score(stack: Stack) -> Any:
    cids, ids, code = r_vote(stack)
    for cid in cids.values():
        stack.send(cid, action="judge", round=1, item=1, verdict=True)
    assert stack.last_state(cids["Ana"])["phase"] == "score"
    return cids, ids, code


def played(*names: str, cards: Any = ((0, 0),)) -> Any:
    def before(stack: Stack, cids: dict[str, str], ids: dict[str, str]) -> None:
        for name in names:
            stack.send(cids[name], action="play", round=1, cards=[list(c) for c in cards])

    return before


def then(*steps: Any) -> Any:
    def before(stack: Stack, cids: dict[str, str], ids: dict[str, str]) -> None:
        for step in steps:
            step(stack, cids, ids)

    return before


def send(name: str, **message: Any) -> Any:
    def before(stack: Stack, cids: dict[str, str], ids: dict[str, str]) -> None:
        fields = {k: (ids[v[1:]] if isinstance(v, str) and v.startswith("@") else v)
                  for k, v in message.items()}  # fmt: skip
        stack.send(cids[name], **fields)

    return before


def sixty_plays(stack: Stack, cids: dict[str, str], ids: dict[str, str]) -> None:
    for _ in range(60):
        stack.clock.ms += 100  # the table's own limit is 20 messages a second
        stack.send(cids["Ana"], action="play", round=1, cards=[[0, 0]])
    assert stack.last_state(cids["Ana"])["plays_left"] == 0


def nothing(stack: Stack, cids: dict[str, str], ids: dict[str, str]) -> None:
    return None


def solo_lobby(stack: Stack) -> Any:
    cids, ids = create(stack, ("Sol",), profile=at_level_nine(stack), mode="solo")
    return cids, ids, stack.last_state(cids["Sol"])["room"]


def lonely_lobby(stack: Stack) -> Any:
    cids, ids = create(stack, ("Ana",))
    return cids, ids, stack.last_state(cids["Ana"])["room"]


def strict_trial(stack: Stack) -> Any:
    return r_trial(stack, validation="strict")


def strict_claim_tally(stack: Stack) -> Any:
    return r_tally(stack, "field_city", claims=("field_city",), validation="strict")


def claim_tally(stack: Stack) -> Any:
    return r_tally(stack, "field_city", claims=("field_city",))


def speed_trial(stack: Stack) -> Any:
    return r_trial(stack, "speed")


def even_trial(stack: Stack) -> Any:
    return r_trial(stack, "even")


URL_MISSION = [{"text": "name a site like www.example.com", "bonus": 2}]

# (code, reason, setup, before, sender, message): one case per Dictopia code and reason,
# and the table's codes as Dictopia's actions meet them. "@Name" stands for Name's id.
REFUSALS: list[tuple[str, str | None, Any, Any, str, dict[str, Any]]] = [
    ("bad_word", "empty", r_trial, nothing, "Ana", {"action": "play", "round": 1, "cards": []}),
    ("bad_word", "too_long", r_trial, nothing, "Ana",
     {"action": "play", "round": 1, "cards": [[i, 0] for i in range(9)]}),
    ("bad_word", "bad_card", r_trial, nothing, "Ana",
     {"action": "play", "round": 1, "cards": [[8, 0]]}),
    ("bad_word", "card_reused", r_trial, nothing, "Ana",
     {"action": "play", "round": 1, "cards": [[0, 0], [0, 1]]}),
    ("bad_word", "bad_face", r_trial, nothing, "Ana",
     {"action": "play", "round": 1, "cards": [[0, 2]]}),
    ("bad_claim", "not_in_play", r_trial, nothing, "Ana",
     {"action": "play", "round": 1, "cards": [[0, 0]], "claims": ["foreign"]}),
    ("bad_claim", "not_claimable", even_trial, nothing, "Ana",
     {"action": "play", "round": 1, "cards": [[0, 0]], "claims": ["even"]}),
    ("locked", None, r_trial, then(played("Ana"), send("Ana", action="lock", round=1)), "Ana",
     {"action": "play", "round": 1, "cards": [[1, 0]]}),
    ("not_in_word_list", None, strict_trial, nothing, "Ana",
     {"action": "play", "round": 1, "cards": [[0, 1], [1, 1], [2, 1], [3, 1]]}),
    ("rate_limited", None, r_trial, sixty_plays, "Ana",
     {"action": "play", "round": 1, "cards": [[1, 0]]}),
    ("no_word", None, r_trial, nothing, "Ana", {"action": "lock", "round": 1}),
    ("no_speed_mission", None, r_trial, played("Ana"), "Ana",
     {"action": "touch_speed", "round": 1}),
    ("speed_taken", None, speed_trial,
     then(played("Ana", "Ben"), send("Ben", action="touch_speed", round=1)), "Ana",
     {"action": "touch_speed", "round": 1}),
    ("denunciation_off", None, strict_claim_tally, nothing, "Ben",
     {"action": "denounce", "round": 1, "player": "@Ana"}),
    ("own_word", None, r_tally, nothing, "Ana",
     {"action": "denounce", "round": 1, "player": "@Ana"}),
    ("already_denounced", None, r_tally, send("Ben", action="denounce", round=1, player="@Ana"),
     "Cy", {"action": "denounce", "round": 1, "player": "@Ana"}),
    ("unknown_player", None, r_tally, nothing, "Ben",
     {"action": "denounce", "round": 1, "player": "p000000000000"}),
    ("not_claimed", None, r_tally, nothing, "Ben",
     {"action": "dispute", "round": 1, "player": "@Ana", "mission": "even"}),
    ("already_disputed", None, claim_tally,
     send("Ben", action="dispute", round=1, player="@Ana", mission="field_city"), "Cy",
     {"action": "dispute", "round": 1, "player": "@Ana", "mission": "field_city"}),
    ("unknown_item", None, r_vote, nothing, "Ben",
     {"action": "judge", "round": 1, "item": 9, "verdict": True}),
    ("already_voted", None, r_vote, send("Ben", action="judge", round=1, item=1, verdict=False),
     "Ben", {"action": "judge", "round": 1, "item": 1, "verdict": True}),
    ("too_early", None, r_score, nothing, "Ana", {"action": "continue", "round": 1}),
    ("not_host", None, r_score, nothing, "Ben", {"action": "continue", "round": 1}),
    ("level_locked", None, solo_lobby, nothing, "Sol",
     {"action": "set_options", "options": {"level": 10}}),
    ("bad_option", "trial_seconds", r_lobby, nothing, "Ana",
     {"action": "set_options", "options": {"trial_seconds": 100}}),
    ("bad_option", "validation", solo_lobby, nothing, "Sol",
     {"action": "set_options", "options": {"validation": "denounce"}}),
    ("invalid_text", "url", r_lobby, nothing, "Ana",
     {"action": "set_options", "options": {"custom_missions": URL_MISSION}}),
    ("not_enough_players", None, lonely_lobby, nothing, "Ana", {"action": "start_match"}),
    ("wrong_phase", None, r_lobby, nothing, "Ana",
     {"action": "play", "round": 0, "cards": [[0, 0]]}),
    ("stale_round", None, r_trial, nothing, "Ana",
     {"action": "play", "round": 0, "cards": [[0, 0]]}),
    ("phase_closed", None, r_tally, nothing, "Ben",
     {"action": "play", "round": 1, "cards": [[1, 0]]}),
    # A move of another game is not one of Dictopia's: the table refuses it unparsed.
    ("bad_request", None, r_trial, nothing, "Ana", {"action": "submit", "round": 1, "text": "x"}),
]  # fmt: skip
DICTOPIA_CODES = {c.value for c in DCode} | {"rate_limited"}


def test_refusals_cover_every_dictopia_code_and_reason() -> None:
    cases = {(code, reason) for code, reason, *_ in REFUSALS}
    assert {code for code, _ in cases} >= DICTOPIA_CODES
    assert {r.value for r in WordReason} <= {r for c, r in cases if c == "bad_word"}
    assert {r.value for r in ClaimReason} <= {r for c, r in cases if c == "bad_claim"}


@pytest.mark.parametrize(
    ("code", "reason", "setup", "before", "sender", "message"),
    REFUSALS,
    ids=[f"{c}-{r}" if r else c for c, r, *_ in REFUSALS],
)
def test_refusals_change_nothing(
    code: str, reason: str | None, setup: Any, before: Any, sender: str, message: dict[str, Any]
) -> None:
    """GIVEN a room where the refusal can happen, WHEN the offending action arrives
    through the handlers, THEN the sender gets `error` with the code, its reason and a
    sentence, and the room item is byte-for-byte what it was; nobody else hears of it."""
    with aws_stack(seed=7) as stack:
        cids, ids, room = setup(stack)
        before(stack, cids, ids)
        frame = {k: (ids[v[1:]] if isinstance(v, str) and v.startswith("@") else v)
                 for k, v in message.items()}  # fmt: skip
        item = stack.room_item(room)
        cid = cids[sender]
        heard = {c: len(stack.messages(c)) for c in cids.values() if c != cid}
        stack.send(cid, **frame, req="r1")
        error = stack.messages(cid)[-1]
        assert (error["type"], error["code"], error.get("reason")) == ("error", code, reason)
        assert error["req"] == "r1" and error["message"]
        worded = MESSAGES.get(f"{code}:{reason}") or MESSAGES.get(code)
        if worded is not None:  # Dictopia's own codes, in Dictopia's words
            assert error["message"] == worded
        assert stack.room_item(room) == item, "the room item is byte-for-byte unchanged"
        assert {c: len(stack.messages(c)) for c in heard} == heard


def win_solo(stack: Stack, profile: str | None = None) -> tuple[str, str, dict[str, Any]]:
    """A solo room at level 8 won by filing the best listed word of every hand: the
    player's connection, their id, and the finished match's last state."""
    from tests.e2e.dictopia_solver import best_word

    cids, ids = create(stack, ("Sol",), profile=profile, mode="solo")
    sol = cids["Sol"]
    assert stack.last_state(sol)["solo"]["level"] == 8
    stack.send(sol, action="start_match")
    for round_ in range(1, 6):
        state = next_phase(stack, sol, "trial")
        assert len(state["my_hand"]) == 8
        missions = [m["id"] for m in state["missions"]]
        word, _ = best_word("en", state["my_hand"], state["target"], missions)
        stack.send(sol, action="play", round=round_, cards=word)
        stack.send(sol, action="lock", round=round_)
        score = stack.last_state(sol)
        assert score["phase"] == "score" and score["score"]["lines"][ids["Sol"]]["listed"]
        stack.fire_latest()
    final = stack.last_state(sol)
    assert final["phase"] == "finished" and final["winners"] == [ids["Sol"]]
    assert final["solo"] == {"level": 8, "reached": 9, "beaten": True}
    assert final["score"]["totals"][ids["Sol"]] > final["big_brother"]["total"]
    return sol, ids["Sol"], final


def test_solo_won_raises_the_level_for_the_next_match(stack: Stack) -> None:
    """GIVEN a solo room at level 8, WHEN the player files the best listed word of
    every hand, THEN Big Brother is beaten (D22c), the room's reached level becomes 9
    (D23a), and the next match in the room deals 9 cards."""
    sol, _, _ = win_solo(stack)
    stack.send(sol, action="start_match")
    again = stack.last_state(sol)
    assert again["phase"] == "trial" and len(again["my_hand"]) == 9
    assert again["solo"]["level"] == 9


@pytest.mark.parametrize("lang", ["en", "fr", "es", "ru"])
def test_a_table_plays_five_trials_in_each_language(stack: Stack, lang: str) -> None:
    """GIVEN a table of three in a room of `lang`, WHEN each player files the best listed
    word of every hand (found in that language's committed list) and nobody denounces,
    THEN each trial scores every word as listed with its letters, and the match ends
    after five trials with winners (the deck, missions and word list of every language)."""
    from tests.e2e.dictopia_solver import best_word

    names = ("Ana", "Ben", "Cy")
    cids, ids = create(stack, names, lang=lang)
    ana = cids["Ana"]
    assert stack.last_state(ana)["lang"] == lang
    stack.send(ana, action="start_match")
    for round_ in range(1, 6):
        state = next_phase(stack, ana, "trial")
        missions = [m["id"] for m in state["missions"]]
        filed = {}
        for name, cid in cids.items():
            mine = stack.last_state(cid)
            word, _ = best_word(lang, mine["my_hand"], mine["target"], missions)
            assert word, f"no listed word in a {lang} hand"
            filed[name] = len(word)
            stack.send(cid, action="play", round=round_, cards=word)
            stack.send(cid, action="lock", round=round_)
        if stack.last_state(ana)["phase"] != "score":
            for cid in cids.values():
                stack.send(cid, action="pass", round=round_)
        score = next_phase(stack, ana, "score")["score"]
        for name in names:
            line = score["lines"][ids[name]]
            assert line["listed"] and line["letters"] == filed[name]
        stack.fire_latest()
    final = stack.last_state(ana)
    assert final["phase"] == "finished" and len(final["history"]) == 5
    assert final["winners"] and set(final["winners"]) <= set(ids.values())
