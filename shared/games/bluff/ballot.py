"""What the round's entries become: truth matches, matching groups, the ballot (R6, R7, R9).

Entries are sorted by their comparison key (R5) into three kinds:
- entries matching the truth or an alias: accepted without a hint, left off the
  ballot, worth 1000 at the reveal; their writers do not vote (R6);
- groups of two or more matching entries: all left off, symmetrically (R7);
- unique bluffs: on the ballot, worth 500 for every player they fool.
The ballot is the truth, the unique bluffs, and the first suitable fallbacks
until it has at least four cards, in a secure shuffle behind fresh ids (R9),
every text in the one display form (`display.py`).
"""

from __future__ import annotations

import base64
from collections import defaultdict
from dataclasses import dataclass

from games.bluff.display import shown
from games.bluff.state import Option, Round
from table.contract import Rng
from table.text import comparison_key

MIN_BALLOT = 4
OPTION_ID_BITS = 64


@dataclass(frozen=True)
class Sorting:
    truth_writers: list[str]
    groups: list[list[str]]
    unique: list[str]


def sort_entries(round_: Round) -> Sorting:
    """Truth matches, matching groups and unique bluffs, each in seat order."""
    true_keys = {comparison_key(t) for t in (round_.card.truth, *round_.card.aliases)}
    by_key: dict[str, list[str]] = defaultdict(list)
    truth_writers: list[str] = []
    for player in round_.players:
        entry = round_.entries.get(player)
        if entry is None:
            continue
        if entry.key in true_keys:
            truth_writers.append(player)
        else:
            by_key[entry.key].append(player)
    groups = [writers for writers in by_key.values() if len(writers) > 1]
    unique = [writers[0] for writers in by_key.values() if len(writers) == 1]
    return Sorting(truth_writers, groups, unique)


def _opaque_id(rng: Rng) -> str:
    """64 random bits as 11 URL-safe characters."""
    raw = rng.getrandbits(OPTION_ID_BITS).to_bytes(OPTION_ID_BITS // 8, "big")
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def build_ballot(round_: Round, rng: Rng, lang: str) -> list[Option]:
    """The round's cards, each text in its display form (`display.shown`)."""
    card = round_.card
    options = [Option(id="", kind="truth", text=shown(card.truth, lang))]
    options += [
        Option(id="", kind="bluff", text=shown(round_.entries[p].text, lang), writer=p)
        for p in sort_entries(round_).unique
    ]
    # Ruling 9a: a fallback must differ from the truth, every alias, every entry
    # of the round (groups and truth matches included) and every card so far.
    used = {comparison_key(t) for t in (card.truth, *card.aliases)}
    used |= {entry.key for entry in round_.entries.values()}
    for fallback in card.bluffs:
        if len(options) >= MIN_BALLOT:
            break
        key = comparison_key(fallback)
        if key not in used:
            options.append(Option(id="", kind="fallback", text=shown(fallback, lang)))
            used.add(key)
    rng.shuffle(options)
    ids: set[str] = set()
    for option in options:
        # Ruling 9b: fresh random ids, unrelated to text, writer, kind or position.
        while (option_id := _opaque_id(rng)) in ids:
            pass
        ids.add(option_id)
        option.id = option_id
    return options
