"""The browser client's UI catalogues (web/i18n/, web/js/games/<slug>/i18n/).

Every language has every key English has, no more; every plural has exactly
the categories Intl.PluralRules uses for its language; every translation uses
the placeholders English uses; every key the code asks for with t('…') exists
in English; and the typography of Romanian and French is right.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[3] / "web"
JS = WEB / "js"
LANGS = ("en", "es", "ru", "ro", "fr")
# CLDR cardinal categories, as Intl.PluralRules(lang).resolvedOptions() reports them.
PLURALS = {
    "en": {"one", "other"},
    "es": {"one", "many", "other"},
    "ru": {"one", "few", "many", "other"},
    "ro": {"one", "few", "other"},
    "fr": {"one", "many", "other"},
}
CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")

Leaf = str | dict[str, str]


def is_plural(value: Any) -> bool:
    """The same test as isPlural() in web/js/shell/i18n.js."""
    return (
        isinstance(value, dict) and isinstance(value.get("other"), str) and set(value) <= CATEGORIES
    )


def flatten(tree: dict[str, Any], prefix: str = "") -> dict[str, Leaf]:
    """The same flattening as flatten() in web/js/shell/i18n.js."""
    out: dict[str, Leaf] = {}
    for key, value in tree.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, str) or is_plural(value):
            out[path] = value
        elif isinstance(value, dict):
            out.update(flatten(value, path))
        else:
            raise AssertionError(f"{path}: neither text, plural nor group: {value!r}")
    return out


def games() -> list[str]:
    return sorted(p.name for p in (JS / "games").iterdir() if (p / "index.js").is_file())


def catalogue_dirs() -> list[Path]:
    return [WEB / "i18n", *(JS / "games" / slug / "i18n" for slug in games())]


def load(folder: Path, lang: str) -> dict[str, Leaf]:
    path = folder / f"{lang}.json"
    assert path.is_file(), f"{path} is missing"
    return flatten(json.loads(path.read_text(encoding="utf-8")))


def placeholders(leaf: Leaf) -> set[str]:
    texts = [leaf] if isinstance(leaf, str) else list(leaf.values())
    return {name for text in texts for name in PLACEHOLDER.findall(text)}


def texts(leaf: Leaf) -> list[str]:
    return [leaf] if isinstance(leaf, str) else list(leaf.values())


CATALOGUES = [(folder, lang) for folder in catalogue_dirs() for lang in LANGS if lang != "en"]


def label(item: tuple[Path, str]) -> str:
    folder, lang = item
    return f"{folder.relative_to(WEB)}/{lang}"


def test_there_is_a_bluff_folder_and_a_shell_catalogue() -> None:
    assert "bluff" in games()
    assert len(load(WEB / "i18n", "en")) > 100


@pytest.mark.parametrize("item", CATALOGUES, ids=label)
def test_every_language_has_exactly_the_english_keys(item: tuple[Path, str]) -> None:
    folder, lang = item
    english, other = load(folder, "en"), load(folder, lang)
    assert sorted(set(english) - set(other)) == [], f"missing in {lang}"
    assert sorted(set(other) - set(english)) == [], f"not in English, so never shown: {lang}"


@pytest.mark.parametrize("item", [(f, lang) for f in catalogue_dirs() for lang in LANGS], ids=label)
def test_plurals_have_the_categories_of_their_language(item: tuple[Path, str]) -> None:
    folder, lang = item
    english, other = load(folder, "en"), load(folder, lang)
    wrong = []
    for key, value in other.items():
        if is_plural(english.get(key)) != is_plural(value):
            wrong.append(f"{key}: plural in one language, plain in the other")
        elif is_plural(value) and set(value) != PLURALS[lang]:
            wrong.append(f"{key}: {sorted(value)} instead of {sorted(PLURALS[lang])}")
    assert wrong == []


@pytest.mark.parametrize("item", CATALOGUES, ids=label)
def test_translations_use_the_english_placeholders(item: tuple[Path, str]) -> None:
    folder, lang = item
    english, other = load(folder, "en"), load(folder, lang)
    wrong = []
    for key, value in other.items():
        want = placeholders(english[key])
        if placeholders(value) != want:
            wrong.append(f"{key}: {sorted(placeholders(value))} instead of {sorted(want)}")
        if isinstance(value, dict):
            wrong += [
                f"{key}.{c}: {{{p}}} unknown"
                for c, text in value.items()
                for p in set(PLACEHOLDER.findall(text)) - want
            ]
    assert wrong == []


# t('key' …), t(cond ? 'a' : 'b' …), and the message keys handed to goHome('…').
T_CALL = re.compile(r"\bt\(\s*'([^'$`{}]+)'")
T_TERNARY = re.compile(r"\bt\([^()']*\?\s*'([^']+)'\s*:\s*'([^']+)'")
GO_HOME = re.compile(r"goHome\(\s*'([^']+)'")


def used_keys(path: Path) -> set[str]:
    source = path.read_text(encoding="utf-8")
    keys = set(T_CALL.findall(source)) | set(GO_HOME.findall(source))
    for a, b in T_TERNARY.findall(source):
        keys |= {a, b}
    return keys


def test_the_key_finder_sees_calls() -> None:
    found = used_keys(JS / "games" / "bluff" / "reveal.js")
    assert {"bluff.say.leads", "bluff.say.shareLead", "bluff.reveal.heading"} <= found


def test_every_key_the_code_asks_for_exists_in_english() -> None:
    shell = load(WEB / "i18n", "en")
    per_game = {
        slug: {f"{slug}.{k}" for k in load(JS / "games" / slug / "i18n", "en")} for slug in games()
    }
    missing = []
    files = sorted(JS.rglob("*.js"))
    assert len(files) > 15
    for path in files:
        parts = path.relative_to(JS).parts
        known = set(shell)
        if parts[0] == "games":
            known |= per_game.get(parts[1], set())
        missing += [f"{path.relative_to(WEB)}: {k}" for k in sorted(used_keys(path) - known)]
    assert missing == []


def test_romanian_uses_comma_below_letters() -> None:
    cedilla = re.compile("[şŞţŢ]")
    bad = [
        f"{folder.relative_to(WEB)}: {key}"
        for folder in catalogue_dirs()
        for key, leaf in load(folder, "ro").items()
        if any(cedilla.search(text) for text in texts(leaf))
    ]
    assert bad == []


def test_french_punctuation_has_its_no_break_spaces() -> None:
    """A no-break space before : and inside « », a narrow one before ? ! ;, curly apostrophes."""
    rules = [
        (re.compile(r"(?<!\u00a0):(?!\d)"), "a colon needs a no-break space before it"),
        (
            re.compile(r"(?:[^\u202f\u00a0]|^)[?!;]"),
            "? ! ; need a narrow no-break space before them",
        ),
        (re.compile(r"«(?!\u00a0)|(?<!\u00a0)»"), "« » need no-break spaces inside"),
        (re.compile(r"'"), "use the typographic apostrophe ’"),
    ]
    bad = []
    for folder in catalogue_dirs():
        for key, leaf in load(folder, "fr").items():
            for text in texts(leaf):
                bad += [f"{key}: {why}: {text!r}" for rule, why in rules if rule.search(text)]
    assert bad == []


def test_every_catalogue_is_tidy_utf8_json() -> None:
    for folder in catalogue_dirs():
        for lang in LANGS:
            raw = (folder / f"{lang}.json").read_text(encoding="utf-8")
            assert "\\u" not in raw, f"{folder}/{lang}.json: write characters, not escapes"
            for key, leaf in load(folder, lang).items():
                for text in texts(leaf):
                    assert text == text.strip() and text, f"{lang} {key}: empty or padded"
