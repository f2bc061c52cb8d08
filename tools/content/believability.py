"""Can cheap surface features tell a card's truth from its fallback bluffs?

A player who cannot know the word may still spot the truth by its shape: the
one text that is longer, has a comma, starts with "a", or uses a rarer word.
This trains a small logistic regression on such features only and reports
how well it separates truths from bluffs under cross-validation. Near 50% is
the goal (target: at most 60% balanced accuracy per deck); above that the
printed features are the tells, and the cards are rewritten, not the model.

Features of one text (no words of the text itself beyond its first):
- length in characters, word count, mean word length;
- commas, hyphens, apostrophes, other punctuation;
- capitalized words after the first;
- rare-word rate: the share of its words outside a common-word list
  (English: WordNet's `cntlist.rev` sense counts plus function words;
  Spanish and Russian: words, cut to a 5-letter stem, used by at least
  `COMMON_MIN_CARDS` cards of the deck);
- the first word, one-hot over the deck's `TOP_FIRST` most frequent first words.

Evaluation: `FOLDS`-fold cross-validation grouped by card (a card's texts are
never split across folds), repeated `REPEATS` times with shuffled folds. The
model weights the classes equally (each card has 1 truth and 6 or more
bluffs), and the score is balanced accuracy (the mean of the truth and bluff
hit rates). Also reported: "spot rate", how often the model ranks a card's
truth first among its texts, against chance 1/(bluffs+1); and the same
balanced accuracy over each card's first `BALLOT_BLUFFS` bluffs only, the
ones that reach ballots most.

    python tools/content/believability.py            # every deck
    python tools/content/believability.py en --tells # and the strongest features
    python tools/content/believability.py --markdown # the table for docs/content.md

Pure Python, no dependencies beyond the project's own.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bluff.deck import CardEntry, read_entries

LANGS = ("en", "es", "ru")
FOLDS = 5
REPEATS = 3
TOP_FIRST = 15
BALLOT_BLUFFS = 3
COMMON_MIN_CARDS = 3
TARGET = 0.60
WORDNET_COUNTS = Path("/usr/share/wordnet/cntlist.rev")

# Function words are missing from WordNet's counts: they are common by fiat.
_EN_FUNCTION_WORDS_TEXT = """
    a an the and or nor but if then than so as of to in into on onto at by for from with
    without within about above below over under up down out off through upon across
    along around between among before after during until against toward towards
    is are was were be been being am do does did has have had can could may might must
    shall should will would it its this that these those which who whom whose what
    when where while there here such any some all each every no not one someone
    something anything anyone nothing everything his her him he she they them their we
    us our you your i me my myself itself themselves oneself very much more most less
    least often also just only too even still yet once
    """
EN_FUNCTION_WORDS = frozenset(_EN_FUNCTION_WORDS_TEXT.split())
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def words_of(text: str) -> list[str]:
    return _WORD.findall(text)


# --- common words -----------------------------------------------------------------------


@cache
def english_common() -> frozenset[str]:
    """Lemmas WordNet's sense-tagged corpus saw at least 5 times, and function words."""
    counts: Counter[str] = Counter()
    if WORDNET_COUNTS.exists():
        for line in WORDNET_COUNTS.read_text(encoding="utf-8").splitlines():
            key, _, count = line.split()
            counts[key.split("%", 1)[0].lower()] += int(count)
    return frozenset({w for w, n in counts.items() if n >= 5} | EN_FUNCTION_WORDS)


def _english_forms(word: str) -> list[str]:
    forms = [word]
    for suffix, ending in (("ies", "y"), ("es", ""), ("s", ""), ("ing", ""), ("ing", "e")):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            forms.append(word[: -len(suffix)] + ending)
    for suffix, ending in (("ed", ""), ("ed", "e"), ("ly", ""), ("er", ""), ("est", "")):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            forms.append(word[: -len(suffix)] + ending)
    if len(word) > 4 and word[-3:] in {"ied"}:
        forms.append(word[:-3] + "y")
    return forms


def _stem5(word: str) -> str:
    return word.lower().replace("ё", "е")[:5]


class Commonness:
    """Tells whether a word is common in the deck's language."""

    def __init__(self, lang: str, entries: Sequence[CardEntry]) -> None:
        self.lang = lang
        if lang == "en":
            self.common = english_common()
        else:
            cards_using: Counter[str] = Counter()
            for e in entries:
                cards_using.update({_stem5(w) for t in texts_of(e) for w in words_of(t)})
            self.common = frozenset(s for s, n in cards_using.items() if n >= COMMON_MIN_CARDS)

    def is_common(self, word: str) -> bool:
        w = word.lower().replace("’", "'")
        if self.lang == "en":
            parts = w.split("-")
            return all(any(f in self.common for f in _english_forms(p)) for p in parts)
        return _stem5(w) in self.common


# --- features ---------------------------------------------------------------------------


def texts_of(entry: CardEntry) -> list[str]:
    return [entry.truth, *entry.bluffs]


NUMERIC = (
    "chars",
    "words",
    "mean word length",
    "commas",
    "hyphens",
    "apostrophes",
    "other punctuation",
    "capitalized words",
    "rare-word rate",
)


def first_word(text: str) -> str:
    found = words_of(text)
    return found[0].lower() if found else ""


def numeric_features(text: str, commonness: Commonness) -> list[float]:
    found = words_of(text)
    n = max(1, len(found))
    return [
        float(len(text)),
        float(len(found)),
        sum(len(w) for w in found) / n,
        float(text.count(",")),
        float(len(re.findall(r"[-‐–—]", text))),
        float(len(re.findall(r"['’]", text))),
        float(len(re.findall(r"[;:()!?«»\"“”.]", text))),
        float(sum(1 for w in found[1:] if w[:1].isupper())),
        sum(1 for w in found if not commonness.is_common(w)) / n,
    ]


@dataclass
class Dataset:
    names: list[str]
    rows: list[list[float]]
    labels: list[int]  # 1 truth, 0 bluff
    groups: list[int]  # card index
    ranks: list[int]  # 0 truth, 1.. bluff position in editorial order


def build(lang: str) -> Dataset:
    entries = read_entries(lang)
    commonness = Commonness(lang, entries)
    firsts = Counter(first_word(t) for e in entries for t in texts_of(e))
    top = [w for w, _ in firsts.most_common(TOP_FIRST)]
    names = [*NUMERIC, *(f"first word {w!r}" for w in top)]
    data = Dataset(names, [], [], [], [])
    for g, entry in enumerate(entries):
        for rank, text in enumerate(texts_of(entry)):
            fw = first_word(text)
            data.rows.append(numeric_features(text, commonness) + [float(fw == w) for w in top])
            data.labels.append(1 if rank == 0 else 0)
            data.groups.append(g)
            data.ranks.append(rank)
    return data


# --- a small weighted logistic regression (Newton's method, L2) ------------------------


@dataclass
class Model:
    mean: list[float]
    scale: list[float]
    weights: list[float]  # bias first

    def score(self, row: Sequence[float]) -> float:
        z = self.weights[0]
        for x, m, s, w in zip(row, self.mean, self.scale, self.weights[1:], strict=True):
            z += w * (x - m) / s
        return z


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row, rhs] for row, rhs in zip(a, b, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / p
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows: list[list[float]], labels: list[int], l2: float = 1.0, steps: int = 8) -> Model:
    d = len(rows[0])
    mean = [sum(r[j] for r in rows) / len(rows) for j in range(d)]
    scale = [
        math.sqrt(sum((r[j] - mean[j]) ** 2 for r in rows) / len(rows)) or 1.0 for j in range(d)
    ]
    xs = [[1.0, *((r[j] - mean[j]) / scale[j] for j in range(d))] for r in rows]
    positives = sum(labels)
    # each class carries half the total weight
    cw = {1: len(labels) / (2 * positives), 0: len(labels) / (2 * (len(labels) - positives))}
    w = [0.0] * (d + 1)
    for _ in range(steps):
        grad = [0.0] * (d + 1)
        hess = [[0.0] * (d + 1) for _ in range(d + 1)]
        for x, y in zip(xs, labels, strict=True):
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            c = cw[y]
            g = c * (p - y)
            h = c * p * (1 - p)
            nz = [(i, v) for i, v in enumerate(x) if v]
            for i, v in nz:
                grad[i] += g * v
                row = hess[i]
                hv = h * v
                for k, u in nz:
                    row[k] += hv * u
        for i in range(1, d + 1):
            grad[i] += l2 * w[i]
            hess[i][i] += l2
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return Model(mean, scale, w)


# --- cross-validation -------------------------------------------------------------------


@dataclass
class Report:
    lang: str
    cards: int
    bluffs: int
    balanced: float
    balanced_sd: float
    ballot_balanced: float
    spot_rate: float
    spot_chance: float


def _balanced(scores: list[float], labels: list[int]) -> float:
    tp = sum(1 for s, y in zip(scores, labels, strict=True) if y and s > 0)
    tn = sum(1 for s, y in zip(scores, labels, strict=True) if not y and s <= 0)
    pos = sum(labels)
    return (tp / pos + tn / (len(labels) - pos)) / 2


def cross_validate(data: Dataset, lang: str, seed: int = 7) -> Report:
    n_cards = max(data.groups) + 1
    rng = random.Random(seed)
    runs: list[float] = []
    ballot_runs: list[float] = []
    spotted = 0
    chance = 0.0
    for _ in range(REPEATS):
        order = list(range(n_cards))
        rng.shuffle(order)
        fold_of = {card: i % FOLDS for i, card in enumerate(order)}
        scores = [0.0] * len(data.rows)
        for fold in range(FOLDS):
            train = [i for i, g in enumerate(data.groups) if fold_of[g] != fold]
            model = fit([data.rows[i] for i in train], [data.labels[i] for i in train])
            for i, g in enumerate(data.groups):
                if fold_of[g] == fold:
                    scores[i] = model.score(data.rows[i])
        runs.append(_balanced(scores, data.labels))
        ballot = [i for i, r in enumerate(data.ranks) if r <= BALLOT_BLUFFS]
        ballot_runs.append(_balanced([scores[i] for i in ballot], [data.labels[i] for i in ballot]))
        by_card: dict[int, list[int]] = {}
        for i, g in enumerate(data.groups):
            by_card.setdefault(g, []).append(i)
        for idx in by_card.values():
            best = max(idx, key=lambda i: scores[i])
            spotted += data.labels[best]
            chance += 1 / len(idx)
    mean = sum(runs) / len(runs)
    sd = math.sqrt(sum((r - mean) ** 2 for r in runs) / len(runs))
    return Report(
        lang=lang,
        cards=n_cards,
        bluffs=len(data.rows) - n_cards,
        balanced=mean,
        balanced_sd=sd,
        ballot_balanced=sum(ballot_runs) / len(ballot_runs),
        spot_rate=spotted / (n_cards * REPEATS),
        spot_chance=chance / (n_cards * REPEATS),
    )


def tells(data: Dataset, top: int = 12) -> list[tuple[str, float, float, float]]:
    """The model's strongest features on the whole deck: (name, weight, truth mean, bluff mean).

    A positive weight means "more of this, more likely the truth".
    """
    model = fit(data.rows, data.labels)
    out = []
    for j, name in enumerate(data.names):
        t = [r[j] for r, y in zip(data.rows, data.labels, strict=True) if y]
        b = [r[j] for r, y in zip(data.rows, data.labels, strict=True) if not y]
        out.append((name, model.weights[j + 1], sum(t) / len(t), sum(b) / len(b)))
    return sorted(out, key=lambda x: -abs(x[1]))[:top]


def markdown(reports: list[Report]) -> str:
    lines = [
        "| deck | cards | bluffs | balanced accuracy (all bluffs) | first "
        f"{BALLOT_BLUFFS} bluffs | truth ranked first | chance |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in reports:
        lines.append(
            f"| {r.lang} | {r.cards} | {r.bluffs} | {r.balanced:.1%} ± {r.balanced_sd:.1%} "
            f"| {r.ballot_balanced:.1%} | {r.spot_rate:.1%} | {r.spot_chance:.1%} |"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("langs", nargs="*", default=list(LANGS))
    parser.add_argument("--tells", action="store_true", help="print the strongest features")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    args = parser.parse_args(argv)
    reports = []
    for lang in args.langs:
        data = build(lang)
        report = cross_validate(data, lang)
        reports.append(report)
        if not args.markdown:
            verdict = "ok" if report.balanced <= TARGET else "TELLS"
            print(
                f"{lang}: balanced accuracy {report.balanced:.3f} ± {report.balanced_sd:.3f} "
                f"(first {BALLOT_BLUFFS} bluffs {report.ballot_balanced:.3f}); truth ranked "
                f"first {report.spot_rate:.3f} vs chance {report.spot_chance:.3f} [{verdict}]"
            )
        if args.tells:
            for name, weight, tmean, bmean in tells(data):
                print(f"    {weight:+.2f}  {name:<28} truth {tmean:7.3f}  bluff {bmean:7.3f}")
    if args.markdown:
        print(markdown(reports))
    return 0 if all(r.balanced <= TARGET for r in reports) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
