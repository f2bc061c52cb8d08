"""A word as the cards spell it (D4): an ordered list of `[card, face]` from one hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.dictopia.codes import DCode, WordReason
from games.dictopia.content import Content, Face
from table.errors import Refusal

Pick = Sequence[Sequence[int]]  # [[card, face], ...] as sent by `play`


@dataclass(frozen=True)
class Word:
    cards: tuple[tuple[int, int], ...]  # positions in the hand, and the face used
    faces: tuple[Face, ...]  # the letter used on each card, in order
    hand: tuple[tuple[Face, Face], ...]  # the whole hand, both faces of each card

    @property
    def letters(self) -> list[str]:
        return [f.key for f in self.faces]

    @property
    def key(self) -> str:
        return "".join(self.letters)

    @property
    def spelled(self) -> str:
        return "".join(f.letter for f in self.faces)

    @property
    def eyes(self) -> int:
        return sum(f.eyes for f in self.faces)

    @property
    def unused(self) -> list[int]:
        used = {c for c, _ in self.cards}
        return [i for i in range(len(self.hand)) if i not in used]

    @property
    def unused_eyes(self) -> int:
        """Both letters of every unused card (D22a)."""
        return sum(self.hand[i][0].eyes + self.hand[i][1].eyes for i in self.unused)


def form(pick: Pick, hand: Sequence[int], content: Content) -> Word:
    """Ruling D4b: refuse a malformed word with its reason; it changes nothing."""
    faces = tuple(content.card(i).faces for i in hand)
    if not pick:
        raise Refusal(DCode.BAD_WORD, WordReason.EMPTY)
    if len(pick) > len(hand):
        raise Refusal(DCode.BAD_WORD, WordReason.TOO_LONG)
    seen: set[int] = set()
    cards: list[tuple[int, int]] = []
    for pair in pick:
        if len(pair) != 2 or not 0 <= pair[0] < len(hand):
            raise Refusal(DCode.BAD_WORD, WordReason.BAD_CARD)
        card, face = pair
        if card in seen:
            raise Refusal(DCode.BAD_WORD, WordReason.CARD_REUSED)
        if face not in (0, 1):
            raise Refusal(DCode.BAD_WORD, WordReason.BAD_FACE)
        seen.add(card)
        cards.append((card, face))
    return Word(tuple(cards), tuple(faces[c][f] for c, f in cards), faces)


def rebuild(cards: Sequence[Sequence[int]], hand: Sequence[int], content: Content) -> Word:
    """A word already accepted, read back from state."""
    return form(cards, hand, content)


def no_word(hand: Sequence[int], content: Content) -> Word:
    """Nothing on file: every card unused (D22a)."""
    faces = tuple(content.card(i).faces for i in hand)
    return Word((), (), faces)
