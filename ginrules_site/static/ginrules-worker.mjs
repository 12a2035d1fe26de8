// Module Web Worker that runs the ginrules engine in Pyodide: a dedicated worker
// of one page, or, where the browser lets a shared worker outlive its pages
// (`extendedLifetime`), one worker shared by every page of the site in a language
// (ginrules-live.mjs): the engine then keeps running from page to page, and a
// later page answers at once. A shared worker talks through each page's port:
// progress, "ready", "failed", "snapshot" and "kept" go to every page, a result
// to the page that asked.
//
// Messages in:  {type: "hello"}                 (shared) answered {type: "hello", state, key}:
//                                               state "idle", "loading" or "ready"; key:
//                                               the snapshot key of the engine it runs
//               {type: "prepare", early?}       the reader showed intent: the kept snapshot is
//                                               read from now on (unless loading or running),
//                                               while the page fetches runtime.json; early: the
//                                               runtime's files named in the page, fetched from
//                                               now on ({key, wasm, snapshot, counted}: the
//                                               module, compiled here, when the page does not
//                                               compile it; the published snapshot on a first visit)
//               {type: "load", base, manifest, counted, compiled}  base: URL of the site's
//                                               _pyodide/ folder, manifest: its runtime.json;
//                                               counted: count the module's bytes as they
//                                               arrive; compiled: the page compiles the module
//               {type: "close"}                 (shared) a page gave up waiting: end the worker,
//                                               unless other pages are there
//               {type: "bye"}                   (shared) the page is going: forget its port (the
//                                               module it has not handed over is then null)
//               {type: "part", name, value, key}  a part of the start done by the page
//                                               (key: of its runtime.json; another key's is not used):
//                 "wasm": Pyodide's WebAssembly module, compiled (null: fetch it here;
//                 a shared worker always does: a module does not cross to it)
//               {type: "call", id, name, args}  args: JSON-ready object
// Messages out: {type: "progress", loaded, total, stage}   stage: download, start, engine
//                                               (the files fetched here: not the module)
//               {type: "ready", seconds, version, start, key, stages}
//                                                      start: "snapshot" or "fresh"
//               {type: "snapshot", saved, stages}      after a fresh start, once idle
//               {type: "kept", stages}                 the standard library kept, once idle
//               {type: "failed", message, file?, status?}
//               {type: "result", id, ok: true, value} | {type: "result", id, ok: false, error}
//
// Every file comes from `base` on the site's own origin. Pyodide starts with the
// precompiled standard library (runtime.json's `stdlib`, passed as stdLibURL) and
// the lock file inlined in runtime.json. The engine's wheel is fetched with its
// sha256 as the request's integrity (the browser refuses other bytes) and unpacked
// into site-packages. After the first start in a browser, once the reader is idle,
// the worker makes each warm-up call, then saves a memory snapshot with the
// engine's files (ginrules-snapshot.mjs); later pages restore it, put the files
// back (without fetching the wheel) and reseed the random generators, or start the
// normal way if anything fails. The standard library's zip is kept decoded in
// Cache Storage too, once idle, and later pages use it. This thread reads both
// back while it loads Pyodide's scripts; a dedicated worker's page compiles
// Pyodide's module ("part" message). No answer waits for the idle work.
// Each stage's time goes with "ready", "snapshot" and "kept".
import {
  deleteSnapshot,
  fetchPublished,
  forgetFiles,
  keepFiles,
  keptFile,
  makeSnapshot,
  offlinePublished,
  readSnapshot,
  saveRecord,
  saveSnapshot,
  snapshotOptions,
  stdlibAddress,
  sitePackagesPath,
  stdlibPath,
  storedOffline,
} from "./ginrules-snapshot.mjs";
/**
 * @import { EarlyFiles, EngineFile, FromWorker, KeptFile, LiveModule, Manifest, PublishedSnapshot, Pyodide, PyodideModule,
 *   SnapshotRecord, Stage, StageName, StartPath, StoredSnapshot, ToWorker } from "../live/ginrules-types"
 */
/** Where a page's messages are answered: its port, or a dedicated worker's scope. @typedef {{postMessage(message: FromWorker): void}} Port */
/**
 * A part of the start that a page hands over, for one build: resolved by its message.
 * @template T
 * @typedef {{promise: Promise<T | null>, resolve: (value: T | null) => void}} Part
 */
/** Work for when the reader is idle, one step at a time. @typedef {() => unknown} Step */

// A shared worker's pages (their ports); a dedicated worker answers its one page.
const SHARED = typeof SharedWorkerGlobalScope === "function" && globalThis instanceof SharedWorkerGlobalScope;
/** @type {Set<Port>} */
const ports = new Set();

/** @param {FromWorker} message */
function broadcast(message) {
  if (!SHARED) return postMessage(message);
  for (const port of ports) port.postMessage(message);
}

/** @type {LiveModule["call"] | null} */
let dispatch = null;
/** @type {Promise<void> | null} */
let loading = null;
/** @type {string | null} */
let key = null; // runtime.json's snapshot_key, of the engine this worker loads
let loaded = 0;
let total = 0;
/** @type {StageName} */
let phase = "download";
let failed = false;

// [stage, time] of each step of the start, in ms since the epoch (the page puts
// them on its own clock): sent with "ready" and "snapshot", read by benchmarks.
/** @type {Stage[]} */
const stages = [];
const stamp = (/** @type {string} */ name) => stages.push([name, performance.timeOrigin + performance.now()]);
stamp("worker");

// The stage the reader is told: the download until every runtime file has arrived
// (Pyodide fetches some of them while it starts), then Python starting, then the engine.
/** @param {StageName} [next] */
function progress(next = phase) {
  phase = next;
  if (key === null) return; // bytes fetched before the load: told once its total is known
  const stage = loaded < total && phase !== "done" ? "download" : phase;
  broadcast({ type: "progress", loaded, total, stage });
}

/**
 * @param {string} message
 * @param {{file?: string, status?: number}} [detail]
 */
function fail(message, detail = {}) {
  if (failed) return;
  failed = true;
  broadcast({ type: "failed", message, ...detail });
  if (SHARED) close(); // no page may find a broken engine: the next one starts anew
}

const fileName = (/** @type {string | URL} */ url) => new URL(url).pathname.split("/").pop();

// Report at once a runtime file that the server refuses (404, 500) or answers
// with a page instead of the file, rather than waiting for Pyodide's own timeout.
// The request (with its integrity option) goes through unchanged.
const realFetch = globalThis.fetch.bind(globalThis);
/**
 * @param {RequestInfo | URL} input
 * @param {RequestInit} [init]
 * @returns {Promise<Response>}
 */
async function checkedFetch(input, init) {
  const url = String(input instanceof Request ? input.url : input);
  let response;
  try {
    response = await realFetch(input, init);
  } catch (error) {
    const integrity = init?.integrity ? " (or its sha256 does not match)" : "";
    fail(`${fileName(url)}: could not be fetched${integrity}: ${/** @type {Error} */ (error).message}`, { file: fileName(url) });
    throw error;
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.ok || type.startsWith("text/html")) {
    const why = response.ok ? `served as ${type}` : `HTTP ${response.status}`;
    fail(`${fileName(url)}: ${why}`, { file: fileName(url), status: response.status });
    throw new Error(`${fileName(url)}: ${why}`);
  }
  return response;
}

// Count the bytes of a body as they arrive, so that the page can show real progress.
/** @param {Uint8Array} chunk */
function count(chunk) {
  loaded += chunk.byteLength;
  progress();
}

/** @param {string} url */
function counter(url) {
  return new TransformStream({
    transform(chunk, controller) {
      count(chunk);
      controller.enqueue(chunk);
    },
    flush() {
      stamp(`fetched ${fileName(url)}`);
    },
  });
}

// The parts of the start that the page does: a promise for each, resolved by its
// message, for each snapshot key (a shared worker may hear from pages of two builds
// at once: only the parts of the build it loads are used).
/**
 * @template T
 * @returns {Part<T>}
 */
function part() {
  /** @type {((value: T | null) => void) | undefined} */
  let resolve;
  /** @type {Promise<T | null>} */
  const promise = new Promise((r) => { resolve = r; });
  return { promise, resolve: /** @type {(value: T | null) => void} */ (resolve) };
}
/** @typedef {{wasm: Part<WebAssembly.Module>}} PageParts */
/** @type {Map<string | null, PageParts>} */
const parts = new Map();

/**
 * @param {string | null} forKey
 * @returns {PageParts}
 */
function fromPage(forKey) {
  if (!parts.has(forKey)) parts.set(forKey, { wasm: part() });
  return /** @type {PageParts} */ (parts.get(forKey));
}
/** @type {Port | null} */
let loader = null; // the port of the page that asked for the load

// The snapshot this browser keeps (IndexedDB), read from the reader's intent
// ("prepare") or else from the load, on this thread; checked against the key of
// the build that is loaded (`key`, given by the load: a record of another build is
// deleted, never restored), null if none.
/** @type {{key: Part<string>, snapshot: Promise<StoredSnapshot | null>} | null} */
let keptRead = null;

function readKept() {
  if (!keptRead) {
    /** @type {Part<string>} */
    const wanted = part();
    const snapshot = readSnapshot(/** @type {Promise<string>} */ (wanted.promise)).catch(() => null);
    snapshot.then((found) => stamp(found ? "snapshot read" : "no snapshot kept"));
    keptRead = { key: wanted, snapshot };
  }
  return keptRead;
}

// Pyodide's WebAssembly module comes compiled from a dedicated worker's page
// (ginrules-live.mjs), from the browser's own response, so that it gets the
// browser's wasm code cache. A shared worker, or a page that could not compile
// it, leaves it to this thread: it is compiled here from the browser's own
// response too (its bytes counted on a copy, when `counted`), and a failure is
// reported with the file's name. Pyodide's fetch of its address then gets a
// stand-in, and its instantiateStreaming this module.
/** @type {{url: string, module: Promise<WebAssembly.Module>} | null} */
let wasm = null; // {url, module: Promise<WebAssembly.Module>}
const PRECOMPILED = Symbol("precompiled");

/**
 * @param {URL} url
 * @param {number} size
 * @param {boolean} counted
 * @param {boolean} byPage
 */
function awaitWasm(url, size, counted, byPage) {
  const module = fromPage(key).wasm.promise.then(async (compiled) => {
    if (compiled) return compiled;
    const ahead = early?.wasm?.url === url.href ? await early.wasm.module : null;
    if (ahead) {
      if (!early?.counted) loaded += size; // (else counted as it arrived)
      return ahead;
    }
    if (byPage) {
      total += size; // the page did not count it: this download is counted here
      progress();
    }
    const response = await checkedFetch(url);
    if (counted && response.body) {
      /** @type {ReadableStream<Uint8Array>} */ (response.clone().body).pipeTo(new WritableStream({ write: count })).catch(() => {});
    } else {
      loaded += size;
    }
    return WebAssembly.compileStreaming(response);
  });
  module.then(() => stamp("wasm received"), () => {});
  wasm = { url: url.href, module };
}

// Whether the standard library came from the decoded copy kept in Cache Storage
// (ginrules-snapshot.mjs: the HTTP cache decodes its compressed response again on
// every page). Not the WebAssembly module: only a response of fetch() gets the
// browser's wasm code cache, which is worth more.
let stdlibKept = false;

// The standard library's zip: the decoded copy this browser keeps in Cache Storage
// (this worker's or the offline worker's, read on this thread: nothing big crosses
// from a page, which for a shared worker is another process), or else the server's.
// A restore does not wait for it: its memory already holds every module that the
// engine's first answers import, so Pyodide gets an empty file where the zip goes,
// and the zip is written there once the memory is restored and the zip has arrived,
// before any Python runs (`stdlibDeferred`). A normal start gets it from Pyodide's
// fetch as usual.
/** @type {{url: string, bytes: Promise<Uint8Array<ArrayBuffer>>} | null} */
let stdlib = null;
let stdlibDeferred = false; // the boot under way restores a snapshot

/**
 * @param {URL} url
 * @param {number} size
 * @param {boolean} kept whether this browser is thought to keep a copy
 */
function fetchStdlib(url, size, kept) {
  const read = kept ? keptFile(url, size).catch(() => null) : Promise.resolve(null);
  const bytes = read.then(async (found) => {
    if (!found) return new Uint8Array(await (await countedFetch(url)).arrayBuffer());
    stdlibKept = true;
    loaded += size;
    stamp(`kept ${fileName(url)}`);
    progress();
    return new Uint8Array(found.bytes);
  });
  bytes.catch(() => {}); // failures are reported as they happen, and again where it is awaited
  stdlib = { url: url.href, bytes };
}

globalThis.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (wasm && url === wasm.url) return Object.assign(new Response(null), { [PRECOMPILED]: true });
  if (stdlib && url === stdlib.url) {
    if (stdlibDeferred) return new Response(new Uint8Array(0));
    return new Response(await stdlib.bytes);
  }
  return countedFetch(input, init);
};

// A runtime file, checked, with its bytes counted as they arrive.
/**
 * @param {RequestInfo | URL} input
 * @param {RequestInit} [init]
 */
async function countedFetch(input, init) {
  const url = String(input instanceof Request ? input.url : input);
  const response = await checkedFetch(input, init);
  if (!response.body) return response;
  return new Response(response.body.pipeThrough(counter(url)), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

const realInstantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = /** @type {Response & {[PRECOMPILED]?: boolean}} */ (await source);
  if (!response?.[PRECOMPILED]) return realInstantiateStreaming(response, imports);
  const module = await /** @type {{module: Promise<WebAssembly.Module>}} */ (wasm).module;
  const instance = await WebAssembly.instantiate(module, imports);
  stamp("wasm instantiated");
  return { module, instance };
};

/** @param {string} hex */
function integrity(hex) {
  const bytes = /** @type {RegExpMatchArray} */ (hex.match(/../g)).map((h) => parseInt(h, 16));
  return `sha256-${btoa(String.fromCharCode(...bytes))}`;
}

// The files of a pure-Python wheel, [path, bytes]: Python reads the archive in memory,
// and the files are written straight into the file system (Pyodide's unpackArchive
// writes them through Python's file objects, at about 1 ms a file here).
const UNZIP = `
def _ginrules_unzip(data):
    import io, zipfile
    with zipfile.ZipFile(io.BytesIO(data.to_py())) as archive:
        return [(i.filename, archive.read(i)) for i in archive.infolist() if not i.is_dir()]
_ginrules_unzip
`;

/**
 * @param {Pyodide} pyodide
 * @param {Uint8Array} bytes
 * @returns {EngineFile[]}
 */
function unpackWheel(pyodide, bytes) {
  const unzip = pyodide.runPython(UNZIP);
  const listed = unzip(bytes);
  const files = listed.toJs();
  listed.destroy();
  unzip.destroy();
  return files;
}

// The engine's files ([path in site-packages, bytes]: the wheel's and the call module)
// into the file system, then the call module: the engine answers `version`. After a
// restore the modules are in memory but the files are not: the snapshot's record
// brings them back, so that a restore needs neither the wheel nor unpacking it; and
// the call module reseeds the random generators (`restored`). No Python code is
// compiled on the way (runPython would be: 20-70 ms after a restore).
/**
 * @param {Pyodide} pyodide
 * @param {Manifest} manifest
 * @param {EngineFile[]} files
 * @param {boolean} restored
 * @returns {Promise<LiveModule>}
 */
async function startEngine(pyodide, manifest, files, restored) {
  progress("engine");
  const sitePackages = sitePackagesPath(manifest);
  if (!pyodide.FS.analyzePath(sitePackages).exists) throw new Error(`${sitePackages}: not Pyodide's site-packages`);
  for (const [name, data] of files) {
    const path = `${sitePackages}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, data);
  }
  stamp("engine files written");
  /** @type {LiveModule} */
  const live = pyodide.pyimport("ginrules_live");
  stamp("engine imported");
  if (restored) {
    live.restored(); // new random generators, and not the play tables of the page the snapshot was made on
    stamp("reseeded");
  }
  const version = JSON.parse(live.call("version", "{}"));
  stamp("engine answered");
  if (!version.ok) throw new Error("the engine does not answer");
  return live;
}

// The snapshot published with the site (runtime.json's `snapshot`: made at build time,
// tools/pyodide_snapshot.mjs), fetched once: {bytes, files, record}, or null when it
// is missing, of another build or does not add up (its bytes counted as they arrive;
// a failure here is no failure of the start: the worker starts the normal way).
/** @type {Promise<PublishedSnapshot | null> | null} */
let published = null;
let publishedCounted = 0;
let publishedSettled = false; // its bytes that will not arrive are counted
const publishedAbort = new AbortController();

/**
 * @param {URL} url
 * @param {string | null} [forKey] the snapshot key it must have (the load's, or the page's hint)
 * @param {AbortSignal} [signal] (of the early fetches, ended if runtime.json has another key)
 */
function fetchPublishedSnapshot(url, forKey = key, signal = publishedAbort.signal) {
  published ??= fetchPublished(url, forKey, async (address) => {
    const response = await realFetch(address, { signal: AbortSignal.any([publishedAbort.signal, signal]) });
    if (!response.ok || !response.body) return response;
    const counting = new TransformStream({
      transform(chunk, controller) {
        if (publishedSettled) return;
        publishedCounted += chunk.byteLength;
        count(chunk);
        controller.enqueue(chunk);
      },
      flush() {
        stamp("fetched published snapshot");
      },
    });
    return new Response(response.body.pipeThrough(counting), { headers: response.headers });
  }).catch(() => null);
  return published;
}

// The published snapshot is not used: its fetch, if any, ends, and its bytes that did
// not arrive count as arrived.
/** @param {Manifest} manifest */
function settlePublished(manifest) {
  if (publishedSettled || !manifest.snapshot) return;
  publishedSettled = true;
  publishedAbort.abort();
  loaded += Math.max(0, manifest.files[manifest.snapshot] - publishedCounted);
  progress();
}

// The runtime's files that the page names (its meta tag: ginrules-live.mjs), fetched from
// the reader's intent, before runtime.json has arrived: Pyodide's module, compiled here
// (only when the page does not compile it: a shared worker), first and with priority, and
// the published snapshot (a first visit). The load uses them if runtime.json has the
// same key, and ends them if not.
/** @type {(Omit<EarlyFiles, "wasm"> & {wasm: {url: string, module: Promise<WebAssembly.Module | null>} | null, abort: AbortController}) | null} */
let early = null;

/** @param {EarlyFiles} files */
function fetchEarly(files) {
  if (early) return;
  const abort = new AbortController();
  early = { ...files, wasm: null, abort };
  stamp("early fetches");
  if (files.wasm) {
    const module = realFetch(files.wasm, { signal: abort.signal, priority: "high" }).then((response) => {
      if (!response.ok || !response.body) return null; // fetched again by the load, which reports why
      if (files.counted) /** @type {ReadableStream<Uint8Array>} */ (response.clone().body).pipeTo(new WritableStream({ write: count })).catch(() => {});
      return WebAssembly.compileStreaming(response);
    }).catch(() => null);
    early.wasm = { url: files.wasm, module };
  }
  if (files.snapshot) fetchPublishedSnapshot(new URL(files.snapshot), files.key, abort.signal);
}

/**
 * @param {string} base
 * @param {Manifest} manifest
 * @param {boolean} [counted]
 * @param {boolean} [byPage]
 * @param {boolean} [kept]
 */
async function load(base, manifest, counted = true, byPage = true, kept = false) {
  key = manifest.snapshot_key;
  if (early && early.key !== key) {
    // The page named another build's files (a page older than runtime.json): not used.
    early.abort.abort();
    early = null;
    published = null;
    publishedCounted = 0;
  }
  const file = (/** @type {string} */ name) => manifest.files[`${manifest.runtime}${name}`];
  total = manifest.total - (byPage ? file("pyodide.asm.wasm") : 0); // the page counts its module's bytes
  const started = performance.now();
  stamp("load");
  const runtimeURL = new URL(manifest.runtime, base);
  const engineURL = new URL(manifest.engine, base);
  progress("download");
  // For a fresh start, the engine's two files download while Pyodide starts.
  let engine = /** @type {Promise<[Uint8Array, string]> | null} */ (null); // (set by fetchEngine)
  const fetchEngine = () => {
    engine ??= Promise.all([
      fetch(new URL(manifest.wheel.file_name, engineURL), {
        integrity: integrity(manifest.wheel.sha256),
      }).then((r) => r.arrayBuffer()).then((b) => new Uint8Array(b)),
      fetch(new URL(manifest.module.file_name, engineURL)).then((r) => r.text()),
    ]);
    engine.catch(() => {});
    return engine;
  };
  // What this browser keeps, read here: the snapshot (IndexedDB; since the reader's
  // intent, if the page said so) and the standard library (below).
  const { key: wanted, snapshot: stored } = readKept();
  wanted.resolve(manifest.snapshot_key);
  awaitWasm(new URL("pyodide.asm.wasm", runtimeURL), file("pyodide.asm.wasm"), counted, byPage);
  const stdlibURL = stdlibAddress(base, manifest);
  // The snapshot this browser keeps (read by the page) if any, else the published one,
  // fetched at once on a first visit (no hint that this browser keeps one: `kept`).
  const publishedURL = manifest.snapshot ? new URL(manifest.snapshot, base) : null;
  if (publishedURL && !kept) fetchPublishedSnapshot(publishedURL);
  // Bytes that this start will not fetch count as arrived: the progress still adds up.
  /** @param {...string} names */
  const skip = (...names) => {
    for (const name of names) loaded += manifest.files[name] ?? 0;
    progress();
  };
  const engineFiles = [manifest.wheel.file_name, manifest.module.file_name].map((n) => `${manifest.engine}${n}`);
  /** @typedef {(StoredSnapshot & {start: "snapshot"}) | (PublishedSnapshot & {start: "published"})} Chosen */
  /** @type {Promise<Chosen | null>} */
  const chosen = stored.then(async (found) => {
    if (found) return { ...found, start: "snapshot" };
    // The published snapshot as the offline worker stores it with the runtime (a
    // language of the site visited before): this device's one copy of it.
    const offline = publishedURL ? await offlinePublished(publishedURL, key).catch(() => null) : null;
    if (offline) {
      stamp("offline snapshot read");
      return { ...offline, start: "snapshot" }; // (no copy here to drop)
    }
    const got = publishedURL ? await fetchPublishedSnapshot(publishedURL) : null;
    stamp(got ? "published snapshot received" : "no snapshot");
    if (got) return { ...got, start: "published" };
    fetchEngine();
    return null;
  });
  fetchStdlib(stdlibURL, file(manifest.stdlib), kept);
  // Pyodide's own script loads while the snapshot is read (loadPyodide imports the same module).
  const asm = import(new URL("pyodide.asm.mjs", runtimeURL).href).then(
    () => stamp("pyodide.asm.mjs imported"),
    () => {}, // loadPyodide imports it again and reports the failure
  );
  /** @type {PyodideModule["loadPyodide"]} */
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(new URL("pyodide.mjs", runtimeURL).href));
    stamp("pyodide.mjs imported");
  } catch (error) {
    fail(`pyodide.mjs: ${/** @type {Error} */ (error).message}`, { file: "pyodide.mjs" });
    throw error;
  }
  // pyodide.mjs and pyodide.asm.mjs come through import(), not fetch.
  loaded += file("pyodide.mjs") + file("pyodide.asm.mjs");
  const boot = async (/** @type {Uint8Array | null} */ snapshot) => {
    progress("start");
    stamp(snapshot ? "restore" : "boot");
    stdlibDeferred = Boolean(snapshot);
    const pyodide = await loadPyodide({
      indexURL: runtimeURL.href,
      stdLibURL: stdlibURL.href,
      lockFileContents: JSON.stringify(manifest.lock),
      packageBaseUrl: engineURL.href,
      stdout: () => {},
      stderr: () => {},
      fsInit: async () => {
        stamp("file system");
      },
      ...snapshotOptions(snapshot),
    });
    stamp(snapshot ? "restored" : "booted");
    if (snapshot) {
      // The standard library where Pyodide put the empty file, before any Python runs.
      const path = stdlibPath(manifest);
      if (!pyodide.FS.analyzePath(path).exists) throw new Error(`${path}: not where Pyodide keeps the standard library`);
      // (canOwn: the file system keeps these bytes, not a copy of them)
      pyodide.FS.writeFile(path, await /** @type {{bytes: Promise<Uint8Array>}} */ (stdlib).bytes, { canOwn: true });
      stamp("stdlib written");
    }
    return pyodide;
  };
  /** @type {Exclude<StartPath, "running">} */
  let start = "fresh";
  /** @type {LiveModule | null} */
  let live = null;
  let snapshot = await chosen;
  await asm;
  if (snapshot) skip(...engineFiles); // a restore needs neither: the engine's files come with the snapshot
  while (snapshot && !live) {
    try {
      live = await startEngine(await boot(snapshot.bytes), manifest, snapshot.files, true);
      start = snapshot.start;
    } catch (error) {
      if (failed) throw error; // a runtime file failed: not the snapshot's fault
      // A snapshot of this browser that does not restore is dropped (with the kept
      // standard library, in case it was at fault), and the published one is tried;
      // if that fails too, this start is a fresh one, which makes and keeps new ones.
      if (stdlibKept) fetchStdlib(stdlibURL, file(manifest.stdlib), false); // from the server again
      stdlibKept = false;
      await Promise.all([deleteSnapshot(), forgetFiles()]).catch(() => {});
      const next = snapshot.start === "snapshot" && publishedURL ? await fetchPublishedSnapshot(publishedURL) : null;
      snapshot = next ? { ...next, start: "published" } : null;
      stamp(snapshot ? "published snapshot received" : "restore failed");
      if (!snapshot) for (const name of engineFiles) loaded -= manifest.files[name] ?? 0; // fetched now
    }
  }
  // The published snapshot was not used: its fetch under way, if any, ends.
  if (start !== "published") settlePublished(manifest);
  /** @type {Pyodide | null} */
  let fresh = null;
  /** @type {EngineFile[] | null} */
  let files = null;
  if (!live) {
    fetchEngine();
    fresh = await boot(null);
    const [wheel, module] = await /** @type {Promise<[Uint8Array, string]>} */ (engine);
    stamp("wheel ready");
    files = [...unpackWheel(fresh, wheel), ["ginrules_live.py", module]];
    stamp("wheel unpacked");
    live = await startEngine(fresh, manifest, files, false);
  }
  dispatch = live.call;
  loaded = total;
  progress("done");
  stamp("ready");
  broadcast({
    type: "ready",
    seconds: (performance.now() - started) / 1000,
    version: live.VERSION,
    start,
    key,
    stages: stages.splice(0),
  });
  // Once idle: the snapshot after a fresh start, then the decoded copy of the standard library.
  const keep = stdlibKept ? [] : [keepWork([stdlibURL])];
  // A published snapshot is kept as it came, for the next pages, unless the offline
  // worker stores it (then a copy kept before goes); a fresh start makes one.
  /** @type {Step[]} */
  const own = [];
  if (start === "published") own.push(recordWork(/** @type {PublishedSnapshot} */ (snapshot).record, publishedURL));
  else if (snapshot?.published && publishedURL) own.push(dropCopyWork(publishedURL));
  if (fresh) own.push(...snapshotWork(fresh, live, manifest.snapshot_key, /** @type {EngineFile[]} */ (files)));
  whenIdle([...own, ...keep]);
}

/**
 * @param {SnapshotRecord} record
 * @param {URL | null} url the published file's address
 */
function recordWork(record, url) {
  return async () => {
    if (url && (await storedOffline(url))) {
      stamp("snapshot stored offline");
    } else {
      await saveRecord(record);
      stamp("snapshot saved");
    }
    broadcast({ type: "snapshot", saved: true, stages: stages.splice(0) });
  };
}

// A published snapshot kept here (IndexedDB) before the offline worker stored the
// same file with the runtime: the copy here goes, the next pages read the offline one.
/** @param {URL} url the published file's address */
function dropCopyWork(url) {
  return async () => {
    if (!(await storedOffline(url))) return;
    await deleteSnapshot();
    stamp("snapshot copy dropped");
    broadcast({ type: "kept", stages: stages.splice(0) });
  };
}

/** @param {URL[]} files */
function keepWork(files) {
  return async () => {
    await keepFiles(files, realFetch);
    stamp("stdlib kept");
    broadcast({ type: "kept", stages: stages.splice(0) });
  };
}

// After a fresh start, work for the moments when the reader is idle (no call for
// IDLE_MS), one step at a time, so that no answer waits for it: the warm-up calls
// (ginrules_live.warm_calls), then the memory snapshot, then saving it.
const IDLE_MS = 300;
const STEP_GAP_MS = 10;
/** @type {Step[]} */
let idleSteps = [];
/** @type {number | null} */
let idleTimer = null;

/**
 * @param {Step[]} steps
 * @param {number} [delay]
 */
function whenIdle(steps, delay = IDLE_MS) {
  idleSteps = steps;
  clearTimeout(/** @type {number | undefined} */ (idleTimer));
  if (!idleSteps.length) return;
  idleTimer = setTimeout(async () => {
    idleTimer = null;
    const step = /** @type {Step} */ (idleSteps.shift());
    try {
      await step();
    } catch {
      idleSteps = []; // no snapshot this time; the next page tries again
    }
    if (!idleTimer) whenIdle(idleSteps, STEP_GAP_MS);
  }, delay);
}

/**
 * @param {Pyodide} pyodide
 * @param {LiveModule} live
 * @param {string} key
 * @param {EngineFile[]} files
 * @returns {Step[]}
 */
function snapshotWork(pyodide, live, key, files) {
  /** @type {[string, unknown][]} */
  let warm = [];
  try {
    warm = JSON.parse(live.warm_calls());
  } catch {
    // a call module without warm-up calls: the snapshot is taken as it is
  }
  /** @type {Uint8Array | null} */
  let bytes = null;
  return [
    ...warm.map(([name, args]) => () => {
      live.call(name, JSON.stringify(args));
    }),
    () => {
      stamp("warmed");
      bytes = makeSnapshot(pyodide);
      stamp("snapshot made");
    },
    async () => {
      await saveSnapshot(key, /** @type {Uint8Array} */ (bytes), files);
      bytes = null;
      stamp("snapshot saved");
      broadcast({ type: "snapshot", saved: true, stages: stages.splice(0) });
    },
  ];
}

// One message of a page; `port`: where a shared worker answers it.
/**
 * @param {ToWorker} message
 * @param {Port} port
 */
function handle(message, port) {
  if (message.type === "hello") {
    const state = dispatch ? "ready" : loading ? "loading" : "idle";
    port.postMessage({ type: "hello", state, key });
    return;
  }
  if (message.type === "prepare") {
    if (loading || dispatch) return;
    readKept();
    if (message.early) fetchEarly(message.early);
    return;
  }
  if (message.type === "load") {
    if (loading) return; // another page asked first: its engine's "ready" says which build
    loader = port;
    loading = load(message.base, message.manifest, message.counted, message.compiled, message.kept).catch((error) => {
      forgetFiles().catch(() => {}); // the next page fetches the standard library again
      fail(String(error && error.message ? error.message : error));
    });
    return;
  }
  if (message.type === "close") {
    // A page gave up waiting for this start: end it, unless other pages are there.
    ports.delete(port);
    if (!dispatch && ports.size === 0) close();
    return;
  }
  if (message.type === "bye") {
    ports.delete(port);
    if (port === loader && !dispatch) fromPage(key).wasm.resolve(null); // the page went first: the module is fetched here
    return;
  }
  if (message.type === "part") {
    /** @type {Part<unknown>} */ (fromPage(message.key ?? null)[message.name])?.resolve(message.value);
    return;
  }
  if (message.type === "call") {
    if (!dispatch) {
      port.postMessage({
        type: "result",
        id: message.id,
        ok: false,
        error: { code: "not_ready", message: "engine not loaded" },
      });
      return;
    }
    const started = performance.now();
    const reply = JSON.parse(dispatch(message.name, JSON.stringify(message.args ?? {})));
    port.postMessage({ type: "result", id: message.id, ms: performance.now() - started, ...reply });
    // The reader is busy: the idle work waits for the next quiet moment.
    if (idleSteps.length) whenIdle(idleSteps);
  }
}

if (SHARED) {
  onconnect = ({ ports: [port] }) => {
    ports.add(port);
    port.onmessage = ({ data }) => handle(data, port);
  };
} else {
  onmessage = ({ data }) => handle(data, globalThis);
}
