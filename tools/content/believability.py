"""Can a player spot a card's truth by its shape, without knowing the word?

A short ballot shows the truth and the card's first `BALLOT_BLUFFS` fallback
bluffs (chance: 1 in 4). A player who cannot know the word may still find the
truth by a rule of thumb: "the one with *or*", "the longest", "not the pun".
This tool measures such tells two ways, in each deck's own language:

**Simple rules.** Each rule picks some texts of the 4-card ballot; the player
takes one of them at random (or any of the four when the rule picks none).
The score is how often that finds the truth, averaged over the deck's cards
(expected value, no sampling). Target: every rule at most `RULE_MAX`.

**A classifier.** A logistic regression (Newton's method, L2, equal class
weights) over surface features of each text:

- length in characters, word count, mean word length;
- its length rank among the card's ballot texts (longest, shortest);
- conjunctions in the deck's language ("or"/"o"/"или" and "and"/"y"/"и")
  and list shape (commas, "X, Y and Z");
- register markers ("especially", "formerly"; "especialmente"; "особенно");
- echo of the word: the longest run of letters the text shares with the word;
- commas, semicolons, hyphens, brackets, apostrophes, other punctuation;
- capitalised words after the first;
- rare-word rate: the share of its words (cut to a 5-letter stem) used by
  fewer than `COMMON_MIN_CARDS` cards of the deck;
- the first word, one-hot over the deck's `TOP_FIRST` most frequent first words.

It is scored by `FOLDS`-fold cross-validation grouped by card (a card's texts
never split across folds), repeated `REPEATS` times, as balanced accuracy
(mean of the truth and bluff hit rates; 50% is chance) over the ballot texts
(truth + first `BALLOT_BLUFFS` bluffs). Target: at most `MODEL_MAX`. Also
reported: the same over every text (the later bluffs included), and how often
the model ranks the truth first on a 4-card ballot.

    python tools/content/believability.py            # every deck
    python tools/content/believability.py en --tells # and the strongest features
    python tools/content/believability.py --markdown # the tables for docs/content.md
    python tools/content/believability.py en --cards 'or'  # cards a rule wins on

`tests/unit/test_content_tells.py` runs the same measurement in `make test`.
Needs numpy (the `content` extra) besides the project.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

# Small matrices: BLAS threads only contend with each other (set before numpy loads).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from table.text import comparison_key
from wordcards import CardEntry, read_entries

LANGS = ("en", "es", "ru")
BALLOT_BLUFFS = 3
FOLDS = 5
REPEATS = 3
TOP_FIRST = 15
COMMON_MIN_CARDS = 3
RULE_MAX = 0.30
MODEL_MAX = 0.58

# "or" and "and" in each deck's language (whole words, case-folded).
OR_WORDS = {"en": {"or", "nor"}, "es": {"o", "u", "ó"}, "ru": {"или", "либо", "иль"}}
AND_WORDS = {"en": {"and"}, "es": {"y", "e"}, "ru": {"и", "да"}}
# Words that mark a dictionary's register: a qualifier, a period, a usage label.
REGISTER = {
    "en": {
        "especially",
        "usually",
        "formerly",
        "chiefly",
        "typically",
        "often",
        "esp",
        "archaic",
        "obsolete",
        "any",
        "various",
        "certain",
        "kind",
        "sort",
        "one",
        "someone",
        "something",
    },
    "es": {
        "especialmente",
        "generalmente",
        "antiguamente",
        "comúnmente",
        "normalmente",
        "sobre",
        "cierto",
        "cierta",
        "ciertos",
        "ciertas",
        "alguien",
        "algo",
        "especie",
        "persona",
    },
    "ru": {
        "особенно",
        "обычно",
        "прежде",
        "старину",
        "устар",
        "обл",
        "некий",
        "некто",
        "кто",
        "что",
        "род",
        "вид",
        "человек",
        "тот",
    },
}
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def words_of(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text)]


def _stem5(word: str) -> str:
    return word.casefold().replace("ё", "е")[:5]


def ballot_texts(entry: CardEntry) -> list[str]:
    """The texts of the smallest ballot: the truth first, then the first bluffs."""
    return [entry.truth, *entry.bluffs[:BALLOT_BLUFFS]]


def texts_of(entry: CardEntry) -> list[str]:
    return [entry.truth, *entry.bluffs]


@cache
def echo(word: str, text: str) -> int:
    """The longest run of letters the text (one word of it) shares with the word."""
    w = comparison_key(word)
    best = 0
    for token in words_of(text):
        t = comparison_key(token)
        for i in range(len(w)):
            for j in range(i + best + 1, len(w) + 1):
                if w[i:j] in t:
                    best = j - i
                else:
                    break
    return best


def echoes(word: str, text: str) -> bool:
    """The text echoes the word: shares 4 letters in a row with it (5 for long words)."""
    return echo(word, text) >= (5 if len(word) >= 9 else 4)


def has_or(lang: str, text: str) -> bool:
    return any(w in OR_WORDS[lang] for w in words_of(text))


def has_conjunction(lang: str, text: str) -> bool:
    return any(w in OR_WORDS[lang] or w in AND_WORDS[lang] for w in words_of(text))


# --- simple rules ------------------------------------------------------------------------

# A rule sees the card and its ballot texts and returns the indexes it picks.
Rule = Callable[[str, CardEntry, list[str]], list[int]]


def _pick(pred: Callable[[str], bool], texts: list[str]) -> list[int]:
    return [i for i, t in enumerate(texts) if pred(t)]


def _extreme(texts: list[str], key: Callable[[str], float], high: bool) -> list[int]:
    values = [key(t) for t in texts]
    target = max(values) if high else min(values)
    return [i for i, v in enumerate(values) if v == target]


RULES: dict[str, Rule] = {
    "or": lambda lang, e, ts: _pick(lambda t: has_or(lang, t), ts),
    "or/and": lambda lang, e, ts: _pick(lambda t: has_conjunction(lang, t), ts),
    "longest": lambda lang, e, ts: _extreme(ts, len, True),
    "shortest": lambda lang, e, ts: _extreme(ts, len, False),
    "most words": lambda lang, e, ts: _extreme(ts, lambda t: len(words_of(t)), True),
    "comma": lambda lang, e, ts: _pick(lambda t: "," in t, ts),
    "other punctuation": lambda lang, e, ts: _pick(
        lambda t: bool(re.search(r"[;:()«»\"“”]", t)), ts
    ),
    "register marker": lambda lang, e, ts: _pick(
        lambda t: any(w in REGISTER[lang] for w in words_of(t)), ts
    ),
    "not an echo of the word": lambda lang, e, ts: _pick(lambda t: not echoes(e.word, t), ts),
    "echoes the word": lambda lang, e, ts: _pick(lambda t: echoes(e.word, t), ts),
}
RULE_TEXT = {
    "or": 'pick the text containing "or" / "o" / "или"',
    "or/and": "pick the text containing or/and (o/y, или/и)",
    "longest": "pick the longest text",
    "shortest": "pick the shortest text",
    "most words": "pick the text with the most words",
    "comma": "pick the text with a comma",
    "other punctuation": "pick the text with a semicolon, colon, bracket or quote",
    "register marker": 'pick the text with a register word ("especially", "someone", …)',
    "not an echo of the word": "rule out the texts that echo the word (puns)",
    "echoes the word": "pick the text that echoes the word",
}


def rule_hit(lang: str, entry: CardEntry, rule: Rule) -> float:
    """The chance that following the rule on this card's short ballot finds the truth."""
    texts = ballot_texts(entry)
    picked = rule(lang, entry, texts) or list(range(len(texts)))
    return (0 in picked) / len(picked)


def rule_rates(lang: str, entries: Sequence[CardEntry]) -> dict[str, float]:
    return {
        name: sum(rule_hit(lang, e, rule) for e in entries) / len(entries)
        for name, rule in RULES.items()
    }


@dataclass
class Shapes:
    truths_or: float
    bluffs_or: float  # over the first BALLOT_BLUFFS bluffs
    truths_conj: float
    bluffs_conj: float
    truths_comma: float
    bluffs_comma: float
    ballot_puns: int  # cards with a first-three bluff that echoes the word
    truth_echoes: int


def shapes(lang: str, entries: Sequence[CardEntry]) -> Shapes:
    firsts = [b for e in entries for b in e.bluffs[:BALLOT_BLUFFS]]
    truths = [e.truth for e in entries]

    def share(texts: list[str], pred: Callable[[str], bool]) -> float:
        return sum(map(pred, texts)) / len(texts)

    return Shapes(
        truths_or=share(truths, lambda t: has_or(lang, t)),
        bluffs_or=share(firsts, lambda t: has_or(lang, t)),
        truths_conj=share(truths, lambda t: has_conjunction(lang, t)),
        bluffs_conj=share(firsts, lambda t: has_conjunction(lang, t)),
        truths_comma=share(truths, lambda t: "," in t),
        bluffs_comma=share(firsts, lambda t: "," in t),
        ballot_puns=sum(any(echoes(e.word, b) for b in e.bluffs[:BALLOT_BLUFFS]) for e in entries),
        truth_echoes=sum(echoes(e.word, e.truth) for e in entries),
    )


# --- features ----------------------------------------------------------------------------

NUMERIC = (
    "chars",
    "words",
    "mean word length",
    "length rank on card",
    "longest on card",
    "shortest on card",
    "or-words",
    "and-words",
    "list shape",
    "register words",
    "echo of the word",
    "commas",
    "semicolons and colons",
    "hyphens and dashes",
    "brackets and quotes",
    "apostrophes",
    "other punctuation",
    "capitalised words",
    "rare-word rate",
)


def _common_stems(entries: Sequence[CardEntry]) -> frozenset[str]:
    cards_using: Counter[str] = Counter()
    for e in entries:
        cards_using.update({_stem5(w) for t in texts_of(e) for w in words_of(t)})
    return frozenset(s for s, n in cards_using.items() if n >= COMMON_MIN_CARDS)


def _features(
    lang: str, word: str, text: str, lengths: list[int], common: frozenset[str]
) -> list[float]:
    found = words_of(text)
    n = max(1, len(found))
    rank = sum(1 for x in lengths if x < len(text)) / max(1, len(lengths) - 1)
    return [
        float(len(text)),
        float(len(found)),
        sum(len(w) for w in found) / n,
        rank,
        float(len(text) == max(lengths)),
        float(len(text) == min(lengths)),
        float(sum(w in OR_WORDS[lang] for w in found)),
        float(sum(w in AND_WORDS[lang] for w in found)),
        float(bool(re.search(r"\w+, \w+,? (?:and|or|y|o|e|u|и|или) \w+", text))),
        float(sum(w in REGISTER[lang] for w in found)),
        float(echo(word, text)),
        float(text.count(",")),
        float(len(re.findall(r"[;:]", text))),
        float(len(re.findall(r"[-‐–—]", text))),
        float(len(re.findall(r"[()\[\]«»\"“”„]", text))),
        float(len(re.findall(r"['’]", text))),
        float(len(re.findall(r"[!?.…/]", text))),
        float(sum(1 for w in _WORD.findall(text)[1:] if w[:1].isupper())),
        sum(1 for w in found if _stem5(w) not in common) / n,
    ]


@dataclass
class Dataset:
    names: list[str]
    x: np.ndarray
    y: np.ndarray  # 1 truth, 0 bluff
    groups: np.ndarray  # card index
    ranks: np.ndarray  # 0 truth, 1.. bluff position in editorial order


def build(lang: str, entries: Sequence[CardEntry]) -> Dataset:
    common = _common_stems(entries)
    firsts = Counter(words_of(t)[0] for e in entries for t in texts_of(e) if words_of(t))
    top = [w for w, _ in firsts.most_common(TOP_FIRST)]
    names = [*NUMERIC, *(f"first word {w!r}" for w in top)]
    rows: list[list[float]] = []
    ys: list[int] = []
    groups: list[int] = []
    ranks: list[int] = []
    for g, entry in enumerate(entries):
        texts = texts_of(entry)
        lengths = [len(t) for t in ballot_texts(entry)]
        for rank, text in enumerate(texts):
            found = words_of(text)
            first = found[0] if found else ""
            row = _features(lang, entry.word, text, lengths, common)
            rows.append(row + [float(first == w) for w in top])
            ys.append(1 if rank == 0 else 0)
            groups.append(g)
            ranks.append(rank)
    return Dataset(names, np.array(rows), np.array(ys), np.array(groups), np.array(ranks))


# --- a small weighted logistic regression ------------------------------------------------


@dataclass
class Model:
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray  # bias first

    def score(self, x: np.ndarray) -> np.ndarray:
        return self.weights[0] + ((x - self.mean) / self.scale) @ self.weights[1:]


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 12) -> Model:
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / scale])
    pos = y.sum()
    c = np.where(y == 1, len(y) / (2 * pos), len(y) / (2 * (len(y) - pos)))
    w = np.zeros(z.shape[1])
    penalty = np.full(z.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(z @ w, -30, 30)))
        grad = z.T @ (c * (p - y)) + penalty * w
        hess = (z.T * (c * p * (1 - p))) @ z + np.diag(penalty)
        w = w - np.linalg.solve(hess, grad)
    return Model(mean, scale, w)


@dataclass
class Report:
    lang: str
    cards: int
    balanced_ballot: float
    balanced_all: float
    top_pick: float  # the model's top text on a 4-card ballot is the truth
    rules: dict[str, float] = field(default_factory=dict)
    shapes: Shapes | None = None

    @property
    def worst_rule(self) -> tuple[str, float]:
        return max(self.rules.items(), key=lambda kv: kv[1])

    @property
    def passes(self) -> bool:
        return self.worst_rule[1] <= RULE_MAX and self.balanced_ballot <= MODEL_MAX


def _balanced(scores: np.ndarray, y: np.ndarray) -> float:
    guess = scores > 0
    return float((guess[y == 1].mean() + (~guess[y == 0]).mean()) / 2)


def cross_validate(data: Dataset, seed: int = 7) -> tuple[float, float, float]:
    """Balanced accuracy over ballot texts and over all texts, and the ballot top-pick rate."""
    rng = np.random.default_rng(seed)
    n_cards = int(data.groups.max()) + 1
    ballot = data.ranks <= BALLOT_BLUFFS
    on_ballot, on_all, top = [], [], []
    for _ in range(REPEATS):
        fold_of = np.empty(n_cards, dtype=int)
        fold_of[rng.permutation(n_cards)] = np.arange(n_cards) % FOLDS
        folds = fold_of[data.groups]
        scores = np.zeros(len(data.y))
        for k in range(FOLDS):
            test = folds == k
            model = fit(data.x[~test], data.y[~test])
            scores[test] = model.score(data.x[test])
        on_ballot.append(_balanced(scores[ballot], data.y[ballot]))
        on_all.append(_balanced(scores, data.y))
        best = np.full(n_cards, -np.inf)
        np.maximum.at(best, data.groups[ballot], scores[ballot])
        truth = data.ranks == 0
        top.append(float((scores[truth] >= best[data.groups[truth]]).mean()))
    return float(np.mean(on_ballot)), float(np.mean(on_all)), float(np.mean(top))


def measure(lang: str, entries: Sequence[CardEntry] | None = None) -> Report:
    entries = list(entries if entries is not None else read_entries(lang))
    data = build(lang, entries)
    ballot, every, top = cross_validate(data)
    return Report(
        lang, len(entries), ballot, every, top, rule_rates(lang, entries), shapes(lang, entries)
    )


def tells(data: Dataset, top: int = 12) -> list[tuple[str, float, float, float]]:
    """The strongest features on the whole deck: (name, weight, truth mean, bluff mean).

    A positive weight means "more of this, more likely the truth".
    """
    model = fit(data.x, data.y)
    out = []
    for j, name in enumerate(data.names):
        col = data.x[:, j]
        out.append(
            (
                name,
                float(model.weights[j + 1]),
                float(col[data.y == 1].mean()),
                float(col[data.y == 0].mean()),
            )
        )
    return sorted(out, key=lambda t: -abs(t[1]))[:top]


def markdown(reports: list[Report]) -> str:
    head = " | ".join(r.lang for r in reports)
    sep = "|".join("---:" for _ in reports)
    lines = [f"| simple rule (4-card ballot, chance 25%) | {head} |", f"|---|{sep}|"]
    for name in RULES:
        cells = " | ".join(f"{r.rules[name]:.1%}" for r in reports)
        lines.append(f"| {RULE_TEXT[name]} | {cells} |")
    lines.append(
        "| **classifier, balanced accuracy on the ballot** | "
        + " | ".join(f"**{r.balanced_ballot:.1%}**" for r in reports)
        + " |"
    )
    lines.append(
        "| classifier, balanced accuracy over every text | "
        + " | ".join(f"{r.balanced_all:.1%}" for r in reports)
        + " |"
    )
    lines.append(
        "| classifier's top pick on the ballot is the truth | "
        + " | ".join(f"{r.top_pick:.1%}" for r in reports)
        + " |"
    )
    lines += ["", f"| shape | {head} |", f"|---|{sep}|"]
    rows = [
        ("truths with or (o, или)", "truths_or", True),
        ("first-three bluffs with it", "bluffs_or", True),
        ("truths with or/and", "truths_conj", True),
        ("first-three bluffs with or/and", "bluffs_conj", True),
        ("truths with a comma", "truths_comma", True),
        ("first-three bluffs with a comma", "bluffs_comma", True),
        ("cards with an echo among the first three bluffs", "ballot_puns", False),
        ("truths that echo the word", "truth_echoes", False),
    ]
    for label, attr, pct in rows:
        vals = [getattr(r.shapes, attr) for r in reports]
        cells = " | ".join(f"{v:.1%}" if pct else str(v) for v in vals)
        lines.append(f"| {label} | {cells} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("langs", nargs="*", default=list(LANGS))
    parser.add_argument("--tells", action="store_true", help="print the strongest features")
    parser.add_argument("--markdown", action="store_true", help="print markdown tables")
    parser.add_argument("--cards", metavar="RULE", help="list the cards a rule wins on")
    args = parser.parse_args(argv)
    reports = []
    for lang in args.langs:
        entries = read_entries(lang)
        if args.cards:
            rule = RULES[args.cards]
            for e in entries:
                hit = rule_hit(lang, e, rule)
                if hit > 0.25:
                    print(f"{e.id}\t{hit:.2f}\t{e.word}\t{e.truth}")
            continue
        report = measure(lang, entries)
        reports.append(report)
        if not args.markdown:
            name, worst = report.worst_rule
            verdict = "ok" if report.passes else "TELLS"
            print(
                f"{lang}: {report.cards} cards; classifier balanced accuracy "
                f"{report.balanced_ballot:.3f} on the ballot, {report.balanced_all:.3f} on every "
                f"text; top pick {report.top_pick:.3f}; worst rule {name!r} {worst:.3f} [{verdict}]"
            )
            for rname, rate in report.rules.items():
                print(f"    {rate:6.1%}  {RULE_TEXT[rname]}")
        if args.tells:
            for tname, weight, tmean, bmean in tells(build(lang, entries)):
                print(f"    {weight:+.2f}  {tname:<28} truth {tmean:7.3f}  bluff {bmean:7.3f}")
    if args.markdown:
        print(markdown(reports))
    return 0 if all(r.passes for r in reports) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
