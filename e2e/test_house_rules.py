"""House rules in Settings: the first-meld schedule and a six-player table; settings kept in two copies."""

from __future__ import annotations

import json
from collections.abc import Callable

from pages import Table
from playwright.sync_api import Page

# Before the page's scripts: the app's IndexedDB database refuses to open (damaged or blocked), failing
# the way a browser does, with an error event on the request.
NO_INDEXEDDB = """(() => {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name, ...rest) {
    if (!String(name).endsWith("/handfoot")) return open.call(this, name, ...rest);
    const request = new EventTarget();
    setTimeout(() => request.onerror && request.onerror(new Event("error")), 0);
    return request;
  };
})();"""


def test_sixty_in_the_first_round(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=31")
    assert table.first_meld_badges() == ["First meld: 50"] * 2
    table.open_settings().choose("First meld minimum", "60 in the first round: 60, 90, 120, 150")
    table.start_new_game(31)
    assert table.first_meld_badges() == ["First meld: 60"] * 2
    link = table.share_link()  # the link carries the computer level too (issue 29)
    assert link.endswith("?rules=classic&deal=31&level=normal&house=first_meld.60"), link


def test_a_six_player_game(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=64")
    table.open_settings().choose("Players", "Six players (two teams of three), a house rule")
    table.start_new_game(64)
    assert table.other_seats() == ["West", "Northwest", "North", "Northeast", "East"]
    assert len(table.hand()) == 11
    # Our side's seats: in its heading from 420 px wide (a 360 px phone leaves them out to keep the heading to
    # one line), and on the seat rows, which say who is a partner.
    assert page.locator(".team.us h2 small").text_content() == "S+NW+NE"
    assert page.locator(".seat.us .role").all_inner_texts() == ["partner", "partner"]
    page.set_viewport_size({"width": 768, "height": 1024})
    assert "S+NW+NE" in page.locator(".team.us h2").inner_text()
    page.set_viewport_size({"width": 360, "height": 740})
    assert not table.scrolls_sideways() and table.small_controls() == []
    assert table.banner().startswith("▶ Your turn: draw")
    before = table.moves()
    table.draw()
    assert len(table.hand()) == 13
    table.select_position(0).discard()
    # The five computer players took their turns, and it is mine again.
    assert table.banner().startswith("▶ Your turn: draw")
    assert table.moves() >= before + 2 + 5 * 2
    assert table.status().startswith("East "), table.status()  # East played just before me
    assert table.recent_moves()[0].startswith("East ")


def test_settings_are_saved_at_once_and_the_newer_copy_wins(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().open_settings()
    page.get_by_label("Level").select_option("hard")
    # Written to localStorage in the same task as the change, numbered.
    quick = json.loads(table.quick_settings() or "{}")
    assert quick["level"] == "hard" and quick["seq"] >= 1
    table.wait_until_saved()
    # A newer copy in localStorage (the page was closed before IndexedDB got it) wins on reload.
    table.replace_quick_settings(json.dumps({**quick, "level": "easy", "seq": quick["seq"] + 1}))
    table.reload().open_settings()
    assert page.get_by_label("Level").input_value() == "easy"


def test_without_indexeddb_the_game_is_still_kept(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page()
    page.add_init_script(NO_INDEXEDDB)
    table = Table(page, base_url).open().wait_until_idle()
    message = table.message()
    assert "still saved on this device" in message and "won't be kept" not in message
    table.draw()
    hand = table.hand()
    table.reload().wait_until_idle()
    assert table.hand() == hand
