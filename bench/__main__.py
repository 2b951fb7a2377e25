"""``python -m bench``: measure start-up, bytes, computer speed, engine throughput and the soak.

With no part flags every part runs; with some, only those, and the other sections of the
results file are kept.  Writes ``bench/results.json`` and ``BENCHMARKS.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from . import bots, lighthouse, report, soak, startup, transfer
from .common import CHROMIUM, ROOT, build_site, dumps, load_average, site_copy
from .engine_speed import measure_all

RESULTS = ROOT / "bench" / "results.json"
MARKDOWN = ROOT / "BENCHMARKS.md"
PARTS = ("startup", "bytes", "lighthouse", "bots", "engine", "soak", "faultsoak")


def chromium_version() -> str:
    try:
        out = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=30).stdout
    except OSError:
        return "chromium (version unknown)"
    return out.split(" built")[0].strip()


def log(text: str) -> None:
    print(text, flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    for part in PARTS:
        parser.add_argument(f"--{part}", action="store_true", help=f"run the {part} part")
    parser.add_argument("--runs", type=int, default=7, help="start-up runs per page and mode (default 7)")
    parser.add_argument("--lighthouse-runs", type=int, default=3, help="Lighthouse runs (default 3)")
    parser.add_argument("--reloads", type=int, default=200, help="soak reloads (default 200)")
    parser.add_argument("--bot-deals", type=int, default=1, help="deals per preset for the in-page bot timing")
    parser.add_argument("--random-games", type=int, default=10, help="random playouts per preset")
    parser.add_argument("--bot-games", type=int, default=3, help="bot games per preset and level")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--report-only", action="store_true", help="rewrite the markdown from the JSON")
    parser.add_argument("--json", type=Path, default=RESULTS)
    parser.add_argument("--markdown", type=Path, default=MARKDOWN)
    args = parser.parse_args(argv)
    chosen = [p for p in PARTS if getattr(args, p)] or list(PARTS)
    if args.report_only:
        chosen = []

    results: dict[str, Any] = {}
    if args.json.is_file():
        try:
            results = json.loads(args.json.read_text())
        except ValueError:
            results = {}
    meta = results.setdefault("meta", {})
    if chosen:
        meta.update(
            {
                "cpus": os.cpu_count(),
                "chromium": chromium_version(),
                "python": platform.python_version(),
                "load_average": load_average(),
                "command": "python -m bench " + " ".join(sys.argv[1:] if argv is None else argv),
            }
        )
    measured = meta.setdefault("measured", {})
    stamp = time.strftime("%Y-%m-%d %H:%M")
    started = time.perf_counter()

    in_page = ("startup", "bytes", "lighthouse", "bots", "soak", "faultsoak")
    if any(p in chosen for p in in_page):
        if not args.no_build:
            build_site()
        with site_copy() as site:
            for part in in_page:
                if part not in chosen:
                    continue
                log(f"== {part}")
                t = time.perf_counter()
                if part == "startup":
                    results["startup"] = startup.measure(site, args.runs, log)
                elif part == "bytes":
                    results["bytes"] = transfer.measure(site, log)
                elif part == "lighthouse":
                    results["lighthouse"] = lighthouse.measure(site, args.lighthouse_runs, log)
                elif part == "bots":
                    results["bots"] = bots.measure(site, list(range(1, args.bot_deals + 1)), log=log)
                elif part == "soak":
                    results["soak"] = soak.measure(site, args.reloads, log=log)
                else:
                    results["faultsoak"] = soak.measure(site, args.reloads, log=log, faults=0.1)
                measured[part] = stamp
                log(f"   {part} took {time.perf_counter() - t:.0f} s")
                args.json.write_text(dumps(results))  # keep what is done if a later part fails
    if "engine" in chosen:
        log("== engine")
        results["engine"] = measure_all(args.random_games, args.bot_games)
        measured["engine"] = stamp

    args.json.write_text(dumps(results))
    text = report.render(results, report.explain(results))
    args.markdown.write_text(text + "\n")
    log(f"wrote {args.json} and {args.markdown} in {time.perf_counter() - started:.0f} s")
    print("\n".join(report.targets(results)))


if __name__ == "__main__":
    main()
