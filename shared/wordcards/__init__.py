"""Word cards: the first-party decks that Dictionary Bluff and Fictionary deal from.

A deck is every `*.toml` file under `content/decks/<lang>/`, each holding an
array of `[[card]]` tables (see `content/README.md`). Cards are data, reviewed
as text; this module turns them into `Card` values, the same for every game
that deals them, and holds each one to the rules a card must keep
(`card_problems`). The Lambda layer ships each deck compiled into one JSON
file instead (`wordcards.compiled`), which `load_deck` reads when it is there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from table.text import TextRefused, check_definition, comparison_key, words
from wordcards import compiled

DECKS_DIR = Path(__file__).resolve().parents[2] / "content" / "decks"
MIN_BLUFFS = 6


class Card(BaseModel):
    """One rare word with its secrets: the truth, its aliases and the house bluffs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    word: str
    note: str
    truth: str
    aliases: tuple[str, ...] = ()
    bluffs: tuple[str, ...]


Deck = Mapping[str, Card]


class CardEntry(BaseModel):
    """A card as editors write it: the game's `Card` plus where its truth comes from."""

    # Built on first use: the layer deals compiled cards and never validates an entry.
    model_config = ConfigDict(
        extra="forbid", frozen=True, str_strip_whitespace=True, defer_build=True
    )

    id: str = Field(pattern=r"^(en|es|ru)-\d{4}$")
    word: str = Field(min_length=1)
    note: str = Field(min_length=1, max_length=60)
    truth: str
    aliases: tuple[str, ...] = ()
    bluffs: tuple[str, ...] = Field(min_length=MIN_BLUFFS)
    source: str = Field(min_length=3)

    @field_validator("word")
    @classmethod
    def _single_headword(cls, word: str) -> str:
        if not re.fullmatch(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*", word):
            raise ValueError("a word is a single headword of letters")
        return word

    def to_card(self) -> Card:
        return Card(
            id=self.id,
            word=self.word,
            note=self.note,
            truth=self.truth,
            aliases=self.aliases,
            bluffs=self.bluffs,
        )


def read_entries(lang: str, root: Path = DECKS_DIR) -> list[CardEntry]:
    """Every card of one deck, in file and then editorial order."""
    import tomllib  # only a checkout reads the sources; the layer's decks are compiled

    entries: list[CardEntry] = []
    for path in sorted((root / lang).glob("*.toml")):
        with path.open("rb") as f:
            data = tomllib.load(f)
        entries.extend(CardEntry.model_validate(raw) for raw in data.get("card", []))
    return entries


def load_deck(lang: str, root: Path = DECKS_DIR) -> dict[str, Card]:
    """The playable deck of one language, by card id.

    From its compiled file when there is a current one (the layer's), without
    validating the cards again; otherwise from its TOML sources.
    """
    cards = compiled.read(lang, root)
    if cards is None:
        return {entry.id: entry.to_card() for entry in read_entries(lang, root)}
    return {card["id"]: Card(**card) for card in cards}


def available_languages(root: Path = DECKS_DIR) -> list[str]:
    sourced = {p.name for p in root.iterdir() if p.is_dir() and any(p.glob("*.toml"))}
    return sorted(sourced | set(compiled.languages(root)))


def _stem(word_key: str) -> str:
    # Enough of the word to catch its inflections ("gongoozlers") without
    # flagging unrelated short words.
    return word_key if len(word_key) < 5 else word_key[: max(5, len(word_key) - 2)]


def card_problems(entry: CardEntry) -> list[str]:
    """Why a card breaks the rules (R4, R5, R6, R9), or an empty list.

    Every text must pass the player-text validator; no bluff may match the
    truth, an alias or another bluff by the comparison key; the word must not
    appear in any of its own texts.
    """
    problems: list[str] = []
    texts = [("truth", entry.truth), *(("alias", a) for a in entry.aliases)]
    texts += [("bluff", b) for b in entry.bluffs]
    for kind, text in texts:
        try:
            stored = check_definition(text)
        except TextRefused as refusal:
            problems.append(f"{kind} {text!r} is refused: {refusal.reason}")
            continue
        if stored != text:
            problems.append(f"{kind} {text!r} is not in stored form")
    stem = _stem(comparison_key(entry.word))
    for kind, text in texts:
        if any(token.startswith(stem) for token in words(text)):
            problems.append(f"{kind} {text!r} contains the word")
    true_keys = {comparison_key(t) for t in (entry.truth, *entry.aliases)}
    seen: set[str] = set()
    for bluff in entry.bluffs:
        key = comparison_key(bluff)
        if key in true_keys:
            problems.append(f"bluff {bluff!r} matches the truth or an alias")
        if key in seen:
            problems.append(f"bluff {bluff!r} matches another bluff")
        seen.add(key)
    return problems


def duplicate_ids(entries: Iterable[CardEntry]) -> list[str]:
    seen: set[str] = set()
    dupes: list[str] = []
    for entry in entries:
        if entry.id in seen:
            dupes.append(entry.id)
        seen.add(entry.id)
    return dupes
