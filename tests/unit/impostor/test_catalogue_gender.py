"""Impostor's sentences that insert a player's name need no grammatical gender
(the app does not know it): no participle, adjective, article or slash-form that
agrees with the person named, in any of its UI catalogues."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[3] / "web" / "js" / "games" / "impostor" / "i18n"
NAMED = re.compile(r"\{(name|names|by|speaker)\}")

# Forms that agree with the named person (or carry both genders, like "(а)").
GENDERED = {
    "ro": [r"\bPrins\b", r"\bfost prins", r"\blui \{", r"\be impostor\b", r"\bDescoperit"],
    "es": [r"\b[Pp]illad[oa]\b(?! a \{)", r"\bes impostor", r"\bDescubiert[oa]"],
    "fr": [r"\bdémasqué", r"\bun imposteur\b", r"·e\b"],
    "ru": [r"\((а|и|а/и)\)", r"\bпойман", r"— самозванец", r"ускользнул\b"],
}


def templates(lang: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []

    def walk(node: object, key: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, f"{key}.{k}" if key else k)
        elif isinstance(node, str):
            out.append((key, node))

    walk(json.loads((I18N / f"{lang}.json").read_text("utf-8")), "")
    return out


@pytest.mark.parametrize("lang", sorted(GENDERED))
def test_sentences_with_a_name_need_no_gender(lang: str) -> None:
    found = [
        (key, text)
        for key, text in templates(lang)
        if NAMED.search(text) and any(re.search(p, text) for p in GENDERED[lang])
    ]
    assert found == []


def test_no_slash_forms_for_both_genders() -> None:
    """A form like "пойман(а)" or "démasqué·e" names two genders instead of none."""
    for lang in GENDERED:
        for key, text in templates(lang):
            assert not re.search(r"\((а|и|a|e)\)|·e\b", text), (lang, key, text)
