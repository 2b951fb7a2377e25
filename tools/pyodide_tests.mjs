// Run tools/pyodide_check.py inside Pyodide under Node: the interpreter players get, no browser.
// Then check the build's compiled standard library (dist/vendor/stdlib/stdlib.zip, which the page
// mounts as Pyodide's standard library): a second Pyodide with only that zip imports every module
// that the page's engine and UI files (those in dist/app.zip, and ui/main.py), the computer players
// and PyScript's Python package import; each must come from that zip (not the on-demand rest).
// Usage: node tools/pyodide_tests.mjs   (exit code: 0 when both pass)
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
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

// ----- the compiled standard library ------------------------------------------------------
const CHECK_STDLIB = `
import ast, importlib, json, os, sys

STDZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
universe = set(UNIVERSE)  # every module of Pyodide's full standard library

def imported(path):
    found = set()
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(node.module + "." + a.name for a in node.names)
    return found

names = set()
for base, _dirs, files in os.walk("/check"):
    for entry in files:
        if entry.endswith(".py"):
            names |= imported(os.path.join(base, entry))
problems = []
checked = sorted(n for n in names if n in universe)
for name in checked:
    try:
        importlib.import_module(name)
    except ImportError as err:
        problems.append(f"import {name}: {err}")
sys.path.insert(0, "/check/app")
for rel in APP_MODULES:
    try:
        importlib.import_module(rel[:-3].replace("/", ".").removesuffix(".__init__"))
    except ImportError as err:
        problems.append(f"import of the app's {rel}: {err}")
outside = sorted(
    name for name, module in sys.modules.items()
    if name in universe and getattr(getattr(module, "__spec__", None), "origin", None) not in ("built-in", "frozen")
    and not (getattr(module.__spec__, "origin", None) or "").startswith(STDZIP + "/")
)
problems += [f"{name} does not come from the compiled zip" for name in outside]
json.dumps({"checked": len(checked), "loaded": sum(n in universe for n in sys.modules), "problems": problems})
`;

async function checkCompiledStdlib() {
  const zip = join(ROOT, "dist", "vendor", "stdlib", "stdlib.zip");
  if (!existsSync(zip)) return { problems: ["dist/vendor/stdlib/stdlib.zip is missing: build the site first"] };
  const info = JSON.parse(readFileSync(join(ROOT, "node_modules", "pyodide", "pyodide-lock.json"))).info;
  const py = await loadPyodide({ stdLibURL: zip, lockFileContents: { info, packages: {} } });
  py.FS.mkdirTree("/check/app");
  // Zip listings read by the first Pyodide (full standard library): the page's own Python (the
  // modules in app.zip, as source from the repo, and ui/main.py) and every standard module.
  pyodide.FS.writeFile("/tmp/app.zip", readFileSync(join(ROOT, "dist", "app.zip")));
  const shipped = pyodide
    .runPython(`import zipfile; [n.removesuffix("c") for n in zipfile.ZipFile("/tmp/app.zip").namelist()]`)
    .toJs();
  const universe = pyodide
    .runPython(`import sys, zipfile
[n[:-3].replace("/", ".").removesuffix(".__init__")
 for n in zipfile.ZipFile(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip").namelist() if n.endswith(".py")]`)
    .toJs();
  py.globals.set("UNIVERSE", py.toPy(universe));
  const app = [...shipped, "ui/main.py"];
  for (const rel of app) {
    py.FS.mkdirTree(dirname(`/check/app/${rel}`));
    py.FS.writeFile(`/check/app/${rel}`, readFileSync(join(ROOT, rel)));
  }
  const { default: tree } = await import(
    pathToFileURL(join(ROOT, "node_modules", "@pyscript", "core", "src", "stdlib", "pyscript.js")).href
  );
  const write = (base, node) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") py.FS.writeFile(`${base}/${name}`, value);
      else {
        py.FS.mkdirTree(`${base}/${name}`);
        write(`${base}/${name}`, value);
      }
    }
  };
  py.FS.mkdirTree("/check/pyscript-package");
  write("/check/pyscript-package", tree);
  // The page's own modules (ui/main.py, ui/browser/) import pyscript, which exists only in the page.
  const importable = shipped.filter((rel) => rel !== "ui/main.py" && !rel.startsWith("ui/browser/"));
  py.globals.set("APP_MODULES", py.toPy(importable));
  return JSON.parse(py.runPython(CHECK_STDLIB));
}

let stdlib;
try {
  stdlib = await checkCompiledStdlib();
} catch (err) {
  stdlib = { problems: [`the compiled standard library did not load: ${err.message ?? err}`] };
}
if (stdlib.problems.length) {
  console.error("compiled standard library:", stdlib.problems.join("\n  "));
  code = 1;
} else {
  console.error(
    `compiled standard library: ${stdlib.checked} imported modules of the engine, UI, computer players ` +
      `and PyScript, ${stdlib.loaded} loaded in all, every one from stdlib.zip`,
  );
}
process.exit(code);
