"""The cross-engine lane: WebKitGTK and Firefox ESR against the built site (issue 26).

The site is served as ``tools/serve.py`` serves dist/, except that its page carries a first script
(allowed by its hash in the page's Content-Security-Policy, so it is kept in the offline copy too):
console errors, warnings and uncaught errors collected in ``window.__errors`` and
``window.__warnings`` (WebDriver gives no console in WebKit), and e2e/test_storage_faults.py's
storage faults, off until a test turns them on.

Each engine gets one browser, shared by the tests of a module in order (a cold visit feeds the turn,
the turn the reload, ...), and a server of its own, which the last test stops (offline).
"""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "e2e")]
from engines import Browser, Firefox, WebKit  # noqa: E402
from serve import Server, start_server  # noqa: E402
from test_storage_faults import FAULTS  # noqa: E402

ENGINES = ["webkit", "firefox"]
HOOK = (
    """(() => {
  const errors = (window.__errors = []), warnings = (window.__warnings = []);
  const text = (args) => args.map((a) => {
    if (a instanceof Error) return a.stack || String(a);
    if (typeof a === "string") return a;
    try { return JSON.stringify(a); } catch (e) { return String(a); }
  }).join(" ");
  for (const [level, list] of [["error", errors], ["warn", warnings]]) {
    const original = console[level].bind(console);
    console[level] = (...args) => { list.push(text(args)); original(...args); };
  }
  const where = (e) => e.message || (e.target && (e.target.src || e.target.href));
  addEventListener("error", (e) => errors.push(`uncaught: ${where(e)}`), true);
  addEventListener("unhandledrejection", (e) => errors.push(`unhandled rejection: ${e.reason}`));
  addEventListener("securitypolicyviolation", (e) => errors.push(`CSP: ${e.violatedDirective} ${e.blockedURI}`));
})();
"""
    + FAULTS
)
CSP_SCRIPTS = "script-src 'self'"


def hooked_page(html: str) -> str:
    """The built page with HOOK as its first script, its hash added to the page's policy."""
    digest = base64.b64encode(hashlib.sha256(HOOK.encode()).digest()).decode()
    if CSP_SCRIPTS not in html or "<meta charset" not in html:
        raise AssertionError("dist/index.html has no Content-Security-Policy to extend")
    html = html.replace(CSP_SCRIPTS, f"{CSP_SCRIPTS} 'sha256-{digest}'", 1)
    head_end = html.index(">", html.index("Content-Security-Policy")) + 1
    return html[:head_end] + f"\n  <script>{HOOK}</script>" + html[head_end:]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: browser test against the built app")
    config.addinivalue_line("markers", "xfail_in(engine, **kwargs): pytest.mark.xfail(**kwargs) in that engine only")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        engine = callspec.params.get("lane") if callspec else None
        for mark in item.iter_markers("xfail_in"):
            if mark.args[0] == engine:
                item.add_marker(pytest.mark.xfail(**mark.kwargs))


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ with the hooked page; the rest linked, not copied. tools/test.sh has just built dist/ (and
    e2e/ built it again); run alone, the lane builds it only when there is none."""
    dist, site = ROOT / "dist", tmp_path_factory.mktemp("site")
    if not (dist / "index.html").is_file():
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True, stdout=subprocess.DEVNULL)
    for entry in dist.iterdir():
        if not entry.name.startswith("index.html"):
            (site / entry.name).symlink_to(entry)
    (site / "index.html").write_text(hooked_page((dist / "index.html").read_text()))
    return site


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    server, url = start_server(site)
    yield url
    server.shutdown()
    server.server_close()


def open_browser(engine: str, tmp: Path) -> Browser:
    if engine == "webkit":
        if not os.environ.get("DISPLAY"):
            raise pytest.UsageError("WebKit needs an X display: run the lane under xvfb-run (tools/test.sh does)")
        return WebKit(tmp / "config")
    return Firefox()


@dataclass
class Lane:
    """One engine's browser (a temporary profile) and the server only it uses."""

    engine: str
    browser: Browser
    url: str
    server: Server

    def stop_server(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module", params=ENGINES)
def lane(request: pytest.FixtureRequest, site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lane]:
    engine = request.param
    server, url = start_server(site)
    browser = open_browser(engine, tmp_path_factory.mktemp(engine))
    yield Lane(engine, browser, url, server)
    browser.close()
    server.shutdown()
    server.server_close()


@pytest.fixture
def browser(lane: Lane) -> Iterator[Browser]:
    """The lane's browser; its pages must log no console error during the test."""
    yield lane.browser
    errors = lane.browser.all_errors()
    lane.browser.errors = []
    try:
        lane.browser.js("window.__errors && (window.__errors.length = 0)")
    except AssertionError:
        pass
    assert errors == [], f"{lane.engine}: the page logged errors"
