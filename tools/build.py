"""Build the offline web app into dist/: shell, UI, engine, vendored runtime, service worker."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import sys
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
    """Copy the shell, the UI and the engine; return the Python files Pyodide needs."""
    copy(ROOT / "index.html", DIST / "index.html")
    copy(ROOT / "manifest.webmanifest", DIST / "manifest.webmanifest")
    for src in sorted((ROOT / "ui").rglob("*")):
        if src.is_file() and "__pycache__" not in src.parts:
            copy(src, DIST / src.relative_to(ROOT))
    engine = [p for p in python_sources("engine") if p.as_posix() not in COMMAND_LINE_ONLY]
    for rel in engine:
        copy(ROOT / rel, DIST / rel)
    write_icons(DIST / "icons")
    # ui/main.py runs as the page's script; the other ui modules are importable as ui.<name>.
    return engine + [p for p in python_sources("ui") if p != Path("ui/main.py")]


def copy_vendor() -> None:
    """Vendor the Pyodide runtime and all of PyScript's dist (minus source maps)."""
    if not PYODIDE.is_dir() or not PYSCRIPT.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first")
    for name in PYODIDE_FILES:
        copy(PYODIDE / name, DIST / "vendor" / "pyodide" / name)
    for src in sorted(PYSCRIPT.iterdir()):
        if src.is_file() and src.suffix != ".map":
            copy(src, DIST / "vendor" / "pyscript" / src.name)


def write_pyscript_config(py_files: list[Path]) -> None:
    """PyScript config: the local runtime, and each Python file copied into Pyodide's FS."""
    files = {f"./{p.as_posix()}": f"./{p.as_posix()}" for p in py_files}
    config = {"interpreter": "./vendor/pyodide/pyodide.mjs", "files": files}
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
        if path.suffix not in COMPRESSIBLE:
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
    write_pyscript_config(py_files)
    count = write_service_worker()
    raw, packed = write_gzip_copies()
    print(
        f"built {DIST}: {count} precached URLs, {len(py_files)} Python files, "
        f"{raw / 1e6:.2f} MB raw, {packed / 1e6:.2f} MB gzipped"
    )


if __name__ == "__main__":
    build()
