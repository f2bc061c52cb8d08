"""Bot wordings as stored references (Secrecy: the room item stays small), and the
pool a writing bot may draw on (ruling 20a), built without the round's own truth."""

from __future__ import annotations

from collections.abc import Sequence

from games.fictionary.bots import Pool, shape
from games.fictionary.content import Content, Word
from games.fictionary.rules import FITTING_AT_LEAST
from games.fictionary.tidy import tidy_or_none


def fit(content: Content, word: Word, other_id: str) -> int | None:
    """How well another card's wordings suit `word`, from the two notes' public labels:
    None if the other card belongs to another field (never drawn on); else 2 for the same
    field, plus 1 for the same origin."""
    origin, field = content.labels.get(word.id) or (None, None)
    their_origin, their_field = content.labels.get(other_id) or (None, None)
    if field is not None and their_field is not None and their_field != field:
        return None
    return 2 * (field is not None and their_field == field) + (
        origin is not None and their_origin == origin
    )


def fitting(
    content: Content, word: Word, found: Sequence[tuple[str, str, str]], at_least: int
) -> tuple[tuple[str, str], ...]:
    """`(card id, ref, text)` narrowed to the best fitting: the closest tiers of `fit`, added
    best first until they hold `at_least` wordings (or all there are), so a card's fakes
    share its field or origin where the deck has enough of them, and come from no other field."""
    tiers: dict[int, list[tuple[str, str]]] = {}
    for cid, ref, text in found:
        score = fit(content, word, cid)
        if score is not None:
            tiers.setdefault(score, []).append((ref, text))
    kept: list[tuple[str, str]] = []
    for score in sorted(tiers, reverse=True):
        if len(kept) >= at_least:
            break
        kept += tiers[score]
    return tuple(kept)


def pool_for(content: Content, word: Word) -> Pool:
    """What a bot may write from for `word`: public content, never `word`'s truth or aliases.
    Other cards' bluffs and truths are those of its part of speech that fit its note (`fitting`)."""
    same_pos = content.pool.get(word.pos, [])
    own = tuple((f"b:{cid}:{j}", text) for cid, j, text in same_pos if cid == word.id)
    others = fitting(
        content,
        word,
        [(cid, f"b:{cid}:{j}", text) for cid, j, text in same_pos if cid != word.id],
        FITTING_AT_LEAST["bluffs"],
    )
    borrow = fitting(
        content,
        word,
        [
            (w.id, f"t:{w.id}", w.truth)
            for w in content.bank
            if w.pos == word.pos and w.id != word.id
        ],
        FITTING_AT_LEAST["truths"],
    )
    folded = word.word.casefold()
    ending = next(
        (e for e in sorted(content.endings, key=len, reverse=True) if folded.endswith(e)), None
    )
    prefix = next((t for p, t in content.prefixes.items() if folded.startswith(p)), None)
    topics = ((prefix,) if prefix else ()) + tuple(content.topics)
    return Pool(
        lang=content.lang,
        own=own,
        others=others,
        borrow=borrow,
        ending=(ending, *content.endings[ending]) if ending else None,
        topics=topics,
        silly=tuple(content.silly.get(word.pos, ())),
        small=content.small,
        shapes=tuple(
            shape(w.truth, content.lang)
            for w in content.bank
            if w.pos == word.pos and w.id != word.id
        ),
    )


def text_of(ref: str, content: Content, word: Word) -> str | None:
    """A stored reference's tidied text (b: house bluff, t: borrowed truth, s: silly, e: ending)."""
    kind, _, rest = ref.partition(":")
    raw: str | None = None
    if kind == "b":
        cid, _, j = rest.rpartition(":")
        card = content.by_id.get(cid)
        raw = card.bluffs[int(j)] if card and int(j) < len(card.bluffs) else None
    elif kind == "t":
        card = content.by_id.get(rest)
        raw = card.truth if card else None
    elif kind == "s":
        pos, _, i = rest.rpartition(":")
        lines = content.silly.get(pos, ())
        raw = lines[int(i)] if int(i) < len(lines) else None
    elif kind == "e":
        pool = pool_for(content, word)
        ending, i, j = rest.split(":")
        if pool.ending and pool.ending[0] == ending:
            raw = pool.ending[1][int(i)].format(topic=pool.topics[int(j)])
    return None if raw is None else tidy_or_none(raw, content.lang)
