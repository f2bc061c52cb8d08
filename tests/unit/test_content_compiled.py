"""Compiled decks: the layer's JSON decks deal their TOML sources' cards, and never stale ones."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import wordcards
from wordcards import DECKS_DIR, available_languages, compiled, load_deck

LANGS = ["en", "es", "ru"]


def _checkout(tmp_path: Path, lang: str = "en") -> Path:
    """A decks folder holding one language's TOML sources, as a checkout does."""
    root = tmp_path / "decks"
    shutil.copytree(DECKS_DIR / lang, root / lang)
    return root


def _no_toml(*_: object, **__: object) -> list[wordcards.CardEntry]:
    raise AssertionError("the TOML sources were parsed")


@pytest.fixture(scope="module")
def layer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The layer's decks: compiled files only, made by the build's own command."""
    out = tmp_path_factory.mktemp("layer") / "content" / "decks"
    script = Path(compiled.__file__)
    # -I -S: no site-packages, as the build's interpreter has none of the layer's dependencies.
    subprocess.run(
        [sys.executable, "-I", "-S", str(script), str(out), "--decks", str(DECKS_DIR)],
        check=True,
        capture_output=True,
    )
    return out


def test_the_build_compiles_every_deck_and_ships_no_sources(layer: Path) -> None:
    assert sorted(p.name for p in layer.iterdir()) == [f"{lang}.json" for lang in LANGS]
    assert available_languages(layer) == LANGS == available_languages()


@pytest.mark.parametrize("lang", LANGS)
def test_a_compiled_deck_is_its_toml_deck(
    layer: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from_toml = load_deck(lang)
    monkeypatch.setattr(wordcards, "read_entries", _no_toml)
    from_json = load_deck(lang, layer)
    assert list(from_json) == list(from_toml)  # same ids, same order
    assert from_json == from_toml
    assert all(type(c) is wordcards.Card for c in from_json.values())


def test_load_deck_reads_a_current_compiled_file_beside_its_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _checkout(tmp_path)
    compiled.write("en", root, root)
    expected = load_deck("en")
    monkeypatch.setattr(wordcards, "read_entries", _no_toml)
    assert load_deck("en", root) == expected


def test_an_edited_source_makes_the_compiled_file_stale(tmp_path: Path) -> None:
    root = _checkout(tmp_path)
    compiled.write("en", root, root)
    source = compiled.sources("en", root)[0]
    first = load_deck("en", root)
    card = next(iter(first.values()))
    text = source.read_text("utf-8")
    assert text.count(f'truth = "{card.truth}"') == 1
    source.write_text(text.replace(f'truth = "{card.truth}"', 'truth = "an edited truth"'), "utf-8")
    assert load_deck("en", root)[card.id].truth == "an edited truth"
    assert compiled.read("en", root) is None


def test_a_moved_or_removed_source_makes_the_compiled_file_stale(tmp_path: Path) -> None:
    root = _checkout(tmp_path)
    compiled.write("en", root, root)
    first, second = compiled.sources("en", root)[:2]
    second.rename(root / "en" / "zz-moved.toml")  # the same bytes, read in another order
    assert compiled.read("en", root) is None
    first_ids = {card["id"] for card in compiled.compile_cards([first])}
    first.unlink()
    assert compiled.read("en", root) is None
    assert set(load_deck("en")) - set(load_deck("en", root)) == first_ids


def test_a_deck_without_sources_or_compiled_file_is_empty(tmp_path: Path) -> None:
    assert compiled.read("en", tmp_path) is None
    assert load_deck("en", tmp_path) == {}


def test_compiling_a_language_without_sources_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        compiled.write("xx", DECKS_DIR, tmp_path)
    assert not list(tmp_path.iterdir())


def test_git_ignores_a_compiled_deck_in_the_checkout() -> None:
    """Only the layer build writes compiled decks; .gitignore keeps any stray one out of git."""
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", str(DECKS_DIR / "en.json")],
        cwd=DECKS_DIR,
        check=False,
    )
    assert ignored.returncode == 0
