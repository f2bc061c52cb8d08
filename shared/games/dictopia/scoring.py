"""Scores (D8), mission outcomes (D9-D17), Big Brother (D22) and the winners (D20)."""

from __future__ import annotations

from dataclasses import dataclass

from games.dictopia.catalogue import Check
from games.dictopia.content import Content
from games.dictopia.missions import auto_met, bonus_of, check_of, dict_met
from games.dictopia.state import BigBrother, DictopiaState, Filed, Item, Line, Standing
from games.dictopia.words import Word, form, no_word

EYES_BONUS = 3
BIG_BROTHER = "big_brother"  # his id in solo winners and standings (D22c)
TIE_BONUS = 1  # D14a: a mission validated on a tied vote


@dataclass(frozen=True)
class Outcome:
    """What one mission did for one word: `status` for the tally, `bonus`/`how` once final."""

    status: str  # met, missed, claimed, disputed, pending
    bonus: int = 0
    how: str | None = None


def word_of(state: DictopiaState, content: Content, player: str) -> Word | None:
    filed = state.words.get(player)
    if filed is None or not filed.cards:
        return None
    return form(filed.cards, state.hands[player], content)


def item_for(
    state: DictopiaState, player: str, kind: str, mission: str | None = None
) -> Item | None:
    return next(
        (i for i in state.items if i.player == player and i.kind == kind and i.mission == mission),
        None,
    )


def _claimed(filed: Filed, mission: str, state: DictopiaState, player: str, final: bool) -> Outcome:
    bonus = bonus_of(mission, state.customs)
    if mission not in filed.claims:
        return Outcome("missed")
    if mission not in filed.disputes:
        return Outcome("met", bonus, "undisputed") if final else Outcome("claimed")
    item = item_for(state, player, "mission", mission)
    if item is None or item.result is None:
        return Outcome("disputed")
    if item.result == "yes":
        return Outcome("met", bonus, "vote")
    if item.result == "tie":
        return Outcome("met", TIE_BONUS, "tie")
    return Outcome("missed")


def mission_outcome(
    state: DictopiaState, content: Content, player: str, word: Word, mission: str, final: bool
) -> Outcome:
    filed = state.words[player]
    check = check_of(mission, content.lexicon)
    bonus = bonus_of(mission, state.customs)
    if check is Check.AUTO:
        if auto_met(mission, word, content.lang):
            return Outcome("met", bonus, "auto")
        if mission == "music":  # D10b: by sound, as a claim
            return _claimed(filed, mission, state, player, final)
        return Outcome("missed")
    if check is Check.SPEED:
        return Outcome("met", bonus, "speed") if state.speed_by == player else Outcome("missed")
    if check is Check.DICT:
        # Looking it up would tell whether the word is listed: not before `score`.
        if not final:
            return Outcome("pending")
        met = dict_met(mission, word, content.lexicon)
        return Outcome("met", bonus, "dict") if met else Outcome("missed")
    return _claimed(filed, mission, state, player, final)


def void_reason(
    state: DictopiaState, content: Content, player: str, word: Word | None
) -> str | None:
    """D8a: no word, rightly denounced (D19d), or a refused foreign word (D17a)."""
    if word is None:
        return "no_word"
    validity = item_for(state, player, "validity")
    if validity is not None and validity.result == "no":
        return "denounced"
    foreign = item_for(state, player, "mission", "foreign")
    if foreign is not None and foreign.result == "no" and word.key not in content.lexicon:
        return "foreign_refused"
    return None


def outcomes(
    state: DictopiaState, content: Content, player: str, final: bool
) -> dict[str, Outcome]:
    word = word_of(state, content, player)
    if word is None:
        return {m: Outcome("missed") for m in state.missions}
    return {m: mission_outcome(state, content, player, word, m, final) for m in state.missions}


def line(state: DictopiaState, content: Content, player: str) -> Line:
    """The trial's final score: letters + eyes bonus + Σ fulfilled missions (D8a)."""
    word = word_of(state, content, player)
    previous = state.totals.get(player, 0)
    void = void_reason(state, content, player, word)
    if word is None or void is not None:
        listed = None if word is None else word.key in content.lexicon
        return Line(void=void, total=previous, listed=listed, eyes=word.eyes if word else 0)
    fulfilled = {
        m: o for m, o in outcomes(state, content, player, final=True).items() if o.status == "met"
    }
    met: list[dict[str, object]] = [
        {"id": m, "bonus": o.bonus, "how": o.how} for m, o in fulfilled.items()
    ]
    eyes_bonus = EYES_BONUS if word.eyes == state.target else 0
    score = len(word.cards) + eyes_bonus + sum(o.bonus for o in fulfilled.values())
    return Line(
        letters=len(word.cards),
        eyes=word.eyes,
        eyes_bonus=eyes_bonus,
        missions=met,
        trial=score,
        total=previous + score,
        listed=word.key in content.lexicon,
    )


def big_brother(state: DictopiaState, content: Content, player: str, scored: Line) -> BigBrother:
    """D22a: eyes on unused cards + the eyes bonus if missed + every missed mission's bonus."""
    word = None if scored.void else word_of(state, content, player)
    unused = (word or no_word(state.hands[player], content)).unused_eyes
    met = {str(m["id"]) for m in scored.missions}
    missed = [
        {"id": m, "bonus": bonus_of(m, state.customs)} for m in state.missions if m not in met
    ]
    missed_eyes = EYES_BONUS if scored.eyes_bonus == 0 else 0
    trial = unused + missed_eyes + sum(int(m["bonus"]) for m in missed)  # type: ignore[call-overload]
    total = sum(state.bb_trials) + trial
    return BigBrother(
        unused_eyes=unused,
        missed_eyes_bonus=missed_eyes,
        missed_missions=missed,
        trial=trial,
        total=total,
    )


def standings(totals: dict[str, int], last: dict[str, int]) -> list[Standing]:
    """The match's final order (D20a): by total, then by the last trial's score; those
    equal on both share a rank, and the next rank skips as many places (1, 1, 3).

    In solo Big Brother (`BIG_BROTHER`) stands beside the player (D22c), so the
    result sheet ranks him as the winners line names him.
    """

    def key(p: str) -> tuple[int, int]:
        return totals[p], last.get(p, 0)

    order = sorted(totals, key=key, reverse=True)  # stable: seat order among equals
    return [
        Standing(
            id=p,
            total=totals[p],
            last_trial=last.get(p, 0),
            rank=1 + sum(1 for q in order if key(q) > key(p)),
        )
        for p in order
    ]


def winners(totals: dict[str, int], last: dict[str, int]) -> list[str]:
    """D20a: the highest total, then the highest last-trial score; several left share."""
    ranked = standings(totals, last)
    return sorted((s.id for s in ranked if s.rank == 1), key=list(totals).index)
