"""Every player action: who may send it, when, and what it changes (docs/dictopia.md)."""

from __future__ import annotations

from games.dictopia import phases
from games.dictopia.catalogue import CHALLENGES
from games.dictopia.codes import ClaimReason, DCode
from games.dictopia.content import Content
from games.dictopia.missions import auto_met, claimable
from games.dictopia.moves import (
    Continue,
    Denounce,
    Dispute,
    Judge,
    Lock,
    Pass,
    Play,
    TouchSpeed,
    WarmupPlay,
)
from games.dictopia.settings import settings
from games.dictopia.state import SCORE, TALLY, TRIAL, VOTE, WARMUP, DictopiaState, Item
from games.dictopia.words import form
from table.contract import FINISHED, Env, Outcome, Seal, Table, unchanged
from table.errors import Code, Refusal
from table.kit import check_phase

PLAYS_PER_TRIAL = 60  # D4d
ORDER = (WARMUP, TRIAL, TALLY, VOTE, SCORE, FINISHED)  # the phases as they come


def guard(
    state: DictopiaState, table: Table, member: str, phase: str, round_: int, env: Env
) -> None:
    """The checks every action shares: phase, round, deadline, eligibility."""
    # D7a: a move after its phase closed is refused, never silently dropped.
    check_phase(
        state.phase,
        ORDER,
        (phase,),
        round_=state.round,
        move_round=round_,
        closed=state.due(env.now),
    )
    seat = table.member(member)
    if seat is None or not seat.active or member not in state.players:
        raise Refusal(Code.NOT_ELIGIBLE)


# --- warm-up (D3) ------------------------------------------------------------------------


def warmup_play(
    state: DictopiaState, table: Table, member: str, move: WarmupPlay, env: Env
) -> Outcome[DictopiaState]:
    guard(state, table, member, WARMUP, state.round, env)
    content: Content = env.content
    word = form(move.cards, state.hands[member], content)
    mission = CHALLENGES[move.challenge]
    if word.key not in content.lexicon:
        result = "not_listed"  # the one time a denounce room reveals the list (D3a)
    else:
        result = "met" if auto_met(mission, word, content.lang) else "not_met"
    mine = dict(table.picks.get(member) or {})
    met = sorted(set(mine.get("met", [])) | ({move.challenge} if result == "met" else set()))
    last = {"challenge": move.challenge, "letters": word.spelled, "result": result}
    return Outcome(state, seal=Seal({"met": met, "last": last}, replace=True))


# --- the trial (D4, D7, D16) ---------------------------------------------------------------


def _claims(state: DictopiaState, table: Table, claims: list[str], content: Content) -> list[str]:
    """D9b: only `vote` missions in play, and Music by sound where votes exist (D10b).

    The view says the same per mission (`missions[].claimable`), so a screen offers
    only these.
    """
    vote_missions = settings(table.options, table).vote_missions
    kept: list[str] = []
    for mission in claims:
        if mission not in state.missions:
            raise Refusal(DCode.BAD_CLAIM, ClaimReason.NOT_IN_PLAY)
        if not claimable(mission, content.lexicon, vote_missions):
            raise Refusal(DCode.BAD_CLAIM, ClaimReason.NOT_CLAIMABLE)
        if mission not in kept:
            kept.append(mission)
    return kept


def play(
    state: DictopiaState, table: Table, member: str, move: Play, env: Env
) -> Outcome[DictopiaState]:
    guard(state, table, member, TRIAL, move.round, env)
    if phases.locked(state, table, member):
        raise Refusal(DCode.LOCKED)
    mine = table.picks.get(member) or {}
    if int(mine.get("n", 0)) >= PLAYS_PER_TRIAL:
        raise Refusal(Code.RATE_LIMITED)
    content: Content = env.content
    # Every refusal comes before anything is spent: the word on file, its claims and the
    # plays left stay as they were, so a refused claim never costs the word already
    # filed, and the message says what to change (untick the claim, play again).
    claims = _claims(state, table, list(move.claims), content)
    word = form(move.cards, state.hands[member], content)
    # D19e, D17a: strict rooms refuse unlisted words, except a claimed foreign word.
    # In denounce rooms `play` never reads the list (Secrecy).
    strict = settings(table.options, table).strict
    if strict and "foreign" not in claims and word.key not in content.lexicon:
        raise Refusal(DCode.NOT_IN_WORD_LIST)
    filed = {"w": [list(c) for c in word.cards], "c": claims, "n": int(mine.get("n", 0)) + 1}
    return Outcome(state, seal=Seal(filed, replace=True))


def lock(
    state: DictopiaState, table: Table, member: str, move: Lock, env: Env
) -> Outcome[DictopiaState]:
    guard(state, table, member, TRIAL, move.round, env)
    mine = table.picks.get(member) or {}
    if not mine.get("w"):
        raise Refusal(DCode.NO_WORD)
    if phases.locked(state, table, member):
        raise Refusal(DCode.LOCKED)
    return Outcome(state, seal=Seal({**mine, "l": True}, replace=True))


def touch_speed(
    state: DictopiaState, table: Table, member: str, move: TouchSpeed, env: Env
) -> Outcome[DictopiaState]:
    """D16a: the first touch the server accepts wins; the room's versioned write decides races."""
    guard(state, table, member, TRIAL, move.round, env)
    if "speed" not in state.missions:
        raise Refusal(DCode.NO_SPEED_MISSION)
    if state.speed_by is not None:
        raise Refusal(DCode.SPEED_TAKEN)
    if not (table.picks.get(member) or {}).get("w"):
        raise Refusal(DCode.NO_WORD)
    if phases.locked(state, table, member):
        raise Refusal(DCode.LOCKED)  # D16c: a plain lock never wins Speed
    state = state.clone()
    state.speed_by = member
    return Outcome(state)


# --- the tally (D19) and the vote (D13) ---------------------------------------------------


def _target(state: DictopiaState, member: str, player: str) -> None:
    if player not in state.players:
        raise Refusal(Code.UNKNOWN_PLAYER)
    if player == member:
        raise Refusal(DCode.OWN_WORD)


def _new_item(state: DictopiaState, kind: str, player: str, mission: str | None = None) -> None:
    state.items.append(Item(id=len(state.items) + 1, kind=kind, player=player, mission=mission))


def denounce(
    state: DictopiaState, table: Table, member: str, move: Denounce, env: Env
) -> Outcome[DictopiaState]:
    guard(state, table, member, TALLY, move.round, env)
    if settings(table.options, table).strict:
        raise Refusal(DCode.DENUNCIATION_OFF)
    _target(state, member, move.player)
    filed = state.words.get(move.player)
    if filed is None:
        raise Refusal(DCode.NO_WORD)
    if filed.denounced_by is not None:
        raise Refusal(DCode.ALREADY_DENOUNCED)
    state = state.clone()
    filed = state.words[move.player]
    filed.denounced_by = member
    if "foreign" in filed.claims:
        # D17a: denouncing a claimed foreign word is disputing the claim; no look-up.
        if "foreign" not in filed.disputes:
            filed.disputes["foreign"] = member
            _new_item(state, "mission", move.player, "foreign")
        return Outcome(state)
    content: Content = env.content
    key = form(filed.cards, state.hands[move.player], content).key
    filed.listed_on_denounce = key in content.lexicon  # D19b: settled at once
    if not filed.listed_on_denounce:
        _new_item(state, "validity", move.player)
    return Outcome(state)


def dispute(
    state: DictopiaState, table: Table, member: str, move: Dispute, env: Env
) -> Outcome[DictopiaState]:
    guard(state, table, member, TALLY, move.round, env)
    _target(state, member, move.player)
    filed = state.words.get(move.player)
    if filed is None or move.mission not in filed.claims:
        raise Refusal(DCode.NOT_CLAIMED)
    if move.mission in filed.disputes:
        raise Refusal(DCode.ALREADY_DISPUTED)
    state = state.clone()
    state.words[move.player].disputes[move.mission] = member
    _new_item(state, "mission", move.player, move.mission)
    return Outcome(state)


def pass_(
    state: DictopiaState, table: Table, member: str, move: Pass, env: Env
) -> Outcome[DictopiaState]:
    guard(state, table, member, TALLY, move.round, env)
    if member in state.passed:
        return unchanged(state)
    state = state.clone()
    state.passed.append(member)
    return Outcome(state)


def judge(
    state: DictopiaState, table: Table, member: str, move: Judge, env: Env
) -> Outcome[DictopiaState]:
    """D13a: one sealed answer per item, shown only at the close."""
    guard(state, table, member, VOTE, move.round, env)
    if not any(i.id == move.item for i in state.items):
        raise Refusal(DCode.UNKNOWN_ITEM)
    mine = dict(table.picks.get(member) or {})
    if str(move.item) in mine:
        raise Refusal(Code.ALREADY_VOTED)
    mine[str(move.item)] = move.verdict
    return Outcome(state, seal=Seal(mine, replace=True))


def continue_(
    state: DictopiaState, table: Table, member: str, move: Continue, env: Env
) -> Outcome[DictopiaState]:
    """D3b / D7d: the host moves on; in `score` only from 6 s."""
    if table.host != member:
        raise Refusal(Code.NOT_HOST)
    check_phase(
        state.phase,
        ORDER,
        (WARMUP, SCORE),
        round_=state.round,
        move_round=move.round,
        closed=state.due(env.now),
    )
    if state.phase == SCORE and env.now < (state.continue_at or 0):
        raise Refusal(Code.TOO_EARLY)
    state = state.clone()
    state.continue_asked = True
    return Outcome(state)
