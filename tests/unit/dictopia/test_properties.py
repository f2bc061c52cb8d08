"""Property tests over random matches, and the secrecy test (Secrecy section).

GIVEN random rooms and random actions from every member, WHEN the clock runs,
THEN the invariants of D6, D8, D22 and the end of the game hold, and no
message ever carries a secret.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.dictopia.catalogue import CATALOGUE
from games.dictopia.content import Card, Content, Face
from games.dictopia.lexicon import MemoryLexicon, word_key
from games.dictopia.state import TRIAL
from table.errors import Refusal
from tests.support.tabletop import Tabletop
from tests.unit.dictopia.support import BACKS, english, game_for

ACTIONS = ("play", "lock", "touch_speed", "denounce", "dispute", "pass", "judge", "continue")


def token_content() -> Content:
    """Cards whose letters are unique tokens, so a leaked letter is found by search."""
    cards = tuple(
        Card(f"en-L{i:02d}", (Face(f"V{i:02d}q", i % 3), Face(f"K{i:02d}q", 1 + i % 3)), BACKS[i])
        for i in range(60)
    )
    # Delimited, so no id's text contains another's ("odd" is a prefix of "odd_eyes").
    texts = {m.id: f"<Mission text of {m.id}>" for m in CATALOGUE}
    return Content("en", cards, MemoryLexicon("en", []), texts)


def random_match(
    data: st.DataObject, content: Content, players: int, options: dict[str, Any]
) -> tuple[Tabletop, list[str], list[str]]:
    """Play a whole match with random actions; return the table, players and every failure."""
    top = Tabletop(game_for(content), seed=data.draw(st.integers(0, 999)), content=content)
    ids = [top.create("Ana", options=options)]
    ids += top.seat(*["Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"][: players - 1])
    top.join("Tv", observer=True)
    top.start()
    failures: list[str] = []
    seen = 0
    for _ in range(400):
        if top.phase == "finished":
            break
        # Each step is one decision, checked against the state it produced.
        for _ in range(data.draw(st.integers(0, 4))):
            act(top, data, ids)
            failures += secrecy_failures(top, ids, seen)
            seen = len(top.sent)
        if top.timers:
            top.advance(min(t.at for t in top.timers) - top.now)
        failures += secrecy_failures(top, ids, seen)
        seen = len(top.sent)
    return top, ids, failures


def act(top: Tabletop, data: st.DataObject, ids: list[str]) -> None:
    member = data.draw(st.sampled_from(ids))
    action = data.draw(st.sampled_from(ACTIONS))
    state = top.state
    fields: dict[str, Any] = {"round": state.round}
    size = len(state.hands.get(member, [])) or 8
    if action == "play":
        n = data.draw(st.integers(1, size))
        cards = data.draw(st.permutations(range(size)))[:n]
        fields["cards"] = [[c, data.draw(st.integers(0, 1))] for c in cards]
        fields["claims"] = data.draw(st.lists(st.sampled_from(state.missions or ["x"]), max_size=1))
    elif action in ("denounce", "dispute"):
        fields["player"] = data.draw(st.sampled_from(ids))
        if action == "dispute":
            fields["mission"] = data.draw(st.sampled_from(state.missions or ["even"]))
    elif action == "judge":
        fields["item"] = data.draw(st.integers(1, 3))
        fields["verdict"] = data.draw(st.booleans())
    before = (state.deadline, state.phase_id)
    try:
        top.move(member, action, **fields)
    except Refusal:
        return
    after = top.state
    assert after.phase_id != before[1] or after.deadline == before[0], "an action moved a deadline"


def secrecy_failures(top: Tabletop, ids: list[str], since: int) -> list[str]:
    """Search every message sent since `since` for the secrets of the state now."""
    assert top.room is not None
    state = top.state
    secrets = list(top.game.secrets(state, top.room.table()))
    failures = []
    for member, message in top.sent[since:]:
        text = json.dumps(message, ensure_ascii=False)
        failures += [f"{s!r} to {member}" for s in secrets if s in text]
        if state.phase == TRIAL:
            content: Content = top.content
            # Two copies share letters: a letter the member holds too is not another's secret.
            own = {c % 60 for c in state.hands.get(member, [])}
            others = [
                c for p, h in state.hands.items() if p != member for c in h if c % 60 not in own
            ]
            letters = [f.letter for c in others for f in content.card(c).faces]
            failures += [f"hand letter {x} to {member}" for x in letters if x in text]
            if message.get("words") is not None:
                failures.append(f"words during the trial to {member}")
        words = message.get("words") or []
        if message.get("phase") != "score" and any(w["listed"] is not None for w in words):
            failures.append("listed before score")
        for item in message.get("items") or []:
            if message.get("phase") == "vote" and item["yes"] is not None:
                failures.append("verdicts before the close")
        # The final order (and Big Brother's total in it) only once the match is over.
        if message.get("phase") != "finished" and message.get("standings"):
            failures.append(f"standings before the end to {member}")
    return failures


@settings(max_examples=10, deadline=None)
@given(data=st.data(), players=st.integers(2, 9), strict=st.booleans())
def test_secrecy_every_view_hides_every_secret(
    data: st.DataObject, players: int, strict: bool
) -> None:
    options = {"validation": "strict" if strict else "denounce"}
    top, _, failures = random_match(data, token_content(), players, options)
    assert failures == []
    assert top.phase == "finished"


def test_secrecy_token_texts_never_contain_one_another() -> None:
    content = token_content()
    tokens = [content.text(m.id) for m in CATALOGUE]
    tokens += [f.letter for c in content.cards for f in c.faces]
    assert [(a, b) for a in tokens for b in tokens if a != b and a in b] == []


def test_secrecy_later_mission_found_beside_a_prefixed_one() -> None:
    """`odd_eyes` in play with `odd` still to come: the search finds no false leak,
    and still finds `odd`'s text if it is sent."""
    content = token_content()
    top = None
    for seed in range(1000):
        candidate = Tabletop(game_for(content), seed=seed, content=content)
        ids = [candidate.create("Ana", options={"validation": "strict"}), *candidate.seat("Ben")]
        candidate.start()
        flat = [m for trial in candidate.state.plan for m in trial]
        if "odd" in flat and "odd_eyes" in flat and flat.index("odd_eyes") < flat.index("odd"):
            top = candidate
            break
    assert top is not None
    seen, failures, checked = 0, [], False
    while top.phase != "finished":
        failures += secrecy_failures(top, ids, seen)
        if top.phase == TRIAL and "odd_eyes" in top.state.missions:
            assert content.text("odd") in top.game.secrets(top.state, top.room.table())
            top.sent.append((ids[0], {"leak": content.text("odd")}))
            assert secrecy_failures(top, ids, len(top.sent) - 1) != []
            top.sent.pop()
            checked = True
        seen = len(top.sent)
        top.advance(min(t.at for t in top.timers) - top.now)
    assert checked and failures == []


@settings(max_examples=10, deadline=None)
@given(data=st.data(), players=st.integers(1, 3))
def test_prop_game_always_ends(data: st.DataObject, players: int) -> None:
    options = {"mode": "solo"} if players == 1 else {}
    # Real letters are single characters: secrecy is searched on token cards instead.
    top, ids, _ = random_match(data, english(), players, options)
    assert top.phase == "finished"
    assert all(len(top.state.trial_scores[p]) == 5 for p in ids)


def _after_each_score(data: st.DataObject, players: int, solo: bool) -> list[tuple[Any, Content]]:
    """The state at every `score` phase of a random match, plus the content."""
    content = english()
    options = {"mode": "solo"} if solo else {}
    top = Tabletop(game_for(content), seed=data.draw(st.integers(0, 999)), content=content)
    ids = [top.create("Ana", options=options), *top.seat(*["Ben", "Cy", "Dee"][: players - 1])]
    top.start()
    scores = []
    while top.phase != "finished":
        if top.phase == TRIAL:
            for p in ids:
                size = len(top.state.hands[p])
                n = data.draw(st.integers(0, size))
                cards = data.draw(st.permutations(range(size)))[:n]
                if n:
                    pick = [[c, data.draw(st.integers(0, 1))] for c in cards]
                    with contextlib.suppress(Refusal):
                        top.move(p, "play", round=top.state.round, cards=pick)
        top.advance(top.state.deadline - top.now)
        if top.phase == "score":
            scores.append((top.state.model_copy(deep=True), content))
    return scores


@settings(max_examples=10, deadline=None)
@given(data=st.data(), players=st.integers(2, 4))
def test_prop_word_uses_each_dealt_card_at_most_once(data: st.DataObject, players: int) -> None:
    for state, _ in _after_each_score(data, players, False):
        for player, filed in state.words.items():
            used = [c for c, _ in filed.cards]
            assert len(used) == len(set(used)) and all(
                0 <= c < len(state.hands[player]) for c in used
            )


@settings(max_examples=10, deadline=None)
@given(data=st.data(), players=st.integers(2, 4))
def test_prop_score_is_letters_plus_eyes_bonus_plus_missions(
    data: st.DataObject, players: int
) -> None:
    for state, content in _after_each_score(data, players, False):
        for player, line in state.lines.items():
            if line.void:
                assert line.trial == 0
                continue
            filed = state.words[player]
            faces = [content.card(state.hands[player][c]).faces[f] for c, f in filed.cards]
            eyes = sum(f.eyes for f in faces)
            bonus = 3 if eyes == state.target else 0
            assert line.trial == len(faces) + bonus + sum(m["bonus"] for m in line.missions)


@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_prop_big_brother_is_unused_eyes_plus_missed_bonuses(data: st.DataObject) -> None:
    from games.dictopia.catalogue import BY_ID

    for state, content in _after_each_score(data, 1, True):
        player = state.players[0]
        line, bb = state.lines[player], state.big_brother
        used = set() if line.void else {c for c, _ in state.words[player].cards}
        hand = state.hands[player]
        unused = sum(
            sum(f.eyes for f in content.card(c).faces) for i, c in enumerate(hand) if i not in used
        )
        met = {m["id"] for m in line.missions}
        missed = sum(BY_ID[m].bonus for m in state.missions if m not in met)
        assert bb.trial == unused + (0 if line.eyes_bonus else 3) + missed


@settings(max_examples=10, deadline=None)
@given(data=st.data(), players=st.integers(1, 12))
def test_prop_deal_disjoint_target_from_pile(data: st.DataObject, players: int) -> None:
    import random

    from games.dictopia.phases import _deal
    from games.dictopia.state import DictopiaState

    content = english()
    from table.contract import Env

    seed = data.draw(st.integers(0, 10_000))
    copies = 1 if players <= 7 else 2
    state = DictopiaState(copies=copies)
    size = data.draw(st.integers(8, 20)) if players == 1 else 8
    env = Env(now=0, rng=random.Random(seed), content=content)
    seats = [f"p{i}" for i in range(players)]
    hands, target = _deal(state, seats, size, env)
    order = list(range(60 * copies))
    random.Random(seed).shuffle(order)
    dealt = [c for h in hands.values() for c in h]
    assert len(dealt) == len(set(dealt)) == players * size
    assert target == content.card(order[players * size]).back


@settings(max_examples=10, deadline=None)
@given(data=st.data(), players=st.integers(2, 4))
def test_prop_totals_equal_sum_of_trial_scores(data: st.DataObject, players: int) -> None:
    for state, _ in _after_each_score(data, players, False):
        for player in state.players:
            assert state.totals[player] == sum(state.trial_scores[player])


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=12))
def test_prop_key_idempotent_card_letters_are_keys(text: str) -> None:
    assert word_key(word_key(text)) == word_key(text)
    for card in english().cards:
        for face in card.faces:
            assert word_key(face.letter) == face.key and len(face.key) == 1
