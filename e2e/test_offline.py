"""Once the service worker has cached the app, it boots and plays with no server and no network."""

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
    table.reload().wait_until_idle()
    assert table.heading() == "Hand and Foot"
    # Play a move with no network: draw, then discard.
    before = len(table.hand())
    table.draw()
    assert len(table.hand()) == before + 2
    table.select_position(0).discard()
    assert len(table.hand()) == before + 1
    assert watch.external == []
