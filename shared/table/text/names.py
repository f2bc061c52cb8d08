"""Name keys: names are unique by their confusable skeleton (Ruling 4c, Unicode TR39).

Two names are the same when their `name_key`s are equal. The key is built on the
R5a comparison key, so names that match by R5 always match here too; on top of
it, letters that look like others (Cyrillic А, Greek Α and Latin A) are replaced
by one prototype, as TR39's skeleton does.

TR39 compares text as typed, case and all; names are compared case-insensitively
(R5). So the skeleton is taken twice:

1. of the name in capitals, where Cyrillic and Greek capitals meet their Latin
   twins (Р→P, Н→H, Τ→T, І→I). TR39 writes the vertical stroke shared by I, 1,
   І, Ι and Ӏ as a small ``l``; among capitals that stroke is a capital I, so it
   is written ``I`` here. Otherwise, once case-folded, I and L would be one
   letter and Bill and Bili one name.
2. of the result in small letters, for letters that only look alike in lower
   case (ɑ→a, ѕ→s), leaving ASCII as it is: ``m`` → ``rn`` would make Amie and
   Arnie one name, and nothing else in ASCII is left to map by then.

Marks that a prototype brings stay in the key (ø → o̸ is not o), and case-folding,
not the R5 key, is applied between and after the passes: R5 strips the marks of
Latin letters, and a prototype may be Latin where the letter was not (и → ᴎ),
which would make Й and И one name.

The prototypes come from Unicode's confusables.txt (13.0.0), kept in
confusables.txt beside this module (see LICENSE-UNICODE.txt) and read the first
time a key is asked for, so importing the text checks costs nothing for them.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from table.text.keys import comparison_key

_DATA = "confusables.txt"
_STROKE, _CAPITAL_STROKE = "l", "I"


@cache
def _prototypes() -> dict[str, str]:
    """TR39's table: a letter, digit or mark to the prototype it is confused with."""
    import pkgutil  # here, not above: only a room's name check needs the table

    data = pkgutil.get_data(__name__, _DATA)
    if data is None:
        raise FileNotFoundError(_DATA)
    text = data.decode("utf-8")
    table: dict[str, str] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            source, prototype = line.split("\t")
            table[chr(int(source, 16))] = "".join(chr(int(cp, 16)) for cp in prototype.split())
    return table


@cache
def _capital_prototypes() -> dict[str, str]:
    return {ch: proto.replace(_STROKE, _CAPITAL_STROKE) for ch, proto in _prototypes().items()}


@cache
def _small_prototypes() -> dict[str, str]:
    return {ch: proto for ch, proto in _prototypes().items() if not ch.isascii()}


def _skeleton(text: str, prototypes: dict[str, str]) -> str:
    """TR39's skeleton: NFD, each character to its prototype, NFD again."""
    mapped = "".join(prototypes.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def skeleton(text: str) -> str:
    """The TR39 skeleton of a text, as Unicode defines it (case kept)."""
    return _skeleton(text, _prototypes())


def name_key(name: str) -> str:
    """The key by which names are unique in a room (Rulings 4b, 4c).

    ``name_key("Ana") == name_key("Аna") == name_key("Αna")`` (Latin, Cyrillic
    and Greek capital A), and ``name_key(a) == name_key(b)`` whenever
    ``comparison_key(a) == comparison_key(b)``.
    """
    capitals = _skeleton(comparison_key(name).upper(), _capital_prototypes())
    small = _skeleton(capitals.casefold(), _small_prototypes())
    return unicodedata.normalize("NFC", small.casefold())


def same_name(a: str, b: str) -> bool:
    """Whether two names would be taken for one another in a room."""
    return name_key(a) == name_key(b)
