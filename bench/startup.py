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

Start-up snapshots (ui/snapshot.js): the app as built makes one on its cold visit, in a worker,
once the table is up and quiet, and restores it on the warm and later visits.  The cold visit
waits until it is stored (``hf-snapshot-stored``, or ``hf-snapshot-failed``; at most
SNAPSHOT_WAIT_MS) before the browser is closed, and notes the worker's figures (time to make, encode
and store it, its size) and the renderer process's resident memory meanwhile (the worker runs in
it): the snapshot's memory cost is the peak while it is made minus the memory just before.  Two
more copies of the build are measured beside it: ``app-nosnap`` (the same build with snapshots
off, as the app started before them) and ``app-gzip`` (the snapshot stored gzipped).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import tempfile
import threading
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

PAGES = {"app": "", "app-nosnap": "nosnap/", "app-gzip": "gzip/", "bare": "bare.html"}
VARIANTS = {"app-nosnap": ("nosnap", None), "app-gzip": ("gzip", "gzip")}
"""Copies of the build beside it (folder, snapshot encoding; None: snapshots off)."""
MODES = ("cold", "warm", "later")
ATTEMPTS = 3
SETTLE_S = 3.0  # after ready (and the SW, for the app): players stay longer; compiled code reaches the disk
SNAPSHOT_WAIT_MS = 120_000
SNAPSHOT_MARKS = """() => {
  const out = {timeOrigin: performance.timeOrigin};
  for (const e of performance.getEntriesByType("mark")) {
    if (e.name.startsWith("hf-snapshot-")) out[e.name.slice(12)] = {ms: e.startTime, detail: e.detail ?? null};
  }
  return out;
}"""
SNAPSHOT_SETTLED = (
    "['stored', 'failed'].some((n) => performance.getEntriesByName('hf-snapshot-' + n).length)"
)


class RendererMemory:
    """Anonymous resident memory (resident minus file-backed) of the renderer processes of one
    Chromium profile (a page and its workers), sampled every few milliseconds from /proc while a
    visit runs: [(epoch ms, bytes), ...]."""

    PERIOD_S = 0.02

    def __init__(self, profile: Path) -> None:
        self.flag = f"--user-data-dir={profile}".encode()
        self.samples: list[tuple[float, int]] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.page_size = os.sysconf("SC_PAGE_SIZE")

    def pids(self) -> list[int]:
        found = []
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                command = Path(entry.path, "cmdline").read_bytes()
            except OSError:
                continue
            if b"--type=renderer" in command and self.flag in command:
                found.append(int(entry.name))
        return found

    def run(self) -> None:
        pids: list[int] = []
        rescan = 0.0
        while not self.stop.is_set():
            now = time.time()
            if now >= rescan:
                pids, rescan = self.pids(), now + 0.25
            total = 0
            for pid in pids:
                try:
                    fields = Path(f"/proc/{pid}/statm").read_text().split()
                    total += (int(fields[1]) - int(fields[2])) * self.page_size  # resident, not file-backed
                except (OSError, IndexError, ValueError):
                    pass
            if total:
                self.samples.append((now * 1000.0, total))
            self.stop.wait(self.PERIOD_S)

    def __enter__(self) -> RendererMemory:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()

    def peak(self, start: float, end: float) -> int | None:
        values = [b for t, b in self.samples if start <= t <= end]
        return max(values) if values else None

    def before(self, when: float) -> int | None:
        values = [b for t, b in self.samples if t <= when]
        return values[-1] if values else None


def add_variants(site: Path) -> None:
    """The build's copies for ``VARIANTS``, each in its folder of the site, with its boot.js changed."""
    skip = {"bare", "bare.html", "bots.html", "bench", *(folder for folder, _ in VARIANTS.values())}
    for folder, encoding in VARIANTS.values():
        dest = site / folder
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(site, dest, ignore=lambda where, names: [n for n in names if Path(where) == site and n in skip])
        boot = dest / "ui" / "boot.js"
        text = boot.read_text()
        setting = re.search(r'"snapshot": (\{[^}]*\}|null)', text)
        if setting is None:
            raise SystemExit("dist/ui/boot.js has no snapshot setting: rebuild the site")
        value = json.loads(setting.group(1))
        if encoding is None:
            value = None
        else:
            value["encoding"] = encoding
        boot.write_text(text.replace(setting.group(0), f'"snapshot": {json.dumps(value, sort_keys=True)}'))
        # the served copies of the changed file: gzip only (a missing .br makes the server send it)
        boot.with_name("boot.js.br").unlink(missing_ok=True)
        boot.with_name("boot.js.gz").write_bytes(gzip.compress(boot.read_bytes(), compresslevel=9, mtime=0))


def visit(
    pw: Playwright,
    url: str,
    profile: Path,
    meter: Meter,
    *,
    wait_sw: bool,
    save_paint: bool = False,
    wait_snapshot: bool = False,
) -> dict[str, Any]:
    """One navigation in a browser launched on ``profile``; ready time and bytes sent meanwhile."""
    context = pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **PHONE
    )
    memory = RendererMemory(profile)
    try:
        context.add_init_script(READY_PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        meter.reset()
        memory.__enter__()
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
        snapshot_wait_ms = None
        if wait_snapshot:
            waited = time.perf_counter()
            page.wait_for_function(SNAPSHOT_SETTLED, timeout=SNAPSHOT_WAIT_MS, polling=100)
            snapshot_wait_ms = round((time.perf_counter() - waited) * 1000.0)
        time.sleep(SETTLE_S)
        marks = page.evaluate(SNAPSHOT_MARKS)
        wrote_paint = bool(page.evaluate(SAVE_PAINT)) if save_paint else False
        whole = meter.snapshot()
    finally:
        memory.__exit__()
        context.close()
    origin = marks["timeOrigin"]
    snapshot: dict[str, Any] = {k: v for k, v in marks.items() if k != "timeOrigin"}
    if "start" in snapshot and "stored" in snapshot:
        start_at, end_at = origin + snapshot["start"]["ms"], origin + snapshot["stored"]["ms"]
        before, peak = memory.before(start_at), memory.peak(start_at, end_at + 100)
        snapshot["rss_before_bytes"], snapshot["rss_peak_bytes"] = before, peak
        snapshot["rss_added_bytes"] = peak - before if before and peak else None
        snapshot["wait_ms"] = snapshot_wait_ms
    return {
        "ready_ms": round(ready_ms, 1),
        "wall_ms": round(wall_ms, 1),
        "app_boot_ms": float(boot_ms) if boot_ms else None,
        "sw_controlled": controlled,
        "longest_task_ms": round(float(probe["longest"] or 0), 1),
        "long_tasks": probe["tasks"],
        "prepaint_ms": round(float(probe["prepaint"]), 1) if probe["prepaint"] is not None else None,
        "fcp_ms": round(float(probe["fcp"]), 1) if probe["fcp"] is not None else None,
        "rss_peak_to_ready_bytes": memory.peak(origin, origin + ready_ms),
        "snapshot": snapshot,
        "bench_wrote_paint": wrote_paint,
        "bytes_at_ready": at_ready,
        "bytes_whole": whole,
    }


def visits(pw: Playwright, url: str, name: str, meter: Meter) -> tuple[dict[str, Any], ...]:
    """Cold, warm and later visits on one fresh profile."""
    is_app = name != "bare"
    with tempfile.TemporaryDirectory(prefix="hf-profile-") as profile:
        snapshots = is_app and name != "app-nosnap"
        cold = visit(pw, url, Path(profile), meter, wait_sw=is_app, save_paint=is_app, wait_snapshot=snapshots)
        warm = visit(pw, url, Path(profile), meter, wait_sw=False, save_paint=is_app)
        later = visit(pw, url, Path(profile), meter, wait_sw=False)
    return cold, warm, later


SNAPSHOT_FIGURES = ("totalMs", "loadMs", "importMs", "snapshotMs", "encodeMs", "storeMs", "afterReadyMs")
SNAPSHOT_SIZES = ("rawBytes", "sparseBytes", "storedBytes")


def snapshot_figures(
    name: str, mode: str, v: dict[str, Any], into: dict[str, Any], problems: list[str], run: int
) -> None:
    """Collect what a visit says about snapshots (made on the cold visit, restored on the others)."""
    snap = v["snapshot"]
    if "fallback" in snap:
        into.setdefault("fallbacks", []).append(f"run {run} {mode}: {snap['fallback']['detail']}")
    if mode == "cold":
        if "failed" in snap:
            problems.append(f"run {run} {name}: no snapshot made: {snap['failed']['detail']}")
        made = (snap.get("stored") or {}).get("detail")
        if made:
            for key in (*SNAPSHOT_FIGURES, *SNAPSHOT_SIZES):
                into.setdefault(key, []).append(round(made[key], 1))
            for key in ("wait_ms", "rss_added_bytes", "rss_before_bytes", "rss_peak_bytes"):
                if snap.get(key) is not None:
                    into.setdefault(key, []).append(snap[key])
        return
    restored = (snap.get("restored") or {}).get("detail")
    if restored is None:
        problems.append(f"run {run} {name}: the {mode} visit did not start from a snapshot")
        return
    for key in ("readMs", "decodeMs", "moduleMs", "restoreMs"):
        if restored.get(key) is not None:
            into.setdefault(f"{mode}_{key}", []).append(round(restored[key], 1))


def summary(values: dict[str, list[Any]]) -> dict[str, Any]:
    return {
        key: {"median": round(median(vals), 1), "samples": vals} if vals and not isinstance(vals[0], str) else vals
        for key, vals in values.items()
    }


def measure(site: Path, runs: int, log: Any = print, pages: list[str] | None = None) -> dict[str, Any]:
    """``runs`` interleaved rounds of cold, warm and later visits of each page (see ``PAGES``)."""
    chosen = {name: PAGES[name] for name in (pages or PAGES)}
    if "bare" not in chosen or "app" not in chosen:
        raise SystemExit("the start-up bench needs the app and the bare page")
    add_variants(site)
    samples: dict[str, dict[str, list[float]]] = {p: {m: [] for m in MODES} for p in chosen}
    extras = ("longest_task_ms", "prepaint_ms", "fcp_ms", "rss_peak_to_ready_bytes")
    extra: dict[str, dict[str, dict[str, list[float]]]] = {
        key: {p: {m: [] for m in MODES} for p in chosen} for key in extras
    }
    snapshots: dict[str, dict[str, Any]] = {p: {} for p in chosen if p not in ("bare", "app-nosnap")}
    paint_written = 0
    served: dict[str, dict[str, int]] = {p: {"cold": 0, "warm": 0} for p in chosen}
    app_boot: list[float] = []
    problems: list[str] = []
    load_before = load_average()
    with serve(site) as (base, meter), sync_playwright() as pw:
        for i in range(runs):
            for name, path in chosen.items():
                for attempt in range(1, ATTEMPTS + 1):
                    try:
                        cold, warm, later = visits(pw, base + path, name, meter)
                        break
                    except PlaywrightError as err:  # a renderer crash now and then: redo the run, and say so
                        problems.append(f"run {i + 1} {name}, attempt {attempt}: {str(err).splitlines()[0]}")
                        if attempt == ATTEMPTS:
                            raise
                if name == "app":
                    app_boot += [v["app_boot_ms"] for v in (cold, warm, later) if v["app_boot_ms"] is not None]
                for mode, v in (("cold", cold), ("warm", warm), ("later", later)):
                    samples[name][mode].append(v["ready_ms"])
                    for key in extra:
                        if v[key] is not None:
                            extra[key][name][mode].append(v[key])
                    paint_written += v["bench_wrote_paint"]
                    if name in snapshots:
                        snapshot_figures(name, mode, v, snapshots[name], problems, i + 1)
                served[name]["cold"] = sum(cold["bytes_whole"].values())
                served[name]["warm"] = sum(warm["bytes_at_ready"].values())
                if name != "bare" and not warm["sw_controlled"]:
                    problems.append(f"run {i + 1}: the warm {name} visit was not controlled by the service worker")
                made = (cold["snapshot"].get("stored") or {}).get("detail")
                log(
                    f"  startup {i + 1}/{runs} {name}: cold {cold['ready_ms']:.0f} ms, warm {warm['ready_ms']:.0f} ms, "
                    f"later {later['ready_ms']:.0f} ms; longest task {cold['longest_task_ms']:.0f}/"
                    f"{warm['longest_task_ms']:.0f}/{later['longest_task_ms']:.0f} ms; saved table painted "
                    f"{warm['prepaint_ms']}/{later['prepaint_ms']} ms"
                    + (
                        f"; snapshot {made['storedBytes'] / 1e6:.1f} MB made in {made['totalMs']:.0f} ms, "
                        f"stored {made['afterReadyMs']:.0f} ms after ready, "
                        f"restored {'yes' if 'restored' in warm['snapshot'] else 'NO'}/"
                        f"{'yes' if 'restored' in later['snapshot'] else 'NO'}"
                        if made
                        else ""
                    )
                )
    result: dict[str, Any] = {"runs": runs, "pages": {}, "problems": problems}
    for name in chosen:
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
    result["snapshots"] = {name: summary(values) for name, values in snapshots.items()}
    result["app_boot_ms_median"] = round(median(app_boot), 1) if app_boot else None
    result["paint_written_by_bench"] = paint_written
    result["load_average"] = {"before": load_before, "after": load_average()}
    return result
