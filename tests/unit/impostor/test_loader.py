"""The loader reads the decks under content/impostor/ and a match deals from them."""

from __future__ import annotations

import json

from games.impostor import content
from games.impostor.cards import CARD_BYTES
from games.impostor.game import GAME
from tests.support.tabletop import Tabletop
from tests.unit.impostor.helpers import last_card


def test_loader_reads_en_and_ro_with_translations() -> None:
    en, ro = content.load("en"), content.load("ro")
    assert en is content.load("en")  # cached
    assert len(en.categories) >= 20 and len(ro.categories) >= 20
    word = en.categories[0].words[0]
    assert any(lang == "ro" for lang, _ in en.translations[word.id])
    assert {"en", "ro"} <= content.available_langs()


def test_a_round_deals_from_the_real_deck() -> None:
    top = Tabletop(GAME, seed=1, lang="ro")
    host = top.create("Ana", options={"hint": "grid"})
    ids = [host, *top.seat("Ben", "Cy", "Dee")]
    top.start()
    for seat in ids:
        top.move(seat, "peek", round=1)
        card = last_card(top)[1]["card"]
        assert (
            len(json.dumps(card, ensure_ascii=False, separators=(",", ":")).encode()) == CARD_BYTES
        )
    top.run_out()
    assert top.phase == "finished"
