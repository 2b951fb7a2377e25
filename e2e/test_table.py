"""Playing at the table through its buttons: deals, melds, errors, computer turns, a whole round."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from conftest import TABLET
from pages import Table
from playwright.sync_api import Page

from engine import cards as C
from engine.rules import preset
from engine.state import Game
from engine.views import view_for
from tests.helpers import position_where_south_is_asked
from ui.settings.model import PRESET_SHORT

HAND_SIZES = {"classic": 11, "rook": 11, "pagat": 13, "thirteen": 13, "hkf": 15}


def opening_deal() -> tuple[int, list[str], list[str]]:
    """A classic deal where South holds two natural triples, each short of 50 but enough together."""
    rules = preset("classic")
    for deal in range(1, 2000):
        hand = view_for(Game(rules, deal), 0).hand
        groups = Counter(C.rank(c) for c in hand if not C.is_wild(c) and C.rank(c) >= 4)
        triples = sorted(r for r, n in groups.items() if n >= 3)
        for a in triples:
            for b in triples:
                va, vb = 3 * rules.value(a), 3 * rules.value(b)
                if a < b and va < 50 and vb < 50 and va + vb >= 50:
                    names = [[C.name(c) for c in hand if C.rank(c) == r and not C.is_wild(c)][:3] for r in (a, b)]
                    return deal, names[0], names[1]
    raise AssertionError("no deal with an opening of two triples")


def test_a_new_game_deals_the_right_hand_under_each_preset(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=314")
    assert table.deal_number() == "314"
    assert len(table.hand()) == HAND_SIZES["classic"]
    for rules, size in HAND_SIZES.items():
        table.open_settings()
        page.get_by_label("Rule set").select_option(rules)
        page.get_by_label("Deal number").fill("314")
        page.get_by_role("button", name="Start new game").click()
        table.wait_until_idle()
        assert PRESET_SHORT[rules] in page.locator(".meta").inner_text()  # the rule set in words ("Knee game")
        # Red 3s are laid out and replaced, so the hand always holds the full count.
        assert len(table.hand()) == size, rules
        assert table.banner().startswith("▶ Your turn: draw")


def test_staging_the_first_meld_shows_the_running_total(page: Page, base_url: str) -> None:
    deal, first, second = opening_deal()
    table = Table(page, base_url).open_link(f"?rules=classic&deal={deal}")
    table.draw()
    for name in first:
        table.select(name)
    table.new_meld()
    staging = page.get_by_role("region", name="Your first meld")
    short = staging.locator(".total").inner_text()
    assert " of 50 points" in short
    assert int(short.split(" of ")[0]) < 50
    # Taking the meld back returns its cards to the hand; stage it again.
    table.tap("Take back")
    assert page.get_by_role("region", name="Your first meld").locator("li").count() == 0
    for name in first:
        table.select(name)
    table.new_meld()
    for name in second:
        table.select(name)
    table.new_meld()
    total = staging.locator(".total").inner_text()
    assert int(total.split(" of ")[0]) >= 50
    hand_before = len(table.hand())
    table.lay_down()
    ours = page.get_by_role("region", name="Your team's melds")
    assert ours.locator("button.chip").count() == 2
    assert "First meld" not in ours.inner_text()
    assert len(table.hand()) == hand_before


def test_an_illegal_move_gets_a_plain_sentence_and_changes_nothing(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=77")
    before = table.hand()
    table.select_position(0)
    assert page.get_by_role("button", name="Discard", exact=True).is_disabled()
    table.draw()
    hand = table.hand()
    # One card is no meld: the engine's sentence, never a stack trace, and the hand is unchanged.
    table.select_position(0)
    table.tap("New meld")
    alert = page.get_by_role("alert")
    assert alert.count() == 1
    assert alert.locator("p").inner_text() == "A meld needs at least three cards."
    assert table.hand() == hand
    assert len(before) + 2 == len(hand)


def test_computer_turns_are_paced_and_explained(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page(reduced_motion="no-preference")
    table = Table(page, base_url).open_link("?rules=classic&deal=5")
    table.draw().select_position(0)
    page.get_by_role("button", name="Discard", exact=True).click()
    page.wait_for_selector(".banner.theirs")
    assert "West is playing" in table.banner()
    # The first computer move lands after a pause a person can follow, on the status line above the hand.
    page.wait_for_function("document.querySelector('#live').innerText.startsWith('West ')", timeout=5_000)
    assert page.locator('body[data-idle="0"]').count() == 1
    assert page.locator(".seat.pos-1 .did").inner_text().startswith("drew 2")
    page.locator("#r-status").get_by_role("button", name="Why?").click()
    panel = page.locator(".why-panel")
    reason = panel.locator("p").inner_text()
    assert len(reason) > 10
    # Why? stays open while the other computers move, until it is closed.
    page.wait_for_function("!document.querySelector('#live').innerText.startsWith('West ')", timeout=10_000)
    assert panel.is_visible() and panel.locator("p").inner_text() == reason
    panel.get_by_role("button", name="Close").click()
    assert page.locator(".why-panel").count() == 0


def test_hint_suggests_a_move(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=9")
    table.tap("Hint")
    assert table.message().startswith("Hint: ")


def play_round(table: Table) -> None:
    for _ in range(400):
        if table.round_is_over():
            return
        table.play_my_turn_simply()
    raise AssertionError("the round did not end")


def test_a_whole_round_through_the_buttons(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=42")
    first_hand = table.hand()
    play_round(table)
    scores = page.locator("table.score")
    assert scores.count() == 2
    assert "Round total" in scores.first.inner_text()
    # The breakdown runs past a phone's screen, but Next round is in reach without scrolling.
    assert page.evaluate("document.documentElement.scrollHeight") > 740
    box = page.get_by_role("button", name="Next round").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 740
    # ...with the other next steps beside it, one row that hides as little of the scores as it can.
    tops = page.evaluate("[...document.querySelectorAll('.round-over .row.stay button')].map((b) => b.offsetTop)")
    assert len(tops) == 3 and len(set(tops)) == 1, tops
    # Side by side on a wide screen, each side's rows keep their height (the shorter list isn't stretched).
    size = page.viewport_size
    page.set_viewport_size({"width": 1024, "height": 768})
    tops = page.evaluate("[...document.querySelectorAll('table.score')].map((t) => t.getBoundingClientRect().top)")
    assert len(tops) == 2 and abs(tops[0] - tops[1]) < 2  # side by side
    rows = page.evaluate(
        "[...document.querySelectorAll('table.score')].map((t) => [...t.rows].map((r) => r.offsetHeight))"
    )
    assert max(max(side) for side in rows) <= 1.1 * min(min(side) for side in rows), rows
    page.set_viewport_size(size or {"width": 360, "height": 740})
    totals = page.locator(".scoreboard").inner_text()
    table.tap("Show all hands")
    assert page.get_by_role("heading", name="All hands").count() == 1
    assert "rest of the stock" in page.locator(".hands").inner_text()
    table.tap("Back to the scores")
    # Replay This Deal deals the same cards again; the same moves give the same round.
    table.tap("Replay this deal")
    assert table.hand() == first_hand
    assert "Round 1" in page.locator(".meta").inner_text()
    play_round(table)
    assert page.locator(".scoreboard").inner_text() == totals
    table.tap("Next round")
    assert "Round 2" in page.locator(".meta").inner_text()
    assert len(table.hand()) == 11


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_no_sideways_scrolling_and_big_controls(new_page: Callable[..., Page], base_url: str, device: str) -> None:
    page = new_page(**(TABLET if device == "tablet" else {}))
    table = Table(page, base_url).open_link("?rules=hkf&deal=11")
    table.draw()
    for screen in ("table", "Settings", "Rules"):
        if screen != "table":
            table.menu(screen)
            page.locator("details.house summary").click() if screen == "Settings" else None
        assert not table.scrolls_sideways(), screen
        assert table.small_controls() == [], screen
    table.back_to_table()
    # A hand of 30+ cards (as after a big pickup) still wraps into rows without sideways scrolling.
    page.evaluate(
        """() => { const hand = document.querySelector('.hand');
                   for (let i = 0; i < 20; i++) hand.append(hand.lastElementChild.cloneNode(true)); }"""
    )
    assert len(table.hand()) >= 30
    assert not table.scrolls_sideways()


def position_where_partner_asks() -> dict[str, Any]:
    """A saved classic game stopped where North asks South "May I go out?"."""
    return position_where_south_is_asked(preset("classic"), range(1, 300), 3000)


def test_my_partner_asks_and_i_answer(page: Page, base_url: str) -> None:
    save = position_where_partner_asks()
    table = Table(page, base_url).open().wait_until_saved()
    table.replace_save(json.dumps(save)).reload()
    dialog = page.get_by_role("dialog", name="North asks: “May I go out?”")
    assert dialog.is_visible()
    yes = dialog.get_by_role("button", name="Yes, go out")
    assert yes.evaluate("el => el === document.activeElement")
    page.keyboard.press("Enter")  # operable from the keyboard
    table.wait_until_idle()
    assert page.get_by_role("dialog").count() == 0
    assert table.round_is_over() or any("You answered yes." in t for t in table.recent_moves())


def test_computer_moves_leave_open_panels_and_focus_alone(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page(reduced_motion="no-preference")
    table = Table(page, base_url).open_link("?rules=classic&deal=5")
    table.draw().select_position(0)
    page.get_by_role("button", name="Discard", exact=True).click()
    moves = table.moves()
    # A computer's move redraws the regions it changes, not the buttons, which stay the same elements.
    page.evaluate("document.querySelector('#r-actions .actions').dataset.mark = 'kept'")
    page.wait_for_function(f"Number(document.body.dataset.moves) > {moves}", timeout=10_000)
    assert table.status().startswith("West ")
    assert page.locator("#r-actions .actions[data-mark=kept]").count() == 1
    table.open_settings()
    page.locator("details.house summary").click()
    level = page.get_by_label("Level")
    level.focus()
    # The computers keep playing behind Settings; its folded sections and the focus stay as they are.
    moves = table.moves() if page.locator('body[data-idle="0"]').count() else moves
    page.wait_for_function(f"Number(document.body.dataset.moves) > {moves + 1}", timeout=10_000)
    assert page.locator("details.house").get_attribute("open") is not None
    assert level.evaluate("el => el === document.activeElement")


def test_a_portrait_tablet_reaches_the_score_pad_and_statistics_from_the_table(
    new_page: Callable[..., Page], base_url: str
) -> None:
    """At 768 px the header has room for four screens only: Menu lists the Score pad and Statistics."""
    page = new_page(**TABLET)
    table = Table(page, base_url).open()
    header = page.locator("nav.menu")
    assert not header.get_by_role("button", name="Score pad", exact=True).is_visible()
    assert page.get_by_role("button", name="Menu", exact=True).is_visible()
    assert page.locator(".top").bounding_box()["height"] < 70  # one line: the title gives way, nothing wraps
    for name, screen in (("Score pad", "pad"), ("Statistics", "stats")):
        table.menu(name)
        assert page.locator(f'nav.menu button[data-arg="{screen}"][aria-current="page"]').count() == 1, name
        assert not table.scrolls_sideways(), name
        table.menu("Table")
        assert page.locator(".screen-table").count() == 1


def test_a_discard_lands_once_not_again_on_each_repaint(new_page: Callable[..., Page], base_url: str) -> None:
    """On a phone, Show melds repainted the pile's row and played the last discard's landing again (the top card
    faded and tilted as if just thrown). The same discard is drawn without it; the next discard lands."""
    page = new_page(reduced_motion="no-preference")
    table = Table(page, base_url).open_link("?rules=classic&deal=2468")
    for _ in range(40):  # until some side has melded and a computer's discard is the pile's top on my turn
        table.wait_until_idle()
        if page.locator(".pile.landed").count() and page.get_by_role("button", name="Show melds").count():
            break
        table.play_my_turn_simply()
    landed = page.locator(".pile.landed").get_attribute("data-land")
    assert landed
    page.get_by_role("button", name="Show melds").click()
    table.wait_until_idle()
    assert page.get_by_role("button", name="Fold melds").count() == 1  # the row was drawn again
    assert page.locator(".pile.landed").count() == 0 and page.locator(f'.pile[data-land="{landed}"]').count() == 1
    table.play_my_turn_simply()  # draw
    table.play_my_turn_simply()  # discard: the computers play, and the next discard lands afresh
    page.wait_for_function(f"(p => p && p.dataset.land && p.dataset.land !== {json.dumps(landed)})"
                           "(document.querySelector('.pile.landed'))", timeout=20_000)
