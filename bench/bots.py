"""Computer-player decision time in the page (Pyodide, main thread) next to CPython.

``bots.html`` loads Pyodide from the app's vendored files, copies the app's Python files
(``pyscript.json`` "files": the modules' zip) into its file system, and runs ``bench/botcore.py`` on the main
thread: the same engine code on the same thread as the app's computer players.  For each
level, every preset x deal game is played with that level in all four seats, first in the page
and then in this CPython process; the games' digests must agree (same decisions).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from engine.bots import LEVELS

from . import botcore
from .common import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, PHONE, load_average, percentile, serve


def stats(times: list[float]) -> dict[str, float]:
    return {
        "p50": round(percentile(times, 50), 3),
        "p95": round(percentile(times, 95), 3),
        "max": round(max(times) if times else 0.0, 3),
        "mean": round(sum(times) / len(times), 3) if times else 0.0,
        "count": len(times),
    }


def ratio(a: float, b: float) -> float | None:
    return round(a / b, 2) if b else None


def measure(site: Path, deals: list[int], presets: list[str] | None = None, log: Any = print) -> dict[str, Any]:
    presets = presets or list(botcore.PRESETS)
    levels: dict[str, Any] = {}
    load_before = load_average()
    with serve(site) as (base, _), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(**PHONE).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "bots.html")
        page.wait_for_selector('body[data-ready="1"]', timeout=BOOT_TIMEOUT_MS, state="attached")
        pyodide_python = page.evaluate("window.benchVersion")
        for level in LEVELS:
            spec = json.dumps({"level": level, "presets": presets, "deals": deals})
            browser_run = json.loads(page.evaluate("args => window.benchRun(args)", spec))
            cpython_run = botcore.run(level, presets, deals)
            b, c = stats(browser_run["times_ms"]), stats(cpython_run["times_ms"])
            levels[level] = {
                "browser": b,
                "cpython": c,
                "ratio": {k: ratio(b[k], c[k]) for k in ("p50", "p95", "max", "mean")},
                "browser_seconds": browser_run["seconds"],
                "cpython_seconds": cpython_run["seconds"],
                "same_games": browser_run["digests"] == cpython_run["digests"],
            }
            log(
                f"  bots {level}: page p50 {b['p50']:.2f} p95 {b['p95']:.2f} max {b['max']:.1f} ms; "
                f"CPython p50 {c['p50']:.2f} p95 {c['p95']:.2f} ms ({b['count']} decisions)"
            )
        browser.close()
    return {
        "presets": presets,
        "deals": deals,
        "games_per_level": len(presets) * len(deals),
        "pyodide_python": pyodide_python,
        "cpython": botcore.sys.version.split()[0],
        "levels": levels,
        "page_errors": errors,
        "load_average": {"before": load_before, "after": load_average()},
    }
