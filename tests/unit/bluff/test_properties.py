"""Invariants over random games: points conserved, nothing lost, nothing leaked.

Hypothesis plays whole matches of 3-12 players with random submissions
(including copies of the truth, the aliases and each other), random votes,
leaves, and timers fired on time, twice, early and for rounds long gone.
After every step it checks the invariants, and it serializes every member's
view and searches it for every secret that member must not see yet.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bluff.moves import Vote
from games.bluff.scoring import reveal as reveal_payload
from games.bluff.state import Round
from table.contract import Timer
from table.errors import Code, Refusal
from table.referee import Leave
from table.text import comparison_key
from tests.support.bluff import DECK, NAMES, MatchView, Phase, Table

OWN_BLUFFS = [
    "a rusty lantern for night fishing",
    "a song sung to calm restless geese",
    "the knot that ties a sail to its mast",
    "a loaf baked only on leap days",
    "to mutter at the weather",
    "a stubborn mule that walks backwards",
    "the crust left in a cider barrel",
    "a hat for rainy days",
]


def entry_texts(round_: Round) -> list[str]:
    card = round_.card
    return [
        *OWN_BLUFFS,
        card.truth,
        card.truth.upper() + "!",
        *card.aliases,
        *(a.title() + "." for a in card.aliases),
        DECK[card.id].bluffs[0],  # a player writes the first fallback: the ballot must skip it
        "A HAT, for rainy days",  # the same key as one of the bluffs above
    ]


def check_reveal(room: MatchView, round_: Round) -> None:
    reveal: dict[str, Any] = reveal_payload(room.state, room.table(), round_)
    by_id = {o.id: o for o in round_.ballot}
    truth_votes = sum(1 for v in round_.votes.values() if by_id[v].kind == "truth")
    fooled = sum(1 for v in round_.votes.values() if by_id[v].kind == "bluff")
    truth_writers = len(reveal["truth_writers"])
    assert (
        sum(reveal["awards"].values()) == 1000 * truth_votes + 500 * fooled + 1000 * truth_writers
    )
    assert set(reveal["awards"]) == set(round_.players)

    # Every accepted entry appears exactly once: an option, a group, or a truth writer.
    places = [w for o in reveal["options"] for w in o["writers"]]
    places += [w for g in reveal["groups"] for w in g["writers"]]
    places += [t["player"] for t in reveal["truth_writers"]]
    assert sorted(places) == sorted(round_.entries)
    assert sorted(reveal["skipped"] + places) == sorted(round_.players)

    # Nobody votes twice (one slot each) or for their own bluff.
    voters = [v for o in reveal["options"] for v in o["voters"]]
    assert len(voters) == len(set(voters)) == len(round_.votes)
    for o in reveal["options"]:
        assert not set(o["writers"]) & set(o["voters"])

    # At least 4 distinct cards whenever the card has enough suitable fallbacks.
    keys = {comparison_key(o.text) for o in round_.ballot}
    assert len(keys) == len(round_.ballot)
    used = {comparison_key(t) for t in (round_.card.truth, *round_.card.aliases)}
    used |= {e.key for e in round_.entries.values()}
    # The round drops its unused fallbacks once the ballot is built: ask the deck.
    suitable = {comparison_key(b) for b in DECK[round_.card.id].bluffs} - used
    unique = sum(1 for o in round_.ballot if o.kind == "bluff")
    assert len(round_.ballot) >= min(4, 1 + unique + len(suitable))
    assert len(round_.ballot) == max(1 + unique, min(4, 1 + unique + len(suitable)))


def check_secrecy(table: Table) -> None:
    room = table.room
    round_ = room.round
    if round_ is None or room.phase not in (Phase.WRITING, Phase.VOTING):
        return
    card = round_.card
    on_ballot = {o.text for o in round_.ballot}
    for member in room.members:
        state = table.top.view(member.id)
        wire = json.dumps(state, ensure_ascii=False)
        own = round_.entries.get(member.id)
        visible = [t for t in (on_ballot | {own.text if own else ""}) if t]
        fallbacks = DECK[card.id].bluffs
        secrets = [*card.aliases, *(b for b in fallbacks if b not in on_ballot)]
        secrets += [
            e.text for p, e in round_.entries.items() if p != member.id and e.text not in on_ballot
        ]
        if room.phase is Phase.WRITING:
            secrets.append(card.truth)
        for secret in secrets:
            legit = sum(v.count(secret) for v in visible)
            assert wire.count(secret) <= legit, (member.id, room.phase, secret)
        assert '"kind"' not in wire and '"writers"' not in wire and '"truth"' not in wire
        assert state["reveal"] is None
        assert state["my_vote"] == round_.votes.get(member.id) or state["ballot"] is None
        if member.joined_at > round_.started_at:
            assert state["word"] is None and state["ballot"] is None and state["my_entry"] is None


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), players=st.integers(3, 12), seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(data: st.DataObject, players: int, seed: int) -> None:
    table = Table.seated(players, seed)
    table.start()
    names = NAMES[:players]
    reveals_checked = 0
    for _step in range(400):
        if table.phase is Phase.FINISHED:
            break
        round_ = table.room.round
        assert round_ is not None
        move = data.draw(st.sampled_from(["act", "act", "act", "fire", "stale", "leave", "late"]))
        if move == "act":
            name = data.draw(st.sampled_from(names))
            try:
                if table.phase is Phase.WRITING:
                    table.submit(name, data.draw(st.sampled_from(entry_texts(round_))))
                elif table.phase is Phase.VOTING:
                    option = data.draw(st.sampled_from([o.id for o in round_.ballot]))
                    table.act(name, Vote(round=table.round, option=option))
                else:
                    table.cont(table_host(table))
            except Refusal as refusal:
                assert refusal.code in {
                    Code.ALREADY_SUBMITTED,
                    Code.ALREADY_VOTED,
                    Code.OWN_OPTION,
                    Code.NOT_ELIGIBLE,
                    Code.TOO_EARLY,
                }
        elif move == "fire":
            timer = table.timers[-1]
            table.fire()
            if data.draw(st.booleans()):  # the same timer, delivered twice
                before = table.room.model_dump()
                table.fire_at(timer.phase_id, timer.at)
                assert table.room.model_dump() == before
        elif move == "stale":
            phase_id = table.room.phase_id
            before = table.room.model_dump()
            table.top.fire(Timer(data.draw(st.integers(0, phase_id - 1)), table.now))
            assert table.room.model_dump() == before  # a past phase instance: nothing
            due = table.now >= (table.room.deadline or 0)
            table.top.fire(Timer(phase_id, table.now))  # this one, early or on time
            assert (table.room.phase_id != phase_id) == due
        elif move == "leave" and len(table.room.active_players) > 2:
            name = data.draw(st.sampled_from(names))
            member = table.room.member(table.ids[name])
            if member is not None and member.active:
                table.act(name, Leave())
        elif move == "late" and len(table.ids) < len(NAMES):
            table.tick(data.draw(st.integers(1, 3_000)))
            table.join(NAMES[len(table.ids)])
        check_secrecy(table)
        if table.phase in (Phase.REVEAL, Phase.FINISHED) and table.room.round is not None:
            check_reveal(table.room, table.room.round)
            reveals_checked += 1
    # Totals are the sum of every round's awards.
    if table.phase is Phase.FINISHED:
        assert table.room.round is not None and table.room.round.revealed
        scores = {m.id: table.match.scores.get(m.id, 0) for m in table.room.table().players}
        top = max(scores.values())
        assert table.room.winners == [m for m, score in scores.items() if score == top]


def table_host(table: Table) -> str:
    return next(n for n, i in table.ids.items() if i == table.room.host)


def test_every_view_of_a_scripted_match_hides_its_secrets() -> None:
    """The same secrecy search on one fixed match, step by step, for every member."""
    table = Table.seated(5, seed=7)
    table.start()
    while table.phase is not Phase.FINISHED:
        round_ = table.room.round
        assert round_ is not None
        for i, name in enumerate(NAMES[:5]):
            if table.phase is Phase.WRITING:
                table.submit(name, entry_texts(round_)[i * 2])
                check_secrecy(table)
        while table.phase is Phase.VOTING:
            table.fire()
        assert table.room.round is not None
        check_reveal(table.room, table.room.round)
        table.fire()
    assert len(table.room.history) == 6
