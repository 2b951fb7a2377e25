"""BENCHMARKS.md from the results JSON: figures, targets met or missed, and what holds them back."""

from __future__ import annotations

from typing import Any

COLD_TARGET = 0.60  # app cold start-up / bare loadPyodide() page cold
WARM_TARGET = 0.60  # app return visit / bare page's return visit
PREPAINT_TARGET_MS = 300.0  # saved table painted after the navigation started, return visit
BYTES_TARGET = 0.75  # app first visit with brotli / Pyodide core files with gzip
LONGEST_TASK_TARGET_MS = 1000.0  # longest main-thread task during boot
LIGHTHOUSE_TARGET = 0.60  # Lighthouse mobile performance score
HARD_P95_TARGET_MS = 150.0
RELOADS_TARGET = 200


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def kb(n: float) -> str:
    return f"{n / 1e3:,.0f} kB" if n < 1e6 else mb(n)


def verdict(ok: bool | str | None) -> str:
    if isinstance(ok, str):
        return ok
    return "not measured" if ok is None else ("**met**" if ok else "**missed**")


def verdict_pair(by_medians: bool, by_pairs: bool) -> bool | str:
    """Met or missed when the ratio of medians and the per-run ratio agree; else inconclusive."""
    return by_medians if by_medians == by_pairs else "**inconclusive** (the two ratios disagree: noise)"


def targets(r: dict[str, Any]) -> list[str]:
    s, b, bots, soak = r.get("startup"), r.get("bytes"), r.get("bots"), r.get("soak")
    lh = r.get("lighthouse")
    rows: list[tuple[str, str, bool | str | None]] = []
    if s:
        load = max(s.get("load_average", {}).get("before", [0])[:1] + s.get("load_average", {}).get("after", [0])[:1])
        cpus = r.get("meta", {}).get("cpus") or 1
        noisy = (
            f" — noisy: load average {load:.1f} on {cpus} cores, re-measure on a quiet machine" if load > cpus else ""
        )
        app, bare = s["pages"]["app"], s["pages"]["bare"]
        names = {"cold": "Cold start-up to a tappable table", "warm": "Return visit: tappable"}
        for mode, target in (("cold", COLD_TARGET), ("warm", WARM_TARGET)):
            pair = paired(app[mode]["samples_ms"], bare[mode]["samples_ms"])
            rows.append(
                (
                    f"{names[mode]} ≤ {target:.2f} × the bare `loadPyodide()` page",
                    f"{s[mode + '_ratio']:.2f} × of medians ({app[mode]['median_ms']:.0f} vs "
                    f"{bare[mode]['median_ms']:.0f} ms; per-run pairs {pair:.2f} ×){noisy}",
                    verdict_pair(s[mode + "_ratio"] <= target, pair <= target),
                )
            )
        prepaint = app["warm"].get("prepaint_ms", {})
        rows.append(
            (
                f"Return visit: saved table painted ≤ {PREPAINT_TARGET_MS:.0f} ms after navigation",
                f"{prepaint['median']:.0f} ms median (first contentful paint {app['warm']['fcp_ms']['median']:.0f} ms)"
                if prepaint.get("median") is not None
                else "no saved table was painted",
                prepaint.get("median") is not None and prepaint["median"] <= PREPAINT_TARGET_MS,
            )
        )
        longest = max((app[m].get("longest_task_ms", {}).get("median") or 0) for m in MODES if m in app)
        cells = ", ".join(
            f"{m} {app[m].get('longest_task_ms', {}).get('median') or 0:.0f} ms" for m in MODES if m in app
        )
        rows.append(
            (
                f"Longest main-thread task during boot ≤ {LONGEST_TASK_TARGET_MS / 1000:.1f} s",
                f"{longest:.0f} ms (medians: {cells})",
                longest <= LONGEST_TASK_TARGET_MS,
            )
        )
    else:
        rows += [(f"{n} ≤ 0.60 × the bare page", "", None) for n in ("Cold start-up", "Return visit")]
    if b and "ratio_whole_brotli" in b:
        rows.append(
            (
                f"First-visit bytes (brotli) ≤ {BYTES_TARGET:.2f} × the Pyodide core files with gzip",
                f"{b['ratio_whole_brotli']:.2f} × whole visit with the offline copy "
                f"(until ready {b['ratio_ready_brotli']:.2f} ×)",
                b["ratio_whole_brotli"] <= BYTES_TARGET,
            )
        )
    else:
        rows.append(("First-visit bytes (brotli) ≤ 0.75 × the Pyodide core files with gzip", "", None))
    if lh and lh.get("median"):
        m = lh["median"]
        rows.append(
            (
                f"Lighthouse mobile performance ≥ {LIGHTHOUSE_TARGET:.1f}",
                f"{m['scores']['performance']:.2f} (median of {lh['runs']}; total blocking time "
                f"{m['total_blocking_time_ms']:.0f} ms)",
                m["scores"]["performance"] >= LIGHTHOUSE_TARGET,
            )
        )
    else:
        rows.append(("Lighthouse mobile performance ≥ 0.6", "", None))
    if bots:
        p95 = bots["levels"]["hard"]["browser"]["p95"]
        rows.append(("Hard p95 ≤ 150 ms per decision in the browser", f"{p95:.1f} ms", p95 <= HARD_P95_TARGET_MS))
    else:
        rows.append(("Hard p95 ≤ 150 ms per decision in the browser", "", None))
    if soak:
        ahead = soak.get("resumed_ahead", 0)
        ok = soak["moves_lost"] == 0 and soak["reloads"] >= RELOADS_TARGET and not soak["bad_saves"] and not ahead
        rows.append(
            (
                "0 moves lost across ≥ 200 reloads",
                f"{soak['moves_lost']} lost in {soak['reloads']} reloads ({len(soak['bad_saves'])} bad saves, "
                f"{ahead} moves resumed ahead of the screen)",
                ok,
            )
        )
    else:
        rows.append(("0 moves lost across ≥ 200 reloads", "", None))
    faulty = r.get("faultsoak")
    name = "IndexedDB writes failing 1 in 10: 0 moves lost in ≥ 200 reloads, the warning every time"
    if faulty:
        told = faulty.get("aborts_warned", 0) == faulty.get("writes_aborted", 0) > 0  # none seen proves nothing
        ok = faulty["moves_lost"] == 0 and faulty["reloads"] >= RELOADS_TARGET and not faulty["bad_saves"] and told
        rows.append(
            (
                name,
                f"{faulty['moves_lost']} lost in {faulty['reloads']} reloads; warned after "
                f"{faulty.get('aborts_warned', 0)} of {faulty.get('writes_aborted', 0)} failed writes "
                f"({faulty.get('aborts_unchecked', 0)} more on pages left within 1.5 s, not counted)",
                ok,
            )
        )
    else:
        rows.append((name, "", None))
    out = ["| target | measured | |", "|---|---|---|"]
    out += [f"| {name} | {fig} | {verdict(ok)} |" for name, fig, ok in rows]
    return out


MODES = ("cold", "warm", "later")


def paired(app: list[float], bare: list[float]) -> float:
    """Median of app/bare over runs taken one after the other (less exposed to slow drifts in load)."""
    ratios = sorted(a / b for a, b in zip(app, bare, strict=False) if b)
    if not ratios:
        return 0.0
    mid = len(ratios) // 2
    return ratios[mid] if len(ratios) % 2 else (ratios[mid - 1] + ratios[mid]) / 2


PAGE_NAMES = {
    "app": "app (snapshot)",
    "app-gzip": "app (snapshot stored gzipped)",
    "app-nosnap": "app without snapshots",
    "bare": "bare `loadPyodide()`",
}


def startup_section(s: dict[str, Any]) -> list[str]:
    app, bare = s["pages"]["app"], s["pages"]["bare"]
    pages = {name: s["pages"][name] for name in PAGE_NAMES if name in s["pages"]}
    modes = [m for m in ("cold", "warm", "later") if m in app and m in bare]
    out = [
        f"## 1. Start-up, side by side ({s['runs']} interleaved runs each, fresh profile per run)",
        "",
        'Milliseconds from the start of the navigation until `body[data-ready="1"]` (the table takes',
        "a tap; for the bare page: `loadPyodide()` resolved), measured inside the page. Cold: first",
        "visit on a fresh profile. Warm: the browser relaunched on the same profile (service worker",
        "and its cache for the app; the HTTP and code caches for both). Later: relaunched once more,",
        "as every visit after the first return. Each visit stays open 3 s after it is ready (1 s in",
        "runs before 2026-11-29 20:45), so that Chromium can store the code it compiled.",
    ]
    if "app-nosnap" in pages:
        out += [
            "The app makes its start-up snapshot on the cold visit (in a worker, once the table is up and",
            "quiet) and starts from it on the warm and later ones; the cold visit waits until it is stored",
            "before the browser is closed. *App without snapshots* is the same build with them switched",
            "off (`tools/build.py --no-snapshots`), i.e. the start as it was before them; *stored gzipped*",
            "keeps the snapshot's pages gzipped (about 0.4 times the bytes, inflated as it is read).",
        ]
    out += [
        "",
        "| page | " + " | ".join(f"{m} median" for m in modes) + " | " + " | ".join(f"{m} runs" for m in modes) + " |",
        "|---|" + "---|" * (2 * len(modes)),
    ]
    for name, p in pages.items():
        medians = " | ".join(f"{p[m]['median_ms']:.0f} ms" for m in modes)
        runs = " | ".join(", ".join(f"{v:.0f}" for v in p[m]["samples_ms"]) for m in modes)
        out.append(f"| {PAGE_NAMES[name]} | {medians} | {runs} |")
    blank = " |" * len(modes)
    for name, p in pages.items():
        if name == "bare":
            continue
        bold = "**" if name == "app" else ""
        cells = " | ".join(f"{bold}{p[m]['median_ms'] / bare[m]['median_ms']:.2f} ×{bold}" for m in modes)
        out.append(f"| {bold}{PAGE_NAMES[name]} / bare{bold} | {cells} |{blank}")
        pairs = " | ".join(f"{paired(p[m]['samples_ms'], bare[m]['samples_ms']):.2f} ×" for m in modes)
        out.append(f"| median of per-run {name}/bare (adjacent runs) | {pairs} |{blank}")
    if "app-nosnap" in pages:
        plain = pages["app-nosnap"]
        for name in ("app", "app-gzip"):
            if name not in pages:
                continue
            p = pages[name]
            cells = " | ".join(
                f"**{p[m]['median_ms'] / plain[m]['median_ms']:.2f} ×** "
                f"(pairs {paired(p[m]['samples_ms'], plain[m]['samples_ms']):.2f} ×)"
                for m in modes
            )
            out.append(f"| **{PAGE_NAMES[name]} / without snapshots** | {cells} |{blank}")
    labels = (
        ("longest_task_ms", "longest main-thread task before ready", "ms"),
        ("fcp_ms", "first paint", "ms"),
        ("rss_peak_to_ready_bytes", "renderer's peak anonymous memory until ready", "MB"),
    )
    for key, label, unit in labels:
        for name, p in pages.items():
            if not all(key in p[m] for m in modes) or all(p[m][key]["median"] is None for m in modes):
                continue
            scale = 1e6 if unit == "MB" else 1

            def fmt(v: float | None, scale: float = scale, unit: str = unit) -> str:
                return "–" if v is None else f"{v / scale:.0f} {unit}"

            medians = " | ".join(fmt(p[m][key]["median"]) for m in modes)
            runs = " | ".join(", ".join(f"{v / scale:.0f}" for v in p[m][key]["samples"]) for m in modes)
            out.append(f"| {name}: {label} | {medians} | {runs} |")
    if all("prepaint_ms" in app[m] for m in modes):
        medians = " | ".join(
            f"{app[m]['prepaint_ms']['median']:.0f} ms" if app[m]["prepaint_ms"]["median"] is not None else "–"
            for m in modes
        )
        runs = " | ".join(", ".join(f"{v:.0f}" for v in app[m]["prepaint_ms"]["samples"]) for m in modes)
        out.append(f"| app: saved table on the page (`body.prepaint`) | {medians} | {runs} |")
    out.append("")
    out.append(
        "Longest task: the Long Tasks API's longest entry that started before ready. The saved table is "
        "painted by index.html's inline script from localStorage `handfoot-paint`"
        + (
            f"; ui/main.py does not write it yet on this branch, so the bench wrote it after the cold and "
            f"warm visits ({s['paint_written_by_bench']} times) from the table on screen, as the contract says."
            if s.get("paint_written_by_bench")
            else "."
        )
        + " Memory: the resident memory of the profile's renderer processes (the page and its workers) "
        "that is not file-backed (`/proc/<pid>/statm`: resident minus shared), sampled every 20 ms."
    )
    out.append("")
    if s.get("app_boot_ms_median") is not None:
        out.append(
            f"The app's own boot (resume the save and draw the table, `data-boot-ms`) takes a median of "
            f"{s['app_boot_ms_median']:.0f} ms of that; the rest of the gap is PyScript itself (its JavaScript "
            "and the Python side it boots before our script) and importing the engine and UI modules."
        )
    la = s.get("load_average", {})
    out.append(f"Load average before/after: {la.get('before')} / {la.get('after')}.")
    out += snapshot_section(s)
    if s["problems"]:
        out += ["", "Problems: " + "; ".join(s["problems"])]
    return out


def snapshot_section(s: dict[str, Any]) -> list[str]:
    snaps = {name: x for name, x in s.get("snapshots", {}).items() if x.get("totalMs")}
    if not snaps:
        return []

    def med(x: dict[str, Any], key: str, scale: float = 1, digits: int = 0) -> str:
        v = x.get(key)
        return "–" if not v else f"{v['median'] / scale:,.{digits}f}"

    def spread(x: dict[str, Any], key: str, scale: float = 1) -> str:
        v = x.get(key)
        return "–" if not v else f"{min(v['samples']) / scale:,.0f}–{max(v['samples']) / scale:,.0f}"

    out = [
        "",
        "### 1b. The start-up snapshot: making, storing and restoring it",
        "",
        "Made on each cold visit of the runs above (medians, then the range). *After ready*: from the table",
        "being ready to the snapshot stored; the worker waits first for the service worker to take the page",
        "(its Pyodide then reads the files from the offline copy, as later visits do) and for 2 s of quiet.",
        "*Worker*: its Pyodide's start (`loadPyodide` with `_makeSnapshot`), the imports, "
        "`makeMemorySnapshot()`, then dropping the zero pages (and gzip, `CompressionStream`, or SHA-256), and "
        "`cache.put`. *Memory*: the renderer's anonymous resident memory at its peak while the snapshot "
        "was made, minus just before.",
        "",
        "| | " + " | ".join(PAGE_NAMES[name] for name in snaps) + " |",
        "|---|" + "---|" * len(snaps),
    ]
    rows = [
        ("stored after ready", "afterReadyMs", 1, "ms"),
        ("worker, in all", "totalMs", 1, "ms"),
        ("… Pyodide's start", "loadMs", 1, "ms"),
        ("… imports", "importMs", 1, "ms"),
        ("… `makeMemorySnapshot()`", "snapshotMs", 1, "ms"),
        ("… zero pages dropped, gzipped or hashed", "encodeMs", 1, "ms"),
        ("… `cache.put`", "storeMs", 1, "ms"),
        ("heap snapshot, raw", "rawBytes", 1e6, "MB"),
        ("without its zero pages", "sparseBytes", 1e6, "MB"),
        ("stored (Cache Storage)", "storedBytes", 1e6, "MB"),
        ("memory added while making it", "rss_added_bytes", 1e6, "MB"),
        ("warm visit: entry read (and inflated)", "warm_readMs", 1, "ms"),
        ("warm visit: pages in place, checked", "warm_decodeMs", 1, "ms"),
        ("warm visit: Pyodide's module up (side by side)", "warm_moduleMs", 1, "ms"),
        ("warm visit: interpreter restored, ready for PyScript", "warm_restoreMs", 1, "ms"),
        ("later visit: entry read (and inflated)", "later_readMs", 1, "ms"),
        ("later visit: pages in place, checked", "later_decodeMs", 1, "ms"),
        ("later visit: Pyodide's module up (side by side)", "later_moduleMs", 1, "ms"),
        ("later visit: interpreter restored, ready for PyScript", "later_restoreMs", 1, "ms"),
    ]
    for label, key, scale, unit in rows:
        if not any(x.get(key) for x in snaps.values()):
            continue
        digits = 1 if unit == "MB" else 0
        cells = " | ".join(
            f"{med(x, key, scale, digits)} {unit} ({spread(x, key, scale)})" if x.get(key) else "–"
            for x in snaps.values()
        )
        out.append(f"| {label} | {cells} |")
    out += [
        "",
        "The restore figures count from the moment the page found the stored entry (after `ui/boot.js`",
        "started); reading the entry runs beside Pyodide's own start (its WebAssembly), and whichever",
        "ends later holds the start up.",
    ]
    fallbacks = [f for x in snaps.values() for f in x.get("fallbacks", [])]
    if fallbacks:
        out += ["", "Fell back to the usual start: " + "; ".join(fallbacks)]
    return out


def bytes_section(b: dict[str, Any]) -> list[str]:
    groups = b["groups"]
    rows = sorted(set().union(*(g["whole"].keys() for g in groups.values())))
    out = [
        "## 2. Bytes of a first visit",
        "",
        "Counted at the server (headers + bodies), by file group. *until ready*: what the player waits",
        "for; *whole*: until the service worker has the offline copy (its precache revalidates the",
        "files the page already fetched with cheap 304s and downloads the rest). gzip is what",
        "`tools/serve.py` sends from the build's precompressed `.gz` siblings.",
        "",
        "| file(s) | app gzip, until ready | app gzip, whole | bare gzip | app identity, whole | bare identity |",
        "|---|---|---|---|---|---|",
    ]

    def cell(key: str, when: str, row: str) -> str:
        g = groups[key][when].get(row)
        return f"{kb(g['bytes'])} ({g['files']})" if g else "–"

    for row in rows:
        out.append(
            f"| {row} | {cell('app/gzip', 'at_ready', row)} | {cell('app/gzip', 'whole', row)} | "
            f"{cell('bare/gzip', 'whole', row)} | {cell('app/identity', 'whole', row)} | "
            f"{cell('bare/identity', 'whole', row)} |"
        )
    v = b["visits"]
    out.append(
        f"| **total** | **{mb(v['app/gzip']['at_ready']['total'])}** | **{mb(v['app/gzip']['whole']['total'])}** | "
        f"**{mb(v['bare/gzip']['whole']['total'])}** | **{mb(v['app/identity']['whole']['total'])}** | "
        f"**{mb(v['bare/identity']['whole']['total'])}** |"
    )
    out += [
        "",
        "Pyodide core files on disk (the yardstick):",
        "",
        "| core file | raw | sent with gzip |",
        "|---|---|---|",
    ]
    for name, sz in b["core_files"].items():
        out.append(f"| {name} | {kb(sz['raw'])} | {kb(sz['gzip'])} |")
    out.append(f"| **total** | **{mb(b['core_raw_total'])}** | **{mb(b['core_gzip_total'])}** |")
    out += [
        "",
        f"App first visit / core files: gzip {b['ratio_whole_gzip']:.3f} × "
        f"(until ready {b['ratio_ready_gzip']:.3f} ×), "
        f"identity {b['ratio_whole_identity']:.3f} ×.",
    ]
    return out


def bots_section(d: dict[str, Any]) -> list[str]:
    out = [
        "## 3. Computer speed in the browser",
        "",
        f"Per decision (build the seat's view + `decide`), every level in all four seats, "
        f"{d['games_per_level']} whole games per level ({', '.join(d['presets'])} × deals "
        f"{', '.join(map(str, d['deals']))}). Page: Pyodide (Python {d['pyodide_python']}) on the main thread, "
        f"the app's own engine files; CPython {d['cpython']} on the same machine, the same games "
        "(digests compared). The page's clock is coarsened to 0.1 ms (no cross-origin isolation).",
        "",
        "| level | page p50 | page p95 | page max | CPython p50 | CPython p95 | CPython max | "
        "ratio p50 | ratio p95 | ratio mean | decisions | same games |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for level, x in d["levels"].items():
        b, c, r = x["browser"], x["cpython"], x["ratio"]
        out.append(
            f"| {level} | {b['p50']:.2f} ms | {b['p95']:.2f} ms | {b['max']:.1f} ms | {c['p50']:.2f} ms | "
            f"{c['p95']:.2f} ms | {c['max']:.1f} ms | {r['p50']} × | {r['p95']} × | {r['mean']} × | {b['count']:,} | "
            f"{'yes' if x['same_games'] else '**no**'} |"
        )
    la = d.get("load_average", {})
    out += ["", f"Load average before/after: {la.get('before')} / {la.get('after')}."]
    if d.get("page_errors"):
        out.append("Page errors: " + "; ".join(d["page_errors"][:5]))
    return out


def engine_section(e: dict[str, Any]) -> list[str]:
    levels = list(next(iter(e["bot_games"].values())).keys())
    out = [
        "## 4. Engine throughput (CPython)",
        "",
        f"Random playouts: uniformly random legal moves, invariant checks off "
        f"({next(iter(e['random_playout'].values()))['games']} games per preset). Bot games: one level in "
        f"all four seats ({next(iter(next(iter(e['bot_games'].values())).values()))['games']} games per preset "
        "and level). Single process.",
        "",
        "| preset | playout games/s | playout actions/s | " + " | ".join(f"bots: {lv} games/s" for lv in levels) + " |",
        "|---|---|---|" + "---|" * len(levels),
    ]
    for preset, rp in e["random_playout"].items():
        bots = " | ".join(f"{e['bot_games'][preset][lv]['games_per_s']:.1f}" for lv in levels)
        out.append(f"| {preset} | {rp['games_per_s']:.1f} | {rp['actions_per_s']:,} | {bots} |")
    return out


def soak_section(k: dict[str, Any]) -> list[str]:
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(k["reload_kinds"].items()))
    return [
        "## 5. Nothing lost (soak)",
        "",
        "The real app in Chromium, North/East/West played by the app's computer players and South by",
        "the harness tapping the app's own buttons; the page reloaded at random moments. After each",
        "resume: the position shown on resume (`data-deal`, `data-moves` and the table, taken when",
        "the page is ready) must equal the position shown when the page was left (`pagehide`), and",
        "both copies of the save (IndexedDB and localStorage) must load in CPython (replay + digest)",
        "with every card of the deck on the table once.",
        "",
        "| reloads | by kind | moves played | games (all but the last played out) | moves lost | "
        "unpainted taps lost | resumed ahead | bad saves | resume median |",
        "|---|---|---|---|---|---|---|---|---|",
        f"| {k['reloads']} | {kinds} | {k['moves_played']:,} | {k['games_seen']} | "
        f"**{k['moves_lost']}** | {k['unpainted_taps_lost']} | {k.get('resumed_ahead', 0)} | "
        f"{len(k['bad_saves'])} | {(k['resume_ready_ms_median'] or 0):.0f} ms |",
        "",
        "Moves lost: the moves shown when the page was left minus the moves resumed (`data-moves`, the",
        "number of actions in the game history as drawn); a resume into another deal loses every move",
        "shown (at least 1). *Resumed ahead*: moves resumed that were never on screen. *Unpainted taps*:",
        "a South tap and the reload in one JavaScript task, so the move was in the page but never",
        f"painted; reported apart. Took {k['seconds']:.0f} s.",
        *soak_details(k),
    ]


def faultsoak_section(k: dict[str, Any]) -> list[str]:
    return [
        f"## 5b. Nothing lost while IndexedDB writes fail ({k.get('fault_rate', 0):.0%} of writes abort at commit)",
        "",
        "The same soak, with every IndexedDB write aborting at commit (as a full disk does) at random, one",
        "in ten. Each failed write must be followed by the on-screen warning (\"Saving on this device",
        "failed…\") while the page stays open (writes whose page was left within 1.5 s are not counted).",
        "",
        "| reloads | moves played | moves lost | resumed ahead | bad saves | failed writes | warned |",
        "|---|---|---|---|---|---|---|",
        f"| {k['reloads']} | {k['moves_played']:,} | **{k['moves_lost']}** | {k.get('resumed_ahead', 0)} | "
        f"{len(k['bad_saves'])} | {k.get('writes_aborted', 0)} | {k.get('aborts_warned', 0)} |",
        "",
        f"Took {k['seconds']:.0f} s." + (" Not warned: " + "; ".join(k["aborts_not_warned"]) if k.get(
            "aborts_not_warned") else ""),
        *soak_details(k),
    ]


def soak_details(k: dict[str, Any]) -> list[str]:
    out: list[str] = []
    if k["table_mismatches"]:
        out += ["", "<details><summary>Resumes that did not match the table left (first 20)</summary>", ""]
        out += [f"- {m}" for m in k["table_mismatches"]]
        out += ["", "</details>"]
    if k["bad_saves"]:
        out += ["", "Bad saves: " + "; ".join(k["bad_saves"][:10])]
    if k.get("page_errors"):
        out += ["", "Page errors: " + "; ".join(k["page_errors"][:5])]
    return out


def lighthouse_section(lh: dict[str, Any]) -> list[str]:
    out = [
        f"## 2b. Lighthouse (mobile, {lh['runs']} runs, Lighthouse {lh.get('lighthouse')})",
        "",
        "`node_modules/lighthouse` in its default mobile mode (simulated slow 4G and a 4× slower CPU), "
        "Debian's headless Chromium, a cold first visit each run. Medians, then each run. On a first "
        "visit the largest contentful paint is the start-up screen's title (the felt, the name and the "
        "download's progress; the table's largest text is smaller), so it says when the player sees that "
        "screen; the table itself takes taps at Lighthouse's *time to interactive*, after the whole "
        "download on its slow 4G.",
        "",
        "| | performance | accessibility | best practices | SEO | total blocking time | largest contentful "
        "paint | speed index | first contentful paint | time to interactive |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]

    def row(name: str, x: dict[str, Any]) -> str:
        sc = x["scores"]
        return (
            f"| {name} | {sc['performance']:.2f} | {sc['accessibility']:.2f} | {sc['best-practices']:.2f} | "
            f"{sc['seo']:.2f} | {x['total_blocking_time_ms']:.0f} ms | {x['largest_contentful_paint_ms']:.0f} ms | "
            f"{x['speed_index_ms']:.0f} ms | {x['first_contentful_paint_ms']:.0f} ms | "
            f"{x['time_to_interactive_ms']:.0f} ms |"
        )

    if lh.get("median"):
        out.append(row("**median**", lh["median"]))
    out += [row(f"run {i + 1}", x) for i, x in enumerate(lh["samples"])]
    la = lh.get("load_average", {})
    out += ["", f"Load average before/after: {la.get('before')} / {la.get('after')}."]
    if lh.get("problems"):
        out.append("Problems: " + "; ".join(lh["problems"]))
    return out


def render(r: dict[str, Any], holds_back: list[str]) -> str:
    meta = r.get("meta", {})
    out = [
        "# Benchmarks",
        "",
        "Generated by `.venv/bin/python -m bench` (see `bench/__main__.py`): the built site served on",
        "127.0.0.1 by `tools/serve.py`'s handler, Debian's headless Chromium, a phone-sized viewport.",
        f"Machine: {meta.get('cpus')} cores, {meta.get('chromium')}; other programs were running "
        f"(load average {meta.get('load_average')} at the start), so treat single figures as noisy.",
        f"Sections last measured: {', '.join(f'{k} {v}' for k, v in meta.get('measured', {}).items())}.",
        "",
        "## Targets",
        "",
        *targets(r),
        "",
    ]
    if holds_back:
        out += ["### What holds the missed targets back", "", *holds_back, ""]
    for key, fn in (
        ("startup", startup_section),
        ("bytes", bytes_section),
        ("lighthouse", lighthouse_section),
        ("bots", bots_section),
        ("engine", engine_section),
        ("soak", soak_section),
        ("faultsoak", faultsoak_section),
    ):
        if r.get(key):
            out += [*fn(r[key]), ""]
    return "\n".join(out)


WARM_STORY = (
    "The return visit is the first one the service worker serves. Chromium keeps compiled WebAssembly "
    "per stored copy: the bare page's HTTP-cache copy of `pyodide.asm.wasm` got its compiled code on "
    "the cold visit, while the service worker's copy (which the app needs to start offline) is compiled "
    "on its first use, this visit, and reused from the next one on: the *later* column, and the longest "
    "task of this visit (the interpreter's first run compiles its functions lazily). Measured on "
    "2026-11-29: letting the WebAssembly bypass the worker made this visit about 0.5 s faster but breaks "
    "the offline start; compiling it ahead from the worker's copy, a static route or a cache keyed by "
    "the plain URL did not help; a `<link>` preload of it turns the compiled-code cache off on every visit."
)
SNAPSHOT_WARM_STORY = (
    "The return visit starts from the snapshot the first visit made (section 1b), which skips "
    "Python's start and the start-up imports ({gain:.2f} × the same build without snapshots on this "
    "visit, {later_gain:.2f} × on later ones). What is left: the page and the service worker's start, "
    "Pyodide's WebAssembly (here the service worker's copy is compiled on its first use, this visit, "
    "and its compiled code reused from the next one on: the *later* column), reading the snapshot "
    "beside it, and PyScript's own start (its JavaScript, and its Python package compiled from source "
    "at every start) before our script."
)
BYTES_STORY = (
    "The whole first visit includes the service worker's offline copy of everything the page can ever "
    "load, so also `stdlib-rest.zip` (the standard library modules the app doesn't import, as source "
    "without comments and, where the module doesn't read `__doc__`, without docstrings: {rest}), which "
    "the bare page never downloads; until the table is ready the app sends {ready:.2f} ×. Pyodide's "
    "WebAssembly alone is {wasm} of brotli, the compiled standard library {stdlib} (as `python -OO`). "
    "The engine and UI modules in `app.zip` already leave out the docstrings of modules and functions "
    "(25 kB of brotli; classes keep theirs, see `tools/pyc.mjs`). The rest would change behaviour: the "
    "docstrings of the standard modules that read them (`cmd`, `pdb`, `unittest`...), or not "
    "precaching the on-demand part (then late imports would fail offline)."
)
COLD_STORY = (
    "The app's own boot (resume the save, draw the table) is a few tens of milliseconds; the rest is "
    "Pyodide's and PyScript's start and importing the engine and UI (47 modules, about 0.1 s under "
    "Node with the standard library already loaded). Of that, the score pad, statistics and challenge "
    "modules take about 25 ms (measured on 2026-12-02); the start reads their stored records, so "
    "putting them off would mean restructuring the boot, for about 1% of it. Under a heavy load (load "
    "average 7) the ratio read 0.41 ×, since the bare page slows down more."
)
LIGHTHOUSE_STORY = (
    "Lighthouse's phone is simulated: slow 4G (1.6 Mbit/s) and a CPU slowed 4 times. On a first visit "
    "the table can only come after about 4 MB of brotli (the WebAssembly is 2.8 MB of it), so its largest "
    "contentful paint and time to interactive are the download; its total blocking time is the "
    "interpreter's start (Pyodide's `_pyodide_core` initialisation and bootstrap, about 0.3–0.9 s here, "
    "one task that Pyodide gives no way to split) times four."
)


def explain(r: dict[str, Any]) -> list[str]:
    """For each missed target: the figure and what holds it back (from the measurements)."""
    out: list[str] = []
    s, b, bots, soak = r.get("startup"), r.get("bytes"), r.get("bots"), r.get("soak")
    lh = r.get("lighthouse")
    if s:
        app, bare = s["pages"]["app"], s["pages"]["bare"]
        if s["cold_ratio"] > COLD_TARGET:
            out.append(
                f"- **Cold start-up** ({s['cold_ratio']:.2f} ×, {app['cold']['median_ms']:.0f} vs "
                f"{bare['cold']['median_ms']:.0f} ms): " + COLD_STORY
            )
        warm_pairs = paired(app["warm"]["samples_ms"], bare["warm"]["samples_ms"])
        if s["warm_ratio"] > WARM_TARGET or warm_pairs > WARM_TARGET:
            later = s.get("later_ratio")
            plain = s["pages"].get("app-nosnap")
            story = (
                SNAPSHOT_WARM_STORY.format(
                    gain=app["warm"]["median_ms"] / plain["warm"]["median_ms"],
                    later_gain=app["later"]["median_ms"] / plain["later"]["median_ms"],
                )
                if plain
                else WARM_STORY
            )
            out.append(
                f"- **Return visit** ({s['warm_ratio']:.2f} × of medians, {warm_pairs:.2f} × per-run pairs; "
                f"{app['warm']['median_ms']:.0f} vs {bare['warm']['median_ms']:.0f} ms; every later visit "
                f"{later:.2f} ×): " + story
            )
        prepaint = app["warm"].get("prepaint_ms", {}).get("median")
        if prepaint is None or prepaint > PREPAINT_TARGET_MS:
            out.append(f"- **Saved table painted**: {prepaint} ms median on the return visit.")
        longest = max((app[m].get("longest_task_ms", {}).get("median") or 0) for m in MODES if m in app)
        if longest > LONGEST_TASK_TARGET_MS:
            out.append(
                f"- **Longest task** ({longest:.0f} ms median in the worst mode): the interpreter's start, "
                "see the Lighthouse note."
            )
    if b and "ratio_whole_brotli" in b and b["ratio_whole_brotli"] > BYTES_TARGET:
        app_whole = b["groups"]["app/brotli"]["whole"]

        def sent(row: str) -> str:
            return kb(app_whole[row]["bytes"]) if row in app_whole else "?"

        out.append(
            f"- **Bytes** ({b['ratio_whole_brotli']:.2f} × whole visit): "
            + BYTES_STORY.format(
                ready=b["ratio_ready_brotli"],
                rest=sent("standard library stdlib-rest.zip"),
                stdlib=sent("standard library stdlib.zip"),
                wasm=sent("Pyodide pyodide.asm.wasm"),
            )
        )
    if lh and lh.get("median") and lh["median"]["scores"]["performance"] < LIGHTHOUSE_TARGET:
        m = lh["median"]
        out.append(
            f"- **Lighthouse performance** {m['scores']['performance']:.2f} (total blocking time "
            f"{m['total_blocking_time_ms']:.0f} ms, largest contentful paint "
            f"{m['largest_contentful_paint_ms']:.0f} ms, "
            f"speed index {m['speed_index_ms']:.0f} ms): " + LIGHTHOUSE_STORY
        )
    if bots and bots["levels"]["hard"]["browser"]["p95"] > HARD_P95_TARGET_MS:
        out.append(f"- **Hard p95** is {bots['levels']['hard']['browser']['p95']:.1f} ms in the page.")
    if soak and (
        soak["moves_lost"] > 0 or soak.get("resumed_ahead") or soak["bad_saves"] or soak["reloads"] < RELOADS_TARGET
    ):
        out.append(
            f"- **Nothing lost** ({soak['moves_lost']} moves lost and {soak.get('resumed_ahead', 0)} resumed "
            f"ahead in {soak['reloads']} reloads; {len(soak['table_mismatches'])} resumes differed from the "
            "position left, listed in section 5): `ui/main.py` writes each move to localStorage in the task "
            "that draws it and to IndexedDB right after; a resume that differs means a move reached the "
            "screen without that synchronous write (or a copy was chosen wrongly by `ui/saves.py`)."
        )
    return out
