"""The UI's languages and the game picker, in the browser.

- The home page speaks the browser's language (Russian here); the language
  switch changes it at once, sets <html lang> and is remembered on reload.
- In a room the UI follows the room's language (a Spanish deck: Spanish),
  unless the user picked one (French), which wins.
- Today's server answers `games` with `bad_request`: no game picker, and
  create_room carries no `game`. When a server answers `games` (simulated
  here by answering it in the page's WebSocket route), the home shows a
  picker and the host's lobby an options form built from the game's schema.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.prereq import require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from tests.e2e.browser import PHONE, problems  # noqa: E402
from tests.e2e.play import create_room, join_by_link, press, settled, wait_until  # noqa: E402

pytestmark = pytest.mark.e2e

TIME_SCALE = "1"
NBSP = "\u00a0"


def test_the_ui_follows_the_browser_the_switch_and_the_room(table: Any) -> None:
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("Ana", locale="en-US", viewport={"width": 1280, "height": 800})
    olga = table.screen("Olga", locale="ru-RU", **PHONE)

    # Before a room: the browser's language.
    olga.page.goto(stack.url + "/")
    olga.wait_phase("home")
    expect(olga.page.locator("html")).to_have_attribute("lang", "ru")
    expect(olga.page.locator("#join-h")).to_have_text("Войти в игру")
    expect(olga.testid("lang-switch")).to_have_value("ru")
    # The server lists its games, asked once; the picker offers the games this client
    # has screens for, and only those.
    games = wait_until(olga, lambda: olga.sent("games"), "the games request")
    reply = wait_until(olga, lambda: olga.reply_to(games[0]), "the games reply")
    served = {g["slug"] for g in reply["games"]}
    assert reply["type"] == "games" and {"bluff", "fictionary", "dictopia"} <= served
    picker = olga.testid("game-picker")
    expect(picker.locator('input[value="bluff"]')).to_have_count(1)
    offered = picker.locator("input").evaluate_all("inputs => inputs.map(i => i.value)")
    assert set(offered) <= served and len(offered) >= 2

    # The switch: French at once, typing kept, remembered on reload.
    olga.testid("create-name").fill("Olga")
    olga.testid("lang-switch").select_option("fr")
    expect(olga.page.locator("html")).to_have_attribute("lang", "fr")
    expect(olga.page.locator("#join-h")).to_have_text("Rejoindre une partie")
    expect(olga.testid("create-name")).to_have_value("Olga")
    olga.page.reload()
    olga.wait_phase("home")
    expect(olga.page.locator("#create-h")).to_have_text("Lancer une partie")

    # A Spanish room: Ana (no choice made) sees Spanish, Olga keeps French.
    ana.page.goto(stack.url + "/")
    ana.wait_phase("home")
    settled(ana)
    expect(ana.page.locator("#create-h")).to_have_text("Start a new game")
    ana.testid("create-name").fill("Ana")
    ana.testid("create-lang").select_option("es")
    press(ana, ana.testid("create-btn"))
    ana.wait_phase("lobby", 0)
    assert ana.sent("create_room")[-1].get("game", "bluff") == "bluff"
    expect(ana.page.locator("html")).to_have_attribute("lang", "es")
    expect(ana.page.locator("#lobby-h")).to_have_text("Esperando jugadores")
    expect(ana.testid("watchers-none")).to_have_text("Nadie está mirando.")
    code = ana.testid("room-code").inner_text().strip()

    join_by_link(olga, f"{stack.url}/?room={code}", "Olga")
    olga.wait_phase("lobby", 0)
    expect(olga.page.locator("html")).to_have_attribute("lang", "fr")
    expect(olga.page.locator("#lobby-h")).to_have_text("En attente des joueurs")
    expect(olga.page.locator("#players-h")).to_have_text("Joueurs (2 sur 12)")
    expect(ana.page.locator("#players-h")).to_have_text("Jugadores (2 de 12)")
    expect(ana.testid("start-reason")).to_have_text("Hacen falta al menos 3 jugadores — hay 2")
    expect(olga.page.locator("#leave-btn")).to_have_text("Quitter")

    # Switching in the room's top bar: Olga now reads Russian plurals.
    olga.testid("lang-switch").select_option("ru")
    expect(olga.page.locator("#lobby-h")).to_have_text("Ждём игроков")
    expect(olga.page.locator("#players-h")).to_have_text("Игроки (2 из 12)")
    assert problems([ana, olga]) == []


GAMES = [
    {
        "slug": "bluff",
        "min_seats": 3,
        "max_seats": 12,
        "langs": ["en", "es", "ru"],
        "options": [{"name": "rounds", "default": 6, "choices": [3, 6, 9]}],
    },
    {
        "slug": "impostor",
        "min_seats": 3,
        "max_seats": 20,
        "langs": ["en", "es", "ru", "ro", "fr"],
        "options": [
            {"name": "hint", "default": "category", "choices": ["category", "grid", "none"]}
        ],
    },
]


def answer_games(page: Any, seen: list[dict[str, Any]]) -> None:
    """Stand in for a server that knows `games`, `game` and `set_options`.

    `games` is answered here; `create_room` reaches the real server without
    `game`, and `set_options` gets an `ok` (today's server knows neither).
    """

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            msg = json.loads(message)
            seen.append(msg)
            action = msg.get("action")
            if action == "games":
                ws.send(json.dumps({"type": "games", "games": GAMES, "req": msg.get("req")}))
            elif action == "set_options":
                ws.send(json.dumps({"type": "ok", "req": msg.get("req")}))
            elif action == "create_room":
                server.send(json.dumps({k: v for k, v in msg.items() if k != "game"}))
            else:
                server.send(message)

        ws.on_message(from_page)

    page.route_web_socket("**/ws", route)


def test_a_server_with_games_lights_up_the_picker_and_the_options(table: Any) -> None:
    stack = table.start_stack(TIME_SCALE)
    ana = table.screen("Ana", locale="en-US", viewport={"width": 1280, "height": 800})
    seen: list[dict[str, Any]] = []
    answer_games(ana.page, seen)

    ana.page.goto(stack.url + "/")
    ana.wait_phase("home")
    picker = ana.testid("game-picker")
    expect(picker.locator("label")).to_have_count(2)
    expect(picker).to_contain_text("Dictionary Bluff")
    expect(picker).to_contain_text("Everyone knows the secret word — except one.")
    impostor = picker.locator('input[value="impostor"]')
    impostor.check()
    expect(ana.testid("create-lang").locator("option")).to_have_count(5)  # impostor's decks
    picker.locator('input[value="bluff"]').check()
    expect(ana.testid("create-lang").locator("option")).to_have_count(3)

    code = create_room(ana, stack.url, "Ana")
    assert code
    sent = [m for m in seen if m.get("action") == "create_room"]
    assert sent[-1]["game"] == "bluff" and sent[-1]["lang"] == "en", sent

    # The host's options form, from the schema; labels fall back to the raw name.
    option = ana.page.locator('[data-testid="option"][data-option="rounds"]')
    expect(option).to_have_value("1")  # the default, 6, is the second choice
    expect(ana.page.locator('label[for="option-rounds"]')).to_have_text("rounds")
    option.select_option(label="9")
    wait_until(ana, lambda: [m for m in seen if m.get("action") == "set_options"], "set_options")
    assert [m["options"] for m in seen if m.get("action") == "set_options"] == [{"rounds": 9}]

    # In French the picker's names come from the French catalogue; the pick stays.
    ana.testid("leave-btn").click()
    ana.testid("confirm-yes").click()  # leaving asks first
    ana.wait_phase("home")
    ana.testid("game-picker").locator('input[value="impostor"]').check()
    ana.testid("lang-switch").select_option("fr")
    expect(ana.testid("game-picker")).to_contain_text("Imposteur")
    expect(ana.testid("game-picker").locator('input[value="impostor"]')).to_be_checked()
    expect(ana.testid("create-lang").locator("option")).to_have_count(5)
    expect(ana.testid("game-picker")).to_contain_text("Bluff du dictionnaire")
    assert problems([ana]) == []
