"""Ruling 20a's pool gate: the same pool however it is computed, and a build's gate never stale.

`reference_pool` is the gate as it was first written (each bluff checked with
`likeness.close` against every truth sharing a word with it); the indexed
count in `games.fictionary.pool` and the gate the layer build writes must give
exactly its pool, in its order, for every real deck and for edge cases.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from games.fictionary import content as bank
from games.fictionary import lexicon, pool
from games.fictionary.content import Content, Word
from games.fictionary.likeness import close, nontrivial
from games.fictionary.rules import CLOSE_JACCARD
from table.text import comparison_key
from wordcards import DECKS_DIR, compiled, load_deck

LANGS = ["en", "es", "ru"]

# The pools before the gate was indexed: sha256 of `json.dumps(pool, ensure_ascii=False)`
# of `content.load(lang).pool` as `reference_pool`'s code made it, on the decks whose
# sources had the digests below (`compiled.digest(compiled.sources(lang, DECKS_DIR))`).
# Checked while a deck is unchanged; an edited deck is held to `reference_pool` alone.
DECK_DIGEST = {
    "en": "1741bb9305509af4cf0f6a5e31b39679d44991489b10d461169b587db85c9cfb",
    "es": "e0f961eda12a93ba6cda85a930d34cfc9580f05fbe38c56b466819e34c1007fa",
    "ru": "bcab238341137677f5c6e5e98b093e3422d89cdba213a8e903c89da606a53748",
}
POOL_SHA256 = {
    "en": "32addde00c34a1dd0b7d63452091a8fd0168c9c39b44314b212b5e720a59bd7e",
    "es": "353cfc278385fe55c433ea72039dfc79d542657e459c59eb70a9a4a381c7fb4c",
    "ru": "87e01a4447ea7fd5c9d44c9e60d5c5fd34b17e0a9387f7c47f06807b153f6f85",
}


def reference_pool(content: Content) -> dict[str, list[tuple[str, int, str]]]:
    """The gate as first written, kept to pin the result."""
    index: dict[str, set[int]] = defaultdict(set)
    truths = [w.truth for w in content.bank]
    keys = {comparison_key(t) for t in truths}
    for i, truth in enumerate(truths):
        for token in nontrivial(truth, content.small):
            index[token].add(i)
    found: dict[str, list[tuple[str, int, str]]] = defaultdict(list)
    for word in content.bank:
        for j, bluff in enumerate(word.bluffs):
            if comparison_key(bluff) in keys:
                continue
            near = set().union(*(index.get(t, set()) for t in nontrivial(bluff, content.small)))
            if any(close(bluff, truths[i], content.small) for i in near):
                continue
            found[word.pos].append((word.id, j, bluff))
    return dict(found)


def _sha(found: dict[str, list[tuple[str, int, str]]]) -> str:
    return hashlib.sha256(json.dumps(found, ensure_ascii=False).encode()).hexdigest()


def _triples(lang: str) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(c.id, c.truth, c.bluffs) for c in load_deck(lang).values()]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The layer's gate, made by the build's own commands on the build's bare interpreter."""
    layer = tmp_path_factory.mktemp("layer") / "content"
    for script, out, decks in (
        (compiled.__file__, layer / "decks", DECKS_DIR),
        (pool.__file__, layer / "fictionary" / "pool", layer / "decks"),
    ):
        subprocess.run(
            [sys.executable, "-I", "-S", str(script), str(out), "--decks", str(decks)],
            check=True,
            capture_output=True,
        )
    return layer / "fictionary" / "pool"


@pytest.mark.parametrize("lang", LANGS)
def test_f20a_gate_is_the_reference_on_every_real_deck(lang: str) -> None:
    computed = bank.build(lang, load_deck(lang).values())
    expected = reference_pool(computed)
    assert computed.pool == expected
    assert list(computed.pool) == list(expected)  # parts of speech in the same order
    left_out = sum(len(w.bluffs) for w in computed.bank) - sum(map(len, expected.values()))
    assert left_out > 0  # every real deck has bluffs the gate leaves out
    if compiled.digest(compiled.sources(lang, DECKS_DIR)) == DECK_DIGEST.get(lang):
        assert _sha(computed.pool) == POOL_SHA256[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_f20a_the_builds_gate_gives_the_same_pool(lang: str, built: Path) -> None:
    triples = _triples(lang)
    small = lexicon.SMALL[lang]
    near = pool.read(lang, triples, small, CLOSE_JACCARD, root=built)
    assert near is not None and near
    from_build = bank.build(lang, load_deck(lang).values(), near=near)
    assert from_build.pool == bank.build(lang, load_deck(lang).values()).pool
    assert list(from_build.pool) == list(reference_pool(from_build))


def test_f20a_load_uses_a_current_gate_and_never_a_stale_one(
    built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pool, "POOL_DIR", built)
    calls: list[int] = []
    real_near = pool.near

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real_near(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pool, "near", counted)
    first = bank.load("es")
    assert calls == []  # the build's gate was used
    assert first.pool == reference_pool(first)
    # Any input changed: the file is not used, the gate is computed.
    triples = _triples("es")
    small = lexicon.SMALL["es"]
    assert pool.read("es", triples, small, CLOSE_JACCARD, root=built) is not None
    card_id, truth, bluffs = triples[0]
    edited = [(card_id, truth + " y algo", bluffs), *triples[1:]]
    assert pool.read("es", edited, small, CLOSE_JACCARD, root=built) is None
    assert pool.read("es", triples, small | {"casa"}, CLOSE_JACCARD, root=built) is None
    assert pool.read("es", triples, small, 0.5, root=built) is None
    assert pool.read("en", triples, small, CLOSE_JACCARD, root=built) is None
    monkeypatch.setattr(pool, "_code", lambda: b"another tokenizer")
    assert pool.read("es", triples, small, CLOSE_JACCARD, root=built) is None
    assert bank.load("es").pool == first.pool and calls == [1]


def test_f20a_no_build_no_file_computes_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool, "POOL_DIR", tmp_path / "none")
    content = bank.load("ru")
    assert content.pool == reference_pool(content)


def test_f20a_the_build_reads_the_threshold_from_the_rules() -> None:
    assert pool.rules_constant("CLOSE_JACCARD") == CLOSE_JACCARD
    with pytest.raises(LookupError):
        pool.rules_constant("NO_SUCH_RULE")


def _word(i: int, truth: str, *bluffs: str, pos: str = "noun") -> Word:
    return Word(id=f"en-{i:04d}", word=f"word{i}", note=pos, pos=pos, truth=truth, bluffs=bluffs)


EDGE_BANK = (
    _word(1, "A small round stone used in games", "A round stone used in small games"),
    _word(
        2,
        "To sing loudly at night",
        "A SMALL round stone, used in games!",  # the same key as a truth
        "Sing loudly at night",  # Jaccard 1 with a truth
        "To sing at night",  # 3 of 4 words shared with card 2's truth: 0.75
        "To sing on Sundays",  # 1 of 5: kept
        "Stone",  # one word: only the key can leave it out
        "Night",
        pos="verb",
    ),
    _word(3, "Night", "The night", "A games room", "Round and round"),
    _word(4, "Games of stone, round and small", "Small games", pos="adjective"),
)


def test_f20a_edge_cases_match_the_reference() -> None:
    content = Content("en", EDGE_BANK, small=lexicon.SMALL["en"])
    expected = reference_pool(content)
    assert content.pool == expected
    kept = {b for found in expected.values() for _, _, b in found}
    assert "A SMALL round stone, used in games!" not in kept  # same key as card 1's truth
    assert "Night" not in kept  # same key as card 3's truth
    assert "The night" in kept  # one word but small ones, and another key
    assert "To sing on Sundays" in kept and "Stone" in kept
    # Reversed, the bank's order changes nothing but the order of the pool.
    mirrored = Content("en", EDGE_BANK[::-1], small=lexicon.SMALL["en"])
    assert mirrored.pool == reference_pool(mirrored)


def test_f20a_same_id_twice_each_bluff_checked() -> None:
    twin = (EDGE_BANK[0], EDGE_BANK[1], _word(1, "Sing loudly", "Lamp oil", "To sing at night"))
    content = Content("en", twin, small=lexicon.SMALL["en"])
    assert content.pool == reference_pool(content)


def test_f20a_a_bad_build_argument_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "decks"
    empty.mkdir()
    script = str(pool.__file__)
    out = subprocess.run(
        [sys.executable, "-I", "-S", script, str(tmp_path / "out"), "--decks", str(empty)],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2 and "no compiled decks" in out.stderr
    assert not (tmp_path / "out").exists()


# Few words, small ones among them, cased and punctuated both ways: many pairs share words,
# and many sit at the threshold (3 of 5, 2 of 3 ...).
_VOCAB = ["stone", "Stone", "round", "games", "night", "sing", "the", "of", "a", "lamp", "oil"]
_texts = st.lists(st.sampled_from(_VOCAB), max_size=6).map(lambda ws: " ".join(ws) or "x")
_texts = _texts | _texts.map(lambda t: t.upper() + "!") | _texts.map(lambda t: t.replace(" ", ", "))


@st.composite
def _banks(draw: st.DrawFn) -> tuple[Word, ...]:
    size = draw(st.integers(1, 8))
    ids = draw(st.lists(st.integers(1, 9), min_size=size, max_size=size))  # ids may repeat
    return tuple(
        _word(
            i,
            draw(_texts),
            *draw(st.lists(_texts, max_size=4)),
            pos=draw(st.sampled_from(["noun", "verb"])),
        )
        for i in sorted(ids)
    )


@seed(20_261_201)
@settings(max_examples=300, deadline=None, database=None)
@given(_banks())
def test_f20a_gate_is_the_reference_on_random_banks(words: tuple[Word, ...]) -> None:
    small = lexicon.SMALL["en"]
    content = Content("en", words, small=small)
    assert content.pool == reference_pool(content)
    if len({w.id for w in words}) == len(words):  # a deck's ids are unique
        cards = [(w.id, w.truth, w.bluffs) for w in words]
        near = pool.deck_near(cards, small, CLOSE_JACCARD)
        assert Content("en", words, small=small, near=near).pool == content.pool
        # The deck's gate serves any bank drawn from it (F5 deals a part of the deck).
        part = words[::2]
        assert Content("en", part, small=small, near=near).pool == reference_pool(
            Content("en", part, small=small)
        )
