"""Once the service worker has cached the app, it boots with no server and no network."""

from __future__ import annotations

from pathlib import Path

from conftest import Watch
from pages import Table
from playwright.sync_api import BrowserContext, Page
from serve import start_server


def test_boots_offline_after_first_visit(page: Page, context: BrowserContext, dist: Path, watch: Watch) -> None:
    server, url = start_server(dist)  # our own server, so stopping it spares the other tests
    try:
        table = Table(page, url).open().wait_until_offline_ready()
    finally:
        server.shutdown()
        server.server_close()
    context.set_offline(True)
    table.reload()
    assert table.heading() == "Hand and Foot"
    assert watch.external == []
