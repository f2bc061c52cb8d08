"""F12: the reveal, built once when voting closes; its beats are only motion.

Beats travel as data (ruling 12b): each carries what its line needs, and the
client writes the line ("Option N was made up. It fooled K.") in its language.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from games.fictionary.rules import BEAT_MS
from games.fictionary.scoring import CardScore, score_round

# The English templates of each beat's line (the client has one per UI language).
LINES = {
    "votes": "The votes are in.",
    "author": "Option {n} was made up. It fooled {k}.",
    "authors": "Option(s) {ns} fooled no one.",
    "real": "The real definition was option {n}. {k} found it.",
    "judge": "The Judge scores {k}.",
    "totals": "The scores are up.",
}


def beats(
    start: int,
    options: Sequence[Mapping[str, Any]],
    votes: Mapping[str, str],
    judge: str,
    awards: Mapping[str, int],
    totals: Mapping[str, int],
    scale: float = 1.0,
) -> list[dict[str, Any]]:
    """The six kinds of beat, in order, each with its start (`at`) and length (`ms`).

    `scale` is the table's TIME_SCALE, so a scaled reveal's beats fit its deadline."""
    n_of = {o["id"]: o["n"] for o in options}
    fooling = sorted(
        (o for o in options if o["kind"] == "fake" and o["voters"]),
        key=lambda o: (-len(o["voters"]), o["n"]),
    )
    idle = [o["n"] for o in options if o["kind"] == "fake" and not o["voters"]]
    real = next(o for o in options if o["kind"] == "truth")
    plan: list[dict[str, Any]] = []
    if votes:
        plan.append({"cue": "votes", "votes": {v: n_of[c] for v, c in votes.items()}})
    for o in fooling:
        plan.append(
            {
                "cue": "author",
                "n": o["n"],
                "writers": list(o["writers"]),
                "fooled": list(o["voters"]),
            }
        )
    if idle:
        plan.append({"cue": "authors", "ns": idle})
    plan.append({"cue": "real", "n": real["n"], "found": list(real["voters"])})
    plan.append({"cue": "judge", "judge": judge, "points": awards.get(judge, 0)})
    plan.append({"cue": "totals", "awards": dict(awards), "totals": dict(totals)})
    at = start
    for beat in plan:
        beat["at"], beat["ms"] = at, max(1, round(BEAT_MS[beat["cue"]] * scale))
        at += beat["ms"]
    return plan


def length_ms(plan: Sequence[Mapping[str, Any]], scale: float = 1.0) -> int:
    """Ruling 12a: the sum of the beats, rounded up to a whole second (of the unscaled
    reveal, then scaled: the deadline's own rounding keeps it whole)."""
    unscaled = sum(int(b["ms"]) for b in plan) / scale
    return round(math.ceil(round(unscaled) / 1000) * 1000 * scale)


def build(
    last: Mapping[str, Any],
    cards: Sequence[Mapping[str, Any]],
    seats: Sequence[str],
    totals: Mapping[str, int],
) -> dict[str, Any]:
    """The whole `reveal` of a round, from what the state keeps of it (`FicState.last`).

    The state keeps only the votes, the cards and a few fields; awards, options and
    beats are recomputed here, the same every time, so the room item stays small.
    """
    votes: Mapping[str, str] = last["votes"]
    judge = str(last["judge"])
    awards = score_round(
        seats, judge, [CardScore(c["id"], tuple(c["writers"]), c["truth"]) for c in cards], votes
    )
    voters = [s for s in seats if s != judge]
    writers = {s for c in cards for s in c["writers"]}
    options = [
        {
            "id": c["id"],
            "n": c["n"],
            "text": c["text"],
            "kind": "truth" if c["truth"] else "fake",
            "writers": list(c["writers"]),
            "voters": [v for v, o in votes.items() if o == c["id"]],
        }
        for c in cards
    ]
    scale = float(last.get("scale", 1.0))
    plan = beats(int(last["at"]), options, votes, judge, awards, totals, scale)
    return {
        "round": last["round"],
        "judge": judge,
        "word": last["word"],
        "note": last["note"],
        "truth": next(o["text"] for o in options if o["kind"] == "truth"),
        "shown": last["shown"],
        "options": options,
        "skipped": [s for s in voters if s not in writers],
        "unvoted": [s for s in voters if s not in votes],
        "awards": awards,
        "judge_points": awards.get(judge, 0),
        "totals": dict(totals),
        "beats": plan,
        "ends": int(last["at"]) + length_ms(plan, scale),
    }
