"""Are the bots' fakes as believable as real definitions? (issue: "Quality of the bots")

For each deck language and bot level, bots choose `--fakes` fakes (1,000 by
default) on the real deck exactly as in play (`bot_rounds.py`: the game's dealing,
`bots.make`, `keep_apart`, a table of a bot Judge and three bot writers, games
of eight rounds sharing the table memory), from a fixed seed. Each played card
then becomes one entry: its truth and every fake that stood for it, both after
`tidy`. `tools/content/believability.py` measures those entries as it measures
the decks' own bluffs: its simple rules on the 4-card ballot (the truth and the
card's first three fakes, chance 25%), and its cross-validated classifier over
surface features (balanced accuracy, 50% is chance), on the ballot and over
every fake. Target: the classifier at most `TARGET` on both, per language.

    python tools/fictionary/bot_believability.py              # en es ru, every level
    python tools/fictionary/bot_believability.py es --level medium --tells
    python tools/fictionary/bot_believability.py --markdown   # the table for docs/fictionary.md
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "content"))

import believability as bl
import bot_rounds as rounds

from wordcards import CardEntry

TARGET = 0.60
FAKES = 1000
SEED = "1"
WRITERS = 3  # a new room: three bots write while its person judges


@dataclass
class Result:
    lang: str
    level: str
    fakes: int
    cards: int
    report: bl.Report

    @property
    def score(self) -> float:
        """The headline: the classifier's balanced accuracy, the worse of ballot and all."""
        return max(self.report.balanced_ballot, self.report.balanced_all)

    @property
    def passes(self) -> bool:
        return self.score <= TARGET


def sample(lang: str, level: str, fakes: int = FAKES, seed: str = SEED) -> list[CardEntry]:
    """`fakes` bot fakes as entries: one per played card, its tidied truth and its fakes."""
    by_card: dict[str, tuple[rounds.Word, str, list[str]]] = {}
    taken = 0
    for played in rounds.play(lang, (level,) * WRITERS, seed=seed):
        texts = [text for _, text in played.fakes.values()][: fakes - taken]
        taken += len(texts)
        entry = by_card.setdefault(played.word.id, (played.word, played.truth, []))
        entry[2].extend(texts)
        if taken >= fakes:
            break
    # A CardEntry as the measure reads it; `model_construct`: bots' fakes are no editor's card.
    return [
        CardEntry.model_construct(
            id=w.id, word=w.word, note=w.note, truth=truth, aliases=(), bluffs=tuple(texts)
        )
        for w, truth, texts in by_card.values()
        if texts
    ]


def measure(lang: str, level: str, fakes: int = FAKES, seed: str = SEED) -> Result:
    return result_of(lang, level, sample(lang, level, fakes, seed))


def result_of(lang: str, level: str, entries: Sequence[CardEntry]) -> Result:
    count = sum(len(e.bluffs) for e in entries)
    return Result(lang, level, count, len(entries), bl.measure(lang, entries))


def markdown(results: Sequence[Result]) -> str:
    lines = [
        "| deck | level | fakes | cards | classifier, ballot | classifier, every fake "
        "| top pick (chance 25%) | worst simple rule |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for r in results:
        name, rate = r.report.worst_rule
        lines.append(
            f"| {r.lang} | {r.level} | {r.fakes} | {r.cards} | {r.report.balanced_ballot:.1%} "
            f"| {r.report.balanced_all:.1%} | {r.report.top_pick:.1%} | {name} {rate:.1%} |"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("langs", nargs="*", default=list(rounds.LANGS))
    parser.add_argument("--level", choices=rounds.LEVELS, action="append")
    parser.add_argument("--fakes", type=int, default=FAKES)
    parser.add_argument("--seed", default=SEED)
    parser.add_argument("--tells", action="store_true", help="print the strongest features")
    parser.add_argument("--markdown", action="store_true", help="print the markdown table")
    args = parser.parse_args(argv)
    results = []
    for lang in args.langs:
        for level in args.level or rounds.LEVELS:
            entries = sample(lang, level, args.fakes, args.seed)
            result = result_of(lang, level, entries)
            results.append(result)
            if args.markdown:
                continue
            report = result.report
            name, worst = report.worst_rule
            print(
                f"{lang} {level}: {result.fakes} fakes on {result.cards} cards; classifier "
                f"{report.balanced_ballot:.3f} on the ballot, {report.balanced_all:.3f} on every "
                f"fake; top pick {report.top_pick:.3f}; worst rule {name!r} {worst:.3f} "
                f"[{'ok' if result.passes else 'OVER ' + format(TARGET, '.0%')}]"
            )
            if args.tells:
                for tname, weight, tmean, bmean in bl.tells(bl.build(lang, entries)):
                    print(f"    {weight:+.2f}  {tname:<28} truth {tmean:7.3f}  fake {bmean:7.3f}")
    if args.markdown:
        print(markdown(results))
    return 0 if all(r.passes for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
