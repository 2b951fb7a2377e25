"""A new version waits until the player accepts it, then the page reloads into it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from pages import Table
from playwright.sync_api import Page
from serve import start_server

WAITING = 'body[data-update-available="1"]'


def publish_new_version(site: Path) -> None:
    """Change one file and its revision in the worker, as a rebuild does."""
    css = site / "ui" / "table.css"
    css.write_text(css.read_text() + "\n:root { --next-version: 1; }\n")
    worker = site / "service-worker.js"
    text = re.sub(r'const VERSION = "\w+"', 'const VERSION = "next"', worker.read_text())
    text = re.sub(r'\["\./ui/table\.css", "\w+"\]', '["./ui/table.css", "next"]', text)
    worker.write_text(text)
    for stale in (worker, css):
        for suffix in (".gz", ".br"):
            stale.with_name(stale.name + suffix).unlink()


def cached_urls(page: Page) -> list[str]:
    return list(page.evaluate("caches.open('hf-files').then(c => c.keys()).then(ks => ks.map(r => r.url))"))


def test_update_waits_for_the_player(page: Page, dist: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    server, url = start_server(site)
    try:
        table = Table(page, url).open().wait_until_offline_ready()
        before = len(cached_urls(page))
        # a cache left by a worker from before the shared cache (one cache per version): the update removes it
        page.evaluate("caches.open('hf-0a1b2c3d4e5f6a7b').then(c => c.put('./old', new Response('old')))")
        page.evaluate("window.sameDocument = true")
        publish_new_version(site)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector(WAITING, state="attached")
        assert page.evaluate("window.sameDocument === true")  # it did not reload on its own
        # The player sees the offer and accepts it: the game is saved, then the page reloads.
        update = page.get_by_role("button", name="Save and update")
        update.wait_for()
        assert page.get_by_text("Update available.").is_visible()
        with page.expect_navigation():
            update.click()
        table.wait_until_ready()
        assert page.locator(WAITING).count() == 0
        # One cache shared by the versions: the changed file's new entry replaced the old one, and
        # nothing else was fetched or copied again.
        # (the start-up snapshot, ui/snapshot.js, once made on this device, has a cache of its own)
        assert [name for name in page.evaluate("caches.keys()") if name != "hf-snapshot"] == ["hf-files"]
        css_keys = [k for k in cached_urls(page) if "/ui/table.css?" in k]
        assert [k.rsplit("=", 1)[1] for k in css_keys] == ["next"]
        assert len(cached_urls(page)) == before
        new_css = "getComputedStyle(document.documentElement).getPropertyValue('--next-version')"
        assert page.evaluate(new_css).strip() == "1"
        assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.waiting === null)")
    finally:
        server.shutdown()
        server.server_close()


def test_no_update_offered_when_nothing_changed(page: Page, dist: Path) -> None:
    """A second visit offers no update when none was published, even at a path ("//") that
    would make a service-worker registration of its own."""
    server, url = start_server(dist)
    try:
        table = Table(page, url).open().wait_until_offline_ready()
        for again in (url, url + "/"):
            page.goto(again)
            table.wait_until_ready().wait_until_offline_ready()
            # this page's own registration (its scope is the page's folder) has finished installing
            page.wait_for_function("navigator.serviceWorker.getRegistrations().then(rs => rs.some(r =>"
                                   " r.scope === new URL('./', location.href).href && r.active"
                                   " && r.active.state === 'activated' && !r.installing && !r.waiting))")
            assert page.locator(WAITING).count() == 0
            assert not page.get_by_text("Update available.").is_visible()
    finally:
        server.shutdown()
        server.server_close()


def test_an_address_with_a_double_slash_goes_to_the_plain_one(page: Page, dist: Path) -> None:
    """"…//?deal=…" opens the plain address with the same query: one registration, one offline copy."""
    server, url = start_server(dist)
    try:
        table = Table(page, url).open().wait_until_offline_ready()
        page.goto(url + "/?rules=hkf&deal=808")
        table.wait_until_ready()
        assert "//" not in page.evaluate("location.pathname")
        assert table.deal_number().replace(",", "") == "808"  # the link's deal (its query is then cleared)
        assert "Knee game" in page.locator(".meta").inner_text()  # hkf, in words
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then(rs => rs.length)") == 1
    finally:
        server.shutdown()
        server.server_close()
