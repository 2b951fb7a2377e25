"""Build the offline web app into dist/: shell, UI, engine, vendored runtime, service worker."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from icons import write_icons  # noqa: E402

DIST = ROOT / "dist"
PYODIDE = ROOT / "node_modules" / "pyodide"
PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
COMMAND_LINE_ONLY = {
    f"engine/{name}.py" for name in ("__main__", "cli", "arena", "terminal", "simulate", "invariants")
}
"""Engine modules the page never imports: left out of the site to save bytes and start-up."""
COMPRESSIBLE = {".wasm", ".mjs", ".js", ".css", ".html", ".json", ".py", ".webmanifest", ".svg"}
APP_ZIP = "app.zip"
"""The engine and UI modules in one stored (uncompressed) zip: one request instead of one per file,
imported in place by zipimport (``ui/main.py`` puts it on ``sys.path``); the server's gzip copy
compresses it as well as the files one by one."""
PRELOAD_MARK = "<!-- preloads: tools/build.py -->"
ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # fixed, so the same sources give the same zip (and revision)
SW_TEMPLATE = ROOT / "service-worker.js"


def copy(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)


def python_sources(package: str) -> list[Path]:
    """Every .py file of a top-level folder, relative to the repo root, sorted."""
    folder = ROOT / package
    found = [p for p in folder.rglob("*.py") if "__pycache__" not in p.parts]
    return sorted(p.relative_to(ROOT) for p in found)


def copy_app() -> list[Path]:
    """Copy the shell and the UI's page script, zip the modules; return the Python files zipped."""
    shell = (ROOT / "index.html").read_text()
    if PRELOAD_MARK not in shell:
        sys.exit(f"index.html has lost its {PRELOAD_MARK} line")
    (DIST / "index.html").write_text(shell.replace(PRELOAD_MARK, preload_links()))
    copy(ROOT / "manifest.webmanifest", DIST / "manifest.webmanifest")
    for src in sorted((ROOT / "ui").rglob("*")):
        if src.is_file() and "__pycache__" not in src.parts and src.suffix != ".py":
            copy(src, DIST / src.relative_to(ROOT))
    copy(ROOT / "ui" / "main.py", DIST / "ui" / "main.py")  # the page's script; not imported
    engine = [p for p in python_sources("engine") if p.as_posix() not in COMMAND_LINE_ONLY]
    modules = engine + [p for p in python_sources("ui") if p != Path("ui/main.py")]
    write_zip(DIST / APP_ZIP, modules)
    write_icons(DIST / "icons")
    return modules


def write_zip(dest: Path, files: list[Path]) -> None:
    """A deterministic stored zip of ``files`` (repo-relative paths kept as the names inside)."""
    with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_STORED) as archive:
        for rel in files:
            info = zipfile.ZipInfo(rel.as_posix(), date_time=ZIP_TIME)
            info.external_attr = 0o644 << 16
            archive.writestr(info, (ROOT / rel).read_bytes())


def preload_links() -> str:
    """``<link>`` tags that start every start-up download at once instead of one after another.

    Without them the page asks for Pyodide only after PyScript's own modules have loaded and
    read the config, and for the Python files only after Pyodide has booted.  Each link matches
    the request made later (module imports; ``fetch`` in cors mode with same-origin credentials),
    so nothing is downloaded twice.
    """
    core = (PYSCRIPT / "core.js").read_text()
    chunks = sorted(set(re.findall(r'from\s*"\./([\w.-]+\.js)"', core)))
    modules = [f"vendor/pyscript/{c}" for c in chunks]
    modules += [f"vendor/pyodide/{n}" for n in PYODIDE_FILES if n.endswith(".mjs")]
    fetched = [f"vendor/pyodide/{n}" for n in PYODIDE_FILES if not n.endswith(".mjs")]
    fetched += ["pyscript.json", APP_ZIP, "ui/main.py"]
    lines = [f'<link rel="modulepreload" href="{m}">' for m in modules]
    lines += [f'<link rel="preload" href="{f}" as="fetch" crossorigin>' for f in fetched]
    return "\n  ".join(lines)


def copy_vendor() -> None:
    """Vendor the Pyodide runtime and all of PyScript's dist (minus source maps)."""
    if not PYODIDE.is_dir() or not PYSCRIPT.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first")
    for name in PYODIDE_FILES:
        copy(PYODIDE / name, DIST / "vendor" / "pyodide" / name)
    for src in sorted(PYSCRIPT.iterdir()):
        if src.is_file() and src.suffix != ".map":
            copy(src, DIST / "vendor" / "pyscript" / src.name)


def write_pyscript_config() -> None:
    """PyScript config: the local runtime, and the modules' zip copied into Pyodide's FS as it is."""
    config = {"interpreter": "./vendor/pyodide/pyodide.mjs", "files": {f"./{APP_ZIP}": f"./{APP_ZIP}"}}
    (DIST / "pyscript.json").write_text(json.dumps(config, indent=1) + "\n")


def revision(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def write_service_worker() -> int:
    """Generate the worker with every file of dist and its content revision."""
    files = sorted(p for p in DIST.rglob("*") if p.is_file() and p.suffix != ".gz")
    entries = [["./", revision(DIST / "index.html")]]
    entries += [[f"./{p.relative_to(DIST).as_posix()}", revision(p)] for p in files]
    listing = "[\n" + ",\n".join(f"  {json.dumps(e)}" for e in entries) + "\n]"
    version = hashlib.sha256(listing.encode()).hexdigest()[:16]
    text = SW_TEMPLATE.read_text().replace("__VERSION__", version)
    (DIST / "service-worker.js").write_text(text.replace("__PRECACHE__", listing))
    return len(entries)


def write_gzip_copies() -> tuple[int, int]:
    """Write file.gz next to each compressible file; return (raw bytes, compressed bytes)."""
    raw = packed = 0
    for path in sorted(p for p in DIST.rglob("*") if p.is_file()):
        data = path.read_bytes()
        raw += len(data)
        if path.suffix not in COMPRESSIBLE and path.name != APP_ZIP:
            packed += len(data)
            continue
        small = gzip.compress(data, compresslevel=9, mtime=0)
        path.with_name(path.name + ".gz").write_bytes(small)
        packed += len(small)
    return raw, packed


def build() -> None:
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    py_files = copy_app()
    copy_vendor()
    write_pyscript_config()
    count = write_service_worker()
    raw, packed = write_gzip_copies()
    print(
        f"built {DIST}: {count} precached URLs, {len(py_files)} Python modules in {APP_ZIP}, "
        f"{raw / 1e6:.2f} MB raw, {packed / 1e6:.2f} MB gzipped"
    )


if __name__ == "__main__":
    build()
