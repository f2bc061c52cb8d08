"""Fictionary on the real word decks (content/decks/<lang>): the bank it deals and a whole game."""

from __future__ import annotations

import pytest

from games.fictionary import content as bank
from games.fictionary.game import GAME
from games.fictionary.lexicon import BOT_NAMES
from table.contract import FINISHED
from table.text import check_name, name_key
from tests.support.tabletop import Tabletop
from wordcards import load_deck


@pytest.mark.parametrize("lang", sorted(GAME.langs))
def test_f5a_f5e_real_bank_is_dealable(lang: str) -> None:
    content = GAME.load_content(lang)
    deck = load_deck(lang)
    assert len(content.bank) >= 5
    assert all(bank.dealable(deck[w.id]) for w in content.bank)
    left_out = [c for c in deck.values() if not bank.dealable(c)]
    for card in left_out:  # each one is left out for a reason the rules name
        pos = bank.part_of_speech(card.note)
        assert (
            pos is None
            or not card.word.isalpha()
            or not 4 <= len(card.word) <= 14
            or (bank.voice_problems(card.word, card.truth))
        )
    assert {w.pos for w in content.bank} <= {"noun", "verb", "adjective", "adverb"}
    assert all(content.pool.get(pos) for pos in {w.pos for w in content.bank})


@pytest.mark.parametrize("lang", sorted(BOT_NAMES))
def test_f1d_bot_names_are_valid_names(lang: str) -> None:
    names = BOT_NAMES[lang]
    assert len(names) == 12 and len({name_key(n) for n in names}) == 12
    assert all(check_name(n) == n for n in names)


@pytest.mark.parametrize("lang", sorted(GAME.langs))
def test_a_whole_game_on_the_real_deck(lang: str) -> None:
    top = Tabletop(GAME, seed=1, lang=lang)
    host = top.create("Ana")
    top.start(host)
    top.run_out(limit=5000)
    assert top.phase == FINISHED and top.state.winners
    assert all(r["truth"] for r in top.state.history)
