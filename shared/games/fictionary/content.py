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
from dataclasses import InitVar, dataclass, field

from games.fictionary import lexicon, pool
from games.fictionary.likeness import names_word
from games.fictionary.rules import CLOSE_JACCARD, DEFAULT_RATING, VOICE_MOST_WORDS, WORD_LETTERS
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


def note_labels(note: str) -> tuple[str | None, str | None]:
    """The card's origin and field as its note shows them (`lexicon.ORIGIN_PATTERNS`,
    `lexicon.FIELD_WORDS`); None where the note shows none. Both are public: every seat
    reads the note beside the word."""
    origin: str | None = None
    field: str | None = None
    for label in re.split(r"[·,]", note)[1:]:
        label = label.strip()
        for pattern in lexicon.ORIGIN_PATTERNS:
            found = re.search(pattern, label)
            if found and origin is None:
                origin = found.group(1).casefold()
        for token in re.findall(r"\w+", label.casefold()):
            if field is None and token in lexicon.FIELD_WORDS:
                field = lexicon.FIELD_WORDS[token]
    return origin, field


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

    # The gate of ruling 20a made ahead for the whole deck (`pool.read`); None: computed here.
    near: InitVar[pool.Near | None] = None

    def __post_init__(self, near: pool.Near | None) -> None:
        self.by_id = {w.id: w for w in self.bank}
        self.labels = {w.id: note_labels(w.note) for w in self.bank}
        self.pool = self._pool(near)

    def _pool(self, near: pool.Near | None) -> dict[str, list[tuple[str, int, str]]]:
        """Ruling 20a: house bluffs by part of speech, minus any close to a truth of the deck."""
        if near is None:
            bluffs = (((i, j), b) for i, w in enumerate(self.bank) for j, b in enumerate(w.bluffs))
            gated = pool.near([w.truth for w in self.bank], bluffs, self.small, CLOSE_JACCARD)
            left_out = set(gated)
        else:
            left_out = {
                (i, j)
                for i, w in enumerate(self.bank)
                for j in range(len(w.bluffs))
                if any(card_id in self.by_id for card_id in near.get((w.id, j), ()))
            }
        found: dict[str, list[tuple[str, int, str]]] = defaultdict(list)
        for i, word in enumerate(self.bank):
            for j, bluff in enumerate(word.bluffs):
                if (i, j) not in left_out:
                    found[word.pos].append((word.id, j, bluff))
        return dict(found)


def build(
    lang: str, cards: Iterable[Card | Word], near: pool.Near | None = None, **tables: object
) -> Content:
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
    bank = tuple(sorted(words, key=lambda w: w.id))
    return Content(lang, bank, **defaults, near=near)  # type: ignore[arg-type]


def load(lang: str) -> Content:
    """One language's content; the pool's gate from the layer build when it is current."""
    cards = load_deck(lang).values()
    small = lexicon.SMALL.get(lang, frozenset())
    near = pool.read(lang, [(c.id, c.truth, c.bluffs) for c in cards], small, CLOSE_JACCARD)
    return build(lang, cards, near=near)
