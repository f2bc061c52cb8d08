"""A first-time table plays one whole Impostor match in Romanian, in Debian's Chromium.

Ana creates the room on the home page (UI and deck in Romanian), Bogdan and Crina
join by the link, each on a phone (360×740, touch); a TV (1920×1080) shows the
board. Everyone holds their card, types their clues (the last of lap 1 opens the
reversed lap 2, so one phone has two turns running), the host starts the vote,
everyone votes out the impostor, who types a wrong guess; the judge sees the
word beside the guess and rules it wrong; the reveal says what follows and why
the host's button waits; the result sheet's podium and table give one place.

At every screen of every phone and the TV: `assert_screens_clean` (no
placeholder, raw key, leaked value or English); on each turn `assert_can_act`
on its control; and `assert_absent` for the word, the points and the result
before their beat. Screenshots: `impostor-ft-<phase>-<who>.png`.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.e2e.prereq import require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from tests.e2e.browser import PHONE, TV_SIZE, Screen, problems, screenshot  # noqa: E402
from tests.e2e.first_table import (  # noqa: E402
    assert_absent,
    assert_can_act,
    assert_screens_clean,
    catalogue,
)
from tests.e2e.play import join_by_link, wait_until  # noqa: E402
from tests.e2e.test_impostor_shared import (  # noqa: E402
    create_impostor_room,
    hold_card,
    set_option,
)

pytestmark = pytest.mark.e2e

TIME_SCALE = "1"  # the reveal 20 s, its Continue from 6 s; every other phase is ended by moves
LANG = "ro"
NAMES = ("Ana", "Bogdan", "Crina")
CLUES = ["ciudat", "frumos", "rotund", "vechi", "moale", "greu"]  # in no deck entry
GUESS = "nimic"  # not a word of the Romanian deck


def ro(key: str, **values: Any) -> str:
    text = catalogue(LANG)[key]
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text


class Match:
    """The table: three phones and a TV, and what the test brought to it."""

    def __init__(self, phones: dict[str, Screen], tv: Screen) -> None:
        self.phones = phones
        self.tv = tv
        self.allowed: list[str] = list(NAMES)
        self.word = ""

    @property
    def screens(self) -> list[Screen]:
        return [*self.phones.values(), self.tv]

    def clean(self, shot: str = "") -> None:
        assert_screens_clean(self.screens, LANG, allowed=self.allowed)
        if shot:
            for name, screen in [*self.phones.items(), ("tv", self.tv)]:
                screenshot(screen.page, f"impostor-ft-{shot}-{name.lower()}")

    def before_reveal(self, why: str, judge: str | None = None) -> None:
        """No word (but on the judge's own screen while judging), points or result yet."""
        later = [ro("impostor.reveal.awards"), ro("results.heading"), ro("results.totals")]
        for name, screen in [*self.phones.items(), ("tv", self.tv)]:
            hidden = later if name == judge else [self.word, *later]
            assert_absent(screen, hidden, why)


def seat_ids(screen: Screen) -> dict[str, str]:
    return {p["name"]: p["id"] for p in screen.last_state()["players"]}


def hold_and_read(screen: Screen) -> str:
    """Hold the card: its word (or "Impostor"), hidden again on release."""
    assert_can_act(screen, screen.testid("hold-card"))
    word = hold_card(screen)
    screen.page.mouse.up()
    expect(screen.testid("card-word")).to_have_count(0)
    wait_until(screen, lambda: screen.sent("seen"), "the seen after the release")
    return word


def test_first_table_impostor(table: Any) -> None:
    started = time.monotonic()
    stack = table.start_stack(TIME_SCALE)
    phones = {name: table.screen(name, locale="ro-RO", **PHONE) for name in NAMES}
    ana = phones["Ana"]
    code = create_impostor_room(ana, stack.url, "Ana")
    expect(ana.page.locator("html")).to_have_attribute("lang", LANG)
    assert ana.last_state()["lang"] == LANG  # the Romanian deck
    set_option(ana, "rounds", "1", 1)
    for name in NAMES[1:]:
        join_by_link(phones[name], f"{stack.url}/?room={code}", name)
        phones[name].wait_phase("lobby", 0)
    tv = table.screen("TV", locale="ro-RO", **TV_SIZE)
    tv.page.goto(f"{stack.url}/?room={code}&tv=1")
    tv.wait_phase("lobby", 0)
    match = Match(phones, tv)
    wait_until(ana, lambda: len(ana.last_state()["players"]) == 3, "three seats")
    ids = seat_ids(ana)
    names = {i: n for n, i in ids.items()}
    match.clean("lobby")
    ana.testid("start-btn").tap()  # the shell's lobby: starting is not a turn

    # The deal: each phone holds its own card; one says "Impostor".
    for screen in match.screens:
        screen.wait_phase("deal", 1)
    match.clean("deal")
    cards = {}
    for name, screen in phones.items():
        cards[name] = hold_and_read(screen)
    impostor = next(n for n, w in cards.items() if w == ro("impostor.card.impostor"))
    match.word = next(w for w in cards.values() if w != ro("impostor.card.impostor"))
    civilians = [n for n in NAMES if n != impostor]
    category = ana.last_state()["category"]
    match.allowed += [match.word, category]

    # The clues: typed on each giver's phone; lap 2 reverses lap 1, so the last of
    # lap 1 gives two running, and the second one's button works like the first.
    for screen in match.screens:
        screen.wait_phase("clues", 1)
    order = tv.last_state()["order"]
    schedule = order + order[::-1]
    for index, seat in enumerate(schedule):
        giver = phones[names[seat]]
        no = index + 1
        wait_until(giver, lambda g=giver, n=no: g.last_state()["turn"]["no"] == n, f"turn {no}")
        turn = giver.testid("turn")
        expect(turn).to_have_attribute("data-no", str(no))
        lap = 1 if index < len(order) else 2
        expect(giver.page.locator("#clues-h")).to_have_text(ro("impostor.clues.yourTurn"))
        for other in match.screens:
            if other is not giver:
                title = ro("impostor.clues.turnOf", name=names[seat])
                expect(other.page.locator("#clues-h")).to_have_text(title)
        expect(turn).to_have_text(ro("impostor.clues.lap", lap=lap))
        field = giver.testid("clue-input")
        expect(field).to_be_editable()
        field.fill(CLUES[index])
        match.allowed.append(CLUES[index])
        send = giver.testid("clue-send")
        assert_can_act(giver, send)
        match.before_reveal(f"clue turn {no}")
        match.clean("clues" if index == len(order) else "")
        send.tap()
        expect(giver.testid("clues")).to_contain_text(CLUES[index])
    assert schedule[len(order) - 1] == schedule[len(order)]  # the double turn was played

    # The discussion: the host starts the vote.
    for screen in match.screens:
        screen.wait_phase("discussion", 1)
    match.before_reveal("discussion")
    match.clean("discussion")
    call = ana.testid("call-vote")
    assert_can_act(ana, call)
    call.tap()

    # The ballot: both civilians vote for the impostor, who votes for a civilian.
    for screen in match.screens:
        screen.wait_phase("voting", 1)
    match.before_reveal("voting")
    match.clean("voting")
    for name, screen in phones.items():
        target = ids[impostor] if name != impostor else ids[civilians[0]]
        button = screen.page.locator(f'[data-testid="candidate"][data-id="{target}"]')
        assert_can_act(screen, button)
        button.tap()
        if name != NAMES[-1]:
            expect(screen.testid("my-vote")).to_contain_text(names[target])

    # Caught: the impostor's own phone speaks to them; the others see them typing.
    caught = phones[impostor]
    for screen in match.screens:
        screen.wait_phase("guess", 1)
    expect(caught.page.locator("#guess-h")).to_have_text(ro("impostor.guess.titleYou"))
    expect(caught.testid("accused")).to_have_text(ro("impostor.guess.caughtYou"))
    assert_absent(caught, [ro("impostor.guess.typing", name=impostor)], "your own guess")
    for name in civilians:
        expect(phones[name].testid("guess-status")).to_have_text(
            ro("impostor.guess.typing", name=impostor)
        )
    match.before_reveal("guess")
    match.clean("guess")
    field = caught.testid("guess-input")
    field.fill(GUESS)
    match.allowed.append(GUESS)
    assert_can_act(caught, caught.testid("guess-send"))
    caught.testid("guess-send").tap()

    # The judge rules with the word beside the guess; nobody else sees the word.
    for screen in match.screens:
        screen.wait_phase("judging", 1)
    judge = names[tv.last_state()["guess"]["judge"]]
    assert judge in civilians
    judging = phones[judge]
    expect(judging.testid("judge")).to_contain_text(ro("impostor.guess.judgeTitle", name=judge))
    expect(judging.testid("judge-word")).to_contain_text(match.word)
    expect(caught.testid("guess-judged-by")).to_have_text(ro("impostor.guess.judgedBy", name=judge))
    match.before_reveal("judging", judge=judge)
    match.clean("judging")
    wrong = judging.testid("judge-wrong")
    assert_can_act(judging, wrong)
    wrong.tap()

    # The reveal: every screen says what follows; the host's button says why it waits.
    for screen in match.screens:
        screen.wait_phase("reveal", 1)
    for screen in match.screens:
        expect(screen.testid("next-up")).to_contain_text(ro("impostor.reveal.resultsIn"))
        expect(screen.testid("next-up")).to_be_in_viewport()
    state = tv.last_state()
    assert state["reveal"]["outcome"] == "caught_missed"
    expect(tv.testid("reveal-word")).to_have_text(match.word)
    go = ana.testid("continue")
    expect(go).to_have_text(ro("impostor.reveal.toResults"))
    if go.is_disabled():
        expect(ana.testid("continue-wait")).to_have_text(ro("impostor.reveal.waitBeats"))
    for screen in match.screens:
        assert_absent(screen, [ro("results.place", n=1)], "the podium before the reveal ends")
    match.clean("reveal")
    assert_can_act(ana, go)  # enabled once the reveal has shown its beats
    expect(ana.testid("continue-wait")).to_have_count(0)
    go.tap()

    # The result sheet: the podium's places are the table's ranks (ties share one).
    for screen in match.screens:
        screen.wait_phase("finished")
    ranks = tv.last_state()["ranks"]
    assert ranks == {ids[c]: 1 for c in civilians} | {ids[impostor]: 3}
    for screen in match.screens:
        rows = screen.page.locator(".totals tbody tr")
        expect(rows).to_have_count(3)
        table_ranks = {}
        for i in range(3):
            cells = rows.nth(i)
            name = re.sub(r"^★\s*", "", cells.locator("th").inner_text()).strip()
            table_ranks[name] = int(cells.locator("td").first.inner_text())
        podium = {}
        steps = screen.page.locator('[data-testid="podium"] li')
        for i in range(steps.count()):
            step = steps.nth(i)
            place = int(re.sub(r"\D", "", step.locator(".podium-place").inner_text()))
            shown = step.locator(".podium-names").inner_text().replace(" și ", ", ")
            for name in shown.split(", "):
                podium[name.strip()] = place
        assert table_ranks == {names[i]: r for i, r in ranks.items()}, screen.name
        assert podium == table_ranks, (screen.name, podium, table_ranks)
    match.clean("results")

    assert not tv.received("card")
    assert problems(match.screens) == []
    assert time.monotonic() - started < 120
