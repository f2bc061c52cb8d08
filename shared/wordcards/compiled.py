"""Compiled decks: each deck's playable cards as one JSON file, made at packaging time.

Parsing a deck's TOML sources is most of what a container's first deal costs
(about 48 ms for the 512 KB of English); the same cards as JSON load in about
2 ms. The layer build (`infra/layer/Makefile`) runs this file as a script and
ships `content/decks/<lang>.json` in place of the sources:

    python shared/wordcards/compiled.py OUT_DIR [--decks content/decks]

A compiled file records a digest of the sources it was made from, and
`load_deck` reads it only when those sources are absent (the layer) or
unchanged: a compiled file left in a checkout never shadows an edited card.

The cards are transcribed, not validated: `tests/unit/test_content.py` holds
the sources to the rules, and the build's interpreter has none of the layer's
dependencies (those are installed for the Lambda platform), so this module uses
the standard library only.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

# A card's fields as the game deals them; the editors' `source` stays behind.
CARD_FIELDS = ("id", "word", "note", "truth", "aliases", "bluffs")

CompiledCard = dict[str, Any]


def compiled_path(lang: str, root: Path) -> Path:
    return root / f"{lang}.json"


def sources(lang: str, root: Path) -> list[Path]:
    """A deck's TOML files, in the order their cards are read."""
    return sorted((root / lang).glob("*.toml"))


def digest(paths: list[Path]) -> str:
    """What a compiled file was made from: every source's name and bytes."""
    h = hashlib.sha256()
    for path in paths:
        data = path.read_bytes()
        h.update(f"{path.name}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def _strip(value: Any) -> Any:
    # `CardEntry` strips every text (str_strip_whitespace); so does the compile.
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def compile_cards(paths: list[Path]) -> list[CompiledCard]:
    import tomllib  # only the build and a checkout parse TOML; the layer ships none

    cards: list[CompiledCard] = []
    for path in paths:
        with path.open("rb") as f:
            data = tomllib.load(f)
        for raw in data.get("card", []):
            cards.append({k: _strip(raw[k]) for k in CARD_FIELDS if k in raw})
    return cards


def write(lang: str, root: Path, out_dir: Path) -> Path:
    """Compile one deck from `root/<lang>/*.toml` into `out_dir/<lang>.json`."""
    paths = sources(lang, root)
    if not paths:
        raise FileNotFoundError(f"no *.toml under {root / lang}")
    out = compiled_path(lang, out_dir)
    out.parent.mkdir(parents=True, exist_ok=True)
    document = {"sources": digest(paths), "cards": compile_cards(paths)}
    out.write_text(json.dumps(document, ensure_ascii=False, separators=(",", ":")), "utf-8")
    return out


def read(lang: str, root: Path) -> list[CompiledCard] | None:
    """The compiled cards of one deck, or None when there is no current compiled file.

    Beside its sources (a checkout), a compiled file counts only while their
    digest is the one it recorded; alone (the layer), it is the deck.
    """
    path = compiled_path(lang, root)
    if not path.is_file():
        return None
    with path.open("rb") as f:
        document = json.load(f)
    paths = sources(lang, root)
    if paths and document["sources"] != digest(paths):
        return None
    cards: list[CompiledCard] = document["cards"]
    return cards


def languages(root: Path) -> list[str]:
    return sorted(p.stem for p in root.glob("*.json") if p.is_file())


def main() -> int:
    import argparse

    default_decks = Path(__file__).resolve().parents[2] / "content" / "decks"
    parser = argparse.ArgumentParser(description="Compile every deck's TOML into one JSON file.")
    parser.add_argument("out_dir", type=Path, help="where <lang>.json goes (the layer's decks)")
    parser.add_argument("--decks", type=Path, default=default_decks, help="the TOML decks")
    args = parser.parse_args()
    decks: Path = args.decks
    langs = sorted(p.name for p in decks.iterdir() if p.is_dir() and sources(p.name, decks))
    if not langs:
        parser.error(f"no decks under {decks}")
    for lang in langs:
        out = write(lang, decks, args.out_dir)
        print(f"{out}: {len(json.loads(out.read_text('utf-8'))['cards'])} cards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
