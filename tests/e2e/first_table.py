"""What a first-time table must never meet, checked on every screen of the
`test_first_table_<game>` matches:

- a placeholder (`{name}`), a raw catalogue key (`bluff.voting.title`) or a
  leaked value (`undefined`, `NaN`, `[object Object]`) on the screen;
- in a non-English UI, an English sentence or word from the catalogues that the
  UI's own catalogue says differently (names and played words are the test's to
  allow; text marked with another `lang`, like the language picker's own names
  of each language, is not the UI's voice and is passed over);
- a turn whose control is greyed out or off the screen.

A game's test adds its own beats (no score before its reveal) with
`assert_absent`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.e2e.browser import Screen

WEB = Path(__file__).resolve().parents[2] / "web"
GAMES = ("bluff", "impostor", "fictionary", "dictopia")

# Text the page shows: visible text nodes, less what sits in a <select> (the
# language picker names each language in that language) or under an element
# whose `lang` differs from the page's (a deck's word, an endonym).
_VISIBLE_TEXT = """() => {
  const base = (l) => (l || '').toLowerCase().split('-')[0];
  const page = base(document.documentElement.lang);
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    const text = n.textContent.trim();
    if (!el || !text) continue;
    if (el.closest('select, script, style, template, noscript')) continue;
    const tagged = el.closest('[lang]');
    if (tagged && base(tagged.getAttribute('lang')) !== page) continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    out.push(text);
  }
  return out;
}"""

_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
_LEAKS = re.compile(r"\b(undefined|NaN|null)\b|\[object Object\]")


def _flatten(tree: Any, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every key of the shell's and the four games' catalogues in `lang`, flat."""
    flat = _flatten(json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8")))
    for slug in GAMES:
        path = WEB / "js" / "games" / slug / "i18n" / f"{lang}.json"
        if path.exists():
            flat.update(_flatten(json.loads(path.read_text("utf-8")), slug + "."))
    return flat


@cache
def _english_only(lang: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(key, pattern) for each piece of English the `lang` catalogue says otherwise.

    A template is split at its placeholders; a piece counts when it has a word of
    four letters or more (shorter ones, like "of" or "OK", are too likely to be
    part of a name or a played word). A piece that the `lang` catalogue itself
    says somewhere is that language's too (French "Options", the name "Big
    Brother" kept in Romanian), not English left over.
    """
    en, other = catalogue("en"), catalogue(lang)
    own = "\n".join(other.values())
    pieces: list[tuple[str, re.Pattern[str]]] = []
    for key, text in en.items():
        if other.get(key, text) == text:
            continue
        for piece in _PLACEHOLDER.split(text):
            piece = piece.strip(" \t\n.,:;!?·—–-()[]\"'…")
            if re.search(r"[A-Za-z]{4,}", piece):
                pattern = re.compile(rf"(?<![\w]){re.escape(piece)}(?![\w])")
                if not pattern.search(own):
                    pieces.append((key, pattern))
    return tuple(pieces)


def visible_texts(screen: Screen) -> list[str]:
    return list(screen.page.evaluate(_VISIBLE_TEXT))


def screen_problems(screen: Screen, lang: str, allowed: Iterable[str] = ()) -> list[str]:
    """What a person would wince at on `screen` now, in a UI language `lang`.

    `allowed`: texts the test itself brought to the table (players' names, the
    words and definitions they typed, the deck's words), taken out before the
    English check.
    """
    texts = visible_texts(screen)
    shown = "\n".join(texts)
    found: list[str] = []
    for match in _PLACEHOLDER.finditer(shown):
        found.append(f"placeholder {match.group()!r}")
    for match in _LEAKS.finditer(shown):
        found.append(f"leaked value {match.group()!r}")
    keys = set(catalogue("en"))
    for text in texts:
        for word in re.findall(r"[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+", text):
            if word in keys:
                found.append(f"raw catalogue key {word!r}")
    if lang != "en":
        rest = shown
        for text in sorted(allowed, key=len, reverse=True):
            if text:
                rest = rest.replace(text, " ")
        for key, pattern in _english_only(lang):
            match = pattern.search(rest)
            if match:
                found.append(f"English {match.group()!r} (en: {key})")
    return [f"{screen.name}: {p}" for p in found]


def assert_screens_clean(screens: Iterable[Screen], lang: str, allowed: Iterable[str] = ()) -> None:
    allowed = tuple(allowed)
    found = [p for s in screens for p in screen_problems(s, lang, allowed)]
    assert not found, "\n".join(found)


def assert_can_act(screen: Screen, control: Any) -> None:
    """It is this person's turn: the control is enabled and on the screen, where
    the page put it, without the test scrolling to it."""
    expect(control, f"{screen.name}: turn control enabled").to_be_enabled()
    expect(control, f"{screen.name}: turn control on screen").to_be_in_viewport()


def assert_absent(screen: Screen, texts: Iterable[str], why: str) -> None:
    """None of `texts` is visible on `screen` now (a score before its beat)."""
    shown = "\n".join(visible_texts(screen))
    early = [t for t in texts if t and t in shown]
    assert not early, f"{screen.name}: {early} shown before its beat ({why})"
