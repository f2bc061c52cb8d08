"""Dictopia in memory: a small letter set, a small word list, and helpers to arrange hands.

The set follows rulings D2a-D2d for English (letters, eyes by rarity, backs);
the word list is a `MemoryLexicon` of the words the tests spell.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.dictopia.content import Card, Content, Face
from games.dictopia.game import Dictopia
from games.dictopia.lexicon import Entries, MemoryLexicon
from tests.support.tabletop import Tabletop

VOWELS = "E" * 18 + "A" * 13 + "I" * 12 + "O" * 11 + "U" * 6
CONSONANTS = (
    "T" * 7 + "N" * 6 + "S" * 6 + "R" * 6 + "L" * 5
    + "DDDD" + "CCC" + "HHH" + "MMM" + "PP" + "GG" + "BB" + "FF" + "YY" + "WVKJXQZ"
)  # fmt: skip
BACKS = [4] * 4 + [5] * 6 + [6] * 8 + [7] * 10 + [8] * 10 + [9] * 8 + [10] * 6 + [11] * 5 + [12] * 3


def eyes_of(letter: str, counts: dict[str, int]) -> int:
    """D2d: 0 for E, 1 on 5+ cards, 2 on 2-4, 3 on one."""
    if letter == "E":
        return 0
    n = counts[letter]
    return 1 if n >= 5 else 2 if n >= 2 else 3


def english_cards() -> tuple[Card, ...]:
    counts = {ch: (VOWELS + CONSONANTS).count(ch) for ch in set(VOWELS + CONSONANTS)}
    return tuple(
        Card(f"en-L{i + 1:02d}", (Face(v, eyes_of(v, counts)), Face(c, eyes_of(c, counts))), b)
        for i, (v, c, b) in enumerate(zip(VOWELS, CONSONANTS, BACKS, strict=True))
    )


WORDS = (
    "store", "jumpy", "taxi", "champs", "cat", "tea", "eat", "ate", "at", "as", "to", "do",
    "a", "i", "bear", "bare", "dome", "mode", "sun", "run", "rune", "note", "tone", "one",
    "teatime", "hotel", "tote", "noon", "sonata", "radio", "domino", "banana", "sea",
)  # fmt: skip
ENTRIES = {"bear": Entries(2, True), "run": Entries(2, True), "note": Entries(2, True)}
TEXTS = {"even": "An even number of letters", "speed": "First to lock your word"}


def english(words: Iterable[str] = WORDS) -> Content:
    return Content("en", english_cards(), MemoryLexicon("en", words, ENTRIES), TEXTS)


def game_for(content: Content) -> Dictopia:
    return Dictopia(content=lambda lang: content)


def table(
    n: int = 3, content: Content | None = None, seed: int = 1, **options: Any
) -> tuple[Tabletop, list[str]]:
    """A room of `n` players (the host first), created with `options`."""
    content = content or english()
    top = Tabletop(game_for(content), seed=seed, content=content)
    host = top.create("Ana", options=dict(options))
    names = ["Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu"]
    return top, [host, *top.seat(*names[: n - 1])]


def set_hand(top: Tabletop, player: str, letters: str) -> list[list[int]]:
    """Give `player` a hand spelling `letters`, one card per letter; return its `[card, face]` word.

    The rest of the room's state stays as dealt; cards already in other hands are not reused.
    """
    assert top.room is not None
    state = top.room.state
    content: Content = top.content
    hands = state["hands"]
    hand: list[int] = []
    word: list[list[int]] = []
    for letter in letters:
        taken = {c for p, h in hands.items() if p != player for c in h} | set(hand)
        cards = [
            i for i, card in enumerate(content.cards) if letter in [f.letter for f in card.faces]
        ]
        free = [i for i in cards if i not in taken]
        if not free:  # the only card is in another hand: swap it for an undealt one
            owner = next(p for p, h in hands.items() if p != player and cards[0] in h)
            spare = next(i for i in range(len(content.cards)) if i not in taken)
            hands[owner] = [spare if c == cards[0] else c for c in hands[owner]]
            free = [cards[0]]
        faces = [f.letter for f in content.cards[free[0]].faces]
        word.append([len(hand), faces.index(letter)])
        hand.append(free[0])
    state["hands"][player] = hand
    return word


def pad_hand(top: Tabletop, player: str, extra: list[int]) -> None:
    """Add unused cards (by set index) to a hand."""
    assert top.room is not None
    top.room.state["hands"][player] += extra


def set_missions(top: Tabletop, trial: int, missions: list[str]) -> None:
    assert top.room is not None
    top.room.state["plan"][trial - 1] = missions


def set_target(top: Tabletop, target: int) -> None:
    assert top.room is not None
    top.room.state["target"] = target
