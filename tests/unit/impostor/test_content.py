"""The Impostor content check: every deck keeps the rules of docs/impostor.md "Content".

A deck is ``content/impostor/<lang>/*.toml``; the format is in ``content/impostor/README.md``.
Ruling 13c makes a word's translations (the same word id in the other decks) accepted forms
of it, so the decks are checked together as well as one by one.
"""

from __future__ import annotations

import json
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from table.text import TextRefused, check_name, comparison_key

CONTENT_DIR = Path(__file__).resolve().parents[3] / "content" / "impostor"
LANGS = ("en", "ro", "es", "ru", "fr")
SOURCE = "first-party"

MIN_CATEGORIES = 20
MIN_WORDS = 16
TEXT_MAX = 24  # code points, for names, words and aliases (Ruling 4b)
GRID_WORDS = 16  # Ruling 3c
CARD_BYTES = 1200  # Ruling 4b, Secrecy shape 1

ID = re.compile(r"[a-z][a-z0-9_]*\Z")
# One word as a clue is one word (Ruling 6a): letters, marks and digits, with an inner
# hyphen or apostrophe ("yo-yo", "d'arrosage"). A deck word is one such word or two
# ("ice cream"); an alias may be longer ("pomme de terre") because players say it so.
ONE_WORD = re.compile(r"[^\W_](?:[-'’]?[^\W_])*\Z")
WORD_PARTS = 2
CEDILLA = "şţŞŢ"  # U+015F U+0163 U+015E U+0162: Turkish letters, never Romanian
COMMA_BELOW = "șțȘȚ"  # U+0219 U+021B U+0218 U+021A


@dataclass(frozen=True)
class Word:
    id: str
    word: str
    aliases: tuple[str, ...]

    @property
    def forms(self) -> tuple[str, ...]:
        return (self.word, *self.aliases)


@dataclass(frozen=True)
class Category:
    id: str
    name: str
    words: tuple[Word, ...]


def _strict(table: dict[str, object], required: set[str], optional: set[str], where: str) -> None:
    keys = set(table)
    assert required <= keys, f"{where}: missing {sorted(required - keys)}"
    assert keys <= required | optional, f"{where}: unknown {sorted(keys - required - optional)}"


def _text(value: object, where: str) -> str:
    assert isinstance(value, str), f"{where}: {value!r} is not a string"
    return value


def _read_file(path: Path) -> list[Category]:
    with path.open("rb") as f:
        data = tomllib.load(f)
    where = str(path.relative_to(CONTENT_DIR))
    _strict(data, {"lang", "source", "category"}, set(), where)
    assert data["lang"] == path.parent.name, f"{where}: lang {data['lang']!r}"
    assert data["source"] == SOURCE, f"{where}: source {data['source']!r}"
    categories = []
    for cat in data["category"]:
        _strict(cat, {"id", "name", "words"}, set(), f"{where} category")
        cat_where = f"{where} {cat['id']}"
        words = []
        for entry in cat["words"]:
            _strict(entry, {"id", "word"}, {"aliases"}, cat_where)
            aliases = entry.get("aliases", [])
            # Left out when there is none; never written as an empty list.
            assert isinstance(aliases, list), f"{cat_where} {entry['id']}"
            assert "aliases" not in entry or aliases, f"{cat_where} {entry['id']}"
            words.append(
                Word(
                    id=_text(entry["id"], cat_where),
                    word=_text(entry["word"], cat_where),
                    aliases=tuple(_text(a, cat_where) for a in aliases),
                )
            )
        categories.append(
            Category(id=_text(cat["id"], where), name=_text(cat["name"], where), words=tuple(words))
        )
    return categories


@cache
def deck(lang: str) -> tuple[Category, ...]:
    files = sorted((CONTENT_DIR / lang).glob("*.toml"))
    assert files, f"no deck for {lang}"
    return tuple(cat for path in files for cat in _read_file(path))


def texts(lang: str) -> list[str]:
    out = []
    for cat in deck(lang):
        out.append(cat.name)
        for word in cat.words:
            out.extend(word.forms)
    return out


def loose_key(text: str) -> str:
    """Ruling 13c: the R5a key with every Latin diacritic removed (R5a keeps ñ; this does not)."""
    kept: list[str] = []
    latin_base = False
    for ch in unicodedata.normalize("NFD", comparison_key(text)):
        if unicodedata.category(ch).startswith("M"):
            if not latin_base:
                kept.append(ch)
            continue
        latin_base = ch.isascii() or unicodedata.name(ch, "").startswith("LATIN ")
        kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


def card_bytes(category: str, word: str, grid: list[str]) -> int:
    """The size of a card as sent, before padding: its compact UTF-8 JSON with ``pad`` empty.

    Secrecy, shape 1: ``{role, category, word, grid, pad}`` in that order; "civilian" and
    "impostor" are the same length. The server pads with spaces up to exactly 1200 bytes.
    """
    card = {"role": "civilian", "category": category, "word": word, "grid": grid, "pad": ""}
    return len(json.dumps(card, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def json_bytes(text: str) -> int:
    return len(json.dumps(text, ensure_ascii=False).encode("utf-8"))


# --- the files -----------------------------------------------------------------------------


def test_content_every_file_parses() -> None:
    files = sorted(CONTENT_DIR.rglob("*.toml"))
    assert {path.parent.name for path in files} == set(LANGS)
    assert all(path.parent.parent == CONTENT_DIR for path in files)
    for path in files:
        assert _read_file(path), path


@pytest.mark.parametrize("lang", LANGS)
def test_content_en_ro_counts(lang: str) -> None:
    """At least 20 categories of at least 16 words, in en and ro and every other deck."""
    categories = deck(lang)
    assert len(categories) >= MIN_CATEGORIES
    assert {c.id: len(c.words) for c in categories if len(c.words) < MIN_WORDS} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_content_ids_unique(lang: str) -> None:
    category_ids = [c.id for c in deck(lang)]
    word_ids = [w.id for c in deck(lang) for w in c.words]
    for ids in (category_ids, word_ids):
        assert sorted({i for i in ids if ids.count(i) > 1}) == []
        assert [i for i in ids if not ID.match(i)] == []


def test_content_same_ids_in_every_language() -> None:
    """Ids mean the same in every deck: the same categories, holding the same word ids."""

    def shape(lang: str) -> dict[str, list[str]]:
        return {c.id: sorted(w.id for w in c.words) for c in deck(lang)}

    english = shape("en")
    for lang in LANGS:
        assert shape(lang) == english, lang


# --- the texts -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_content_texts_pass_validator(lang: str) -> None:
    """Names, words and aliases pass the name checks (Rulings 4a, 4b), already normalized."""
    refused = {}
    for text in texts(lang):
        try:
            stored = check_name(text)
        except TextRefused as refusal:
            refused[text] = str(refusal.reason)
            continue
        if stored != text:
            refused[text] = f"stored as {stored!r}"
        elif not 1 <= len(text) <= TEXT_MAX:
            refused[text] = "length"
        elif not any(ch.isalpha() for ch in text):
            refused[text] = "no letter"
    assert refused == {}


@pytest.mark.parametrize("lang", LANGS)
def test_content_word_is_one_word_or_two(lang: str) -> None:
    """A word is one word or a two-part compound; an alias is one or more words."""
    bad = []
    for cat in deck(lang):
        for word in cat.words:
            if len(word.word.split(" ")) > WORD_PARTS:
                bad.append(word.word)
            for form in word.forms:
                if not all(ONE_WORD.match(part) for part in form.split(" ")):
                    bad.append(form)
    assert bad == []


@pytest.mark.parametrize("lang", LANGS)
def test_content_unique_loose_keys(lang: str) -> None:
    """In a category no two words or aliases share a loose key, nor one with the category."""
    clashes = []
    for cat in deck(lang):
        owners: dict[str, str] = {loose_key(cat.name): f"category {cat.id}"}
        for word in cat.words:
            for form in word.forms:
                key = loose_key(form)
                if key in owners:
                    clashes.append((cat.id, form, owners[key]))
                owners[key] = word.id
    names = [loose_key(c.name) for c in deck(lang)]
    assert clashes == []
    assert sorted({n for n in names if names.count(n) > 1}) == []


def test_content_accepted_forms_stay_apart() -> None:
    """Ruling 13c: a word's accepted forms include its translations. In a category, no
    two words may share one, or a guess of one word would be judged right for another."""
    clashes = []
    for cat in deck("en"):
        owners: dict[str, str] = {}
        for lang in LANGS:
            words = next(c for c in deck(lang) if c.id == cat.id).words
            for word in words:
                for form in word.forms:
                    key = loose_key(form)
                    if owners.setdefault(key, word.id) != word.id:
                        clashes.append((cat.id, lang, form, owners[key]))
    assert clashes == []


@pytest.mark.parametrize("lang", LANGS)
def test_content_cards_fit_1200_bytes(lang: str) -> None:
    """The largest card a category can make fits 1200 bytes before padding.

    Measured: the compact UTF-8 JSON of ``{role, category, word, grid, pad}`` with the
    category's name, its longest word, a grid of its 16 longest words and ``pad`` empty.
    "Longest" is by encoded JSON bytes, so it is the worst case of every deal and every
    hint setting (under ``category`` and ``none`` the grid is empty and the card smaller).
    """
    sizes = {}
    for cat in deck(lang):
        longest = sorted((w.word for w in cat.words), key=json_bytes, reverse=True)
        sizes[cat.id] = card_bytes(cat.name, longest[0], longest[:GRID_WORDS])
    assert {c: n for c, n in sizes.items() if n > CARD_BYTES} == {}
    assert min(sizes.values()) > 0


def test_content_romanian_comma_below() -> None:
    """Romanian writes ș and ț with a comma below (U+0219, U+021B), never a cedilla."""
    romanian = texts("ro")
    assert [t for t in romanian if any(ch in CEDILLA for ch in t)] == []
    assert any(ch in COMMA_BELOW for t in romanian for ch in t)
