"""Measure boot times and bytes of the built app in headless Chromium; save a phone screenshot.

Usage: python tools/measure_boot.py [--runs 5] [--no-gzip] [--screenshot shot.png]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from serve import ROOT, start_server

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
READY = 'body[data-ready="1"]'
BYTES_JS = """() => performance.getEntriesByType("resource")
  .concat(performance.getEntriesByType("navigation"))
  .map(e => [e.name, e.transferSize, e.decodedBodySize])"""


def boot(page: Page, url: str | None) -> float:
    """Load (or reload when url is None) and return seconds until the ready marker."""
    start = time.perf_counter()
    if url:
        page.goto(url)
    else:
        page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    return time.perf_counter() - start


def run(url: str, runs: int, screenshot: Path | None) -> dict[str, Any]:
    cold, warm, transfers = [], [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for i in range(runs):
            context = browser.new_context(viewport={"width": 360, "height": 740},
                                          has_touch=True, is_mobile=True)  # fmt: skip
            page = context.new_page()
            cold.append(boot(page, url))
            transfers = page.evaluate(BYTES_JS)
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            warm.append(boot(page, None))
            if screenshot and i == 0:
                page.screenshot(path=str(screenshot))
            context.close()
        browser.close()
    return {
        "cold_median_s": round(statistics.median(cold), 2),
        "warm_median_s": round(statistics.median(warm), 2),
        "first_visit_transfer_MB": round(sum(t[1] for t in transfers) / 1e6, 2),
        "first_visit_decoded_MB": round(sum(t[2] for t in transfers) / 1e6, 2),
        "urls": sorted(t[0].removeprefix(url) for t in transfers),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-gzip", action="store_true")
    parser.add_argument("--screenshot", type=Path)
    args = parser.parse_args()
    server, url = start_server(ROOT / "dist", use_gzip=not args.no_gzip)
    try:
        result = run(url, args.runs, args.screenshot)
    finally:
        server.shutdown()
    for key, value in result.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
