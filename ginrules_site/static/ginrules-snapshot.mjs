// Memory snapshots of the started engine, kept in the reader's IndexedDB, and
// the runtime's standard library kept decoded in the reader's Cache Storage.
//
// The only place that touches Pyodide's private snapshot API (the options
// `_makeSnapshot` and `_loadSnapshot`, and `makeMemorySnapshot()`), which exists
// in the pinned Pyodide 314.0.x but is undocumented. Every function here may
// throw or reject; the worker then starts Python the normal way, so a broken or
// stale snapshot never breaks a page. One record: {key, bytes, files}, where `key`
// (runtime.json's `snapshot_key`) names Pyodide's build id, the runtime folder,
// the wheel's and the call module's sha256: a snapshot of any other build is
// deleted, never restored.

const DB_NAME = "ginrules-engine";
const STORE = "snapshots";
const RECORD = "engine";

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function store(mode) {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await request(open);
  const tx = db.transaction(STORE, mode);
  tx.oncomplete = tx.onabort = tx.onerror = () => db.close();
  return tx.objectStore(STORE);
}

// The snapshot for `key`, {bytes, files}, or null. A record of another key, or of
// another form, is deleted.
export async function readSnapshot(key) {
  const found = await request((await store("readonly")).get(RECORD));
  if (!found) return null;
  if (found.key !== key || !(found.bytes instanceof Uint8Array) || !Array.isArray(found.files)) {
    await deleteSnapshot();
    return null;
  }
  return { bytes: found.bytes, files: found.files };
}

// `files`: the engine's files, [path in site-packages, bytes], which the file system
// of a restored engine needs again (the snapshot holds the memory only).
export async function saveSnapshot(key, bytes, files) {
  await request((await store("readwrite")).put({ key, bytes, files }, RECORD));
}

export async function deleteSnapshot() {
  await request((await store("readwrite")).delete(RECORD));
}

// loadPyodide options: restore `snapshot`, or start so that a snapshot can be made.
export function snapshotOptions(snapshot) {
  return snapshot ? { _loadSnapshot: snapshot } : { _makeSnapshot: true };
}

// The whole memory of `pyodide`, taken when the reader is idle after the first answers.
export function makeSnapshot(pyodide) {
  return pyodide.makeMemorySnapshot();
}

// After a restore, every random generator holds the state it had in the snapshot:
// reseed from the system's randomness (os.urandom: crypto.getRandomValues) the
// random module's own (random.random, randrange...) and every generator that a
// module of the engine or of the site holds. (The engine's deals make their own,
// seeded, generator; a scan of every object, gc.get_objects(), cost 50-80 ms.)
export const RESEED = `
import random, sys
for _name, _module in list(sys.modules.items()):
    if _name == "random" or _name.partition(".")[0] in ("ginrules", "ginrules_live"):
        for _generator in list(vars(_module).values()):
            if isinstance(_generator, random.Random) and not isinstance(_generator, random.SystemRandom):
                _generator.seed()
del _name, _module, _generator
`;

// The standard library's zip as it was decoded, in Cache Storage: a later page
// reads it as it is, where the browser's HTTP cache decodes the compressed
// response again on every page (60-250 ms for its 9 MB here, more under load).
// Its address is content-hashed, so an address is its bytes; `size` (runtime.json's
// `files`) still guards against a damaged copy. A missing, damaged or unreadable
// copy is null: the worker then fetches the file as before and keeps it again.
const FILES = "ginrules-runtime";

export async function keptFile(url, size) {
  if (!globalThis.caches) return null; // not a secure context: the HTTP cache alone
  const response = await (await caches.open(FILES)).match(url);
  if (!response) return null;
  const blob = await response.blob();
  if (blob.size !== size) {
    await forgetFiles();
    return null;
  }
  const type = response.headers.get("Content-Type");
  return new Response(blob, { headers: type ? { "Content-Type": type } : {} });
}

// Keep a decoded copy of each of `urls` (fetched again, from the HTTP cache) and
// drop every other file, such as those of an earlier runtime.
export async function keepFiles(urls, fetchFile = fetch) {
  if (!globalThis.caches) return;
  const cache = await caches.open(FILES);
  const wanted = new Set(urls.map(String));
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
  for (const url of wanted) {
    if (await cache.match(url)) continue;
    const response = await fetchFile(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const type = response.headers.get("Content-Type") ?? "application/octet-stream";
    await cache.put(url, new Response(await response.blob(), { headers: { "Content-Type": type } }));
  }
}

export async function forgetFiles() {
  if (globalThis.caches) await caches.delete(FILES);
}
