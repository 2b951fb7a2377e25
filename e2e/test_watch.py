"""Watch a game in the browser: step, play on its own, read the computers' reasons; phone-sized, axe-clean."""

from __future__ import annotations

from collections.abc import Callable

from pages import Table
from playwright.sync_api import Page
from test_accessibility import audited, violations


def test_watch_this_game_steps_plays_and_explains(new_page: Callable[..., Page], base_url: str) -> None:
    page = audited(new_page)
    page.set_viewport_size({"width": 360, "height": 740})
    table = Table(page, base_url).open_link("?rules=classic&deal=4417")
    for _ in range(4):
        table.play_my_turn_simply()
    table.menu("Games")
    table.tap("Watch this game")
    where = page.locator(".watch-where")
    assert where.inner_text().startswith("Round 1 · move 0 of ")
    assert "The cards are dealt." in page.locator(".watch-move").inner_text()
    for _ in range(3):
        table.tap("Next ▶")
    assert where.inner_text().startswith("Round 1 · move 3 of ")
    assert "Why?" in page.locator(".watch-move").inner_text()  # West's, North's or East's reason
    assert not table.scrolls_sideways() and table.small_controls() == []
    assert violations(page) == [], "watch"
    table.tap("▶ Play")
    page.wait_for_function("document.querySelector('.watch-where').innerText.includes('move 5 of')", timeout=5000)
    table.tap("Pause")
    moved = where.inner_text()
    page.wait_for_timeout(1500)
    assert where.inner_text() == moved  # paused means paused
    table.tap("« Start")
    assert where.inner_text().startswith("Round 1 · move 0 of ")
    table.tap("Close")
    assert page.get_by_role("heading", name="Games", exact=True).count() == 1
