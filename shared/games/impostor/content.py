"""Impostor's decks: categories of words, one deck per language (`content/impostor/<lang>/`).

A deck is every `*.toml` file of its language folder, each holding `[[category]]`
tables `{id, name, words = [{id, word, aliases}]}`. Ids mean the same thing in
every language, which is what makes a word's translations (ruling 13c): the
same word id in the other decks. Decks are read lazily, once per process.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DECKS_DIR = Path(__file__).resolve().parents[3] / "content" / "impostor"


@dataclass(frozen=True)
class Word:
    id: str
    word: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Category:
    id: str
    name: str
    words: tuple[Word, ...]

    def word(self, word_id: str) -> Word:
        return next(w for w in self.words if w.id == word_id)


@dataclass(frozen=True)
class Deck:
    """One language's categories, and the other decks' texts of each word (translations)."""

    lang: str
    categories: tuple[Category, ...]
    # word id -> (lang, text) of the same word in the other decks: its word and aliases.
    translations: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)

    def category(self, category_id: str) -> Category:
        return next(c for c in self.categories if c.id == category_id)

    @property
    def category_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.categories)


def parse(lang: str, documents: Sequence[Mapping[str, Any]]) -> Deck:
    """A deck from its parsed TOML documents (no translations yet)."""
    categories: list[Category] = []
    for document in documents:
        for raw in document.get("category", []):
            words = tuple(
                Word(str(w["id"]), str(w["word"]), tuple(str(a) for a in w.get("aliases", ())))
                for w in raw["words"]
            )
            categories.append(Category(str(raw["id"]), str(raw["name"]), words))
    return Deck(lang, tuple(categories))


def with_translations(deck: Deck, others: list[Deck]) -> Deck:
    """The deck, knowing every other deck's texts for each of its word ids."""
    texts: dict[str, list[tuple[str, str]]] = {}
    for other in others:
        if other.lang == deck.lang:
            continue
        for category in other.categories:
            for word in category.words:
                for text in (word.word, *word.aliases):
                    texts.setdefault(word.id, []).append((other.lang, text))
    return Deck(deck.lang, deck.categories, {k: tuple(v) for k, v in texts.items()})


def available_langs(root: Path = DECKS_DIR) -> frozenset[str]:
    if not root.is_dir():
        return frozenset()
    return frozenset(p.name for p in root.iterdir() if p.is_dir() and any(p.glob("*.toml")))


@cache
def _read(lang: str, root: Path) -> Deck:
    documents = [tomllib.loads(p.read_text("utf-8")) for p in sorted((root / lang).glob("*.toml"))]
    if not documents:
        raise KeyError(lang)
    return parse(lang, documents)


@cache
def load(lang: str, root: Path = DECKS_DIR) -> Deck:
    """The deck of one language, with its translations from every other deck."""
    others = [_read(other, root) for other in sorted(available_langs(root)) if other != lang]
    return with_translations(_read(lang, root), others)
