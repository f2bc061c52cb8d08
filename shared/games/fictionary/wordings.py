"""Bot wordings as stored references (Secrecy: the room item stays small), and the
pool a writing bot may draw on (ruling 20a), built without the round's own truth."""

from __future__ import annotations

from games.fictionary.bots import Pool, shape
from games.fictionary.content import Content, Word
from games.fictionary.tidy import tidy_or_none


def pool_for(content: Content, word: Word) -> Pool:
    """What a bot may write from for `word`: public content, never `word`'s truth or aliases."""
    same_pos = content.pool.get(word.pos, [])
    own = tuple((f"b:{cid}:{j}", text) for cid, j, text in same_pos if cid == word.id)
    others = tuple((f"b:{cid}:{j}", text) for cid, j, text in same_pos if cid != word.id)
    borrow = tuple(
        (f"t:{w.id}", w.truth) for w in content.bank if w.pos == word.pos and w.id != word.id
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
