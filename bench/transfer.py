"""Bytes of a first visit, by file, with and without compression, against the Pyodide core files.

Counted at the server (headers and bodies written to the socket), so the service worker's
precache downloads count too.  Two moments: when the table is ready to take a tap, and the
whole first visit (until the service worker controls the page, i.e. the offline copy is done).
The yardstick is the Pyodide core files as its npm package publishes them (the bare page's
files, ``bench/common.py`` BARE_FILES) sent with gzip.  Three ways of serving: brotli (what
``tools/serve.py`` sends to a browser that accepts it), gzip only, and no compression.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from .common import BARE_DIR, BARE_FILES, serve
from .startup import visit

CORE = BARE_FILES
CORE_PREFIX = f"/{BARE_DIR}/"
MODES = {"brotli": {}, "gzip": {"use_brotli": False}, "identity": {"use_gzip": False}}


def group(path: str) -> str:
    """The row a URL path is counted in."""
    if path.startswith(CORE_PREFIX):
        return "Pyodide " + path.removeprefix(CORE_PREFIX)
    if path.startswith("/vendor/pyodide/"):
        return "Pyodide " + path.removeprefix("/vendor/pyodide/")
    if path.startswith("/vendor/stdlib/"):
        return "standard library " + path.removeprefix("/vendor/stdlib/")
    if path.startswith("/vendor/pyscript/"):
        return "PyScript (core.js and its chunks)"
    if path.endswith(".py") or path == "/app.zip":
        return "Python: engine and UI (app.zip, ui/main.py)"
    if path.startswith("/icons/"):
        return "icons"
    return "page shell (html, css, js, json, manifest, service worker)"


def grouped(by_path: dict[str, int]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for path, n in by_path.items():
        row = out.setdefault(group(path), {"bytes": 0, "files": 0})
        row["bytes"] += n
        row["files"] += 1
    return dict(sorted(out.items()))


def core_sizes(site: Path) -> dict[str, dict[str, int]]:
    """Each core file on disk: raw, and as gzip and brotli."""
    sizes = {}
    for name in CORE:
        path = site / BARE_DIR / name
        sizes[name] = {
            "raw": path.stat().st_size,
            "gzip": (site / BARE_DIR / (name + ".gz")).stat().st_size,
            "brotli": (site / BARE_DIR / (name + ".br")).stat().st_size,
        }
    return sizes


def measure(site: Path, log: Any = print) -> dict[str, Any]:
    """One cold first visit of the app and of the bare page, with brotli, gzip and no compression."""
    visits: dict[str, dict[str, Any]] = {}
    with sync_playwright() as pw:
        for mode, options in MODES.items():
            with serve(site, **options) as (base, meter):
                for name, path in (("app", ""), ("bare", "bare.html")):
                    with tempfile.TemporaryDirectory(prefix="hf-bytes-") as profile:
                        v = visit(pw, base + path, Path(profile), meter, wait_sw=(name == "app"))
                    visits[f"{name}/{mode}"] = {
                        "ready_ms": v["ready_ms"],
                        "at_ready": {"total": sum(v["bytes_at_ready"].values()), "by_path": v["bytes_at_ready"]},
                        "whole": {"total": sum(v["bytes_whole"].values()), "by_path": v["bytes_whole"]},
                    }
                    log(f"  bytes {name} {mode}: {sum(v['bytes_whole'].values()) / 1e6:.2f} MB")
    sizes = core_sizes(site)
    core_gzip = sum(s["gzip"] for s in sizes.values())
    core_raw = sum(s["raw"] for s in sizes.values())
    result: dict[str, Any] = {
        "core_files": sizes,
        "core_gzip_total": core_gzip,
        "core_raw_total": core_raw,
        "visits": visits,
        "groups": {
            key: {"at_ready": grouped(v["at_ready"]["by_path"]), "whole": grouped(v["whole"]["by_path"])}
            for key, v in visits.items()
        },
    }
    result["ratio_whole_brotli"] = round(visits["app/brotli"]["whole"]["total"] / core_gzip, 3)
    result["ratio_ready_brotli"] = round(visits["app/brotli"]["at_ready"]["total"] / core_gzip, 3)
    result["ratio_whole_gzip"] = round(visits["app/gzip"]["whole"]["total"] / core_gzip, 3)
    result["ratio_ready_gzip"] = round(visits["app/gzip"]["at_ready"]["total"] / core_gzip, 3)
    result["ratio_whole_identity"] = round(visits["app/identity"]["whole"]["total"] / core_raw, 3)
    return result
