// Expert's thinking, away from the page's thread: a Python of its own (Pyodide, from the same
// files as the page's, so offline from the service worker's copy), with the app's modules, answering
// the page's questions through ui/browser/expert_wire.py (`answer`: JSON text in, JSON text out).
// The page (ui/browser/expert.py) starts this worker the first time a game with an Expert seat is on
// the table, never at start-up.  tools/build.py fills in BUILD (Pyodide's lock file info): edit this
// file, never dist/ui/expert-worker.js.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const BUILD = /*EXPERT*/ { lockInfo: null };
const SITE = new URL("../", import.meta.url);
const url = (path) => new URL(path, SITE).href;
const HOME = "/home/pyodide";

async function fetchBytes(href) {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function start() {
  const [app, rest] = await Promise.all([
    fetchBytes(url("app.zip")),
    fetchBytes(url("vendor/stdlib/stdlib-rest.zip")).catch(() => null),
  ]);
  const pyodide = await loadPyodide({
    indexURL: url("vendor/pyodide/"),
    stdLibURL: url("vendor/stdlib/stdlib.zip"),
    lockFileContents: { info: BUILD.lockInfo, packages: {} }, // the app installs no package
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  pyodide.FS.writeFile(`${HOME}/app.zip`, app);
  if (rest) pyodide.FS.writeFile("/lib/stdlib-rest.zip", rest);
  pyodide.runPython(`
import os, sys
sys.path.insert(0, os.path.abspath("app.zip"))
import _handfoot_rest
def _missing(path):
    raise OSError("the rest of the standard library is not here")
_handfoot_rest.install(_missing)
`);
  return pyodide.runPython("from ui.browser.expert_wire import answer\nanswer");
}

let ready = null;

self.onmessage = ({ data }) => {
  if (!ready) ready = start();
  ready.then(
    (answer) => self.postMessage(answer(typeof data === "string" ? data : "")),
    (err) => self.postMessage(JSON.stringify({ t: "failed", id: 0, error: String((err && err.stack) || err).slice(0, 400) })),
  );
};
