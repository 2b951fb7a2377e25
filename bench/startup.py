"""Start-up side by side: the app against a bare ``loadPyodide()`` page, cold and warm.

Each run uses a fresh Chromium profile (a new temporary user-data directory):
- cold: the first visit, nothing cached;
- warm: the browser is closed and relaunched on the same profile (disk HTTP cache, V8 code
  cache and, for the app, the service worker and its cache kept; memory caches gone), as a
  player who opens the app again;
- later: once more, as every visit after that.  For the app this differs from warm: the first
  visit served by the service worker compiles Pyodide's WebAssembly from the worker's cache, and
  Chromium keeps compiled code for that copy only from then on (the bare page's HTTP-cache copy
  got its compiled code on the cold visit).
The time is ``performance.now()`` when ``body[data-ready="1"]`` appears, i.e. milliseconds from
the start of the navigation until the page can take a tap, measured inside the page (no
Playwright polling in it).  Also measured inside the page: the longest main-thread task before
that (Long Tasks API), the first contentful paint, and for the app when the saved table was put
on the page (``body.prepaint``).  The saved table is the one ui/main.py keeps in localStorage;
where the page has not written it after a visit, the bench writes it the same way (SAVE_PAINT).
Runs alternate app, bare, app, bare…  Nothing is routed (routing turns the HTTP cache off).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Playwright, sync_playwright

from .common import (
    BOOT_TIMEOUT_MS,
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    READY_PROBE,
    SAVE_PAINT,
    Meter,
    load_average,
    median,
    serve,
)

PAGES = {"app": "", "bare": "bare.html"}
MODES = ("cold", "warm", "later")
ATTEMPTS = 3
SETTLE_S = 3.0  # after ready (and the SW, for the app): players stay longer; compiled code reaches the disk


def visit(
    pw: Playwright, url: str, profile: Path, meter: Meter, *, wait_sw: bool, save_paint: bool = False
) -> dict[str, Any]:
    """One navigation in a browser launched on ``profile``; ready time and bytes sent meanwhile."""
    context = pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **PHONE
    )
    try:
        context.add_init_script(READY_PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        meter.reset()
        start = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("window.__benchReady !== undefined", timeout=BOOT_TIMEOUT_MS, polling=20)
        wall_ms = (time.perf_counter() - start) * 1000.0
        ready_ms = float(page.evaluate("window.__benchReady"))
        boot_ms = page.evaluate("document.body.dataset.bootMs || null")
        probe = page.evaluate(
            "({longest: window.__benchLongest, tasks: window.__benchTasks, prepaint: window.__benchPrepaint ?? null,"
            " fcp: window.__benchFcp ?? null})"
        )
        at_ready = meter.snapshot()
        controlled = bool(page.evaluate("navigator.serviceWorker && navigator.serviceWorker.controller !== null"))
        if wait_sw:
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS, polling=100)
        time.sleep(SETTLE_S)
        wrote_paint = bool(page.evaluate(SAVE_PAINT)) if save_paint else False
        whole = meter.snapshot()
    finally:
        context.close()
    return {
        "ready_ms": round(ready_ms, 1),
        "wall_ms": round(wall_ms, 1),
        "app_boot_ms": float(boot_ms) if boot_ms else None,
        "sw_controlled": controlled,
        "longest_task_ms": round(float(probe["longest"] or 0), 1),
        "long_tasks": probe["tasks"],
        "prepaint_ms": round(float(probe["prepaint"]), 1) if probe["prepaint"] is not None else None,
        "fcp_ms": round(float(probe["fcp"]), 1) if probe["fcp"] is not None else None,
        "bench_wrote_paint": wrote_paint,
        "bytes_at_ready": at_ready,
        "bytes_whole": whole,
    }


def visits(pw: Playwright, url: str, is_app: bool, meter: Meter) -> tuple[dict[str, Any], ...]:
    """Cold, warm and later visits on one fresh profile."""
    with tempfile.TemporaryDirectory(prefix="hf-profile-") as profile:
        cold = visit(pw, url, Path(profile), meter, wait_sw=is_app, save_paint=is_app)
        warm = visit(pw, url, Path(profile), meter, wait_sw=False, save_paint=is_app)
        later = visit(pw, url, Path(profile), meter, wait_sw=False)
    return cold, warm, later


def measure(site: Path, runs: int, log: Any = print) -> dict[str, Any]:
    """``runs`` interleaved cold+warm pairs of the app and of the bare page."""
    samples: dict[str, dict[str, list[float]]] = {p: {m: [] for m in MODES} for p in PAGES}
    extra: dict[str, dict[str, dict[str, list[float]]]] = {
        key: {p: {m: [] for m in MODES} for p in PAGES} for key in ("longest_task_ms", "prepaint_ms", "fcp_ms")
    }
    paint_written = 0
    served: dict[str, dict[str, int]] = {p: {"cold": 0, "warm": 0} for p in PAGES}
    app_boot: list[float] = []
    problems: list[str] = []
    load_before = load_average()
    with serve(site) as (base, meter), sync_playwright() as pw:
        for i in range(runs):
            for name, path in PAGES.items():
                for attempt in range(1, ATTEMPTS + 1):
                    try:
                        cold, warm, later = visits(pw, base + path, name == "app", meter)
                        break
                    except PlaywrightError as err:  # a renderer crash now and then: redo the run, and say so
                        problems.append(f"run {i + 1} {name}, attempt {attempt}: {str(err).splitlines()[0]}")
                        if attempt == ATTEMPTS:
                            raise
                app_boot += [v["app_boot_ms"] for v in (cold, warm, later) if v["app_boot_ms"] is not None]
                for mode, v in (("cold", cold), ("warm", warm), ("later", later)):
                    samples[name][mode].append(v["ready_ms"])
                    for key in extra:
                        if v[key] is not None:
                            extra[key][name][mode].append(v[key])
                    paint_written += v["bench_wrote_paint"]
                served[name]["cold"] = sum(cold["bytes_whole"].values())
                served[name]["warm"] = sum(warm["bytes_at_ready"].values())
                if name == "app" and not warm["sw_controlled"]:
                    problems.append(f"run {i + 1}: the warm app visit was not controlled by the service worker")
                log(
                    f"  startup {i + 1}/{runs} {name}: cold {cold['ready_ms']:.0f} ms, warm {warm['ready_ms']:.0f} ms, "
                    f"later {later['ready_ms']:.0f} ms; longest task {cold['longest_task_ms']:.0f}/"
                    f"{warm['longest_task_ms']:.0f}/{later['longest_task_ms']:.0f} ms; saved table painted "
                    f"{warm['prepaint_ms']}/{later['prepaint_ms']} ms"
                )
    result: dict[str, Any] = {"runs": runs, "pages": {}, "problems": problems}
    for name in PAGES:
        result["pages"][name] = {
            mode: {"median_ms": round(median(vals), 1), "samples_ms": vals} for mode, vals in samples[name].items()
        }
        result["pages"][name]["bytes_served_last_run"] = served[name]
        for key, by_page in extra.items():
            for mode, vals in by_page[name].items():
                result["pages"][name][mode][key] = {"median": round(median(vals), 1) if vals else None, "samples": vals}
    for mode in MODES:
        app = result["pages"]["app"][mode]["median_ms"]
        bare = result["pages"]["bare"][mode]["median_ms"]
        result[f"{mode}_ratio"] = round(app / bare, 3) if bare else None
    result["app_boot_ms_median"] = round(median(app_boot), 1) if app_boot else None
    result["paint_written_by_bench"] = paint_written
    result["load_average"] = {"before": load_before, "after": load_average()}
    return result
