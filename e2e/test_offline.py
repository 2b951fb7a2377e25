"""Once the service worker has cached the app, it boots and plays with no server and no network."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Watch
from pages import offline_after_first_visit
from playwright.sync_api import BrowserContext, Page

RUN_PYTHON = """(code) => import("./ui/boot.js").then((m) => m.loadPyodide()).then((py) => py.runPython(code))"""


def test_boots_offline_after_first_visit(page: Page, context: BrowserContext, dist: Path, watch: Watch) -> None:
    table = offline_after_first_visit(page, context, dist).wait_until_idle()
    assert table.heading() == "Hand and Foot"
    # Play with no network: draw, then discard, until the computer players' code has loaded
    # (it is imported after the table is up) and they have moved.
    before = len(table.hand())
    table.draw()
    assert len(table.hand()) == before + 2
    moves = table.moves()
    table.select_position(0).discard()
    assert len(table.hand()) == before + 1
    assert table.moves() > moves + 1  # the discard and at least one computer move
    modules = json.loads(page.evaluate(RUN_PYTHON, "import json, sys; json.dumps(sorted(sys.modules))"))
    assert "engine.bots" in modules
    # A module imported late from the on-demand part of the standard library also works offline.
    origin = page.evaluate(RUN_PYTHON, "import argparse, calendar; calendar.__spec__.origin")
    assert origin == "/lib/stdlib-rest.zip/calendar.py"
    assert watch.external == []
