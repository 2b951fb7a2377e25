"""Saves, share links and settings: the game survives a reload, travels by link, and refuses bad data."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pages import Table
from playwright.sync_api import Page

HOSTILE = {
    "markup": "?deal=%3Cscript%3Ealert(1)%3C/script%3E",
    "unknown rules": "?rules=nope&deal=5",
    "huge deal": "?deal=99999999999999999999",
}


def test_reload_mid_turn_resumes_exactly(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=2024")
    table.draw().select_position(0).discard()
    table.draw().wait_until_saved()
    hand, on_table, banner = table.hand(), table.table_text(), table.banner()
    table.reload().wait_until_idle()
    assert table.hand() == hand
    assert table.table_text() == on_table
    assert table.banner() == banner
    assert table.deal_number() == "2024"
    assert "?" not in page.url  # the link was used once; reloading resumes the save


def test_a_share_link_opens_the_same_deal_elsewhere(new_page: Callable[..., Page], base_url: str) -> None:
    first = Table(new_page(), base_url).open_link("?rules=pagat&deal=123456&house=pickup.whole")
    first.tap("Share")
    link = first.page.locator("#share-link").input_value()
    assert link.startswith(base_url) and "deal=123456" in link and "rules=pagat" in link
    assert "house=pickup.whole" in link
    second = Table(new_page(), base_url)
    second.page.goto(link)
    second.wait_until_ready().wait_until_idle()
    assert second.hand() == first.hand()
    assert second.table_text() == first.table_text()


@pytest.mark.parametrize("query", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_hostile_link_gets_a_clear_message(page: Page, base_url: str, query: str) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    table = Table(page, base_url).open_link(query)
    alert = page.get_by_role("alert").inner_text()
    assert alert.startswith("That link")
    html = page.locator("#app").inner_html()
    assert "<script" not in html and "<img" not in html and "onerror" not in html
    assert page.locator("#app script, #app img").count() == 0
    assert dialogs == []
    assert len(table.hand()) == 11  # a normal game started instead


def test_a_corrupted_save_is_kept_aside(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().wait_until_saved()
    bad = '{"schema": 1, "rules": {"preset": "classic"}, "deal": 5, "actions": ["draw", "fly away"]}'
    table.replace_save(bad)
    table.reload().wait_until_saved()
    alert = page.get_by_role("alert").inner_text()
    assert "damaged" in alert and "kept aside" in alert
    keys = table.saved_keys()
    assert "game" in keys and any(k.startswith("kept-aside-") for k in keys)
    assert len(table.hand()) == 11


def test_settings_persist(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().open_settings()
    page.get_by_label("Level").select_option("hard")
    page.get_by_label("Four-colour cards").check()
    page.get_by_label("Larger cards").check()
    page.get_by_label("Rule set").select_option("hkf")
    table.wait_until_saved()
    table.reload().open_settings()
    assert page.get_by_label("Level").input_value() == "hard"
    assert page.get_by_label("Four-colour cards").is_checked()
    assert page.get_by_label("Rule set").input_value() == "hkf"
    assert "larger-cards" in (page.locator("body").get_attribute("class") or "")
    # The new rules apply to the next game, started here with a typed deal number.
    page.get_by_label("Deal number").fill("777")
    page.get_by_role("button", name="Start new game").click()
    table.wait_until_idle()
    assert table.deal_number() == "777"
    assert len(table.hand()) == 15


def test_a_bad_typed_deal_number_is_refused(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().open_settings()
    deal = table.deal_number()
    page.get_by_label("Deal number").fill("12<b>x</b>")
    page.get_by_role("button", name="Start new game").click()
    assert "whole number" in page.get_by_role("alert").inner_text()
    assert table.deal_number() == deal


def test_the_rules_page_explains_each_preset(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().open_rules()
    for name in ("pagat", "hkf", "rook"):
        table.tap(name)
        assert page.get_by_role("button", name=name, exact=True).get_attribute("aria-pressed") == "true"
        assert page.locator(".rules h3").count() >= 5
