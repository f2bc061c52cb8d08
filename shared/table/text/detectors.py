"""The abuse detectors and the order they run in (Rulings 3a, 4a, 4b, 4c).

A player's text is checked by walking a table of ``(reason, detector)`` pairs
in order; the first detector that fires gives the reason of the refusal. The
order is a rule in itself (players and tests see one reason, so which one
matters), and each table says why it is what it is.

Decisions on open cases:

* Phone: 8+ digits in one run whose separators are a single space, dot, hyphen
  or parenthesis (``" - "``, ``") "``, ``" ("`` included), with an optional
  leading ``+``. A dot followed by a space ends a run (sentence boundary). Four
  run shapes are not phone numbers: a year range (``1650-1720``), a date
  (``12.05.1890``, ``1890-05-12``), a round grouped number (``12 000 000``,
  ``1.500.000``: 3-digit groups ending in ``000``) and a decimal (``3.14159265``).
  Longer digit strings with hyphens, such as an ISBN, are refused.
* Markup: ``<`` immediately followed by an ASCII letter, ``!`` or ``?``, or
  ``</`` and a letter, so ``a < b`` and ``<3`` pass; markdown links/images
  ``[x](y)``; BBCode tags (``[b]``, ``[/i]``, ``[url=…]``, any ``[/word]``); HTML
  character references (``&lt;``, ``&#60;``).
* No meaning: a definition needs 4+ letters, 3+ different letters (case-folded),
  and its letters must not be one unit of up to 4 letters repeated
  (``abcabcabc``). Emoji-only text has no letters. A name needs one letter or digit.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import cached_property

from table.text import characters, domains
from table.text.keys import normalize
from table.text.reasons import Reason, TextRefused

DEFINITION_MIN = 8
DEFINITION_MAX = 100
NAME_MIN = 1
NAME_MAX = 24


class Draft:
    """A player's text as typed (`raw`) and as it would be stored (`stored`)."""

    def __init__(self, raw: str) -> None:
        self.raw = raw

    @cached_property
    def stored(self) -> str:
        return normalize(self.raw)

    @cached_property
    def probe(self) -> str:
        """What the address detectors read; built only once control characters are out."""
        return domains.probe(self.stored)


Detector = Callable[[Draft], bool]
CheckedOrder = tuple[tuple[Reason, Detector], ...]

# --- markup -------------------------------------------------------------------------------

_MARKUP = re.compile(
    r"<[A-Za-z!?]|</[A-Za-z]"  # HTML/XML tags, comments, doctype, processing instructions
    r"|\[[^\[\]]*\]\("  # markdown links and images: [text](target), ![alt](src)
    r"|\[/?(?:b|i|u|s|url|img|quote|code|colou?r|size|font|spoiler|center|left|right|list"
    r"|email|youtube|video|audio|table|tr|td|th|sup|sub|h[1-6]|hr|br|link|media|iframe|\*)"
    r"(?:=[^\]]*)?\]"  # BBCode
    r"|\[/[A-Za-z]+\]|\[(?:url|img|email)="
    r"|&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});",  # character references
    re.IGNORECASE,
)


def _has_markup(draft: Draft) -> bool:
    return _MARKUP.search(unicodedata.normalize("NFKC", draft.stored)) is not None


# --- phone --------------------------------------------------------------------------------

_PHONE_RUN = re.compile(r"\+?\s?\(?\s?\d(?:(?:[ .-]| - |\s?[()]\s?|\)[.-]|[.-]\()?\d)*")
_YEAR = r"(?:1\d{3}|20\d{2})"
_YEAR_RANGE = re.compile(rf"({_YEAR}) ?- ?({_YEAR})")
_DATE = re.compile(rf"\d{{1,2}}([.-])\d{{1,2}}\1{_YEAR}|{_YEAR}([.-])\d{{1,2}}\2\d{{1,2}}")
_ROUND_NUMBER = re.compile(r"\d{1,3}([ .])\d{3}(?:\1\d{3})*")
_DECIMAL = re.compile(r"\d{1,3}\.\d+")


def _is_phone(run: str) -> bool:
    if sum(ch.isdecimal() for ch in run) < 8:
        return False
    run = run.strip()
    if (years := _YEAR_RANGE.fullmatch(run)) and int(years[1]) < int(years[2]):
        return False
    if _DATE.fullmatch(run) or _DECIMAL.fullmatch(run):
        return False
    return not (_ROUND_NUMBER.fullmatch(run) and run.endswith("000"))


def _has_phone(draft: Draft) -> bool:
    return any(_is_phone(m.group()) for m in _PHONE_RUN.finditer(draft.probe))


# --- meaning and length -------------------------------------------------------------------


def _definition_lacks_meaning(draft: Draft) -> bool:
    text = unicodedata.normalize("NFKC", draft.stored).casefold()
    letters = "".join(ch for ch in text if ch.isalpha())
    if len(letters) < 4 or len(set(letters)) < 3:
        return True
    # One short unit over and over ("abcabcabc") is a keyboard, not a definition.
    n = len(letters)
    return any(n >= 3 * p and letters == letters[:p] * (n // p) + letters[: n % p] for p in (3, 4))


def _name_lacks_meaning(draft: Draft) -> bool:
    return not any(ch.isalnum() for ch in unicodedata.normalize("NFKC", draft.stored))


def _shorter_than(least: int) -> Detector:
    return lambda draft: len(draft.stored) < least


def _longer_than(most: int) -> Detector:
    return lambda draft: len(draft.stored) > most


def _in_raw(detector: Callable[[str], bool]) -> Detector:
    return lambda draft: detector(draft.raw)


def _in_probe(detector: Callable[[str], bool]) -> Detector:
    return lambda draft: detector(draft.probe)


# --- the checked order --------------------------------------------------------------------


def _checked_order(least: int, most: int, lacks_meaning: Detector) -> CheckedOrder:
    """The order every player text is checked in; why it is this order:

    1. ``control``, then ``invisible``, on the raw text: a newline or a tab is
       refused, never collapsed into a space (Ruling 3a), and no later check
       has to reason about characters nobody can see. The address probe uses
       control characters as sentinels, so it may be built only after this.
    2. ``too_short`` / ``too_long`` on the code points of the stored text: the
       pattern checks below never see more than 100 code points.
    3. ``markup``, ``email``, ``handle``, ``url``. Email and handle come before
       url because every email address and every messenger link also contains
       a domain; the more specific reason is the more useful one.
    4. ``no_meaning``, then ``phone``. RULES 4a gives ``12345678!`` as an
       example of ``no_meaning``: a text of digits and punctuation alone is not
       words, and ``phone`` is the reason for a number inside meaningful text.
    """
    return (
        (Reason.CONTROL, _in_raw(characters.has_control)),
        (Reason.INVISIBLE, _in_raw(characters.has_invisible)),
        (Reason.INVISIBLE, _in_raw(characters.has_stacked_marks)),
        (Reason.TOO_SHORT, _shorter_than(least)),
        (Reason.TOO_LONG, _longer_than(most)),
        (Reason.MARKUP, _has_markup),
        (Reason.EMAIL, _in_probe(domains.has_email)),
        (Reason.HANDLE, _in_probe(domains.has_handle)),
        (Reason.URL, _in_probe(domains.has_url)),
        (Reason.NO_MEANING, lacks_meaning),
        (Reason.PHONE, _has_phone),
    )


DEFINITION_CHECKS = _checked_order(DEFINITION_MIN, DEFINITION_MAX, _definition_lacks_meaning)
NAME_CHECKS = _checked_order(NAME_MIN, NAME_MAX, _name_lacks_meaning)


def _check(raw: str, checks: CheckedOrder) -> str:
    draft = Draft(raw)
    for reason, fires in checks:
        if fires(draft):
            raise TextRefused(reason)
    return draft.stored


def check_definition(raw: str) -> str:
    """The stored text of a definition (R3, Ruling 4a), or `TextRefused(reason)`."""
    return _check(raw, DEFINITION_CHECKS)


def check_name(raw: str) -> str:
    """The stored form of a player name (Rulings 4b, 4c), or `TextRefused(reason)`."""
    return _check(raw, NAME_CHECKS)
