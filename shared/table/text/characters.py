"""What the raw text may not contain: control and invisible characters (Rulings 3a, 4a, 4c).

These look at the text as typed, before normalization, so a newline is refused
rather than collapsed into a space (Ruling 3a).

* Control: every Cc, and the line and paragraph separators (U+2028, U+2029),
  which are line breaks. Other Unicode spaces (Zs, U+00A0 included) are spaces:
  normalization collapses them; they are not refused.
* Invisible: every Cf, except a zero-width joiner between two pictographs (emoji
  ZWJ sequences such as 🐕‍🦺 render as one visible emoji); the Hangul fillers,
  U+2800, U+034F, the Khmer inherent vowels, Mongolian and Unicode variation
  selectors other than U+FE0E/U+FE0F (the emoji/text presentation selectors);
  private-use characters (Co: tofu or a vendor glyph that other players cannot
  see the same way, and a smuggling channel); surrogates and noncharacters.
  Unassigned code points are allowed: they are mostly emoji newer than this
  Python's Unicode tables.
* Stacked marks (Ruling 4c): more than two nonspacing or enclosing marks on one
  base character, counted after canonical decomposition, so a precomposed ẫ
  (two marks) is fine and ẫ plus one more mark is not. Such stacks draw over
  the lines above and below ("Zalgo" text). Spacing marks (Mc, Indic vowel
  signs) take their own room on the line and are not counted.
"""

from __future__ import annotations

import unicodedata

MOST_MARKS_ON_ONE_BASE = 2

_ZWJ = "\u200d"
_BLANK = frozenset(
    "\u3164\uffa0\u115f\u1160"  # Hangul fillers
    "\u2800"  # braille pattern blank
    "\u034f"  # combining grapheme joiner
    "\u17b4\u17b5"  # Khmer inherent vowels
    "\u180b\u180c\u180d\u180f"  # Mongolian free variation selectors
)
_EMOJI_MODIFIERS = frozenset("\ufe0f\ufe0e") | {chr(c) for c in range(0x1F3FB, 0x1F400)}


def has_control(raw: str) -> bool:
    """A control character or a line break."""
    return any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in raw)


def _is_pictograph(ch: str) -> bool:
    cp = ord(ch)
    if 0x1F000 <= cp <= 0x1FAFF:
        return True
    return 0x2190 <= cp <= 0x2BFF and unicodedata.category(ch) == "So"


def _is_emoji_joiner(raw: str, i: int) -> bool:
    before = i - 1
    while before >= 0 and raw[before] in _EMOJI_MODIFIERS:
        before -= 1
    after = i + 1
    return (
        before >= 0
        and after < len(raw)
        and _is_pictograph(raw[before])
        and _is_pictograph(raw[after])
    )


def _is_invisible(ch: str, raw: str, i: int) -> bool:
    category = unicodedata.category(ch)
    if category == "Cf":
        return not (ch == _ZWJ and _is_emoji_joiner(raw, i))
    if category in ("Co", "Cs") or ch in _BLANK:
        return True
    cp = ord(ch)
    if 0xFE00 <= cp <= 0xFE0D or 0xE0100 <= cp <= 0xE01EF:
        return True  # variation selectors that change no emoji: a hiding place
    return 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE  # noncharacters


def has_stacked_marks(raw: str) -> bool:
    """More than two nonspacing or enclosing marks on one base character (Ruling 4c)."""
    stacked = 0
    for ch in unicodedata.normalize("NFD", raw):
        if unicodedata.category(ch) in ("Mn", "Me"):
            stacked += 1
            if stacked > MOST_MARKS_ON_ONE_BASE:
                return True
        elif unicodedata.category(ch) != "Mc":
            stacked = 0  # a new base; a spacing mark neither counts nor starts one
    return False


def has_invisible(raw: str) -> bool:
    """A character that renders as nothing, or hides what follows it."""
    return any(_is_invisible(ch, raw, i) for i, ch in enumerate(raw))
