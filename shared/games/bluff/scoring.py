"""Scoring, the reveal and the winners (R11, R12, R13)."""

from __future__ import annotations

from games.bluff.ballot import sort_entries
from games.bluff.display import shown
from games.bluff.state import BluffState, Round, Summary
from games.bluff.timings import (
    AWARDS_HOLD_MS,
    INTRO_MS,
    SHOW_ENDS_BY_MS,
    STEP_MAX_MS,
    STEP_MIN_MS,
    TRUTH_HOLD_MS,
    WRITER_AT,
)
from table.contract import Env, Table

TRUTH_VOTE = 1000
TRUTH_WRITTEN = 1000
FOOLED = 500


def awards(round_: Round) -> dict[str, int]:
    """R11: points this round for every player of the round (0 included)."""
    points = dict.fromkeys(round_.players, 0)
    for writer in sort_entries(round_).truth_writers:
        points[writer] += TRUTH_WRITTEN
    by_id = {option.id: option for option in round_.ballot}
    for voter, option_id in round_.votes.items():
        option = by_id[option_id]
        if option.kind == "truth":
            points[voter] += TRUTH_VOTE
        elif option.kind == "bluff" and option.writer is not None:
            points[option.writer] += FOOLED
        # A fallback fools nobody into giving points: 0 (R11).
    return points


def show_order(round_: Round) -> list[str]:
    """The order the reveal turns the cards over: every lie and decoy, the
    least-voted first (ballot order among equals), then the truth last."""
    votes = {option.id: 0 for option in round_.ballot}
    for option_id in round_.votes.values():
        votes[option_id] = votes.get(option_id, 0) + 1
    others = [(votes[o.id], i, o.id) for i, o in enumerate(round_.ballot) if o.kind != "truth"]
    truth = [o.id for o in round_.ballot if o.kind == "truth"]
    return [option_id for _, _, option_id in sorted(others)] + truth


def beats(env: Env, round_: Round) -> list[dict[str, object]]:
    """The reveal as a show, played by every screen at the same server time.

    For each lie or decoy in `show_order`: `voters` (who fell for it), then
    `writer` (who wrote it, or the dictionary's decoy); then `truth` (the true
    card and who found it); then `awards` (the round's points); then `totals`.
    The steps shrink with a big ballot so the totals always come by
    `SHOW_ENDS_BY_MS` (R12: the reveal lasts 20 s).
    """
    truth = next((o.id for o in round_.ballot if o.kind == "truth"), None)
    lies = [option_id for option_id in show_order(round_) if option_id != truth]
    holds = INTRO_MS + TRUTH_HOLD_MS + AWARDS_HOLD_MS
    step = min(STEP_MAX_MS, max(STEP_MIN_MS, (SHOW_ENDS_BY_MS - holds) // max(1, len(lies))))
    # Steps at their shortest and still too many: the intro and holds give way.
    squeeze = max(0.0, min(1.0, (SHOW_ENDS_BY_MS - step * len(lies)) / holds))
    intro, truth_hold, awards_hold = (
        int(ms * squeeze) for ms in (INTRO_MS, TRUTH_HOLD_MS, AWARDS_HOLD_MS)
    )
    plan: list[tuple[int, str, str | None]] = []
    at = intro
    for option_id in lies:
        plan.append((at, "voters", option_id))
        plan.append((at + round(step * WRITER_AT), "writer", option_id))
        at += step
    plan.append((at, "truth", truth))
    plan.append((at + truth_hold, "awards", None))
    plan.append((at + truth_hold + awards_hold, "totals", None))
    return [
        {"at": env.now + env.length(offset), "cue": cue, **({"option": o} if o else {})}
        for offset, cue, o in plan
    ]


def _at(beat: dict[str, object]) -> int:
    at = beat["at"]
    assert isinstance(at, int)
    return at


def hold(round_: Round, now: int) -> bool:
    """The host's `hold`: every beat still to come plays now, so each screen jumps
    to the last frame together and stays there. False when it already shows it."""
    if all(_at(b) <= now for b in round_.beats):
        return False
    round_.beats = [{**b, "at": min(_at(b), now)} for b in round_.beats]
    return True


def totals(state: BluffState, table: Table) -> dict[str, int]:
    """Every seat of the match (inactive ones included), never a seat taken after it."""
    return {m.id: state.scores[m.id] for m in table.players if m.id in state.scores}


def reveal(state: BluffState, table: Table, round_: Round) -> dict[str, object]:
    """R12: everything about the round, once it is over. Scores must already include it."""
    seat = {m.id: i for i, m in enumerate(table.players)}

    def in_seat_order(ids: list[str]) -> list[str]:
        return sorted(ids, key=lambda i: seat.get(i, len(seat)))

    sorting = sort_entries(round_)
    voters_of: dict[str, list[str]] = {option.id: [] for option in round_.ballot}
    for voter, option_id in round_.votes.items():
        voters_of[option_id].append(voter)
    return {
        "word": round_.card.word,
        "note": round_.card.note,
        "truth": shown(round_.card.truth, table.lang),
        "aliases": [shown(alias, table.lang) for alias in round_.card.aliases],
        "options": [
            {
                "id": option.id,
                "text": option.text,
                "kind": option.kind,
                "writers": [option.writer] if option.writer else [],
                "voters": in_seat_order(voters_of[option.id]),
            }
            for option in round_.ballot
        ],
        "truth_writers": [
            {"player": p, "text": shown(round_.entries[p].text, table.lang)}
            for p in sorting.truth_writers
        ],
        "groups": [
            {
                "writers": writers,
                "texts": [shown(round_.entries[p].text, table.lang) for p in writers],
            }
            for writers in sorting.groups
        ],
        "skipped": [p for p in round_.players if p not in round_.entries],
        "awards": awards(round_),
        "totals": totals(state, table),
        "beats": list(round_.beats),
    }


def summary(round_: Round, lang: str) -> Summary:
    """What the result sheet keeps: the word, the truth and the bluff that fooled most."""
    best = None
    for option in round_.ballot:
        if option.kind != "bluff" or option.writer is None:
            continue
        fooled = sum(1 for chosen in round_.votes.values() if chosen == option.id)
        written_at = round_.entries[option.writer].at
        if fooled and (best is None or (fooled, -written_at) > (best[0], -best[1])):
            best = (fooled, written_at, option)
    by_id = {option.id: option for option in round_.ballot}
    fooled_by: dict[str, int] = {}
    found: list[str] = []
    for voter, option_id in round_.votes.items():
        chosen = by_id[option_id]
        if chosen.kind == "truth":
            found.append(voter)
        elif chosen.kind == "bluff" and chosen.writer is not None:
            fooled_by[chosen.writer] = fooled_by.get(chosen.writer, 0) + 1
    return Summary(
        word=round_.card.word,
        truth=shown(round_.card.truth, lang),
        fooled=fooled_by,
        found=found,
        best_bluff=None
        if best is None
        else {"text": best[2].text, "writer": best[2].writer, "fooled": best[0]},
    )


def winners(state: BluffState, table: Table) -> list[str]:
    """R13: every seat of the match with the highest total; ties share the victory."""
    seats = table.players
    if not seats:
        return []
    top = max(state.scores.get(m.id, 0) for m in seats)
    return [m.id for m in seats if state.scores.get(m.id, 0) == top]
