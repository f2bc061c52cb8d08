"""Impostor on one phone in Debian's Chromium: `pass` and `host` play (rulings 2b, 2c, 3a, 9c, 9d).

Ana creates the room on the home page and picks its options in the lobby's form;
she adds every other seat by name on her own phone (360×740, touch), and a bad
name is refused inline with its reason. A TV (1920×1080) shows the board.

- `pass`, in English: the phone goes round for the hold-to-reveal deal lap (the
  card shows while held, hides on release, and the next seat's comes up), sits in
  the middle for the spoken clues ("Done" after each), then goes round again for
  the lap vote (each seat opens its own ballot); the impostor is voted out, says
  a guess aloud and the judge taps "Right"; the reveal, then the result sheet.
- `host`, with the UI and the deck in Romanian: the same deal lap, then the host
  console taps each turn on, starts the vote and records who was pointed at; the
  impostor misses the word; the result sheet names Sharpest eye.

axe-core finds no serious or critical violation on each new screen (the local
seats in the lobby, the deal lap, the lap ballot, the host console, the pointing
record) at 360×740 and at 1920×1080; each is saved as `impostor-<screen>-<size>.png`.
On the 360 px phone the top bar's "Room XXXX" is not clipped while the watchers
button shows.
"""

from __future__ import annotations

import time
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.prereq import require_axe, require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from tests.e2e.browser import (  # noqa: E402
    PHONE,
    TV_SIZE,
    Screen,
    axe_violations,
    horizontal_overflow,
    problems,
    screenshot,
)
from tests.e2e.play import settled, wait_until  # noqa: E402

pytestmark = pytest.mark.e2e

TIME_SCALE = "0.5"  # clue turns 15 s (ended by taps), the reveal's Continue from 3 s
REPO = Path(__file__).resolve().parents[2]
RO_DECK = REPO / "content" / "impostor" / "ro"


SIZES = {"phone": PHONE["viewport"], "tv": TV_SIZE["viewport"]}


def check(
    found: dict[str, list[str]], screen: Screen, name: str, sizes: tuple[str, ...] = ("phone", "tv")
) -> None:
    """axe and a screenshot of the screen as it is now, at each size; then its own size again."""
    own = screen.page.viewport_size
    for size in sizes:
        screen.page.set_viewport_size(SIZES[size])
        shot = f"impostor-{name}-{size}"
        found[shot] = axe_violations(screen.page)
        assert horizontal_overflow(screen.page) <= 0, f"{shot} scrolls sideways"
        screenshot(screen.page, shot)
    if own is not None:
        screen.page.set_viewport_size(own)


def room_chip_fits(screen: Screen) -> dict[str, Any]:
    """Where the top bar's room chip sits against its neighbours, in CSS pixels."""
    return screen.page.evaluate(
        """() => {
            const chip = document.getElementById('room-chip');
            const chips = chip.parentElement;
            const next = document.querySelector('.topbar .lang-switch');
            const r = chip.getBoundingClientRect();
            const bar = document.querySelector('.topbar').getBoundingClientRect();
            return {
                text: chip.textContent,
                clipped: chip.scrollWidth - chip.clientWidth,
                chipsClipped: chips.scrollWidth - chips.clientWidth,
                gap: next.getBoundingClientRect().left - r.right,
                left: r.left,
                inBar: r.top >= bar.top && r.bottom <= bar.bottom,
                watchers: !document.getElementById('watchers-btn').hidden,
            };
        }"""
    )


def chip_fits(top: dict[str, Any], text: str) -> None:
    assert top["watchers"], top
    assert top["text"] == text, top
    assert top["clipped"] <= 0 and top["chipsClipped"] <= 0, top
    assert top["gap"] >= 0 and top["left"] >= 0 and top["inBar"], top


def create_impostor_room(screen: Screen, base_url: str, name: str) -> str:
    screen.page.goto(base_url + "/")
    screen.wait_phase("home")
    settled(screen)
    screen.page.locator('[data-testid="game-option"][value="impostor"]').check()
    screen.testid("create-name").fill(name)
    screen.testid("create-btn").tap()
    screen.wait_phase("lobby", 0)
    assert screen.last_state()["game"] == "impostor"
    return screen.testid("room-code").inner_text().strip()


def set_option(screen: Screen, option: str, label: str, value: Any) -> None:
    """Pick a choice in the host's options form; wait for the room to have it."""
    screen.page.locator(f'[data-testid="option"][data-option="{option}"]').select_option(
        label=label
    )
    wait_until(
        screen,
        lambda: screen.last_state().get("options", {}).get(option) == value,
        f"{option} = {value}",
    )


def add_seat(screen: Screen, name: str) -> None:
    field = screen.testid("seat-name")
    field.fill(name)
    screen.testid("add-seat-btn").tap()
    expect(screen.testid("local-seats")).to_contain_text(name)
    expect(field).to_have_value("")


def refused_seat(screen: Screen, name: str, message: str) -> None:
    """A bad name: the reason shows inline, the field keeps it, the seats stay as they were."""
    before = [p["id"] for p in screen.last_state()["players"]]
    screen.testid("seat-name").fill(name)
    screen.testid("add-seat-btn").tap()
    expect(screen.testid("seats-error")).to_have_text(message)
    expect(screen.testid("seat-name")).to_have_value(name)
    assert [p["id"] for p in screen.last_state()["players"]] == before


def hold_card(screen: Screen) -> str:
    """Hold the card down: it shows; let go: it hides. The text of its word line."""
    hold = screen.testid("hold-card")
    expect(hold).to_be_enabled()
    box = hold.bounding_box()
    assert box is not None
    screen.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    screen.page.mouse.down()
    expect(screen.testid("card-word")).to_be_visible()
    word = screen.testid("card-word").inner_text().strip()
    return word


def release_card(screen: Screen) -> None:
    screen.page.mouse.up()
    expect(screen.testid("card-word")).to_have_count(0)


def deal_lap(
    found: dict[str, list[str]], ana: Screen, names: dict[str, str], play: str
) -> set[str]:
    """The phone goes round (3a): each seat in seat order holds its own card. The impostors."""
    impostors = set()
    seats = ana.last_state()["me"]["seats"]
    assert [p["id"] for p in ana.last_state()["players"]] == seats
    for i, seat in enumerate(seats):
        expect(ana.testid("pass-to")).to_contain_text(names[seat])
        wait_until(ana, lambda s=seat: ana.last_state()["dealing"] == s, "the seat being dealt")
        if i == 0:
            check(found, ana, f"{play}-deal")
        word = hold_card(ana)
        if i == 0:
            check(found, ana, f"{play}-deal-card", ("phone",))
        if word == "Impostor":  # the label on an impostor's card, in en and ro alike
            impostors.add(seat)
        release_card(ana)
        # `seen` names the seat, except the operator's own (its default).
        wait_until(
            ana, lambda s=seat: any(m.get("seat", seats[0]) == s for m in ana.sent("seen")), "seen"
        )
    # Every card came to this phone only, one for each seat, as that seat was dealt.
    assert sorted(m["seat"] for m in ana.received("card")) == sorted(seats)
    assert 1 <= len(impostors) < len(seats)
    return impostors


def tap_through_clues(ana: Screen, tv: Screen, found: dict[str, list[str]], shot: str) -> int:
    """Tap each spoken turn on; the TV shows whose turn it is. The number of turns tapped."""
    tapped = 0
    while ana.last_state()["phase"] == "clues":
        turn = ana.last_state()["turn"]
        button = ana.page.locator(f'[data-testid="turn"][data-no="{turn["no"]}"]')
        if not button.count():
            ana.page.wait_for_timeout(50)
            continue
        expect(tv.page.locator(f'[data-testid="turn"][data-no="{turn["no"]}"]')).to_have_count(1)
        if tapped == 0:
            check(found, ana, shot)
        ana.testid("turn-done").tap()
        tapped += 1
        wait_until(
            ana,
            lambda t=turn: (
                ana.last_state()["phase"] != "clues" or ana.last_state()["turn"]["no"] != t["no"]
            ),
            "the next turn",
        )
    return tapped


def test_pass_match_on_one_phone_with_a_lap_vote(table: Any) -> None:
    require_axe()
    started = time.monotonic()
    stack = table.start_stack(TIME_SCALE)
    found: dict[str, list[str]] = {}
    ana = table.screen("Ana", bypass_csp=True, locale="en-US", **PHONE)
    code = create_impostor_room(ana, stack.url, "Ana")
    expect(ana.testid("seats-panel")).to_have_count(0)  # `phones`: nothing to add
    set_option(ana, "play", "One phone passed around", "pass")
    set_option(ana, "vote", "Phone passed round", "lap")
    set_option(ana, "rounds", "1", 1)

    # Local seats (2b): added by name, a bad one refused with its reason, one removed.
    expect(ana.testid("local-seats-none")).to_be_visible()
    for name in ("Ben", "Cy", "Dee", "Eve"):
        add_seat(ana, name)
    refused_seat(ana, "ben", "Someone in this room already has that name — pick another.")
    refused_seat(ana, "www.example.com", "A name can’t be a web address.")
    eve = next(p["id"] for p in ana.last_state()["players"] if p["name"] == "Eve")
    ana.page.locator(f'[data-testid="remove-seat-btn"][data-player-id="{eve}"]').tap()
    expect(ana.testid("local-seats")).not_to_contain_text("Eve")
    expect(ana.testid("seats-error")).to_have_count(0)
    expect(ana.testid("kick-btn")).to_have_count(0)  # local seats go with Remove, not a kick
    check(found, ana, "lobby-seats")

    tv = table.screen("TV", bypass_csp=True, locale="en-US", **TV_SIZE)
    tv.page.goto(f"{stack.url}/?room={code}&tv=1")
    tv.wait_phase("lobby", 0)
    expect(tv.testid("local-seats")).to_contain_text("Dee")
    players = ana.last_state()["players"]
    names = {p["id"]: p["name"] for p in players}
    assert [p["name"] for p in players] == ["Ana", "Ben", "Cy", "Dee"]
    assert [bool(p.get("local")) for p in players] == [False, True, True, True]
    ana.testid("start-btn").tap()

    # The deal lap: pass the phone, hold, let go, next.
    ana.wait_phase("deal", 1)
    tv.wait_phase("deal", 1)
    impostors = deal_lap(found, ana, names, "pass")
    assert not tv.received("card")

    # Spoken clues, two laps: "Done" after each, on the phone in the middle.
    ana.wait_phase("clues", 1)
    assert tap_through_clues(ana, tv, found, "pass-clues") == 8
    ana.wait_phase("discussion", 1)
    ana.testid("call-vote").tap()

    # The lap vote (9c): each seat in seat order opens its own ballot and votes.
    ana.wait_phase("voting", 1)
    seats = ana.last_state()["me"]["seats"]
    accused = sorted(impostors)[0]
    for i, seat in enumerate(seats):
        wait_until(ana, lambda s=seat: ana.last_state()["ballot"]["lap_seat"] == s, "lap seat")
        expect(ana.testid("lap-closed")).to_contain_text(names[seat])
        expect(ana.testid("candidate")).to_have_count(0)  # closed until its seat opens it
        if i == 0:
            check(found, ana, "lap-closed")
        ana.testid("lap-open").tap()
        expect(ana.testid("lap-for")).to_contain_text(names[seat])
        expect(ana.testid("candidate")).to_have_count(3)  # every other seat, never oneself
        if i == 0:
            check(found, ana, "lap-ballot")
        target = accused if seat != accused else next(s for s in seats if s != seat)
        ana.page.locator(f'[data-testid="candidate"][data-id="{target}"]').tap()
        wait_until(
            ana,
            lambda s=seat: (
                ana.last_state()["phase"] != "voting" or ana.last_state()["ballot"]["lap_seat"] != s
            ),
            "the next lap seat",
        )

    # The impostor is out and says a guess aloud; the judge taps "Right" on the phone.
    ana.wait_phase("guess", 1)
    tv.wait_phase("guess", 1)
    expect(tv.testid("accused")).to_contain_text(names[accused])
    ana.testid("judge-right").tap()
    ana.wait_phase("reveal", 1)
    tv.wait_phase("reveal", 1)
    reveal = tv.last_state()["reveal"]
    assert reveal["outcome"] == "caught_guessed"
    assert set(reveal["impostors"]) == impostors
    expect(
        ana.page.locator('[data-testid="reveal"][data-outcome="caught_guessed"]')
    ).to_be_visible()
    expect(ana.testid("continue")).to_be_enabled()
    ana.testid("continue").tap()
    ana.wait_phase("finished")
    tv.wait_phase("finished")
    expect(ana.testid("winners")).to_be_visible()
    expect(ana.testid("seats-panel")).to_be_visible()  # seats can change before a rematch

    assert not tv.received("card")
    assert {k: v for k, v in found.items() if v} == {}
    assert problems([ana, tv]) == []
    assert time.monotonic() - started < 60


def ro_words() -> tuple[set[str], set[str]]:
    """The Romanian deck's words and category names."""
    words: set[str] = set()
    categories: set[str] = set()
    for path in RO_DECK.glob("*.toml"):
        for category in tomllib.loads(path.read_text(encoding="utf-8"))["category"]:
            categories.add(category["name"])
            words |= {w["word"] for w in category["words"]}
    return words, categories


def test_host_match_in_romanian_with_a_pointing_record(table: Any) -> None:
    require_axe()
    started = time.monotonic()
    stack = table.start_stack(TIME_SCALE)
    found: dict[str, list[str]] = {}
    ana = table.screen("Ana", bypass_csp=True, locale="ro-RO", **PHONE)
    code = create_impostor_room(ana, stack.url, "Ana")
    expect(ana.page.locator("html")).to_have_attribute("lang", "ro")
    assert ana.last_state()["lang"] == "ro"
    set_option(ana, "play", "Gazda conduce masa", "host")
    set_option(ana, "rounds", "1", 1)
    set_option(ana, "clue_seconds", "20", 20)
    expect(ana.page.locator("#seats-h")).to_have_text("Jucătorii de pe acest telefon")
    for name in ("Bogdan", "Ștefan", "Dana"):
        add_seat(ana, name)
    refused_seat(ana, "stefan", "Cineva din cameră are deja acest nume — alege altul.")
    check(found, ana, "lobby-seats-ro", ("phone",))

    tv = table.screen("TV", bypass_csp=True, locale="ro-RO", **TV_SIZE)
    tv.page.goto(f"{stack.url}/?room={code}&tv=1")
    tv.wait_phase("lobby", 0)
    names = {p["id"]: p["name"] for p in ana.last_state()["players"]}
    ana.testid("start-btn").tap()

    ana.wait_phase("deal", 1)
    tv.wait_phase("deal", 1)
    words, categories = ro_words()
    impostors = deal_lap(found, ana, names, "host")
    dealt = {w for w in words if w in {m["card"]["word"] for m in ana.received("card")}}
    assert dealt, "a Romanian word was dealt"
    expect(ana.testid("category")).to_be_visible()
    category = ana.last_state()["category"]
    assert category in categories

    # The host console (2c): whose turn, who is next, one tap per turn.
    ana.wait_phase("clues", 1)
    expect(ana.testid("host-console")).to_contain_text("Consola gazdei")
    expect(ana.testid("turn-done")).to_have_text("Tura următoare")
    top = room_chip_fits(ana)
    assert tap_through_clues(ana, tv, found, "host-console") == 8
    ana.wait_phase("discussion", 1)
    expect(ana.testid("call-vote")).to_have_text("Începe votul")
    ana.testid("call-vote").tap()

    # The pointing record (9d): the accused, and who pointed at them.
    ana.wait_phase("voting", 1)
    expect(ana.testid("point-console")).to_be_visible()
    check(found, ana, "point-record")
    check(found, tv, "point-board", ("tv",))
    accused = sorted(impostors)[0]
    ana.testid("point-accused").select_option(accused)
    pointers = [s for s in names if s != accused]
    for seat in pointers:
        ana.page.locator(f'[data-testid="point-pointer"][value="{seat}"]').check()
    ana.testid("point-record").tap()

    # Caught: the impostor says a guess aloud; the judge rules it wrong.
    ana.wait_phase("guess", 1)
    expect(ana.testid("judge-wrong")).to_have_text("Greșit")
    ana.testid("judge-wrong").tap()
    ana.wait_phase("reveal", 1)
    tv.wait_phase("reveal", 1)
    reveal = tv.last_state()["reveal"]
    assert reveal["outcome"] == "caught_missed" and reveal["accused"] == accused
    assert reveal["word"] in dealt
    expect(tv.testid("reveal-word")).to_have_text(reveal["word"])
    expect(ana.testid("continue")).to_be_enabled()
    ana.testid("continue").tap()
    ana.wait_phase("finished")
    tv.wait_phase("finished")
    expect(ana.page.locator("#results-h")).to_have_text("Rezultatele finale")
    civilians_pointing = [s for s in pointers if s not in impostors]
    eye = [names[s] for s in civilians_pointing]
    titles = ana.last_state()["titles"]
    assert sorted(titles["sharpest_eye"]) == sorted(civilians_pointing)
    expect(ana.page.locator("main")).to_contain_text("Cel mai ager ochi")
    for name in eye:
        expect(ana.page.locator("main")).to_contain_text(name)

    # The 360 px top bar: "Camera XXXX" in full beside the watchers button (the TV),
    # during the clues and, in every UI language, on the result sheet.
    chip_fits(top, f"Camera {code}")
    for lang, room in (("en", "Room"), ("es", "Sala"), ("ru", "Комната"), ("fr", "Salon")):
        ana.testid("lang-switch").select_option(lang)
        expect(ana.page.locator("html")).to_have_attribute("lang", lang)
        want = f"{room} {code}"
        fit = wait_until(ana, lambda w=want: (f := room_chip_fits(ana))["text"] == w and f, want)
        chip_fits(fit, want)

    assert not tv.received("card")
    assert {k: v for k, v in found.items() if v} == {}
    assert problems([ana, tv]) == []
    assert time.monotonic() - started < 60
