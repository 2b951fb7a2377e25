"""Storage that refuses writes never freezes the game, and the player is told (issue 11, findings 1 and 4).

Faults are injected before the page's scripts: IndexedDB writes aborted at commit (as a full disk
does), IndexedDB writes that throw, and a full localStorage.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pages import Table
from playwright.sync_api import Page

FAULTS = """(() => {
  window.__faults = { abort: false, throw: false, quota: false, delete: false };
  const remove = IDBObjectStore.prototype.delete;
  IDBObjectStore.prototype.delete = function (...args) {
    if (window.__faults.delete) throw new DOMException("The transaction was aborted.", "AbortError");
    return remove.apply(this, args);
  };
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (window.__faults.throw) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    const request = put.apply(this, args);
    if (window.__faults.abort) {
      const tx = this.transaction;
      request.addEventListener("success", () => { try { tx.abort(); } catch (e) {} });
    }
    return request;
  };
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__faults.quota && key === "handfoot-game") {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();"""
WARNING = "Saving on this device failed: free some space. This game is still kept in this tab."


def faulty(new_page: Callable[..., Page], base_url: str) -> tuple[Page, Table]:
    page = new_page()
    page.add_init_script(FAULTS)
    table = Table(page, base_url).open_link("?rules=classic&deal=2024").wait_until_saved()
    return page, table


def play_laps(page: Page, table: Table, laps: int) -> None:
    """South draws and discards; each time the three computers must have moved before South's turn is back."""
    for _ in range(laps):
        moves = table.moves()
        page.get_by_role("button", name="Draw", exact=True).click()
        page.wait_for_function(f"Number(document.body.dataset.moves) > {moves}")
        table.select_position(0)
        page.get_by_role("button", name="Discard", exact=True).click()
        page.wait_for_function(f"Number(document.body.dataset.moves) >= {moves + 8}", timeout=30_000)
        page.wait_for_selector(".banner.mine")


@pytest.mark.parametrize("fault", ["abort", "throw"])
def test_a_refused_indexeddb_write_leaves_the_game_playable_and_says_so(
    new_page: Callable[..., Page], base_url: str, fault: str
) -> None:
    page, table = faulty(new_page, base_url)
    page.evaluate(f"window.__faults.{fault} = true")
    play_laps(page, table, 3)
    page.wait_for_selector('body[data-save-failed="1"]', timeout=30_000)
    assert WARNING in page.get_by_role("alert").all_inner_texts()
    # The disk frees up: the next write goes through and the warning goes away.
    page.evaluate(f"window.__faults.{fault} = false")
    play_laps(page, table, 1)
    page.wait_for_selector('body[data-save-failed="0"]', timeout=40_000)
    table.wait_until_saved()
    saved = int(page.evaluate("document.body.dataset.saved"))
    assert saved == table.moves()
    moves, hand = table.moves(), table.hand()
    table.reload()
    assert (table.moves(), table.hand()) == (moves, hand)


def test_a_deleted_kept_game_whose_deletion_failed_is_deleted_later_and_never_comes_back(
    new_page: Callable[..., Page], base_url: str
) -> None:
    page, table = faulty(new_page, base_url)
    table.draw()
    table.open_link("?rules=classic&deal=6")  # deal 2024 is kept under Games
    table.menu("Games")
    listed = page.locator(".kept-games li")
    assert listed.count() == 1
    page.evaluate("window.__faults.delete = true")
    listed.get_by_role("button", name="Delete").click()
    page.get_by_role("button", name="Yes, delete it").click()
    page.wait_for_selector('body[data-save-failed="1"]', timeout=30_000)
    assert listed.count() == 0 and WARNING in page.get_by_role("alert").all_inner_texts()
    page.evaluate("window.__faults.delete = false")  # the disk answers again: the deletion is tried again
    page.wait_for_selector('body[data-save-failed="0"]', timeout=40_000)
    table.wait_until_idle()
    table.reload().menu("Games")
    assert page.locator(".kept-games li").count() == 0


def test_a_full_local_storage_is_told_and_nothing_is_lost(new_page: Callable[..., Page], base_url: str) -> None:
    page, table = faulty(new_page, base_url)
    page.evaluate("window.__faults.quota = true")
    play_laps(page, table, 1)
    assert WARNING in page.get_by_role("alert").all_inner_texts()
    table.wait_until_saved()
    moves, hand = table.moves(), table.hand()
    table.reload()  # IndexedDB had every move
    assert (table.moves(), table.hand()) == (moves, hand)
