"""Hostile data in either store never stops the app starting (issue 11, findings 2 and 5).

Nested brackets end Pyodide with "Maximum call stack size exceeded" if they reach a recursive
parser, so every stored text is measured before it is parsed, including the raw IndexedDB entries
that pyscript.storage parses as it opens the store.
"""

from __future__ import annotations

import json

from pages import OPEN_DB, Table
from playwright.sync_api import Page

NESTED = "[" * 6000 + "]" * 6000

WRITE_RAW = (
    "async ([key, value]) => {"
    + OPEN_DB
    + """
  await new Promise((ok, ko) => {
    const tx = db.transaction(name, 'readwrite');
    tx.objectStore(name).put(value, key);
    tx.oncomplete = ok; tx.onerror = ko;
  });
  db.close();
}"""
)


def local_keys(page: Page) -> list[str]:
    return page.evaluate("() => Object.keys(localStorage)")


def test_a_deeply_nested_entry_in_indexeddb_is_left_unread(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=2024")
    table.draw().wait_until_saved()
    hand, moves = table.hand(), table.moves()
    page.evaluate(WRITE_RAW, ["game", NESTED])  # raw, not in pyscript's own format
    page.evaluate(WRITE_RAW, ["stray", NESTED])
    table.reload().wait_until_idle()
    # The quick copy still holds the game: it is resumed, and the table takes taps.
    assert (table.hand(), table.moves()) == (hand, moves)
    table.select_position(0).discard()
    assert table.moves() > moves


def test_deeply_nested_copies_are_kept_aside_and_never_crash(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().wait_until_saved()
    table.replace_save(NESTED).replace_quick_save(NESTED)
    table.replace_quick_settings("[" * 9999)
    table.reload().wait_until_saved()
    alert = page.get_by_role("alert").inner_text()
    assert "kept aside" in alert
    assert len(table.hand()) == 11  # a new game, playable
    kept = [k for k in table.saved_keys() if k.startswith("kept-aside-")]
    assert 1 <= len(kept) <= 5


def test_with_indexeddb_working_bad_copies_stay_out_of_local_storage(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().wait_until_saved()
    for i in range(3):
        table.replace_quick_save(json.dumps({"bad": i, "pad": "x" * 200_000}))
        table.reload().wait_until_saved()
    assert [k for k in local_keys(page) if "kept-aside" in k] == []
    kept = [k for k in table.saved_keys() if k.startswith("kept-aside-")]
    assert 1 <= len(kept) <= 5


def test_a_foreign_entry_never_switches_indexeddb_off(page: Page, base_url: str) -> None:
    """A value written by anything else, under any key, is left unread; IndexedDB keeps working (finding 6)."""
    table = Table(page, base_url).open().wait_until_saved()
    page.evaluate(WRITE_RAW, ["stray", 42])
    page.evaluate(WRITE_RAW, ["other", "not pyscript's format"])
    table.reload().wait_until_saved()
    assert page.get_by_role("alert").count() == 0  # no "main storage can't be opened"
    table.draw().wait_until_saved()
    moves = table.moves()
    assert int(page.evaluate("document.body.dataset.saved")) == moves
    assert "game" in table.saved_keys()


def test_copies_kept_aside_are_listed_to_restore_or_delete(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=2024")
    table.draw().wait_until_saved()
    table.replace_quick_save('{"schema": 1, "deal": "damaged"')
    table.reload().wait_until_saved()
    table.menu("Games")
    copies = page.get_by_role("heading", name="Copies kept aside (1)")
    assert copies.is_visible()
    page.get_by_role("button", name="Restore").click()  # it doesn't load: said, nothing changes
    table.wait_until_idle()
    assert page.get_by_role("alert").count() == 1
    page.get_by_role("button", name="Delete", exact=True).last.click()
    table.wait_until_idle()
    assert page.get_by_role("heading", name="Copies kept aside (1)").count() == 0
    assert not [k for k in table.saved_keys() if k.startswith("kept-aside-")]
