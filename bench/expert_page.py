"""Expert in the page: how long a decision takes, what the page's own thread does meanwhile, and what
choosing Expert costs at start-up; in Chromium, and with ``--engines`` in WebKit and Firefox too.  A
bench, never a timed test.

    python -m bench.expert_page [--engines chromium,webkit,firefox] [--runs 3] [--laps 12]
                                [--no-startup] [--no-build] [--json]

WebKit needs an X display: run under ``xvfb-run -a -s "-screen 0 1280x1024x24"``.

- **Decisions**: a phone-sized page opens ``?rules=classic&deal=D&level=expert`` (D from 700,000,001),
  reduced motion in Chromium (no pace; WebKit and Firefox are driven through WebDriver at 390x844, with
  the pace of Settings → Speed), and South plays simply (draw, discard the first card, say yes when
  asked) for ``--laps`` of its turns while three Expert computers play through their worker.  Each
  decision's time is the page's wait from posting the question to the checked answer
  (``body.dataset.expertMs``, from ``ui/browser/expert_think.py``): p50, p95 and max over every decision
  (target p95 ≤ 400 ms), and the turns Hard played instead (``expertFallbacks``).  With each answer the
  worker says how many playouts its searches played and whether time stopped one (``expertN``,
  ``expertCut``: ``ui/browser/expert_pace.py``): the playouts per search (median over the decisions that
  searched), searches cut short, and searches skipped (no time for ``MIN_SAMPLES`` samples: Hard's move).
- **The page's thread while Expert thinks** (Chromium only: the Long Tasks API): every main-thread task
  of 50 ms or more (a ``PerformanceObserver`` installed before the page's scripts) that overlaps a time a
  seat was shown thinking (``body[data-thinking]``, watched by a ``MutationObserver``); target: none.
- **Start-up** (Chromium; ``--no-startup`` leaves it out): the time until the table takes taps
  (``body[data-ready="1"]``, ``performance.now()`` in the page) on a first visit in a fresh browser
  context, with the level left at Normal and with ``level=expert`` in the link (the worker is started only
  once the table is up, so the two should match), and for Expert the time until its worker's Python
  answered ``ready`` (``hf-expert-ready``).  Runs alternate; medians.

Run under ``nice -n 19`` on a shared machine; the load average is printed with every engine's figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from .common import CHROMIUM, CHROMIUM_ARGS, PHONE, build_site, load_average, median, percentile, serve, site_copy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e_engines"))
from pages import Table

ENGINES = ("chromium", "webkit", "firefox")

FIRST_DEAL = 700_000_001
SNAPSHOT_DONE = """() => ["hf-snapshot-stored", "hf-snapshot-failed", "hf-snapshot-restored"].some(
  (name) => performance.getEntriesByName(name).length)"""

# Installed before the page's own scripts: long tasks, the times a seat is shown thinking, readiness, and
# when Expert's worker first answered.
PROBE = """(() => {
  window.__x = { tasks: [], thinking: [], since: null, ready: null, workerReady: null };
  const x = window.__x;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) x.tasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (err) { /* no Long Tasks API */ }
  const look = () => {
    const body = document.body;
    if (!body) return;
    if (x.ready === null && body.dataset.ready === "1") x.ready = performance.now();
    const on = body.dataset.thinking !== undefined;
    if (on && x.since === null) x.since = performance.now();
    if (!on && x.since !== null) { x.thinking.push([x.since, performance.now()]); x.since = null; }
  };
  new MutationObserver(look).observe(document, { subtree: true, attributes: true,
    attributeFilter: ["data-ready", "data-thinking"] });
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(url, options) {
      super(url, options);
      if (options && options.name === "expert") {
        super.addEventListener("message", (event) => {
          if (x.workerReady === null && typeof event.data === "string" && event.data.includes('"ready"')) {
            x.workerReady = performance.now();
          }
        });
      }
    }
  };
})();"""


# What the page keeps of Expert's answers (ui/browser/expert.py's ``tell``).
FIGURES = """() => { const d = document.body.dataset; return { ms: d.expertMs || "", n: d.expertN || "",
  cut: d.expertCut || "", fallbacks: Number(d.expertFallbacks || 0) }; }"""


def figures_of(data: dict[str, Any]) -> dict[str, Any]:
    """Each answered decision's wait (ms), playouts and cut, and the turns Hard played instead."""
    return {
        "times": [float(t) for t in data["ms"].split()],
        "playouts": [int(n) for n in data["n"].split()],
        "cuts": [c == "1" for c in data["cut"]],
        "fallbacks": data["fallbacks"],
    }


def open_page(browser: Any, url: str) -> Page:
    context = browser.new_context(**PHONE, reduced_motion="reduce")
    page = context.new_page()
    page.add_init_script(PROBE)
    page.set_default_timeout(120_000)
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached")
    return page


def decisions(browser: Any, base: str, deal: int, laps: int) -> dict[str, Any]:
    """One Expert game: every decision's time, and the long tasks while a seat was thinking."""
    page = open_page(browser, f"{base}?rules=classic&deal={deal}&level=expert")
    # A first visit stores its start-up snapshot a few seconds after the table is up (ui/boot.js), with
    # main-thread work of its own: wait for it, so the figures below are Expert's.
    page.wait_for_function(SNAPSHOT_DONE, timeout=120_000)
    started = page.evaluate("performance.now()")
    table = Table(page, base)
    for _ in range(laps):
        table.wait_until_idle()
        if table.round_is_over():
            break
        table.play_my_turn_simply()
    table.wait_until_idle()
    data = page.evaluate("""() => ({ ...FIGURES(),
        x: { ...window.__x, end: performance.now() } })""".replace("FIGURES", "(" + FIGURES + ")"))
    page.context.close()
    thinking = data["x"]["thinking"]
    tasks = [(start, d) for start, d in data["x"]["tasks"] if start >= started]
    during = [d for start, d in tasks if any(a - d <= start <= b for a, b in thinking)]
    # where each of them fell: its start and end against the thinking it overlaps (ms; a task that ends
    # as the thinking starts is the one that showed it and asked the worker)
    where = [(round(start - a), round(start + d - b)) for start, d in tasks for a, b in thinking
             if a - d <= start <= b]
    return {
        **figures_of(data),
        "thinking_s": sum(b - a for a, b in thinking) / 1000,
        "played_s": (data["x"]["end"] - started) / 1000,
        "long_tasks_while_thinking": during,
        "long_tasks_while_thinking_where": where,
        "long_tasks_otherwise": [d for start, d in tasks if not any(a - d <= start <= b for a, b in thinking)],
    }


def startup(browser: Any, base: str, deal: int, expert: bool) -> dict[str, Any]:
    """A first visit in a fresh context: ready time, longest task before it, Expert's worker ready time."""
    level = "&level=expert" if expert else ""
    page = open_page(browser, f"{base}?rules=classic&deal={deal}{level}")
    if expert:
        page.wait_for_function("window.__x.workerReady !== null", timeout=120_000)
    x = page.evaluate("window.__x")
    page.context.close()
    before = [d for start, d in x["tasks"] if start < x["ready"]]
    return {"ready_ms": x["ready"], "longest_task_ms": max(before, default=0.0), "worker_ready_ms": x["workerReady"]}


# ----- WebKit and Firefox, through e2e_engines/engines.py's drivers -------------------------------------

WIDTH, HEIGHT = 390, 844
IDLE = "document.body && document.body.dataset.ready === '1' && document.body.dataset.idle === '1'"
MOVE = """() => {
  const b = document.body, q = (s) => document.querySelector(s);
  if (!b || b.dataset.idle !== "1") return "";
  if (q("#app .round-over, #app .game-over")) return "over";
  if (q('#app button[data-act="answer"][data-arg="yes"]:not([disabled])')) return "answer";
  if (!q("#app .banner.mine")) return "";
  if (q('#app button[data-act="draw"]:not([disabled])')) return "draw";
  return "discard";
}"""

AGAIN = "[...document.querySelectorAll('.note')].some((n) => n.innerText.includes('Tap Discard again'))"


def open_engine(engine: str, tmp: Path) -> Any:
    from engines import Firefox, WebKit

    if engine == "webkit":
        if not os.environ.get("DISPLAY"):
            raise SystemExit('WebKit needs an X display: run under xvfb-run -a -s "-screen 0 1280x1024x24"')
        return WebKit(tmp / "config")
    return Firefox()


def engine_decisions(engine: str, base: str, deal: int, laps: int, tmp: Path) -> dict[str, Any]:
    """One Expert game in WebKit or Firefox (a fresh browser and profile): every decision's figures."""
    browser = open_engine(engine, tmp)
    try:
        browser.size(WIDTH, HEIGHT)
        started = time.monotonic()
        browser.goto(f"{base}?rules=classic&deal={deal}&level=expert")
        browser.wait(IDLE)
        try:  # the first visit's start-up snapshot, stored a few seconds after the table is up
            browser.wait(SNAPSHOT_DONE.join(["(", ")()"]), timeout=60)
        except AssertionError:
            pass
        for _ in range(laps):
            move = browser.wait(f"({MOVE})()", timeout=120)
            if move == "over":
                break
            if move == "answer":
                browser.click('#app button[data-act="answer"][data-arg="yes"]')
            elif move == "draw":
                browser.click('#app button[data-act="draw"]:not([disabled])')
            else:
                browser.click('#app [aria-label="Your cards"] button')
                browser.click('#app button[data-act="discard"]:not([disabled])')
                time.sleep(0.2)
                if browser.js(AGAIN):
                    browser.click('#app button[data-act="discard"]:not([disabled])')
            browser.wait(IDLE, timeout=120)
        browser.wait(IDLE, timeout=120)
        data = browser.call(FIGURES)
        return {**figures_of(data), "played_s": time.monotonic() - started}
    finally:
        browser.close()


# ----- the figures --------------------------------------------------------------------------------


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Decision times, fallbacks and the searches' playouts over games of one engine."""
    times = sorted(t for g in games for t in g["times"])
    pairs = [(n, cut) for g in games for n, cut in zip(g["playouts"], g["cuts"], strict=False)]
    searched = [n for n, cut in pairs if n > 0 or cut]
    return {
        "decisions": len(times),
        "decision_ms": {"p50": percentile(times, 50), "p95": percentile(times, 95), "max": max(times, default=0)},
        "fallbacks": sum(g["fallbacks"] for g in games),
        "searches": len(searched),
        "playouts_per_search_median": median([float(n) for n in searched if n > 0]),
        "searches_cut": sum(1 for n, cut in pairs if cut and n > 0),
        "searches_skipped": sum(1 for n, cut in pairs if cut and n == 0),
    }


def measure_engine(engine: str, site: Path, runs: int, laps: int, log: Any = print) -> dict[str, Any]:
    """WebKit's or Firefox's Expert games."""
    import tempfile

    out: dict[str, Any] = {"load_before": load_average()}
    games = []
    with serve(site) as (base, _meter), tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            games.append(engine_decisions(engine, base, FIRST_DEAL + i, laps, Path(tmp) / str(i)))
            g = games[-1]
            log(f"{engine} game {i + 1}: {len(g['times'])} decisions, fallbacks {g['fallbacks']}, "
                f"p95 {percentile(sorted(g['times']), 95):.0f} ms, load {load_average()}")
    out.update(summary(games))
    out.update({"runs": runs, "laps": laps, "load_after": load_average()})
    return out


def measure(site: Path, runs: int, laps: int, log: Any = print, startups: bool = True) -> dict[str, Any]:
    """Chromium's Expert games (and, with ``startups``, its first visits with and without Expert)."""
    out: dict[str, Any] = {"load_before": load_average()}
    starts: dict[str, list[dict[str, Any]]] = {"normal": [], "expert": []}
    with serve(site) as (base, _meter), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for i in range(runs if startups else 0):
            for name in ("normal", "expert"):
                starts[name].append(startup(browser, base, FIRST_DEAL + i, name == "expert"))
                log(f"start-up {name} {i + 1}: {starts[name][-1]}")
        games = []
        for i in range(runs):
            games.append(decisions(browser, base, FIRST_DEAL + i, laps))
            g = games[-1]
            log(f"chromium game {i + 1}: {len(g['times'])} decisions, fallbacks {g['fallbacks']}, "
                f"p95 {percentile(sorted(g['times']), 95):.0f} ms, "
                f"long tasks while thinking {g['long_tasks_while_thinking']} ({g['thinking_s']:.1f} s; "
                f"start, end against the thinking's start, end: {g['long_tasks_while_thinking_where']}), "
                f"otherwise {g['long_tasks_otherwise']} ({g['played_s'] - g['thinking_s']:.1f} s), "
                f"load {load_average()}")
        browser.close()
    during = [d for g in games for d in g["long_tasks_while_thinking"]]
    out.update(summary(games))
    out.update({
        "thinking_s": round(sum(g["thinking_s"] for g in games), 1),
        "long_tasks_while_thinking": len(during),
        "longest_task_while_thinking_ms": max(during, default=0.0),
        "long_tasks_per_minute_while_thinking": round(
            len(during) / max(1e-9, sum(g["thinking_s"] for g in games)) * 60, 1),
        "long_tasks_per_minute_otherwise": round(
            sum(len(g["long_tasks_otherwise"]) for g in games)
            / max(1e-9, sum(g["played_s"] - g["thinking_s"] for g in games)) * 60, 1),
    })
    if startups:
        out.update({
            "startup_ready_ms": {k: median([s["ready_ms"] for s in v]) for k, v in starts.items()},
            "startup_longest_task_ms": {k: median([s["longest_task_ms"] for s in v]) for k, v in starts.items()},
            "expert_worker_ready_ms": median([s["worker_ready_ms"] for s in starts["expert"]]),
        })
    out.update({"runs": runs, "laps": laps, "load_after": load_average()})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", default="chromium", help="comma-separated: chromium, webkit, firefox")
    parser.add_argument("--runs", type=int, default=3, help="Expert games in each engine (and Chromium's start-ups)")
    parser.add_argument("--laps", type=int, default=12, help="South's turns played in each Expert game")
    parser.add_argument("--no-startup", action="store_true", help="leave Chromium's start-up figures out")
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    if not engines or any(e not in ENGINES for e in engines):
        parser.error(f"--engines: some of {', '.join(ENGINES)}")
    if not args.no_build:
        build_site()
    log = (lambda *a: None) if args.json else print
    figures: dict[str, Any] = {}
    with site_copy() as site:
        for engine in engines:
            if engine == "chromium":
                figures[engine] = measure(site, args.runs, args.laps, log, startups=not args.no_startup)
            else:
                figures[engine] = measure_engine(engine, site, args.runs, args.laps, log)
            log(f"{engine}: {json.dumps(figures[engine])}")
    print(json.dumps(figures, indent=None if args.json else 1))
    if os.environ.get("BENCH_OUT"):
        Path(os.environ["BENCH_OUT"]).write_text(json.dumps(figures) + "\n")


if __name__ == "__main__":
    main()
