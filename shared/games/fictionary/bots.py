"""F19-F22: what a bot knows and how it decides.

A bot's decision functions take a *bot view*: the frozen dataclasses below,
built from what its seat may see, and nothing else. `WriterView` is exactly the
word and its part of speech; the house-bluff pool beside it is public content
with the round's own card's truth and aliases never in it (ruling 20a's pool
holds bluffs; a borrow is another card's truth). `VoterView` holds the cards
as its seat's voting view shows them: texts (or None where hidden) and `mine`,
never which card is real, who wrote what, or anyone's vote.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.fictionary import lexicon
from games.fictionary.draws import Draw
from games.fictionary.likeness import alike, key, names_word
from games.fictionary.rules import (
    AIMS,
    BORROW,
    LEAN,
    MAX_LEN,
    MOST_TRIES,
    NOISE,
    NOSE,
    SHAPED,
    SHAPED_LATER,
    SILLINESS,
    WORDINGS,
)
from games.fictionary.tidy import tidy_or_none
from table.text import words

# --- bot views -----------------------------------------------------------------------


@dataclass(frozen=True)
class ChooserView:
    """The Judge's five as the Judge sees them: word, note, part of speech, respelling."""

    offer: tuple[tuple[str, str, str, str | None], ...]


@dataclass(frozen=True)
class WriterView:
    """Writing: the word and its part of speech, nothing more (F19)."""

    word: str
    pos: str


@dataclass(frozen=True)
class VoterCard:
    id: str
    text: str | None  # None where the texts are hidden from this seat (F15)
    mine: bool


@dataclass(frozen=True)
class VoterView:
    cards: tuple[VoterCard, ...]


# A definition's shape as players read it: characters, words, and whether it offers an
# alternative or a pair ("or", "and"; "o", "y"; "или", "и").
Shape = tuple[int, int, bool]


def shape(text: str, lang: str) -> Shape:
    found = words(text)
    return len(text), len(found), bool(set(found) & lexicon.JOINERS.get(lang, frozenset()))


def _unlike(a: Shape, b: Shape) -> float:
    """How far apart two shapes read; a joiner, or its absence, counts as 30 characters.
    (Measured on the real decks with tools/fictionary/bot_believability.py: weighing the
    joiner less, or the first word too, left the bots' fakes easier to tell.)"""
    return abs(a[0] - b[0]) + 4 * abs(a[1] - b[1]) + 30 * (a[2] != b[2])


@dataclass(frozen=True)
class Pool:
    """Public content a writing bot may draw on (ruling 20a, 20b, 20c): never this card's truth."""

    lang: str
    own: tuple[tuple[str, str], ...]  # (ref, text): house bluffs written for this word
    others: tuple[tuple[str, str], ...]  # same part of speech, other cards
    borrow: tuple[tuple[str, str], ...]  # other dealable cards' truths, same part of speech
    ending: tuple[str, tuple[str, ...], str] | None  # (ending, sentences, promise)
    topics: tuple[str, ...]
    silly: tuple[str, ...]
    small: frozenset[str]
    shapes: tuple[Shape, ...]  # other cards' real definitions of this part of speech (`shape`)


# --- choosing (F4, F19) ---------------------------------------------------------------------


def choose(view: ChooserView, draw: Draw) -> int:
    """A bot Judge picks any of the five at random."""
    return draw.randrange(len(view.offer))


# --- writing (F20) -----------------------------------------------------------------------------


def _ending_of(word: str, endings: Mapping[str, tuple[tuple[str, ...], str]]) -> str | None:
    folded = key(word)
    return next((e for e in sorted(endings, key=len, reverse=True) if folded.endswith(e)), None)


def _pick_pool(
    draw: Draw,
    candidates: Sequence[tuple[str, str]],
    made: Sequence[str],
    pool: Pool,
    target: Shape | None,
) -> tuple[str, str] | None:
    """One pool wording, not alike those made where possible (ruling 20a); among a dozen
    looked at, the one whose shape is nearest the target (the bot's choice, below)."""
    if not candidates:
        return None
    start = draw.randrange(len(candidates))
    fallback = None
    fitting: list[tuple[str, str]] = []
    for step in range(min(len(candidates), 12)):
        ref, text = candidates[(start + step * 7919) % len(candidates)]
        if fallback is None:
            fallback = (ref, text)
        if not any(alike(text, m, pool.small, pool.lang, 0.25, 3) for m in made):
            fitting.append((ref, text))
            if target is None:
                break
    if not fitting:
        return fallback
    if target is None:
        return fitting[0]
    return min(fitting, key=lambda w: _unlike(shape(w[1], pool.lang), target))


def make(view: WriterView, level: str, pool: Pool, draw: Draw) -> list[tuple[str, str]]:
    """Up to WORDINGS different (ref, tidied text), in at most MOST_TRIES tries, choice first."""
    made: list[tuple[str, str]] = []
    seen: set[str] = set()
    ending = pool.ending
    # The shape to aim at: one drawn from the real definitions of this part of speech on
    # other cards (public statistics of the deck, never this card's truth).
    target = pool.shapes[draw.randrange(len(pool.shapes))] if pool.shapes else None
    for attempt in range(MOST_TRIES):
        if len(made) == WORDINGS:
            break
        r = draw.random()
        shaped = SHAPED[level] * (1 if attempt == 0 else SHAPED_LATER)
        found: tuple[str, str] | None = None
        if attempt == 0 and r < SILLINESS[level] and pool.silly:
            i = draw.randrange(len(pool.silly))
            found = (f"s:{view.pos}:{i}", pool.silly[i])
        elif ending is not None and r < shaped and pool.topics:
            i, j = draw.randrange(len(ending[1])), draw.randrange(len(pool.topics))
            found = (f"e:{ending[0]}:{i}:{j}", ending[1][i].format(topic=pool.topics[j]))
        elif r > 1 - BORROW[level] and pool.borrow:
            found = pool.borrow[draw.randrange(len(pool.borrow))]
        else:
            lean = draw.random() < LEAN[level] and pool.own
            candidates = pool.own if lean else (pool.others or pool.own)
            found = _pick_pool(draw, candidates, [t for _, t in made], pool, target)
        if found is None:
            continue
        text = tidy_or_none(found[1], pool.lang)
        if text is None or len(text) > MAX_LEN or names_word(text, view.word) or key(text) in seen:
            continue
        seen.add(key(text))
        made.append((found[0], text))
    # The choice: a bot puts first the wording whose shape is nearest one drawn from the
    # real definitions of this part of speech on other cards, so bot cards are as long,
    # as wordy and as often joined by "or"/"and" as real ones *and* as varied: a ballot
    # of fakes all of one shape would make the real card the odd one.
    # An easy bot keeps its first try first, as the seed does; so does any bot whose first
    # try was silly or ending-made (F20's first-try branches are the choice they make).
    if made and target is not None and AIMS[level] and made[0][0][:2] not in ("s:", "e:"):
        shapes = [shape(text, pool.lang) for _, text in made]
        best = min(range(len(made)), key=lambda i: (_unlike(shapes[i], target), i))
        made.insert(0, made.pop(best))
    return made


# --- voting (F22) ---------------------------------------------------------------------------------


def _starts_like_definition(text: str, pos: str, lang: str) -> bool:
    tokens = words(text)
    if not tokens:
        return False
    first = tokens[0]
    if pos == "verb":
        if lang == "en":
            return first == lexicon.VERB_OPENING_EN
        return (
            first.endswith(lexicon.VERB_ENDINGS.get(lang, ()))
            if lexicon.VERB_ENDINGS.get(lang)
            else False
        )
    if pos == "noun":
        return first in lexicon.NOUN_OPENINGS.get(lang, ())
    return False


def plausibility(
    text: str, word: str, pos: str, lang: str, level: str, pool: Pool, looks_made: bool
) -> float:
    """F22: how much a card reads like a dictionary, from the bot's nose."""
    score = 0.0
    if _starts_like_definition(text, pos, lang):
        score += 1
    if 22 <= len(text) <= 110:
        score += 0.5
    if len(text) < 14:
        score -= 0.8
    if any(ch in text for ch in "!?¡¿"):
        score -= 1.2
    if set(words(text)) & lexicon.CHATTY.get(lang, frozenset()):
        score -= 1.3
    if names_word(text, word):
        score -= 0.6
    if pool.ending is not None:
        score += 0.6 if pool.ending[2] in key(text) else -0.2
    if looks_made:
        score -= NOSE[level]
    return score


def looks_made(text: str, pool: Pool) -> bool:
    """Ruling 22b: one of the language's silly lines or ending sentences."""
    silly = {key(t) for t in pool.silly}
    if key(text) in silly:
        return True
    if pool.ending is None:
        return False
    frames = [s.split("{topic}")[0] for s in pool.ending[1]]
    return any(f and key(text).startswith(key(f)) for f in frames)


def vote(view: VoterView, writer: WriterView, level: str, pool: Pool, draw: Draw) -> str | None:
    """A card id: never its own; at random if the texts are hidden; else softmax(score/noise)."""
    cards = [c for c in view.cards if not c.mine]
    if not cards:
        return None
    if any(c.text is None for c in cards):
        return draw.choice(cards).id
    scores = [
        plausibility(
            c.text or "",
            writer.word,
            writer.pos,
            pool.lang,
            level,
            pool,
            looks_made(c.text or "", pool),
        )
        for c in cards
    ]
    top = max(scores)
    weights = [math.exp((s - top) / NOISE[level]) for s in scores]
    return cards[draw.weighted(weights)].id
