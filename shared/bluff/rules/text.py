"""Player text: storage form (R3a), what is refused (R4a, R4b), comparison keys (R5a).

Pure functions of their argument; nothing here reads a clock, the environment or
randomness.

Order of checks (``check_definition`` and ``check_name``)
----------------------------------------------------------
1. ``control`` then ``invisible``, on the *raw* text: a newline or a tab is
   refused, never collapsed into a space (Ruling 3a).
2. Normalize (NFC, trim, collapse whitespace), then ``too_short`` / ``too_long``
   on the code points of the result. The pattern checks below therefore never
   see more than 100 code points.
3. ``markup``, ``email``, ``handle``, ``url``. Email and handle come before url
   because every email address and every messenger link also contains a domain;
   the more specific reason is the more useful one.
4. ``no_meaning``, then ``phone``. RULES 4a gives ``12345678!`` as an example of
   ``no_meaning``: a text of digits and punctuation alone is not words, and
   ``phone`` is the reason for a number inside otherwise meaningful text.

The pattern checks run on a *probe*: the stored text under NFKC (fullwidth
``．``, ``＠``, mathematical letters and circled digits become plain ASCII), with
the ideographic full stop ``。`` read as a dot (browsers treat it as a label
separator), ``[.]``/``(dot)``/``{dot}`` read as a deliberate dot, spelled-out
`` dot `` as a weak dot, and ``[at]``/``(at)``/``(@)`` read as ``@``.

Decisions on open cases
-----------------------
* URL, top-level domains. Only a curated list of real TLDs counts, in three tiers:

  - *strong* TLDs are not words in English, Spanish or Russian (``com``, ``org``,
    ``net``, ``io``, ``ru``, ``рф``, ``uk``, most ccTLDs …). ``host.tld`` is refused
    in any case; so are ``host . tld`` / ``host dot tld`` with the TLD in lower
    case (``the dot com era`` and a handful of other determiners are let through).
  - *loose* TLDs are words that are popular spam gTLDs (``app``, ``shop``,
    ``online``, ``онлайн`` …): refused as ``host.tld`` with no space around the dot,
    the TLD in lower case and a host label of at least 2 characters.
  - *word* TLDs are two-letter codes that are ordinary words or abbreviations
    (``it``, ``is``, ``in``, ``no``, ``to``, ``at``, ``be``, ``us``, ``me``, ``co``,
    ``de``, ``es``, ``la``, ``se``, ``si`` …): refused only when written like an
    address — no space, lower case, and followed by ``/``, ``?``, ``#`` or a port,
    or ending the text with a host label of at least 2 characters. So
    ``a tool.It cuts`` and ``a tool.it cuts`` pass, ``site.it`` at the end and
    ``t.co/x`` do not.

  Any TLD written with a bracketed dot (``example[.]it``) is refused. A single
  letter after a dot is never a TLD, so ``e.g.``, ``i.e.``, ``a.m.``, ``U.S.``
  and ``approx.`` pass. A Latin host followed by a TLD spelled with Cyrillic or
  Greek look-alikes (``example.соm``) is read as the Latin TLD. Any ``://``
  after a letter (``hxxp://``, ``ftp://``), ``javascript:``/``vbscript:``, other
  schemes written without a space (``mailto:x``, ``tg:x``, ``data:x``), ``www.``,
  punycode ``xn--`` labels and dotted IPv4 addresses are refused as url.
* Email: ``local@host.tld`` (any letters after the last dot), with the obfuscated
  forms above, and ``name at host dot com`` / ``name at host.com`` when the TLD is
  strong.
* Handle: ``@`` directly followed by a letter or digit, and messenger links
  (``t.me``, ``telegram.me``, ``wa.me``, ``discord.gg`` bare or with a path; other
  known messenger/social hosts with a path).
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
* Spaces: U+00A0 and every other Unicode space (Zs) are spaces, collapsed by
  normalization, not refused. Line and paragraph separators (U+2028, U+2029) are
  line breaks and refused as ``control``.
* Invisible: every Cf, except a zero-width joiner between two pictographs (emoji
  ZWJ sequences such as 🐕‍🦺 render as one visible emoji); the Hangul fillers,
  U+2800, U+034F, the Khmer inherent vowels, Mongolian and Unicode variation
  selectors other than U+FE0E/U+FE0F (the emoji/text presentation selectors);
  private-use characters (Co: tofu or a vendor glyph that other players cannot
  see the same way, and a smuggling channel); surrogates and noncharacters.
  Unassigned code points are allowed: they are mostly emoji newer than this
  Python's Unicode tables.
* No meaning: a definition needs 4+ letters, 3+ different letters (case-folded),
  and its letters must not be one unit of up to 4 letters repeated
  (``abcabcabc``). Emoji-only text has no letters. A name needs one letter or digit.
* Comparison keys: letters without a canonical decomposition keep their identity
  (ø, ł, đ), except the ligatures œ→oe and æ→ae; combining marks on non-Latin
  letters are kept with their letter (Й stays Й; scripts whose vowel signs are
  marks keep them).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from bluff.rules.errors import Code, Reason, Refusal

DEFINITION_MIN = 8
DEFINITION_MAX = 100
NAME_MIN = 1
NAME_MAX = 24

# --- normalization and comparison (R3a, R5a) -------------------------------------------------

_WHITESPACE = re.compile(r"\s+")
# Ё is a letter of its own in Unicode but the same letter as Е for matching (R5).
# The ligatures have no decomposition; players type them both ways.
_KEY_FOLDS = str.maketrans({"ё": "е", "œ": "oe", "æ": "ae"})
_TILDE = "\u0303"
_APOSTROPHES = frozenset("'’ʼ")


def normalize(raw: str) -> str:
    """The stored form of a text: NFC, trimmed, whitespace runs collapsed to one space."""
    return _WHITESPACE.sub(" ", unicodedata.normalize("NFC", raw)).strip()


def _is_latin(ch: str) -> bool:
    if ch.isascii():
        return ch.isalpha()
    return unicodedata.name(ch, "").startswith("LATIN ")


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")


def comparison_key(text: str) -> str:
    """The R5a key: two texts match when their keys are equal."""
    # NFKC before and after casefold: casefold can leave text that NFKC changes again.
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    folded = folded.translate(_KEY_FOLDS)
    kept: list[str] = []
    base = ""
    base_kept = base_latin = tilde_kept = False
    for ch in unicodedata.normalize("NFD", folded):
        if _is_mark(ch):
            # A mark follows its letter: dropped with it, stripped from Latin
            # letters except ñ's tilde, kept on other scripts (й is not и).
            if not base_kept:
                continue
            if not base_latin:
                kept.append(ch)
            elif base == "n" and ch == _TILDE and not tilde_kept:
                kept.append(ch)
                tilde_kept = True
            continue
        base = ch
        base_kept = ch.isalnum()
        base_latin = base_kept and _is_latin(ch)
        tilde_kept = False
        if base_kept:
            kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


def words(text: str) -> list[str]:
    """The comparison keys of the words of a text, split at spaces and punctuation.

    Apostrophes stay inside a word (``farmer's`` is one word, keyed ``farmers``);
    hyphens split (``long-handled`` is ``long`` and ``handled``).
    """
    keys: list[str] = []
    current: list[str] = []
    for ch in [*unicodedata.normalize("NFKC", text), " "]:
        if ch.isalnum() or _is_mark(ch) or ch in _APOSTROPHES:
            current.append(ch)
            continue
        if current and (key := comparison_key("".join(current))):
            keys.append(key)
        current = []
    return keys


# --- control and invisible: the raw text --------------------------------------------------

_ZWJ = "\u200d"
_BLANK = frozenset(
    "\u3164\uffa0\u115f\u1160"  # Hangul fillers
    "\u2800"  # braille pattern blank
    "\u034f"  # combining grapheme joiner
    "\u17b4\u17b5"  # Khmer inherent vowels
    "\u180b\u180c\u180d\u180f"  # Mongolian free variation selectors
)
_EMOJI_MODIFIERS = frozenset("\ufe0f\ufe0e") | {chr(c) for c in range(0x1F3FB, 0x1F400)}


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


def _raw_reason(raw: str) -> Reason | None:
    if any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in raw):
        return Reason.CONTROL
    if any(_is_invisible(ch, raw, i) for i, ch in enumerate(raw)):
        return Reason.INVISIBLE
    return None


# --- the probe ----------------------------------------------------------------------------

# Sentinels for rewritten obfuscations. Control characters are refused before
# the probe is built, so none of these can come from the player.
_OBF_DOT = "\x00"  # [.] (dot) {dot}: deliberate, any real TLD counts
_SPELLED_DOT = "\x01"  # " dot ": also an ordinary word, only strong TLDs count
_OBF_AT = "\x02"  # [at] (at) (@)

_BRACKET_DOT = re.compile(r"\s*[\[({<]\s*(?:\.|dot|точка)\s*[\])}>]\s*", re.IGNORECASE)
_SPELLED_DOT_RE = re.compile(r"\s+(?:dot|точка)\s+", re.IGNORECASE)
_BRACKET_AT = re.compile(r"\s*[\[({<]\s*(?:@|at|собака)\s*[\])}>]\s*", re.IGNORECASE)


def _probe(text: str) -> str:
    probe = unicodedata.normalize("NFKC", text).replace("\u3002", ".")
    probe = _BRACKET_DOT.sub(_OBF_DOT, probe)
    probe = _SPELLED_DOT_RE.sub(_SPELLED_DOT, probe)
    return _BRACKET_AT.sub(_OBF_AT, probe)


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

# --- top-level domains --------------------------------------------------------------------


def _word_set(*lines: str) -> frozenset[str]:
    return frozenset(" ".join(lines).split())


_STRONG_TLDS = _word_set(
    "com net org edu gov int info biz xyz icu vip cc ws tk ml ga cf gq pw io ly gg tv fm",
    "porn xxx mobi tel aero",
    "ru uk eu fr ua kz uz tj tm az ge md lv ee pl cz sk hu ro bg gr tr rs hr",
    "ba mk ch li lu nl dk fi fo pt ie mt cy il ae sa qa kw bh om jo lb iq eg dz tn ng ke",
    "gh za zm zw tz ug rw mz na cn jp kr tw hk sg th vn kh mn pk lk np bd af au nz br ar cl",
    "ec py bo cr gt hn sv cu pr mx ca gl ac ag bz cx sc sh mu ms je vc gs cd ph",
    "рф рус укр срб мкд қаз бг ею",
)
_LOOSE_TLDS = _word_set(
    "app blog buzz casino chat click club dev email fun games host life link live media",
    "news ninja online pro sex shop site space store stream tech today top tube video",
    "website wiki win work world zone bet mil asia travel jobs museum cloud coop onion",
    "онлайн сайт орг ком москва дети бел",
)
_WORD_TLDS = _word_set(
    "ad al am an as at be by co de do es et id im in is it la ma me mo my ne ni no pa pe re",
    "se si so st to us va ve ai cm km kg lt su ir uy",
)
_STRONG, _LOOSE, _WORD = "strong", "loose", "word"
_TLD_KIND: dict[str, str] = {
    **{t: _WORD for t in _WORD_TLDS},
    **{t: _LOOSE for t in _LOOSE_TLDS},
    **{t: _STRONG for t in _STRONG_TLDS},
}
# Cyrillic and Greek letters that look like Latin ones, for example.соm.
_LOOKALIKES = str.maketrans("асеорхуіјѕкмтвнαεορικντ", "aceopxyijskmtbhaeopikvt")
# Words that may stand before a spelled-out "dot com" in a sentence.
_DOT_COM_DETERMINERS = _word_set("the an old new early late first failed any every that this")

_HOST_PAIR = re.compile(
    r"(?<![\w-])([^\W_][\w-]*)(\s*\.\s*|[\x00\x01])(?=([^\W\d_]{2,63})(?![\w-]))"
)
# After the TLD: what makes a word-TLD read as an address.
_ADDRESS_TAIL = re.compile(r"[/?#]|:\d")
_TEXT_END = re.compile(r"[.,;:!?)\"'»]*\s*\Z")


def _tld_kind(label: str, tld: str) -> str | None:
    kind = _TLD_KIND.get(tld.casefold())
    if kind is None and not tld.isascii() and any(c.isascii() and c.isalpha() for c in label):
        folded = tld.casefold().translate(_LOOKALIKES)
        if _TLD_KIND.get(folded) == _STRONG:
            return _STRONG
    return kind


def _is_domain(probe: str, match: re.Match[str]) -> bool:
    label, sep, tld = match.group(1), match.group(2), match.group(3)
    kind = _tld_kind(label, tld)
    if kind is None:
        return False
    if sep == _OBF_DOT:
        return True
    if sep == _SPELLED_DOT:
        return kind == _STRONG and len(label) >= 2 and label.casefold() not in _DOT_COM_DETERMINERS
    if sep != ".":  # spaces around the dot: an ordinary sentence unless plainly a domain
        return kind == _STRONG and tld.islower()
    if kind == _STRONG:
        return True
    if not tld.islower():
        return False
    after = probe[match.end(2) + len(tld) :]
    if _ADDRESS_TAIL.match(after):
        return True
    if len(label) < 2:
        return False
    return kind == _LOOSE or _TEXT_END.match(after) is not None


# --- url, email, handle -------------------------------------------------------------------

_URL_SIGNS = re.compile(
    r"[^\W_]\s*:\s*//"  # any scheme, hxxp:// included
    r"|\b(?:javascript|vbscript|livescript)\s*:"
    r"|\b(?:data|mailto|file|tel|sms|magnet|tg|skype|viber|whatsapp|intent|callto|irc|xmpp"
    r"|ftp|sftp|ssh|git|ws|wss):(?=\S)"
    r"|\bwww\d{0,3}\s*[.\x00\x01]"
    r"|\bxn--"
    r"|(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.]*\d)",  # dotted IPv4
    re.IGNORECASE,
)
_DOTS = r"(?:\s*\.\s*|[\x00\x01])"
_EMAIL_AT = re.compile(
    rf"[\w.%+-]*[^\W_](\s?)[@\x02]\1[^\W_][\w-]*(?:{_DOTS}[\w-]+)*?({_DOTS})([^\W\d_]{{2,63}})"
    r"(?![\w-])"
)
_EMAIL_SPELLED = re.compile(
    rf"[^\W_]\s+(?:at|собака)\s+[^\W_][\w-]*(?:{_DOTS}[\w-]+)*?({_DOTS})([^\W\d_]{{2,63}})"
    r"(?![\w-])",
    re.IGNORECASE,
)
_MESSENGERS = (
    r"t|telegram|tg|wa|whatsapp|discord|discordapp|vk|ok|instagram|instagr|fb|facebook|m"
    r"|twitter|x|tiktok|snapchat|onlyfans|linktr|kik|line|signal|viber|skype|youtube|youtu"
    r"|twitch|reddit|threads|bsky|boosty|patreon"
)
_HANDLE = re.compile(
    r"[@\x02][^\W_]"
    r"|(?<![\w-])(?:t|wa|telegram)[.\x00\x01](?:me|dog)(?![\w-])|(?<![\w-])discord[.\x00\x01]gg\b"
    rf"|(?<![\w-])(?:{_MESSENGERS})\s*[.\x00\x01]\s*[^\W\d_]{{2,10}}\s*/\s*[\w@]",
    re.IGNORECASE,
)


def _has_email(probe: str) -> bool:
    for match in _EMAIL_AT.finditer(probe):
        spaced, sep, tld = match.group(1), match.group(2), match.group(3)
        if not spaced and sep == ".":
            return True  # name@host.tld: an @ is evidence enough, whatever the TLD
        kind = _TLD_KIND.get(tld.casefold())
        if kind == _STRONG or (kind is not None and (tld.islower() or sep != ".")):
            return True
    for match in _EMAIL_SPELLED.finditer(probe):
        sep, tld = match.group(1), match.group(2)
        kind = _TLD_KIND.get(tld.casefold())
        if kind == _STRONG or (kind is not None and sep in (_OBF_DOT, _SPELLED_DOT)):
            return True
    return False


def _has_url(probe: str) -> bool:
    if _URL_SIGNS.search(probe):
        return True
    return any(_is_domain(probe, match) for match in _HOST_PAIR.finditer(probe))


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


# --- the checks ---------------------------------------------------------------------------


def _content_reason(stored: str) -> Reason | None:
    if _MARKUP.search(unicodedata.normalize("NFKC", stored)):
        return Reason.MARKUP
    probe = _probe(stored)
    if _has_email(probe):
        return Reason.EMAIL
    if _HANDLE.search(probe):
        return Reason.HANDLE
    if _has_url(probe):
        return Reason.URL
    return None


def _has_phone(stored: str) -> bool:
    return any(_is_phone(m.group()) for m in _PHONE_RUN.finditer(_probe(stored)))


def _definition_lacks_meaning(stored: str) -> bool:
    letters = "".join(ch for ch in unicodedata.normalize("NFKC", stored).casefold() if ch.isalpha())
    if len(letters) < 4 or len(set(letters)) < 3:
        return True
    # One short unit over and over ("abcabcabc") is a keyboard, not a definition.
    n = len(letters)
    return any(n >= 3 * p and letters == letters[:p] * (n // p) + letters[: n % p] for p in (3, 4))


def _name_lacks_meaning(stored: str) -> bool:
    return not any(ch.isalnum() for ch in unicodedata.normalize("NFKC", stored))


def _check(
    raw: str, code: Code, shortest: int, longest: int, lacks_meaning: Callable[[str], bool]
) -> str:
    if (reason := _raw_reason(raw)) is not None:
        raise Refusal(code, reason)
    stored = normalize(raw)
    if len(stored) < shortest:
        raise Refusal(code, Reason.TOO_SHORT)
    if len(stored) > longest:
        raise Refusal(code, Reason.TOO_LONG)
    if (reason := _content_reason(stored)) is not None:
        raise Refusal(code, reason)
    if lacks_meaning(stored):
        raise Refusal(code, Reason.NO_MEANING)
    if _has_phone(stored):
        raise Refusal(code, Reason.PHONE)
    return stored


def check_definition(raw: str) -> str:
    """The stored text of a definition (R3, Ruling 4a), or `Refusal(INVALID_TEXT, reason)`."""
    return _check(raw, Code.INVALID_TEXT, DEFINITION_MIN, DEFINITION_MAX, _definition_lacks_meaning)


def check_name(raw: str) -> str:
    """The stored form of a player name (Ruling 4b), or `Refusal(INVALID_NAME, reason)`."""
    return _check(raw, Code.INVALID_NAME, NAME_MIN, NAME_MAX, _name_lacks_meaning)
