"""Verify every English truth against the offline dictionaries it cites.

For each card of `content/decks/en` this looks the word up in GCIDE and
WordNet 3.0 (through `lookup.py`), confirms that the card's `source` is one of
the entries found for that word, and measures how well the truth agrees with
that entry's text:

- both texts are cut to content words (function words dropped, usage
  quotations and etymologies stripped) and stemmed by suffix stripping;
- a truth word is found when its stem appears in the entry (it counts 1),
  and related when it is a WordNet synonym, hypernym or similar word of an
  entry word, or the other way round (it counts 1/2);
- the score is that count over the number of the truth's content words (0 to 1).

A card whose source is missing or whose score is below `THRESHOLD` is flagged
for a human. The human reads the entry and records a decision in
`content/verification/en-review.toml`: `reviewed` (the truth states the sense,
in other words than the dictionary's) or `dropped` (the card was deleted from
the deck and its id retired). A decision holds only for the truth text it was
made on: rewrite the truth and the card is flagged again.

    python tools/content/verify_en.py            # write the CSV, print the summary
    python tools/content/verify_en.py --flagged  # also print each unreviewed card's entry
    python tools/content/verify_en.py --check    # exit 1 while any card is unreviewed

Writes `content/verification/en.csv` (id, word, source, agreement, status,
note) and prints a markdown summary. The dictionaries are read at build time
only; nothing from them ships with the game.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import lookup  # the sibling dictionary reader

from wordcards import CardEntry, read_entries

ROOT = Path(__file__).resolve().parents[2]
OUT_DIR = ROOT / "content" / "verification"
CSV_PATH = OUT_DIR / "en.csv"
REVIEW_PATH = OUT_DIR / "en-review.toml"
THRESHOLD = 0.5

_STOPWORDS_TEXT = """
    a an the and or nor but if then than so as of to in into on onto at by for from with
    without within about above below over under up down out off through via per upon
    is are was were be been being am do does did done has have had having can could
    may might must shall should will would it its it's this that these those which who
    whom whose what when where while there here such any some all each every no not
    one ones someone something somebody anything anyone thing things body person
    kind sort type way very much more most less least often usually especially also
    etc eg ie e g i other another own same just only chiefly commonly generally
    his her hers him he she they them their theirs we us our you your i me my
    used use using make made being become becomes like formerly now esp
    act state quality condition relating pertaining characteristic given called
    """
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())

_SUFFIXES = (
    "ational",
    "ization",
    "fulness",
    "iveness",
    "ousness",
    "ically",
    "ation",
    "ition",
    "ement",
    "ments",
    "ness",
    "ment",
    "ings",
    "ably",
    "ibly",
    "ally",
    "ies",
    "ied",
    "ing",
    "ion",
    "ers",
    "est",
    "ful",
    "ity",
    "ous",
    "ive",
    "ise",
    "ize",
    "ed",
    "es",
    "er",
    "ly",
    "al",
    "ic",
    "s",
    "e",
    "y",
)


def stem(word: str) -> str:
    """A crude English stem: strip one common suffix, keep at most 6 letters."""
    w = word.lower().replace("’", "'").removesuffix("'s").strip("'")
    w = re.sub(r"our(s?)$", r"or\1", w)  # armour, colour: the dictionaries spell them -or
    for suffix in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not w.endswith("ss"):
            w = w[: -len(suffix)]
            break
    return w[:6]


def tokens(text: str) -> list[str]:
    return [t.lower() for t in re.findall(r"[A-Za-z]+(?:['’][A-Za-z]+)?", text)]


def content_words(text: str) -> list[str]:
    return [t for t in tokens(text) if t not in STOPWORDS and len(t) > 1]


def clean_gcide(text: str) -> str:
    """The defining text of a GCIDE entry: no pronunciation, etymology or quotations."""
    # pronunciations, with the respelling that may follow them
    text = re.sub(r"\\[^\\]*\\(\s*\([^)]*\))?", " ", text)  # \Gel"id\ (j[e^]l"[i^]d)
    # cross-references keep their words, not their stress marks: {Mal"a*pert`ly}
    text = re.sub(r"\{([^}]*)\}", lambda m: re.sub(r'["*`]', "", m.group(1)), text)
    while True:  # etymologies and labels, innermost brackets first: [L. agrestis ...]
        text, n = re.subn(r"\[[^\[\]]*\]", " ", text)
        if not n:
            break
    text = re.sub(r'"[^"]*"\s*(--\s*[^.]*\.)?', " ", text)  # "usage" --Author.
    return re.sub(r"--\s*[A-Z][\w. ]*\.", " ", text)


def clean_wordnet(gloss: str) -> str:
    """A WordNet gloss without its quoted examples."""
    return re.sub(r'"[^"]*"', " ", gloss)


# --- WordNet in memory (synonyms, hypernyms, similar adjectives) ---------------------


@dataclass(frozen=True)
class Synset:
    lemmas: tuple[str, ...]
    related: tuple[tuple[str, int], ...]  # (pos, offset) of hypernyms and similar synsets


_RELATIONS = {"@", "@i", "&", "^", "$"}  # hypernym, instance hypernym, similar, also, verb group


@cache
def _wordnet() -> tuple[dict[tuple[str, int], Synset], dict[str, list[tuple[str, int]]]]:
    synsets: dict[tuple[str, int], Synset] = {}
    index: dict[str, list[tuple[str, int]]] = {}
    for pos_name, pos in lookup.WORDNET_POS.items():
        with (lookup.WORDNET / f"data.{pos_name}").open("rb") as f:
            for raw in f:
                if raw.startswith(b"  "):
                    continue
                line = raw.decode("utf-8").split("|", 1)[0].split()
                offset = int(line[0])
                count = int(line[3], 16)
                lemmas = tuple(
                    re.sub(r"\(.*\)$", "", line[4 + 2 * i]).lower() for i in range(count)
                )
                rest = line[4 + 2 * count :]
                n_ptr = int(rest[0])
                related: list[tuple[str, int]] = []
                for i in range(n_ptr):
                    symbol, target, target_pos = rest[1 + 4 * i : 4 + 4 * i]
                    if symbol in _RELATIONS:
                        related.append(("a" if target_pos == "s" else target_pos, int(target)))
                key = (pos, offset)
                synsets[key] = Synset(lemmas, tuple(related))
                for lemma in lemmas:
                    index.setdefault(lemma, []).append(key)
    return synsets, index


@cache
def _exceptions() -> dict[str, str]:
    exc: dict[str, str] = {}
    for pos_name in lookup.WORDNET_POS:
        path = lookup.WORDNET / f"{pos_name}.exc"
        for line in path.read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) >= 2:
                exc.setdefault(parts[0], parts[1])
    return exc


_DETACH = (
    ("ies", "y"),
    ("es", ""),
    ("s", ""),
    ("ing", ""),
    ("ing", "e"),
    ("ed", ""),
    ("ed", "e"),
    ("er", ""),
    ("est", ""),
)


def base_forms(word: str) -> set[str]:
    """The WordNet lemmas a word form may be an inflection of (a small `morphy`)."""
    _, index = _wordnet()
    forms = {word}
    if word in _exceptions():
        forms.add(_exceptions()[word])
    for suffix, ending in _DETACH:
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            forms.add(word[: -len(suffix)] + ending)
    return {f for f in forms if f in index}


@cache
def expansion(word: str) -> frozenset[str]:
    """Stems of a word's WordNet synonyms, hypernyms and similar words, in any sense."""
    synsets, index = _wordnet()
    out: set[str] = set()
    for base in base_forms(word):
        for key in index[base]:
            synset = synsets[key]
            near = [synset] + [synsets[r] for r in synset.related if r in synsets]
            for s in near:
                for lemma in s.lemmas:
                    out.update(stem(part) for part in lemma.split("_") if part not in STOPWORDS)
    return frozenset(out)


def agreement(truth: str, entry_text: str) -> float:
    """How much of the truth the entry says: 1 per content word found, 1/2 per related one.

    A truth word is found when its stem is among the entry's stems, and related
    when it is a WordNet synonym, hypernym or similar word of an entry word (or
    the other way round). Related matches count half: WordNet relations over
    every sense of a common word reach far.
    """
    truth_words = content_words(truth)
    if not truth_words:
        return 0.0
    entry_words = content_words(entry_text)
    entry_stems = {stem(w) for w in entry_words}
    entry_near: set[str] = set()
    for w in entry_words:
        entry_near |= expansion(w)
    total = 0.0
    for w in truth_words:
        s = stem(w)
        if s in entry_stems:
            total += 1
        elif s in entry_near or expansion(w) & entry_stems:
            total += 0.5
    return total / len(truth_words)


# --- the check -----------------------------------------------------------------------


@dataclass
class Result:
    id: str
    word: str
    source: str
    agreement: float
    status: str  # verified | flagged | reviewed | dropped
    note: str = ""


def entry_texts(word: str) -> dict[str, str]:
    """Every entry of `word`, cleaned, by the reference a card cites."""
    texts: dict[str, str] = {}
    for ref, text in lookup.gcide(word):
        texts[ref] = (texts.get(ref, "") + "\n" + clean_gcide(text)).strip()
    for ref, gloss, lemmas in _wordnet_entries(word):
        # a synset's other lemmas are part of what it says ("hangover" for katzenjammer)
        others = [lemma.replace("_", " ") for lemma in lemmas if lemma != word.lower()]
        texts[ref] = " ".join([clean_wordnet(gloss), *others])
    return texts


def _wordnet_entries(word: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """`lookup.wordnet` from the in-memory index (same references and glosses), with lemmas."""
    synsets, _ = _wordnet()
    found: list[tuple[str, str, tuple[str, ...]]] = []
    lemma = word.lower().replace(" ", "_")
    for pos_name, pos in lookup.WORDNET_POS.items():
        offsets = _index_offsets(pos_name).get(lemma, [])
        with (lookup.WORDNET / f"data.{pos_name}").open("rb") as data:
            for sense, offset in enumerate(offsets, start=1):
                data.seek(offset)
                record = data.readline().decode("utf-8")
                gloss = record.split("|", 1)[1].strip() if "|" in record else record
                lemmas = synsets[(pos, offset)].lemmas
                found.append((f"WordNet 3.0: {lemma}.{pos}.{sense:02d}", gloss, lemmas))
    return found


@cache
def _index_offsets(pos_name: str) -> dict[str, list[int]]:
    table: dict[str, list[int]] = {}
    with (lookup.WORDNET / f"index.{pos_name}").open(encoding="utf-8") as f:
        for line in f:
            if line.startswith(" "):
                continue
            parts = line.split()
            table[parts[0]] = [int(p) for p in parts if re.fullmatch(r"\d{8}", p)]
    return table


def load_reviews() -> dict[str, dict[str, str]]:
    if not REVIEW_PATH.exists():
        return {}
    with REVIEW_PATH.open("rb") as f:
        return {k: dict(v) for k, v in tomllib.load(f).items()}


def check_card(entry: CardEntry, reviews: dict[str, dict[str, str]]) -> Result:
    texts = entry_texts(entry.word)
    review = reviews.get(entry.id)
    if entry.source not in texts:
        score, note = 0.0, "source not among the word's entries"
        if not texts:
            note = "word not found in GCIDE or WordNet"
    else:
        score, note = agreement(entry.truth, texts[entry.source]), ""
    if not note and score >= THRESHOLD:
        return Result(entry.id, entry.word, entry.source, score, "verified")
    if review and review.get("decision") == "reviewed" and review.get("truth") == entry.truth:
        return Result(entry.id, entry.word, entry.source, score, "reviewed", review["note"])
    return Result(entry.id, entry.word, entry.source, score, "flagged", note or "low agreement")


def dropped_results(reviews: dict[str, dict[str, str]], live: set[str]) -> list[Result]:
    return [
        Result(card_id, r["word"], r.get("source", ""), 0.0, "dropped", r["note"])
        for card_id, r in sorted(reviews.items())
        if r.get("decision") == "dropped" and card_id not in live
    ]


def summary(results: list[Result]) -> str:
    counts = Counter(r.status for r in results)
    by_source = Counter((r.source.split(":")[0] if r.source else "-", r.status) for r in results)
    lines = [
        "| status | cards |",
        "| --- | ---: |",
        *(
            f"| {s} | {counts[s]} |"
            for s in ("verified", "reviewed", "flagged", "dropped")
            if counts[s] or s != "flagged"
        ),
        f"| **total checked** | {len(results)} |",
        "",
        "| source | verified | reviewed | dropped |",
        "| --- | ---: | ---: | ---: |",
    ]
    for src in sorted({k[0] for k in by_source}):
        lines.append(
            f"| {src} | {by_source[(src, 'verified')]} | {by_source[(src, 'reviewed')]} "
            f"| {by_source[(src, 'dropped')]} |"
        )
    scores = sorted(r.agreement for r in results if r.status != "dropped")
    if scores:
        median = scores[len(scores) // 2]
        lines += ["", f"Median agreement {median:.2f}; threshold {THRESHOLD:.2f}."]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flagged", action="store_true", help="print each flagged card's entry")
    parser.add_argument("--check", action="store_true", help="exit 1 while a card is flagged")
    args = parser.parse_args(argv)

    reviews = load_reviews()
    entries = read_entries("en")
    results = [check_card(e, reviews) for e in entries]
    results += dropped_results(reviews, {e.id for e in entries})

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    with CSV_PATH.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["id", "word", "source", "agreement", "status", "note"])
        for r in results:
            writer.writerow([r.id, r.word, r.source, f"{r.agreement:.2f}", r.status, r.note])

    flagged = [r for r in results if r.status == "flagged"]
    if args.flagged:
        by_id = {e.id: e for e in entries}
        for r in flagged:
            e = by_id[r.id]
            print(f"### {r.id} {r.word} [{e.note}] score {r.agreement:.2f} ({r.note})")
            print(f"truth: {e.truth}\nsource: {e.source}")
            for ref, text in entry_texts(e.word).items():
                print(f"  {ref}: {' '.join(text.split())[:600]}")
            print()
    print(summary(results))
    print(f"\nWrote {CSV_PATH.relative_to(ROOT)}.")
    return 1 if args.check and flagged else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
