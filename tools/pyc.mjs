// Compile Python modules to .pyc with Pyodide's own Python, the interpreter players run, so the
// page imports them without compiling source at start-up (tools/build.py zips the result).
// Usage: node tools/pyc.mjs <source root> <output dir> <relative .py paths...>
// Writes <output dir>/<path>c for each path: unchecked-hash pycs (no timestamp, no source needed),
// compiled as with python -OO (no docstrings: nothing in the page reads them; about 70 kB less in
// app.zip).  The asserts go too; they only narrow types for mypy.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadPyodide } from "pyodide";

const [root, out, ...files] = process.argv.slice(2);
if (!root || !out || files.length === 0) {
  console.error("usage: node tools/pyc.mjs <source root> <output dir> <relative .py paths...>");
  process.exit(2);
}
const pyodide = await loadPyodide();
for (const rel of files) {
  pyodide.FS.mkdirTree(dirname(`/src/${rel}`));
  pyodide.FS.writeFile(`/src/${rel}`, readFileSync(join(root, rel)));
}
pyodide.globals.set("FILES", pyodide.toPy(files));
pyodide.runPython(`
import py_compile
for rel in FILES:
    py_compile.compile(
        "/src/" + rel, cfile="/out/" + rel + "c", dfile=rel, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH, optimize=2,
    )
`);
for (const rel of files) {
  const dest = join(out, `${rel}c`);
  mkdirSync(dirname(dest), { recursive: true });
  writeFileSync(dest, pyodide.FS.readFile(`/out/${rel}c`));
}
console.error(`compiled ${files.length} modules with Pyodide ${pyodide.version}`);
