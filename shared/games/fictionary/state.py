"""Fictionary's state: the room item's game part. Secrets live here and in the
content only; `view` strips them per member, per role and per phase."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from table.contract import State


class FicState(State):
    seed: str = ""  # ruling 3a: 128 bits, never in a view
    rules: dict[str, Any] = Field(default_factory=dict)  # the options, frozen at start (2a)
    seats: list[str] = Field(default_factory=list)  # seat order, fixed for the game (F1)
    scores: dict[str, int] = Field(default_factory=dict)
    first: int = 0  # F3: the first Judge's seat index
    round: int = 0
    tiebreaks: int = 0
    judge: str | None = None
    # Who plays each seat now: a bot's level (bots and covered seats), why a person is not
    # behind it ("cover": may come back; "gone": left or kicked), and observers who sat in.
    bots: dict[str, str] = Field(default_factory=dict)
    covered: dict[str, str] = Field(default_factory=dict)
    sitters: dict[str, str] = Field(default_factory=dict)
    # This round.
    offer: list[str] = Field(default_factory=list)  # the Judge's five, card ids
    card: str | None = None
    shown_offer: list[dict[str, Any]] = Field(
        default_factory=list
    )  # the five as the Judge sees them
    about: dict[str, Any] = Field(
        default_factory=dict
    )  # the chosen word: word, note, pos, respell, say
    truth: str | None = None  # the chosen card's real definition, tidied (7b)
    filled: dict[str, Any] = Field(default_factory=dict)  # picks made by the game: bots, away seats
    bot_at: dict[str, int] = Field(default_factory=dict)  # when each owing bot acts
    cards: list[dict[str, Any]] = Field(
        default_factory=list
    )  # the ballot: id, n, text, writers, truth
    shown: bool = True  # F15: texts on every screen this round
    backstop_at: int | None = None  # ruling 16b
    # This game.
    offered: list[str] = Field(default_factory=list)
    chosen: list[str] = Field(default_factory=list)
    borrowed: list[str] = Field(default_factory=list)  # ruling 20c
    fakes: list[str] = Field(default_factory=list)  # ids of standing made-up definitions (F14)
    history: list[dict[str, Any]] = Field(default_factory=list)
    last: dict[str, Any] | None = None  # what the last reveal is rebuilt from (reveal.build)
    # Presence (F17).
    # When a disconnected seat turns away (17a) and when a table with no person connected is
    # abandoned (17c): noticed at a decision, plus the rule's scaled length.
    away_at: dict[str, int] = Field(default_factory=dict)
    abandon_at: int | None = None
    # The result (F23, ruling 24a).
    winners: list[str] = Field(default_factory=list)
    # `places` is computed by the view from the scores; the field stays so rooms stored
    # before that still load (extra fields are refused).
    places: list[dict[str, Any]] = Field(default_factory=list)
    best_bluff: dict[str, Any] | None = None
    abandoned: bool = False
