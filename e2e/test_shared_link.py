"""A relative opening a shared link: welcomed on a first visit, and the sender's computer level."""

from __future__ import annotations

import json

from pages import Table
from playwright.sync_api import Page


def test_a_links_first_visit_is_welcomed_and_plays_the_links_level(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=4417&level=hard")
    assert table.deal_number() == "4417"
    message = table.message()
    assert message.startswith("Welcome!") and "the deal from your link" in message and "Hard" in message
    table.wait_until_saved()
    assert json.loads(table.quick_settings() or "{}").get("level") == "hard"


def test_an_unknown_level_is_refused_with_a_plain_note(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open_link("?rules=classic&deal=4417&level=fiendish")
    assert "computer level" in table.message() and "fiendish" not in table.message()
    assert table.deal_number() != "4417"
