"""F23 the result sheet, F24 places; secrecy of late joiners; the protocol additions."""

from __future__ import annotations

from games.fictionary.codes import FicCode
from games.fictionary.game import GAME
from games.fictionary.rules import CHOOSING, REVEAL, VOTING, WRITING
from games.fictionary.scoring import best_bluff, places
from table.contract import FINISHED
from tests.support.tabletop import refused
from tests.unit.fictionary.fixtures import (
    card_of,
    choose,
    judge,
    new_table,
    real_id,
    revealed,
    step_until,
    write_all,
)


def test_f23_sheet_after_last_reveal() -> None:
    top, ppl = new_table(1, bots=3, seed=2)
    top.start()
    step_until(top, lambda: top.phase == FINISHED, limit=5000)
    last = {**top.state.history[-1], "awards": revealed(top)["awards"]}  # type: ignore[index]
    assert revealed(top) is not None and top.state.phase_started_at >= revealed(top)["ends"]
    view = top.view(ppl[0])
    assert view["winners"] and view["places"] and view["history"][-1] == last
    assert {"round", "judge", "word", "truth", "best_bluff", "awards"} <= set(last)
    seen_phases = [m["phase"] for who, m in top.sent if who == ppl[0] and m.get("places")]
    assert set(seen_phases) == {FINISHED}  # never during a reveal


def test_f23a_best_bluff_ties() -> None:
    history = [
        {"best_bluff": {"round": 1, "n": 3, "text": "A", "writer": "a", "fooled": 2}},
        {"best_bluff": {"round": 2, "n": 1, "text": "B", "writer": "b", "fooled": 2}},
        {"best_bluff": None},
    ]
    assert best_bluff(history)["text"] == "A"  # type: ignore[index]  # the earlier round
    history.append({"best_bluff": {"round": 4, "n": 2, "text": "C", "writer": "bot", "fooled": 3}})
    assert best_bluff(history)["writer"] == "bot"  # type: ignore[index]  # bots' fakes count
    assert best_bluff([{"best_bluff": None}]) is None
    top, ppl = new_table(4)
    top.start()
    choose(top)
    write_all(top, ppl)
    a, b, c = [p for p in ppl if p != judge(top)]
    top.move(a, "vote", round=1, option=card_of(top, b))
    top.move(b, "vote", round=1, option=card_of(top, c))
    top.move(c, "vote", round=1, option=real_id(top))
    bluff = top.state.history[0]["best_bluff"]
    lower = min(x["n"] for x in revealed(top)["options"] if x["kind"] == "fake" and x["voters"])
    assert bluff["n"] == lower and bluff["fooled"] == 1  # a tie: the lower card number


def test_f24a_places_share_ties() -> None:
    assert places({"a": 10, "b": 10, "c": 4, "d": 4, "e": 1}) == [
        {"player": "a", "place": 1},
        {"player": "b", "place": 1},
        {"player": "c", "place": 3},
        {"player": "d", "place": 3},
        {"player": "e", "place": 5},
    ]


def test_secrecy_late_joiner_sees_observer_view() -> None:
    top, ppl = new_table(4)
    tv = top.join("TV", observer=True)
    top.start()
    choose(top)
    late = top.join("Late")
    for phase in (WRITING, VOTING, REVEAL):
        step_until(top, lambda phase=phase: top.phase == phase)
        a, b = top.view(tv), top.view(late)
        a.pop("me"), b.pop("me")
        assert a == b
        if phase == WRITING:
            assert b["word"] and b["truth"] is None
            write_all(top, ppl)
        if phase == VOTING:
            assert b["ballot"] and all("truth" not in c for c in b["ballot"])
            for p in ppl:
                if p != judge(top):
                    top.move(p, "vote", round=1, option=real_id(top))


def test_protocol_each_new_action_and_refusal_code() -> None:
    top, (ana, ben, cleo) = new_table(3)
    codes = set()
    codes.add(refused(top.move, ana, "add_bot", level="wizard"))
    top.move(ana, "add_bot", level="easy")
    bot = next(p["id"] for p in top.view(ana)["players"] if p["bot"])
    codes.add(refused(top.move, ana, "remove_bot", player=ben))
    codes.add(refused(top.move, ana, "remove_bot", player="nobody"))
    codes.add(refused(top.move, ben, "add_bot", level="easy"))
    top.move(ana, "remove_bot", player=bot)
    top.move(ana, "add_bot", level="hard")
    top.start()
    codes.add(refused(top.move, ana, "add_bot", level="easy"))
    codes.add(refused(top.move, judge(top), "choose", round=1, word=7))
    codes.add(refused(top.move, judge(top), "choose", round=9, word=0))
    writer = next(p for p in (ana, ben, cleo) if p != judge(top))
    top.move(writer, "cover")
    codes.add(refused(top.move, writer, "cover"))
    top.move(writer, "back")
    codes.add(refused(top.move, writer, "back"))
    eve = top.join("Eve")
    codes.add(refused(top.move, eve, "sit_in", player=writer))
    codes.add(refused(top.move, ana, "continue", round=1))
    expected = {
        "bad_option",
        FicCode.NOT_A_BOT,
        "unknown_player",
        "not_host",
        "wrong_phase",
        FicCode.UNKNOWN_WORD,
        "stale_round",
        FicCode.ALREADY_COVERED,
        FicCode.NOT_COVERED,
        FicCode.SEAT_TAKEN,
    }
    assert codes == {str(c) for c in expected}
    assert all(c in GAME.messages for c in FicCode)
    wire = top.wire()
    for never in ("already_submitted", "already_voted", "too_early"):
        assert never not in wire
    assert set(GAME.moves) >= {
        "add_bot",
        "remove_bot",
        "choose",
        "submit",
        "vote",
        "cover",
        "back",
        "sit_in",
    }


def test_protocol_bluff_names_kept_in_fictionary_state() -> None:
    top, ppl = new_table(3)
    top.start()
    view = top.view(ppl[0])
    kept = {
        "word",
        "note",
        "my_entry",
        "ready",
        "expected",
        "ballot",
        "can_vote",
        "my_vote",
        "votes_in",
        "voters",
        "reveal",
        "winners",
        "history",
        "players",
        "deadline",
        "round",
    }
    added = {
        "game",
        "options",
        "phase",
        "rounds",
        "target",
        "most_rounds",
        "tiebreaks",
        "backstop_at",
        "judge",
        "offer",
        "pos",
        "respell",
        "say",
        "truth",
        "max_len",
        "shown",
        "last",
        "places",
        "best_bluff",
        "abandoned",
    }
    assert kept | added <= set(view)
    assert view["game"] == "fictionary" and view["phase"] == CHOOSING and view["rounds"] is None
    assert view["most_rounds"] == 60 and view["max_len"] == 140
    row = view["players"][0]
    assert {"id", "name", "bot", "covered", "away", "in", "judge", "score"} <= set(row)
