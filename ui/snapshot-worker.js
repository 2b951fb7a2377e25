// Makes this build's start-up snapshot away from the page (ui/snapshot.js): once the table is up
// and quiet, ui/boot.js has this worker start a Pyodide of its own from the same files as the
// page's, import what the page imports before PyScript takes over, and store its heap.  Nothing
// here touches the page's Python or its saved game.
// The page sends {site, key, encoding, lockInfo, revisions, bootstrapImports, preImports} and gets
// back {ok: true, encoded, ...figures} (encoded: the stored form, its bytes transferred, for the
// page to store: see put() in ui/snapshot.js) or {ok: false, error}.
import { loadPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import { encode, revision } from "./snapshot.js";

const HOME = "/home/pyodide";

async function fetchBytes(href) {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function make(job) {
  const started = performance.now();
  const url = (path) => new URL(path, job.site).href;
  const app = await fetchBytes(url("app.zip"));
  // The page's files and these must be the build the key names (a deploy could land in between).
  if ((await revision(app)) !== job.revisions.app) throw new Error("app.zip is not this build's");
  const pyodide = await loadPyodide({
    indexURL: url("vendor/pyodide/"),
    stdLibURL: url("vendor/stdlib/stdlib.zip"),
    lockFileContents: { info: job.lockInfo, packages: {} },
    _makeSnapshot: true,
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  const loadMs = performance.now() - started;
  const zip = pyodide.FS.readdir("/lib").find((name) => /^python\d+\.zip$/.test(name));
  if (!zip || (await revision(pyodide.FS.readFile(`/lib/${zip}`))) !== job.revisions.stdlib) {
    throw new Error("the standard library is not this build's");
  }
  // The same statements, in the same order and namespace (__main__), as ui/boot.js's normal start;
  // the finder of the on-demand standard library is left for the page to install (it holds a
  // function of the page's, which no snapshot can keep).
  for (const name of job.bootstrapImports) pyodide.runPython(`import ${name}`);
  pyodide.FS.writeFile(`${HOME}/app.zip`, app);
  pyodide.runPython(`import os, sys; sys.path.insert(0, os.path.abspath("app.zip"))`);
  for (const name of job.preImports) pyodide.runPython(`import ${name}`);
  const importMs = performance.now() - started - loadMs;
  const snapshot = pyodide.makeMemorySnapshot();
  const snapshotMs = performance.now() - started - loadMs - importMs;
  const { meta, body, encodeMs } = await encode(job.key, snapshot, job.encoding);
  return {
    encoded: { meta, body },
    version,
    key: job.key,
    encoding: job.encoding,
    rawBytes: snapshot.length,
    sparseBytes: meta.sparseBytes,
    storedBytes: body.byteLength,
    loadMs,
    importMs,
    snapshotMs,
    encodeMs,
    totalMs: performance.now() - started,
  };
}

self.onmessage = ({ data }) => {
  make(data).then(
    (figures) => self.postMessage({ ok: true, ...figures }, [figures.encoded.body]),
    (err) => self.postMessage({ ok: false, error: String((err && err.stack) || err) }),
  );
};
