// Run tools/pyodide_check.py inside Pyodide under Node: the interpreter players get, no browser.
// Usage: node tools/pyodide_tests.mjs   (exit code = the check's exit code)
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const HOME = "/home/pyodide";
const FOLDERS = ["engine"]; // copied into Pyodide's FS under the same names

function* pythonFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "__pycache__") yield* pythonFiles(path);
    else if (entry.isFile() && entry.name.endsWith(".py")) yield path;
  }
}

function copyIntoPyodide(pyodide, hostPath) {
  const target = `${HOME}/${relative(ROOT, hostPath)}`;
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(hostPath));
}

const pyodide = await loadPyodide();
for (const folder of FOLDERS) {
  for (const file of pythonFiles(join(ROOT, folder))) copyIntoPyodide(pyodide, file);
}
copyIntoPyodide(pyodide, join(ROOT, "tools", "pyodide_check.py"));
copyIntoPyodide(pyodide, join(ROOT, "tests", "golden_deals.json"));

console.error(`Pyodide ${pyodide.version}: ${pyodide.runPython("import sys; sys.version")}`);
let code = 1;
try {
  code = await pyodide.runPythonAsync(`
import os, runpy, sys
os.chdir(${JSON.stringify(HOME)})
sys.path.insert(0, ${JSON.stringify(HOME)})
try:
    runpy.run_path("tools/pyodide_check.py", run_name="__main__")
    code = 0
except SystemExit as exit:
    code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
code
`);
} catch (err) {
  console.error(err.message ?? err);
}
process.exit(code);
