"""axe-core finds no accessibility violations on any screen a player meets; the keyboard plays a whole turn.

axe-core comes from npm (a dev dependency) and is injected into the page under test.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from conftest import ROOT
from pages import Table
from playwright.sync_api import Page
from test_table import opening_deal, position_where_partner_asks

from engine import cards as C
from engine.actions import Draw, Meld, MeldPlay
from engine.rules import preset
from engine.serialize import from_dict
from engine.state import Game
from engine.views import view_for
from tests.helpers import position_where

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AUDIT = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  const where = (v) => v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ");
  return result.violations.map((v) => `${v.id} (${v.impact}): ${where(v)}`);
}"""


def audited(new_page: Callable[..., Page]) -> Page:
    """A page axe-core can be injected into: the app's Content-Security-Policy refuses inline scripts."""
    return new_page(bypass_csp=True)


def violations(page: Page) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return list(page.evaluate(AUDIT))


def test_no_violations_mid_game_and_on_every_screen(new_page: Callable[..., Page], base_url: str) -> None:
    page = audited(new_page)
    table = Table(page, base_url).open_link("?rules=pagat&deal=31337")
    for _ in range(3):
        table.play_my_turn_simply()
    assert violations(page) == [], "table mid-game"
    page.locator("#r-status").get_by_role("button", name="Moves").click()
    assert violations(page) == [], "recent moves"
    page.get_by_role("button", name="Close").click()
    table.tap("Hint")
    assert violations(page) == [], "a hint"
    table.open_settings()
    page.locator("details.house summary").click()
    assert violations(page) == [], "settings"
    table.open_rules()
    assert violations(page) == [], "rules"


def test_no_violations_in_a_two_player_game(new_page: Callable[..., Page], base_url: str) -> None:
    page = audited(new_page)
    table = Table(page, base_url).open_link("?rules=hkf&deal=808&house=players.2")
    for _ in range(3):
        table.play_my_turn_simply()
    assert page.get_by_role("region", name="Opponent's melds").count() == 1
    assert violations(page) == [], "two-player table"
    table.open_rules()
    assert "each on their own" in page.locator("main, body").first.inner_text()
    assert violations(page) == [], "two-player rules"


def test_no_violations_with_a_staged_first_meld(new_page: Callable[..., Page], base_url: str) -> None:
    page = audited(new_page)
    deal, first, _second = opening_deal()
    table = Table(page, base_url).open_link(f"?rules=classic&deal={deal}")
    table.draw()
    for name in first:
        table.select(name)
    table.new_meld()
    assert page.get_by_role("region", name="Your first meld").count() == 1
    assert violations(page) == []


def test_no_violations_on_the_partners_question_and_the_round_score(
    new_page: Callable[..., Page], base_url: str
) -> None:
    page = audited(new_page)
    table = Table(page, base_url).open().wait_until_saved()
    table.replace_save(json.dumps(position_where_partner_asks())).reload().wait_until_idle()
    assert table.partner_asks()
    assert violations(page) == [], "partner's question"
    table.answer_partner(True)
    for _ in range(400):
        if table.round_is_over():
            break
        table.play_my_turn_simply()
    assert table.round_is_over()
    assert violations(page) == [], "round score"


def test_the_partners_question_keeps_the_focus_and_escape_puts_it_aside(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().wait_until_saved()
    table.replace_save(json.dumps(position_where_partner_asks())).reload().wait_until_idle()
    dialog = page.get_by_role("dialog", name="North asks: “May I go out?”")
    assert dialog.is_visible()
    # The hand stays in view below the question.
    hand = page.get_by_role("group", name="Your cards").bounding_box()
    box = dialog.bounding_box()
    assert hand is not None and box is not None and hand["y"] >= box["y"] + box["height"]
    for _ in range(5):  # Tab goes round the two answers, never out to the page behind
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('[role=dialog]') !== null")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.closest('[role=dialog]') !== null")
    page.keyboard.press("Escape")
    assert page.get_by_role("dialog").count() == 0
    assert table.partner_asks() is False and "asks" in table.banner()
    table.tap("Answer")  # back to the question, still unanswered
    assert dialog.is_visible()


def keyboard_position() -> dict[str, Any]:
    """A classic game at South's draw, the team already down, where the three lowest cards after
    the draw are a legal new meld (so a turn is: draw, select three, meld, discard)."""

    def ready(game: Game) -> bool:
        if game.to_act != 0 or game.phase != "draw" or not game.teams[0].opened:
            return False
        trial = from_dict(json_round_trip(game))
        trial.apply(Draw())
        hand = view_for(trial, 0).hand
        low = hand[:3]
        if len({C.rank(c) for c in low if not C.is_wild(c)}) != 1 or C.is_wild(low[0]):
            return False
        if len(hand) < 5 or any(C.is_wild(c) for c in low):
            return False
        rank = C.rank(low[0])
        if trial.teams[0].open_meld(rank) is not None:
            return False
        return trial.is_legal(Meld((MeldPlay(tuple(low), rank=rank),)))

    return position_where(preset("classic"), range(1, 400), 3000, ready)


def json_round_trip(game: Game) -> dict[str, Any]:
    from engine.serialize import to_dict

    return json.loads(json.dumps(to_dict(game)))


def test_a_whole_turn_from_the_keyboard(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page()
    table = Table(page, base_url).open().wait_until_saved()
    table.replace_save(json.dumps(keyboard_position())).reload().wait_until_idle()
    melds_before = page.locator(".team.us .chip").count()
    moves = table.moves()
    keys = ["d", "Space", "ArrowRight", "Space", "ArrowRight", "Space", "m", "Space", "x"]
    for key in keys:
        page.keyboard.press(key)
        table.wait_until_idle() if key in ("d", "m", "x") else None
    assert len(keys) <= 12
    assert page.locator(".team.us .chip").count() == melds_before + 1
    assert table.moves() >= moves + 3  # draw, meld, discard, then the computers
    assert page.evaluate("document.activeElement.id") in ("live", "")  # the next step: watch the others


def test_no_violations_with_both_sides_melds_scrolling(new_page: Callable[..., Page], base_url: str) -> None:
    """Both sides' melds overflowing their boxes at 360×740 (each box scrolls): still no violations,
    with and without a selected card's meld brought into view."""
    from test_screen import many_melds_and_a_card_for_the_last as found

    saved = position_where(preset("hkf"), range(1, 60), 4000, lambda g: found(g) is not None)
    card = found(from_dict(saved))
    assert card is not None
    page = new_page(bypass_csp=True, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    table = Table(page, base_url).open().wait_until_saved()
    table.replace_save(json.dumps(saved)).reload().wait_until_idle()
    scrolls = "[...document.querySelectorAll('.team > .melds')].filter(b => b.scrollHeight > b.clientHeight).length"
    assert page.evaluate(scrolls) == 2
    assert violations(page) == [], "both sides' melds scrolling"
    table.select(C.name(card)).wait_until_idle()
    assert violations(page) == [], "a selected card's meld in view"
