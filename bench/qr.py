"""``python -m bench.qr``: the QR encoder shipped (``ui/qr/``, in app.zip) against ``segno`` 1.6.6
installed at run time, with ``micropip`` 0.11.1 and by Pyodide's own ``loadPackage``, from wheels the
site would serve itself.

Each in the built app in headless Chromium, a fresh profile per run, interleaved: from the moment a
code is asked for (the table up) until its SVG is in the page.  Bytes: what each adds to the site
(raw, gzip, brotli).  The wheels are fetched with pip into ``vendor-cache/qr-bench/`` (git-ignored)
and served from a copy of ``dist/`` only for this measurement.  Prints a Markdown section.
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from .common import CHROMIUM, CHROMIUM_ARGS, DIST, PHONE, ROOT, load_average, serve

WHEELS = ROOT / "vendor-cache" / "qr-bench"
MICROPIP = "micropip-0.11.1-py3-none-any.whl"
SEGNO = "segno-1.6.6-py3-none-any.whl"
LINK = "https://hand-and-foot.example/#join=" + "".join(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[(i * 37 + 11) % 64] for i in range(380)
)

OWN = """async (text) => {
  const box = document.createElement("div");
  box.className = "qr";
  const t0 = performance.now();
  const drawn = new Promise((resolve) => box.addEventListener("hf-qr-drawn", resolve));
  box.dataset.qr = text;
  document.body.prepend(box);
  await drawn;
  return performance.now() - t0;
}"""

SEGNO_JS = """async ([text, micropip, segno]) => {
  const t0 = performance.now();
  const py = await import("./ui/boot.js").then((m) => m.loadPyodide());
  await py.loadPackage(new URL(micropip, location.href).href);
  const svg = await py.runPythonAsync(`
import micropip
await micropip.install(${JSON.stringify(new URL(segno, location.href).href)})
import segno
segno.make(${JSON.stringify(text)}, error="l", mode="byte", micro=False).svg_inline(scale=4, border=4)
`);
  const box = document.createElement("div");
  box.className = "qr";
  box.innerHTML = svg;
  document.body.prepend(box);
  return performance.now() - t0;
}"""


SEGNO_DIRECT_JS = """async ([text, segno]) => {
  const t0 = performance.now();
  const py = await import("./ui/boot.js").then((m) => m.loadPyodide());
  await py.loadPackage(new URL(segno, location.href).href);
  const svg = py.runPython(`
import segno
segno.make(${JSON.stringify(text)}, error="l", mode="byte", micro=False).svg_inline(scale=4, border=4)
`);
  const box = document.createElement("div");
  box.className = "qr";
  box.innerHTML = svg;
  document.body.prepend(box);
  return performance.now() - t0;
}"""


def fetch_wheels() -> None:
    WHEELS.mkdir(parents=True, exist_ok=True)
    if (WHEELS / MICROPIP).is_file() and (WHEELS / SEGNO).is_file():
        return
    pip = [sys.executable, "-m", "pip", "download", "--no-deps", "-d", str(WHEELS)]
    subprocess.run([*pip, "--python-version", "3.14", "--only-binary=:all:", "micropip==0.11.1"], check=True)
    subprocess.run([*pip, "segno==1.6.6"], check=True)


def brotli_size(data: bytes) -> int:
    script = "process.stdout.write(String(require('zlib').brotliCompressSync(require('fs').readFileSync(0)).length))"
    return int(subprocess.run(["node", "-e", script], input=data, capture_output=True, check=True).stdout)


def sizes(data: bytes) -> tuple[int, int, int]:
    return len(data), len(gzip.compress(data, 9)), brotli_size(data)


def own_bytes() -> bytes:
    """The encoder's compiled modules as app.zip holds them (ui/qr/*.pyc and ui/browser/qr.pyc)."""
    with zipfile.ZipFile(DIST / "app.zip") as archive:
        names = [n for n in archive.namelist() if n.startswith("ui/qr/") or n == "ui/browser/qr.pyc"]
        return b"".join(archive.read(n) for n in names)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.qr", description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    fetch_wheels()
    with tempfile.TemporaryDirectory(prefix="hf-qr-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(DIST, site)
        for name in (MICROPIP, SEGNO):
            shutil.copy(WHEELS / name, site / name)
        own: list[float] = []
        other: list[float] = []
        direct: list[float] = []
        load = load_average()
        with serve(site) as (url, _meter), sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                for kind, probe, arg, out in (
                    ("own", OWN, LINK, own),
                    ("segno", SEGNO_JS, [LINK, MICROPIP, SEGNO], other),
                    ("segno-direct", SEGNO_DIRECT_JS, [LINK, SEGNO], direct),
                ):
                    context = browser.new_context(**PHONE)
                    page = context.new_page()
                    page.goto(url)
                    page.wait_for_selector('body[data-ready="1"]', timeout=90_000)
                    time.sleep(1.0)  # the table's own start-up work done
                    out.append(float(page.evaluate(probe, arg)))
                    context.close()
                    print(kind, f"{out[-1]:.0f} ms", flush=True)
            browser.close()
    mine = sizes(own_bytes())
    wheels = [sizes((WHEELS / n).read_bytes()) for n in (MICROPIP, SEGNO)]
    both = tuple(a + b for a, b in zip(*wheels, strict=True))
    jsqr = sizes((ROOT / "vendor" / "jsqr" / "jsQR.js").read_bytes())
    print(f"\nload average at the start {load}; {args.runs} interleaved runs each, fresh profile\n")
    print("| encoder | time to the first code in the page (median) | runs | bytes raw | gzip | brotli |")
    print("|---|---|---|---|---|---|")
    print(
        f"| ours (`ui/qr/`, compiled in app.zip) | {statistics.median(own):.0f} ms | "
        + ", ".join(f"{v:.0f}" for v in own)
        + f" | {mine[0]:,} | {mine[1]:,} | {mine[2]:,} |"
    )
    print(
        f"| segno 1.6.6 via micropip 0.11.1 (wheels) | {statistics.median(other):.0f} ms | "
        + ", ".join(f"{v:.0f}" for v in other)
        + f" | {both[0]:,} | {both[1]:,} | {both[2]:,} |"
    )
    segno = sizes((WHEELS / SEGNO).read_bytes())
    print(
        f"| segno 1.6.6 by Pyodide's loadPackage (its wheel alone, no micropip) | {statistics.median(direct):.0f} ms | "
        + ", ".join(f"{v:.0f}" for v in direct)
        + f" | {segno[0]:,} | {segno[1]:,} | {segno[2]:,} |"
    )
    print(f"| jsQR 1.4.0 (reader without BarcodeDetector) | | | {jsqr[0]:,} | {jsqr[1]:,} | {jsqr[2]:,} |")


if __name__ == "__main__":
    main()
