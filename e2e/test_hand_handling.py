"""A hand that handles well (issue 29, items 4 and 12): Larger cards leave every card of a 15-card hkf
hand on screen and tappable, with our melds in reach; whole rounds played by tapping and by dragging
with sound on; the hand order chosen in Settings; Report this hand."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from pages import Table
from playwright.sync_api import CDPSession, Locator, Page
from test_screen import open_at, play_round_checking

from engine.actions import PickUp
from engine.rules import preset
from engine.state import Game
from tests.helpers import position_where

# Every card of the hand on screen, whole and on top at its centre, without scrolling the hand or the
# page; our melds' box on screen and on top at its heading.
WHOLE_HAND = """() => {
  const vw = innerWidth, vh = innerHeight, out = [];
  const root = document.documentElement;
  if (root.scrollHeight > vh) out.push(`the page scrolls: ${root.scrollHeight} > ${vh}`);
  if (root.scrollWidth > vw) out.push(`the page scrolls sideways: ${root.scrollWidth} > ${vw}`);
  const hand = document.querySelector('[aria-label="Your cards"]');
  if (hand.scrollHeight > hand.clientHeight + 1)
    out.push(`the hand scrolls: ${hand.scrollHeight} > ${hand.clientHeight}`);
  const box = hand.getBoundingClientRect();
  for (const card of hand.querySelectorAll("button")) {
    const r = card.getBoundingClientRect();
    const name = card.getAttribute("aria-label");
    if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
      out.push(`${name} clipped by the hand: ${r.left}-${r.right}, ${r.top}-${r.bottom} in ${box.left}-${box.right}`);
    if (r.left < 0 || r.right > vw || r.top < 0 || r.bottom > vh) out.push(`${name} is off screen`);
    const t = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!(t && (t === card || card.contains(t)))) out.push(`${name} is covered at its centre`);
  }
  const us = document.querySelector(".team.us");
  const head = us && us.querySelector("h2, h3");
  if (!us || !head) out.push("our melds are not on the table");
  else {
    const r = head.getBoundingClientRect();
    const t = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
    if (r.top < 0 || r.bottom > vh || !(t && us.contains(t))) out.push("our melds are out of reach");
  }
  return out;
}"""


def larger_cards(table: Table) -> None:
    table.open_settings()
    table.page.get_by_label("Larger cards").check()
    table.wait_until_idle().back_to_table()


def sound_on(table: Table) -> None:
    table.open_settings()
    table.page.get_by_label("Sound and vibration", exact=False).check()
    table.wait_until_idle().back_to_table()


@pytest.mark.parametrize("size", ["phone-360x740", "phone-landscape-844x390", "phone-390x844",
                                  "tablet-landscape-1024x768"])
def test_larger_cards_show_a_whole_hkf_hand(new_page: Callable[..., Page], base_url: str, size: str) -> None:
    page, table = open_at(new_page, base_url, size)
    table.open_link("?rules=hkf&deal=7")
    if size != "phone-landscape-844x390":  # there the welcome's lesson offer is left up: it pushes nothing away
        page.locator(".note").get_by_role("button", name="OK").click()
    larger_cards(table)
    if size == "phone-landscape-844x390":
        assert page.get_by_role("button", name="Learn to play").is_visible()
    assert page.locator("body.larger-cards, #app.larger-cards, .larger-cards").count() > 0
    assert len(table.hand()) == 15
    page.screenshot(path=f"/tmp/hand29-{size}.png")
    problems = page.evaluate(WHOLE_HAND)
    assert problems == [], problems


def drag(page: Page, source: Locator, target: Locator) -> None:
    """Press on ``source``, move the pointer in steps onto ``target``'s middle, let go."""
    a, b = source.bounding_box(), target.bounding_box()
    assert a is not None and b is not None
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + min(b["height"] / 2, 20), steps=8)
    done = int(page.evaluate("document.body.dataset.drags || '0'"))
    page.mouse.up()
    page.wait_for_function(f"Number(document.body.dataset.drags || 0) > {done}")  # the drop was handled


def cards(page: Page) -> Locator:
    return page.get_by_role("group", name="Your cards").get_by_role("button")


def turn_by_dragging(table: Table) -> str:
    """South's decision, with the cards moved by dragging: the hand put in another order, then the hint's
    cards dragged onto their meld, our melds' box or the pile (a first meld staged by the hint: Play it).
    Says how the cards went: 'reordered', 'discard dragged', 'meld dragged', or 'tapped'."""
    page = table.page
    if table.partner_asks():
        table.answer_partner(True)
        return "tapped"
    if page.get_by_role("button", name="Draw", exact=True).is_enabled():
        hand = table.hand()
        drag(page, cards(page).first, cards(page).last)
        table.wait_until_idle()
        moved = table.hand()
        assert moved[-1] == hand[0] and moved[:-1] == hand[1:], (hand, moved)  # the first card went last
        table.draw()
        return "reordered"
    table.tap("Hint")
    chosen = page.get_by_role("group", name="Your cards").locator('button[aria-pressed="true"]')
    said = page.locator(".note").first.inner_text().lower() if page.locator(".note").count() else ""
    if "discard" in said and chosen.count() == 1:
        name = (chosen.first.get_attribute("aria-label") or "").split(", ")[-1]
        drag(page, chosen.first, page.locator(".pile"))
        table.wait_until_idle()
        assert table.round_is_over() or f"Discard pile: {name} on top" in (
            page.locator(".pile").get_attribute("aria-label") or ""
        ) or any(line.startswith("You") and name in line for line in table.recent_moves()), name  # on the pile
        return "discard dragged"
    if chosen.count() and page.get_by_role("button", name="Play it", exact=True).count():
        target = page.locator(".team.us button.chip.target")
        before = len(table.hand())
        drag(page, chosen.last, target.first if target.count() else page.locator(".team.us h2").first)
        table.wait_until_idle()
        if len(table.hand()) < before or table.round_is_over():
            return "meld dragged"
    if page.get_by_role("button", name="Play it", exact=True).count():
        table.tap("Play it")
    else:
        table.play_my_turn_simply()
    return "tapped"


def test_a_classic_round_played_by_tapping_with_sound_on(new_page: Callable[..., Page], base_url: str) -> None:
    page, table = open_at(new_page, base_url, "phone-360x740")
    table.open_link("?rules=classic&deal=42")
    sound_on(table)
    assert play_round_checking(table) > 10
    assert int(page.evaluate("document.body.dataset.cues || '0'")) > 5  # the computers' plays, the turns


def test_a_classic_round_played_by_dragging_with_sound_on(new_page: Callable[..., Page], base_url: str) -> None:
    page, table = open_at(new_page, base_url, "phone-360x740")
    table.open_link("?rules=classic&deal=42")
    sound_on(table)
    how = []
    for _ in range(400):
        table.wait_until_idle()
        if table.round_is_over():
            break
        how.append(turn_by_dragging(table))
    else:
        raise AssertionError("the round did not end")
    assert how.count("reordered") > 3 and how.count("discard dragged") > 3 and "meld dragged" in how, how
    assert int(page.evaluate("document.body.dataset.cues || '0'")) > 5


def test_a_tap_on_a_card_still_selects_it_and_a_short_wobble_is_a_tap(
    new_page: Callable[..., Page], base_url: str
) -> None:
    page, table = open_at(new_page, base_url, "phone-360x740")
    table.open_link("?rules=classic&deal=42")
    card = cards(page).nth(2)
    box = card.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 20, box["y"] + 30)
    page.mouse.down()
    page.mouse.move(box["x"] + 24, box["y"] + 32)  # under the drag's threshold
    page.mouse.up()
    assert cards(page).nth(2).get_attribute("aria-pressed") == "true"
    card.click()
    assert cards(page).nth(2).get_attribute("aria-pressed") == "false"


def test_the_hand_order_chosen_in_settings(new_page: Callable[..., Page], base_url: str) -> None:
    _page, table = open_at(new_page, base_url, "phone-360x740")
    table.open_link("?rules=classic&deal=42")
    table.open_settings().choose("Hand order", "By suit, wild cards first").back_to_table()
    names = table.hand()
    wild = [n for n in names if n == "joker" or n.startswith("two of")]
    assert names[: len(wild)] == wild
    suits = [n.split(" of ")[-1] for n in names[len(wild):]]
    assert suits == sorted(suits, key=["spades", "hearts", "clubs", "diamonds"].index)
    table.reload()
    assert table.hand() == names  # kept with the settings


@pytest.mark.parametrize("allowed", [True, False])
def test_report_this_hand(new_page: Callable[..., Page], base_url: str, allowed: bool) -> None:
    page, table = open_at(new_page, base_url, "phone-360x740")
    if allowed:
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    else:  # a browser that refuses the copy
        page.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new Error('refused'));")
    table.open_link("?rules=pagat&deal=4417")
    table.play_my_turn_simply()
    table.menu("Report this hand")
    box = page.get_by_label("The report")
    box.wait_for()
    text = box.input_value()
    assert "Deal: 4,417" in text and "Pagat" in text and "App version: " in text and "unknown" not in text
    assert "Moves so far" in text and " draw" in text
    said = page.locator(".report-said").inner_text()
    if allowed:
        assert said.startswith("Copied.")
        assert page.evaluate("navigator.clipboard.readText()") == text
    else:
        assert "select the text below" in said


def test_the_screen_is_kept_awake_while_the_page_shows(new_page: Callable[..., Page], base_url: str) -> None:
    page, table = open_at(new_page, base_url, "phone-360x740")
    page.add_init_script("""(() => {
      window.__locks = 0;
      const fake = { request: async () => { window.__locks += 1;
        return { release: async () => { window.__locks -= 1; } }; } };
      Object.defineProperty(navigator, "wakeLock", { value: fake, configurable: true });
    })();""")
    table.open_link("?rules=classic&deal=42")
    page.wait_for_function("window.__locks === 1")
    page.evaluate("""() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.wait_for_function("window.__locks === 0")
    page.evaluate("""() => {
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.wait_for_function("window.__locks === 1")



def test_axe_finds_nothing_on_the_new_controls(new_page: Callable[..., Page], base_url: str) -> None:
    from test_accessibility import audited, violations

    page = audited(new_page)
    table = Table(page, base_url).open_link("?rules=classic&deal=42")
    table.open_settings()
    assert page.get_by_label("Hand order").count() == 1
    assert violations(page) == [], "settings: hand order, sound"
    table.back_to_table()
    drag(page, cards(page).first, cards(page).last)
    table.wait_until_idle()
    page.get_by_role("button", name="Sort", exact=True).wait_for()
    assert violations(page) == [], "the hand in the player's own order, with Sort"
    table.menu("Report this hand")
    page.get_by_label("The report").wait_for()
    assert violations(page) == [], "the report of the hand"


def before_a_pickup_to_twenty_odd_cards(game: Game) -> bool:
    """South, in hkf, can take a pile that makes a hand of 20 to 26 cards (it overlaps past 26 everywhere)."""
    if game.to_act != 0 or game.phase != "draw" or not game.is_legal(PickUp()):
        return False
    return 20 <= len(game.players[0].hand) - 2 + len(game.pile) - 1 <= 26


HAND_STATE = """() => { const h = document.querySelector('.hand');
  return { scrolls: h.hasAttribute('data-scrolls'), top: Math.round(h.scrollTop),
    drags: document.body.dataset.drags || '0',
    order: [...h.querySelectorAll('.card')].map(c => c.getAttribute('aria-label')).join('|') }; }"""


def swipe(cdp: CDPSession, page: Page, start: dict[str, Any], end: dict[str, Any], hold_ms: int = 0) -> None:
    """A finger on the page (Chromium's touch input): down at ``start``, resting ``hold_ms``, then on to ``end``."""
    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", start["x"], start["y"])
    if hold_ms:
        page.wait_for_timeout(hold_ms)
    for i in range(1, 11):
        touch("touchMove", start["x"] + (end["x"] - start["x"]) * i / 10, start["y"] + (end["y"] - start["y"]) * i / 10)
        page.wait_for_timeout(16)
    touch("touchEnd", 0, 0)
    page.wait_for_timeout(300)


def test_a_scrolling_hand_scrolls_under_a_finger_and_its_cards_still_drag(
    new_page: Callable[..., Page], base_url: str
) -> None:
    """Phone landscape, Larger cards, a hand of 20 to 26 that scrolls in its box: a swipe up the cards scrolls
    it (no card moves); a move sideways drags a card; a long press lifts one, which then drags down a row."""
    saved = position_where(preset("hkf"), range(1, 60), 4000, before_a_pickup_to_twenty_odd_cards)
    page, table = open_at(new_page, base_url, "phone-landscape-844x390")
    table.open().wait_until_saved()
    larger_cards(table)
    table.wait_until_saved().replace_save(json.dumps(saved)).reload().wait_until_idle()
    table.tap("Pick up pile")
    page.wait_for_function("document.querySelector('.hand').hasAttribute('data-scrolls')")
    cdp = page.context.new_cdp_session(page)

    def at(i: int, dy: float = 0) -> dict[str, Any]:
        box = page.locator(".hand .card").nth(i).bounding_box()
        assert box is not None
        return {"x": box["x"] + 8, "y": box["y"] + box["height"] / 2 + dy}

    def top() -> None:
        page.evaluate("document.querySelector('.hand').scrollTop = 0")
        page.wait_for_timeout(50)

    before = page.evaluate(HAND_STATE)
    swipe(cdp, page, at(3), at(3, -80))  # up the cards: the hand scrolls
    swiped = page.evaluate(HAND_STATE)
    assert swiped["top"] > 20 and swiped["order"] == before["order"] and swiped["drags"] == before["drags"], swiped
    top()
    swipe(cdp, page, at(1), at(6))  # sideways: a drag within the row
    sideways = page.evaluate(HAND_STATE)
    assert sideways["drags"] == "1" and sideways["order"] != before["order"] and sideways["top"] == 0, sideways
    top()
    swipe(cdp, page, at(2), at(14), hold_ms=500)  # a long press, then down to the next row: a drag, no scroll
    held = page.evaluate(HAND_STATE)
    assert held["drags"] == "2" and held["order"] != sideways["order"] and held["top"] == 0, held
    table.wait_until_idle()
