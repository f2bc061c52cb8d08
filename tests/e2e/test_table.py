"""Dictionary Bluff at a real table: phones, a TV and a laptop in one room.

- The TV at 1920×1080 with 12 players: the ballot and the reveal (13 cards)
  fit with no scrolling; the room code, a small QR code and the deck language
  stay on screen during play; the TV does not count itself as watching.
- The reveal is a show, in step on every screen: one card at a time (the
  least-voted first: who fell for it, then who wrote it), the truth last, then
  the points and the totals; nothing marks the truth early. The host may
  continue from 6 s or hold the last frame. Sound cues with a remembered mute,
  a buzz when it is your turn, counted-up totals, the podium and its titles.
- Safe controls in reach on a 360×740 phone: leaving and removing a player
  ask first; "You left room X"; everyone is told who the new host is; a match
  left with 2 players ends after that round; late joiners are told they are
  watching and offered a seat at the end, and stay off that match's scores;
  drafts survive a reload; a join link shows the join form first.

Players the test does not look at are bots (tests/e2e/bots.py): WebSockets,
no browser. Waits are on DOM state and recorded frames, never on sleeps.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.prereq import require_axe, require_playwright

require_playwright()

from playwright.sync_api import expect  # noqa: E402

from table.text import display_form  # noqa: E402
from tests.e2e.bots import Bot  # noqa: E402
from tests.e2e.browser import (  # noqa: E402
    PHONE,
    TV_SIZE,
    Screen,
    axe_violations,
    horizontal_overflow,
    problems,
    screenshot,
)
from tests.e2e.play import (  # noqa: E402
    BLUFFS,
    create_room,
    join_by_link,
    press,
    submit,
    vote_with_keys,
    vote_with_taps,
    wait_until,
)
from wordcards import load_deck  # noqa: E402

pytestmark = pytest.mark.e2e

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"]
WOODS = ["oak", "elm", "ash", "yew", "fir", "box", "bay", "fig", "rye", "oat", "pea", "hop"]


STYLES = ["old", "new", "big", "small", "odd", "fine"]


def bluff(i: int, round_: int = 1) -> str:
    """A long bluff (about 95 of the 100 characters allowed): the worst case for the TV."""
    where = "kept in a harbour inn's cellar till the spring fair"
    return f"a {WOODS[i]} barrel for salting fish, {STYLES[round_ - 1]} style, {where}"


def vertical_overflow(page: Any) -> int:
    return int(
        page.evaluate(
            "() => document.scrollingElement.scrollHeight - document.documentElement.clientHeight"
        )
    )


def in_view(page: Any, locator: Any) -> bool:
    """The element lies wholly inside the viewport as the page is (nobody scrolls here)."""
    expect(locator).to_be_in_viewport(ratio=0.99)
    return True


def test_twelve_players_fit_a_tv(table: Any) -> None:
    require_axe()
    stack = table.start_stack("0.5")  # voting 20 s, reveal 10 s (the show ends by 8 s)
    bots = [Bot(stack.websocket_url, name) for name in NAMES]
    try:
        code = bots[0].create("es")
        for b in bots[1:]:
            b.join(code)
        tv = table.screen("TV", bypass_csp=True, **TV_SIZE)
        tv.page.goto(f"{stack.url}/?room={code}&tv=1")
        tv.wait_phase("lobby", 0)
        # The TV doesn't count itself as watching; the lobby shows the deck language.
        expect(tv.testid("observers")).to_have_text("Nadie mirando")  # the room speaks Spanish
        expect(tv.testid("deck-lang")).to_have_text("Mazo: español")
        bots[0].request("start_match")
        tv.wait_phase("writing", 1)
        # During play: the room code, a small QR code and the deck stay on screen.
        expect(tv.testid("tv-room-code")).to_have_text(code)
        expect(tv.page.locator('[data-testid="tv-qr"] svg')).to_be_visible()
        expect(tv.page.locator('#tv-join [data-testid="deck-lang"]')).to_have_text("Mazo: español")
        for i, b in enumerate(bots):
            b.submit(bluff(i))
        tv.wait_phase("voting", 1)
        expect(tv.testid("ballot-option")).to_have_count(13)
        assert vertical_overflow(tv.page) <= 0, "the ballot scrolls on the TV"
        assert in_view(tv.page, tv.testid("tv-room-code"))
        found = {"tv-voting-12": axe_violations(tv.page)}
        screenshot(tv.page, "tv-voting-12")
        for i, b in enumerate(bots):
            b.vote_any(i // 3)  # a few favourites, as at a real table
        tv.wait_phase("reveal", 1)
        expect(tv.testid("reveal-live")).to_contain_text("Marcador actualizado")
        expect(tv.testid("reveal-option")).to_have_count(13)
        expect(tv.page.locator(".score-total[data-from]")).to_have_count(0)  # counted up
        assert vertical_overflow(tv.page) <= 0, "the reveal scrolls on the TV"
        assert horizontal_overflow(tv.page) <= 0
        found["tv-reveal-12"] = axe_violations(tv.page)
        screenshot(tv.page, "tv-reveal-12")
        assert {k: v for k, v in found.items() if v} == {}
        assert problems([tv]) == []
    finally:
        for b in bots:
            b.close()


# What each page saw of the show, frame by frame, its sound cues and buzzes.
RECORDER = """
window.__cues = []; window.__vibes = []; window.__shows = [];
addEventListener('cue', (e) => window.__cues.push(e.detail));
Object.defineProperty(Navigator.prototype, 'vibrate', {
  configurable: true, value: (p) => { window.__vibes.push(p); return true; } });
new MutationObserver(() => {
  const cards = [...document.querySelectorAll('[data-testid="reveal-option"]')];
  if (!cards.length) return;
  const main = document.querySelector('main');
  const snap = {
    round: main && main.dataset.round,
    cards: cards.map((c) => ({
      id: c.dataset.optionId, stage: c.dataset.stage, kind: c.dataset.kind || null,
      by: !!c.querySelector('[data-testid="card-by"]'),
      stamp: !!c.querySelector('[data-testid="true-stamp"]') })),
  };
  const key = JSON.stringify(snap);
  if (window.__lastShow !== key) { window.__lastShow = key; window.__shows.push(snap); }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""

ORDER = ["waiting", "voters", "writer", "truth"]


def check_show(screen: Screen, round_: int, reveal: dict[str, Any]) -> list[str]:
    """Every frame this page showed of the round's reveal keeps the show's rules;
    returns the order in which it turned the lies and decoys over."""
    frames = [f for f in screen.page.evaluate("window.__shows") if f["round"] == str(round_)]
    assert frames, f"{screen.name} showed no reveal of round {round_}"
    kinds = {o["id"]: o["kind"] for o in reveal["options"]}
    votes = {o["id"]: len(o["voters"]) for o in reveal["options"]}
    truth = next(i for i, k in kinds.items() if k == "truth")
    turned: list[str] = []
    last: dict[str, str] = {}
    for frame in frames:
        stages = {c["id"]: c["stage"] for c in frame["cards"]}
        for card in frame["cards"]:
            cid, stage = card["id"], card["stage"]
            # A card only moves forward.
            assert ORDER.index(stage) >= ORDER.index(last.get(cid, "waiting")), (screen.name, frame)
            if stage != "waiting" and cid not in turned and cid != truth:
                turned.append(cid)
            last[cid] = stage
        if stages[truth] != "truth":
            # Before the truth's beat nothing tells it apart: no kind, no stamp, no writer line.
            t_card = next(c for c in frame["cards"] if c["id"] == truth)
            assert t_card["kind"] is None and not t_card["stamp"] and not t_card["by"], frame
            assert not any(c["stamp"] for c in frame["cards"]), frame
        else:
            # The truth comes last: every lie and decoy has been turned over.
            assert all(s == "writer" for i, s in stages.items() if i != truth), frame
    assert last[truth] == "truth"
    # Lies and decoys one at a time, the least-voted first.
    assert [votes[i] for i in turned] == sorted(votes[i] for i in turned), (turned, votes)
    # A page that saw the show from its start saw each card's two beats apart.
    seen = {(c["id"], c["stage"]) for f in frames for c in f["cards"]}
    assert all((i, "voters") in seen for i in turned), (screen.name, seen)
    return turned


def reveal_state(screen: Screen, round_: int) -> dict[str, Any]:
    return wait_until(
        screen,
        lambda: next(
            (
                s
                for s in screen.states()
                if s["phase"] == "reveal" and s["round"] == round_ and s.get("reveal")
            ),
            None,
        ),
        f"the reveal state of round {round_}",
    )


def held_reveal(screen: Screen, round_: int, before: list[Any]) -> dict[str, Any]:
    """The first state of the round whose beats differ from `before` (the host held)."""

    def changed() -> dict[str, Any] | None:
        for s in reversed(screen.states()):
            if s["round"] == round_ and s.get("reveal") and s["reveal"]["beats"] != before:
                return s
        return None

    return wait_until(screen, changed, "the held reveal")


def test_the_reveal_is_a_show_in_step_on_every_screen(table: Any) -> None:
    stack = table.start_stack("0.25")  # writing 14 s, voting 10 s, reveal 5 s (show ≤ 4 s)
    ana = table.screen("Ana", viewport={"width": 1280, "height": 800})
    ben = table.screen("Ben", **PHONE)
    tv = table.screen("TV", **TV_SIZE)
    for screen in (ana, ben, tv):
        screen.page.context.add_init_script(RECORDER)
    code = create_room(ana, stack.url, "Ana")
    link = f"{stack.url}/?room={code}"

    # Phones must find the room: the start-up line names the LAN way, the lobby
    # (opened on loopback) warns that phones can't reach it.
    assert any(line.startswith("phones") for line in stack.output()), stack.output()
    expect(ana.testid("loopback-warning")).to_contain_text("HOST=0.0.0.0 make run")
    expect(ana.testid("deck-lang")).to_have_text("Deck: English")

    # A join link shows the join form first, "start a new game" folded away.
    ben.page.goto(link)
    ben.wait_phase("home")
    expect(ben.testid("create-fold")).to_be_visible()
    expect(ben.testid("create-name")).to_be_hidden()
    assert in_view(ben.page, ben.testid("join-btn"))
    join_by_link(ben, link, "Ben")
    tv.page.goto(f"{link}&tv=1")
    cy, dee = Bot(stack.websocket_url, "Cy"), Bot(stack.websocket_url, "Dee")
    try:
        cy.join(code)
        dee.join(code)
        for screen in (ana, ben, tv):
            screen.wait_phase("lobby", 0)
        expect(ana.testid("player-list").locator("li")).to_have_count(4)
        ana.testid("start-btn").click()

        for round_ in range(1, 7):
            for screen in (ana, ben, tv):
                screen.wait_phase("writing", round_)
            if round_ == 1:
                # Your turn: a short buzz on the phone; a cue for the new phase.
                wait_until(ben, lambda: ben.page.evaluate("window.__vibes.length") > 0, "a buzz")
                assert any(c["name"] == "phase" for c in ana.page.evaluate("window.__cues"))
                # A half-typed definition survives a reload.
                ben.testid("entry").fill("a knitted cover for")
                ben.page.reload()
                ben.wait_phase("writing", 1)
                expect(ben.testid("entry")).to_have_value("a knitted cover for")
            if round_ == 2:
                # The mute is remembered across a reload.
                ben.testid("mute-btn").tap()
                expect(ben.testid("mute-btn")).to_have_attribute("aria-pressed", "true")
                ben.page.reload()
                ben.wait_phase("writing", 2)
                expect(ben.testid("mute-btn")).to_have_attribute("aria-pressed", "true")
            if round_ == 3:
                assert ben.page.evaluate("window.__vibes.length") == 0  # muted: no buzz
            submit(ben, BLUFFS["Ben"][round_ - 1])
            cy.submit(f"the lid of a {WOODS[round_]} churn for butter")
            dee.submit(f"a {WOODS[round_ + 3]} comb for carding wool")
            submit(ana, BLUFFS["Ana"][round_ - 1], closes_phase=True)
            # Cy and Dee fall for Ana's bluff; Ana and Ben pick a card each.
            cy.vote_for(BLUFFS["Ana"][round_ - 1])
            dee.vote_for(BLUFFS["Ana"][round_ - 1])
            vote_with_taps(ben)
            vote_with_keys(ana, closes_phase=True)
            for screen in (ana, ben, tv):
                screen.wait_phase("reveal", round_)
            if round_ == 2:
                # The host holds the last frame: every screen jumps to it at once.
                before = reveal_state(tv, 2)["reveal"]["beats"]
                ana.testid("hold-btn").click()
                held = held_reveal(tv, 2, before)
                assert held["reveal"]["beats"][-1]["at"] < before[-1]["at"]
                assert [b["cue"] for b in held["reveal"]["beats"]] == [b["cue"] for b in before]
                expect(tv.testid("true-stamp")).to_be_visible()
                expect(ana.testid("hold-btn")).to_have_count(0)
            for screen in (ana, ben, tv):
                expect(screen.testid("reveal-live")).to_contain_text("Scores updated")
            if round_ == 1:
                reveal = reveal_state(ana, 1)
                beats = reveal["reveal"]["beats"]
                # The show is longer than twice the old 5.5 s (scaled) and ends by 14 s,
                # leaving the totals up for 6 s of the 20 s reveal.
                show = beats[-1]["at"] - reveal["phase_started_at"]
                assert 12_000 * 0.25 <= show <= 14_000 * 0.25 + 1, show
                orders = [check_show(s, 1, reveal["reveal"]) for s in (ana, ben, tv)]
                assert orders[0] == orders[1] == orders[2]  # in step on every screen
                for s in (ben, tv):
                    assert reveal_state(s, 1)["reveal"]["beats"] == beats
                assert any(c["name"] == "sting" for c in tv.page.evaluate("window.__cues"))
                # In reach on the phone: his own points line; the host's Next round.
                assert in_view(ben.page, ben.testid("my-points"))
                expect(ana.testid("my-points")).to_have_text(
                    re.compile(r"You fooled (Ben, )?Cy,? and Dee: \+1,[05]00")
                )
                screenshot(ben.page, "phone-reveal-show")
                screenshot(tv.page, "tv-reveal-show")
            button = ana.testid("continue-btn")
            if round_ == 6:
                expect(ana.page.locator(".screen-reveal .countdown-until")).to_have_text(
                    "The results come soon"
                )
                expect(button).to_have_text("See the results")
            expect(button).to_be_enabled()
            button.click()

        for screen in (ana, ben, tv):
            screen.wait_phase("finished")
        # The podium and the match's titles; Ana fooled two players every round.
        expect(ana.testid("podium")).to_contain_text("Ana")
        expect(ana.page.locator('[data-title="liar"]')).to_contain_text("Best liar")
        expect(ana.page.locator('[data-title="liar"]')).to_contain_text(
            re.compile(r"Ana — fooled 1\d players")
        )
        screenshot(tv.page, "tv-finished-podium")
        # Numbers use the locale's grouping: Russian "6 000", never "6000".
        ben.testid("lang-switch").select_option("ru")
        expect(ben.page.locator(".totals")).to_contain_text(re.compile("\\d\u00a0\\d{3}"))
        assert not re.search(r"\d{4}", ben.page.locator(".totals").inner_text())
        cues = ben.page.evaluate("window.__cues")
        assert cues and all(c["muted"] for c in cues)  # since the reload, muted
        assert problems([ana, ben, tv]) == []
    finally:
        cy.close()
        dee.close()


# How many times an animated element (a beat this page saw happen) was drawn.
ANIMS = """
window.__anims = 0;
new MutationObserver(() => {
  if (document.querySelector('[class*="anim-"]')) window.__anims += 1;
}).observe(document, { subtree: true, childList: true });
"""


def decoys(state: dict[str, Any], entries: list[str]) -> str:
    """A ballot card that is neither the truth (from the deck) nor a player's entry."""
    card = next(c for c in load_deck(state["lang"]).values() if c.word == state["word"])
    # Every card is shown in the display form, so compare display forms.
    known = {display_form(text) for text in (card.truth, *entries)}
    return next(o["text"] for o in state["ballot"] if o["text"] not in known)


def vote_for_text(screen: Screen, text: str) -> None:
    """Tap (or click) the card that reads `text`, then Vote."""
    card = screen.page.locator('button[data-testid="ballot-option"]', has_text=text)
    press(screen, card)
    expect(card).to_have_attribute("aria-pressed", "true")
    press(screen, screen.testid("vote-btn"))


def test_safe_controls_in_reach_and_a_match_that_runs_short(table: Any) -> None:
    require_axe()
    stack = table.start_stack("0.5")  # writing 27.5 s, voting 20 s, reveal 10 s
    ana = table.screen("Ana", bypass_csp=True, viewport={"width": 1280, "height": 800})
    ben = table.screen("Ben", bypass_csp=True, **PHONE)
    eve = table.screen("Eve", bypass_csp=True, reduced_motion="reduce", **PHONE)
    for screen in (ben, eve):
        screen.page.context.add_init_script(ANIMS)
    found: dict[str, list[str]] = {}
    code = create_room(ana, stack.url, "Ana")
    link = f"{stack.url}/?room={code}"
    join_by_link(ben, link, "Ben")
    cy, dee = Bot(stack.websocket_url, "Cy"), Bot(stack.websocket_url, "Dee")
    try:
        cy.join(code)
        dee.join(code)
        expect(ana.testid("player-list").locator("li")).to_have_count(4)
        # The host's remove-player (×) asks first; Stay keeps the seat.
        ana.page.locator(f'[data-testid="kick-btn"][data-player-id="{dee.me}"]').click()
        expect(ana.testid("confirm-dialog")).to_contain_text("Remove Dee?")
        expect(ana.testid("confirm-no")).to_be_focused()
        found["desktop-kick-dialog"] = axe_violations(ana.page)
        ana.testid("confirm-no").click()
        expect(ana.testid("confirm-dialog")).to_have_count(0)
        expect(ana.testid("player-list").locator("li")).to_have_count(4)
        ana.testid("start-btn").click()
        ben.wait_phase("writing", 1)

        # A late joiner opens the link: the join form first; then told plainly.
        eve.page.goto(link)
        eve.wait_phase("home")
        expect(eve.testid("create-name")).to_be_hidden()
        join_by_link(eve, link, "Eve")
        expect(eve.testid("watching-notice")).to_have_text(
            "You are watching this match. You’ll get a seat for the next one."
        )
        entries = [BLUFFS["Ben"][0], "the lid of a butter churn made of oak", BLUFFS["Ana"][0]]
        submit(ben, entries[0])
        cy.submit(entries[1])
        dee.submit(entries[1])  # the same bluff as Cy's: both are left off (R7)
        submit(ana, entries[2], closes_phase=True)
        # Everyone falls for the dictionary's decoys: nobody scores this round.
        ana.wait_phase("voting", 1)
        decoy = decoys(ana.last_state(), entries)
        cy.vote_for(decoy)
        dee.vote_for(decoy)
        vote_for_text(ben, decoy)
        vote_for_text(ana, decoy)
        for screen in (ana, ben, eve):
            screen.wait_phase("reveal", 1)
            expect(screen.testid("reveal-live")).to_have_text(
                "Scores updated. Nobody has scored yet."
            )
        assert eve.page.evaluate("window.__anims") == 0  # reduced motion: no animation
        assert ben.page.evaluate("window.__anims") > 0

        # Leave asks first, says what it means, and says where you were.
        ana.testid("leave-btn").click()
        expect(ana.testid("confirm-dialog")).to_contain_text(f"Leave room {code}?")
        expect(ana.testid("confirm-dialog")).to_contain_text(
            "You can’t play the rest of this match."
        )
        ana.page.keyboard.press("Escape")  # Escape stays
        expect(ana.testid("confirm-dialog")).to_have_count(0)
        ana.wait_phase("reveal", 1)
        ana.testid("leave-btn").click()
        ana.testid("confirm-yes").click()
        ana.wait_phase("home")
        expect(ana.testid("home-message")).to_have_text(f"You left room {code}.")
        # Everyone is told who the new host is; Ben's Next round is in reach.
        expect(ben.testid("host-notice")).to_have_text("You are now the host.")
        expect(eve.testid("host-notice")).to_have_text("Ben is now the host.")
        assert in_view(ben.page, ben.testid("continue-btn"))
        assert in_view(ben.page, ben.testid("my-points"))
        screenshot(ben.page, "phone-reveal-new-host")
        expect(ben.testid("continue-btn")).to_be_enabled()
        ben.testid("continue-btn").tap()

        # Dee leaves too: 2 active players, so this round is the last, and it says so.
        ben.wait_phase("writing", 2)
        dee.request("leave")
        expect(ben.testid("last-round")).to_contain_text("this round is the last")
        submit(ben, BLUFFS["Ben"][1])
        cy.submit("a wooden spoon for stirring jam")
        ben.wait_phase("voting", 2)
        cy.vote_any()
        vote_with_taps(ben, closes_phase=True)
        ben.wait_phase("reveal", 2)
        expect(ben.page.locator(".screen-reveal .countdown-until")).to_have_text(
            "The results come soon"
        )
        expect(ben.testid("continue-btn")).to_have_text("See the results")
        assert in_view(ben.page, ben.testid("continue-btn"))
        expect(ben.testid("continue-btn")).to_be_enabled()
        ben.testid("continue-btn").tap()

        # The result sheet: said to have ended early; the main actions in reach.
        for screen in (ben, eve):
            screen.wait_phase("finished")
        expect(ben.testid("ended-early")).to_be_visible()
        expect(ben.testid("podium")).to_be_visible()
        assert in_view(ben.page, ben.testid("play-again-btn"))
        assert in_view(eve.page, eve.testid("take-seat-btn"))
        expect(eve.testid("observer-status")).to_contain_text("take a seat")
        found["phone-finished-host"] = axe_violations(ben.page)
        screenshot(ben.page, "phone-finished-host")
        # Eve takes a seat for the next match: she is not on this match's sheet.
        eve.testid("take-seat-btn").tap()
        expect(ben.page.locator(".seats .player-list li")).to_have_count(5)
        for screen in (ben, eve):
            expect(screen.page.locator(".totals tbody tr")).to_have_count(4)
            expect(screen.page.locator(".totals")).not_to_contain_text("Eve")
            expect(screen.testid("podium")).not_to_contain_text("Eve")
        found["phone-finished-seated"] = axe_violations(eve.page)
        assert {k: v for k, v in found.items() if v} == {}
        assert problems([ana, ben, eve]) == []
    finally:
        cy.close()
        dee.close()
