"""Ruling 20a's gate: which truths of a deck each house bluff is close to (F8).

A bluff leaves the bots' pool when its R5 key is a truth's key, or when it
shares at least `CLOSE_JACCARD` of its non-trivial words with a truth, both
having two or more (`likeness.close`). The sets are made once per text and the
words two texts share are counted through an index of the truths, so only the
pairs sharing a word are ever looked at, each with one division; the pool is
the one `likeness.close` pair by pair gives (`tests/unit/fictionary/test_pool_gate.py`).

This depends only on the deck's texts, the language's small words, the
threshold and the tokenizer (`table.text.keys`), so the layer build computes it
for every card of each compiled deck, into `content/fictionary/pool/<lang>.json`
beside the code:

    python shared/games/fictionary/pool.py OUT_DIR --decks LAYER/content/decks

A file records a digest of those inputs and is used only while they are the
same (`read`); otherwise `Content` computes the gate itself. Like the decks'
compile, this runs on the build's interpreter, which has none of the layer's
dependencies: it imports the table's text functions and the standard library
only, and reads the threshold from `rules.py` without importing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__":  # run by the build: `table` and `games` are two folders up
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import ast
import hashlib
import json
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import chain
from typing import TypeVar

from table.text import keys

K = TypeVar("K")

POOL_DIR = Path(__file__).resolve().parents[3] / "content" / "fictionary" / "pool"

# (card id, bluff index) -> ids of the truths it is close to, sorted
Near = Mapping[tuple[str, int], tuple[str, ...]]


def nontrivial(text: str, small: Collection[str]) -> frozenset[str]:
    """`likeness.nontrivial`: the text's word keys that are not small words."""
    return frozenset(w for w in keys.words(text) if w not in small)


def near(
    truths: Sequence[str],
    bluffs: Iterable[tuple[K, str]],
    small: Collection[str],
    jaccard: float,
) -> dict[K, set[int]]:
    """Each bluff `(label, text)` close to one or more of the truths: their positions."""
    by_key: dict[str, list[int]] = defaultdict(list)
    index: dict[str, list[int]] = defaultdict(list)
    sizes: list[int] = []
    for i, truth in enumerate(truths):
        by_key[keys.comparison_key(truth)].append(i)
        words = nontrivial(truth, small)
        sizes.append(len(words))
        if len(words) >= 2:
            for word in words:
                index[word].append(i)
    found: dict[K, set[int]] = {}
    for label, bluff in bluffs:
        close = set(by_key.get(keys.comparison_key(bluff), ()))
        words = nontrivial(bluff, small)
        size = len(words)
        if size >= 2:
            shared = Counter(chain.from_iterable(index.get(w, ()) for w in words))
            # |A ∩ B| / |A ∪ B|, divided as `likeness.jaccard` divides it
            close.update(i for i, n in shared.items() if n / (sizes[i] + size - n) >= jaccard)
        if close:
            found[label] = close
    return found


def _code() -> bytes:
    """The code the gate's result depends on: this module and the tokenizer."""
    return b"\0".join(Path(m).read_bytes() for m in (__file__, keys.__file__))


def digest(
    cards: Iterable[tuple[str, str, Sequence[str]]], small: Collection[str], jaccard: float
) -> str:
    """What a gate is computed from: the `(id, truth, bluffs)` of a deck, its small words,
    the threshold and the code."""
    h = hashlib.sha256(_code())
    deck = [[card_id, truth, list(bluffs)] for card_id, truth, bluffs in cards]
    inputs = [unicodedata.unidata_version, repr(jaccard), sorted(small), deck]
    h.update(json.dumps(inputs, ensure_ascii=False, separators=(",", ":")).encode())
    return h.hexdigest()


def deck_near(
    cards: Sequence[tuple[str, str, Sequence[str]]], small: Collection[str], jaccard: float
) -> dict[tuple[str, int], tuple[str, ...]]:
    """The gate over a whole deck: every card's bluffs against every card's truth."""
    truths = [truth for _, truth, _ in cards]
    bluffs = (((card_id, j), b) for card_id, _, bs in cards for j, b in enumerate(bs))
    found = near(truths, bluffs, small, jaccard)
    return {label: tuple(sorted(cards[i][0] for i in close)) for label, close in found.items()}


def read(
    lang: str,
    cards: Sequence[tuple[str, str, Sequence[str]]],
    small: Collection[str],
    jaccard: float,
    root: Path | None = None,
) -> dict[tuple[str, int], tuple[str, ...]] | None:
    """The deck's gate from the build, or None when there is none made from these inputs."""
    path = (root or POOL_DIR) / f"{lang}.json"
    if not path.is_file():
        return None
    with path.open("rb") as f:
        document = json.load(f)
    if document.get("inputs") != digest(cards, small, jaccard):
        return None
    return {(card_id, j): tuple(ids) for card_id, j, ids in document["near"]}


def write(
    lang: str,
    cards: Sequence[tuple[str, str, Sequence[str]]],
    small: Collection[str],
    jaccard: float,
    out_dir: Path,
) -> Path:
    out = out_dir / f"{lang}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    found = deck_near(cards, small, jaccard)
    document = {
        "inputs": digest(cards, small, jaccard),
        "near": [[card_id, j, list(ids)] for (card_id, j), ids in found.items()],
    }
    out.write_text(json.dumps(document, ensure_ascii=False, separators=(",", ":")), "utf-8")
    return out


def rules_constant(name: str) -> object:
    """A literal constant of `rules.py`, read from its source (importing it needs pydantic)."""
    tree = ast.parse((Path(__file__).parent / "rules.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                assert node.value is not None
                return ast.literal_eval(node.value)
    raise LookupError(f"rules.py has no constant {name}")


def main() -> int:
    import argparse

    from games.fictionary import lexicon

    parser = argparse.ArgumentParser(description="Compute each compiled deck's ruling 20a gate.")
    parser.add_argument("out_dir", type=Path, help="where <lang>.json goes (the layer's pool)")
    parser.add_argument("--decks", type=Path, required=True, help="the compiled decks")
    args = parser.parse_args()
    jaccard = rules_constant("CLOSE_JACCARD")
    assert isinstance(jaccard, float)
    decks = sorted(p for p in Path(args.decks).glob("*.json") if p.is_file())
    if not decks:
        parser.error(f"no compiled decks under {args.decks}")
    for deck in decks:
        lang = deck.stem
        with deck.open("rb") as f:
            cards = [(c["id"], c["truth"], c.get("bluffs", [])) for c in json.load(f)["cards"]]
        out = write(lang, cards, lexicon.SMALL.get(lang, frozenset()), jaccard, args.out_dir)
        print(f"{out}: {len(cards)} cards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
