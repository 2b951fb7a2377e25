"""Two people at one phone (issue 27): the seat chooser, the pass screen that hides every hand, a turn
each, and a reload at the pass screen."""

from __future__ import annotations

import re

from pages import Table
from playwright.sync_api import Page

PAINT_KEY = "handfoot-paint"
CARD_NAME = re.compile(r", (an? |the )?\w+ of (hearts|spades|diamonds|clubs)$")


def open_chooser(table: Table) -> None:
    """Menu → Play together on a phone; on a wide screen (no Menu button) the menu bar's Play together."""
    if table.page.get_by_role("button", name="Menu", exact=True).is_visible():
        table.menu("Play together")
    else:
        table.page.get_by_role("navigation", name="Menu").get_by_role("button", name="Play together").click()


def seat_two_people(table: Table) -> None:
    """Play together: South is Anna, North is Bob, West and East computers."""
    open_chooser(table)
    page = table.page
    page.get_by_role("heading", name="Who's playing").wait_for()
    page.locator("#seat-kind-0").select_option("person")
    page.locator("#seat-name-0").fill("  Anna ")
    page.locator("#seat-kind-2").select_option("person")
    page.locator("#seat-name-2").fill("Bob")
    page.get_by_role("button", name="Start a game with these players").click()
    table.wait_until_idle()


def pass_screen_for(page: Page) -> str:
    """Wait for the pass screen and return whose it is, checking that no card of any hand is in the page."""
    heading = page.get_by_role("heading", name=re.compile(r"^Pass to "))
    heading.wait_for()
    assert page.locator('[data-act="card"], .hand, #r-hand, #r-staging').count() == 0
    assert page.get_by_role("group", name="Your cards").count() == 0
    snapshot = page.locator("body").aria_snapshot()
    assert "Your cards" not in snapshot and "Your hand" not in snapshot
    assert page.get_by_role("button", name=CARD_NAME).count() == 0
    return heading.inner_text().removeprefix("Pass to ")


def test_two_people_take_turns_with_a_reload_at_the_pass_screen(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().wait_until_idle()
    seat_two_people(table)
    first = pass_screen_for(page)
    assert first in ("Anna", "Bob")

    table.reload().wait_until_idle()  # a reload at the pass screen comes back to it
    assert pass_screen_for(page) == first
    painted = page.evaluate(f"localStorage.getItem('{PAINT_KEY}')") or ""
    assert "screen-pass" in painted and 'data-act=\\"card\\"' not in painted

    page.get_by_role("button", name=f"I'm {first}: show my hand").click()
    table.wait_until_idle()
    assert len(table.hand()) >= 11
    table.draw()
    table.select_position(0).discard()
    second = pass_screen_for(page)
    assert second == ("Bob" if first == "Anna" else "Anna")
    since = page.locator(".pass .moves li").all_inner_texts()
    assert any(text.startswith(f"{first} discarded") for text in since)

    page.get_by_role("button", name=f"I'm {second}: show my hand").click()
    table.wait_until_idle()
    assert len(table.hand()) >= 11
    table.draw()
    table.select_position(0).discard()
    assert pass_screen_for(page) == first


def test_axe_finds_nothing_on_the_seat_chooser_and_the_pass_screen(new_page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    from test_accessibility import audited, violations

    page = audited(new_page)
    table = Table(page, base_url).open().wait_until_idle()
    open_chooser(table)
    page.get_by_role("heading", name="Who's playing").wait_for()
    assert violations(page) == [], "the seat chooser"
    page.locator("#seat-kind-0").select_option("person")
    page.locator("#seat-name-0").fill("Anna")
    page.locator("#seat-kind-1").select_option("person")
    page.locator("#seat-name-1").fill("Bob")
    page.get_by_role("button", name="Start a game with these players").click()
    table.wait_until_idle()
    pass_screen_for(page)
    assert violations(page) == [], "the pass screen"


def test_two_people_at_a_landscape_tablet(new_page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page = new_page(viewport={"width": 1024, "height": 768}, has_touch=False, is_mobile=False)
    table = Table(page, base_url).open().wait_until_idle()
    seat_two_people(table)
    first = pass_screen_for(page)
    page.get_by_role("button", name=f"I'm {first}: show my hand").click()
    table.wait_until_idle()
    table.draw()
    table.select_position(0).discard()
    assert pass_screen_for(page) == ("Bob" if first == "Anna" else "Anna")
    assert not table.scrolls_sideways()


def test_the_names_are_offered_again_after_a_reload(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().wait_until_idle()
    seat_two_people(table)
    pass_screen_for(page)
    open_chooser(table)  # back to one person without a name and computers
    page.get_by_role("heading", name="Who's playing").wait_for()
    page.locator("#seat-name-0").fill("")
    page.locator("#seat-kind-2").select_option("computer")
    page.locator("#seat-level-2").select_option("easy")
    page.get_by_role("button", name="Start a game with these players").click()
    table.wait_until_idle()
    assert len(table.hand()) >= 11  # one person: no pass screen

    table.reload().wait_until_idle()
    open_chooser(table)
    page.get_by_role("heading", name="Who's playing").wait_for()
    assert page.locator("#seat-name-0").input_value() == "Anna"
    assert page.locator("#seat-name-2").input_value() == "Bob"
    assert page.locator("#seat-kind-2").input_value() == "person"
    assert page.locator("#seat-level-1").input_value() == "normal"  # the Settings level


# ----- whole rounds played together (issue 27's "Done when") ---------------------------------------------


def seat_people(table: Table, names: dict[int, str]) -> None:
    """Play together with these people (by seat), computers elsewhere."""
    open_chooser(table)
    page = table.page
    page.get_by_role("heading", name="Who's playing").wait_for()
    for seat, name in names.items():
        page.locator(f"#seat-kind-{seat}").select_option("person")
        page.locator(f"#seat-name-{seat}").fill(name)
    page.get_by_role("button", name="Start a game with these players").click()
    table.wait_until_idle()


def take_the_device(table: Table, name: str) -> None:
    table.page.get_by_role("button", name=f"I'm {name}: show my hand").click()
    table.wait_until_idle()


def person_plays(table: Table) -> None:
    """The person holding the device answers the partner (yes), else plays Hint's move, else draws or discards."""
    if table.partner_asks():
        table.answer_partner(True)
        return
    table.tap("Hint")
    if table.page.get_by_role("button", name="Play it", exact=True).count():
        table.tap("Play it")
    else:
        table.play_my_turn_simply()


# One decision in one call (a tap's work is done before click() returns): Hint's move, else a draw, else the
# first card discarded. For the long hkf round, where Playwright's round trips per tap would take minutes.
QUICK_DECISION = """() => {
  const tap = (sel) => {
    const el = document.querySelector(sel);
    if (!el || el.disabled) return false;
    el.click();
    return true;
  };
  if (tap('[data-act="hint"]') && tap('[data-act="play-hint"]')) return "hint";
  if (tap('[data-act="draw"]')) return "draw";
  tap('[data-act="card"]');
  return tap('[data-act="discard"]') ? "discard" : "none";
}"""


def person_plays_quickly(table: Table) -> None:
    if table.partner_asks():
        table.answer_partner(True)
        return
    assert table.page.evaluate(QUICK_DECISION) != "none", table.status()


def reload_mid_turn(table: Table, name: str) -> bool:
    """After a draw, a reload comes back to the pass screen of the same person, then to the same hand, drawn."""
    page = table.page
    draw = page.get_by_role("button", name="Draw", exact=True)
    if not draw.count() or not draw.is_enabled():
        return False
    table.draw()
    hand = table.hand()
    table.wait_until_saved()
    table.reload().wait_until_idle()
    assert pass_screen_for(page) == name  # nobody's hand shows until the person takes the device again
    take_the_device(table, name)
    assert table.hand() == hand  # the same hand, after the draw
    assert not page.get_by_role("button", name="Draw", exact=True).is_enabled()
    return True


def play_the_round_together(table: Table, names: list[str], quick: bool = False) -> list[str]:
    """Play the round out; at every pass screen, nobody's cards in the page; a reload on the second pass screen
    and one mid-turn after a draw from the third on. Returns the names the device was passed to, in order."""
    page, passes, reloaded = table.page, [], False
    for _ in range(1500):
        table.wait_until_idle()
        if table.round_is_over():
            assert reloaded
            return passes
        if page.locator(".pass").count():
            name = pass_screen_for(page)
            assert name in names and (not passes or name != passes[-1])
            passes.append(name)
            if len(passes) == 2:  # a reload on a pass screen comes back to it
                table.reload().wait_until_idle()
                assert pass_screen_for(page) == name
            take_the_device(table, name)
            if len(passes) >= 3 and not reloaded:
                reloaded = reload_mid_turn(table, name)
        elif quick:
            person_plays_quickly(table)
        else:
            person_plays(table)
    raise AssertionError("the round did not end")


def test_two_people_and_two_computers_play_a_whole_classic_round_at_a_phone(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().wait_until_idle()
    seat_people(table, {0: "Anna", 2: "Bob"})
    passes = play_the_round_together(table, ["Anna", "Bob"])
    assert set(passes) == {"Anna", "Bob"} and len(passes) >= 4
    assert "Anna and Bob" in page.locator(".round-over").inner_text()  # the round's score names the partners
    board = page.locator(".top .scoreboard").inner_text()  # and so do the totals everyone reads, not "Us"
    assert "Anna & Bob" in board and "West & East" in board and "Us" not in board, board
    assert not table.scrolls_sideways()


def test_three_people_each_on_their_own_play_a_whole_hkf_round_at_a_tablet(new_page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page = new_page(viewport={"width": 1024, "height": 768}, has_touch=False, is_mobile=False)
    table = Table(page, base_url).open().wait_until_idle()
    table.open_settings()
    page.get_by_label("Rule set").select_option("hkf")
    table.wait_until_idle()
    house = page.locator("details.house")
    if house.count() and house.get_attribute("open") is None:
        page.locator("details.house summary").click()
    page.get_by_label("Players", exact=True).select_option("3")
    table.wait_until_idle()
    seat_people(table, {0: "Anna", 1: "Bob", 2: "Cleo"})
    passes = play_the_round_together(table, ["Anna", "Bob", "Cleo"], quick=True)
    assert set(passes) == {"Anna", "Bob", "Cleo"}
    assert all(name == passes[i % 3] for i, name in enumerate(passes))  # round the table, nobody skipped
    over = page.locator(".round-over").inner_text()
    assert all(name in over for name in ("Anna", "Bob", "Cleo"))
    board = page.locator(".top .scoreboard").inner_text()
    assert all(name in board for name in ("Anna", "Bob", "Cleo")) and "You" not in board, board
