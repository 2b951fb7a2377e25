"""Start-up in three engines side by side: Chromium, WebKit (Safari's engine) and Firefox, one run.

``python -m bench.engines [--runs N] [--no-build] [--json FILE]``

The same built site (a private copy of dist/, served by the project's server with its .br/.gz
copies) is visited in each engine in a window 390x844, each run interleaved: Chromium's cold
first visit, WebKit's, Firefox's, then each one's return visit, then each one's later visit:
- cold: a new saved profile, nothing cached; the visit waits until the service worker controls the
  page and the start-up snapshot is stored (or refused), as a player who stays a minute;
- return: the browser closed and opened again on the same profile (the snapshot restored);
- later: once more.
The time is ``performance.now()`` when ``body[data-ready="1"]`` appears (the table takes taps),
measured inside the page (bench.common.READY_PROBE), with the start-up's phases from ui/boot.js's
marks (hf-module-ready: Pyodide's WebAssembly up; hf-pyodide-ready: Python started;
hf-import-*: each import; hf-snapshot-restored) and resource timing (a file fetched twice).

Engines: Chromium through Playwright (Debian's /usr/bin/chromium); WebKitGTK through
tools/webkit_visit.py (Debian's /usr/bin/python3 with PyGObject, under xvfb-run: WebKitWebDriver
has no saved profile); Firefox ESR through tools/firefox_visit.mjs (puppeteer-core over WebDriver
BiDi).  WebKit is also visited once in a temporary profile (cold, then a reload in the same
process) to check that it makes at most one snapshot and says why it keeps none.

A/B: ``python -m bench.engines --ab A=SRC --ab B=SRC [--engines chromium,webkit] [--runs N]``
visits two (or more) built sites in the same run, interleaved visit by visit (each engine's cold
visit of A then of B, the order swapped every other run, then the return visits, then the later
ones), and records the load average at every visit.  SRC is a built folder (``dist``) or a commit
(``git:57e71b7``: that commit's files, built in a temporary folder with this checkout's
node_modules and .venv).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright, sync_playwright

from .common import CHROMIUM, CHROMIUM_ARGS, READY_PROBE, ROOT, build_site, load_average, median, serve, site_copy

ENGINES = ("chromium", "webkit", "firefox")
MODES = ("cold", "return", "later")
WINDOW = {"width": 390, "height": 844}
TIMEOUT_S = 180.0
SETTLE_S = 3.0
SNAPSHOT_SETTLED = (
    "(navigator.serviceWorker && navigator.serviceWorker.controller !== null"
    " && ['stored', 'failed'].some((n) => performance.getEntriesByName('hf-snapshot-' + n).length))"
)
COLLECT = """({ready: window.__benchReady, fcp: window.__benchFcp ?? null,
  marks: performance.getEntriesByType("mark").filter((e) => e.name.startsWith("hf-"))
    .map((e) => [e.name.slice(3), Math.round(e.startTime), e.detail ?? null]),
  fetched: performance.getEntriesByType("resource").map((e) => e.name.replace(location.origin, ""))})"""
MINI_BROWSER_PY = ROOT / "tools" / "webkit_visit.py"
FIREFOX_JS = ROOT / "tools" / "firefox_visit.mjs"
XVFB = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24"]


def settle_for(mode: str) -> str:
    return SNAPSHOT_SETTLED if mode == "cold" else "true"


def visit_chromium(pw: Playwright, url: str, profile: Path, mode: str) -> dict[str, Any]:
    context = pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, viewport=WINDOW
    )
    lines: list[str] = []
    try:
        context.add_init_script(READY_PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        page.on("console", lambda m: lines.append(f"{m.type}: {m.text[:500]}"))
        page.goto(url, wait_until="commit", timeout=TIMEOUT_S * 1000)
        page.wait_for_function(
            f"window.__benchReady !== undefined && !!({settle_for(mode)})", timeout=TIMEOUT_S * 1000, polling=50
        )
        collected = page.evaluate(COLLECT)
        time.sleep(SETTLE_S)
    finally:
        context.close()
    return {"ok": True, "data": {"collected": collected, "console": lines}}


def visit_webkit(url: str, profile: Path | str, mode: str, probe: Path, *, reload: bool = False) -> dict[str, Any]:
    command = [
        *XVFB, "/usr/bin/python3", str(MINI_BROWSER_PY), url, "--profile", str(profile), "--probe", str(probe),
        "--collect", COLLECT, "--settle-js", settle_for(mode), "--timeout", str(TIMEOUT_S),
        *(["--reload", "--reload-settle-js", TEMPORARY_SETTLED] if reload else []),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S + 60)
    lines = done.stdout.strip().splitlines()
    result: dict[str, Any] = json.loads(lines[-1]) if lines else {"ok": False, "error": done.stderr[-2000:]}
    result["webkitConsole"] = [line[:300] for line in lines[:-1]]  # WebKit's own messages (a preload warning)
    time.sleep(SETTLE_S if mode == "cold" else 0)
    return result


def visit_firefox(url: str, profile: Path, mode: str) -> dict[str, Any]:
    job = {"url": url, "profile": str(profile), "probe": READY_PROBE, "collect": COLLECT,
           "settle": settle_for(mode), "timeoutMs": TIMEOUT_S * 1000}
    done = subprocess.run(["node", str(FIREFOX_JS), json.dumps(job)], capture_output=True, text=True,
                          timeout=TIMEOUT_S + 60, cwd=ROOT)
    lines = done.stdout.strip().splitlines()
    return json.loads(lines[-1]) if lines else {"ok": False, "error": done.stderr[-2000:]}


def summary(result: dict[str, Any]) -> dict[str, Any]:
    """Ready time, phases, files fetched more than once, warnings: one visit's figures."""
    if not result.get("ok"):
        return {"ok": False, "error": str(result.get("error") or result.get("timeout") or "?")[:500],
                "console": (result.get("data") or {}).get("console", [])[-10:]}
    data = result["data"]
    got = data["collected"]
    marks = {name: ms for name, ms, _detail in got["marks"]}
    fetched = got["fetched"]
    twice = sorted({name for name in fetched if fetched.count(name) > 1 and not name.startswith("/__")})
    console = data.get("console", []) + result.get("webkitConsole", [])
    return {
        "ok": True,
        "readyMs": round(float(got["ready"])),
        "fcpMs": got["fcp"],
        "phases": marks,
        "restored": "snapshot-restored" in marks,
        "snapshot": "stored" if "snapshot-stored" in marks else "failed" if "snapshot-failed" in marks else None,
        "fetchedTwice": twice,
        "warnings": [line for line in console if line.startswith(("warn", "warning", "error", "pageerror", "CONSOLE"))
                     or "preload" in line.lower()][:20],
    }


TEMPORARY_SETTLED = (
    "(['restored', 'stored', 'failed'].some((n) => performance.getEntriesByName('hf-snapshot-' + n).length)"
    " || performance.now() > window.__benchReady + 20000)"
)


def temporary_webkit_profile(url: str, probe: Path) -> dict[str, Any]:
    """WebKit in a temporary profile (as automation and maybe Safari's private browsing): a cold
    visit until its snapshot is stored or refused, then a reload in the same browser (a new
    process would have a new temporary profile): restored, or refused once and not made again."""
    result = visit_webkit(url, "ephemeral", "cold", probe, reload=True)
    out = {"first": summary(result)}
    if result.get("reloaded"):
        out["reload"] = summary({"ok": True, "data": result["reloaded"]})
    return out


def run(runs: int) -> dict[str, Any]:
    out: dict[str, Any] = {"load_before": load_average(), "runs": [], "started": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                                                                 time.gmtime())}
    with site_copy() as site, serve(site) as (url, _meter), sync_playwright() as pw, \
            tempfile.TemporaryDirectory(prefix="hf-engines-") as tmp:
        probe = Path(tmp) / "probe.js"
        probe.write_text(READY_PROBE)
        for number in range(runs):
            profiles = {engine: Path(tmp) / f"{engine}-{number}" for engine in ENGINES}
            for path in profiles.values():
                path.mkdir()
            one: dict[str, Any] = {engine: {} for engine in ENGINES}
            for mode in MODES:
                for engine in ENGINES:
                    try:
                        if engine == "chromium":
                            raw = visit_chromium(pw, url, profiles[engine], mode)
                        elif engine == "webkit":
                            raw = visit_webkit(url, profiles[engine], mode, probe)
                        else:
                            raw = visit_firefox(url, profiles[engine], mode)
                    except Exception as err:  # a visit that failed is reported, the run goes on
                        raw = {"ok": False, "error": repr(err)}
                    one[engine][mode] = summary(raw)
                    print(number, mode, engine, one[engine][mode].get("readyMs"), one[engine][mode].get("error", ""),
                          file=sys.stderr, flush=True)
            one["load"] = load_average()
            out["runs"].append(one)
            for path in profiles.values():
                shutil.rmtree(path, ignore_errors=True)
        out["webkitTemporary"] = temporary_webkit_profile(url, probe)
    out["load_after"] = load_average()
    out["medians"] = medians(out["runs"])
    return out


def medians(runs: list[dict[str, Any]]) -> dict[str, dict[str, float | None]]:
    table: dict[str, dict[str, float | None]] = {}
    for engine in ENGINES:
        table[engine] = {}
        for mode in MODES:
            values = [r[engine][mode]["readyMs"] for r in runs if r[engine][mode].get("ok")]
            table[engine][mode] = median(values) if values else None
    return table


def ratio(a: float | None, b: float | None) -> str:
    return f"{a / b:.2f} ×" if a and b else "n/a"


def markdown(result: dict[str, Any]) -> str:
    """The BENCHMARKS.md section for one run of this bench."""
    med = result["medians"]
    runs = result["runs"]
    n = len(runs)
    lines = [
        f"## 1c. Other engines: WebKit and Firefox beside Chromium ({n} interleaved runs, saved profiles)",
        "",
        "`python -m bench.engines` (bench/engines.py): one built site; each run visits it cold in Chromium,",
        "WebKitGTK and Firefox ESR in turn (a new saved profile each, waiting until the start-up snapshot is",
        "stored), then each one's return visit (browser closed and opened again on the same profile), then a",
        "later visit; a 390x844 window in all three.  Milliseconds until the table takes taps (median), measured",
        "inside the page.",
        f"Started {result['started']}; load average {result['load_before']} before, "
        f"{result['load_after']} after (2 cores shared with other programs: trust the ratios, not the times).",
        "",
        "| visit | Chromium | WebKit | Firefox | WebKit / Chromium | Firefox / Chromium |",
        "|---|---|---|---|---|---|",
    ]
    for mode in MODES:
        c, w, f = (med[e][mode] for e in ENGINES)
        cells = [f"{v:.0f}" if v else "failed" for v in (c, w, f)]
        lines.append(f"| {mode} | {' | '.join(cells)} | {ratio(w, c)} | {ratio(f, c)} |")
    pairs = {
        mode: [r["webkit"][mode]["readyMs"] / r["chromium"][mode]["readyMs"] for r in runs
               if r["webkit"][mode].get("ok") and r["chromium"][mode].get("ok")]
        for mode in MODES
    }
    lines += ["", "Per-run WebKit / Chromium: " + "; ".join(
        f"{mode} " + ", ".join(f"{x:.2f}" for x in pairs[mode]) for mode in MODES) + "."]
    restored = {e: sum(bool(r[e][m].get("restored")) for r in runs for m in ("return", "later")) for e in ENGINES}
    lines.append("Return and later visits started from the snapshot: " + ", ".join(
        f"{e} {restored[e]} of {2 * n}" for e in ENGINES) + ".")
    twice = sorted({x for r in runs for e in ENGINES for m in MODES for x in r[e][m].get("fetchedTwice", [])})
    lines.append(f"Files fetched twice in one visit: {', '.join(twice) if twice else 'none'}.")
    temporary = result.get("webkitTemporary") or {}
    first, again = temporary.get("first") or {}, temporary.get("reload") or {}
    if first:
        lines.append(
            f"WebKit in a temporary profile: the first visit's snapshot {first.get('snapshot')}; the reload in the "
            f"same browser {'restored it' if again.get('restored') else 'did not restore it'} "
            f"(ready in {again.get('readyMs')} ms against {first.get('readyMs')} ms) and made "
            f"{'another' if again.get('snapshot') == 'stored' else 'none'}.")
    return "\n".join(lines) + "\n"


def visit(pw: Playwright, engine: str, url: str, profile: Path, mode: str, probe: Path) -> dict[str, Any]:
    try:
        if engine == "chromium":
            return visit_chromium(pw, url, profile, mode)
        if engine == "webkit":
            return visit_webkit(url, profile, mode, probe)
        return visit_firefox(url, profile, mode)
    except Exception as err:  # a visit that failed is reported, the run goes on
        return {"ok": False, "error": repr(err)}


@contextlib.contextmanager
def built_site(source: str, tmp: Path) -> Iterator[Path]:
    """A built site to visit: a folder as it is, or ``git:COMMIT`` built in a folder of its own."""
    if not source.startswith("git:"):
        yield Path(source).resolve()
        return
    commit = source[4:]
    folder = tmp / f"src-{commit}"
    folder.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    for shared in ("node_modules", ".venv"):
        os.symlink(os.path.realpath(ROOT / shared), folder / shared)
    subprocess.run([sys.executable, "tools/build.py"], cwd=folder, check=True, stdout=subprocess.DEVNULL)
    yield folder / "dist"


def run_ab(sources: dict[str, str], runs: int, engines: list[str]) -> dict[str, Any]:
    """Two or more builds, visit by visit interleaved, in the same engines."""
    out: dict[str, Any] = {"load_before": load_average(), "runs": [], "variants": list(sources),
                           "sources": sources, "engines": engines,
                           "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="hf-engines-ab-")))
        urls = {}
        for name, source in sources.items():
            dist = stack.enter_context(built_site(source, tmp))
            site = stack.enter_context(site_copy(dist))
            urls[name] = stack.enter_context(serve(site))[0]
        pw = stack.enter_context(sync_playwright())
        probe = tmp / "probe.js"
        probe.write_text(READY_PROBE)
        for number in range(runs):
            order = list(sources) if number % 2 == 0 else list(reversed(sources))
            one: dict[str, Any] = {engine: {name: {} for name in sources} for engine in engines}
            profiles = {(e, n): tmp / f"{e}-{n}-{number}" for e in engines for n in sources}
            for path in profiles.values():
                path.mkdir()
            for mode in MODES:
                for engine in engines:
                    for name in order:
                        load = load_average()
                        raw = visit(pw, engine, urls[name], profiles[engine, name], mode, probe)
                        got = summary(raw)
                        got["load"] = load
                        one[engine][name][mode] = got
                        print(number, mode, engine, name, got.get("readyMs"), load[:1], got.get("error", ""),
                              file=sys.stderr, flush=True)
            out["runs"].append(one)
            for path in profiles.values():
                shutil.rmtree(path, ignore_errors=True)
    out["load_after"] = load_average()
    return out


def markdown_ab(result: dict[str, Any]) -> str:
    """A/B figures: medians per build, and the per-pair ratios of each build to the first."""
    names, runs = result["variants"], result["runs"]
    base = names[0]
    lines = [f"A/B run started {result['started']}, {len(runs)} interleaved runs; builds: "
             + ", ".join(f"{n} = {result['sources'][n]}" for n in names)
             + f"; load average {result['load_before']} before, {result['load_after']} after.", "",
             "| engine | visit | " + " | ".join(names) + " | " + " | ".join(f"{n} / {base} per pair" for n in names[1:])
             + " | load (1 min) per pair |",
             "|---|---|" + "---|" * (2 * len(names)) ]
    for engine in result["engines"]:
        for mode in MODES:
            cells = []
            for name in names:
                values = [r[engine][name][mode]["readyMs"] for r in runs if r[engine][name][mode].get("ok")]
                cells.append(f"{median(values):.0f}" if values else "failed")
            for name in names[1:]:
                pairs = [r[engine][name][mode]["readyMs"] / r[engine][base][mode]["readyMs"] for r in runs
                         if r[engine][name][mode].get("ok") and r[engine][base][mode].get("ok")]
                cells.append(", ".join(f"{x:.2f}" for x in pairs) + (f" (median {median(pairs):.2f})" if pairs else ""))
            loads = [", ".join(f"{r[engine][n][mode].get('load', [0])[0]:.1f}" for n in names) for r in runs]
            lines.append(f"| {engine} | {mode} | " + " | ".join(cells) + " | " + "; ".join(loads) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--markdown", type=Path, help="only print the BENCHMARKS.md section of a saved --json")
    parser.add_argument("--ab", action="append", default=[], metavar="NAME=SRC",
                        help="a build to compare (a built folder, or git:COMMIT); give two or more")
    parser.add_argument("--engines", default=",".join(ENGINES), help="with --ab: which engines (comma-separated)")
    args = parser.parse_args()
    if args.markdown:
        saved = json.loads(args.markdown.read_text())
        print(markdown_ab(saved) if "variants" in saved else markdown(saved))
        return
    if args.ab:
        sources = dict(item.split("=", 1) for item in args.ab)
        engines = [e for e in args.engines.split(",") if e in ENGINES]
        result = run_ab(sources, args.runs, engines)
        if args.json:
            args.json.write_text(json.dumps(result, indent=1))
        print(markdown_ab(result))
        return
    if not args.no_build:
        build_site()
    result = run(args.runs)
    text = json.dumps(result, indent=1)
    if args.json:
        args.json.write_text(text)
    print(markdown(result))


if __name__ == "__main__":
    main()
