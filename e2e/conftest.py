"""Browser fixtures: one build and server per session, Debian's Chromium, a fresh context per test.

Every request that leaves 127.0.0.1 is recorded (and can't go anywhere: the browser's proxy is a closed port on
127.0.0.1, which Chromium never asks for 127.0.0.1 itself); console errors fail the test.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True}
BOOT_TIMEOUT_MS = 60_000


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: browser test against the built app")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(item.path).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)


@dataclass
class Watch:
    """What a test's browser context did that it should not have."""

    external: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@pytest.fixture(scope="session")
def dist() -> Path:
    """The site built once per run: with pytest-xdist (``-n 2``) the first worker builds it under a lock
    and the others use that build.  ``tools/test.sh`` builds it before the tests and says so with
    ``HF_SITE_BUILT=1``: that build is used (building again cost both workers about 45 s)."""
    if os.environ.get("HF_SITE_BUILT") == "1" and (ROOT / "dist" / "index.html").exists():
        return ROOT / "dist"
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
        return ROOT / "dist"
    marks = Path(tempfile.gettempdir())
    with open(marks / "hf-e2e-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        mark = marks / f"hf-e2e-built-{run}"
        if not mark.exists():
            subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
            mark.write_text(run)
    return ROOT / "dist"


@pytest.fixture(scope="session")
def base_url(dist: Path) -> Iterator[str]:
    server, url = start_server(dist)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + NOWHERE)
    yield browser
    browser.close()


@pytest.fixture
def watch() -> Watch:
    return Watch()


NOWHERE = ["--proxy-server=http://127.0.0.1:9"]
"""Every request for another host goes to a closed port and fails (loopback is never sent to a proxy).  Not a
route: Playwright's routes turn Chromium's HTTP cache off and pass every request of the page through the test."""


def guarded_context(browser: Browser, watch: Watch, **options: object) -> BrowserContext:
    """A context that records every request not for 127.0.0.1 (the browser's proxy lets none through)."""
    context = browser.new_context(**options)  # type: ignore[arg-type]

    def seen(request) -> None:  # type: ignore[no-untyped-def]
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != "127.0.0.1":
            watch.external.append(request.url)

    context.on("request", seen)
    return context


@pytest.fixture
def context(browser: Browser, watch: Watch) -> Iterator[BrowserContext]:
    """A phone-sized context (computer moves unpaced: reduced motion) that blocks foreign requests."""
    context = guarded_context(browser, watch, **PHONE, reduced_motion="reduce")
    yield context
    context.close()


@pytest.fixture
def new_page(browser: Browser, watch: Watch) -> Iterator[Callable[..., Page]]:
    """Open pages in fresh browser profiles (own storage), e.g. a tablet or a second device."""
    contexts: list[BrowserContext] = []

    def make(**options: object) -> Page:
        settings = {**PHONE, "reduced_motion": "reduce", **options}
        context = guarded_context(browser, watch, **settings)
        contexts.append(context)
        page = context.new_page()
        watch_page(page, watch)
        return page

    yield make
    for context in contexts:
        context.close()
    assert watch.errors == [], "the page logged errors"


def watch_page(page: Page, watch: Watch) -> None:
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.on("console", lambda m: m.type == "error" and watch.errors.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: watch.errors.append(f"pageerror: {e}"))


@pytest.fixture
def page(context: BrowserContext, watch: Watch) -> Iterator[Page]:
    """A page whose console errors and uncaught exceptions fail the test."""
    page = context.new_page()
    watch_page(page, watch)
    yield page
    assert watch.errors == [], "the page logged errors"
