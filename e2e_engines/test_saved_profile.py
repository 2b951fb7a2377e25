"""The start-up snapshot in a saved profile, as a player's browser keeps one: made on one visit, restored
on the next, after the browser was closed and opened again. WebKitWebDriver only runs temporary
profiles, so WebKit runs e2e_engines/webkit_profile.py (PyGObject, Debian's own Python) instead."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from engines import Firefox
from test_engines import HEIGHT, IDLE, MARKS, WIDTH

HERE = Path(__file__).resolve().parent
SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's, with python3-gi and gir1.2-webkit2-4.1
LINK = "?rules=hkf&deal=77"
SNAPSHOT_MARKS = ("start", "stored", "failed", "restored", "fallback")


def webkit_visit(url: str, profile: Path, wait_for_snapshot: bool) -> dict:
    if not os.environ.get("DISPLAY"):
        raise pytest.UsageError("WebKit needs an X display: run the lane under xvfb-run (tools/test.sh does)")
    done = subprocess.run(
        [SYSTEM_PYTHON, str(HERE / "webkit_profile.py"), url, str(profile), "1" if wait_for_snapshot else "0"],
        capture_output=True, text=True, timeout=200, check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def firefox_visit(url: str, profile: Path, wait_for_snapshot: bool) -> dict:
    browser = Firefox(profile)
    try:
        browser.size(WIDTH, HEIGHT)
        browser.goto(url)
        browser.wait(IDLE)
        if wait_for_snapshot:
            browser.wait(
                "performance.getEntriesByName('hf-snapshot-stored').length"
                " || performance.getEntriesByName('hf-snapshot-failed').length",
                timeout=150,
            )
        return {
            "deal": browser.js("document.querySelector('.deal-number').innerText"),
            "marks": {name: browser.call(MARKS, name) for name in SNAPSHOT_MARKS},
            "errors": browser.all_errors(),
        }
    finally:
        browser.close()


@pytest.mark.parametrize("engine", ["webkit", "firefox"])
def test_a_snapshot_made_on_one_visit_is_restored_on_the_next(base_url: str, tmp_path: Path, engine: str) -> None:
    visit = webkit_visit if engine == "webkit" else firefox_visit
    first = visit(base_url + LINK, tmp_path, True)
    assert first["deal"] == "77" and first["errors"] == [], first
    assert first["marks"]["stored"] and not first["marks"]["failed"], first["marks"]
    # The browser closed and opened again on the same profile: the game and the snapshot are kept.
    again = visit(base_url, tmp_path, False)
    assert again["deal"] == "77" and again["errors"] == [], again
    assert again["marks"]["restored"], again["marks"]
    assert not again["marks"]["fallback"] and not again["marks"]["start"], again["marks"]
