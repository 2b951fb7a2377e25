"""Every game kept: a share link opens beside the game in progress, never over it (issue 11, finding 3)."""

from __future__ import annotations

from pages import Table
from playwright.sync_api import Page


def test_a_share_link_keeps_the_game_in_progress_and_it_can_be_resumed(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=4417")
    for _ in range(3):
        table.play_my_turn_simply()
    hand, moves = table.hand(), table.moves()
    table.open_link("?rules=pagat&deal=77")  # the deal the family texted
    assert table.deal_number() == "77"
    assert "Your game of deal 4,417 is kept under Games." in table.message()
    table.play_my_turn_simply()
    table.menu("Games")
    listed = page.locator(".kept-games li")
    assert listed.count() == 1 and "Deal 4,417" in listed.inner_text() and "in progress" in listed.inner_text()
    table.reload().menu("Games")  # kept on the disk, not just in the tab
    listed.get_by_role("button", name="Resume").click()
    table.wait_until_idle()
    assert table.deal_number() == "4417"
    assert (table.hand(), table.moves()) == (hand, moves)
    assert "Your game of deal 77 is kept under Games." in table.message()


def test_deleting_a_kept_game_asks_first(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=5")
    table.draw()
    table.open_link("?rules=classic&deal=6")
    table.menu("Games")
    listed = page.locator(".kept-games li")
    listed.get_by_role("button", name="Delete").click()
    assert page.get_by_text("Delete this game for good?").is_visible()
    page.get_by_role("button", name="Keep it").click()
    assert listed.count() == 1
    listed.get_by_role("button", name="Delete").click()
    page.get_by_role("button", name="Yes, delete it").click()
    table.wait_until_idle()
    assert page.locator(".kept-games li").count() == 0
    table.reload().menu("Games")
    assert page.locator(".kept-games li").count() == 0
