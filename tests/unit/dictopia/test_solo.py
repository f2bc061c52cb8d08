"""D3, D5, D21-D23 and the Settings and Timings sections."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from games.dictopia.content import Face
from games.dictopia.missions import draw, pool
from games.dictopia.scoring import big_brother
from games.dictopia.settings import REACHED, USED
from games.dictopia.state import SCORE, TRIAL, WARMUP, DictopiaState, Filed, Line
from table.adapters.sqlite import Database, SqliteRoomStore
from table.referee import Referee
from table.service import TableService
from tests.support.aws import FakeClock, RecordingNotifier, RecordingTelemetry, RecordingTimers
from tests.support.tabletop import Tabletop, refused
from tests.unit.dictopia.support import english, game_for, set_hand, set_missions, table


def solo(level_reached: int | None = None, **options: object) -> tuple[Tabletop, str]:
    top, (p,) = table(1, mode="solo", **options)
    if level_reached is not None:
        assert top.room is not None
        top.room.memory[REACHED] = {"en": level_reached}
    return top, p


def test_d21a_solo_pool_strict_no_tally() -> None:
    top, p = solo()
    top.start()
    catalogue = {m for trial in top.state.plan for m in trial}
    assert len(catalogue) == 5 and catalogue <= set(pool(True, False, False, english().lexicon))
    cards = set_hand(top, p, "QZX")
    assert refused(top.move, p, "play", round=1, cards=cards) == "not_in_word_list"
    cards = set_hand(top, p, "CAT")
    top.move(p, "play", round=1, cards=cards)
    top.move(p, "lock", round=1)  # D21a: closes the trial at once
    assert top.phase == SCORE


def test_d21b_big_brother_each_trial() -> None:
    top, _p = solo()
    top.start()
    observer = top.join("Tv", observer=True)
    for trial in range(1, 6):
        top.advance(top.state.deadline - top.now)
        assert top.phase == SCORE
        bb = top.view(observer)["big_brother"]
        assert bb["trial"] > 0 and len(top.state.bb_trials) == trial
        top.advance(top.state.deadline - top.now)
    assert top.phase == "finished" and top.state.winners == ["big_brother"]
    assert top.state.beaten is False


def _hand_state(unused_eyes_per_card: int, missions: list[str]) -> tuple[DictopiaState, object]:
    content = english()
    state = DictopiaState(round=2, players=["p"], solo=True, target=99, plan=[[], missions])
    # Five cards used by the word, three unused cards of 4 eyes each (two 2-eye letters).
    fours = [
        i
        for i, c in enumerate(content.cards)
        if sum(f.eyes for f in c.faces) == unused_eyes_per_card
    ]
    state.hands["p"] = list(range(5)) + fours[:3]
    state.words["p"] = Filed(cards=[[i, 1] for i in range(5)])
    return state, content


def test_d22a_big_brother_formula() -> None:
    state, content = _hand_state(3, ["even", "odd"])
    line = Line(letters=5, eyes=5, trial=7, missions=[{"id": "odd", "bonus": 2, "how": "auto"}])
    bb = big_brother(state, content, "p", line)  # type: ignore[arg-type]
    assert (bb.unused_eyes, bb.missed_eyes_bonus) == (9, 3)
    assert bb.missed_missions == [{"id": "even", "bonus": 2}] and bb.trial == 9 + 3 + 2
    void = big_brother(state, content, "p", Line(void="no_word"))  # type: ignore[arg-type]
    every = sum(
        content.card(c).faces[0].eyes + content.card(c).faces[1].eyes for c in state.hands["p"]
    )
    assert void.unused_eyes == every and void.trial == every + 3 + 4


def test_d22c_big_brother_stands_on_the_result_sheet() -> None:
    """A finished solo match ranks Big Brother beside the player (`standings`), with his
    total over the five trials: the result sheet names him as the winners line does."""
    top, p = solo()
    top.start()
    observer = top.join("Tv", observer=True)
    top.run_out()
    assert top.phase == "finished" and top.state.winners == ["big_brother"]
    for member in (p, observer):
        standings = top.view(member)["standings"]
        assert standings == [
            {"id": "big_brother", "total": sum(top.state.bb_trials),
             "last_trial": top.state.bb_trials[-1], "rank": 1},
            {"id": p, "total": 0, "last_trial": 0, "rank": 2},
        ]  # fmt: skip
    assert top.view(p)["standings"][0]["total"] > 0


def test_d22b_rulebook_example() -> None:
    top, p = solo()
    top.start()
    top.advance(top.state.deadline - top.now)
    top.advance(top.state.deadline - top.now)  # trial 2, one mission
    set_missions(top, 2, ["isogram"])  # +2 here; the rulebook's mission is worth 3
    assert top.room is not None
    cards = set_hand(top, p, "STORE")
    fours = [i for i, c in enumerate(top.content.cards) if sum(f.eyes for f in c.faces) == 4]
    free = [i for i in fours if i not in top.room.state["hands"][p]][:3]
    top.room.state["hands"][p] += free
    top.room.state["target"] = 99
    top.move(p, "play", round=2, cards=cards)
    top.move(p, "lock", round=2)
    line, bb = top.state.lines[p], top.state.big_brother
    assert line.trial == 5 + 2
    assert bb is not None and bb.unused_eyes == 12 and bb.trial == 3 + 12


def test_d22c_beating_big_brother() -> None:
    from games.dictopia.scoring import winners

    assert winners({"p": 40, "big_brother": 39}, {"p": 1, "big_brother": 9}) == ["p"]
    assert winners({"p": 40, "big_brother": 40}, {"p": 9, "big_brother": 8}) == ["p"]
    assert winners({"p": 40, "big_brother": 40}, {"p": 8, "big_brother": 8}) == ["p", "big_brother"]


def test_d23a_win_raises_level_to_max_twenty() -> None:
    top, p = solo(level_reached=19)
    top.start()
    assert top.state.hand_size == 19
    state = top.state
    from games.dictopia.phases import finish

    state.totals[p], state.bb_trials = 50, [1, 1, 1, 1, 1]
    state.trial_scores[p] = [10] * 5
    outcome = finish(state, top.room.table(), top.env())  # type: ignore[union-attr]
    assert outcome.state.beaten and outcome.memory == {**top.room.memory, REACHED: {"en": 20}}  # type: ignore[union-attr]
    assert top.room is not None
    top.room.memory[REACHED] = {"en": 20}
    state.level = 20
    again = finish(state, top.room.table(), top.env())
    assert again.memory is not None and again.memory[REACHED] == {"en": 20}  # capped
    state.totals[p] = 0
    lost = finish(state, top.room.table(), top.env())
    assert lost.memory is None  # a loss never lowers it


class ProfileTable:
    """The table service on an in-memory SQLite store, for Dictopia with the test content."""

    def __init__(self) -> None:
        content = english()
        referee = Referee(game_for(content))

        class Service(TableService):
            @staticmethod
            def referee(slug: str) -> Referee:
                return referee

        self.database = Database(":memory:")
        self.store = SqliteRoomStore(self.database)
        self.notifier = RecordingNotifier()
        self.clock = FakeClock()
        self.service = Service(
            self.store,
            self.notifier,
            RecordingTimers(),
            self.clock,
            random.Random(5),
            RecordingTelemetry(),
            content=lambda slug, lang: content,
        )
        self.connections = 0

    def create(self, lang: str = "en", profile: str | None = None, **options: Any) -> str:
        self.connections += 1
        cid = f"conn-{self.connections}="
        fields: dict[str, Any] = {"name": "Sol", "game": "dictopia", "lang": lang}
        fields["options"] = {"mode": "solo", **options}
        if profile is not None:
            fields["profile"] = profile
        self.send(cid, "create_room", **fields)
        return cid

    def send(self, cid: str, action: str, **fields: Any) -> None:
        self.service.message(cid, json.dumps({"action": action, "req": "r", **fields}))

    def state(self, cid: str) -> dict[str, Any]:
        return [m for m in self.notifier.inbox[cid] if m["type"] == "state"][-1]

    def last(self, cid: str) -> dict[str, Any]:
        return self.notifier.inbox[cid][-1]

    def stored(self) -> str:
        """Every row of every table of the store, as text."""
        with self.database.read() as db:
            names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
            return repr([list(db.execute(f"SELECT * FROM {name}")) for name in names])


SECRET = "00112233445566778899aabbccddeeff"
HASH = hashlib.sha256(SECRET.encode()).hexdigest()


def test_d23b_level_by_profile_hash() -> None:
    """GIVEN a profile whose record (kept by the SHA-256 of its secret) reached 11 in
    English and 9 in French, WHEN solo rooms are created with that secret, THEN each
    plays its language's level; another profile, or none, plays 8 (D23b)."""
    top = ProfileTable()
    top.store.remember(HASH, REACHED, {"en": 11, "fr": 9}, top.clock.now())
    en = top.create("en", SECRET)
    assert top.state(en)["solo"] == {"level": 11, "reached": 11, "beaten": None}
    top.send(en, "start_match")
    assert top.state(en)["phase"] == "trial" and len(top.state(en)["my_hand"]) == 11
    fr = top.create("fr", SECRET)
    assert top.state(fr)["solo"] == {"level": 9, "reached": 9, "beaten": None}
    other = top.create("en", "f" * 32)
    nobody = top.create("en")
    for cid in (other, nobody):
        assert top.state(cid)["solo"] == {"level": 8, "reached": 8, "beaten": None}
    top.send(nobody, "start_match")
    assert len(top.state(nobody)["my_hand"]) == 8  # no profile: level 8
    # Only the hash is kept, and neither the secret nor the hash reaches a message.
    assert SECRET not in top.stored() and HASH in top.stored()
    sent = json.dumps(top.notifier.inbox)
    assert SECRET not in sent and HASH not in sent
    # Reading a profile is no write: only the one that was remembered exists.
    with top.database.read() as db:
        assert [r[0] for r in db.execute("SELECT hash FROM profiles")] == [HASH]


def test_d23b_the_level_is_no_option_and_comes_only_from_table_memory() -> None:
    """The level reached is table memory only (`Dictopia.remembered`): a browser cannot
    claim one (`reached` is no option), and a room without a profile starts at 8."""
    assert game_for(english()).remembered == (REACHED,)
    top = Tabletop(game_for(english()), seed=1, content=english())
    assert refused(top.create, "Ana", options={"mode": "solo", "reached": ["en:12"]}) == (
        "bad_option"
    )
    p = top.create("Ana", options={"mode": "solo"})
    assert top.view(p)["solo"] == {"level": 8, "reached": 8, "beaten": None}
    assert refused(top.set_options, p, level=9) == "level_locked"
    assert refused(top.set_options, p, reached=["en:20"]) == "bad_option"
    service = ProfileTable()
    cid = service.create("en", SECRET, reached=["en:12"])
    assert service.last(cid)["type"] == "error" and service.last(cid)["code"] == "bad_option"
    assert service.store.remembered(HASH, service.clock.now()) == {}  # nothing created


def test_d23b_level_above_reached_locked() -> None:
    """GIVEN a profile at level 10, WHEN the host picks a level, THEN 8-10 are allowed
    and 11 is `level_locked`; a group room has no level (`bad_option`)."""
    top = ProfileTable()
    top.store.remember(HASH, REACHED, {"en": 10}, top.clock.now())
    cid = top.create("en", SECRET)
    for level in (9, 8, 10):
        top.send(cid, "set_options", options={"level": level})
        assert top.last(cid) == {"type": "ok", "req": "r"}
        assert top.state(cid)["solo"]["level"] == level
    top.send(cid, "set_options", options={"level": 11})
    assert top.last(cid)["code"] == "level_locked"
    assert top.state(cid)["solo"]["level"] == 10
    locked = top.create("en", SECRET, level=11)  # nor at create
    assert top.last(locked)["code"] == "level_locked"
    top.send(top.create("en", SECRET, level=10), "start_match")
    assert len(top.state(f"conn-{top.connections}=")["my_hand"]) == 10
    group, (a, _b) = table(2)
    assert refused(group.set_options, a, level=8) == "bad_option"


def test_d3a_warmup_deals_eight_answers_at_once() -> None:
    top, (a, b) = table(2, warmup=True)
    top.start()
    assert top.phase == WARMUP and all(len(h) == 8 for h in top.state.hands.values())
    cards = set_hand(top, a, "STORE")
    top.move(a, "warmup_play", challenge=1, cards=cards)
    assert top.view(a)["warmup"]["mine"]["last"]["result"] == "met"
    cards = set_hand(top, a, "QZXUE")
    top.move(a, "warmup_play", challenge=1, cards=cards)
    assert top.view(a)["warmup"]["mine"]["last"]["result"] == "not_listed"
    cards = set_hand(top, a, "CAT")
    top.move(a, "warmup_play", challenge=3, cards=cards)
    assert top.view(a)["warmup"]["mine"]["last"]["result"] == "not_met"
    assert top.view(b)["warmup"]["mine"] == {}


def test_d3b_warmup_end_and_no_points() -> None:
    top, (a, b) = table(2, warmup=True)
    top.start()
    for p in (a, b):
        top.move(p, "warmup_play", challenge=1, cards=set_hand(top, p, "STORE"))
        top.move(p, "warmup_play", challenge=3, cards=set_hand(top, p, "EAT"))
    assert top.phase == TRIAL and top.state.totals == {a: 0, b: 0}
    top, (a, b) = table(2, warmup=True)
    top.start()
    assert refused(top.move, b, "continue", round=0) == "not_host"
    top.move(a, "continue", round=0)
    assert top.phase == TRIAL
    top, (a, b) = table(2, warmup=True)
    top.start()
    top.advance(180_000)
    assert top.phase == TRIAL


def test_d5a_custom_first_then_catalogue_without_replacement() -> None:
    rng = random.Random(3)
    catalogue = pool(False, True, True, english().lexicon)
    plan, used = draw(["custom1", "custom2"], catalogue, [], rng)
    assert plan[0] == [] and sorted(plan[1] + plan[2]) == ["custom1", "custom2"]
    drawn = [m for t in plan for m in t]
    assert len(drawn) == 6 - 1 and len(set(drawn)) == len(drawn) and len(used) == 3


def test_d5a_no_repeat_until_pool_used() -> None:
    top, (_a, _b) = table(2)
    seen: list[str] = []
    for _ in range(7):  # 39 missions, 5 a match: the pool lasts 7 matches
        top.start()
        seen += [m for t in top.state.plan for m in t]
        top.run_out()
    assert len(seen[:35]) == len(set(seen[:35]))
    assert top.room is not None and len(top.room.memory[USED]) == 35
    top.start()  # the pool is used up: it starts over
    assert len(top.room.memory[USED]) == 5 if top.room else False


def test_d5b_trial_seconds_whole_second_deadline() -> None:
    top, (_a, _b) = table(2, trial_seconds=120)
    top.now += 337  # not on a whole second
    top.start()
    assert top.state.deadline is not None and top.state.deadline % 1000 == 0
    assert (
        top.state.deadline - top.now == 120_000 - 337 + 1000 - 1000
        or top.state.deadline >= top.now + 120_000
    )


def test_d6b_missions_0_1_1_1_2_without_conflict() -> None:
    from games.dictopia.catalogue import BY_ID

    catalogue = pool(False, True, True, english().lexicon)
    for seed in range(40):
        plan, _ = draw([], catalogue, [], random.Random(seed))
        assert [len(t) for t in plan] == [0, 1, 1, 1, 2]
        first, second = (BY_ID[m].conflict for m in plan[4])
        assert first is None or first != second


def test_settings_defaults_and_refusals() -> None:
    top, (a, _b) = table(2)
    settings = top.view(a)["settings"]
    assert settings == {
        "mode": "group",
        "warmup": False,
        "trial_seconds": 90,
        "validation": "denounce",
        "vote_missions": True,
        "speed_mission": True,
        "custom_missions": [],
        "level": None,
    }
    for name, value in (("trial_seconds", 60), ("mode", "solo"), ("warmup", 1), ("lang", "de")):
        with pytest.raises(Exception) as refusal:
            top.set_options(a, **{name: value})
        assert refusal.value.code == "bad_option" and refusal.value.reason == name  # type: ignore[attr-defined]
    solo_top, p = solo()
    assert solo_top.view(p)["settings"]["validation"] == "strict"
    for name, value in (
        ("validation", "denounce"),
        ("vote_missions", True),
        ("speed_mission", True),
    ):
        assert refused(solo_top.set_options, p, **{name: value}) == "bad_option"


def test_settings_mode_switches_while_the_host_plays_alone() -> None:
    """A host alone in the room (a TV may watch) may switch between a group and solo;
    the other mode's settings go back to their defaults. Once another player sits,
    the mode is fixed (`bad_option` + `mode`), and the view says so."""
    top, (a,) = table(1, validation="strict", speed_mission=False)
    tv = top.join("Tv", observer=True)
    assert top.view(a)["mode_switchable"] is True and top.view(tv)["mode_switchable"] is True
    top.set_options(a, mode="solo")
    view = top.view(a)
    assert view["mode"] == "solo" and view["solo"]["level"] == 8
    assert view["settings"]["validation"] == "strict" and view["settings"]["speed_mission"] is False
    assert top.room is not None and top.room.options["speed_mission"] is None  # dropped
    top.start()
    assert top.phase == TRIAL and top.state.solo and len(top.state.hands[a]) == 8
    assert top.view(a)["mode_switchable"] is False  # in a match
    top.run_out()
    top.set_options(a, mode="group")  # between matches too
    assert top.view(a)["mode"] == "group" and top.room.options["level"] is None
    (b,) = top.seat("Ben")
    assert top.view(a)["mode_switchable"] is False
    assert refused(top.set_options, a, mode="solo") == "bad_option"
    assert refused(top.set_options, a, mode="solo", validation="denounce") == "bad_option"
    named, (n,) = table(1)
    # A group value named with the switch is still refused, as at create_room.
    assert refused(named.set_options, n, mode="solo", validation="denounce") == "bad_option"
    assert named.view(n)["mode"] == "group"
    del b


def test_timings_and_time_scale() -> None:
    content = english()
    from tests.unit.dictopia.support import game_for

    top = Tabletop(game_for(content), seed=2, content=content, scale=0.01)
    a = top.create("Ana")
    top.seat("Ben")
    top.start()
    assert top.state.deadline - top.now <= 1_000  # 90 s scaled, rounded up to a second
    top.advance(1_000)
    assert top.phase == "tally"
    top.advance(1_000)
    assert top.phase == SCORE and top.state.continue_at == top.state.phase_started_at + 60
    del a


def test_faces_are_keys() -> None:
    assert Face("Ñ", 3).key == "ñ" and Face("Й", 3).key == "й"
