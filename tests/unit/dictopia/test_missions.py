"""D4c, D9-D11, D15: keys, mission checks per language, written syllables."""

from __future__ import annotations

import pytest

from games.dictopia.catalogue import BY_ID, CATALOGUE, Check
from games.dictopia.content import Face
from games.dictopia.letters import VOWELS, syllables
from games.dictopia.lexicon import Entries, MemoryLexicon, word_key
from games.dictopia.missions import AUTO, auto_met, check_of, dict_met, pool
from games.dictopia.words import Word

EYES = {"e": 0, "о": 0, "z": 3, "q": 3, "x": 3, "j": 3, "k": 3, "w": 3, "v": 3}


def word(letters: str, eyes: list[int] | None = None, unused: int = 0) -> Word:
    """A word of `letters` (one card each) in a hand with `unused` extra cards."""
    eyes = eyes or [EYES.get(ch.lower(), 1) for ch in letters]
    faces = tuple(Face(ch, e) for ch, e in zip(letters, eyes, strict=True))
    spare = Face("E", 0), Face("T", 1)
    hand = tuple((f, Face("T", 1)) for f in faces) + (spare,) * unused
    return Word(tuple((i, 0) for i in range(len(faces))), faces, hand)


# (mission, lang, a word that meets it, a word that does not)
EXAMPLES = [
    ("even", "en", "TAXI", "CAT"),
    ("odd", "fr", "CHATS", "CHAT"),
    ("five", "es", "PERRO", "GATO"),
    ("long", "en", "TEATIME", "HOTEL"),
    ("short", "ru", "КОТ", "СОБАКА"),
    ("vowel_start", "ru", "ЯБЛОКО", "КОТ"),
    ("vowel_start", "fr", "YEUX", "TOUT"),
    ("vowel_end", "es", "CASA", "PAN"),
    ("same_ends", "en", "TOAST", "TOSS"),
    ("double", "en", "BOOK", "BOX"),
    ("triple", "es", "BANANA", "BANAL"),
    ("isogram", "en", "CHAMPS", "BANANA"),
    ("alternate", "en", "BANANA", "CHAMPS"),
    ("cluster", "en", "CHAMPS", "BANANA"),
    ("lipogram", "en", "TAXI", "STORE"),
    ("lipogram", "ru", "КНИГА", "КОТЫ"),
    ("palindrome", "fr", "RADAR", "RADIS"),
    ("odd_eyes", "en", "CAT", "TA"),
    ("watched", "en", "TAXI", "TA"),
    ("more_eyes", "en", "JUMPY", "STORE"),
    ("three_syllables", "en", "BANANA", "SYSTEM"),
    ("one_syllable", "en", "RHYTHM", "CAT"),
    ("music", "en", "MIST", "CAT"),
    ("music", "ru", "СОЛЬ", "КОТ"),
]


@pytest.mark.parametrize(("mission", "lang", "yes", "no"), EXAMPLES)
def test_d9a_auto_missions_on_examples(mission: str, lang: str, yes: str, no: str) -> None:
    assert auto_met(mission, word(yes), lang)
    assert not auto_met(mission, word(no), lang)


def test_d9a_eight_eyes_and_all_in() -> None:
    assert auto_met("eight_eyes", word("JUMP", [3, 1, 2, 2]), "en")
    assert not auto_met("eight_eyes", word("JUMP", [3, 1, 2, 1]), "en")
    assert auto_met("all_in", word("STORE", unused=1), "en")
    assert not auto_met("all_in", word("STORE", unused=2), "en")


def test_d9a_every_auto_mission_has_a_check() -> None:
    autos = {m.id for m in CATALOGUE if m.check is Check.AUTO}
    assert autos == set(AUTO) and len(CATALOGUE) == 39


def test_d9c_vowels_per_language() -> None:
    assert VOWELS["en"] == frozenset("aeiou") and "y" in VOWELS["fr"]
    assert VOWELS["ru"] == frozenset("аеиоуыэюя") and "й" not in VOWELS["ru"]
    assert not auto_met("vowel_start", word("YES"), "en")
    assert auto_met("vowel_start", word("YEUX"), "fr")


def test_d4c_accents_fold_per_language() -> None:
    assert word_key("ÉTÉ") == "ete" and word_key("Ёжики") == "ежики"
    assert word_key("AÑO") != word_key("ANO")
    assert word_key("ЙОД") != word_key("ИОД")
    assert word_key("ŒUVRE") == "oeuvre" and word_key("æther") == "aether"
    lexicon = MemoryLexicon("fr", ["été", "œuvre"])
    assert word("ETE").key in lexicon and word("OEUVRE").key in lexicon


def test_d10a_music_by_letters() -> None:
    assert auto_met("music", word("DOT"), "fr") and auto_met("music", word("TIN"), "en")
    assert not auto_met("music", word("TIN"), "fr")  # ti is a note only in en
    assert auto_met("music", word("ЛЯГУШКА"), "ru")


def test_d11a_homograph_two_entries() -> None:
    lexicon = MemoryLexicon(
        "en", ["bear", "cat", "dome", "mode", "domes", "dom"], {"bear": Entries(2, True)}
    )
    assert dict_met("homograph", word("BEAR"), lexicon)
    assert not dict_met("homograph", word("CAT"), lexicon)
    assert dict_met("verb", word("BEAR"), lexicon) and not dict_met("verb", word("CAT"), lexicon)
    assert dict_met("anagram", word("DOME"), lexicon) and not dict_met(
        "anagram", word("CAT"), lexicon
    )
    assert dict_met("nested", word("DOMES"), lexicon) and not dict_met(
        "nested", word("DOM"), lexicon
    )
    assert not dict_met("anagram", word("EDOM"), lexicon)  # unlisted never fulfils (D9b)
    # fr, es, ru: no source tells entries apart, so Homograph is voted.
    assert check_of("homograph", MemoryLexicon("fr", ["été"])) is Check.VOTE
    assert check_of("homograph", lexicon) is Check.DICT


@pytest.mark.parametrize(
    ("lang", "spelled", "count"),
    [
        ("fr", "SYSTEME", 3),
        ("fr", "OISEAU", 2),
        ("es", "POETA", 3),
        ("es", "CIUDAD", 2),
        ("en", "BANANA", 3),
        ("en", "SYSTEM", 2),
        ("en", "TABLE", 2),
        ("en", "CAKE", 1),
        ("en", "RHYTHM", 1),
        ("en", "YES", 1),
        ("ru", "МОЛОКО", 3),
    ],
)
def test_d15a_written_syllables_per_language(lang: str, spelled: str, count: int) -> None:
    assert syllables([word_key(ch) for ch in spelled], lang) == count


def test_d21a_solo_pool_is_27_missions() -> None:
    en = MemoryLexicon("en", [], {})
    assert len(pool(True, False, False, en)) == 27
    assert "speed" not in pool(True, False, False, en)
    assert len(pool(False, True, True, en)) == 39
    assert all(BY_ID[m].check is not Check.VOTE for m in pool(False, False, True, en))
