// Compile Python modules to .pyc with Pyodide's own Python, the interpreter players run, so the
// page imports them without compiling source at start-up (tools/build.py zips the result).
// Usage: node tools/pyc.mjs <source root> <output dir> <relative .py paths...>
// Writes <output dir>/<path>c for each path: unchecked-hash pycs (no timestamp, no source needed),
// without the docstrings of modules and functions (nothing in the page reads them: 25 kB less of
// brotli in app.zip).  Classes keep theirs: a dataclass without one has its signature worked out for
// its __doc__ at import (python -OO, stripping every docstring, made importing the app about 17 ms
// slower under Node, for 3 kB more saved).
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
import ast, importlib.util, os
from importlib._bootstrap_external import _code_to_hash_pyc

def strip_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=body[0].col_offset)]
    return tree

for rel in FILES:
    source = open("/src/" + rel, "rb").read()
    code = compile(strip_docstrings(ast.parse(source, rel)), rel, "exec", dont_inherit=True)
    os.makedirs(os.path.dirname("/out/" + rel + "c") or "/out", exist_ok=True)
    with open("/out/" + rel + "c", "wb") as out:
        out.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
`);
for (const rel of files) {
  const dest = join(out, `${rel}c`);
  mkdirSync(dirname(dest), { recursive: true });
  writeFileSync(dest, pyodide.FS.readFile(`/out/${rel}c`));
}
console.error(`compiled ${files.length} modules with Pyodide ${pyodide.version}`);
