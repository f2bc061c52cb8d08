"""The word bank (F5, rulings 5a-5e, 20a): our word cards as Fictionary deals them.

A card is dealt only if its word is one letters-only headword of 4-14 letters,
its part of speech (the note's first label) is one bots write for, and its
truth keeps the house voice (5e). The optional dealing fields `family`,
`topic`, `rating`, `respell` and `say` are read when a card has them; absent,
ruling 5b's defaults apply.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from games.fictionary import lexicon
from games.fictionary.likeness import close, names_word, nontrivial
from games.fictionary.rules import DEFAULT_RATING, VOICE_MOST_WORDS, WORD_LETTERS
from table.text import comparison_key
from wordcards import Card, load_deck

_VOICE_BANNED = re.compile(r"[;()\"“”«»„:/]")


@dataclass(frozen=True)
class Word:
    """A card as Fictionary sees it; the secrets are `truth` and `aliases`."""

    id: str
    word: str
    note: str
    pos: str
    truth: str
    aliases: tuple[str, ...] = ()
    bluffs: tuple[str, ...] = ()
    family: str = ""
    topic: str | None = None
    rating: float = DEFAULT_RATING
    respell: str | None = None
    say: str | None = None


def part_of_speech(note: str) -> str | None:
    """Ruling 5a: the note's first label, in English; None if bots don't write for it."""
    label = note.split("·")[0].strip().casefold()
    return lexicon.POS_LABELS.get(label)


def voice_problems(word: str, truth: str) -> list[str]:
    """Ruling 5e: the house voice of a truth."""
    problems = []
    if len(truth.split()) > VOICE_MOST_WORDS:
        problems.append("truth over 15 words")
    if _VOICE_BANNED.search(truth):
        problems.append("truth has a semicolon, parenthesis, quote, colon or slash")
    if names_word(truth, word):
        problems.append("truth names the word")
    return problems


def dealable(card: Card) -> bool:
    low, high = WORD_LETTERS
    word_ok = card.word.isalpha() and low <= len(card.word) <= high
    return (
        word_ok
        and part_of_speech(card.note) is not None
        and not voice_problems(card.word, card.truth)
    )


def to_word(card: Card) -> Word:
    extra: Mapping[str, object] = {
        k: getattr(card, k, None) for k in ("family", "topic", "rating", "respell", "say")
    }
    rating = extra["rating"]
    return Word(
        id=card.id,
        word=card.word,
        note=card.note,
        pos=part_of_speech(card.note) or "",
        truth=card.truth,
        aliases=tuple(card.aliases),
        bluffs=tuple(card.bluffs),
        family=str(extra["family"] or comparison_key(card.word)),
        topic=str(extra["topic"]) if extra["topic"] in ("nature", "technical") else None,
        rating=float(rating) if isinstance(rating, int | float) else DEFAULT_RATING,
        respell=str(extra["respell"]) if extra["respell"] else None,
        say=str(extra["say"]) if extra["say"] else None,
    )


@dataclass
class Content:
    """One language's bank and tables; built once per container."""

    lang: str
    bank: tuple[Word, ...]  # dealable cards, sorted by id (the bank's order)
    small: frozenset[str] = frozenset()
    bot_names: tuple[str, ...] = ()
    endings: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)
    prefixes: Mapping[str, str] = field(default_factory=dict)
    topics: tuple[str, ...] = ()
    silly: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    retired: frozenset[str] = frozenset()  # ids that are no longer dealt (memory drops them)

    def __post_init__(self) -> None:
        self.by_id = {w.id: w for w in self.bank}
        self.pool = self._pool()

    def _pool(self) -> dict[str, list[tuple[str, int, str]]]:
        """Ruling 20a: house bluffs by part of speech, minus any close to a truth of the deck."""
        index: dict[str, set[int]] = defaultdict(set)
        truths = [w.truth for w in self.bank]
        keys = {comparison_key(t) for t in truths}
        for i, truth in enumerate(truths):
            for token in nontrivial(truth, self.small):
                index[token].add(i)
        pool: dict[str, list[tuple[str, int, str]]] = defaultdict(list)
        for word in self.bank:
            for j, bluff in enumerate(word.bluffs):
                if comparison_key(bluff) in keys:
                    continue
                near = set().union(*(index.get(t, set()) for t in nontrivial(bluff, self.small)))
                if any(close(bluff, truths[i], self.small) for i in near):
                    continue
                pool[word.pos].append((word.id, j, bluff))
        return dict(pool)


def build(lang: str, cards: Iterable[Card | Word], **tables: object) -> Content:
    words = [
        c if isinstance(c, Word) else to_word(c)
        for c in cards
        if isinstance(c, Word) or dealable(c)
    ]
    defaults: dict[str, object] = {
        "small": lexicon.SMALL.get(lang, frozenset()),
        "bot_names": lexicon.BOT_NAMES.get(lang, ()),
        "endings": lexicon.ENDINGS.get(lang, {}),
        "prefixes": lexicon.PREFIXES.get(lang, {}),
        "topics": lexicon.TOPICS.get(lang, ()),
        "silly": lexicon.SILLY.get(lang, {}),
    }
    defaults.update(tables)
    return Content(lang, tuple(sorted(words, key=lambda w: w.id)), **defaults)  # type: ignore[arg-type]


def load(lang: str) -> Content:
    return build(lang, load_deck(lang).values())
