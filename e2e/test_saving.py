"""Saves, share links and settings: the game survives a reload, travels by link, and refuses bad data."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from conftest import Watch, watch_page
from pages import Table
from playwright.sync_api import BrowserContext, Page

HOSTILE = {
    "markup": "?deal=%3Cscript%3Ealert(1)%3C/script%3E",
    "unknown rules": "?rules=nope&deal=5",
    "huge deal": "?deal=99999999999999999999",
}
DAMAGED = '{"schema": 1, "rules": {"preset": "classic"}, "deal": 5, "actions": ["draw", "fly away"]}'


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


@pytest.mark.parametrize("painted", [False, True], ids=["same task", "after paint"])
def test_a_reload_right_after_a_tap_resumes_the_position_shown(
    new_page: Callable[..., Page], base_url: str, painted: bool
) -> None:
    # Normal motion: the computer players wait 0.75 s before each move, so the tap's position stays.
    table = Table(new_page(reduced_motion="no-preference"), base_url).watch_resumes()
    table.open_link("?rules=classic&deal=2024")
    before = table.moves()
    shown = table.tap_and_reload("draw", painted)
    assert int(shown["moves"]) == before + 1
    assert table.resumed() == shown == table.left()
    table.select_position(0)
    shown = table.tap_and_reload("discard", painted)
    assert int(shown["moves"]) == before + 2 and "playing" in shown["banner"]
    assert table.resumed() == shown == table.left()


def test_a_reload_mid_computer_turn_resumes_the_position_shown(page: Page, base_url: str) -> None:
    table = Table(page, base_url).watch_resumes().open_link("?rules=classic&deal=2024")
    for frames in (0, 2, 5):  # reload in the task that drew a computer move, or frames after it
        table.wait_until_idle().draw().select_position(0)
        shown = table.tap_and_reload_mid_computer_turn("discard", frames)
        left, resumed = table.left(), table.resumed()
        assert int(left["moves"]) > int(shown["moves"]), "no computer move was on screen"
        assert resumed == left, f"reload {frames} frames after a computer move"


def test_the_newer_of_the_two_copies_is_resumed(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=2024")
    older = table.quick_save()
    assert older is not None and json.loads(older)["deal"] == 2024
    table.draw().wait_until_saved()
    hand, moves = table.hand(), table.moves()
    table.replace_save(older)  # as if IndexedDB had not committed the draw
    table.reload().wait_until_saved()
    assert (table.hand(), table.moves()) == (hand, moves)
    assert page.locator(".note").count() == 0


def test_a_damaged_copy_is_kept_aside_and_the_other_resumed(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=2024")
    table.draw().wait_until_saved()
    hand, moves = table.hand(), table.moves()
    table.replace_quick_save(DAMAGED)
    table.reload().wait_until_saved()
    assert (table.hand(), table.moves()) == (hand, moves)
    assert "damaged" in table.message() and "kept aside" in table.message()
    assert any(k.startswith("kept-aside-") for k in table.saved_keys())
    assert json.loads(table.quick_save() or "{}")["deal"] == 2024  # the copy is whole again


def test_a_share_link_opens_the_same_deal_elsewhere(new_page: Callable[..., Page], base_url: str) -> None:
    first = Table(new_page(), base_url).open_link("?rules=pagat&deal=123456&house=pickup.whole")
    first.menu("Share")
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
    table.replace_save(DAMAGED).replace_quick_save(DAMAGED)  # both copies
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
    assert page.get_by_role("alert").inner_text().startswith("No new game: “12<b>x</b>” is not a deal number.")
    assert "whole number" in page.locator("#deal-error").inner_text()  # the rule, once, under the box
    assert page.get_by_label("Deal number").input_value() == "12<b>x</b>"  # kept to be put right
    assert table.deal_number() == deal


def test_the_rules_page_explains_each_preset(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open().open_rules()
    for name in ("Pagat", "Hand, Knee and Foot", "Rook cards"):  # the tabs name the rule sets in words
        table.tap(name)
        assert page.get_by_role("button", name=name, exact=True).get_attribute("aria-pressed") == "true"
        assert page.locator(".rules h3").count() >= 5


def test_a_second_tab_takes_the_game_and_the_first_gives_way(
    page: Page, context: BrowserContext, base_url: str, watch: Watch
) -> None:
    first = Table(page, base_url).open_link("?rules=classic&deal=77")
    first.draw().wait_until_saved()
    at_second_open = first.moves()
    other = context.new_page()
    watch_page(other, watch)
    second = Table(other, base_url).open().wait_until_idle()
    assert second.moves() == at_second_open  # it picks the game up where the first tab left it
    page.wait_for_selector(".elsewhere")  # and the first tab gives way: nothing there to tap but this
    assert page.locator("[data-act]").evaluate_all("els => els.map(e => e.dataset.act)") == ["play-here"]

    second.select_position(0).discard().wait_until_saved()  # the computer players move in the second tab
    played = second.moves()
    assert played > at_second_open
    page.wait_for_timeout(500)
    assert first.moves() == at_second_open  # the first tab neither played nor saved meanwhile

    page.get_by_role("button", name="Play here instead").click()
    first.wait_until_ready().wait_until_idle()
    assert first.moves() == played  # back in the first tab, at the latest move
    other.wait_for_selector(".elsewhere")  # and now the second tab gives way
    assert second.moves() == played
