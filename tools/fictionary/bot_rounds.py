"""Bot rounds on the real decks, through the game's own code, for the measuring tools.

A table of one bot Judge and a few bots of given levels plays rounds as the
game plays them, with no clock and no person: the Judge's five are dealt
(`dealing.deal`, the exclusion tiers and the table memory included), the bot
Judge chooses (`bots.choose`), each bot writes (`bots.make` on its `WriterView`
and `wordings.pool_for`, its draw labelled as in play), the standing fakes are
picked (`phases.stand`, the game's `keep_apart` with this game's fakes and the
table's memory), the cards are shuffled by the round's draw, and each bot
votes (`bots.vote` on its `VoterView`). Games of `rounds_per_game` rounds
follow one another at one table, which keeps its memory (F14) between them.

Used by `bot_believability.py` (are bots' fakes as believable as real
definitions?) and `bots.py` (how often each level finds the real one).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "shared") not in sys.path:
    sys.path.insert(0, str(ROOT / "shared"))

from games.fictionary import bots, dealing, phases  # noqa: E402
from games.fictionary.content import Content, Word  # noqa: E402
from games.fictionary.draws import Draw  # noqa: E402
from games.fictionary.game import GAME  # noqa: E402
from games.fictionary.likeness import fake_id  # noqa: E402
from games.fictionary.rules import (  # noqa: E402
    CHOOSING,
    FAKES_REMEMBERED,
    REMEMBERED,
    VOTING,
    WRITING,
)
from games.fictionary.tidy import tidy  # noqa: E402
from games.fictionary.wordings import pool_for  # noqa: E402

LANGS = ("en", "es", "ru")
LEVELS = ("easy", "medium", "hard")
JUDGE = "judge"


@dataclass
class Round:
    """One played round: the card, its tidied truth, the standing fakes, the cards, the votes."""

    word: Word
    truth: str
    fakes: dict[str, tuple[str | None, str]]  # seat -> (wording ref, tidied text)
    cards: list[dict[str, object]] = field(default_factory=list)  # shuffled, as in play
    votes: dict[str, str] = field(default_factory=dict)  # seat -> card id

    @property
    def real_id(self) -> str:
        return next(str(c["id"]) for c in self.cards if c["truth"])


@dataclass
class _Table:
    words: list[str] = field(default_factory=list)  # F14: played words, oldest first
    fakes: list[str] = field(default_factory=list)  # F14: fake ids, oldest first


def play(
    lang: str,
    levels: Sequence[str],
    seed: str = "1",
    rounds_per_game: int = 8,
    content: Content | None = None,
) -> Iterator[Round]:
    """Rounds without end, deterministic from `seed`; the caller stops when it has enough.

    `levels` are the writing and voting seats' levels (the Judge's does not matter: it
    only chooses, at random), e.g. ("medium",) * 3 or ("easy", "medium", "hard")."""
    content = content or GAME.load_content(lang)
    seats = [JUDGE, *(f"bot{i}" for i in range(len(levels)))]
    level_of = dict(zip(seats[1:], levels, strict=True))
    name = "-".join(levels)
    table = _Table()
    game = 0
    while True:
        game += 1
        gseed = f"{seed}/{lang}/{name}/{game}"
        offered: list[str] = []
        chosen: list[str] = []
        borrowed: list[str] = []
        this_game: list[str] = []
        for r in range(1, rounds_per_game + 1):
            hand, _tier = dealing.deal(
                content.bank,
                Draw(gseed, f"offer:{r}"),
                offered=set(offered) | set(borrowed),
                chosen=set(chosen),
                played=set(table.words),
            )
            offered += [w.id for w in hand]
            view = bots.ChooserView(tuple((w.word, w.note, w.pos, w.respell) for w in hand))
            w = hand[bots.choose(view, Draw(gseed, f"bot:{r}:{CHOOSING}:{JUDGE}"))]
            chosen.append(w.id)
            wordings: dict[str, list[str]] = {}
            for seat in seats[1:]:
                made = bots.make(
                    bots.WriterView(w.word, w.pos),
                    level_of[seat],
                    pool_for(content, w),
                    Draw(gseed, f"bot:{r}:{WRITING}:{seat}"),
                )
                wordings[seat] = [ref for ref, _ in made]
            standing = phases.stand(content, w, {}, wordings, seats, table.fakes, this_game)
            for ref, text in standing.values():
                this_game.append(fake_id(text))
                if ref and ref.startswith("t:"):
                    borrowed.append(ref[2:])  # ruling 20c
            played = _vote(content, w, gseed, r, standing, level_of)
            yield played
        # F14: what the table keeps when a game ends (phases.finish).
        for card in [*chosen, *borrowed]:
            if card in table.words:
                table.words.remove(card)
            table.words.append(card)
        table.words = table.words[-REMEMBERED:]
        table.fakes = [f for f in table.fakes if f not in this_game] + list(
            dict.fromkeys(this_game)
        )
        table.fakes = table.fakes[-FAKES_REMEMBERED:]


def _vote(
    content: Content,
    w: Word,
    gseed: str,
    r: int,
    standing: dict[str, tuple[str | None, str]],
    level_of: dict[str, str],
) -> Round:
    truth = tidy(w.truth, content.lang)
    cards: list[dict[str, object]] = [
        {"text": text, "writers": [seat], "truth": False} for seat, (_, text) in standing.items()
    ]
    cards.append({"text": truth, "writers": [], "truth": True})
    Draw(gseed, f"shuffle:{r}").shuffle(cards)
    ids = Draw(gseed, f"ids:{r}")
    for n, card in enumerate(cards, start=1):
        card.update(id=f"{ids.bits64():016x}", n=n)
    votes: dict[str, str] = {}
    pool = pool_for(content, w)
    for (
        seat,
        level,
    ) in level_of.items():  # everyone but the Judge votes, a writer whose card fell too
        view = bots.VoterView(
            tuple(
                bots.VoterCard(str(c["id"]), str(c["text"]), seat in c["writers"])  # type: ignore[operator]
                for c in cards
            )
        )
        choice = bots.vote(
            view,
            bots.WriterView(w.word, w.pos),
            level,
            pool,
            Draw(gseed, f"bot:{r}:{VOTING}:{seat}"),
        )
        if choice is not None:
            votes[seat] = choice
    return Round(w, truth, standing, cards, votes)
