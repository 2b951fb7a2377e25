// Start-up: starts Pyodide the moment the page loads, and is PyScript's `interpreter` module
// (pyscript.json), so PyScript gets this Pyodide instead of starting its own later.
// PyScript import()s the module named by `interpreter` and calls its loadPyodide(): the page
// loaded this module first (index.html), so the import gives the same module and the call the
// Pyodide that is already on its way.  Meanwhile this module:
// - shows the download's progress in #boot (bytes of the total, then "starting Python");
// - mounts the build's standard library (vendor/stdlib/stdlib.zip: .pyc compiled by Pyodide's
//   Python) and puts the finder for the rest of it (stdlib-rest.zip, source) on sys.meta_path;
// - writes app.zip into Pyodide's file system and imports what ui/browser/start.py imports, a few
//   modules per task, so no single task of the boot runs for seconds;
// - or, when this device keeps a start-up snapshot for this build (ui/snapshot.js), restores
//   that heap instead, which has started Python and made those imports already; anything wrong
//   with it (missing, damaged, refused) means the usual start above, with a console warning;
// - once the table is up and quiet, has a worker make that snapshot when there is none.
// tools/build.py fills in BUILD (sizes, lock file info, the revisions of the files a snapshot
// reads again, the snapshot key): edit this file, never dist/ui/boot.js.
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import * as snapshots from "./snapshot.js";

export { version };

const BUILD = /*BUILD*/ { lockInfo: null, revisions: {}, sizes: {}, snapshot: null };
const SITE = new URL("../", import.meta.url);
const url = (path) => new URL(path, SITE).href;
const STDLIB = url("vendor/stdlib/stdlib.zip");
const REST = url("vendor/stdlib/stdlib-rest.zip");
const APP = url("app.zip");
const HOME = "/home/pyodide";
const REST_PATH = "/lib/stdlib-rest.zip"; // where tools/stdlib_rest.py looks for it
// PyScript's own Python package, compiled (tools/build.py): on sys.path right after app.zip, so
// PyScript's `import pyscript` finds it before the source copy PyScript writes at every start.
const PYSCRIPT_ZIP = url("vendor/pyscript/pyscript.zip");
const PYSCRIPT_PATH = "/lib/pyscript.zip";
// What Pyodide's bootstrap imports (pyodide.asm.mjs finalizeBootstrap), plain Python modules first.
// _pyodide_core is most of it (about 0.3 s here, more on a phone): a task of its own.
const BOOTSTRAP_IMPORTS = ["_pyodide_core", "importlib", "os", "pathlib", "pyodide._package_loader"];
// What ui/browser/start.py (the page script's start) imports from app.zip that needs no browser
// (pyscript): one import per task here, and kept in the start-up snapshot.
const PRE_IMPORTS = ["asyncio", "ui.saves", "ui.app", "ui.render", "ui.settings", "ui.share"];

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

// ----- Pyodide's WebAssembly, compiled from the first moment ------------------------------------
// This module starts fetching and compiling pyodide.asm.wasm as it runs; Pyodide's own loader
// would only start compiling once pyodide.asm.mjs is loaded and run, and WebKit compiles it afresh
// on every visit (1-2 s here).  Pyodide asks for the file with fetch() (when loadPyodide starts)
// and compiles it with WebAssembly.instantiateStreaming (once its Emscripten module asks): until
// Python is up, the first is answered with an empty stand-in and the second instantiates the
// module compiled here.  Should the early compile fail, Pyodide's own fetch and compile go ahead.
// (Starting it even earlier, from a script at the top of index.html, made WebKit's cold first
// visit slower in 3 of 3 pairs and its return visits no faster: BENCHMARKS.md section 1c.)
const WASM = url("vendor/pyodide/pyodide.asm.wasm");
const earlyWasm = WebAssembly.compileStreaming && !window.hfAnswerTab  // an answer tab starts no Python (below)
  ? WebAssembly.compileStreaming(pageFetch(WASM)) : Promise.resolve(null);
const compiledWasm = earlyWasm.catch((err) => {
  console.warn("Compiling the WebAssembly early failed; Pyodide compiles it itself.", err);
  return null;
});
const standIns = new WeakSet();
const wasmStandIn = () => compiledWasm.then((module) => {
  if (!module) return null;
  const response = new Response(new ArrayBuffer(0), { headers: { "Content-Type": "application/wasm" } });
  standIns.add(response);
  return response;
});
const pageInstantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async function instantiateCompiled(source, imports) {
  const response = await source;
  if (!standIns.has(response)) return pageInstantiateStreaming.call(WebAssembly, response, imports);
  const module = await compiledWasm;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

globalThis.fetch = function fetchCounting(input, init) {
  const href = typeof input === "string" || input instanceof URL ? new URL(input, location.href).href
    : input && input.url;
  if (href === WASM) {
    return wasmStandIn().then((standIn) => standIn || pageFetch.call(globalThis, input, init));
  }
  const promise = pageFetch.call(this, input, init);
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

// Pyodide's options shared by both ways of starting.
const pyodideOptions = () => ({
  indexURL: url("vendor/pyodide/"),
  stdLibURL: STDLIB,
  lockFileContents: { info: BUILD.lockInfo, packages: {} }, // the app installs no package
  stdout: (line) => output.stdout(line),
  stderr: (line) => output.stderr(line),
});
const loadModuleFactory = async () => (await import("../vendor/pyodide/pyodide.asm.mjs")).default;

// Two task boundaries inside loadPyodide(), which otherwise runs the WebAssembly's start, the
// interpreter's initialisation and Pyodide's bootstrap as one long task: its file-system hook
// may be async (it runs before the interpreter starts), and the module factory may be ours.
function startFresh() {
  return startPyodide({
    ...pyodideOptions(),
    fsInit: async () => {
      performance.mark("hf-fs-init");
      await nextTask();
    },
    createPyodideModule: async (settings) => {
      const createModule = await loadModuleFactory();
      const module = await createModule(settings);
      performance.mark("hf-module-ready");
      // Pyodide's bootstrap (next, one task) imports these: import them first, one per task.
      for (const name of BOOTSTRAP_IMPORTS) {
        await nextTask();
        const [status] = module.API.rawRun(`import ${name}`);
        if (status !== 0) break; // let the bootstrap itself report it
        performance.mark(`hf-import-${name}`); // the start-up bench's phases
      }
      await nextTask();
      return module;
    },
  });
}

// Restore the stored heap (ui/snapshot.js) instead of starting the interpreter and importing.
// The stored entry is read (and inflated) while Pyodide loads and instantiates its WebAssembly,
// which leaves this thread waiting most of that time (reading it in a worker instead measured
// slower: starting the worker alone took 0.4-0.7 s).  The bytes handed to Pyodide must be complete
// and checked before the module is handed back, since Pyodide copies them into the heap right
// after.  Returns Pyodide with app.zip written back and the checks passed.
async function startFromSnapshot(stored, appZip) {
  const started = performance.now();
  const { meta } = stored;
  const figures = {
    readMs: null, // until the stored entry was read (and inflated)
    decodeMs: null, // until the snapshot's bytes were all in place and checked
    moduleMs: null, // until Pyodide's WebAssembly module was up (side by side with the above)
    restoreMs: null, // until the restored interpreter was ready for PyScript
    storedBytes: Number(stored.response.headers.get("Content-Length")) || null,
  };
  const bytes = new Uint8Array(meta.length);
  const ready = snapshots.readBody(stored, nextTask).then((body) => {
    figures.readMs = performance.now() - started;
    const described = snapshots.scatter(meta, body, bytes);
    figures.decodeMs = performance.now() - started;
    return described;
  });
  ready.catch(() => {}); // seen through Promise.all below; a failure before that is not unhandled
  let files = null;
  let pyodide;
  try {
    pyodide = await startPyodide({
      ...pyodideOptions(),
      _loadSnapshot: bytes,
      createPyodideModule: async (settings) => {
        const createModule = await loadModuleFactory();
        const [module, { heapBytes, config }] = await Promise.all([
          createModule(settings).then((module) => {
            figures.moduleMs = performance.now() - started;
            return module;
          }),
          ready,
        ]);
        performance.mark("hf-module-ready");
        snapshots.checkPaths(config);
        files = checkFiles(module.FS, appZip); // hashed meanwhile, awaited below
        files.catch(() => {});
        snapshots.makeRoom(module, heapBytes); // before Pyodide copies the heap in
        return module;
      },
    });
  } finally {
    // Pyodide keeps its options, this 30 MiB copy among them: let it go now that it is in the heap.
    if (bytes.buffer.byteLength) structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  }
  const appData = await files;
  pyodide.FS.writeFile(`${HOME}/app.zip`, appData); // before any import can look in it
  afterRestore(pyodide);
  figures.restoreMs = performance.now() - started;
  return { pyodide, figures };
}

// What a restored interpreter still needs, in a namespace of its own (__main__ stays as the
// snapshot left it, which is as the normal start leaves it).
const AFTER_RESTORE = `
import sys
if sys.path[:1] == [""] and "" in sys.path[1:]:
    del sys.path[0]  # loadPyodide put "" first again; the snapshot's sys.path already has it
if "random" in sys.modules:
    sys.modules["random"].seed()  # else every visit would draw what the snapshot's generator drew
missing = [name for name in NAMES if name not in sys.modules]
if missing or sys.path[0] != APP:
    raise RuntimeError(f"the snapshot is not this start-up's: missing {missing}, sys.path {sys.path[:3]}")
`;

function afterRestore(pyodide) {
  const namespace = pyodide.toPy({ NAMES: [...BOOTSTRAP_IMPORTS, ...PRE_IMPORTS], APP: `${HOME}/app.zip` });
  try {
    pyodide.runPython(AFTER_RESTORE, { globals: namespace });
  } finally {
    namespace.destroy();
  }
}

// The page's copies of the files a snapshot was made from must be this build's: the snapshot's
// zip importers read them at the offsets they saw when it was made.  Resolves to app.zip's bytes.
async function checkFiles(FS, appZip) {
  const zip = FS.readdir("/lib").find((name) => /^python\d+\.zip$/.test(name));
  const appData = new Uint8Array(await appZip);
  const [app, stdlib] = await Promise.all([
    snapshots.revision(appData),
    zip ? snapshots.revision(FS.readFile(`/lib/${zip}`)) : null,
  ]);
  if (app !== BUILD.revisions.app || stdlib !== BUILD.revisions.stdlib) {
    throw new Error("this page's app.zip or standard library is not the build the snapshot was made for");
  }
  return appData;
}

// ----- start-up snapshots -------------------------------------------------------------------
// Two counts per build, in localStorage: starts from a snapshot that never got the table ready
// (after one, the next start drops the snapshot, starts the usual way and has it made again,
// whatever went wrong: a heap that passed every check and then crashed or hung Python must cost
// one start, not three), and attempts to make one that did not end stored (after TRIALS, none is
// tried again for this build: a snapshot that can't be made would otherwise cost every visit a
// second Python start in the background).
const TRIAL_KEY = "handfoot-snapshot-trial";
const FAILED_KEY = "handfoot-snapshot-failed";
const RESTORE_TRIALS = 1;
const TRIALS = 2;
const snapshot = {
  key: BUILD.snapshot && BUILD.snapshot.key,
  restored: false, // this page's Python came from a snapshot
  wanted: false, // this build has no usable snapshot here: make one once the table is quiet
  skipped: "", // why none is made, when none is stored and none wanted (marked once the table is up)
};

function tally(name) {
  try {
    const [key, n] = (localStorage.getItem(name) || "").split(" ");
    return key === snapshot.key ? Number(n) || 0 : 0;
  } catch (err) {
    return 0;
  }
}

function setTally(name, n) {
  try {
    if (n) localStorage.setItem(name, `${snapshot.key} ${n}`);
    else localStorage.removeItem(name);
  } catch (err) {
    // storage refused: the counts are simply not kept
  }
}

const trials = () => tally(TRIAL_KEY);
const setTrials = (n) => setTally(TRIAL_KEY, n);

function fallBack(reason, err) {
  console.warn(`Start-up snapshot not used (${reason}); starting Python the usual way.`, err || "");
  performance.mark("hf-snapshot-fallback", { detail: { reason, error: err ? String(err) : null } });
}

// Making a snapshot starts a second Python in a worker for a second or two: about 100 MB more
// memory at its peak (bench/startup.py measures it).  A device that says it has under 2 GB
// (navigator.deviceMemory, Chromium's) starts the usual way every time rather than risk the tab.
const MIN_DEVICE_GB = 2;
const roomyDevice = () => !(navigator.deviceMemory && navigator.deviceMemory < MIN_DEVICE_GB);

// This build's stored snapshot, or null (and why not, once) when the page must start as usual.
async function findSnapshot() {
  if (!snapshot.key) {
    snapshot.skipped = "this build makes none";
    return null;
  }
  const needs = [globalThis.caches, globalThis.crypto && crypto.subtle, globalThis.CompressionStream, globalThis.Worker];
  if (!needs.every(Boolean)) {
    fallBack("this browser keeps no snapshot here (no Cache Storage, WebCrypto, CompressionStream or Worker)");
    snapshot.skipped = "nowhere to keep one";
    return null;
  }
  let stored = null;
  try {
    stored = await snapshots.find(SITE.href, snapshot.key);
  } catch (err) {
    fallBack("the stored one could not be read", err);
    await snapshots.discard().catch(() => {});
  }
  snapshot.wanted = !stored && tally(FAILED_KEY) < TRIALS && roomyDevice();
  if (!stored && !snapshot.wanted) {
    snapshot.skipped = tally(FAILED_KEY) >= TRIALS ? `given up for this build after ${TRIALS} attempts` : "little memory";
  }
  const failedStarts = trials();
  if (stored && failedStarts >= RESTORE_TRIALS) {
    fallBack(failedStarts === 1 ? "a start from it never got the table ready"
      : `${failedStarts} starts from it in a row never got the table ready`);
    await snapshots.discard().catch(() => {});
    setTrials(0);
    snapshot.wanted = true;
    return null;
  }
  return stored;
}

// A reloaded host page answers its guests' ways home first (ui/net.js): a guest's phone gives its side up soon
// after the link dropped (Firefox after 5 s), and the start below keeps the page busy for seconds at a time.
// Only a page that had guests has any; it waits for them at most HOMES_WAIT_MS.
const HOMES_WAIT_MS = 4000;

function waysHome() {
  const answered = window.hfNet && window.hfNet.homesAnswered;
  if (!answered) return Promise.resolve();
  return Promise.race([answered, new Promise((done) => setTimeout(done, HOMES_WAIT_MS))]);
}

async function boot() {
  const rest = navigator.serviceWorker && navigator.serviceWorker.controller
    ? pageFetch(REST).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null)
    : null;
  const appZip = pageFetch(APP).then((r) => {
    if (!r.ok) throw new Error(`${APP}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  // Without it (a build that has none), PyScript compiles its written copy as before.
  const pyscriptZip = pageFetch(PYSCRIPT_ZIP).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);
  performance.mark("hf-boot-start");
  const homes = waysHome();
  const stored = await findSnapshot();
  await homes;
  let pyodide = null;
  if (stored) {
    try {
      setTrials(trials() + 1);
      const restored = await startFromSnapshot(stored, appZip);
      pyodide = restored.pyodide;
      snapshot.restored = true;
      performance.mark("hf-snapshot-restored", { detail: restored.figures });
    } catch (err) {
      fallBack("restoring it failed", err);
      setTrials(0);
      snapshot.wanted = true;
      await snapshots.discard().catch(() => {});
    }
  }
  if (!pyodide) pyodide = await startFresh();
  performance.mark("hf-pyodide-ready");
  globalThis.fetch = pageFetch;
  WebAssembly.instantiateStreaming = pageInstantiateStreaming;
  started = true;
  show("Starting Python…");
  pyodide.globals.set("hf_rest_sync", (path) => restSync(pyodide, path));
  pyodide.runPython("import _handfoot_rest; _handfoot_rest.install(hf_rest_sync); del hf_rest_sync");
  if (!snapshot.restored) pyodide.FS.writeFile(`${HOME}/app.zip`, new Uint8Array(await appZip));
  const restData = rest && (await rest);
  if (restData) pyodide.FS.writeFile(REST_PATH, new Uint8Array(restData));
  if (!snapshot.restored) {
    pyodide.runPython(`import os, sys; sys.path.insert(0, os.path.abspath("app.zip"))`);
    for (const name of PRE_IMPORTS) {
      await nextTask();
      pyodide.runPython(`import ${name}`);
      performance.mark(`hf-import-${name}`); // the start-up bench's phases
    }
  }
  const pyscriptData = await pyscriptZip;
  if (pyscriptData) {
    pyodide.FS.writeFile(PYSCRIPT_PATH, new Uint8Array(pyscriptData));
    const sys = pyodide.pyimport("sys");
    const path = sys.path;
    path.insert(1, PYSCRIPT_PATH);
    path.destroy();
    sys.destroy();
  }
  await nextTask();
  return pyodide;
}

// WebAssembly memory that can't be had (Safari on an iPhone after a few reloads, say): "RangeError:
// Out of memory", or a failed WebAssembly.Memory or instantiate, or Emscripten's abort around one.
function isMemoryError(err) {
  const text = `${err && err.name} ${err && err.message} ${String(err)}`;
  return /out of memory|WebAssembly\.(Memory|instantiate)|could not allocate|cannot allocate|allocation failed/i.test(text);
}

// Python did not start: say so in #boot (over the saved table, or the first visit's screen) with a
// Retry button.  A new page is the retry (a fresh start, the failed one's memory let go); nothing
// stored is touched here, so the saved game (localStorage, IndexedDB) is there as it was.
function showFailure(err) {
  const box = document.getElementById("boot");
  if (!box) return;
  const text = isMemoryError(err)
    ? "This device ran out of memory while starting the card table. Close other tabs or apps, then tap Retry. Your game is saved."
    : "The card table could not start. Tap Retry to try again. Your game is saved.";
  const message = document.createElement("p");
  message.className = "boot-failed";
  message.textContent = text;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "boot-retry";
  retry.textContent = "Retry";
  retry.addEventListener("click", () => location.reload());
  box.setAttribute("role", "alert");
  box.replaceChildren(message, retry);
  retry.focus();
}

// An answer link's tab (ui/net.js, window.hfAnswerTab) only hands the answer to the table open in another
// tab, over a BroadcastChannel, and says so: it starts no Python at all (PyScript's wait for it never ends).
const ready = window.hfAnswerTab ? new Promise(() => {}) : boot();
ready.catch((err) => {
  console.error("Python could not start:", err);
  performance.mark("hf-start-failed", { detail: { memory: isMemoryError(err), error: String(err) } });
  showFailure(err);
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

// Making a snapshot waits until the table is up, the service worker has taken the page (its
// worker then reads Pyodide's files from the offline copy, as later visits do) and the page has
// been quiet for a moment; it runs in a worker, so the page's own thread only posts a message.
const SW_WAIT_MS = 15000;
const QUIET_MS = 2000;
const SNAPSHOT_ROOM = 64e6; // free storage wanted before writing about 5 MB (and Chromium's copy of it)

function serviceWorkerOrTimeout() {
  const sw = navigator.serviceWorker;
  if (!sw || sw.controller) return Promise.resolve();
  return new Promise((resolve) => {
    sw.addEventListener("controllerchange", resolve, { once: true });
    setTimeout(resolve, SW_WAIT_MS);
  });
}

const quiet = () => new Promise((resolve) => {
  setTimeout(() => (globalThis.requestIdleCallback ? requestIdleCallback(resolve, { timeout: 5000 }) : resolve()), QUIET_MS);
});

async function roomFor() {
  if (!navigator.storage || !navigator.storage.estimate) return true;
  const { usage = 0, quota = Infinity } = await navigator.storage.estimate();
  return quota - usage >= SNAPSHOT_ROOM;
}

// The snapshot worker (ui/snapshot-worker.js) making one; its figures, or why it failed.
function runWorker(job) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module", name: "snapshot" });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      if (data.ok) resolve(data);
      else reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || "the snapshot worker failed to start"));
    };
    worker.postMessage(job);
  });
}

// An attempt is counted before it starts, so one that takes the tab down with it (out of memory)
// counts too: after TRIALS, none is tried again for this build.  The worker hands the snapshot's
// bytes back and the page stores them, then checks it can read them back: a browser that keeps
// nothing there (a WebKit temporary profile, say) is told once, and no snapshot is made again
// for this build (each would cost about 100 MB and a second Python start for nothing).
async function attempt(job) {
  setTally(FAILED_KEY, tally(FAILED_KEY) + 1);
  performance.mark("hf-snapshot-start");
  const { encoded, ...made } = await runWorker(job);
  made.storeMs = await snapshots.put(SITE.href, encoded);
  if (!(await snapshots.find(SITE.href, snapshot.key).catch(() => null))) {
    setTally(FAILED_KEY, TRIALS);
    throw new KeptNowhere();
  }
  return made;
}

class KeptNowhere extends Error {
  constructor() {
    super("this browser does not keep it (stored, then not found: a private or temporary profile?); " +
      "not trying again for this version of the app");
  }
}

async function makeSnapshot(readyAt) {
  await serviceWorkerOrTimeout();
  await quiet();
  if (!(await roomFor())) {
    console.warn("Start-up snapshot not made: too little free storage on this device.");
    performance.mark("hf-snapshot-failed", { detail: { reason: "storage" } });
    return;
  }
  const job = {
    site: SITE.href,
    key: snapshot.key,
    encoding: BUILD.snapshot.encoding,
    lockInfo: BUILD.lockInfo,
    revisions: BUILD.revisions,
    bootstrapImports: BOOTSTRAP_IMPORTS,
    preImports: PRE_IMPORTS,
  };
  // One tab at a time makes it (another tab open on the app would make the same one).
  const made = navigator.locks
    ? await navigator.locks.request("hf-snapshot", { ifAvailable: true }, async (lock) => {
      if (!lock || (await snapshots.find(SITE.href, snapshot.key).catch(() => null))) return null;
      return attempt(job);
    })
    : await attempt(job);
  if (!made) return;
  setTally(FAILED_KEY, 0);
  const detail = { ...made, afterReadyMs: performance.now() - readyAt };
  performance.mark("hf-snapshot-stored", { detail });
  console.info(
    `Start-up snapshot stored: ${(made.storedBytes / 1e6).toFixed(1)} MB (${made.encoding}) ` +
      `of a ${(made.rawBytes / 2 ** 20).toFixed(0)} MiB heap, made in ${Math.round(made.totalMs)} ms.`,
  );
}

whenReady(() => {
  document.getElementById("boot")?.remove();
  const app = document.getElementById("app");
  if (app) app.removeAttribute("inert");
  document.body.classList.remove("prepaint");
  const readyAt = performance.now();
  persistWhenWorthKeeping();
  ready.then((pyodide) => {
    if (snapshot.restored) setTrials(0);
    setTimeout(() => prefetchRest(pyodide), 2000);
    if (snapshot.wanted) {
      makeSnapshot(readyAt).catch((err) => {
        console.warn("Start-up snapshot not made:", err);
        performance.mark("hf-snapshot-failed", { detail: { reason: String(err) } });
      });
    } else if (snapshot.skipped) {
      performance.mark("hf-snapshot-skipped", { detail: { reason: snapshot.skipped } });
    }
  }, () => {});
});

// ----- persistent storage -------------------------------------------------------------------
// A browser may clear this site's storage (the saved game, the offline copy) when the device runs
// short of space, unless the site asked to keep it: Safari on an iPhone does so readily.  Asked
// once per device, never at start-up: when a game is worth keeping (PERSIST_AFTER_MOVES moves
// saved, about three laps of the table).  The answer is kept in
// localStorage (PERSIST_KEY: {"v": 1, "persisted": true | false | null (no such question in this
// browser), "asked": ISO time}) for Settings to show (ui/main.py); later starts only read
// navigator.storage.persisted() into it, which asks the player nothing.
const PERSIST_KEY = "handfoot-storage-kept";
const PERSIST_AFTER_MOVES = 12;

function readPersist() {
  try {
    const value = JSON.parse(localStorage.getItem(PERSIST_KEY) || "null");
    return value && value.v === 1 && typeof value.asked === "string" ? value : null;
  } catch (err) {
    return null;
  }
}

function writePersist(persisted, asked) {
  try {
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ v: 1, persisted, asked }));
  } catch (err) {
    // storage refused: Settings simply says nothing about it
  }
}

async function askToPersist() {
  const storage = navigator.storage;
  const asked = new Date().toISOString();
  writePersist(null, asked); // asked once, whatever the answer (or none) turns out to be
  let persisted = null;
  try {
    persisted = storage && storage.persist ? Boolean(await storage.persist()) : null;
  } catch (err) {
    persisted = null;
  }
  writePersist(persisted, asked);
  performance.mark("hf-persist", { detail: { persisted } });
}

function worthKeeping() {
  const body = document.body;
  const saved = Number(body.dataset.saved);
  return Number.isFinite(saved) && saved >= PERSIST_AFTER_MOVES;
}

function persistWhenWorthKeeping() {
  const known = readPersist();
  if (known) {
    // asked before: only keep the answer current (the browser may have granted it since)
    if (navigator.storage && navigator.storage.persisted) {
      navigator.storage.persisted().then((p) => {
        if (p !== known.persisted) writePersist(Boolean(p), known.asked);
      }, () => {});
    }
    return;
  }
  const observer = new MutationObserver(() => {
    if (!worthKeeping()) return;
    observer.disconnect();
    askToPersist();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-saved"] });
}

// PyScript's interpreter hook: the Pyodide started above, printing where PyScript asks.
export async function loadPyodide(options = {}) {
  performance.mark("hf-pyscript-asks");
  const pyodide = await ready;
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  markRuns(pyodide);
  return pyodide;
}

// PyScript runs its own Python (its package, then ui/main.py) through these: each call's start
// and end become marks (hf-run-N, hf-run-N-done, with the code's length) for the start-up benches.
function markRuns(pyodide) {
  let n = 0;
  for (const name of ["runPython", "runPythonAsync"]) {
    const original = pyodide[name];
    pyodide[name] = function markedRun(code, ...rest) {
      n += 1;
      const label = `hf-run-${n}`;
      performance.mark(label, { detail: { name, length: code.length } });
      const done = () => performance.mark(`${label}-done`);
      const result = original.call(this, code, ...rest);
      if (result && typeof result.then === "function") result.then(done, done);
      else done();
      return result;
    };
  }
}
