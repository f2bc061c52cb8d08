"""Property tests: random games of 3-12 seats, people and bots of every level, every
option, random moves, drops and resumes, covers, leaves and kicks, timers fired
late, twice or stale; every view of every member serialised at every step."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from games.fictionary import bots
from games.fictionary.game import GAME
from games.fictionary.rules import MOST_ROUNDS, TIEBREAKS
from games.fictionary.tidy import tidy
from table.contract import FINISHED, Timer
from table.errors import Refusal
from tests.support.tabletop import Tabletop
from tests.unit.fictionary.fixtures import CONTENT

TEXTS = [
    "a pan for fish",
    "to sing at dawn",
    '"a boat."',
    "!!!",
    "see www.example.com",
    "x" * 150,
    "a\nb",
    "a bell for goats",
]
NAMES = ["Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"]
ACTIONS = (
    "move",
    "move",
    "move",
    "vote_again",
    "drop",
    "resume",
    "cover",
    "back",
    "leave",
    "kick",
    "sit_in",
    "advance",
    "stale",
    "twice",
    "late",
)


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    seats = draw(st.integers(3, 12))
    people = draw(st.integers(1, seats))
    return {
        "people": people,
        "levels": draw(
            st.lists(
                st.sampled_from(["easy", "medium", "hard"]),
                min_size=seats - people,
                max_size=seats - people,
            )
        ),
        "options": {
            "target": draw(st.sampled_from([10, 15, 20, 25])),
            "show": draw(st.booleans()),
            "timer": draw(st.sampled_from([0, 45, 60, 90, 120])),
            "bot_pace": draw(st.sampled_from(["brisk", "steady", "relaxed"])),
        },
        "seed": draw(st.integers(0, 2**32)),
        "steps": draw(
            st.lists(
                st.tuples(st.sampled_from(ACTIONS), st.integers(0, 11), st.integers(0, 700)),
                max_size=40,
            )
        ),
    }


class Spy:
    """Every input a bot's decision function receives, with the round it was made in."""

    def __init__(self) -> None:
        self.inputs: list[tuple[int, Any]] = []
        self.round = 0
        self.originals = {name: getattr(bots, name) for name in ("choose", "make", "vote")}

    def __enter__(self) -> Spy:
        for name, original in self.originals.items():

            def spy(*args: Any, _original: Any = original) -> Any:
                self.inputs.append((self.round, args[0]))
                return _original(*args)

            setattr(bots, name, spy)
        return self

    def __exit__(self, *exc: object) -> None:
        for name, original in self.originals.items():
            setattr(bots, name, original)


@dataclasses.dataclass
class Played:
    top: Tabletop
    bot_inputs: list[tuple[int, Any]]
    refusals_that_changed: int
    refusals: int
    timers_in_ms: int  # timers set for a moment that is not a whole second


_PLAYED: dict[str, Played] = {}


def _build(spec: dict[str, Any]) -> tuple[Tabletop, list[str]]:
    top = Tabletop(GAME, seed=spec["seed"], content=CONTENT)
    host = top.create("Ana", options=spec["options"])
    for bot in [p["id"] for p in top.view(host)["players"] if p["bot"]]:
        top.move(host, "remove_bot", player=bot)
    people = [host, *top.seat(*NAMES[: spec["people"] - 1])]
    for level in spec["levels"]:
        top.move(host, "add_bot", level=level)
    top.start()
    return top, people


def _act(
    top: Tabletop, people: list[str], observers: list[str], kind: str, who: int, arg: int
) -> None:
    member = people[who % len(people)]
    state = top.state
    if kind in ("move", "vote_again") and top.phase in ("choosing", "writing", "voting"):
        if top.phase == "choosing":
            top.move(member, "choose", round=state.round, word=arg % 6)
        elif top.phase == "writing":
            top.move(member, "submit", round=state.round, text=TEXTS[arg % len(TEXTS)])
        else:
            ids = [c["id"] for c in state.cards] + ["f" * 16]
            top.move(member, "vote", round=state.round, option=ids[arg % len(ids)])
    elif kind == "drop":
        top.drop(member)
    elif kind == "resume":
        top.resume(member)
    elif kind == "cover":
        top.move(member, "cover")
    elif kind == "back":
        top.move(member, "back")
    elif kind == "leave" and member != top.host:
        top.leave(member)
    elif kind == "kick" and member != top.host:
        top.kick(top.host, member)
    elif kind == "sit_in" and top.phase != FINISHED:
        seats = list(state.seats)
        top.move(observers[0], "sit_in", player=seats[arg % len(seats)])
    elif kind == "advance":
        top.advance(arg * 1000)
    elif kind == "stale":
        top.fire(Timer(max(0, state.phase_id - 1), top.now))
    elif kind == "twice" and top.timers:
        timer = min(top.timers, key=lambda t: t.at)
        top.advance(timer.at - top.now)
        top.fire(timer)
    elif kind == "late" and top.timers:
        top.advance(max(t.at for t in top.timers) - top.now + 5_000)


def play(spec: dict[str, Any]) -> Played:
    """Play one random game to its end (each spec once: the property tests share games).

    Before each move the room is caught up, as the service does before judging
    any request, so that a refused move can be compared with the room before it.
    """
    key = repr(spec)
    if key in _PLAYED:
        return _PLAYED[key]
    with Spy() as spy:
        top, people = _build(spec)
        observers: list[str] = []
        changed = refusals = odd = 0
        for kind, who, arg in spec["steps"]:
            spy.round = top.state.round
            if top.phase == FINISHED:
                break
            if kind == "sit_in" and not observers:
                observers.append(top.join(f"Obs{len(observers)}"))
            top._commit(top.referee.settle(top._room(), top.env()))
            before = top.room.model_copy(deep=True)  # type: ignore[union-attr]
            try:
                _act(top, people, observers, kind, who, arg)
            except Refusal:
                refusals += 1
                changed += top.room != before
            odd += sum(1 for t in top.timers if t.at % 1000)
        for _ in range(20_000):
            spy.round = top.state.round
            if top.phase == FINISHED or not top.timers:
                break
            top.advance(min(t.at for t in top.timers) - top.now)
            odd += sum(1 for t in top.timers if t.at % 1000)
    _PLAYED[key] = Played(top, spy.inputs, changed, refusals, odd)
    return _PLAYED[key]


def _truths(top: Tabletop) -> dict[int, tuple[str, ...]]:
    """Each round's real definition, raw and tidied, and its aliases."""
    out = {}
    for r, card_id in enumerate(top.state.chosen, start=1):
        card = CONTENT.by_id[card_id]
        out[r] = (card.truth, tidy(card.truth), *card.aliases)
    return out


# The same seed and no example database: every property test sees the same games, played
# once. No shrinking: each example is a whole game, and a failing one prints in full.
SETTINGS = settings(
    max_examples=30,
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


def shared(test: Any) -> Any:
    return seed(20_251_201)(SETTINGS(given(games())(test)))


@shared
def test_prop_game_always_ends(spec: dict[str, Any]) -> None:
    top = play(spec).top
    assert top.phase == FINISHED
    assert top.state.round <= MOST_ROUNDS and top.state.tiebreaks <= TIEBREAKS
    for _who, message in top.sent:
        if message["phase"] in ("choosing", "writing", "voting"):
            assert message["deadline"] is not None or message["backstop_at"] is not None


@shared
def test_prop_points_conserved(spec: dict[str, Any]) -> None:
    top = play(spec).top
    totals = dict.fromkeys(top.state.seats, 0)
    reveals = {m["reveal"]["round"]: m["reveal"] for _, m in top.sent if m.get("reveal")}
    for _round, reveal in sorted(reveals.items()):
        votes = sum(len(o["voters"]) for o in reveal["options"])
        assert sum(reveal["awards"].values()) == 2 * votes
        expected = dict.fromkeys(reveal["awards"], 0)
        for o in reveal["options"]:
            for voter in o["voters"]:
                if o["kind"] == "truth":
                    expected[voter] += 2
                else:
                    expected[o["writers"][0]] += 1
                    expected[reveal["judge"]] += 1
        assert reveal["awards"] == expected
        for seat, points in reveal["awards"].items():
            totals[seat] += points
        assert reveal["totals"] == totals
    assert top.state.scores == totals


@shared
def test_prop_real_definition_hidden_from_non_judges(spec: dict[str, Any]) -> None:
    top = play(spec).top
    truths = _truths(top)
    seed = top.state.seed
    for _who, m in top.sent:
        text = json.dumps(m, ensure_ascii=False)
        assert seed not in text
        secrets = truths.get(m.get("round") or 0, ())
        for alias in secrets[2:]:
            assert alias not in text
        judge_view = m.get("judge") is not None and m.get("seat") == m["judge"]
        if m["phase"] == "choosing":  # the five: the Judge's alone, and never a definition
            assert m["offer"] is None or judge_view
            for o in m["offer"] or []:
                assert set(o) == {"i", "word", "note", "pos", "respell"}
        if m["phase"] in ("writing", "voting") and not judge_view:
            outside = json.dumps({k: v for k, v in m.items() if k != "ballot"}, ensure_ascii=False)
            for secret in secrets[:2]:
                assert secret not in outside
            assert m["reveal"] is None
        if m["phase"] == "voting":
            ballot = m["ballot"]
            assert all(set(c) <= {"id", "n", "text", "mine", "truth"} for c in ballot)
            if not judge_view:
                assert all("truth" not in c for c in ballot)
                assert sum(1 for c in ballot if c["text"] == secrets[1]) <= 1


@shared
def test_prop_bots_never_receive_the_real_definition(spec: dict[str, Any]) -> None:
    played = play(spec)
    truths = _truths(played.top)
    for round_, view in played.bot_inputs:
        secrets = truths.get(round_, ())
        text = json.dumps(dataclasses.asdict(view), ensure_ascii=False)
        for alias in secrets[2:]:
            assert alias not in text
        if isinstance(view, bots.WriterView):
            assert [f.name for f in dataclasses.fields(view)] == ["word", "pos"]
        if isinstance(view, bots.ChooserView | bots.WriterView):
            assert not any(s in text for s in secrets[:2])
        if isinstance(view, bots.VoterView):
            assert sum(1 for c in view.cards if c.text == secrets[1]) <= 1
            assert "truth" not in text and "writers" not in text


@shared
def test_prop_refusal_changes_nothing(spec: dict[str, Any]) -> None:
    played = play(spec)
    assert played.refusals_that_changed == 0


@shared
def test_prop_deadlines_whole_seconds(spec: dict[str, Any]) -> None:
    top = play(spec).top
    for _, m in top.sent:
        for key in ("deadline", "backstop_at"):
            assert m.get(key) is None or m[key] % 1000 == 0
    assert play(spec).timers_in_ms == 0  # every timer: deadlines, bots' turns, away, abandon


@shared
def test_prop_one_card_per_standing_entry_plus_real(spec: dict[str, Any]) -> None:
    top = play(spec).top
    reveals = {m["reveal"]["round"]: m["reveal"] for _, m in top.sent if m.get("reveal")}
    for reveal in reveals.values():
        kinds = [o["kind"] for o in reveal["options"]]
        assert kinds.count("truth") == 1
        fakes = [o for o in reveal["options"] if o["kind"] == "fake"]
        assert all(len(o["writers"]) == 1 for o in fakes)
        writers = [o["writers"][0] for o in fakes]
        assert len(writers) == len(set(writers)) and reveal["judge"] not in writers
        assert [o["n"] for o in reveal["options"]] == list(range(1, len(kinds) + 1))


@shared
def test_prop_memory_bounded(spec: dict[str, Any]) -> None:
    top = play(spec).top
    memory = top.room.memory  # type: ignore[union-attr]
    assert len(memory["words"]) <= 300 and len(memory["fakes"]) <= 500
    assert len(set(memory["words"])) == len(memory["words"])
    assert set(memory["words"]) <= set(CONTENT.by_id)
