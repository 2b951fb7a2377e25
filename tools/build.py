"""Build the offline web app into dist/: shell, UI, engine, vendored runtime, service worker."""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from icons import write_icons  # noqa: E402

DIST = ROOT / "dist"
PYODIDE = ROOT / "node_modules" / "pyodide"
PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]
"""What the page loads from Pyodide's package.  Its ``python_stdlib.zip`` is replaced by the two
zips of ``vendor/stdlib/`` (``build_stdlib``); its ``pyodide-lock.json`` by the lock file's
``info`` with no packages, passed to ``loadPyodide`` by ``ui/boot.js`` (the app installs none)."""
STDLIB_DIR = "vendor/stdlib"
STDLIB_ZIP = f"{STDLIB_DIR}/stdlib.zip"
STDLIB_REST_ZIP = f"{STDLIB_DIR}/stdlib-rest.zip"
BOOT_JS = "ui/boot.js"
BOOT_MARK = "/*BUILD*/ { lockInfo: null, revisions: {}, sizes: {}, snapshot: null }"
SNAPSHOT_JS = "ui/snapshot.js"
SNAPSHOT_WORKER_JS = "ui/snapshot-worker.js"
EXPERT_WORKER_JS = "ui/expert-worker.js"
EXPERT_MARK = "/*EXPERT*/ { lockInfo: null }"
"""Expert's worker (a Python of its own, started when a game with an Expert seat is first on the table)
gets the same lock file info as ui/boot.js."""
SNAPSHOT_ENCODING = "identity"
"""How the start-up snapshot is stored on the device, its zero pages left out either way:
"identity" (about 14 MB for a 30 MiB heap, checked with SHA-256 as it is read) or "gzip" (about
5 MB, its CRC-32 checked as it is inflated).  bench/startup.py measures both: inflating on the
page's thread at start-up made the return visit slower (2026-12-02, BENCHMARKS.md)."""
SNAPSHOT_INPUTS = [
    "vendor/pyodide/pyodide.mjs",
    "vendor/pyodide/pyodide.asm.mjs",
    "vendor/pyodide/pyodide.asm.wasm",
    STDLIB_ZIP,
    "app.zip",
    SNAPSHOT_JS,
    SNAPSHOT_WORKER_JS,
]
"""What a start-up snapshot's heap depends on, with ui/boot.js as written (before its BUILD is
filled in): the key under which it is stored is made from their revisions, so a build that changes
any of them never restores a snapshot made by another, and one that changes none keeps it."""
PYSCRIPT_PACKAGE_ZIP = "vendor/pyscript/pyscript.zip"
"""PyScript's own Python package (``import pyscript``, which PyScript writes into the file system as
source and imports at every start) compiled by Pyodide's Python, in a stored zip that ``ui/boot.js``
puts on ``sys.path`` ahead of the written copy: the start compiles none of it."""
PYSCRIPT_PACKAGE_SOURCE = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
"""The package's files as @pyscript/core builds them into its chunks (a JS module: name -> text)."""
SNAPSHOT_KEY_MARK = "__SNAPSHOT_KEY__"
BOOT_DOWNLOADS = ["vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs", STDLIB_ZIP, "app.zip"]
"""The big files of a start-up, whose bytes ``ui/boot.js`` counts for its progress bar."""
PLUGINS_OFF = ["codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal"]
"""PyScript plugins the page doesn't use: switched off in pyscript.json, so never loaded."""
SOURCE_MAP = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")
BROTLI_CACHE = ROOT / "node_modules" / ".cache" / "handfoot-brotli"
COMPRESSIBLE = {".wasm", ".mjs", ".js", ".css", ".html", ".json", ".py", ".webmanifest", ".svg", ".zip"}
"""Files that get .br and .gz siblings: every zip the build writes is stored (uncompressed), so
these compress it better than the zip's own deflate could, file by file."""
APP_ZIP = "app.zip"
"""The engine and UI modules in one stored (uncompressed) zip: one request instead of one per file,
imported in place by zipimport (``ui/boot.js`` puts it on ``sys.path``); the server's gzip copy
compresses it better than the files one by one."""
PYSCRIPT_STARTUP_CHUNKS = ("core", "error")
"""What @pyscript/core 0.7.31 loads at start-up once ``PLUGINS_OFF`` are off (resource timing)."""
NOT_PRELOADED = {"pyodide.asm.wasm"}
"""The .mjs files are module-preloaded instead.  A preloaded pyodide.asm.wasm is compiled afresh on
every visit: Chromium then skips its cache of compiled WebAssembly, which otherwise saves about
0.5 s on every return visit (measured with bench/startup.py's later visits, 2026-11-29)."""
PRELOAD_MARK = "<!-- preloads: tools/build.py -->"
MPY_CONFIG_MARK = "<!-- mpy-config: tools/build.py -->"
ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # fixed, so the same sources give the same zip (and revision)
SW_TEMPLATE = ROOT / "service-worker.js"
OWN_VENDOR = ROOT / "vendor"
"""Third-party files kept in this repository (not in an npm package the build reads), copied into
``dist/vendor/`` as they are and precached like the rest: ``jsqr/`` reads QR codes from the camera
where the browser has no ``BarcodeDetector`` (ui/qr.js loads it on the first such scan)."""
OWN_VENDOR_SHA256 = {
    "jsqr/jsQR.js": "bc40c8a15196236b2314db0856f72ca0b49980cd5413b8c852a7349f5fee0859",
}
"""Each vendored file's content as taken from its package (``dist/jsQR.js`` of npm's ``jsqr`` 1.4.0,
Apache-2.0, its LICENSE beside it): a changed copy stops the build instead of shipping."""


def copy(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)


def copy_without_map(src: Path, dest: Path) -> None:
    """Copy a vendored script without its ``sourceMappingURL`` comment (the maps aren't shipped)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(SOURCE_MAP.sub(b"\n", src.read_bytes()))


def python_sources(package: str) -> list[Path]:
    """Every .py file of a top-level folder, relative to the repo root, sorted."""
    folder = ROOT / package
    found = [p for p in folder.rglob("*.py") if "__pycache__" not in p.parts]
    return sorted(p.relative_to(ROOT) for p in found)


LAB = Path("engine/lab")
"""The engine's command-line tools (``engine.lab``): the page never imports them."""


def on_site(module: Path) -> bool:
    """True for an engine module the site ships: every one but the lab folder and ``python -m``'s entry."""
    return LAB not in module.parents and module.name != "__main__.py"


COMMAND_LINE_ONLY = {p.as_posix() for p in python_sources("engine") if not on_site(p)}
"""Engine modules left out of the site (to save bytes and start-up), by the rule of ``on_site``."""


CHARSET = '<meta charset="utf-8">'
INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.DOTALL)


def with_csp(shell: str) -> str:
    """The page with its Content-Security-Policy as a ``<meta>``, right after the charset.

    Everything comes from the page's own origin; the inline script and style (the saved table's
    first paint, the start-up screen) are allowed by hash, so nothing else inline can run.
    ``'wasm-unsafe-eval'`` lets Pyodide compile its WebAssembly. ``'unsafe-eval'`` is measured to
    be needed, by both runtimes: without it the page never starts ("Evaluating a string as
    JavaScript violates the following Content Security Policy directive"). Pyodide 314's
    Emscripten glue (pyodide.asm.mjs) builds its EM_JS and EM_ASM functions with ``eval``, and
    @pyscript/core 0.7.31 builds functions with ``Function(...)``. Scripts still come only from
    this origin or by hash, so no injected markup can run. The e2e suite fails on any violation.
    """
    hashes: dict[str, list[str]] = {"script": [], "style": []}
    for kind, body in INLINE.findall(shell):
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        hashes[kind].append(f"'sha256-{digest}'")
    policy = "; ".join(
        [
            "default-src 'self'",
            "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval' " + " ".join(hashes["script"]),
            "style-src 'self' " + " ".join(hashes["style"]),
            "img-src 'self' data:",
            "connect-src 'self'",
            "worker-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ]
    )
    if CHARSET not in shell:
        sys.exit(f"index.html has lost its {CHARSET}")
    return shell.replace(CHARSET, f'{CHARSET}\n  <meta http-equiv="Content-Security-Policy" content="{policy}">', 1)


def app_version() -> str:
    """The version "Report this hand" names: pyproject's, and the commit built when git knows it."""
    text = (ROOT / "pyproject.toml").read_text()
    found = re.search(r'^version = "([^"]+)"', text, re.M)
    version = found.group(1) if found else "0"
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=10
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return f"{version} ({commit})" if re.fullmatch(r"[0-9a-f]{4,40}", commit) else version


def copy_app(*, source: bool = False) -> list[Path]:
    """Copy the shell and the UI's page script, zip the modules; return the Python files zipped.

    The zip holds .pyc compiled by Pyodide's own Python (``tools/pyc.mjs``): importing them skips
    compiling about 250 kB of source at every start-up, about 120 ms of the table's start-up in
    Chromium on this machine (more on a phone).  With ``source`` it holds the .py files instead
    (tracebacks in the browser console then show source lines).
    """
    shell = (ROOT / "index.html").read_text()
    if PRELOAD_MARK not in shell:
        sys.exit(f"index.html has lost its {PRELOAD_MARK} line")
    if MPY_CONFIG_MARK not in shell:
        sys.exit(f"index.html has lost its {MPY_CONFIG_MARK} line")
    shell = shell.replace(PRELOAD_MARK, preload_links()).replace(MPY_CONFIG_MARK, mpy_config())
    shell = shell.replace("<title>", f'<meta name="app-version" content="{app_version()}">\n  <title>', 1)
    (DIST / "index.html").write_text(with_csp(shell))
    copy(ROOT / "manifest.webmanifest", DIST / "manifest.webmanifest")
    for src in sorted((ROOT / "ui").rglob("*")):
        if src.is_file() and "__pycache__" not in src.parts and src.suffix != ".py":
            copy(src, DIST / src.relative_to(ROOT))
    copy(ROOT / "ui" / "main.py", DIST / "ui" / "main.py")  # the page script: runs ui.browser.start
    engine = [p for p in python_sources("engine") if on_site(p)]
    modules = engine + [p for p in python_sources("ui") if p != Path("ui/main.py")]
    if source:
        write_zip(DIST / APP_ZIP, {rel.as_posix(): ROOT / rel for rel in modules})
    else:
        with tempfile.TemporaryDirectory(prefix="hf-pyc-") as tmp:
            compiled = compile_pyc(modules, Path(tmp))
            write_zip(DIST / APP_ZIP, compiled)
    write_icons(DIST / "icons")
    return modules


def compile_pyc(modules: list[Path], out: Path) -> dict[str, Path]:
    """Compile ``modules`` with Pyodide under Node (``tools/pyc.mjs``); zip names -> .pyc files."""
    return compile_pyc_in(ROOT, modules, out)


def compile_pyc_in(root: Path, modules: list[Path], out: Path) -> dict[str, Path]:
    """``compile_pyc`` for modules relative to ``root``."""
    command = ["node", str(ROOT / "tools" / "pyc.mjs"), str(root), str(out), *(m.as_posix() for m in modules)]
    try:
        subprocess.run(command, check=True, cwd=ROOT)
    except (OSError, subprocess.CalledProcessError) as err:
        sys.exit(f"compiling the modules with Pyodide failed ({err}); `--source` builds without compiling")
    return {f"{rel.as_posix()}c": out / f"{rel.as_posix()}c" for rel in modules}


def write_zip(dest: Path, files: dict[str, Path]) -> None:
    """A deterministic stored zip: each name inside -> the file that holds its bytes."""
    with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, path in files.items():
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())


def startup_chunks() -> list[str]:
    """The PyScript chunks every start-up loads (core.js imports them one after another)."""
    found = []
    for prefix in PYSCRIPT_STARTUP_CHUNKS:
        names = sorted(
            p.name for p in PYSCRIPT.glob(f"{prefix}-*.js") if re.fullmatch(rf"{prefix}-[\w-]{{8}}\.js", p.name)
        )
        if len(names) != 1:
            sys.exit(
                f"PyScript's dist has {len(names)} '{prefix}-*.js' chunks, expected one: check PYSCRIPT_STARTUP_CHUNKS"
            )
        found += names
    return found


def preload_links() -> str:
    """``<link rel="modulepreload">`` tags that start every start-up module download at once instead
    of one after another (without them the page asks for Pyodide only after PyScript's own modules
    have loaded and read the config).

    Nothing fetched with ``fetch()`` is preloaded (the stored-zip standard library, ``app.zip``,
    ``pyscript.json``, ``ui/main.py``): WebKitGTK 2.50 never hands an ``as="fetch"`` preload to the
    ``fetch()`` it was for, with or without ``crossorigin`` (checked with the server's log: every
    file downloaded twice, and a "preloaded but not used" warning for each on every visit).  They
    did not need one either: ``ui/boot.js`` asks for ``app.zip`` as it starts and Pyodide for the
    standard library at once, both long before the WebAssembly is compiled; PyScript reads
    ``ui/main.py`` only once Python is up, seconds after the load event (Chromium's warning).
    The WebAssembly is not preloaded either (see ``NOT_PRELOADED``).
    """
    modules = [f"vendor/pyodide/{n}" for n in PYODIDE_FILES if n.endswith(".mjs")]
    modules += [f"vendor/pyscript/{c}" for c in startup_chunks()]
    modules.append(SNAPSHOT_JS)  # ui/boot.js imports it
    return "\n  ".join(f'<link rel="modulepreload" href="{m}">' for m in modules)


def mpy_config() -> str:
    """PyScript 0.7.31 loads its plugins once per script type, with that type's config: this
    page has no MicroPython, but without an ``<mpy-config>`` saying the same it loads them all."""
    plugins = json.dumps({"plugins": [f"!{name}" for name in PLUGINS_OFF]})
    return f"<mpy-config hidden>{plugins}</mpy-config>"


def copy_vendor() -> None:
    """Vendor the Pyodide runtime and the PyScript files the page loads.

    The rest of PyScript's dist (its editor, terminal, TOML, zip and MicroPython chunks, about
    330 kB gzipped) is never loaded by this page and so is not shipped or precached.
    """
    if not PYODIDE.is_dir() or not PYSCRIPT.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first")
    for name in PYODIDE_FILES:
        copy_without_map(PYODIDE / name, DIST / "vendor" / "pyodide" / name)
    for name in ["core.js", "core.css", *startup_chunks()]:
        copy_without_map(PYSCRIPT / name, DIST / "vendor" / "pyscript" / name)
    for name, digest in OWN_VENDOR_SHA256.items():
        if hashlib.sha256((OWN_VENDOR / name).read_bytes()).hexdigest() != digest:
            sys.exit(f"vendor/{name} is not the file its package ships: check OWN_VENDOR_SHA256")
    for src in sorted(OWN_VENDOR.rglob("*")):
        if src.is_file():
            copy_without_map(src, DIST / "vendor" / src.relative_to(OWN_VENDOR))


DUMP_PYSCRIPT_PACKAGE = """
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [source, out] = process.argv.slice(1);
const { default: tree } = await import(pathToFileURL(source).href);
const write = (base, node) => {
  mkdirSync(base, { recursive: true });
  for (const [name, value] of Object.entries(node)) {
    if (typeof value === "string") writeFileSync(`${base}/${name}`, value);
    else write(`${base}/${name}`, value);
  }
};
write(out, tree);
"""


def build_pyscript_package() -> int:
    """Write ``PYSCRIPT_PACKAGE_ZIP``: PyScript's Python package compiled (``tools/pyc.mjs``), after
    checking that each of its files is the text the vendored PyScript chunks write; returns the
    number of modules."""
    with tempfile.TemporaryDirectory(prefix="hf-pyscript-") as tmp:
        src, out = Path(tmp) / "src", Path(tmp) / "out"
        command = ["node", "--input-type=module", "-e", DUMP_PYSCRIPT_PACKAGE, str(PYSCRIPT_PACKAGE_SOURCE), str(src)]
        try:
            subprocess.run(command, check=True, cwd=ROOT)
        except (OSError, subprocess.CalledProcessError) as err:
            sys.exit(f"reading PyScript's Python package failed ({err})")
        modules = sorted(p.relative_to(src) for p in src.rglob("*.py"))
        shipped = "\n".join(p.read_text() for p in sorted((DIST / "vendor" / "pyscript").glob("*.js")))
        for rel in modules:
            text = json.dumps((src / rel).read_text(), ensure_ascii=False)[1:-1]
            if text not in shipped:
                sys.exit(f"PyScript's {rel} is not the one its vendored chunks write: check {PYSCRIPT_PACKAGE_SOURCE}")
        compiled = compile_pyc_in(src, modules, out)
        write_zip(DIST / PYSCRIPT_PACKAGE_ZIP, compiled)
    return len(modules)


def build_stdlib(modules: list[Path]) -> dict[str, object]:
    """Split Pyodide's python_stdlib.zip into the compiled zip and the rest (``tools/stdlib.mjs``).

    ``stdlib.zip`` holds, as .pyc compiled by Pyodide's Python, every module that Pyodide's own
    start-up, PyScript's Python package and the page's Python files import (found by importing
    them, and by playing a short game, under Node), and ``_handfoot_rest`` (tools/stdlib_rest.py),
    which imports any other module from ``stdlib-rest.zip`` (source) on demand.
    """
    files = [m.as_posix() for m in modules] + ["ui/main.py"]
    with tempfile.TemporaryDirectory(prefix="hf-stdlib-") as tmp:
        command = ["node", str(ROOT / "tools" / "stdlib.mjs"), str(ROOT), tmp, *files]
        try:
            subprocess.run(command, check=True, cwd=ROOT)
        except (OSError, subprocess.CalledProcessError) as err:
            sys.exit(f"splitting the standard library with Pyodide failed ({err})")
        manifest = json.loads((Path(tmp) / "manifest.json").read_text())
        (DIST / STDLIB_DIR).mkdir(parents=True, exist_ok=True)
        for kind, dest in (("compiled", STDLIB_ZIP), ("rest", STDLIB_REST_ZIP)):
            write_zip(DIST / dest, {name: Path(tmp) / kind / name for name in sorted(manifest[kind])})
    return manifest


def snapshot_key() -> str:
    """The key of this build's start-up snapshots (``SNAPSHOT_INPUTS`` and ui/boot.js's source)."""
    parts = [f"{path} {revision(DIST / path)}" for path in SNAPSHOT_INPUTS]
    parts.append(f"{BOOT_JS} {revision(ROOT / BOOT_JS)}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def write_boot_js(*, snapshots: bool = True) -> str | None:
    """Fill in ui/boot.js's BUILD: the lock file's info, the sizes its progress bar counts, the
    revisions of the files a snapshot's heap reads again and the snapshot key; returns the key."""
    info = json.loads((PYODIDE / "pyodide-lock.json").read_text())["info"]
    key = snapshot_key() if snapshots else None
    data = {
        "lockInfo": info,
        "revisions": {"app": revision(DIST / APP_ZIP), "stdlib": revision(DIST / STDLIB_ZIP)},
        "sizes": {path: (DIST / path).stat().st_size for path in BOOT_DOWNLOADS},
        "snapshot": {"key": key, "encoding": SNAPSHOT_ENCODING} if key else None,
    }
    boot = DIST / BOOT_JS
    text = boot.read_text()
    if BOOT_MARK not in text:
        sys.exit(f"{BOOT_JS} has lost its {BOOT_MARK} line")
    boot.write_text(text.replace(BOOT_MARK, json.dumps(data, sort_keys=True)))
    expert = DIST / EXPERT_WORKER_JS
    text = expert.read_text()
    if EXPERT_MARK not in text:
        sys.exit(f"{EXPERT_WORKER_JS} has lost its {EXPERT_MARK} line")
    expert.write_text(text.replace(EXPERT_MARK, json.dumps({"lockInfo": info}, sort_keys=True)))
    return key


def write_pyscript_config() -> None:
    """PyScript config: the Pyodide that ui/boot.js started (it also writes app.zip into the FS)."""
    config = {"interpreter": f"./{BOOT_JS}", "plugins": [f"!{name}" for name in PLUGINS_OFF]}
    (DIST / "pyscript.json").write_text(json.dumps(config, indent=1) + "\n")


def revision(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def write_service_worker(snapshot: str | None) -> int:
    """Generate the worker with every file of dist and its content revision, and the snapshot key."""
    files = sorted(p for p in DIST.rglob("*") if p.is_file() and p.suffix not in {".gz", ".br"})
    entries = [["./", revision(DIST / "index.html")]]
    entries += [[f"./{p.relative_to(DIST).as_posix()}", revision(p)] for p in files]
    listing = "[\n" + ",\n".join(f"  {json.dumps(e)}" for e in entries) + "\n]"
    version = hashlib.sha256(listing.encode()).hexdigest()[:16]
    text = SW_TEMPLATE.read_text().replace("__VERSION__", version)
    if SNAPSHOT_KEY_MARK not in text:
        sys.exit(f"service-worker.js has lost its {SNAPSHOT_KEY_MARK}")
    text = text.replace(SNAPSHOT_KEY_MARK, snapshot or "")
    (DIST / "service-worker.js").write_text(text.replace("__PRECACHE__", listing))
    return len(entries)


def write_compressed_copies() -> tuple[int, int, int]:
    """Write file.gz and file.br next to each compressible file; return raw, gzip and brotli bytes."""
    raw = gz = br = 0
    compressible = []
    for path in sorted(p for p in DIST.rglob("*") if p.is_file()):
        data = path.read_bytes()
        raw += len(data)
        if path.suffix not in COMPRESSIBLE:
            gz += len(data)
            br += len(data)
            continue
        small = gzip.compress(data, compresslevel=9, mtime=0)
        path.with_name(path.name + ".gz").write_bytes(small)
        gz += len(small)
        compressible.append(path)
    try:
        subprocess.run(
            ["node", str(ROOT / "tools" / "brotli.mjs"), str(BROTLI_CACHE), *map(str, compressible)], check=True
        )
    except (OSError, subprocess.CalledProcessError) as err:
        sys.exit(f"brotli compression failed ({err})")
    br += sum(p.with_name(p.name + ".br").stat().st_size for p in compressible)
    return raw, gz, br


def build(*, source: bool = False, snapshots: bool = True) -> None:
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    py_files = copy_app(source=source)
    copy_vendor()
    build_pyscript_package()
    stdlib = build_stdlib(py_files)
    key = write_boot_js(snapshots=snapshots)
    write_pyscript_config()
    count = write_service_worker(key)
    raw, gz, br = write_compressed_copies()
    print(
        f"built {DIST}: {count} precached URLs, {len(py_files)} Python modules "
        f"({'source' if source else 'compiled'}) in {APP_ZIP}, standard library "
        f"{len(stdlib['modules'])} modules compiled + {len(stdlib['rest_modules'])} on demand; "  # type: ignore[arg-type]
        f"{raw / 1e6:.2f} MB raw, {gz / 1e6:.2f} MB gzip, {br / 1e6:.2f} MB brotli"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source", action="store_true", help="ship .py source in app.zip instead of .pyc")
    parser.add_argument(
        "--no-snapshots", action="store_true", help="never make or restore a start-up snapshot (start as before)"
    )
    args = parser.parse_args()
    build(source=args.source, snapshots=not args.no_snapshots)
