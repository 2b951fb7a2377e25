"""Shared pieces: the site under test, a byte-counting server, Chromium, and small statistics."""

from __future__ import annotations

import gzip
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

from engine.lab.arena import percentile as engine_percentile

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "tools"))
from browser import CHROMIUM as CHROMIUM  # noqa: E402 (re-exported for the bench modules)
from browser import CHROMIUM_ARGS as CHROMIUM_ARGS  # noqa: E402
from serve import Handler, Server  # noqa: E402

PHONE: dict[str, Any] = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
BOOT_TIMEOUT_MS = 90_000

# Records performance.now() (ms since the navigation started) when body[data-ready="1"] appears,
# the longest main-thread task before that (Long Tasks API: tasks over 50 ms), when the saved
# table was put on the page (body.prepaint, by index.html's inline script) and the first paint.
READY_PROBE = """(() => {
  window.__benchLongest = 0;
  window.__benchTasks = 0;
  const mark = () => {
    const body = document.body;
    if (!body) return;
    if (window.__benchPrepaint === undefined && body.classList.contains("prepaint")) {
      window.__benchPrepaint = performance.now();
    }
    if (window.__benchReady === undefined && body.dataset.ready === "1") {
      window.__benchReady = performance.now();
    }
  };
  const watched = { subtree: true, attributes: true, attributeFilter: ["data-ready", "class"] };
  new MutationObserver(mark).observe(document, watched);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (window.__benchReady !== undefined && e.startTime > window.__benchReady) continue;
        window.__benchTasks += 1;
        window.__benchLongest = Math.max(window.__benchLongest, e.duration);
      }
    }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === "first-contentful-paint") window.__benchFcp = e.startTime;
    }).observe({ type: "paint", buffered: true });
  } catch (err) { /* an older browser: no task figures */ }
})();"""

# The saved table as ui/main.py keeps it (localStorage "handfoot-paint", written after every paint),
# written by the bench after a visit when the page has not written it itself.
SAVE_PAINT = """() => {
  if (localStorage.getItem("handfoot-paint")) return false;
  localStorage.setItem("handfoot-paint", JSON.stringify({v: 1, html: document.getElementById("app").innerHTML,
    cls: document.body.className, moves: Number(document.body.dataset.moves || 0)}));
  return true;
}"""
BARE_DIR = "bare/pyodide"
"""Where the bench puts Pyodide's files as its npm package publishes them, for the bare page."""
BARE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare loadPyodide</title></head>
<body><p>Loading Pyodide…</p>
<script type="module">
import { loadPyodide } from "./bare/pyodide/pyodide.mjs";
await loadPyodide();
document.body.dataset.ready = "1";
</script></body></html>
"""

# Loads Pyodide from its npm files (its full standard library), copies the app's modules' zip into
# its file system as ui/boot.js does, imports from the zip as ui/main.py does,
# and exposes benchRun(json) running bench_botcore on the
# main thread, where the app's computer players run.
BOTS_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>computer players in the page</title></head>
<body><p>Loading…</p>
<script type="module">
import { loadPyodide } from "./bare/pyodide/pyodide.mjs";
const py = await loadPyodide();
const files = {
  "./app.zip": "./app.zip", "./bench/botcore.py": "./bench_botcore.py",
  "./bench/lab/__init__.py": "./lab/engine/lab/__init__.py", "./bench/lab/botgame.py": "./lab/engine/lab/botgame.py",
};
for (const [src, dest] of Object.entries(files)) {
  const bytes = new Uint8Array(await (await fetch(src, { cache: "no-store" })).arrayBuffer());
  const path = dest.replace(/^\\.\\//, "");
  const dir = path.split("/").slice(0, -1).join("/");
  if (dir) py.FS.mkdirTree(dir);
  py.FS.writeFile(path, bytes);
}
py.runPython("import os, sys; sys.path[:0] = [os.path.abspath('app.zip'), os.getcwd()]");
// The site ships no engine.lab: the one bot-game loop joins the zip's engine package from a folder.
py.runPython("import os, engine; engine.__path__.append(os.path.abspath('lab/engine'))");
window.benchRun = (args) => {
  py.globals.set("BENCH_ARGS", args);
  return py.runPython("import bench_botcore; bench_botcore.run_json(BENCH_ARGS)");
};
window.benchVersion = py.runPython("import sys; sys.version.split()[0]");
document.body.dataset.ready = "1";
</script></body></html>
"""


def build_site() -> None:
    """Run the project's build (dist/ with precompressed .gz siblings)."""
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)


@contextmanager
def site_copy(dist: Path = DIST) -> Iterator[Path]:
    """A private copy of dist/ (or another built site) plus the bench-only pages (others may
    rebuild dist/ meanwhile)."""
    if not (dist / "index.html").is_file():
        sys.exit(f"{dist} has no index.html: run `python tools/build.py` (or drop --no-build)")
    with tempfile.TemporaryDirectory(prefix="hf-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(dist, site)
        (site / "bare.html").write_text(BARE_HTML)
        add_bare_pyodide(site / BARE_DIR)
        (site / "bots.html").write_text(BOTS_HTML)
        (site / "bench").mkdir(exist_ok=True)
        shutil.copyfile(Path(__file__).with_name("botcore.py"), site / "bench" / "botcore.py")
        (site / "bench" / "lab").mkdir()
        for name in ("__init__.py", "botgame.py"):  # botcore's loop: the site ships no engine.lab
            shutil.copyfile(ROOT / "engine" / "lab" / name, site / "bench" / "lab" / name)
        yield site


def add_bare_pyodide(folder: Path) -> None:
    """Pyodide's files as npm publishes them, with .gz and .br siblings as the build writes them."""
    folder.mkdir(parents=True)
    for name in BARE_FILES:
        data = (ROOT / "node_modules" / "pyodide" / name).read_bytes()
        (folder / name).write_bytes(data)
        (folder / (name + ".gz")).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    cache = str(ROOT / "node_modules" / ".cache" / "handfoot-brotli")
    files = [str(folder / name) for name in BARE_FILES]
    subprocess.run(["node", str(ROOT / "tools" / "brotli.mjs"), cache, *files], check=True)


# ----- a server that counts what it sends ----------------------------------------------


@dataclass
class Meter:
    """Bytes written to the socket (headers and body) and status codes, by URL path."""

    sent: Counter[str] = field(default_factory=Counter)
    status: dict[str, list[int]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, n: int) -> None:
        with self.lock:
            self.sent[path] += n

    def note(self, path: str, code: int) -> None:
        with self.lock:
            self.status.setdefault(path, []).append(code)

    def reset(self) -> None:
        with self.lock:
            self.sent.clear()
            self.status.clear()

    def snapshot(self) -> dict[str, int]:
        with self.lock:
            return dict(self.sent)


class _CountingWriter:
    def __init__(self, raw: BinaryIO, handler: CountingHandler) -> None:
        self._raw = raw
        self._handler = handler

    def write(self, data: bytes) -> int:
        n = self._raw.write(data)
        self._handler.meter.add(self._handler.url_path(), len(data))
        return n if n is not None else len(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._raw, name)


class CountingHandler(Handler):
    meter: Meter

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self)  # type: ignore[assignment]

    def url_path(self) -> str:
        return getattr(self, "path", "?").split("?")[0].split("#")[0]

    def send_response(self, code: int, message: str | None = None) -> None:
        self.meter.note(self.url_path(), code)
        super().send_response(code, message)


@contextmanager
def serve(root: Path, *, use_gzip: bool = True, use_brotli: bool = True) -> Iterator[tuple[str, Meter]]:
    """Serve root on 127.0.0.1 (project handler: .br/.gz siblings, no-cache); yield (base URL, meter)."""
    meter = Meter()
    options = {"quiet": True, "use_gzip": use_gzip, "use_brotli": use_brotli, "meter": meter}
    handler = type("BenchHandler", (CountingHandler,), options)
    server = Server(("127.0.0.1", 0), partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", meter
    finally:
        server.shutdown()
        server.server_close()


# ----- statistics -------------------------------------------------------------------


percentile = engine_percentile
"""The q-th percentile (0..100) by nearest rank: the arena's own, so both report alike."""


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def load_average() -> list[float]:
    """The 1, 5 and 15 minute load averages (other programs on this machine)."""
    try:
        return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]
    except OSError:
        return []


def dumps(data: Any) -> str:
    return json.dumps(data, indent=1, sort_keys=False) + "\n"
