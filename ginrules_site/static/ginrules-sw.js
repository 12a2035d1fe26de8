// Service worker of one language of the site (issue 25): after one visit, the pages
// of that language, their assets and the engine's runtime work with the network off.
//
// The build writes it as <lang>/ginrules-sw.js (ginrules_site/live/offline.py), so that its
// scope is the language's folder on any host (no Service-Worker-Allowed header), with
// OFFLINE set in front of this file: {build, files: [[address, integrity], ...]}, each
// address relative to this file (the runtime is "../_pyodide/..."), each integrity the
// sha256 of the file the build wrote. The page registers it only once the reader has
// used the site (ginrules-live.mjs: the engine answered, or the play page opened),
// when the browser is idle and does not ask to save data.
//
// - install: every file of the list is fetched with its sha256 as the request's
//   integrity (the browser refuses other bytes: never a page of one build with a
//   runtime of another) into a new cache named by the build; one failure fails the
//   install, and its partial cache is deleted: the stored set is whole or absent.
// - activate (a new build: once no page of the old one is open, that is on the next
//   visit; the first time: at once): the other builds' caches of this scope are
//   deleted, and the open pages of this build are taken over (clients.claim).
// - fetch: a file of the list comes from this build's cache; anything else (and a
//   file missing from the cache) goes to the network as it would without this worker.
/* global OFFLINE */

// `self`, as a service worker's scope (TypeScript's WebWorker lib types it as any worker's).
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SCOPE = sw.registration.scope;
const PREFIX = `ginrules-offline ${SCOPE} `;
const CACHE = PREFIX + OFFLINE.build;
// (the base: the worker's location, which URL reads as its address)
const FILES = new Map(OFFLINE.files.map(([path, integrity]) => [new URL(path, /** @type {string} */ (/** @type {unknown} */ (self.location))).href, integrity]));
// Content-hashed runtime folders never change: the browser's cache may answer for them.
const IMMUTABLE = /\/_pyodide\/[0-9a-f]{16}\//;
const PARALLEL = 6;

/**
 * @param {Cache} cache
 * @param {string} url
 */
async function store(cache, url) {
  const response = await fetch(url, {
    integrity: FILES.get(url),
    cache: IMMUTABLE.test(url) ? "default" : "no-cache",
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await cache.put(url, response);
}

async function install() {
  if (self.navigator.connection?.saveData) throw new Error("the browser asks to save data");
  const cache = await caches.open(CACHE);
  const queue = [...FILES.keys()];
  try {
    await Promise.all(Array.from({ length: PARALLEL }, async () => {
      while (queue.length) await store(cache, /** @type {string} */ (queue.shift()));
    }));
  } catch (error) {
    queue.length = 0;
    await caches.delete(CACHE);
    throw error;
  }
}

async function activate() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
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
 * @param {Request} request
 * @param {string} url
 */
async function answer(request, url) {
  const kept = await caches.open(CACHE).then((cache) => cache.match(url)).catch(() => null);
  return kept ?? fetch(request);
}

sw.addEventListener("install", (event) => event.waitUntil(install()));
sw.addEventListener("activate", (event) => event.waitUntil(activate()));
sw.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = address(event.request);
  if (FILES.has(url)) event.respondWith(answer(event.request, url));
});
