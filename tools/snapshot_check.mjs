// The engine inside a restored start-up snapshot, under Node: make a snapshot from the built site's
// files as ui/snapshot-worker.js does (the standard library zip and app.zip of dist/, the imports
// ui/boot.js lists), restore it into a second Pyodide as ui/boot.js does (app.zip written back, its
// AFTER_RESTORE steps), then run tools/pyodide_check.py there: golden deals and random playouts,
// whose report tools/pyodide_check.py --compare checks against CPython.
// The engine modules come from the snapshot (imported from app.zip when it was made); the lab the
// site leaves out (engine/lab/: simulate.py and invariants.py, which the check needs) is added as
// source beside them.
// Also: a heap that grew past the WebAssembly's initial memory restores once the memory is grown
// first (ui/snapshot.js makeRoom, as ui/boot.js does), and not without (Pyodide 314 doesn't).
// Usage: node tools/snapshot_check.mjs > report.json   (exit code 1 when the check fails)
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";
import { describe, makeRoom } from "../ui/snapshot.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "dist");
const HOME = "/home/pyodide";
const boot = readFileSync(join(DIST, "ui", "boot.js"), "utf8");
const listed = (name) => JSON.parse(boot.match(new RegExp(`const ${name} = (\\[[^\\]]*\\]);`))[1]);
const afterRestore = boot.match(/const AFTER_RESTORE = `([^`]*)`;/)[1];
const info = JSON.parse(readFileSync(join(ROOT, "node_modules", "pyodide", "pyodide-lock.json"))).info;
const options = {
  stdLibURL: join(DIST, "vendor", "stdlib", "stdlib.zip"),
  lockFileContents: { info, packages: {} },
  stdout: (line) => console.log(line), // the report (tools/pyodide_check.py prints it)
};
const app = readFileSync(join(DIST, "app.zip"));

process.on("uncaughtException", (err) => {
  console.error(String(err && err.message ? err.message : err)); // not Pyodide's whole minified line
  process.exit(2);
});
const maker = await loadPyodide({ ...options, _makeSnapshot: true });
for (const name of listed("BOOTSTRAP_IMPORTS")) maker.runPython(`import ${name}`);
maker.FS.writeFile(`${HOME}/app.zip`, app);
maker.runPython(`import os, sys; sys.path.insert(0, os.path.abspath("app.zip"))`);
for (const name of listed("PRE_IMPORTS")) maker.runPython(`import ${name}`);
const snapshot = maker.makeMemorySnapshot();

const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
pyodide.FS.writeFile(`${HOME}/app.zip`, app);
const namespace = pyodide.toPy({
  NAMES: [...listed("BOOTSTRAP_IMPORTS"), ...listed("PRE_IMPORTS")],
  APP: `${HOME}/app.zip`,
});
pyodide.runPython(afterRestore, { globals: namespace });
namespace.destroy();

pyodide.FS.mkdirTree(`${HOME}/extra/engine/lab`);
pyodide.FS.mkdirTree(`${HOME}/tools`);
pyodide.FS.mkdirTree(`${HOME}/tests`);
for (const name of ["__init__.py", "simulate.py", "invariants.py"]) {
  pyodide.FS.writeFile(`${HOME}/extra/engine/lab/${name}`, readFileSync(join(ROOT, "engine", "lab", name)));
}
pyodide.FS.writeFile(`${HOME}/tools/pyodide_check.py`, readFileSync(join(ROOT, "tools", "pyodide_check.py")));
pyodide.FS.writeFile(`${HOME}/tests/golden_deals.json`, readFileSync(join(ROOT, "tests", "golden_deals.json")));
// A heap grown past the initial memory (a 40 MB object): refused as Pyodide restores it, fine
// with the memory grown first.  (Pyodide reads options it knows and passes the rest on.)
const grower = await loadPyodide({ ...options, _makeSnapshot: true });
grower.runPython("big = bytearray(40_000_000)");
const grown = grower.makeMemorySnapshot();
const { heapBytes } = describe(grown);
const plain = await loadPyodide({ ...options, _loadSnapshot: grown }).then(() => "restored", (err) => String(err));
if (!plain.includes("out of bounds")) console.error(`Pyodide now restores a grown heap (${plain}): makeRoom may go`);
const roomy = await loadPyodide({
  ...options,
  _loadSnapshot: grown,
  createPyodideModule: async (settings) => {
    const { default: createModule } = await import("pyodide/pyodide.asm.mjs");
    const module = await createModule(settings);
    makeRoom(module, heapBytes);
    return module;
  },
});
if (roomy.runPython("len(big)") !== 40_000_000) throw new Error("the grown heap did not come back whole");
console.error(`a heap of ${(heapBytes / 2 ** 20).toFixed(0)} MiB restored once the memory was grown`);

// Imported, not run with runpy: runpy needs pkgutil, which is in the on-demand part of the
// standard library (the page's finder for it is not installed here).
const code = pyodide.runPython(`
import os, sys
import engine
assert "engine.state" in sys.modules and engine.__file__.startswith(${JSON.stringify(`${HOME}/app.zip`)}), engine.__file__
engine.__path__.append(${JSON.stringify(`${HOME}/extra/engine`)})
os.chdir(${JSON.stringify(HOME)})
sys.path.append(${JSON.stringify(`${HOME}/tools`)})
import pyodide_check
pyodide_check.main()
`);
process.exit(code);
