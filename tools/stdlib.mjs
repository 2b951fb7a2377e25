// Split Pyodide's own python_stdlib.zip for the page (tools/build.py zips the result):
// - compiled/: the modules the engine, the UI, the computer players and PyScript import, as
//   unchecked-hash .pyc compiled by Pyodide's Python (the interpreter players run), plus
//   _handfoot_rest.pyc (tools/stdlib_rest.py with the list of the other modules filled in);
// - rest/: every other file of the zip, as it is (source).
// Which modules: Pyodide's own start-up (sys.modules after loadPyodide), then every module
// named by an import statement anywhere in the given Python files and in PyScript's Python
// package, imported here with everything they import in turn; then the app's modules
// themselves are imported and a short game is played, for imports made only at run time.
// Usage: node tools/stdlib.mjs <source root> <output dir> <relative .py paths...>
// Writes <output dir>/manifest.json: {"compiled": [...zip names], "rest": [...], "modules": [...]}.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadPyodide } from "pyodide";

// Python that PyScript 0.7.31 runs from its JavaScript (core.js: "import os", "from pathlib ...").
const PYSCRIPT_INLINE = ["os", "pathlib", "asyncio", "inspect", "json", "collections", "functools", "base64", "io", "html"];

const [root, out, ...files] = process.argv.slice(2);
if (!root || !out || files.length === 0) {
  console.error("usage: node tools/stdlib.mjs <source root> <output dir> <relative .py paths...>");
  process.exit(2);
}
// PyScript's Python package as core.js writes it into the file system (not an exported path).
const { default: pyscriptPackage } = await import(
  pathToFileURL(join(root, "node_modules", "@pyscript", "core", "src", "stdlib", "pyscript.js")).href
);
const pyodide = await loadPyodide();
const booted = pyodide.runPython("import sys; sorted(sys.modules)").toJs();

function writeTree(base, tree) {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") pyodide.FS.writeFile(`${base}/${name}`, value);
    else {
      pyodide.FS.mkdirTree(`${base}/${name}`);
      writeTree(`${base}/${name}`, value);
    }
  }
}
pyodide.FS.mkdirTree("/scan");
writeTree("/scan", pyscriptPackage);
for (const rel of files) {
  pyodide.FS.mkdirTree(dirname(`/app/${rel}`));
  pyodide.FS.writeFile(`/app/${rel}`, readFileSync(join(root, rel)));
}
pyodide.FS.writeFile("/scan/stdlib_rest.py", readFileSync(join(root, "tools", "stdlib_rest.py")));

pyodide.globals.set("FILES", pyodide.toPy(files));
pyodide.globals.set("BOOTED", pyodide.toPy(booted));
pyodide.globals.set("INLINE", pyodide.toPy(PYSCRIPT_INLINE));
const manifest = pyodide.runPython(`
import ast, importlib, json, os, sys, zipfile

STDZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
archive = zipfile.ZipFile(STDZIP)
names = archive.namelist()
in_zip = set(names)

def zip_module(name):
    base = name.replace(".", "/")
    for candidate in (base + "/__init__.py", base + ".py"):
        if candidate in in_zip:
            return candidate
    return None

def imported_names(path):
    found = set()
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(node.module + "." + alias.name for alias in node.names)
    return found

def python_files(folder):
    for base, _dirs, entries in os.walk(folder):
        for entry in entries:
            if entry.endswith(".py"):
                yield os.path.join(base, entry)

wanted = set(INLINE)
for path in [*("/app/" + f for f in FILES), *python_files("/scan")]:
    wanted |= imported_names(path)
# Forget what this script itself imported (ast, zipfile...): only the app's imports count.
for name in [m for m in sys.modules if m not in BOOTED]:
    del sys.modules[name]
for name in sorted(wanted):
    top = name.split(".")[0]
    if zip_module(top) is None:  # not the standard library's (the app's, js, builtins...)
        continue
    try:
        importlib.import_module(name)
    except ImportError:  # "from x import y" where y is a name, not a module
        pass

# The app itself, and a short game with every kind of computer player: imports made at run time.
sys.path.insert(0, "/app")
for rel in FILES:
    if rel.endswith("__init__.py") or rel == "ui/main.py" or rel.startswith("ui/browser/"):
        continue  # the page's own modules import pyscript, which exists only in the page
    importlib.import_module(rel[:-3].replace("/", "."))
from engine.bots import make_bot
from engine.rules import PRESETS
from engine.state import Game
from engine.views import view_for
for rules in PRESETS.values():
    game = Game(rules, 7)
    bots = [make_bot(("random", "easy", "normal", "hard")[s % 4], s, 7) for s in range(rules.players)]
    for _ in range(600):
        if game.over:
            break
        seat = game.to_act if game.to_act is not None else 0
        game.apply(bots[seat].decide(view_for(game, seat)).action)

modules = set()
for name, module in list(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(STDZIP + "/"):
        modules.add(name)
modules |= {m for m in BOOTED if zip_module(m)}
import py_compile
compiled_sources = sorted({zip_module(m) for m in modules if zip_module(m)})
rest_modules = sorted(
    n[:-3].replace("/", ".").removesuffix(".__init__")
    for n in names if n.endswith(".py") and n not in compiled_sources
)

with open("/scan/stdlib_rest.py", encoding="utf-8") as f:
    finder = f.read()
marker = "REST_MODULES: frozenset[str] = frozenset()"
assert marker in finder, "tools/stdlib_rest.py has lost its REST_MODULES line"
finder = finder.replace(marker, "REST_MODULES: frozenset[str] = frozenset(" + repr(rest_modules) + ")")
with open("/scan/_handfoot_rest.py", "w", encoding="utf-8") as f:
    f.write(finder)

os.makedirs("/out/compiled", exist_ok=True)
os.makedirs("/out/rest", exist_ok=True)
def compile_to(source_name, text, dest, optimize=-1):
    os.makedirs(os.path.dirname("/out/compiled/" + dest) or "/out/compiled", exist_ok=True)
    tmp = "/tmp/src.py"
    with open(tmp, "wb") as f:
        f.write(text)
    py_compile.compile(tmp, cfile="/out/compiled/" + dest, dfile=source_name, doraise=True, optimize=optimize,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)

def keeps_docstrings(name):
    """Pyodide's own packages keep their docstrings (it attaches them to its JavaScript API); the
    other compiled modules lose them and their asserts, as with python -OO (which the standard
    library supports)."""
    return name.split("/")[0] in ("pyodide", "_pyodide")

def lean_source(text):
    """Source without comments and (unless it reads __doc__) docstrings, each docstring replaced by
    "..." and as many newlines as it spanned, so every line keeps its number.  The result must parse
    to the same tree as the original with those docstrings as "..."; else the original is kept."""
    import io as _io, tokenize
    if any(c in text for c in (b"\\r", b"\\x0c", b"\\x0b")):
        return text
    src = text.decode("utf-8")
    rows = _io.StringIO(src).readlines()  # the rows tokenize and ast count
    lines = [row.encode() for row in rows]
    tree = ast.parse(src)
    spans = []  # (first row, first byte, last row, end byte, replacement), rows from 1
    if b"__doc__" not in text:
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
                first = node.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                    spans.append((first.lineno, first.col_offset, first.end_lineno, first.end_col_offset,
                                  b"..." + b"\\n" * (first.end_lineno - first.lineno)))
                    first.value.value = ...
    for tok in tokenize.generate_tokens(_io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT and tok.start[0] > 2:  # rows 1-2 may name the encoding
            row, col = tok.start
            start = len(rows[row - 1][:col].encode())
            spans.append((row, start, row, start + len(tok.string.encode()), b""))
    for first, start, last, end, new in sorted(spans, reverse=True):
        head, tail = lines[first - 1][:start], lines[last - 1][end:]
        lines[first - 1:last] = [head + new + tail]
    out = b"".join(lines)
    try:
        same = ast.dump(ast.parse(out)) == ast.dump(tree)
    except SyntaxError:
        same = False
    return out if same and out.count(b"\\n") == text.count(b"\\n") else text

compiled = []
for src in compiled_sources:
    text = archive.read(src)
    compile_to(STDZIP + "/" + src, text, src + "c", optimize=0 if keeps_docstrings(src) else 2)
    compiled.append(src + "c")
compile_to("_handfoot_rest.py", finder.encode(), "_handfoot_rest.pyc")
compiled.append("_handfoot_rest.pyc")
compiled_dirs = {c.split("/")[0] for c in compiled if "/" in c}
rest = []
for n in names:
    if n.endswith("/") or n in compiled_sources:
        continue
    if not n.endswith(".py") and n.split("/")[0] in compiled_dirs:  # a data file of a compiled package
        dest = "/out/compiled/" + n
        compiled.append(n)
    else:
        dest = "/out/rest/" + n
        rest.append(n)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    data = archive.read(n)
    with open(dest, "wb") as f:
        f.write(lean_source(data) if n.endswith(".py") and dest.startswith("/out/rest/") else data)
json.dumps({"compiled": sorted(compiled), "rest": sorted(rest), "modules": sorted(modules),
            "rest_modules": rest_modules, "python": sys.version.split()[0]})
`);
const data = JSON.parse(manifest);
for (const [kind, list] of [["compiled", data.compiled], ["rest", data.rest]]) {
  for (const name of list) {
    const dest = join(out, kind, name);
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, pyodide.FS.readFile(`/out/${kind}/${name}`));
  }
}
writeFileSync(join(out, "manifest.json"), JSON.stringify(data, null, 1));
console.error(
  `standard library: ${data.modules.length} modules compiled with Pyodide ${pyodide.version}, ` +
    `${data.rest_modules.length} left as source in the second zip`,
);
