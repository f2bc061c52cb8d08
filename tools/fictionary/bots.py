"""How well each bot level votes and bluffs (`docs/fictionary.md`, bots: easy < medium < hard).

Bots play rounds on the real decks exactly as in play (`bot_rounds.py`), from a
fixed seed, two ways per language:

- **own table:** three bots of one level write and vote; its found rate is the
  share of their votes on the real card;
- **mixed table:** one easy, one medium and one hard bot write and vote on the
  same ballots; each level's found rate, and how often its fake fooled the
  other two (its share of their votes).

Chance is the mean of 1/(cards a voter may vote for): one in three on a ballot of
three fakes and the real card.

    python tools/fictionary/bots.py                  # en es ru, 400 rounds each way
    python tools/fictionary/bots.py es --rounds 1000
    python tools/fictionary/bots.py --markdown       # the table for docs/fictionary.md
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bot_rounds as rounds

ROUNDS = 400
SEED = "1"
MIXED = ("easy", "medium", "hard")


@dataclass
class Tally:
    votes: int = 0
    found: int = 0
    chance: float = 0.0  # sum over votes of 1 / (cards open to the voter)
    fooled: int = 0  # votes of others on this level's fakes
    others: int = 0  # votes others cast while this level had a card up

    @property
    def found_rate(self) -> float:
        return self.found / self.votes if self.votes else 0.0

    @property
    def chance_rate(self) -> float:
        return self.chance / self.votes if self.votes else 0.0

    @property
    def fooled_rate(self) -> float:
        return self.fooled / self.others if self.others else 0.0


@dataclass
class Result:
    lang: str
    own: dict[str, Tally] = field(default_factory=dict)
    mixed: dict[str, Tally] = field(default_factory=dict)


def tally(played: Sequence[rounds.Round], level_of: dict[str, str]) -> dict[str, Tally]:
    out = {level: Tally() for level in dict.fromkeys(level_of.values())}
    for r in played:
        author = {str(c["id"]): (c["writers"] or [None])[0] for c in r.cards}  # type: ignore[index]
        for seat, card in r.votes.items():
            t = out[level_of[seat]]
            t.votes += 1
            t.found += card == r.real_id
            t.chance += 1 / sum(1 for c in r.cards if seat not in c["writers"])  # type: ignore[operator]
            writer = author[card]
            if writer is not None:
                out[level_of[writer]].fooled += 1
        for seat in r.fakes:
            out[level_of[seat]].others += sum(1 for v in r.votes if v != seat)
    return out


def seats_of(levels: Sequence[str]) -> dict[str, str]:
    return {f"bot{i}": level for i, level in enumerate(levels)}


def measure(lang: str, n: int = ROUNDS, seed: str = SEED) -> Result:
    result = Result(lang)
    for level in rounds.LEVELS:
        levels = (level,) * 3
        played = list(islice(rounds.play(lang, levels, seed=seed), n))
        result.own[level] = tally(played, seats_of(levels))[level]
    played = list(islice(rounds.play(lang, MIXED, seed=seed), n))
    result.mixed = tally(played, seats_of(MIXED))
    return result


def markdown(results: Sequence[Result]) -> str:
    lines = [
        "| deck | found, own table (easy / medium / hard) | found, mixed table "
        "| fooled the other two, mixed table | chance |",
        "|---|---|---|---|---:|",
    ]
    for r in results:
        own = " / ".join(f"{r.own[lv].found_rate:.0%}" for lv in rounds.LEVELS)
        mixed = " / ".join(f"{r.mixed[lv].found_rate:.0%}" for lv in rounds.LEVELS)
        fooled = " / ".join(f"{r.mixed[lv].fooled_rate:.0%}" for lv in rounds.LEVELS)
        chance = r.mixed["medium"].chance_rate
        lines.append(f"| {r.lang} | {own} | {mixed} | {fooled} | {chance:.0%} |")
    return "\n".join(lines).replace("%", " %")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("langs", nargs="*", default=list(rounds.LANGS))
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--seed", default=SEED)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    results = []
    for lang in args.langs:
        r = measure(lang, args.rounds, args.seed)
        results.append(r)
        if not args.markdown:
            for level in rounds.LEVELS:
                own, mixed = r.own[level], r.mixed[level]
                print(
                    f"{lang} {level:<6} found {own.found_rate:.3f} at its own table, "
                    f"{mixed.found_rate:.3f} at the mixed one (chance {mixed.chance_rate:.3f}); "
                    f"its fakes fooled {mixed.fooled_rate:.3f} of the others' votes"
                )
    if args.markdown:
        print(markdown(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
