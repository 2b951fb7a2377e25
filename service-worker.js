// The service worker. tools/build.py writes dist/service-worker.js from this file, filling in
// VERSION and PRECACHE (every file of the build with its content revision): edit this file, never the copy.
// Precache every file of the build into one cache that all versions share, each entry keyed by
// its content revision: an update downloads only the files that changed and leaves the others
// where they are (Pyodide's 9.6 MB WebAssembly is neither copied nor compiled again), and the
// new version's activation removes the entries it no longer lists.
const VERSION = "__VERSION__"; // which build this is, for a person looking at the installed worker
const PRECACHE = __PRECACHE__; // [url relative to the scope, content revision]
const CACHE = "hf-files";
// The page keeps a start-up snapshot of Python's heap in a cache of its own (ui/snapshot.js), made
// on this device for one build: this version's key (empty when the build makes none).
const SNAPSHOT_CACHE = "hf-snapshot";
const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
const SCOPE = new URL("./", self.location).href;
const REVISION = new Map(PRECACHE.map(([url, rev]) => [new URL(url, SCOPE).href, rev]));

// Cache keys carry the revision, so a new version reuses every unchanged file of the old one.
const keyFor = (href, rev) => `${href}${href.includes("?") ? "&" : "?"}__rev=${rev}`;

// Fetch with cache: "no-cache": the browser revalidates its HTTP-cache copy from the page's
// first load (a 304, not a second download) and never stores a stale one. Any failure fails
// the install, like cache.addAll.
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all([...REVISION].map(async ([href, rev]) => {
    const key = keyFor(href, rev);
    if (await cache.match(key)) return undefined; // unchanged since a version already here
    const old = await caches.match(key); // in a cache of an older worker (one cache per version)
    if (old) return cache.put(key, old);
    const response = await fetch(new Request(href, { cache: "no-cache" }));
    if (!response.ok) throw new Error(`precache ${href}: HTTP ${response.status}`);
    return cache.put(key, response);
  }));
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const old = names.filter((n) => n.startsWith("hf-") && n !== CACHE && n !== SNAPSHOT_CACHE);
    await Promise.all(old.map((n) => caches.delete(n)));
    await pruneSnapshots(names);
    const cache = await caches.open(CACHE);
    const keep = new Set([...REVISION].map(([href, rev]) => keyFor(href, rev)));
    const stale = (await cache.keys()).filter((request) => !keep.has(request.url));
    await Promise.all(stale.map((request) => cache.delete(request)));
    await self.clients.claim();
  })());
});

// A snapshot made for another build is never restored (its key differs): free its space now.
async function pruneSnapshots(names) {
  if (!names.includes(SNAPSHOT_CACHE)) return;
  if (!SNAPSHOT_KEY) {
    await caches.delete(SNAPSHOT_CACHE);
    return;
  }
  const cache = await caches.open(SNAPSHOT_CACHE);
  const keep = new URL(`__snapshot__/${SNAPSHOT_KEY}`, SCOPE).href;
  const stale = (await cache.keys()).filter((request) => request.url !== keep);
  await Promise.all(stale.map((request) => cache.delete(request)));
}

// Never skip waiting by ourselves: the page asks after the game is saved.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

async function fromCache(href) {
  const rev = REVISION.get(href);
  if (rev === undefined) return undefined;
  const cache = await caches.open(CACHE);
  return cache.match(keyFor(href, rev));
}

async function respond(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  const cached = await fromCache(url.href);
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch (err) {
    if (request.mode === "navigate") {
      const shell = await fromCache(SCOPE);
      if (shell) return shell;
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});
