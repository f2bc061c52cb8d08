"""Addresses in player text: web addresses, email addresses and handles (Ruling 4a).

Everything here reads a *probe* of the stored text (see `probe`), never the
text itself.

Top-level domains. Every TLD of the root zone counts (`tlds.ALL_TLDS`); how
plainly a ``host.tld`` must be written to be refused depends on the TLD:

* *strong* TLDs are not words in English, Spanish or Russian (``com``, ``org``,
  ``net``, ``io``, ``ru``, ``рф``, ``uk``, most ccTLDs …). ``host.tld`` is refused
  in any case; so are ``host . tld`` / ``host dot tld`` with the TLD in lower
  case (``the dot com era`` and a handful of other determiners are let through).
* *sentence* TLDs are short words that begin or continue a sentence (``it``,
  ``is``, ``in``, ``no``, ``to``, ``es``, ``la`` …), so a missing space after a
  full stop (``a tool.it cuts``) makes them look like a domain. They are refused
  only when written like an address: followed by ``/``, ``?``, ``#`` or a port,
  or ending the text in lower case. ``site.it`` at the end and ``t.co/x`` are
  refused, ``a tool.it cuts wood`` is not.
* every *other* TLD (``de``, ``co``, ``shop``, ``online``, ``fish`` …):
  ``host.tld`` with no space around the dot is refused, unless the host is one
  letter (``e.g.``, ``U.S.navy``: abbreviations) or the TLD is capitalized like
  the first word of a sentence (``an end.Next day``, ``un pez.Su color``): a
  typo, not an address. Lower case, capitals and mixed case (``spam.co``,
  ``SPAM.SHOP``, ``spam.ShOp``) are refused.

Any TLD after a bracketed dot (``example[.]it``) is refused. A single letter
after a dot is never a TLD, so ``e.g.``, ``i.e.``, ``a.m.``, ``U.S.`` and
``approx.`` pass. A Latin host followed by a TLD spelled with Cyrillic or Greek
look-alikes (``example.соm``) is read as the Latin TLD. Any ``://`` after a
letter (``hxxp://``, ``ftp://``), ``javascript:``/``vbscript:``, other schemes
written without a space (``mailto:x``, ``tg:x``, ``data:x``), ``www.``, punycode
``xn--`` labels and dotted IPv4 addresses are refused as url.

Email: ``local@host.tld`` (any letters after the last dot), with the obfuscated
forms of the probe, and ``name at host dot com`` with a spelled or bracketed dot.
``name at host.com``, with a real dot, is a web address named with "at" (``find
it at example.com``) and is left to the url check.

Handle: ``@`` directly followed by a letter or digit, and messenger links
(``t.me``, ``telegram.me``, ``wa.me``, ``discord.gg`` bare or with a path; other
known messenger/social hosts with a path).
"""

from __future__ import annotations

import re
import unicodedata
from enum import Enum

from table.text.tlds import ALL_TLDS

# --- the probe ----------------------------------------------------------------------------

# Sentinels for rewritten obfuscations. Control characters are refused before
# any address check runs, so none of these can come from the player.
OBF_DOT = "\x00"  # [.] (dot) {dot}: deliberate, any real TLD counts
SPELLED_DOT = "\x01"  # " dot ": also an ordinary word, only strong TLDs count
OBF_AT = "\x02"  # [at] (at) (@)

_BRACKET_DOT = re.compile(r"\s*[\[({<]\s*(?:\.|dot|точка)\s*[\])}>]\s*", re.IGNORECASE)
_SPELLED_DOT_RE = re.compile(r"\s+(?:dot|точка)\s+", re.IGNORECASE)
_BRACKET_AT = re.compile(r"\s*[\[({<]\s*(?:@|at|собака)\s*[\])}>]\s*", re.IGNORECASE)


def probe(stored: str) -> str:
    """The text as an address reader sees it.

    NFKC (fullwidth ``．``, ``＠``, mathematical letters and circled digits become
    plain ASCII), the ideographic full stop ``。`` read as a dot (browsers treat
    it as a label separator), ``[.]``/``(dot)``/``{dot}`` read as a deliberate
    dot, spelled-out `` dot `` as a weak dot, and ``[at]``/``(at)``/``(@)`` as ``@``.
    """
    text = unicodedata.normalize("NFKC", stored).replace("\u3002", ".")
    text = _BRACKET_DOT.sub(OBF_DOT, text)
    text = _SPELLED_DOT_RE.sub(SPELLED_DOT, text)
    return _BRACKET_AT.sub(OBF_AT, text)


# --- top-level domains --------------------------------------------------------------------


class _Tld(Enum):
    STRONG = "strong"
    SENTENCE = "sentence"
    OTHER = "other"


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
_SENTENCE_TLDS = _word_set("am an as at be by do es in is it la me my no se si so to us")
_TLD_KIND: dict[str, _Tld] = {
    **{t: _Tld.OTHER for t in ALL_TLDS},
    **{t: _Tld.SENTENCE for t in _SENTENCE_TLDS},
    **{t: _Tld.STRONG for t in _STRONG_TLDS},
}
# Cyrillic and Greek letters that look like Latin ones, for example.соm.
_LOOKALIKES = str.maketrans("асеорхуіјѕкмтвнαεορικντ", "aceopxyijskmtbhaeopikvt")
# Words that may stand before a spelled-out "dot com" in a sentence.
_DOT_COM_DETERMINERS = _word_set("the an old new early late first failed any every that this")

_HOST_PAIR = re.compile(
    r"(?<![\w-])([^\W_][\w-]*)(\s*\.\s*|[\x00\x01])(?=([^\W\d_]{2,63})(?![\w-]))"
)
# After the TLD: what makes any TLD read as an address.
_ADDRESS_TAIL = re.compile(r"[/?#]|:\d")
_TEXT_END = re.compile(r"[.,;:!?)\"'»]*\s*\Z")


def _tld_kind(label: str, tld: str) -> _Tld | None:
    kind = _TLD_KIND.get(tld.casefold())
    if kind is None and not tld.isascii() and any(c.isascii() and c.isalpha() for c in label):
        folded = tld.casefold().translate(_LOOKALIKES)
        if _TLD_KIND.get(folded) is _Tld.STRONG:
            return _Tld.STRONG
    return kind


def _starts_a_sentence(word: str) -> bool:
    return word[0].isupper() and word[1:].islower()


def _is_domain(text: str, match: re.Match[str]) -> bool:
    label, sep, tld = match.group(1), match.group(2), match.group(3)
    kind = _tld_kind(label, tld)
    if kind is None:
        return False
    if sep == OBF_DOT:
        return True
    if sep == SPELLED_DOT:
        return (
            kind is _Tld.STRONG and len(label) >= 2 and label.casefold() not in _DOT_COM_DETERMINERS
        )
    if sep != ".":  # spaces around the dot: an ordinary sentence unless plainly a domain
        return kind is _Tld.STRONG and tld.islower()
    if kind is _Tld.STRONG:
        return True
    after = text[match.end(2) + len(tld) :]
    if _ADDRESS_TAIL.match(after):
        return True
    if len(label) < 2 or _starts_a_sentence(tld):
        return False
    if kind is _Tld.SENTENCE:
        return tld.islower() and _TEXT_END.match(after) is not None
    return True


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


def has_email(text: str) -> bool:
    """An email address in a probe, plain or obfuscated."""
    for match in _EMAIL_AT.finditer(text):
        spaced, sep, tld = match.group(1), match.group(2), match.group(3)
        if not spaced and sep == ".":
            return True  # name@host.tld: an @ is evidence enough, whatever the TLD
        kind = _TLD_KIND.get(tld.casefold())
        if kind is _Tld.STRONG or (kind is not None and (tld.islower() or sep != ".")):
            return True
    for match in _EMAIL_SPELLED.finditer(text):
        sep, tld = match.group(1), match.group(2)
        if sep == ".":
            continue  # "find it at example.com": a web address, for the url check
        kind = _TLD_KIND.get(tld.casefold())
        if kind is _Tld.STRONG or (kind is not None and sep in (OBF_DOT, SPELLED_DOT)):
            return True
    return False


def has_handle(text: str) -> bool:
    """An @handle or a messenger link in a probe."""
    return _HANDLE.search(text) is not None


def has_url(text: str) -> bool:
    """A web address in a probe: a scheme, www., an IP address or a bare domain."""
    if _URL_SIGNS.search(text):
        return True
    return any(_is_domain(text, match) for match in _HOST_PAIR.finditer(text))
