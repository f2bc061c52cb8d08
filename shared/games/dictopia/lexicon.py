"""The word list behind Dictopia's checks: a pure port and its two adapters.

The rules ask the lexicon four questions, always about a *key* (ruling D4c):

- is the key listed (D19a), and with which spellings (shown when a denunciation
  fails, D19b);
- how many listed keys share its letters (``anagram``, D9a);
- how many dictionary entries it belongs to (``homograph``, D11a);
- is it a form of a verb (``verb``, D9a).

:class:`FileLexicon` answers from the committed files of
``content/dictopia/<lang>/`` by binary search over memory-mapped, sorted UTF-8
lines, so opening a language costs a few system calls and a look-up touches
about twenty lines. :class:`MemoryLexicon` answers from dicts, for unit tests.
Only the standard library is used: the files ship in a Lambda layer.
"""

from __future__ import annotations

import mmap
import unicodedata
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

CONTENT_DIR: Final = Path(__file__).resolve().parents[3] / "content" / "dictopia"

WORDS_FILE: Final = "words.tsv"
ANAGRAMS_FILE: Final = "anagrams.tsv"
LEXICON_FILE: Final = "lexicon.tsv"

# Folds R5a leaves to NFKC and case folding, plus the ligatures of D4c.
_FOLDS: Final = str.maketrans({"ё": "е", "œ": "oe", "æ": "ae"})
_TILDE: Final = "\u0303"
_BREVE: Final = "\u0306"


def word_key(text: str) -> str:
    """The Dictopia key of a spelling (ruling D4c): what the cards can spell.

    NFKC and case folding; Ё→Е, Œ→OE, Æ→AE; diacritics dropped from Latin
    letters except Ñ's tilde; Cyrillic Й kept apart from И; anything that is
    not a letter or a digit dropped.

    >>> word_key("Pêché"), word_key("Ёжики"), word_key("año"), word_key("œuvre")
    ('peche', 'ежики', 'año', 'oeuvre')
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    kept: list[str] = []
    base = ""
    for ch in unicodedata.normalize("NFD", folded.translate(_FOLDS)):
        if unicodedata.category(ch).startswith("M"):
            # A mark stays only where it makes a letter of its own: ñ and й.
            if (base == "n" and ch == _TILDE) or (base == "и" and ch == _BREVE):
                kept.append(ch)
                base = ""
            continue
        base = ch if ch.isalnum() else ""
        if base:
            kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


def signature(key: str) -> str:
    """The letters of a key in code-point order: equal for anagrams."""
    return "".join(sorted(key))


@dataclass(frozen=True, slots=True)
class Entries:
    """What the dictionary says about a key: how many entries, and whether one is a verb."""

    count: int
    verb: bool


NO_ENTRIES: Final = Entries(count=0, verb=False)


class Lexicon(ABC):
    """One language's word list, asked only by key (see :func:`word_key`)."""

    lang: str
    #: False where no offline source tells entries apart (D11a): Homograph is voted.
    has_entries: bool

    @abstractmethod
    def spellings(self, key: str) -> tuple[str, ...]:
        """The listed spellings of ``key``, accents included; empty when it is not listed."""

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and bool(self.spellings(key))

    @abstractmethod
    def anagram_count(self, key: str) -> int:
        """How many listed keys have the letters of ``key`` (itself included if listed)."""

    @abstractmethod
    def entries(self, key: str) -> Entries:
        """The dictionary entries of ``key``, an inflected form counting its lemma's."""


class MemoryLexicon(Lexicon):
    """A lexicon held in dicts, built from a few spellings: for unit tests.

    Parameters
    ----------
    lang
        The language code.
    spellings
        Listed spellings; they are keyed with :func:`word_key`.
    entries
        Optional ``{key: Entries}``; keys not given have none.
    """

    def __init__(
        self,
        lang: str,
        spellings: Iterable[str],
        entries: Mapping[str, Entries] | None = None,
    ) -> None:
        self.lang = lang
        self.has_entries = entries is not None
        grouped: dict[str, set[str]] = {}
        for spelling in spellings:
            grouped.setdefault(word_key(spelling), set()).add(spelling)
        self._spellings = {k: tuple(sorted(v)) for k, v in grouped.items()}
        self._anagrams = Counter(signature(k) for k in self._spellings)
        self._entries = dict(entries or {})

    def spellings(self, key: str) -> tuple[str, ...]:
        return self._spellings.get(key, ())

    def anagram_count(self, key: str) -> int:
        return self._anagrams.get(signature(key), 0)

    def entries(self, key: str) -> Entries:
        return self._entries.get(key, NO_ENTRIES)


class SortedLines:
    """Binary search over a memory-mapped file of sorted lines ``key[\\tvalue]\\n``.

    Lines are sorted by their UTF-8 bytes, which is code-point order, so the
    search compares bytes and decodes only the line it finds.
    """

    __slots__ = ("_map", "_size")

    def __init__(self, path: Path) -> None:
        if not path.is_file():  # a list with no line need not exist
            self._size, self._map = 0, None
            return
        with path.open("rb") as f:
            self._size = path.stat().st_size
            # An empty file cannot be mapped; it simply holds no line.
            self._map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if self._size else None

    def find(self, key: str) -> str | None:
        """The value on ``key``'s line ('' when the line has none), or None when absent."""
        data = self._map
        if data is None or not key or "\n" in key or "\t" in key:
            return None
        target = key.encode()
        lo, hi = 0, self._size  # invariant: every line starting in [lo, hi) may match
        while lo < hi:
            mid = (lo + hi) // 2
            start = data.rfind(b"\n", lo, mid) + 1 if mid > lo else lo
            if start < lo:  # no newline in [lo, mid): the line starts at lo
                start = lo
            end = data.find(b"\n", start)
            if end < 0:
                end = self._size
            line = data[start:end]
            tab = line.find(b"\t")
            line_key = line if tab < 0 else line[:tab]
            if line_key == target:
                return "" if tab < 0 else line[tab + 1 :].decode()
            if line_key < target:
                lo = end + 1
            else:
                hi = start
        return None

    def first(self) -> bytes:
        """The first line, without its newline (empty for an empty file)."""
        if self._map is None:
            return b""
        end = self._map.find(b"\n")
        return self._map[: end if end >= 0 else self._size]

    def close(self) -> None:
        if self._map is not None:
            self._map.close()


class FileLexicon(Lexicon):
    """A language's committed lists, searched in place.

    ``words.tsv``: ``key`` alone when the key is its only spelling, else
    ``key<TAB>spelling,spelling…``. ``anagrams.tsv``: ``signature<TAB>count`` for
    signatures shared by two keys or more. ``lexicon.tsv``:
    ``key<TAB>entries<TAB>verb``, for keys with two entries or a verb; entries is
    ``-`` where no offline source tells entries apart (then ``has_entries`` is
    False and Homograph is voted, D11a).
    """

    def __init__(self, lang: str, directory: Path | None = None) -> None:
        folder = (directory or CONTENT_DIR) / lang
        words = folder / WORDS_FILE
        if not words.is_file():
            raise FileNotFoundError(f"no Dictopia word list for {lang!r}: {words}")
        self.lang = lang
        self._words = SortedLines(words)
        self._anagrams = SortedLines(folder / ANAGRAMS_FILE)
        lexicon = folder / LEXICON_FILE
        self._lexicon = SortedLines(lexicon) if lexicon.is_file() else None
        # An entries column of "-" means only the verb flag is known (fr, es, ru).
        first = self._lexicon.first().split(b"\t") if self._lexicon else []
        self.has_entries = len(first) == 3 and first[1] != b"-"

    def spellings(self, key: str) -> tuple[str, ...]:
        found = self._words.find(key)
        if found is None:
            return ()
        return tuple(found.split(",")) if found else (key,)

    def anagram_count(self, key: str) -> int:
        shared = self._anagrams.find(signature(key))
        if shared is not None:
            return int(shared)
        return 1 if key in self else 0

    def entries(self, key: str) -> Entries:
        if self._lexicon is None:
            return NO_ENTRIES
        found = self._lexicon.find(key)
        listed_once = Entries(count=1, verb=False) if self.has_entries else NO_ENTRIES
        if found is None:
            # Only keys of two entries or more, or verbs, have a line.
            return listed_once if key in self else NO_ENTRIES
        count, verb = found.split("\t")
        return Entries(count=int(count) if count != "-" else 0, verb=verb == "1")

    def close(self) -> None:
        for lines in (self._words, self._anagrams, self._lexicon):
            if lines is not None:
                lines.close()
