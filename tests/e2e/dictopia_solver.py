"""The best word of a Dictopia hand against Big Brother, as a browser test plays it.

A solo trial scores the player `letters + eyes bonus + missions` and Big
Brother `unused eyes + missed bonuses` (D8a, D22a). Every choice of cards and
faces of the dealt hand (unused, upper or lower: 3^n) is looked up by its
letters in the committed word list, and every listed word it spells is scored
by the game's own mission checks; the word with the widest margin wins. The
solo pool has no vote or Speed mission (D21a), so nothing is left to a table.

With the English content, 300 seeded solo games at level 8 played this way
were all won, the narrowest by 17 points: a browser test that plays these
words wins without a seeded deal.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from games.dictopia.catalogue import BY_ID, Check
from games.dictopia.content import Face, load
from games.dictopia.lexicon import CONTENT_DIR, WORDS_FILE, signature
from games.dictopia.missions import auto_met, check_of, dict_met
from games.dictopia.words import Word

EYES_BONUS = 3


@cache
def keys_by_letters(lang: str) -> Mapping[str, tuple[str, ...]]:
    """Every listed key of `lang`, grouped by its sorted letters."""
    found: dict[str, list[str]] = defaultdict(list)
    with (CONTENT_DIR / lang / WORDS_FILE).open(encoding="utf-8") as lines:
        for line in lines:
            key = line.split("\t", 1)[0].rstrip("\n")
            found[signature(key)].append(key)
    return {sig: tuple(keys) for sig, keys in found.items()}


def best_word(
    lang: str, hand: Sequence[Mapping[str, Any]], target: int, missions: Sequence[str]
) -> tuple[list[list[int]], int]:
    """`[[card, face], ...]` of the best listed word of `hand` (a state's `my_hand`),
    and its margin over Big Brother this trial."""
    content = load(lang)
    faces = tuple(tuple(Face(f["letter"], int(f["eyes"])) for f in card["faces"]) for card in hand)
    by_letters = keys_by_letters(lang)
    best: tuple[int, list[list[int]]] | None = None
    for choice in itertools.product((None, 0, 1), repeat=len(faces)):
        used = [(card, face) for card, face in enumerate(choice) if face is not None]
        keys = by_letters.get(signature("".join(faces[c][f].key for c, f in used)), ())
        for key in keys:
            free: dict[str, list[tuple[int, int]]] = defaultdict(list)
            for card, face in used:
                free[faces[card][face].key].append((card, face))
            order = tuple(free[letter].pop() for letter in key)
            word = Word(order, tuple(faces[c][f] for c, f in order), faces)  # type: ignore[arg-type]
            margin = _margin(word, target, missions, content)
            if best is None or margin > best[0]:
                best = (margin, [list(p) for p in order])
    assert best is not None, "no listed word in this hand"
    return best[1], best[0]


def _margin(word: Word, target: int, missions: Sequence[str], content: Any) -> int:
    hit = EYES_BONUS if word.eyes == target else 0
    met = 0
    for mission in missions:
        check = check_of(mission, content.lexicon)
        if check is Check.AUTO:
            met += BY_ID[mission].bonus if auto_met(mission, word, content.lang) else 0
        elif check is Check.DICT:
            met += BY_ID[mission].bonus if dict_met(mission, word, content.lexicon) else 0
    missed = sum(BY_ID[m].bonus for m in missions) - met
    player = len(word.cards) + hit + met
    big_brother = word.unused_eyes + (EYES_BONUS - hit) + missed
    return player - big_brother
