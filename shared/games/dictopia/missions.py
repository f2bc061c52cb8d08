"""Mission checks (D9–D11, D15) and the match's mission draw (D5a, D6b, D18a)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

from games.dictopia.catalogue import BY_ID, CATALOGUE, CUSTOM_PREFIX, Check
from games.dictopia.letters import ZERO_EYE_VOWEL, has_note, is_vowel, syllables
from games.dictopia.lexicon import Lexicon
from games.dictopia.words import Word
from table.contract import Rng

# Missions per trial (D6b): none on trial 1, one on trials 2-4, two on trial 5.
SLOTS = (0, 1, 1, 1, 2)


def _repeats(letters: list[str]) -> bool:
    return len(set(letters)) < len(letters)


def _alternates(letters: list[str], lang: str) -> bool:
    kinds = [is_vowel(x, lang) for x in letters]
    return len(letters) >= 4 and all(a != b for a, b in itertools.pairwise(kinds))


def _cluster(letters: list[str], lang: str) -> bool:
    run = 0
    for x in letters:
        run = 0 if is_vowel(x, lang) else run + 1
        if run >= 3:
            return True
    return False


AutoCheck = Callable[[Word, list[str], str], bool]

AUTO: dict[str, AutoCheck] = {
    "even": lambda w, x, lang: len(x) % 2 == 0,
    "odd": lambda w, x, lang: len(x) % 2 == 1,
    "five": lambda w, x, lang: len(x) == 5,
    "long": lambda w, x, lang: len(x) >= 7,
    "short": lambda w, x, lang: len(x) <= 4,
    "vowel_start": lambda w, x, lang: is_vowel(x[0], lang),
    "vowel_end": lambda w, x, lang: is_vowel(x[-1], lang),
    "same_ends": lambda w, x, lang: len(x) >= 2 and x[0] == x[-1],
    "double": lambda w, x, lang: any(a == b for a, b in itertools.pairwise(x)),
    "triple": lambda w, x, lang: any(x.count(a) >= 3 for a in set(x)),
    "isogram": lambda w, x, lang: len(x) >= 5 and not _repeats(x),
    "alternate": lambda w, x, lang: _alternates(x, lang),
    "cluster": lambda w, x, lang: _cluster(x, lang),
    "lipogram": lambda w, x, lang: len(x) >= 4 and ZERO_EYE_VOWEL[lang] not in x,
    "palindrome": lambda w, x, lang: len(x) >= 3 and x == x[::-1],
    "eight_eyes": lambda w, x, lang: w.eyes == 8,
    "odd_eyes": lambda w, x, lang: w.eyes % 2 == 1,
    "watched": lambda w, x, lang: any(f.eyes == 3 for f in w.faces),
    "more_eyes": lambda w, x, lang: w.eyes > len(x),
    # D9c: at level N, N-1 cards or more; a group hand is 8, so 7 or more.
    "all_in": lambda w, x, lang: len(w.unused) <= 1,
    "three_syllables": lambda w, x, lang: syllables(x, lang) >= 3,
    "one_syllable": lambda w, x, lang: len(x) >= 4 and syllables(x, lang) == 1,
    "music": lambda w, x, lang: has_note(w.key, lang),  # D10a, by letters
}


def auto_met(mission: str, word: Word, lang: str) -> bool:
    letters = word.letters
    return bool(letters) and AUTO[mission](word, letters, lang)


def dict_met(mission: str, word: Word, lexicon: Lexicon) -> bool:
    """D9b: an unlisted word never fulfils a `dict` mission; only the game language counts."""
    key = word.key
    if key not in lexicon:
        return False
    if mission == "homograph":  # D11a
        return lexicon.entries(key).count >= 2
    if mission == "anagram":
        return lexicon.anagram_count(key) >= 2
    if mission == "nested":
        return any(
            key[i : i + n] in lexicon for n in range(3, len(key)) for i in range(len(key) - n + 1)
        )
    if mission == "verb":
        return lexicon.entries(key).verb
    raise KeyError(mission)


def check_of(mission: str, lexicon: Lexicon) -> Check:
    """The check a mission is decided by in this room's language."""
    if mission.startswith(CUSTOM_PREFIX):
        return Check.VOTE  # D18a
    if mission == "homograph" and not lexicon.has_entries:
        return Check.VOTE  # D11a, fr/es/ru: no offline source tells entries apart
    return BY_ID[mission].check


def claimable(mission: str, lexicon: Lexicon, vote_missions: bool) -> bool:
    """D9b: a `vote` mission may be claimed with the word; so may Music, by sound (D10b),
    where the table votes (not in solo, nor with `vote_missions` off)."""
    return check_of(mission, lexicon) is Check.VOTE or (mission == "music" and vote_missions)


def bonus_of(mission: str, custom: Mapping[str, int]) -> int:
    return custom[mission] if mission in custom else BY_ID[mission].bonus


def pool(solo: bool, vote_missions: bool, speed_mission: bool, lexicon: Lexicon) -> list[str]:
    """The catalogue missions a room can draw (D21a: solo keeps 27; settings trim group rooms)."""
    kept = []
    for rule in CATALOGUE:
        check = check_of(rule.id, lexicon)
        if check is Check.VOTE and (solo or not vote_missions):
            continue
        if check is Check.SPEED and (solo or not speed_mission):
            continue
        kept.append(rule.id)
    return kept


def _conflicts(a: str, b: str) -> bool:
    ra, rb = BY_ID.get(a), BY_ID.get(b)
    return (
        ra is not None and rb is not None and ra.conflict is not None and ra.conflict == rb.conflict
    )


def draw(
    customs: Sequence[str], catalogue: Sequence[str], used: Sequence[str], rng: Rng
) -> tuple[list[list[str]], list[str]]:
    """The match's missions per trial, and the room's used catalogue ids afterwards.

    D18a: blank missions fill the first slots in random order, unchecked for
    conflicts. D5a: then the catalogue, without replacement, not repeating an
    earlier match's mission until the pool is used up. D6b: trial 5's second
    mission never shares a conflict group with its first.
    """
    needed = sum(SLOTS)
    order = list(customs)
    rng.shuffle(order)
    order = order[:needed]
    used_now = [m for m in used if m in catalogue]
    fresh = [m for m in catalogue if m not in used_now]
    rng.shuffle(fresh)
    # The pool is used up: start it over, but never repeat within the match.
    if len(fresh) < needed - len(order):
        used_now = []
        rest = [m for m in catalogue if m not in fresh]
        rng.shuffle(rest)
        fresh = fresh + rest
    plan: list[list[str]] = [[] for _ in SLOTS]
    slots = [t for t, n in enumerate(SLOTS) for _ in range(n)]
    for t in slots:
        if order:
            plan[t].append(order.pop(0))
            continue
        for i, candidate in enumerate(fresh):
            if not any(_conflicts(candidate, m) for m in plan[t]):
                plan[t].append(fresh.pop(i))
                break
    drawn = [m for trial in plan for m in trial if m in catalogue]
    return plan, used_now + drawn
