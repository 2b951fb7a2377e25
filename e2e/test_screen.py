"""The table is one game screen on every phone and tablet: whole rounds played through the page.

At every South turn the page must not scroll, every card of the hand must be on screen and
hit-testable (past 12 cards, inside a hand region that scrolls by itself), Draw and Discard
must be on screen, and after every computer move the status line must name the seat and
its move, on screen. South plays as a player taking the hints: Hint, then Play it; with the hint
showing (its cards selected or staged), the same checks hold.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from pages import Table
from playwright.sync_api import Page

from engine import cards as C
from engine.actions import PickUp
from engine.rules import preset
from engine.serialize import from_dict, to_dict
from engine.state import Game
from tests.helpers import position_where
from ui.app import App as Controller
from ui.settings.model import Settings, rules_for
from ui.share import build_query
from ui_tests.helpers import simple_turn

SIZES = {
    "phone-360x740": (360, 740),
    "phone-390x844": (390, 844),
    "phone-landscape-844x390": (844, 390),
    "tablet-768x1024": (768, 1024),
    "tablet-landscape-1024x768": (1024, 768),
}
# A whole round is played once per kind of device (Chromium's mobile emulation is fixed for a context), its
# screen checked at every size of that kind at each South decision, and between decisions the page stays at
# one of them in turn, so each size also paints its share of the computers' moves and of the hints.
DEVICES = {
    "phones-and-tablet": ("phone-360x740", "phone-390x844", "phone-landscape-844x390", "tablet-768x1024"),
    "tablet-landscape-1024x768": ("tablet-landscape-1024x768",),
}
SEATS = ("You", "West", "North", "East", "Northwest", "Northeast", "The ")

# Everything a player must see at the start of a turn, measured in the page.
SCREEN_PROBLEMS = """() => {
  const vw = innerWidth, vh = innerHeight, out = [];
  const seen = (r) => r.width > 0 && r.height > 0 && r.top >= -1 && r.left >= -1
    && r.bottom <= vh + 1 && r.right <= vw + 1;
  const hits = (el) => {
    const r = el.getBoundingClientRect();
    const t = document.elementFromPoint(r.left + Math.min(8, r.width / 2), r.top + r.height / 2);
    return seen(r) && t !== null && (t === el || el.contains(t));
  };
  const root = document.documentElement;
  if (root.scrollHeight > vh) out.push(`the page scrolls: ${root.scrollHeight} > ${vh}`);
  if (root.scrollWidth > vw) out.push(`the page scrolls sideways: ${root.scrollWidth} > ${vw}`);
  const hand = document.querySelector('[aria-label="Your cards"]');
  if (!hand || !seen(hand.getBoundingClientRect())) out.push("the hand is not on screen");
  const cards = hand ? [...hand.querySelectorAll("button")] : [];
  if (hand && hand.scrollWidth > hand.clientWidth + 1)  // the last of an overlapped row cut at the edge
    out.push(`the hand scrolls sideways: ${hand.scrollWidth} > ${hand.clientWidth}`);
  if (cards.length > 12) {
    const style = getComputedStyle(hand);
    if (hand.scrollHeight > hand.clientHeight + 1 && !["auto", "scroll"].includes(style.overflowY))
      out.push("a big hand that doesn't fit can't scroll");
  }
  for (const card of cards) {
    if (cards.length > 12) hand.scrollTop = card.offsetTop - 10;  // the hand's own scroll, nothing else
    if (!hits(card)) out.push(`card not on screen or covered: ${card.getAttribute("aria-label")} of ${cards.length}`);
  }
  if (hand) hand.scrollTop = 0;
  for (const name of ["Draw", "Discard"]) {
    const button = [...document.querySelectorAll("#app button")].find((b) => b.textContent.trim() === name);
    if (!button || !hits(button)) out.push(`${name} is not on screen`);
  }
  return out;
}"""

# How many rows the buttons under the hand take (their distinct tops).
ACTION_ROWS = (
    "new Set([...document.querySelectorAll('.actions button')]"
    ".map((b) => Math.round(b.getBoundingClientRect().top))).size"
)

# The most lines any button's label under the hand takes, and whether one sticks out past the screen's edge.
ACTION_LABELS = """() => {
  const buttons = [...document.querySelectorAll('.actions button')];
  const lines = buttons.map((b) => {
    const range = document.createRange();
    range.selectNodeContents(b);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  const out = buttons.filter((b) => b.getBoundingClientRect().right > innerWidth + 0.5).map((b) => b.textContent);
  return {lines: Math.max(0, ...lines), out};
}"""

# On screen and on top at its middle: a tap there reaches it.
HIT_TESTABLE = """(el) => {
  const r = el.getBoundingClientRect();
  const t = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && t !== null && (t === el || el.contains(t));
}"""

# Installed before the page's scripts: after every painted move, what the status line says and
# whether it is on screen.
WATCH_STATUS = """(() => {
  window.__status = [];
  const record = () => {
    const live = document.querySelector("#live");
    if (!live || document.body.dataset.ready !== "1") return;
    const r = live.getBoundingClientRect();
    const seen = r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 1;
    window.__status.push({ moves: document.body.dataset.moves, text: live.innerText, seen });
  };
  new MutationObserver(record).observe(document,
    { subtree: true, attributes: true, attributeFilter: ["data-moves"] });
})();"""


def open_at(new_page: Callable[..., Page], base_url: str, size: str) -> tuple[Page, Table]:
    """A page at one of SIZES (a phone or tablet emulated as one below 1000 px wide) that records the status
    line after every painted move."""
    width, height = SIZES[size]
    page = new_page(viewport={"width": width, "height": height}, is_mobile=width < 1000, has_touch=True)
    page.add_init_script(WATCH_STATUS)
    return page, Table(page, base_url)


def take_hint(table: Table) -> None:
    """South's turn as a player who follows the hints: Hint, then Play it (a plain draw and discard if none)."""
    page = table.page
    if table.partner_asks():
        table.answer_partner(True)
        return
    table.tap("Hint")
    play = page.get_by_role("button", name="Play it", exact=True)
    # With the hint showing (and its cards selected or staged), the hand and Play it stay in view.
    shown = page.evaluate(SCREEN_PROBLEMS)
    assert shown == [], f"with the hint {table.message()[:80]!r}: {shown}"
    if play.count():
        assert play.evaluate(HIT_TESTABLE), f"Play it is off screen or covered: {table.message()[:80]!r}"
        table.tap("Play it")
    else:
        table.play_my_turn_simply()


def resize(page: Page, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})


def check_screen(page: Page, sizes: tuple[str, ...], what: str) -> None:
    """SCREEN_PROBLEMS at each of ``sizes`` (the page is left at the last), or at the page's size if none."""
    for size in sizes or ("",):
        if len(sizes) > 1:
            resize(page, size)
        problems = page.evaluate(SCREEN_PROBLEMS)
        assert problems == [], f"{size or page.viewport_size}, {what}: {problems}"


def play_round_checking(
    table: Table, turns: int = 400, first: Callable[[], None] | None = None, sizes: tuple[str, ...] = ()
) -> int:
    """Play out the round as South; the screen is checked at the start of every South decision, at each of
    ``sizes`` (the page's own size when none), and the decision is played at the next of them in turn."""
    page, checked = table.page, 0
    for _ in range(turns):
        table.wait_until_idle()
        if table.round_is_over():
            return checked
        check_screen(page, sizes, f"decision {checked}")
        if len(sizes) > 1:
            resize(page, sizes[checked % len(sizes)])
        checked += 1
        if first is not None:
            first()
            first = None
        else:
            take_hint(table)
    raise AssertionError("the round did not end")


def assert_every_move_was_shown(page: Page) -> None:
    painted: list[dict[str, Any]] = page.evaluate("window.__status")
    statuses = [s for s in painted if not s["text"].startswith("New round")]  # before the first move
    assert len(statuses) > 10
    for status in statuses:
        assert status["seen"], status
        assert status["text"].startswith(SEATS), status


@pytest.mark.parametrize("device", list(DEVICES))
def test_a_classic_round_fits_one_screen(new_page: Callable[..., Page], base_url: str, device: str) -> None:
    page, table = open_at(new_page, base_url, DEVICES[device][0])
    table.open_link("?rules=classic&deal=42")
    checked = play_round_checking(table, sizes=DEVICES[device])
    assert checked > 10
    assert_every_move_was_shown(page)
    assert page.locator("table.score").count() == 2


def position_before_big_pickup() -> dict[str, Any]:
    """An hkf game stopped where South can take a pile that makes a hand of 30 or more cards."""

    def big_pickup(game: Game) -> bool:
        if game.to_act != 0 or game.phase != "draw" or not game.is_legal(PickUp()):
            return False
        return len(game.players[0].hand) - 2 + len(game.pile) - 1 >= 30

    return position_where(preset("hkf"), range(1, 60), 4000, big_pickup)


@pytest.mark.parametrize("device", list(DEVICES))
def test_an_hkf_round_with_a_whole_pile_pickup(new_page: Callable[..., Page], base_url: str, device: str) -> None:
    sizes = DEVICES[device]
    page, table = open_at(new_page, base_url, sizes[0])
    table.open().wait_until_saved()
    table.replace_save(json.dumps(position_before_big_pickup())).reload().wait_until_idle()

    def pick_up() -> None:
        table.tap("Pick up pile")
        assert len(table.hand()) >= 30
        check_screen(page, sizes, "after the pickup")

    play_round_checking(table, first=pick_up, sizes=sizes)
    assert_every_move_was_shown(page)


@pytest.mark.parametrize("device", list(DEVICES))
def test_a_six_player_round_fits_one_screen(new_page: Callable[..., Page], base_url: str, device: str) -> None:
    page, table = open_at(new_page, base_url, DEVICES[device][0])
    table.open_link(build_query(rules_for("classic", {"players": 6}), 64))
    assert len(page.locator(".seat").all()) == 5
    play_round_checking(table, sizes=DEVICES[device])
    assert_every_move_was_shown(page)


@pytest.mark.parametrize(
    "sizes", [("phone-360x740", "phone-landscape-844x390"), ("tablet-landscape-1024x768",)], ids=["phone", "tablet"]
)
def test_a_three_player_round_alone_fits_one_screen(
    new_page: Callable[..., Page], base_url: str, sizes: tuple[str, ...]
) -> None:
    """Individual play: two opponents' boxes and melds, no partner to ask, a score table per player."""
    page, table = open_at(new_page, base_url, sizes[0])
    table.open_link(build_query(rules_for("classic", {"players": 3}), 65))
    assert len(page.locator(".seat").all()) == 2
    assert page.locator(".seat .role.partner").count() == 0
    assert page.get_by_role("region", name="West's melds").count() == 1
    play_round_checking(table, sizes=sizes)
    assert_every_move_was_shown(page)
    assert page.locator("table.score caption").all_inner_texts() == ["You", "West", "East"]


def stage_the_first_meld_hint(table: Table) -> str:
    """Take the hints until one is a first meld, whose cards it stages; return its text."""
    page = table.page
    for _ in range(40):
        table.wait_until_idle()
        if table.partner_asks():
            table.answer_partner(True)
            continue
        table.tap("Hint")
        text = table.message()
        if text.startswith("Hint: Meld"):
            return text
        table.tap("Play it")
    raise AssertionError(f"no first-meld hint: {page.locator('#app').inner_text()[:300]}")


@pytest.mark.parametrize("device", list(DEVICES))
def test_a_staged_first_meld_leaves_the_hand_in_view(
    new_page: Callable[..., Page], base_url: str, device: str
) -> None:
    """The hint, the staged melds, Lay down and all nine cards at once: the notes give way, not the hand
    (on a phone in landscape the staged list folds away under its heading; it scrolls)."""
    page, table = open_at(new_page, base_url, DEVICES[device][0])
    table.open_link("?rules=thirteen&deal=77")
    text = stage_the_first_meld_hint(table)
    assert "8♣ 8♦ 8♠" in text and page.locator(".staging li").count() == 2
    lay = page.get_by_role("button", name="Lay down melds")
    for size in DEVICES[device]:
        resize(page, size)
        assert page.evaluate(SCREEN_PROBLEMS) == [], size
        preview = page.locator(".staged-preview .staged-chip")
        if size == "phone-landscape-844x390":  # the dock folds the list: the table shows the melds instead
            boxes = [preview.nth(i).bounding_box() for i in range(preview.count())]
            assert len(boxes) == 2 and all(b is not None and b["y"] >= 0 and b["y"] + b["height"] <= 390 for b in boxes)
            assert "8♣" in preview.first.inner_text() and "60" in preview.last.inner_text()
        else:
            assert not page.locator(".staged-preview").is_visible(), size
        assert lay.evaluate(HIT_TESTABLE), f"{size}: Lay down melds is off screen or covered"
    lay.click()
    table.wait_until_idle()
    assert page.locator(".staging").count() == 0 and page.locator(".staged-preview").count() == 0
    assert [m for m in table.table_text().split("\n") if m.startswith("8")]  # the 8s are on the table


@pytest.mark.parametrize("size", ["phone-360x740", "phone-landscape-844x390"])
def test_why_left_open_with_a_hint_leaves_the_hand_in_view(
    new_page: Callable[..., Page], base_url: str, size: str
) -> None:
    """A player who opens Why? after every computer turn and leaves it open while taking the hints:
    the hand, Play it and Why?'s Close stay in view, and the buttons under the hand keep to one row."""
    page, table = open_at(new_page, base_url, size)
    table.open_link("?rules=thirteen&deal=77")
    most_buttons = 0
    for _ in range(400):
        table.wait_until_idle()
        if table.round_is_over():
            break
        why = page.locator("#r-status").get_by_role("button", name="Why?")
        if why.count() and page.locator(".why-panel").count() == 0:
            why.click()
            table.wait_until_idle()
        close = page.locator(".why-panel").get_by_role("button", name="Close")
        if close.count():
            assert close.evaluate(HIT_TESTABLE), "Why?'s Close is off screen or covered"
        most_buttons = max(most_buttons, page.locator(".actions button").count())
        rows = page.evaluate(ACTION_ROWS)
        assert rows == 1, f"the buttons under the hand take {rows} rows"
        labels = page.evaluate(ACTION_LABELS)
        assert labels["lines"] <= 2 and not labels["out"], labels  # "May I / go out?", each button whole
        take_hint(table)
    assert table.round_is_over()
    # Undo and May I go out? came up beside the four a turn has once drawn (Pick up pile waits for the
    # next turn, and Clear sits in the hand's heading).
    assert most_buttons >= 6


def many_melds_and_a_card_for_the_last(game: Game) -> int | None:
    """South to meld in Hand, Knee and Foot with ten melds or more on our side and six on theirs:
    a card of South's for our highest-ranked open meld, with nine of our melds or more before its chip
    (they are in rank order: it sits below the rows a phone's box shows)."""
    if game.to_act != 0 or game.phase != "play":
        return None
    ours = game.teams[0].melds
    if len(ours) < 10 or len(game.teams[1].melds) < 6:
        return None
    open_ = sorted((m for m in ours if not m.is_book and m.rank != C.WILD_RANK), key=lambda m: m.rank)
    if not open_ or sum(1 for m in ours if m.rank < open_[-1].rank) < 9:
        return None
    return next((c for c in game.players[0].hand if not C.is_wild(c) and C.rank(c) == open_[-1].rank), None)


IN_VIEW = """(chip) => { const r = chip.getBoundingClientRect(), box = chip.closest('.melds').getBoundingClientRect();
  const dock = document.querySelector('.dock').getBoundingClientRect();
  return r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.bottom <= dock.top + 1 && r.height > 0; }"""


def test_our_melds_stay_in_view_and_a_selected_cards_meld_scrolls_into_it(
    new_page: Callable[..., Page], base_url: str
) -> None:
    """At 360×740 with both sides' melds filling the board, our melds keep a row in view above the
    hand (each side's melds scroll in their own box, the opponents' first); selecting a card brings
    the meld it can go on into view, and the box stays where it was when the selection goes."""
    found = many_melds_and_a_card_for_the_last
    saved = position_where(preset("hkf"), range(1, 60), 4000, lambda g: found(g) is not None)
    card = found(from_dict(saved))
    assert card is not None
    page, table = open_at(new_page, base_url, "phone-360x740")
    table.open().wait_until_saved().replace_save(json.dumps(saved)).reload().wait_until_idle()
    ours = page.locator(".team.us .melds")
    assert ours.evaluate("b => b.scrollHeight > b.clientHeight")  # more melds than the box shows
    assert page.locator(".team.us .chip").first.evaluate(IN_VIEW)
    assert page.locator(".team.them .chip").first.evaluate(IN_VIEW)
    assert not page.locator(".team.us .chip").last.evaluate(IN_VIEW)
    table.select(C.name(card)).wait_until_idle()
    target = page.locator(".team.us .chip.target")
    assert target.count() == 1 and target.evaluate(IN_VIEW)
    assert target.evaluate(HIT_TESTABLE), "the meld the card goes on is covered"
    scrolled = ours.evaluate("b => b.scrollTop")
    assert scrolled > 0
    table.tap("Clear").wait_until_idle()
    assert page.locator(".team.us .chip.target").count() == 0
    assert ours.evaluate("b => b.scrollTop") == scrolled  # redrawn without the highlight, not back at the top
    assert page.evaluate(SCREEN_PROBLEMS) == []


def position_with_our_melds_and_a_why() -> tuple[str, str]:
    """A classic game where South, taking the hints, is to draw with our melds on the table, a hand (here the
    foot) of nine cards or more and a computer's move with a reason on the status line: (the save, the recent
    moves kept beside it)."""
    ctrl = Controller(Settings(preset="classic"), rng=random.Random(1))
    ctrl.new_game(2)
    for _ in range(600):
        if ctrl.bot_to_act():
            ctrl.bot_step()
            continue
        last = ctrl.lines[-1] if ctrl.lines else None
        ready = ctrl.game.phase == "draw" and len(ctrl.game.players[0].hand) >= 9 and len(ctrl.game.teams[0].melds) >= 2
        if ready and last is not None and last.reason and last.seat != 0:
            return json.dumps(to_dict(ctrl.game)), ctrl.lines_data()
        if ctrl.game.phase == "answer":
            ctrl.handle("answer", "yes")
        elif ctrl.game.phase == "draw":
            ctrl.handle("draw")
        else:
            ctrl.handle("hint")
            moves = len(ctrl.game.history)
            ctrl.handle("play-hint")
            if len(ctrl.game.history) == moves:
                simple_turn(ctrl)
    raise AssertionError("no such position")


US_IN_VIEW = """() => { const us = document.querySelector('.team.us'), r = us.getBoundingClientRect();
  const chips = [...us.querySelectorAll('.chip')].filter(c => c.getBoundingClientRect().bottom <= r.bottom);
  const hit = (el) => { const b = el.getBoundingClientRect();
    const t = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2); return !!t && us.contains(t); };
  return { top: Math.round(r.top), bottom: Math.round(r.bottom), chips: chips.length,
    covered: chips.filter(c => !hit(c)).length, heading: hit(us.querySelector('h2')) }; }"""


def test_an_open_why_leaves_our_melds_in_view_on_a_phone(new_page: Callable[..., Page], base_url: str) -> None:
    """At 360x740 with a hand of two rows, Why? opens as a compact sheet over the dock's top: our melds stay
    where they were, uncovered, the hand and Draw too; the player's next move puts it away (issue 29)."""
    saved, lines = position_with_our_melds_and_a_why()
    page, table = open_at(new_page, base_url, "phone-360x740")
    table.open().wait_until_saved().replace_save(saved)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", ["handfoot-lines", lines])
    table.reload().wait_until_idle()
    before = page.evaluate(US_IN_VIEW)
    assert before["chips"] >= 1 and before["covered"] == 0 and before["heading"], before
    page.locator("#r-status").get_by_role("button", name="Why?").click()
    panel = page.locator(".why-panel")
    assert panel.is_visible() and len(panel.locator("p").inner_text()) > 10
    page.screenshot(path="/tmp/why-open-phone-360x740.png")
    assert page.evaluate(US_IN_VIEW) == before  # not moved, not covered
    assert page.evaluate(SCREEN_PROBLEMS) == []  # the hand, Draw and Discard on screen and hit-testable
    assert panel.get_by_role("button", name="Close").evaluate(HIT_TESTABLE)
    table.draw()
    assert page.locator(".why-panel").count() == 0


MENU_BUTTON = """() => { const b = document.querySelector('.menu-toggle'), r = b.getBoundingClientRect();
  const t = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { x: Math.round(r.x), y: Math.round(r.y), hit: t === b || b.contains(t), scrolled: Math.round(scrollY) }; }"""


def test_the_menu_opens_over_every_screen_and_closes_back_to_it(new_page: Callable[..., Page], base_url: str) -> None:
    """At 360x740 the Menu button sits where it sits on the table on every screen, in reach however far the
    screen is scrolled; the Menu opens over that screen and Close (or Esc) leaves the player where they were."""
    page, table = open_at(new_page, base_url, "phone-360x740")
    table.open_link("?rules=classic&deal=2")
    on_table = page.evaluate(MENU_BUTTON)
    assert on_table["hit"], on_table
    for name, heading in (("Rules", "Rules: "), ("Score pad", "Score pads"), ("Settings", "Settings")):
        table.menu(name)
        page.evaluate("scrollTo(0, 400)")
        here = page.evaluate(MENU_BUTTON)
        assert (here["x"], here["y"], here["hit"]) == (on_table["x"], on_table["y"], True), (name, here)
        page.mouse.click(here["x"] + 10, here["y"] + 10)  # a finger on the button, no scrolling to it first
        sheet = page.get_by_role("dialog", name="Menu")
        sheet.wait_for()
        assert page.locator("main h2, .page-body h2").first.inner_text().startswith(heading)
        assert page.evaluate("Math.round(scrollY)") == here["scrolled"]
        if name == "Settings":
            page.keyboard.press("Escape")
        else:
            sheet.get_by_role("button", name="Close").click()
        table.wait_until_idle()
        assert page.get_by_role("dialog", name="Menu").count() == 0
        assert page.locator("main h2, .page-body h2").first.inner_text().startswith(heading)
        assert page.evaluate("Math.round(scrollY)") == here["scrolled"], name
    page.screenshot(path="/tmp/menu-over-settings-360x740.png")


@functools.cache
def position_in_round_two_with_four_digit_totals() -> str:
    """A classic game saved at the start of round 2, both sides' totals of four digits or more."""
    for deal in range(1, 30):
        ctrl = Controller(Settings(preset="classic"), rng=random.Random(1))
        ctrl.new_game(deal)
        for _ in range(3000):
            if ctrl.game.phase in ("round_over", "game_over"):
                break
            if ctrl.bot_to_act():
                ctrl.bot_step()
            else:
                simple_turn(ctrl)
        if ctrl.game.phase == "round_over" and all(abs(t) >= 1000 for t in ctrl.game.totals):
            ctrl.handle("next-round")
            return json.dumps(to_dict(ctrl.game))
    raise AssertionError("no such game")


HEADER = """() => { const box = (el) => el.getBoundingClientRect();
  const meta = document.querySelector('.top .meta'), board = document.querySelector('.top .scoreboard');
  const parts = [...meta.children].filter(e => box(e).width > 0), m = box(meta), b = box(board);
  const over = (a, c) => a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom;
  return { lines: new Set(parts.map(e => Math.round(box(e).top))).size, crowded: parts.some(e => over(box(e), b)),
    gap: Math.round(b.left - Math.max(...parts.map(e => box(e).right))), round: parts[1].innerText,
    totals: board.innerText.replace(/\\s+/g, ' ') }; }"""


@pytest.mark.parametrize("size", ["tablet-landscape-1024x768", "tablet-768x1024"])
def test_the_round_keeps_clear_of_four_digit_totals(new_page: Callable[..., Page], base_url: str, size: str) -> None:
    page, table = open_at(new_page, base_url, size)
    table.open().wait_until_saved().replace_save(position_in_round_two_with_four_digit_totals()).reload()
    table.wait_until_idle()
    header = page.evaluate(HEADER)
    page.screenshot(path=f"/tmp/header-{size}.png")
    assert header["round"] == "Round 2/4" and re.search(r"\d,\d{3}.*\d,\d{3}", header["totals"]), header
    assert not header["crowded"] and header["gap"] >= 8 and header["lines"] == 1, header  # (1024x768 before: 3 lines)


@functools.cache
def position_with_many_melds() -> str:
    """An hkf round South played by the hints, stopped on South's turn to draw once each side has nine melds or
    more and South holds ten cards or more (a phone's board has no room for all of them)."""
    ctrl = Controller(Settings(preset="hkf"), rng=random.Random(1))
    ctrl.new_game(2468)
    for _ in range(3000):
        if ctrl.bot_to_act():
            ctrl.bot_step()
            continue
        game = ctrl.game
        if game.phase == "draw" and all(len(t.melds) >= 9 for t in game.teams) and len(game.players[0].hand) >= 10:
            return json.dumps(to_dict(ctrl.game))
        ctrl.handle("hint")
        if ctrl.hint_action is not None:
            ctrl.handle("play-hint")
        else:
            simple_turn(ctrl)
    raise AssertionError("no such position")


MORE = """() => [...document.querySelectorAll('.team > .melds')].map((b) => ({
  scrolls: b.scrollHeight > b.clientHeight + 1, more: b.dataset.more || '' }))"""


def test_melds_that_scroll_on_a_phone_show_there_are_more(new_page: Callable[..., Page], base_url: str) -> None:
    page, table = open_at(new_page, base_url, "phone-360x740")
    table.open().wait_until_saved().replace_save(position_with_many_melds()).reload()
    table.wait_until_idle()
    page.wait_for_function("[...document.querySelectorAll('.team > .melds')].some((b) => b.dataset.more)")
    boxes = page.evaluate(MORE)
    assert any(b["scrolls"] for b in boxes), boxes  # a dozen melds a side don't fit a phone's board
    for box in boxes:  # a box that scrolls says so; one that shows every meld has no fade
        assert bool(box["more"]) == box["scrolls"], boxes
    box = page.locator(".team.us > .melds")
    if box.evaluate("(b) => b.scrollHeight > b.clientHeight + 1"):
        box.evaluate("(b) => { b.scrollTop = b.scrollHeight; }")
        page.wait_for_function("document.querySelector('.team.us > .melds').dataset.more === 'up'")
        box.evaluate("(b) => { b.scrollTop = 0; }")
        page.wait_for_function("document.querySelector('.team.us > .melds').dataset.more === 'down'")
    page.screenshot(path="/tmp/melds-that-scroll-360x740.png")
