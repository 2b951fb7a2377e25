"""Lighthouse (npm lighthouse, pinned in package.json) in its default mobile mode against the built site.

Each run is a cold first visit in a fresh headless Chromium (Debian's, ``CHROME_PATH``) with
Lighthouse's simulated phone: a slow 4G network and a CPU slowed 4 times.  Its total blocking
time and the rest are Lighthouse's own estimates on that simulated phone, not wall times here.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from .common import CHROMIUM, CHROMIUM_ARGS, ROOT, load_average, median, serve

CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
AUDITS = {
    "total_blocking_time_ms": "total-blocking-time",
    "largest_contentful_paint_ms": "largest-contentful-paint",
    "speed_index_ms": "speed-index",
    "first_contentful_paint_ms": "first-contentful-paint",
    "time_to_interactive_ms": "interactive",
}


def run_once(url: str, out: Path) -> dict[str, Any]:
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    command = [
        "node",
        str(ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={flags}",
        "--max-wait-for-load=90000",
    ]
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, timeout=600)
    report = json.loads(out.read_text())
    result: dict[str, Any] = {"scores": {c: report["categories"][c]["score"] for c in CATEGORIES}}
    for key, audit in AUDITS.items():
        result[key] = round(float(report["audits"][audit].get("numericValue") or 0), 1)
    result["lighthouse"] = report.get("lighthouseVersion")
    return result


def measure(site: Path, runs: int = 3, log: Any = print) -> dict[str, Any]:
    samples: list[dict[str, Any]] = []
    problems: list[str] = []
    before = load_average()
    with serve(site) as (base, _meter), tempfile.TemporaryDirectory(prefix="hf-lighthouse-") as tmp:
        for i in range(runs):
            try:
                samples.append(run_once(base, Path(tmp) / f"run{i}.json"))
            except (subprocess.SubprocessError, OSError, KeyError, ValueError) as err:
                problems.append(f"run {i + 1}: {err}")
                continue
            s = samples[-1]
            log(
                f"  lighthouse {i + 1}/{runs}: performance {s['scores']['performance']}, "
                f"TBT {s['total_blocking_time_ms']:.0f} ms, LCP {s['largest_contentful_paint_ms']:.0f} ms"
            )
    result: dict[str, Any] = {"runs": len(samples), "samples": samples, "problems": problems}
    if samples:
        result["median"] = {
            "scores": {c: median([s["scores"][c] for s in samples if s["scores"][c] is not None]) for c in CATEGORIES},
            **{k: median([s[k] for s in samples]) for k in AUDITS},
        }
        result["lighthouse"] = samples[0]["lighthouse"]
    result["load_average"] = {"before": before, "after": load_average()}
    return result
