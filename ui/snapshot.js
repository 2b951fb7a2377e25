// Start-up snapshots: a Pyodide heap that has already started Python and imported what the page
// imports at start-up, made on this device (ui/snapshot-worker.js) and kept in Cache Storage for
// this build only, so a later visit restores it instead of starting the interpreter and
// importing again (ui/boot.js).  Used by the page and by the worker.
//
// What Pyodide 314 requires of a snapshot (src/js/snapshot.ts, pyodide.ts, api.ts):
// - the same Pyodide build: a header holds its BUILD_ID and a restore with another throws;
// - every JavaScript object Python holds (its "hiwire" table) must be reachable by a path from
//   globalThis, else making the snapshot throws; the paths are looked up again on restore, and
//   one that finds nothing becomes null without a word, so checkPaths() looks first;
// - the file system is not in it: Pyodide writes the standard library zip again on restore (from
//   stdLibURL), and the page writes app.zip back before Python can import anything from it;
// - the heap must fit: a heap that grew past the WebAssembly's initial 30 MiB would not restore,
//   so ui/boot.js grows the memory first (makeRoom);
// - nothing checks the bytes: a truncated heap restores into a broken interpreter.  Hence the
//   checks below (exact length, page map, gzip's CRC-32 or SHA-256, header, paths).
//
// Stored form: most of the 30 MiB heap is zeros (about 14 MB is not), so the entry holds a map
// with one byte per 4 KiB page (1: stored, 0: zeros) followed by the stored pages, gzipped or not;
// its metadata (JSON) is in a response header.  The page reads it back (readBody) and puts the
// pages in place (scatter).

export const CACHE_NAME = "hf-snapshot";
export const FORMAT = 1;
const META_HEADER = "X-Handfoot-Snapshot";
const PAGE = 4096;
const SNAPSHOT_MAGIC = 0x706e7300; // Pyodide's own, the first four bytes of every snapshot
const WASM_PAGE = 65536;
const YIELD_MS = 16; // reading yields to the page this often: chunks already in can run on as one task

export const entryURL = (site, key) => new URL(`__snapshot__/${key}`, site).href;

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of the bytes as the build writes revisions: the first 16 hex digits. */
export const revision = async (bytes) => (await sha256(bytes)).slice(0, 16);

/** The snapshot's heap size and Pyodide's JSON part, after checking the header makes sense. */
export function describe(bytes) {
  if (bytes.length < 64 || bytes.length % 4 !== 0) throw new Error(`snapshot of ${bytes.length} bytes`);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
  if (words[0] !== SNAPSHOT_MAGIC) throw new Error("snapshot without Pyodide's magic number");
  const [, offset, jsonLength] = words;
  const heap = bytes.length - offset;
  if (offset % 16 || offset < 48 + jsonLength || heap <= 0 || heap % WASM_PAGE) {
    throw new Error(`snapshot header out of shape (offset ${offset}, heap ${heap})`);
  }
  const config = JSON.parse(new TextDecoder().decode(bytes.subarray(48, 48 + jsonLength)));
  return { heapBytes: heap, config };
}

/** Each JavaScript object the snapshot's Python holds, found again from this globalThis. */
export function checkPaths(config, globals = globalThis) {
  for (const entry of config.hiwireKeys || []) {
    if (!entry || !("path" in entry)) continue;
    let value = globals;
    for (const name of entry.path) value = value == null ? undefined : value[name];
    if (value == null) throw new Error(`the snapshot's JavaScript object ${entry.path.join(".")} is missing here`);
  }
}

/**
 * Grow a fresh Pyodide module's memory to hold a snapshot's heap.  Pyodide asks for
 * INITIAL_MEMORY, which its module ignores (the memory is the WebAssembly's own, 30 MiB), and
 * copies the heap in with no size check: a heap that grew past that would throw "offset is out of
 * bounds" (tools/snapshot_check.mjs checks both).  Module.growMemory is Emscripten's own.
 */
export function makeRoom(module, heapBytes) {
  if (module.HEAP8.length < heapBytes && !module.growMemory(heapBytes)) {
    throw new Error(`no room for a heap of ${heapBytes} bytes`);
  }
}

/** The page map and the pages that are not all zeros. */
function sparse(bytes) {
  const count = Math.ceil(bytes.length / PAGE);
  const map = new Uint8Array(count);
  const parts = [map];
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  for (let page = 0; page < count; page += 1) {
    const end = Math.min((page + 1) * PAGE, bytes.length) >> 2;
    for (let i = (page * PAGE) >> 2; i < end; i += 1) {
      if (words[i] !== 0) {
        map[page] = 1;
        parts.push(bytes.subarray(page * PAGE, Math.min((page + 1) * PAGE, bytes.length)));
        break;
      }
    }
  }
  return { parts, pages: parts.length - 1 };
}

/**
 * The stored form of a snapshot (its body as bytes and its description), made away from the page
 * (ui/snapshot-worker.js); put() stores it.
 */
export async function encode(key, bytes, encoding) {
  describe(bytes); // never store what could not be restored
  const started = performance.now();
  const { parts, pages } = sparse(bytes);
  let body = new Blob(parts);
  const meta = { format: FORMAT, key, encoding, length: bytes.length, pages, sparseBytes: body.size, sha256: null };
  if (encoding === "gzip") {
    body = await new Response(body.stream().pipeThrough(new CompressionStream("gzip"))).blob();
  } else if (encoding === "identity") {
    // gzip has its own CRC-32; stored bytes need a check of their own
    meta.sha256 = await sha256(new Uint8Array(await body.arrayBuffer()));
  } else {
    throw new Error(`unknown snapshot encoding ${encoding}`);
  }
  return { meta, body: await body.arrayBuffer(), encodeMs: performance.now() - started };
}

/**
 * Store an encoded snapshot for this build (key) and drop any other; returns how long it took.
 * The page stores it, not the worker that made it: in a WebKit temporary profile (and maybe
 * Safari's private browsing) what a dedicated worker puts in Cache Storage is never seen by the
 * page.  The caller checks with find() that the page sees it.
 */
export async function put(site, { meta, body }) {
  const started = performance.now();
  const cache = await caches.open(CACHE_NAME);
  const url = entryURL(site, meta.key);
  const headers = {
    [META_HEADER]: JSON.stringify(meta),
    "Content-Type": "application/octet-stream",
    "Content-Length": String(body.byteLength),
  };
  await cache.put(url, new Response(body, { headers }));
  await prune(cache, url);
  return performance.now() - started;
}

async function prune(cache, keep) {
  const stale = (await cache.keys()).filter((request) => request.url !== keep);
  await Promise.all(stale.map((request) => cache.delete(request)));
}

/** This build's stored snapshot ({meta, response}), or null when there is none. */
export async function find(site, key) {
  const response = await caches.match(entryURL(site, key), { cacheName: CACHE_NAME });
  if (!response) return null;
  const meta = JSON.parse(response.headers.get(META_HEADER) || "null");
  const count = meta && Math.ceil(meta.length / PAGE);
  if (
    !meta || meta.format !== FORMAT || meta.key !== key || !["gzip", "identity"].includes(meta.encoding) ||
    !Number.isSafeInteger(meta.length) || meta.length <= 0 || !Number.isSafeInteger(meta.pages) ||
    meta.pages < 0 || meta.pages > count || !Number.isSafeInteger(meta.sparseBytes) ||
    meta.sparseBytes < count || meta.sparseBytes > count + meta.pages * PAGE ||
    (meta.encoding === "identity" && typeof meta.sha256 !== "string")
  ) {
    throw new Error("the stored snapshot's description is out of shape");
  }
  return { meta, response };
}

/** Delete this site's stored snapshots (a bad one is rebuilt on a later visit). */
export async function discard() {
  if (globalThis.caches) await caches.delete(CACHE_NAME);
}

/**
 * The stored entry's body (map and pages), inflated and checked: whole, not longer, not damaged.
 * `pause` yields to the page's other work when a stretch of reading has run a while.
 */
export async function readBody({ meta, response }, pause) {
  let body = response.body;
  if (meta.encoding === "gzip") body = body.pipeThrough(new DecompressionStream("gzip")); // checks its CRC-32
  const out = new Uint8Array(meta.sparseBytes);
  let at = 0;
  const reader = body.getReader();
  let since = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > out.length) throw new Error("the stored snapshot is longer than it says");
    out.set(value, at);
    at += value.length;
    if (performance.now() - since > YIELD_MS) {
      await pause();
      since = performance.now();
    }
  }
  if (at !== out.length) throw new Error("the stored snapshot is truncated");
  if (meta.sha256 && (await sha256(out)) !== meta.sha256) throw new Error("the stored snapshot is damaged");
  return out;
}

/**
 * Put the pages of a body from readBody() in place in `bytes` (meta.length long, zeros where the
 * map says so) and return describe(bytes).  `bytes` is handed to Pyodide before it is filled:
 * Pyodide copies it into the heap only once its WebAssembly module exists, and ui/boot.js waits
 * for this before handing the module over.
 */
export function scatter(meta, body, bytes) {
  const count = Math.ceil(meta.length / PAGE);
  const map = body.subarray(0, count);
  let stored = 0;
  let at = count;
  for (let page = 0; page < count; page += 1) {
    if (map[page] === 0) continue;
    if (map[page] !== 1) throw new Error("the snapshot's page map is damaged");
    const size = Math.min(PAGE, meta.length - page * PAGE);
    if (at + size > body.length) throw new Error("the snapshot's pages are fewer than its map says");
    bytes.set(body.subarray(at, at + size), page * PAGE);
    at += size;
    stored += 1;
  }
  if (stored !== meta.pages || at !== body.length) throw new Error("the snapshot's page map is damaged");
  return describe(bytes);
}
