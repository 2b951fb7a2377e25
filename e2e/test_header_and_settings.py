"""A phone's header and Settings with long texts (issue 29): four-digit totals, long house-rule choices."""

from __future__ import annotations

import json
from collections.abc import Callable

from conftest import PHONE
from pages import Table
from playwright.sync_api import Page

from engine.bots import make_bot
from engine.rules import preset
from engine.serialize import to_dict
from engine.state import Game
from engine.views import view_for


def four_digit_game(deal: int = 2) -> Game:
    """Deal 2 played by Easy computers until South is to draw with both totals past 1,000 (round 2)."""
    game = Game(preset("classic"), deal)
    bots = [make_bot("easy", s, deal) for s in range(4)]
    while not (game.phase == "draw" and game.to_act == 0 and min(game.totals) >= 1000):
        assert not game.over
        seat = game.to_act if game.to_act is not None else 0
        game.apply(bots[seat].decide(view_for(game, seat)).action)
    return game


def test_four_digit_totals_keep_a_phones_header_to_two_lines(page: Page, base_url: str) -> None:
    game = four_digit_game()
    table = Table(page, base_url).open().wait_until_saved()
    table.replace_save(json.dumps(to_dict(game))).reload().wait_until_idle()
    assert table.page.locator(".scoreboard").inner_text().count(",") == 2  # both totals have four digits
    header = page.locator("header.top").bounding_box()
    assert header is not None and header["height"] <= 60  # it was 83 px: four lines of deal, number, round, rules
    deal = page.locator(".meta > span").first.bounding_box()
    assert deal is not None and deal["height"] <= 24  # "Deal 2" (or nine digits) on one line
    assert not table.scrolls_sideways()


def test_a_long_house_rule_choice_is_read_whole_on_a_phone(new_page: Callable[..., Page], base_url: str) -> None:
    for size, shown in ((PHONE["viewport"], True), ({"width": 1024, "height": 768}, False)):
        page = new_page(viewport=size)
        table = Table(page, base_url).open()
        table.menu("Settings")
        page.locator("details.house summary").click()
        field = page.locator(".field", has=page.get_by_label("Taking the pile before your team has melded", exact=True))
        whole = field.locator(".choice-full")
        assert whole.is_visible() is shown
        if shown:
            assert whole.inner_text() == "Allowed (the meld counts toward the minimum)"
            box = whole.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]


def test_the_first_visits_welcome_leaves_our_melds_row_in_view(page: Page, base_url: str) -> None:
    """On a 360x740 phone the welcome (seven lines) pushed the Us row below the board's edge."""
    table = Table(page, base_url).open()
    assert table.message().startswith("Welcome!")
    board = page.locator(".board").bounding_box()
    # The whole heading (a CI run met a random first deal whose four red 3s wrapped it to a cut second line:
    # past two they are one card and a count now).
    heading = page.locator(".team.us h2").bounding_box()
    assert board is not None and heading is not None
    assert heading["y"] >= board["y"] and heading["y"] + heading["height"] <= board["y"] + board["height"]
    ok = page.locator(".note").get_by_role("button", name="OK").bounding_box()
    assert ok is not None and ok["y"] + ok["height"] <= 740  # the note can still be put away


def test_a_side_with_four_red_threes_keeps_its_heading_on_one_line_on_a_phone(page: Page, base_url: str) -> None:
    """Classic deal 165 starts with four red 3s laid out on our side and three on theirs: card by card each
    heading wrapped to two lines on a 360 px phone; past two they show as one card and a count."""
    Table(page, base_url).open_link("?rules=classic&deal=165")
    for side, count in (("us", 4), ("them", 3)):
        heading = page.locator(f".team.{side} h2")
        assert heading.locator(".reds-n").inner_text() == f"×{count}"
        assert heading.locator(".sr").last.inner_text().startswith(f"{count} red 3s: three of")
        line = page.locator(f".team.{side} h2 .who").bounding_box()
        box = heading.bounding_box()
        assert line is not None and box is not None
        assert box["height"] < 1.5 * line["height"] + 8, side  # one line (a chip's padding), not two
    # Under the link's welcome (with Learn to play beside it) our side's heading is on the board, not below it.
    assert page.locator(".note").inner_text().startswith("Welcome! Here is the deal from your link")
    board, ours = page.locator(".board").bounding_box(), page.locator(".team.us h2").bounding_box()
    assert board is not None and ours is not None
    assert ours["y"] >= board["y"] and ours["y"] + ours["height"] <= board["y"] + board["height"]


def test_six_players_sides_keep_their_headings_on_one_line_on_a_phone(page: Page, base_url: str) -> None:
    """Six players, deal 1: their side 'Them W+N+E 600 pts First meld: 50' and six red 3s, ours with two, each
    wrapped to two lines at 360 px; there the seat rows say who is a partner, and the three seats are left out."""
    Table(page, base_url).open_link("?rules=classic&deal=1&house=players.6")
    heights = page.eval_on_selector_all(".team h2", "hs => hs.map(h => h.getBoundingClientRect().height)")
    who = page.locator(".team h2 .who").first.bounding_box()
    assert who is not None and len(heights) == 2
    assert max(heights) < 1.5 * who["height"] + 8, heights
    assert not page.locator(".team.them h2 small").is_visible()  # W+N+E left out at this width
    assert page.locator(".seat .role.partner").count() == 2  # the seat rows say who plays with us


def test_settings_fields_are_drawn_light_under_their_dark_text(page: Page, base_url: str) -> None:
    """The page's scheme is dark; WebKit drew the selects' boxes dark under our dark text (nearly unreadable)."""
    table = Table(page, base_url).open()
    table.menu("Settings")
    schemes = page.eval_on_selector_all(".settings select", "els => els.map(e => getComputedStyle(e).colorScheme)")
    assert len(schemes) >= 4 and set(schemes) == {"light"}, schemes


def test_the_game_over_totals_put_each_sides_name_over_its_numbers(page: Page, base_url: str) -> None:
    """The headings were left-aligned over right-aligned numbers: Us's numbers sat under "Them"."""
    game = Game(preset("classic"), 2)
    bots = [make_bot("easy", s, 2) for s in range(4)]
    while not game.over:
        seat = game.to_act if game.to_act is not None else 0
        game.apply(bots[seat].decide(view_for(game, seat)).action)
    table = Table(page, base_url).open().wait_until_saved()
    table.replace_save(json.dumps(to_dict(game))).reload().wait_until_idle()
    edges = page.evaluate("""() => {
      const t = document.querySelector('table.score.rounds');
      const right = (el) => el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight);
      const heads = [...t.querySelectorAll('thead th')].slice(1);
      return heads.map((h, i) => {
        const cell = t.querySelector(`tbody tr td:nth-of-type(${i + 1})`);
        const range = document.createRange(); range.selectNodeContents(h);
        const words = range.getBoundingClientRect().right;
        return [words, right(cell)];
      });
    }""")
    assert len(edges) == 2 and all(abs(words - numbers) <= 2 for words, numbers in edges), edges
