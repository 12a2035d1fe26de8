// Memory snapshots of the started engine, kept in the reader's IndexedDB, and
// the runtime's standard library kept decoded in the reader's Cache Storage.
// The engine's worker reads both back (readSnapshot from the reader's intent,
// keptFile from its load), alongside Pyodide's scripts: a page that read them would
// hand 23 MB across to the worker, a copy between processes for a shared worker.
//
// The only place that touches Pyodide's private snapshot API (the options
// `_makeSnapshot` and `_loadSnapshot`, and `makeMemorySnapshot()`), which exists
// in the pinned Pyodide 314.0.x but is undocumented. Every function here may
// throw or reject; either way the worker then starts Python the normal way, so a broken or
// stale snapshot never breaks a page. One record: {key, size, runs, data, files},
// where `key` (runtime.json's `snapshot_key`) names Pyodide's build id, the runtime
// folder, the wheel's and the call module's sha256: a snapshot of any other build
// is deleted, never restored. The memory is kept without its pages of zeros
// (`pack`): about 13 of its 31 MB hold anything, and the smaller record is quicker
// to read back on every page.

/**
 * @import { EngineFile, KeptFile, Manifest, PackedMemory, PublishedSnapshot, Pyodide, SnapshotRecord,
 *   StoredSnapshot } from "../live/ginrules-types"
 */
/** @typedef {(url: string | URL) => Promise<Response>} FetchFile */

const DB_NAME = "ginrules-engine";
const STORE = "snapshots";
const RECORD = "engine";

/**
 * @template T
 * @param {IDBRequest<T>} req
 * @returns {Promise<T>}
 */
function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** @param {IDBTransactionMode} mode */
async function store(mode) {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await request(open);
  const tx = db.transaction(STORE, mode);
  tx.oncomplete = tx.onabort = tx.onerror = () => db.close();
  return tx.objectStore(STORE);
}

// The snapshot for `key` (or a promise of it: the record is read meanwhile),
// {bytes, files}, or null. A record of another key, or of another form, is deleted.
/**
 * @param {string | Promise<string>} key
 * @returns {Promise<StoredSnapshot | null>}
 */
export async function readSnapshot(key) {
  const [found, wanted] = await Promise.all([store("readonly").then((s) => request(s.get(RECORD))), key]);
  if (!found) return null;
  const bytes = found.key === wanted && Array.isArray(found.files) ? unpack(found) : null;
  if (!bytes) {
    await deleteSnapshot();
    return null;
  }
  return { bytes, files: found.files, published: found.published === true };
}

// `files`: the engine's files, [path in site-packages, bytes], which the file system
// of a restored engine needs again (the snapshot holds the memory only).
/**
 * @param {string} key
 * @param {Uint8Array} bytes
 * @param {EngineFile[]} files
 */
export async function saveSnapshot(key, bytes, files) {
  await request((await store("readwrite")).put({ key, ...pack(bytes), files }, RECORD));
}

// The memory without its pages of zeros: {size, runs, data}, where `runs` holds
// [first page, number of pages] of each stretch of pages that are not all zeros,
// and `data` those pages end to end (the last page may be short).
const PAGE = 4096;

/**
 * @param {Uint8Array} bytes
 * @returns {PackedMemory}
 */
export function pack(bytes) {
  const size = bytes.length;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, size >> 2);
  const zero = (/** @type {number} */ page) => {
    const start = page * PAGE;
    const end = Math.min(start + PAGE, size);
    for (let i = start >> 2; i < end >> 2; i++) if (words[i]) return false;
    for (let i = Math.max(start, (end >> 2) << 2); i < end; i++) if (bytes[i]) return false;
    return true;
  };
  const pages = Math.ceil(size / PAGE);
  /** @type {number[]} */
  const runs = [];
  for (let page = 0; page < pages; page++) {
    if (zero(page)) continue;
    const last = runs.length - 2;
    if (last >= 0 && runs[last] + runs[last + 1] === page) runs[last + 1] += 1;
    else runs.push(page, 1);
  }
  const parts = [];
  for (let k = 0; k < runs.length; k += 2) {
    parts.push(bytes.subarray(runs[k] * PAGE, Math.min((runs[k] + runs[k + 1]) * PAGE, size)));
  }
  const data = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    data.set(part, offset);
    offset += part.length;
  }
  return { size, runs: Uint32Array.from(runs), data };
}

// The whole memory again, or null when the record does not add up.
/**
 * @param {PackedMemory} memory
 * @returns {Uint8Array | null}
 */
export function unpack({ size, runs, data }) {
  const typed = runs instanceof Uint32Array && data instanceof Uint8Array;
  if (!Number.isSafeInteger(size) || !typed || runs.length % 2) return null;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (let k = 0; k < runs.length; k += 2) {
    const start = runs[k] * PAGE;
    const end = Math.min((runs[k] + runs[k + 1]) * PAGE, size);
    if (start >= end || offset + end - start > data.length) return null;
    bytes.set(data.subarray(offset, offset + end - start), start);
    offset += end - start;
  }
  return offset === data.length ? bytes : null;
}

// The snapshot published with the site (tools/pyodide_snapshot.mjs, made at build
// time under Node): one file, a little-endian u32 N, N bytes of JSON {key, size,
// runs, files: [[path, length], ...]}, the files' bytes, then the packed memory.
/**
 * @param {PackedMemory & {key: string, files: [string, Uint8Array][]}} record
 * @returns {Uint8Array}
 */
export function encodePublished({ key, size, runs, data, files }) {
  const header = new TextEncoder().encode(JSON.stringify({
    key,
    size,
    runs: Array.from(runs),
    files: files.map(([name, bytes]) => [name, bytes.length]),
  }));
  const parts = [new Uint8Array(Uint32Array.of(header.length).buffer), header, ...files.map(([, b]) => b), data];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

// {key, size, runs, data, files} of a published file (an ArrayBuffer), or null when it
// does not add up. `data` and the files are views of `buffer`.
/**
 * @param {ArrayBuffer} buffer
 * @returns {SnapshotRecord | null}
 */
export function decodePublished(buffer) {
  try {
    const view = new DataView(buffer);
    const length = view.getUint32(0, true);
    /** @type {{key: unknown, size: number, runs: number[], files: [unknown, number][]}} */
    const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, length)));
    let offset = 4 + length;
    /** @type {EngineFile[]} */
    const files = header.files.map(([name, size]) => {
      const bytes = new Uint8Array(buffer, offset, size);
      offset += size;
      return [String(name), bytes];
    });
    const record = {
      key: String(header.key),
      size: header.size,
      runs: Uint32Array.from(header.runs),
      data: new Uint8Array(buffer, offset),
      files,
    };
    return record;
  } catch {
    return null;
  }
}

// The published snapshot at `url` for `key`: {bytes, files, record} (record: to keep in
// IndexedDB as it is), or null if it is of another key or does not add up. Rejects
// when it cannot be fetched.
/**
 * @param {string | URL} url
 * @param {string | null} key
 * @param {FetchFile} [fetchFile]
 * @returns {Promise<PublishedSnapshot | null>}
 */
export async function fetchPublished(url, key, fetchFile = fetch) {
  const response = await fetchFile(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const record = decodePublished(await response.arrayBuffer());
  if (!record || record.key !== key) return null;
  const bytes = unpack(record);
  return bytes ? { bytes, files: record.files, record } : null;
}

// Keep a record as it was published (already packed) for the next pages, marked as
// such: where the offline worker stores the published file with the runtime, the
// worker drops this copy (offlinePublished).
/** @param {SnapshotRecord} record */
export async function saveRecord(record) {
  const { key, size, runs, data, files } = record;
  // Copies: a view would keep its whole published buffer (the files, the header) twice.
  const own = files.map(([name, bytes]) => [name, bytes.slice()]);
  const kept = { key, size, runs, data: data.slice(), files: own, published: true };
  await request((await store("readwrite")).put(kept, RECORD));
}

// The published snapshot at `url` for `key` as the offline worker (ginrules-sw.js)
// stores it with the runtime, read from its cache ({bytes, files, record}), or null
// where it does not: one copy on the device, read as it is (no download, no decoding).
/**
 * @param {string | URL} url
 * @param {string | null} key
 * @returns {Promise<PublishedSnapshot | null>}
 */
export async function offlinePublished(url, key) {
  const response = globalThis.caches ? await caches.match(String(url)) : undefined;
  return response ? fetchPublished(url, key, async () => response) : null;
}

// Whether the offline worker stores the published snapshot at `url` (read nothing).
/** @param {string | URL} url */
export async function storedOffline(url) {
  return Boolean(globalThis.caches && (await caches.match(String(url))));
}

export async function deleteSnapshot() {
  await request((await store("readwrite")).delete(RECORD));
}

// loadPyodide options: restore `snapshot`, or start so that a snapshot can be made.
/** @param {Uint8Array | null} snapshot */
export function snapshotOptions(snapshot) {
  return snapshot ? { _loadSnapshot: snapshot } : { _makeSnapshot: true };
}

// The whole memory of `pyodide`, taken when the reader is idle after the first answers.
/**
 * @param {Pyodide} pyodide
 * @returns {Uint8Array}
 */
export function makeSnapshot(pyodide) {
  return pyodide.makeMemorySnapshot();
}

// The standard library's zip as it was decoded, in Cache Storage: a later page
// reads it as it is, where the browser's HTTP cache decodes the compressed
// response again on every page (60-250 ms for its 9 MB here, more under load).
// Its address is content-hashed, so an address is its bytes; `size` (runtime.json's
// `files`) still guards against a damaged copy. A missing, damaged or unreadable
// copy is null: the worker then fetches the file as before and keeps it again.
// Where the offline worker (ginrules-sw.js) stores the runtime, its copy is the one read
// and none is kept here: one copy on the device (the offline worker also takes over,
// and removes from here, a copy kept before it stored the runtime).
export const FILES = "ginrules-runtime";

// {bytes: ArrayBuffer, type} or null.
/**
 * @param {string | URL} url
 * @param {number} size
 * @returns {Promise<KeptFile | null>}
 */
export async function keptFile(url, size) {
  if (!globalThis.caches) return null; // not a secure context: the HTTP cache alone
  const response = await caches.match(String(url)); // this cache, or the offline worker's
  if (!response) return null;
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength !== size) {
    await forgetFiles();
    return null;
  }
  return { bytes, type: response.headers.get("Content-Type") };
}

// The address of the standard library's zip: `base`, the site's _pyodide/ folder.
/**
 * @param {string | URL} base
 * @param {Manifest} manifest
 */
export function stdlibAddress(base, manifest) {
  return new URL(manifest.stdlib, new URL(manifest.runtime, base));
}

// Where Pyodide writes the standard library's zip in its file system (its loader's
// installStdlib: /lib/python<major><minor>.zip), which a restored memory's import
// system reads: a restore is given an empty file there, and the zip afterwards.
/** @param {Manifest} manifest */
export function stdlibPath(manifest) {
  const [major, minor] = manifest.python.split(".");
  return `/lib/python${major}${minor}.zip`;
}

// Pyodide's site-packages (its loader's installStdlib makes it), where the engine's files go.
/** @param {Manifest} manifest */
export function sitePackagesPath(manifest) {
  const [major, minor] = manifest.python.split(".");
  return `/lib/python${major}.${minor}/site-packages`;
}

// Keep a decoded copy of each of `urls` (fetched again, from the HTTP cache) and
// drop every other file, such as those of an earlier runtime.
/**
 * @param {(string | URL)[]} urls
 * @param {FetchFile} [fetchFile]
 */
export async function keepFiles(urls, fetchFile = fetch) {
  if (!globalThis.caches) return;
  const cache = await caches.open(FILES);
  const wanted = new Set(urls.map(String));
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
  for (const url of wanted) {
    if (await caches.match(url)) continue; // (the offline worker's copy, too)
    const response = await fetchFile(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const type = response.headers.get("Content-Type") ?? "application/octet-stream";
    await cache.put(url, new Response(await response.blob(), { headers: { "Content-Type": type } }));
  }
}

export async function forgetFiles() {
  if (globalThis.caches) await caches.delete(FILES);
}
