"""The app boots on a phone, from our own server only, without errors."""

from __future__ import annotations

import json
from urllib.request import urlopen

from conftest import Watch
from pages import Table
from playwright.sync_api import Page


def test_boots_to_ready_on_a_phone(page: Page, base_url: str, watch: Watch) -> None:
    table = Table(page, base_url).open()
    assert table.heading() == "Hand and Foot"
    assert page.get_by_text("Loading the card table").count() == 0
    assert not table.scrolls_sideways()
    assert watch.external == []


def test_engine_loads_in_the_browser(page: Page, base_url: str) -> None:
    Table(page, base_url).open()
    assert page.locator(".error").count() == 0, page.locator("#app").inner_text()


def test_manifest_lists_installable_icons(base_url: str) -> None:
    with urlopen(base_url + "manifest.webmanifest") as response:
        assert response.headers["Content-Type"] == "application/manifest+json"
        manifest = json.load(response)
    assert manifest["display"] == "standalone"
    icons = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= icons
    for icon in manifest["icons"]:
        with urlopen(base_url + icon["src"]) as response:
            assert response.read(8) == b"\x89PNG\r\n\x1a\n"


def test_chromium_finds_the_app_installable(page: Page, base_url: str) -> None:
    Table(page, base_url).open().wait_until_offline_ready()
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    found = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A test context is incognito by nature; any other reason is a real problem.
    assert [e["errorId"] for e in found if e["errorId"] != "in-incognito"] == []
