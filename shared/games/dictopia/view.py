"""What each member sees (docs/dictopia.md, "Secrecy"): the only path from state to the wire.

During a trial a member sees their own hand and word, and only counts of the
others'. From the tally every hand and word is public; whether a word is
listed stays hidden until `score` (a denunciation reveals only that word's).
"""

from __future__ import annotations

from typing import Any

from games.dictopia import scoring
from games.dictopia.catalogue import CHALLENGES
from games.dictopia.content import Content, Face
from games.dictopia.missions import auto_met, bonus_of, check_of, claimable
from games.dictopia.phases import BEAT_NAMES, WARMUP_GOAL, active, locked
from games.dictopia.settings import host_alone, reached, settings
from games.dictopia.state import ROUNDS, SCORE, TALLY, TRIAL, VOTE, WARMUP, DictopiaState
from games.dictopia.words import form
from table.contract import FINISHED, Json, Table

PUBLIC_WORDS = (TALLY, VOTE, SCORE)


def _face(face: Face) -> dict[str, Json]:
    return {"letter": face.letter, "eyes": face.eyes}


def _missions(state: DictopiaState, content: Content, table: Table) -> list[dict[str, Json]]:
    s = settings(table.options, table)
    customs = {f"custom{i + 1}": t for i, (t, _) in enumerate(s.customs)}
    return [
        {
            "id": m,
            "text": customs.get(m) or content.text(m),
            "bonus": bonus_of(m, state.customs),
            "check": check_of(m, content.lexicon).value,
            # D9b, D10b: whether `play` accepts a claim on it, so a screen offers only these.
            "claimable": claimable(m, content.lexicon, s.vote_missions),
        }
        for m in state.missions
    ]


def _mine(state: DictopiaState, table: Table, member: str, content: Content) -> dict[str, Json]:
    """The holder's own word during the trial (D4d); `dict` missions are never previewed."""
    pick = table.picks.get(member) or {}
    fields: dict[str, Json] = {
        "my_word": pick.get("w"),
        "my_letters": None,
        "my_claims": pick.get("c", []),
        "my_locked": locked(state, table, member),
        "plays_left": 60 - int(pick.get("n", 0)),
        "my_preview": None,
    }
    if pick.get("w"):
        word = form(pick["w"], state.hands[member], content)
        fields["my_letters"] = word.spelled
        fields["my_preview"] = {
            "letters": len(word.cards),
            "eyes": word.eyes,
            "target_hit": word.eyes == state.target,
            "missions": [
                m
                for m in state.missions
                if check_of(m, content.lexicon).value == "auto" and auto_met(m, word, content.lang)
            ],
        }
    return fields


def _words(state: DictopiaState, table: Table, content: Content) -> list[dict[str, Json]]:
    final = state.phase == SCORE
    rows = []
    for player in state.players:
        hand = state.hands.get(player)
        if hand is None:
            continue
        filed = state.words.get(player)
        word = scoring.word_of(state, content, player)
        used = {c for c, _ in word.cards} if word else set()
        outcomes = scoring.outcomes(state, content, player, final)
        denunciation = None
        if filed is not None and filed.listed_on_denounce is not None:
            key = word.key if word else ""
            denunciation = (
                {"result": "listed", "spellings": list(content.lexicon.spellings(key))}
                if filed.listed_on_denounce
                else {"result": "to_vote", "spellings": []}
            )
        line = state.lines.get(player)
        rows.append(
            {
                "player": player,
                "letters": word.spelled if word else None,
                "cards": [_face(f) for f in word.faces] if word else [],
                "unused": [
                    [_face(f) for f in content.card(c).faces]
                    for i, c in enumerate(hand)
                    if i not in used
                ],
                "eyes": word.eyes if word else 0,
                "claims": filed.claims if filed else [],
                "missions": {m: o.status for m, o in outcomes.items()},
                "denounced_by": filed.denounced_by if filed else None,
                "denunciation": denunciation,
                "speed": state.speed_by == player,
                "listed": line.listed if final and line else None,
            }
        )
    return rows


def _vote(state: DictopiaState, table: Table, member: str, content: Content) -> dict[str, Json]:
    voters = active(state, table)
    closed = state.phase != VOTE
    mine = {} if closed else dict(table.picks.get(member) or {})
    if closed:
        for item in state.items:
            if item.yes is not None and member in item.yes:
                mine[str(item.id)] = True
            elif item.no is not None and member in item.no:
                mine[str(item.id)] = False
    ids = {str(i.id) for i in state.items}
    items = []
    for item in state.items:
        word = scoring.word_of(state, content, item.player)
        items.append(
            {
                **item.model_dump(mode="json"),
                "letters": word.spelled if word else None,
            }
        )
    return {
        "items": items,
        "my_verdicts": mine,
        "verdicts_in": sum(1 for p in voters if ids <= set(table.picks.get(p) or {}))
        if not closed
        else len(voters),
        "voters": len(voters),
    }


def view(
    state: DictopiaState, table: Table, member: str, now: int, content: Content
) -> dict[str, Any]:
    s = settings(table.options, table)
    phase = state.phase
    in_trial = phase == TRIAL
    hand = state.hands.get(member) if state.in_match else None
    message: dict[str, Any] = {
        "mode": "solo" if s.solo else "group",
        "settings": s.wire("solo" if s.solo else "group"),
        "round": state.round,
        "rounds": ROUNDS,
        "target": state.target if phase in (TRIAL, TALLY, VOTE, SCORE) else None,
        "missions": _missions(state, content, table) if state.in_match else [],
        "hand_size": state.hand_size,
        "continue_at": state.continue_at if phase == SCORE else None,
        "winners": list(state.winners) if phase == FINISHED else [],
        # D20a: the final order, Big Brother placed in solo (D22c); the result sheet's ranks.
        "standings": [s.model_dump(mode="json") for s in state.standings]
        if phase == FINISHED
        else [],
        # The host may still switch between solo and a group while playing alone.
        "mode_switchable": not state.in_match and host_alone(table),
        "my_hand": [{"faces": [_face(f) for f in content.card(c).faces]} for c in hand]
        if hand is not None
        else None,
        "speed_by": state.speed_by if phase in (TRIAL, TALLY, VOTE, SCORE) else None,
        # The table's seat list with each total (D8c): what the scoreboard and the
        # result sheet rank. Totals are public from each trial's score.
        "players": [
            {
                "id": m.id,
                "name": m.name,
                "connected": m.connected,
                "host": table.host == m.id,
                "active": m.active,
                "score": state.totals.get(m.id, 0),
                **({"bot": m.bot} if m.bot else {}),
                **({"local": True} if m.local else {}),
            }
            for m in table.players
        ],
    }
    players = active(state, table)
    if in_trial:
        if hand is not None:
            message.update(_mine(state, table, member, content))
        message["submitted"] = sum(1 for p in players if (table.picks.get(p) or {}).get("w"))
        message["locked"] = sum(1 for p in players if locked(state, table, p))
        message["expected"] = len(players)
    if phase in PUBLIC_WORDS:
        message["words"] = _words(state, table, content)
        message["passed"] = list(state.passed)
    if phase in (VOTE, SCORE):
        message.update(_vote(state, table, member, content))
    if phase in (SCORE, FINISHED) and state.players:
        message["score"] = {
            "lines": {p: line.model_dump(mode="json") for p, line in state.lines.items()},
            "beats": [
                {"at": at, "beat": name}
                for at, name in zip(
                    state.beats,
                    [b for b in BEAT_NAMES if state.solo or b != "big_brother"],
                    strict=False,
                )
            ],
            "totals": dict(state.totals),
        }
    if state.solo:
        bb = state.big_brother if phase in (SCORE, FINISHED) else None
        message["big_brother"] = bb.model_dump(mode="json") if bb else None
        message["solo"] = {"level": state.level, "reached": reached(table), "beaten": state.beaten}
    elif s.solo:
        message["solo"] = {"level": s.level, "reached": reached(table), "beaten": None}
    if phase == WARMUP:
        pick = (table.picks.get(member) or {}) if hand is not None else None
        message["warmup"] = {
            "challenges": [
                {"id": n, "mission": m, "text": content.text(m)} for n, m in CHALLENGES.items()
            ],
            "mine": pick,
            "met_two": sum(
                1 for p in players if len((table.picks.get(p) or {}).get("met", [])) >= WARMUP_GOAL
            ),
            "expected": len(players),
        }
    if phase == FINISHED:
        message["history"] = list(state.history)
    return message
