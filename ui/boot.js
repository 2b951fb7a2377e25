// Start-up: starts Pyodide the moment the page loads, and is PyScript's `interpreter` module
// (pyscript.json), so PyScript gets this Pyodide instead of starting its own later.
// PyScript import()s the module named by `interpreter` and calls its loadPyodide(): the page
// loaded this module first (index.html), so the import gives the same module and the call the
// Pyodide that is already on its way.  Meanwhile this module:
// - shows the download's progress in #boot (bytes of the total, then "starting Python");
// - mounts the build's standard library (vendor/stdlib/stdlib.zip: .pyc compiled by Pyodide's
//   Python) and puts the finder for the rest of it (stdlib-rest.zip, source) on sys.meta_path;
// - writes app.zip into Pyodide's file system and imports what ui/main.py imports, a few
//   modules per task, so no single task of the boot runs for seconds.
// tools/build.py fills in BUILD (sizes, lock file info): edit this file, never dist/ui/boot.js.
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const BUILD = /*BUILD*/ { lockInfo: null, sizes: {} };
const SITE = new URL("../", import.meta.url);
const url = (path) => new URL(path, SITE).href;
const STDLIB = url("vendor/stdlib/stdlib.zip");
const REST = url("vendor/stdlib/stdlib-rest.zip");
const APP = url("app.zip");
const HOME = "/home/pyodide";
const REST_PATH = "/lib/stdlib-rest.zip"; // where tools/stdlib_rest.py looks for it
// What Pyodide's bootstrap imports (pyodide.asm.mjs finalizeBootstrap), plain Python modules first.
// _pyodide_core is most of it (about 0.3 s here, more on a phone): a task of its own.
const BOOTSTRAP_IMPORTS = ["_pyodide_core", "importlib", "os", "pathlib", "pyodide._package_loader"];
// What ui/main.py imports from app.zip, in the order it does: one import per task here.
const PRE_IMPORTS = ["asyncio", "ui.saves", "ui.controller", "ui.render", "ui.settings", "ui.share"];

// ----- progress in #boot ------------------------------------------------------------------
const sizes = new Map(Object.entries(BUILD.sizes).map(([path, size]) => [url(path), size]));
const total = [...sizes.values()].reduce((a, b) => a + b, 0);
const received = new Map();
let started = false;

function show(text, fraction) {
  const box = document.getElementById("boot");
  if (!box || !box.classList.contains("first")) return; // the saved table keeps its "starting…"
  const label = box.querySelector(".boot-label");
  const bar = box.querySelector("progress");
  if (label) label.textContent = text;
  if (bar) {
    if (fraction === undefined) bar.removeAttribute("value");
    else bar.value = fraction;
  }
}

function progress() {
  if (started) return;
  const got = [...received.values()].reduce((a, b) => a + b, 0);
  if (got >= total) {
    started = true;
    show("Starting Python…");
    return;
  }
  const mb = (n) => (n / 1e6).toFixed(1);
  show(`Downloading ${mb(got)} of ${mb(total)} MB`, total ? got / total : undefined);
}

async function count(href, response) {
  // Read a copy of the body: the original goes to Pyodide untouched (WebAssembly streaming).
  if (!response.ok || !response.body) return;
  const reader = response.body.getReader();
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.byteLength;
    received.set(href, Math.min(n, sizes.get(href)));
    progress();
  }
  received.set(href, sizes.get(href));
  progress();
}

const pageFetch = globalThis.fetch;
globalThis.fetch = function fetchCounting(input, init) {
  const promise = pageFetch.call(this, input, init);
  const href = typeof input === "string" ? new URL(input, location.href).href : input && input.url;
  if (!started && sizes.has(href) && !received.has(href)) {
    received.set(href, 0);
    promise.then((response) => count(href, response.clone())).catch(() => {});
  }
  return promise;
};
// Modules (pyodide.asm.mjs) are not fetched with fetch(): count them when they arrive.
if (globalThis.PerformanceObserver) {
  const seen = (list) => {
    for (const entry of list.getEntries()) {
      if (sizes.has(entry.name) && !received.has(entry.name)) {
        received.set(entry.name, sizes.get(entry.name));
        progress();
      }
    }
  };
  new PerformanceObserver(seen).observe({ type: "resource", buffered: true });
}
progress();

// ----- Python -------------------------------------------------------------------------------
// A new task without setTimeout's 4 ms clamp on nested timers.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
const nextTask = () => new Promise((resolve) => {
  waiting.push(resolve);
  channel.port2.postMessage(null);
});
const output = { stdout: (line) => console.log(line), stderr: (line) => console.warn(line) };

// Write the second standard library zip into the file system at once (the finder's import can't
// wait): a synchronous request.  Chromium sends synchronous requests past the service worker, so
// this is only the first visit's way (online); a page the worker controls has the zip written
// before Python starts (from the worker's cache, see boot()), so late imports work offline.
function restSync(pyodide, path) {
  const request = new XMLHttpRequest();
  request.open("GET", REST, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send(null);
  if (request.status !== 200) throw new Error(`${REST}: HTTP ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  pyodide.FS.writeFile(path, bytes);
}

async function boot() {
  const rest = navigator.serviceWorker && navigator.serviceWorker.controller
    ? pageFetch(REST).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null)
    : null;
  const appZip = pageFetch(APP).then((r) => {
    if (!r.ok) throw new Error(`${APP}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  // Two task boundaries inside loadPyodide(), which otherwise runs the WebAssembly's start, the
  // interpreter's initialisation and Pyodide's bootstrap as one long task: its file-system hook
  // may be async (it runs before the interpreter starts), and the module factory may be ours.
  performance.mark("hf-boot-start");
  const pyodide = await startPyodide({
    indexURL: url("vendor/pyodide/"),
    fsInit: async () => {
      performance.mark("hf-fs-init");
      await nextTask();
    },
    createPyodideModule: async (settings) => {
      const { default: createModule } = await import("../vendor/pyodide/pyodide.asm.mjs");
      const module = await createModule(settings);
      performance.mark("hf-module-ready");
      // Pyodide's bootstrap (next, one task) imports these: import them first, one per task.
      for (const name of BOOTSTRAP_IMPORTS) {
        await nextTask();
        const [status] = module.API.rawRun(`import ${name}`);
        if (status !== 0) break; // let the bootstrap itself report it
      }
      await nextTask();
      return module;
    },
    stdLibURL: STDLIB,
    lockFileContents: { info: BUILD.lockInfo, packages: {} }, // the app installs no package
    stdout: (line) => output.stdout(line),
    stderr: (line) => output.stderr(line),
  });
  performance.mark("hf-pyodide-ready");
  globalThis.fetch = pageFetch;
  started = true;
  show("Starting Python…");
  pyodide.globals.set("hf_rest_sync", (path) => restSync(pyodide, path));
  pyodide.runPython("import _handfoot_rest; _handfoot_rest.install(hf_rest_sync); del hf_rest_sync");
  pyodide.FS.writeFile(`${HOME}/app.zip`, new Uint8Array(await appZip));
  const restData = rest && (await rest);
  if (restData) pyodide.FS.writeFile(REST_PATH, new Uint8Array(restData));
  pyodide.runPython(`import os, sys; sys.path.insert(0, os.path.abspath("app.zip"))`);
  for (const name of PRE_IMPORTS) {
    await nextTask();
    pyodide.runPython(`import ${name}`);
  }
  await nextTask();
  return pyodide;
}

const ready = boot();
ready.catch((err) => {
  console.error("Python could not start:", err);
  show("The card table could not start. Reload the page to try again.");
});

// After the table is up, fetch the rest of the standard library in the background, so a late
// import finds it in place (the synchronous request stays the fallback).
function prefetchRest(pyodide) {
  const path = REST_PATH;
  pageFetch(REST)
    .then((r) => (r.ok ? r.arrayBuffer() : null))
    .then((data) => {
      if (data && !pyodide.FS.analyzePath(path).exists) pyodide.FS.writeFile(path, new Uint8Array(data));
    })
    .catch(() => {}); // offline before the worker has it: the finder asks again when needed
}

// Until ui/main.py takes the page over (removes #boot and inert itself), do it when it is ready.
function whenReady(callback) {
  if (document.body && document.body.dataset.ready === "1") return callback();
  const observer = new MutationObserver(() => {
    if (document.body.dataset.ready !== "1") return;
    observer.disconnect();
    callback();
  });
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  return undefined;
}

whenReady(() => {
  document.getElementById("boot")?.remove();
  const app = document.getElementById("app");
  if (app) app.removeAttribute("inert");
  document.body.classList.remove("prepaint");
  ready.then((pyodide) => setTimeout(() => prefetchRest(pyodide), 2000), () => {});
});

// PyScript's interpreter hook: the Pyodide started above, printing where PyScript asks.
export async function loadPyodide(options = {}) {
  const pyodide = await ready;
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  return pyodide;
}
