"""The app boots on a phone, from our own server only, without errors."""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path
from urllib.request import urlopen

from conftest import ROOT, Watch
from pages import Table
from playwright.sync_api import Page

sys.path.insert(0, str(ROOT / "tools"))
from build import COMMAND_LINE_ONLY


def test_boots_to_ready_on_a_phone(page: Page, base_url: str, watch: Watch) -> None:
    table = Table(page, base_url).open()
    assert table.heading() == "Hand and Foot"
    assert page.get_by_text("Loading the card table").count() == 0
    assert not table.scrolls_sideways()
    assert watch.external == []


def test_a_request_for_another_host_is_recorded_and_reaches_nothing(page: Page, base_url: str, watch: Watch) -> None:
    """What the test above relies on: the tests' browser sends nothing beyond 127.0.0.1, and says what was asked."""
    page.goto(base_url + "/manifest.webmanifest")  # our origin, without starting the app
    asked = ["http://192.0.2.1/x.js", "https://example.com/y.wasm"]
    reached = page.evaluate(
        "(urls) => Promise.all(urls.map((u) => fetch(u, {mode: 'no-cors'}).then(() => true, () => false)))", asked
    )
    assert reached == [False, False]
    assert sorted(watch.external) == sorted(asked)
    watch.external.clear()
    watch.errors.clear()  # the browser's own "failed to load" lines


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


def test_an_iphone_finds_its_180_px_home_screen_icon(page: Page, base_url: str) -> None:
    """iOS takes the page's apple-touch-icon (not the manifest's icons) and prefers 180x180."""
    Table(page, base_url).open()
    href = page.eval_on_selector('link[rel="apple-touch-icon"]', "link => link.href")
    with urlopen(href) as response:
        head = response.read(33)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, color_type = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big"), head[25]
    assert (width, height) == (180, 180)
    assert color_type in (0, 2)  # no alpha: iOS would fill see-through pixels with black


def test_chromium_finds_the_app_installable(page: Page, base_url: str) -> None:
    Table(page, base_url).open().wait_until_offline_ready()
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    found = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A test context is incognito by nature; any other reason is a real problem.
    assert [e["errorId"] for e in found if e["errorId"] != "in-incognito"] == []


def test_every_preload_is_used(page: Page, base_url: str) -> None:
    """Each <link> preload matches the request the page makes later (else Chromium downloads twice
    and warns a few seconds after the load event)."""
    messages: list[str] = []
    page.on("console", lambda m: messages.append(m.text))
    Table(page, base_url).open()
    preloads = page.eval_on_selector_all(
        'link[rel="preload"], link[rel="modulepreload"]', "links => links.map(l => l.href)"
    )
    assert len(preloads) >= 5
    # and none for fetch(): WebKit downloads those twice and warns (tools/build.py preload_links)
    assert page.eval_on_selector_all('link[rel="preload"]', "links => links.length") == 0
    page.wait_for_timeout(4000)
    assert [m for m in messages if "preload" in m.lower()] == []


def test_the_site_ships_the_modules_compiled_in_one_zip(dist: Path) -> None:
    with zipfile.ZipFile(dist / "app.zip") as archive:
        names = set(archive.namelist())
        headers = {name: archive.read(name)[:8] for name in names}
    sources = {p.relative_to(ROOT).as_posix() for folder in ("engine", "ui") for p in (ROOT / folder).rglob("*.py")}
    shipped = {s for s in sources if s != "ui/main.py" and s not in COMMAND_LINE_ONLY}
    assert names == {s + "c" for s in shipped}
    # PEP 552 header: flags 0b01 = hash-based and unchecked (no source is shipped to check against)
    assert {int.from_bytes(h[4:8], "little") for h in headers.values()} == {1}
    assert sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*.py")) == ["ui/main.py"]


def test_a_content_security_policy_stops_injected_scripts(page: Page, base_url: str, watch: Watch) -> None:
    Table(page, base_url).open()
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") or ""
    assert "default-src 'self'" in policy and "'unsafe-inline'" not in policy and "object-src 'none'" in policy
    blocked = page.evaluate(
        """() => new Promise((done) => {
          const check = () => setTimeout(() => done(window.__injected === undefined));
          document.addEventListener("securitypolicyviolation", check, { once: true });
          const s = document.createElement("script");
          s.textContent = "window.__injected = 1";
          document.body.append(s);
          setTimeout(() => done("no violation reported"), 3000);
        })"""
    )
    assert blocked is True
    assert all("Content Security Policy" in e for e in watch.errors), watch.errors
    watch.errors.clear()  # the one refusal this test asked for


def test_a_new_player_is_welcomed_once(page: Page, base_url: str) -> None:
    table = Table(page, base_url).open()
    welcome = table.message()
    assert welcome.startswith("Welcome!") and "partner" in welcome and "Hint" in welcome
    # Whole on a phone's screen: no scrolling inside the note to read its end.
    assert page.viewport_size == {"width": 360, "height": 740}
    assert page.evaluate("(n) => n.scrollHeight <= n.clientHeight + 1", page.locator(".note").element_handle())
    table.reload()  # the table has been painted here once: not a new player any more
    assert page.locator(".note").count() == 0
    # A shared link says what it opened instead.
    fresh = page.context.new_page()
    Table(fresh, base_url).open_link("?rules=pagat&deal=3")
    assert not Table(fresh, base_url).message().startswith("Welcome!")
