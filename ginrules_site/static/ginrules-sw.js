// Service worker of one language of the site (issues 25, 34): after one visit, the pages
// of that language, their assets and the engine's runtime work with the network off;
// the runtime is stored once for every language; a language not stored says so.
//
// The build writes it as <lang>/ginrules-sw.js (ginrules_site/live/offline.py), so that its
// scope is the language's folder on any host (no Service-Worker-Allowed header), with
// OFFLINE set in front of this file: {build, files, runtime: {id, files}, notice}, each
// file [address, integrity], each address relative to this file (the runtime is
// "../_pyodide/..."), each integrity the sha256 of the file the build wrote; `notice`
// the language's page that says, offline, that its pages are not stored (with its style
// sheet). The page registers it (ginrules-live.mjs) only once the reader has used the
// site, when the browser is idle and does not ask to save data, in one of two forms:
//
// - "ginrules-sw.js?keep" for the reader's language: it stores the language's pages and
//   their assets in a cache of its own (named by the scope, the build and the runtime's
//   id), and the runtime in the one cache of the runtime (named by its id), shared by
//   every language: a file already there (a language visited before) is not fetched
//   again, so a reader of two languages keeps one copy;
// - "ginrules-sw.js" (registered by the same page for each other language of the site
//   that has no worker yet): it stores only the notice, which it answers to a page of
//   its language that cannot be reached. When the reader visits that language, its
//   page registers the "?keep" form, which installs and takes over at once (nothing of
//   the language was stored: no page of it can mix builds; so it does too over a worker
//   of a build before issue 34, registered without "?keep": a page of that build still
//   open then fetches what this build does not list from the network).
//
// - install: every file is fetched with its sha256 as the request's integrity (the
//   browser refuses other bytes: never a page of one build with a runtime of another);
//   one failure fails the install, and its language cache is deleted (the stored set is
//   whole or absent; runtime files already stored stay: each is whole and of its id).
// - activate (a new build: once no page of the old one is open, that is on the next
//   visit; the first time: at once): the other builds' caches of this scope are
//   deleted, then every runtime cache that no language's cache names; the open pages
//   of this build are taken over (clients.claim).
// - fetch: a file of the lists comes from its cache; anything else (and a file missing
//   from the cache) goes to the network as it would without this worker; a page that
//   the network cannot give gets the notice.
/* global OFFLINE */

// `self`, as a service worker's scope (TypeScript's WebWorker lib types it as any worker's).
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SCOPE = sw.registration.scope;
// (the base: the worker's location, which URL reads as its address)
const HERE = /** @type {string} */ (/** @type {unknown} */ (self.location));
const KEEP = new URL(HERE).searchParams.has("keep");
const PREFIX = `ginrules-offline ${SCOPE} `;
const CACHE = PREFIX + OFFLINE.build + " " + (KEEP ? OFFLINE.runtime.id : "notice");
const RUNTIME_PREFIX = `ginrules-offline-runtime ${new URL("../", HERE).href} `;
// The engine's own copy of a runtime file (ginrules-snapshot.mjs's FILES: the decoded
// standard library), kept where no offline worker stores the runtime.
const ENGINE_FILES = "ginrules-runtime";
const RUNTIME_CACHE = RUNTIME_PREFIX + OFFLINE.runtime.id;
/** @param {[string, string][]} files */
const listed = (files) => new Map(files.map(([path, integrity]) => [new URL(path, HERE).href, integrity]));
const NOTICE = listed(OFFLINE.notice);
const FILES = KEEP ? new Map([...listed(OFFLINE.files), ...NOTICE]) : NOTICE;
// (answered from the runtime's cache in both forms: stored by a language visited)
const RUNTIME = listed(OFFLINE.runtime.files);
const NOTICE_PAGE = new URL(OFFLINE.notice[0][0], HERE).href;
// Content-hashed runtime folders never change: the browser's cache may answer for them.
const IMMUTABLE = /\/_pyodide\/[0-9a-f]{16}\//;
const PARALLEL = 6;

/**
 * @param {Cache} cache
 * @param {string} url
 * @param {string | undefined} integrity
 */
async function store(cache, url, integrity) {
  const response = await fetch(url, {
    integrity,
    cache: IMMUTABLE.test(url) ? "default" : "no-cache",
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await cache.put(url, response);
}

/**
 * Store every [cache, address, integrity] of `queue`, six at a time; on a failure,
 * delete the language's cache (the runtime's files already stored stay: each is whole).
 * @param {[Cache, string, string | undefined][]} queue
 */
async function storeAll(queue) {
  try {
    await Promise.all(Array.from({ length: PARALLEL }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await store(...next);
    }));
  } catch (error) {
    queue.length = 0;
    await caches.delete(CACHE);
    throw error;
  }
}

// The engine's copy of `url`, put into the runtime's cache if its sha256 is `integrity`.
/**
 * @param {Cache} runtime
 * @param {string} url
 * @param {string} integrity
 */
async function adopt(runtime, url, integrity) {
  const found = await (await caches.open(ENGINE_FILES)).match(url);
  if (!found) return false;
  const bytes = await found.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  if (`sha256-${btoa(String.fromCharCode(...digest))}` !== integrity) return false;
  await runtime.put(url, new Response(bytes, { headers: found.headers }));
  return true;
}

// One copy of each runtime file: the engine's own copies of the files this worker
// stores are deleted (kept by a page while this worker was storing them).
async function dedupe() {
  if (!(await caches.has(ENGINE_FILES)) || !(await caches.has(RUNTIME_CACHE))) return;
  const engine = await caches.open(ENGINE_FILES);
  const runtime = await caches.open(RUNTIME_CACHE);
  for (const url of RUNTIME.keys()) {
    if (await runtime.match(url)) await engine.delete(url);
  }
}

async function install() {
  if (self.navigator.connection?.saveData) throw new Error("the browser asks to save data");
  const cache = await caches.open(CACHE); // first: its name keeps the runtime's cache
  /** @type {[Cache, string, string | undefined][]} */
  const queue = [];
  if (KEEP) {
    // The runtime's files that no language has stored yet (the engine's own copy taken
    // over if it is of the right bytes), then the language's own.
    const runtime = await caches.open(RUNTIME_CACHE);
    for (const [url, integrity] of RUNTIME) {
      if (!(await runtime.match(url)) && !(await adopt(runtime, url, integrity))) queue.push([runtime, url, integrity]);
    }
  }
  for (const [url, integrity] of FILES) queue.push([cache, url, integrity]);
  await storeAll(queue);
  if (KEEP) await dedupe();
  // A language visited for the first time: nothing of it was stored, take over at once.
  const active = sw.registration.active;
  if (KEEP && active && !new URL(active.scriptURL).searchParams.has("keep")) await sw.skipWaiting();
}

async function activate() {
  const names = await caches.keys();
  for (const name of names) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  // The runtime caches that a language's cache still names (its last word) stay.
  const kept = await caches.keys();
  const named = new Set(kept.filter((name) => name.startsWith("ginrules-offline ")).map((name) => name.split(" ").pop()));
  for (const name of kept) {
    if (name.startsWith(RUNTIME_PREFIX) && !named.has(name.slice(RUNTIME_PREFIX.length))) await caches.delete(name);
  }
  await dedupe();
  await sw.clients.claim();
}

// The list's address for a request: without its query (the pages link assets with
// "?v=<digest>", a page may be opened with "?highlight=..."; within one build a file
// has one content) or fragment, and a folder's address as its index.html.
/** @param {Request} request */
function address(request) {
  const url = new URL(request.url);
  url.hash = "";
  url.search = "";
  if (request.mode === "navigate" && url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

/**
 * @param {string} name
 * @param {string} url
 * @returns {Promise<Response | undefined>}
 */
async function kept(name, url) {
  return caches.open(name).then((cache) => cache.match(url)).catch(() => undefined);
}

/**
 * @param {Request} request
 * @param {string | null} name the cache that may hold it
 * @param {string} url
 */
async function answer(request, name, url) {
  const found = name ? await kept(name, url) : undefined;
  if (found) return found;
  if (request.mode !== "navigate") return fetch(request);
  try {
    return await fetch(request);
  } catch (error) {
    // A page of this language that the network cannot give: the notice, if stored.
    const notice = await kept(CACHE, NOTICE_PAGE);
    if (notice) return notice;
    throw error;
  }
}

sw.addEventListener("install", (event) => event.waitUntil(install()));
sw.addEventListener("activate", (event) => event.waitUntil(activate()));
sw.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = address(event.request);
  if (RUNTIME.has(url)) {
    event.respondWith(answer(event.request, RUNTIME_CACHE, url));
    if (url.endsWith("/runtime.json")) event.waitUntil(dedupe().catch(() => {})); // a page starts the engine
  }
  else if (FILES.has(url)) event.respondWith(answer(event.request, CACHE, url));
  else if (event.request.mode === "navigate") event.respondWith(answer(event.request, null, url));
});
