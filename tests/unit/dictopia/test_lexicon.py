"""The Dictopia lexicon: keys (D4c), and binary search over sorted, memory-mapped lists."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dictopia.lexicon import (
    NO_ENTRIES,
    Entries,
    FileLexicon,
    MemoryLexicon,
    SortedLines,
    signature,
    word_key,
)


@pytest.mark.parametrize(
    ("spelling", "key"),
    [
        ("Été", "ete"),  # E stands for É È Ê Ë
        ("pêche", "peche"),
        ("péché", "peche"),
        ("ÁRBOL", "arbol"),  # A stands for Á
        ("Ёжики", "ежики"),  # Е stands for Ё
        ("año", "año"),  # Ñ is a letter of its own
        ("ЙОД", "йод"),  # Й is not И
        ("œuvre", "oeuvre"),  # Œ → OE
        ("Æsir", "aesir"),  # Æ → AE
        ("naïve", "naive"),
        ("подъезд", "подъезд"),  # Ъ and Ь stay
        ("Straße", "strasse"),  # case folding
        ("rock'n'roll", "rocknroll"),  # not a letter: dropped
    ],
)
def test_d4c_word_key_folds_accents_per_language(spelling: str, key: str) -> None:
    assert word_key(spelling) == key


def test_d4c_distinct_letters_never_stand_for_each_other() -> None:
    assert word_key("año") != word_key("ano")
    assert word_key("йод") != word_key("иод")
    assert word_key("съесть") != word_key("сесть")


@given(st.text(max_size=20))
def test_word_key_is_idempotent(text: str) -> None:
    assert word_key(word_key(text)) == word_key(text)


def test_signature_is_equal_for_anagrams() -> None:
    assert signature("listen") == signature("silent") == "eilnst"
    assert signature("listen") != signature("lister")


# --- the in-memory lexicon ---


def test_memory_lexicon_groups_spellings_under_their_key() -> None:
    lexicon = MemoryLexicon("fr", ["pêche", "péché", "pécher", "été"])
    assert lexicon.spellings("peche") == ("péché", "pêche")  # code-point order
    assert "ete" in lexicon
    assert "été" not in lexicon  # asked by key only
    assert lexicon.spellings("absent") == ()


def test_memory_lexicon_counts_anagrams_and_entries() -> None:
    lexicon = MemoryLexicon(
        "en", ["listen", "silent", "enlist", "bear"], {"bear": Entries(count=2, verb=True)}
    )
    assert lexicon.anagram_count("listen") == 3
    assert lexicon.anagram_count("tinsel") == 3  # unlisted, but its letters spell three keys
    assert lexicon.anagram_count("bear") == 1
    assert lexicon.anagram_count("zzz") == 0
    assert lexicon.entries("bear") == Entries(2, True)
    assert lexicon.entries("listen") == NO_ENTRIES
    assert lexicon.has_entries
    assert not MemoryLexicon("fr", ["été"]).has_entries


# --- binary search over a memory-mapped file ---


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def test_sorted_lines_find_present_and_absent_keys(tmp_path: Path) -> None:
    lines = ["a", "ab\tx", "abc", "b\ty,z", "ba", "été", "ñu", "ежики\tёжики,ежики"]
    assert lines == sorted(lines, key=str.encode)
    found = SortedLines(_write(tmp_path / "w.tsv", lines))
    for line in lines:
        key, _, value = line.partition("\t")
        assert found.find(key) == value, key
    for absent in ["", "0", "aa", "abcd", "abd", "bb", "c", "ete", "nu", "ёжики", "яя", "a\tb"]:
        assert found.find(absent) is None, absent


def test_sorted_lines_on_an_empty_file(tmp_path: Path) -> None:
    assert SortedLines(_write(tmp_path / "empty.tsv", [])).find("a") is None


@settings(max_examples=60, deadline=None)
@given(
    st.sets(st.text(alphabet="abcñéж", min_size=1, max_size=6), max_size=40),
    st.lists(st.text(alphabet="abcñéж", min_size=1, max_size=6), max_size=20),
)
def test_binary_search_agrees_with_a_set(
    tmp_path_factory: pytest.TempPathFactory, keys: set[str], probes: list[str]
) -> None:
    path = tmp_path_factory.mktemp("lists") / "w.tsv"
    found = SortedLines(_write(path, sorted(keys, key=str.encode)))
    for probe in [*keys, *probes]:
        assert (found.find(probe) is not None) == (probe in keys)


def test_file_lexicon_reads_words_anagrams_and_entries(tmp_path: Path) -> None:
    folder = tmp_path / "en"
    folder.mkdir()
    _write(folder / "words.tsv", ["bear", "cafe\tcafe,café", "enlist", "listen", "silent"])
    _write(folder / "anagrams.tsv", ["eilnst\t3"])
    _write(folder / "lexicon.tsv", ["bear\t6\t1", "listen\t1\t1"])
    lexicon = FileLexicon("en", tmp_path)
    assert lexicon.spellings("cafe") == ("cafe", "café")
    assert lexicon.spellings("bear") == ("bear",)
    assert "beer" not in lexicon
    assert lexicon.anagram_count("silent") == 3
    assert lexicon.anagram_count("bear") == 1  # a signature of one key has no line
    assert lexicon.anagram_count("bare") == 0  # its letters spell no other key
    assert lexicon.entries("bear") == Entries(6, True)
    assert lexicon.entries("listen") == Entries(1, True)
    assert lexicon.entries("cafe") == Entries(1, False)  # listed, no line: one entry at most
    assert lexicon.entries("beer") == NO_ENTRIES
    assert lexicon.has_entries


def test_file_lexicon_with_only_a_verb_flag(tmp_path: Path) -> None:
    folder = tmp_path / "fr"
    folder.mkdir()
    _write(folder / "words.tsv", ["ete\tété", "manger", "pomme"])
    _write(folder / "anagrams.tsv", [])
    _write(folder / "lexicon.tsv", ["ete\t-\t1", "manger\t-\t1"])
    lexicon = FileLexicon("fr", tmp_path)
    assert not lexicon.has_entries  # Homograph is voted (D11a)
    assert lexicon.entries("manger") == Entries(0, True)
    assert lexicon.entries("pomme") == NO_ENTRIES


def test_file_lexicon_without_a_lexicon_file(tmp_path: Path) -> None:
    folder = tmp_path / "xx"
    folder.mkdir()
    _write(folder / "words.tsv", ["abc"])
    lexicon = FileLexicon("xx", tmp_path)  # no anagrams.tsv either: no shared signature
    assert not lexicon.has_entries
    assert lexicon.entries("abc") == NO_ENTRIES
    assert lexicon.anagram_count("abc") == 1


def test_file_lexicon_refuses_a_missing_language(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        FileLexicon("xx", tmp_path)


# --- the committed lists, through the port ---


@pytest.mark.parametrize(
    ("lang", "key", "spelling"),
    [
        ("en", "running", "running"),
        ("en", "bears", "bears"),
        ("fr", "peche", "pêche"),
        ("fr", "mangeraient", "mangeraient"),
        ("es", "cantabamos", "cantábamos"),
        ("es", "año", "año"),
        ("ru", "ежики", "ёжики"),
        ("ru", "подъезд", "подъезд"),
    ],
)
def test_committed_lists_find_keys_with_their_spellings(lang: str, key: str, spelling: str) -> None:
    assert spelling in FileLexicon(lang).spellings(key)


@pytest.mark.parametrize(
    ("lang", "key"), [("en", "london"), ("fr", "arcenciel"), ("es", "madrid"), ("ru", "ссср")]
)
def test_committed_lists_miss_absent_keys(lang: str, key: str) -> None:
    assert key not in FileLexicon(lang)


@pytest.mark.parametrize(
    ("lang", "verbs", "not_verbs"),
    [
        ("fr", ["mangeraient", "ete", "etre", "fumes"], ["maison", "oiseau"]),
        ("es", ["cantabamos", "comer", "vivirias"], ["ciudad", "altar", "arbol"]),
        ("ru", ["читать", "читали", "делает", "берегут"], ["сеть", "стол", "красный"]),
    ],
)
def test_verb_flag_where_entries_are_unknown(
    lang: str, verbs: list[str], not_verbs: list[str]
) -> None:
    lexicon = FileLexicon(lang)
    assert not lexicon.has_entries
    assert [k for k in verbs if not lexicon.entries(k).verb] == []
    assert [k for k in not_verbs if lexicon.entries(k).verb] == []


def test_d11a_english_entries_tell_homographs_and_verbs() -> None:
    lexicon = FileLexicon("en")
    assert lexicon.has_entries
    assert lexicon.entries("bear").count >= 2  # noun; verb
    assert lexicon.entries("bears").count >= 2  # an inflected form counts its lemma's entries
    assert lexicon.entries("eaten").verb
    assert not lexicon.entries("happy").verb
    assert lexicon.anagram_count("listen") >= 3  # silent, enlist, tinsel…
