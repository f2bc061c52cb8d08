"""A language's Dictopia content: the letter set (D2), mission wording (D9) and word list.

Files live in `content/dictopia/<lang>/`: `cards.toml`, `missions.toml` and the
lists read by `lexicon.FileLexicon`. The rules only ever see a `Content`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.dictopia.catalogue import BY_ID
from games.dictopia.lexicon import CONTENT_DIR, FileLexicon, Lexicon, word_key

SET_SIZE = 60


@dataclass(frozen=True)
class Face:
    letter: str  # as printed, in capitals
    eyes: int

    @property
    def key(self) -> str:
        return word_key(self.letter)


@dataclass(frozen=True)
class Card:
    id: str
    faces: tuple[Face, Face]  # face 0 a vowel, face 1 a consonant (D2a)
    back: int  # 4..12: the eyes target when this card tops the pile (D6)


@dataclass(frozen=True)
class Content:
    lang: str
    cards: tuple[Card, ...]
    lexicon: Lexicon
    # mission id -> its wording in this language; a missing one shows its id.
    texts: Mapping[str, str] = field(default_factory=dict)

    def card(self, index: int) -> Card:
        """A card of the dealt set: two copies share ids (D1a)."""
        return self.cards[index % len(self.cards)]

    def text(self, mission: str) -> str:
        return self.texts.get(mission, mission)


def parse_cards(data: Mapping[str, Any]) -> tuple[Card, ...]:
    cards = []
    for raw in data["card"]:
        (l0, e0), (l1, e1) = raw["faces"]
        cards.append(Card(raw["id"], (Face(l0, int(e0)), Face(l1, int(e1))), int(raw["back"])))
    return tuple(cards)


def parse_missions(data: Mapping[str, Any]) -> dict[str, str]:
    """Mission wording by id; a mission whose check or bonus differs from D9a is refused."""
    texts: dict[str, str] = {}
    for raw in data.get("mission", []):
        rule = BY_ID.get(raw["id"])
        if rule is None:
            raise ValueError(f"unknown mission {raw['id']!r}")
        if int(raw.get("bonus", rule.bonus)) != rule.bonus:
            raise ValueError(f"mission {rule.id}: bonus differs from D9a")
        texts[rule.id] = str(raw["text"])
    return texts


def load(lang: str, directory: Path | None = None) -> Content:
    folder = (directory or CONTENT_DIR) / lang
    cards = parse_cards(tomllib.loads((folder / "cards.toml").read_text("utf-8")))
    missions = folder / "missions.toml"
    texts = parse_missions(tomllib.loads(missions.read_text("utf-8"))) if missions.is_file() else {}
    return Content(lang, cards, FileLexicon(lang, directory), texts)


def faces_of(content: Content, hand: Sequence[int]) -> list[tuple[Face, Face]]:
    return [content.card(i).faces for i in hand]
