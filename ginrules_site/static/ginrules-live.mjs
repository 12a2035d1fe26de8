// Client of the engine worker: one runtime per page, shared by every widget.
//
//   import { runtime, startOnIntent } from "./ginrules-live.mjs";
//   startOnIntent(widgetRoots);                       // pointer over or focus in a widget
//   await runtime().ready({ onProgress, confirm });   // loads on first use only
//   runtime().startPath                               // "running", "snapshot", "published" or "fresh", once ready
//   performance.getEntriesByType("mark")              // "ginrules:<stage>": how the start went
//   const reply = await runtime().call("melds", { cards: "7H 8H 9H" });
//   // reply: {ok: true, value} or {ok: false, error: {code, message, ...params}}
//
// Nothing is fetched before ready() is called, or before the reader shows intent
// (startOnIntent; never when the browser asks to save data, where ready() asks
// first). The runtime lives in the site's /_pyodide/ folder, two levels above this
// file (/<lang>/_static/): runtime.json there names its content-hashed folders.
// For a dedicated worker, one part of the start runs on this page's thread, which
// is idle then, while the worker loads Pyodide's scripts: Pyodide's WebAssembly
// module is fetched and compiled here (the browser keeps its compiled code for the
// next page) and handed to the worker. What the browser keeps after a first start
// (the engine's memory snapshot, the decoded standard library: ginrules-snapshot.mjs)
// the worker reads itself: nothing big crosses between threads (for a shared worker,
// between processes, where a transfer is a copy).
/**
 * @import { CallName, Calls, EarlyFiles, FromWorker, HelloAnswer, Manifest, ProgressMessage,
 *   ReadyMessage, ResultMessage, StageName, StartPath, ToWorker } from "../live/ginrules-types"
 */
/**
 * The progress of the start, as a page's listeners hear it.
 * @typedef {{loaded: number, total: number, stage: StageName}} Progress
 */
/** @typedef {(progress: Progress) => void} ProgressListener */
/** An error event of a worker: a shared worker's has no message. @typedef {Event & {message?: string}} WorkerError */

const DEFAULT_TIMEOUT_MS = 90_000;

// localStorage: the snapshot key of the engine this browser has kept a snapshot
// of. Only a hint: with it, Pyodide's module comes from the browser's cache, and
// its bytes are not counted as they arrive (counting reads a copy of the response
// in JavaScript, 30-50 ms of a thread for a bar nobody sees); without it, the
// standard library is downloaded at once, not first looked for in Cache Storage.
const KEPT = "ginrules-engine-kept";

/** @param {string} key */
function keptHint(key) {
  try {
    return localStorage.getItem(KEPT) === key;
  } catch {
    return false; // storage refused: every byte is counted
  }
}

// The runtime's big files, named by the build in the page (assets.py: a meta tag, the
// same content-hashed names as runtime.json), so that their downloads start at the
// reader's intent, while runtime.json arrives: {key, wasm, snapshot} (absolute
// addresses), or null (no runtime built, or a page of another kind). Only a hint: the
// worker uses what it fetched only if runtime.json has the same snapshot key.
/** @param {URL} base */
function runtimeHint(base) {
  const content = globalThis.document?.querySelector("meta[name='ginrules-runtime']")?.getAttribute("content");
  if (!content) return null;
  try {
    const { key, wasm, snapshot } = JSON.parse(content);
    if (typeof key !== "string" || typeof wasm !== "string") return null;
    return { key, wasm: new URL(wasm, base).href, snapshot: typeof snapshot === "string" ? new URL(snapshot, base).href : null };
  } catch {
    return null; // a broken tag: the files come after runtime.json, as without one
  }
}

/** @param {string} key */
function rememberKept(key) {
  try {
    localStorage.setItem(KEPT, key);
  } catch {
    // storage refused: the hint is only missed
  }
}

// The engine outlives its page where the browser lets a shared worker live on
// after its last page has gone (`extendedLifetime`, Chromium 148 and later): every
// page of the site in one language then talks to one engine, and a later page finds
// it running and answers at once ("running"), where it would otherwise restore it
// from the snapshot. Elsewhere, and after a shared start failed, each page has a
// dedicated worker of its own. A page hidden while its engine ran notes the time
// (localStorage LIVE): a page opened within LIVE_MS of it joins the engine at
// once, before any intent (nothing is fetched but the worker's script, from the
// browser's cache), so that the engine keeps running while the reader reads.
// Test hooks: globalThis.GINRULES_ENGINE_NAME names the shared worker (another
// name: another engine), GINRULES_SHARED_ENGINE = false gives a dedicated worker.
const LIVE = "ginrules-engine-live";
const LIVE_MS = 60_000;

function sharedEngine() {
  if (globalThis.GINRULES_SHARED_ENGINE === false || typeof SharedWorker !== "function") return false;
  // A browser that knows the option reads it while it checks the arguments, before
  // the address (not one) makes the constructor throw: nothing is started.
  let known = false;
  try {
    new SharedWorker("http://[", { get extendedLifetime() { known = true; return true; } });
  } catch {
    // expected
  }
  return known;
}

function engineName() {
  return String(globalThis.GINRULES_ENGINE_NAME ?? "ginrules-engine");
}

// The shared worker, behind the few members of a Worker that this module uses,
// and ask(): a promise of its state, {state: "idle" | "loading" | "ready", key}
// (key: runtime.json's snapshot_key of the engine it runs or loads).
class SharedEngine {
  /** @param {URL} url */
  constructor(url) {
    this.worker = new SharedWorker(url, { type: "module", name: engineName(), extendedLifetime: true });
    this.port = this.worker.port;
    /** @type {((event: MessageEvent<FromWorker>) => void) | null} */
    this.onmessage = null;
    /** @type {((event: WorkerError) => void) | null} */
    this.onerror = null;
    /** @type {((answer: HelloAnswer) => void)[]} */
    this.asked = [];
    this.ended = false; // the worker said its start failed, and ended
    this.port.onmessage = (/** @type {MessageEvent<FromWorker>} */ event) => {
      if (event.data.type === "failed") this.ended = true;
      if (event.data.type === "hello") this.asked.shift()?.(event.data);
      else this.onmessage?.(event);
    };
    this.worker.onerror = (event) => {
      this.ended = true;
      this.onerror?.(event);
    };
    this.port.start();
  }

  /** @returns {Promise<HelloAnswer>} */
  ask() {
    /** @type {Promise<HelloAnswer>} */
    const answer = new Promise((resolve) => this.asked.push(resolve));
    this.port.postMessage({ type: "hello" });
    return answer;
  }

  /**
   * @param {ToWorker} message
   * @param {Transferable[]} [transfer]
   */
  postMessage(message, transfer) {
    this.port.postMessage(message, /** @type {Transferable[]} */ (transfer));
  }

  // Only a start that a page gave up on ends the worker; other pages keep a running one.
  terminate() {
    this.port.postMessage({ type: "close" });
    this.port.close();
  }
}

function noteLive() {
  try {
    localStorage.setItem(LIVE, String(Date.now()));
  } catch {
    // storage refused: the next page joins the engine on intent only
  }
}

function recentlyLive() {
  try {
    return Date.now() - Number(localStorage.getItem(LIVE)) < LIVE_MS;
  } catch {
    return false;
  }
}

// Each stage of the start, on the page's timeline as a performance mark
// "ginrules:<stage>" (benchmarks/widgets.py prints them). `at`: ms since the epoch.
/**
 * @param {string} stage
 * @param {number} [at]
 */
function mark(stage, at = performance.timeOrigin + performance.now()) {
  performance.mark(`ginrules:${stage}`, { startTime: Math.max(0, at - performance.timeOrigin) });
}

export class LoadError extends Error {
  /**
   * @param {"timeout" | "declined" | "failed"} code
   * @param {string} message
   * @param {string | null} [file]
   */
  constructor(code, message, file = null) {
    super(message);
    this.code = code; // "timeout", "declined", "failed"
    this.file = file; // the runtime file that failed, when one did
  }
}

class Runtime {
  /** @param {URL} base the site's _pyodide/ folder */
  constructor(base) {
    this.base = base;
    /** @type {Worker | SharedEngine | null} */
    this.worker = null;
    /** @type {Promise<{start?: StartPath}> | null} */
    this.readyPromise = null;
    /** @type {Map<number, (result: ResultMessage<any>) => void>} (each call's own answer) */
    this.pending = new Map();
    this.nextId = 1;
    /** @type {Set<ProgressListener>} */
    this.listeners = new Set();
    /** @type {"idle" | "loading" | "ready"} */
    this.state = "idle"; // idle, loading, ready
    /** @type {unknown} */
    this.error = null;
    /** @type {Manifest | null} */
    this.manifest = null;
    /** @type {Promise<Manifest> | null} */
    this.manifestPromise = null;
    /** @type {StartPath | null | undefined} */
    this.startPath = null; // "running" (another page started it), "snapshot" (this browser's),
    // "published" (the site's snapshot, made at build time) or "fresh"
    this.snapshotSaved = false;
    /** @type {ProgressMessage | null} */
    this.progress = null; // the worker's last progress message
    // The bytes of Pyodide's module, counted here (size: from runtime.json), for the
    // build of `key`; done once compiled; failed: the worker fetches it.
    this.module = { key: "", size: 0, loaded: 0, done: false, failed: false };
    this.shared = sharedEngine(); // false after a shared start failed: a dedicated worker
    /** @type {SharedEngine | null} */
    this.joined = null; // the shared worker, joined as the page opened
    this.running = false; // whether the shared worker joined as the page opened runs an engine
    if (this.shared) {
      addEventListener("pagehide", (event) => {
        const engine = this.worker instanceof SharedEngine ? this.worker : this.joined;
        if (!engine || engine.ended) return;
        if (this.running || (this.state === "ready" && engine === this.worker)) noteLive();
        if (!event.persisted) engine.postMessage({ type: "bye" }); // kept for Back: it may return
      });
      if (recentlyLive() && !navigator.connection?.saveData) {
        this.joined = this.join();
        this.joined.ask().then(({ state }) => {
          this.running = state !== "idle";
        });
        mark("joined");
      }
    }
  }

  join() {
    return new SharedEngine(new URL("ginrules-worker.mjs", import.meta.url));
  }

  // The worker's progress (the files it fetches) with the module's bytes, to every listener.
  /** @param {ProgressMessage | null} [data] */
  report(data = this.progress) {
    if (!data) return;
    this.progress = data;
    const { size, done } = this.module;
    const loaded = done ? size : Math.min(size, this.module.loaded);
    // Python cannot start before the module has arrived: until then, the download.
    const stage = loaded < size && data.stage !== "done" ? "download" : data.stage;
    const total = data.total + size;
    for (const listener of this.listeners) listener({ loaded: data.loaded + loaded, total, stage });
  }

  // Fetch and compile Pyodide's module (at `url`, of the build of `key`), from the
  // browser's own response (a response made in JavaScript gets no wasm code cache),
  // with priority over the other downloads, and hand it to `worker`; null, if it
  // fails, and the worker fetches it and reports why. Called from the reader's intent
  // when the page names the module (runtimeHint), else once runtime.json is in.
  // `signal` ends the download when this try of the start fails.
  /**
   * @param {Worker} worker
   * @param {string | URL} url
   * @param {string} key
   * @param {boolean} counted
   * @param {AbortSignal} signal
   */
  compileModule(worker, url, key, counted, signal) {
    const module = this.module = { key, size: 0, loaded: 0, done: false, failed: false };
    const report = () => {
      if (!signal.aborted) this.report(); // not for a failed try
    };
    const count = new WritableStream({
      write: (/** @type {Uint8Array} */ chunk) => {
        module.loaded += chunk.byteLength;
        report();
      },
    });
    fetch(url, { signal, priority: "high" }).then((response) => {
      if (counted && response.ok && response.body) /** @type {ReadableStream<Uint8Array>} */ (response.clone().body).pipeTo(count).catch(() => {});
      return WebAssembly.compileStreaming(response);
    }).then((compiled) => {
      mark("wasm compiled");
      module.done = true;
      worker.postMessage({ type: "part", name: "wasm", value: compiled, key });
      report();
    }).catch(() => {
      // The worker downloads it, and counts and checks that download itself.
      module.failed = true;
      module.size = module.loaded = 0;
      worker.postMessage({ type: "part", name: "wasm", value: null, key });
      report();
    });
  }

  // Start loading ahead of the first interaction, unless the reader saves data.
  warm() {
    if (this.state !== "idle" || navigator.connection?.saveData) return;
    this.ready().catch(() => {}); // a failure shows on the interaction, which tries again
  }

  // The one-time download, compressed as hosts send it (runtime.json's `download`;
  // the progress counts the decoded bytes of `files`, which add up to `total`).
  // One request, however many ask at once; asked again after a failure.
  /** @returns {Promise<number>} */
  async size() {
    this.manifestPromise ??= fetch(new URL("runtime.json", this.base)).then(
      (r) => {
        if (!r.ok) throw new LoadError("failed", `runtime.json: HTTP ${r.status}`, "runtime.json");
        return r.json();
      },
    ).catch((error) => {
      this.manifestPromise = null;
      throw error instanceof LoadError ? error : new LoadError("failed", `runtime.json: ${error.message}`, "runtime.json");
    });
    this.manifest = await this.manifestPromise;
    return this.manifest.download;
  }

  // Resolve when the engine answers. `confirm(bytes)` is asked first when the
  // reader has asked to save data; returning false leaves nothing downloaded.
  /**
   * @param {{onProgress?: ProgressListener, confirm?: (bytes: number) => boolean | Promise<boolean>,
   *   timeoutMs?: number}} [options]
   */
  ready({ onProgress, confirm, timeoutMs } = {}) {
    if (onProgress) this.listeners.add(onProgress);
    if (this.readyPromise) return this.readyPromise;
    this.state = "loading";
    mark("intent");
    this.readyPromise = this.start(confirm, timeoutMs ?? globalThis.GINRULES_LOAD_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS);
    this.readyPromise.then(
      () => {
        this.state = "ready";
        keepOffline(); // the reader has used the site
      },
      (error) => {
        this.error = error;
        // The next interaction tries again (asks again, for a declined download).
        this.worker?.terminate();
        this.worker = null;
        this.readyPromise = null;
        this.state = "idle";
      },
    );
    return this.readyPromise;
  }

  /**
   * @param {((bytes: number) => boolean | Promise<boolean>) | undefined} confirm
   * @param {number} timeoutMs
   * @returns {Promise<{start?: StartPath}>}
   */
  start(confirm, timeoutMs) {
    this.progress = null; // of an earlier try, if any
    this.module = { key: "", size: 0, loaded: 0, done: false, failed: false };
    const abort = new AbortController(); // this try's own downloads, ended if it fails
    return new Promise((resolve, reject) => {
      /** @type {number | null} */
      let timer = null;
      let settled = false;
      let joinedLoading = false; // the shared engine was being started by another page
      const stop = (/** @type {unknown} */ error) => {
        settled = true;
        clearTimeout(/** @type {number | undefined} */ (timer));
        abort.abort();
        if (this.worker instanceof SharedEngine) this.shared = false; // the next try: a worker of its own
        reject(error);
      };
      const finish = (/** @type {{start: StartPath, stages?: ReadyMessage["stages"]}} */ data) => {
        settled = true;
        clearTimeout(/** @type {number | undefined} */ (timer));
        for (const [stage, at] of data.stages ?? []) mark(`worker ${stage}`, at);
        mark("ready");
        this.startPath = joinedLoading ? "running" : data.start;
        resolve(data);
      };
      // The engine answers: this page's build, or (two pages of two builds started a
      // shared worker at once, and the other's asked first) a worker of its own.
      const ready = async (/** @type {ReadyMessage} */ data) => {
        if (settled) return;
        if (data.key && this.worker instanceof SharedEngine) {
          const manifest = await this.manifestPromise?.catch(() => null);
          if (!manifest || settled) return; // runtime.json failed: reported as it did
          if (manifest.snapshot_key !== data.key) {
            joinedLoading = false;
            ownWorker();
            loadIn(this.worker, manifest);
            return;
          }
        }
        finish(data);
      };
      /**
       * @template {Worker | SharedEngine} W
       * @param {W} worker
       */
      const listen = (worker) => {
        worker.onerror = (/** @type {WorkerError} */ event) => {
          stop(new LoadError("failed", event.message || "ginrules-worker.mjs: worker error", "ginrules-worker.mjs"));
        };
        worker.onmessage = (/** @type {MessageEvent<FromWorker>} */ { data }) => {
          if (data.type === "progress") {
            this.report(data);
          } else if (data.type === "ready") {
            ready(data);
          } else if (data.type === "snapshot" || data.type === "kept") {
            for (const [stage, at] of data.stages ?? []) mark(`worker ${stage}`, at);
            if (data.type === "snapshot") {
              this.snapshotSaved = true;
              rememberKept(/** @type {Manifest} */ (this.manifest).snapshot_key);
            }
          } else if (data.type === "failed") {
            stop(new LoadError("failed", data.message, data.file ?? null));
          } else if (data.type === "result") {
            if (data.id === 1) mark("first answer");
            const settle = this.pending.get(data.id);
            this.pending.delete(data.id);
            settle?.(data);
          }
        };
        this.worker = worker;
        return worker;
      };
      // A dedicated worker: it reads what the browser keeps while runtime.json arrives.
      // (Its page compiles Pyodide's module: the worker fetches only the snapshot early.)
      const spawn = () => {
        listen(new Worker(new URL("ginrules-worker.mjs", import.meta.url), { type: "module" }));
        /** @type {ToWorker} */
        const prepare = { type: "prepare", ...(early && { early: { ...early, wasm: null } }) };
        /** @type {Worker} */ (this.worker).postMessage(prepare);
        return { state: "idle" };
      };
      // Leave the shared worker (it runs another build) to its pages: a worker of this page's own.
      const ownWorker = () => {
        /** @type {SharedEngine} */ (this.worker).port.close();
        this.shared = false;
        return spawn();
      };
      // The shared worker, started or not yet (by another page); if not, it reads what the
      // browser keeps while runtime.json arrives.
      const share = async () => {
        const engine = this.joined?.ended === false ? this.joined : this.join();
        this.joined = null;
        listen(engine);
        engine.postMessage({ type: "prepare", ...(early && { early }) });
        const hello = await engine.ask();
        const manifest = /** @type {Promise<Manifest>} */ (this.manifestPromise);
        if (hello.state !== "idle" && hello.key !== (await manifest).snapshot_key) return ownWorker();
        joinedLoading = hello.state === "loading";
        return hello;
      };
      /**
       * @param {Worker | SharedEngine} worker
       * @param {Manifest} manifest
       */
      const loadIn = (worker, manifest) => {
        const kept = keptHint(manifest.snapshot_key);
        const counted = !kept;
        const compiled = !(worker instanceof SharedEngine); // a module does not cross to a shared worker
        // kept: the worker waits for the snapshot this browser keeps before it fetches the
        // published one; otherwise it fetches that at once (a first visit).
        worker.postMessage(/** @satisfies {ToWorker} */ ({ type: "load", base: this.base.href, manifest, counted, compiled, kept }));
        const wasm = `${manifest.runtime}pyodide.asm.wasm`;
        if (compiled && this.module.key !== manifest.snapshot_key) {
          this.compileModule(/** @type {Worker} */ (worker), new URL(wasm, this.base), manifest.snapshot_key, counted, abort.signal);
        }
        if (compiled && !this.module.failed) {
          this.module.size = manifest.files[wasm]; // (compiled from the reader's intent, if the page named it)
          this.report();
        } else worker.postMessage(/** @satisfies {ToWorker} */ ({ type: "part", name: "wasm", value: null, key: manifest.snapshot_key }));
      };
      const begin = () => (this.shared ? share() : Promise.resolve(spawn()));
      const saveData = navigator.connection?.saveData;
      // The runtime's big files named in the page, fetched from now on, not once
      // runtime.json is in: Pyodide's module first, with priority (compiled here for a
      // dedicated worker, else by the shared worker), and, on a first visit, the
      // published snapshot (by the worker); never when the reader must be asked first.
      const hint = saveData ? null : runtimeHint(this.base);
      const keptHere = hint ? keptHint(hint.key) : false;
      /** @type {EarlyFiles | null} */
      const early = hint && { key: hint.key, wasm: hint.wasm, snapshot: keptHere ? null : hint.snapshot, counted: !keptHere };
      // The worker starts, and what the browser keeps is read, while runtime.json
      // arrives, unless the reader must be asked first.
      const begun = saveData ? null : begin();
      if (early) mark("early fetches");
      if (hint && this.worker && !(this.worker instanceof SharedEngine)) {
        this.compileModule(this.worker, hint.wasm, hint.key, !keptHere, abort.signal);
      }
      const sized = this.size();
      begun?.catch(() => {}); // reported below, once runtime.json is in
      sized.then(async (total) => {
        mark("runtime.json");
        if (saveData && confirm && !(await confirm(total))) {
          throw new LoadError("declined", "download declined");
        }
        if (settled) return; // this try failed meanwhile (its worker did not start), or the engine answers
        timer = setTimeout(() => {
          this.worker?.terminate();
          stop(new LoadError("timeout", `the engine did not load within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        const { state } = await (begun ?? begin());
        if (settled) return;
        if (state === "ready") finish({ start: "running" }); // started by another page of the site
        else if (state === "idle") loadIn(/** @type {Worker | SharedEngine} */ (this.worker), /** @type {Manifest} */ (this.manifest));
        // "loading": another page is starting it, and its "ready" comes here too
      }).catch(stop);
    });
  }

  /**
   * An engine call, once the engine answers: its value or the engine's refusal.
   * @template {CallName} N
   * @param {N} name
   * @param {Calls[N]["args"]} args
   * @returns {Promise<ResultMessage<Calls[N]["value"]>>}
   */
  async call(name, args) {
    await this.ready();
    const id = this.nextId++;
    if (id === 1) mark("first call");
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      /** @type {Worker | SharedEngine} */ (this.worker).postMessage(/** @type {ToWorker} */ ({ type: "call", id, name, args }));
    });
  }
}

/** @type {Runtime | null} */
let shared = null;

// Load the engine as soon as the reader shows intent: the pointer over a widget,
// the focus inside one, or a change of one of its fields, without waiting for the
// widget's own pause after typing (a share link in the URL starts it at once anyway).
/** @param {Iterable<Element>} roots */
export function startOnIntent(roots) {
  runtime(); // joins the shared engine at once if a page that just closed had it running
  if ([...roots].some((root) => root.matches(".gr-play"))) keepOffline(globalThis.GINRULES_OFFLINE_DELAY_MS ?? PLAY_OFFLINE_DELAY_MS); // the play page opened
  for (const root of roots) {
    for (const type of ["pointerenter", "focusin", "input"]) {
      root.addEventListener(type, () => runtime().warm(), { once: true, passive: true });
    }
  }
}

// Offline after one visit (issues 25, 34): once the reader has used the site (the engine
// answered, or the play page opened; never on a page where nothing was used), and
// when the browser is idle and does not ask to save data, register the service
// worker of this language (its folder's ginrules-sw.js, written by the build:
// ginrules_site/live/offline.py) as "?keep", which stores the language's pages and the
// runtime (one copy for every language), and, for each other language of the site
// (the page's hreflang alternates) that has no worker yet, its worker without
// "?keep", which stores only the page saying, offline, that the language is not
// stored. Registering again on a later page is the browser's check for a new build.
// Never while the engine starts (the worker's install downloads, decodes and hashes the
// whole runtime: it would slow the reader's first answer, measured on the play page by
// benchmarks/widgets.py): on the play page, which registers as it opens, not before
// `delayMs`, and in any case once a start under way is over. (Test hook:
// window.GINRULES_OFFLINE_DELAY_MS, set before the page loads, for that delay.)
let offlineAsked = false;
const PLAY_OFFLINE_DELAY_MS = 3000;

/** @param {number} [delayMs] */
export function keepOffline(delayMs = 0) {
  if (offlineAsked || !globalThis.navigator?.serviceWorker || navigator.connection?.saveData) return;
  offlineAsked = true;
  const idle = globalThis.requestIdleCallback ?? ((run) => setTimeout(run, 1000));
  const register = async () => {
    if (shared?.state === "loading") await shared.readyPromise?.catch(() => {});
    const container = navigator.serviceWorker;
    const here = new URL("../", import.meta.url); // the language's folder
    try {
      await container.register(new URL("ginrules-sw.js?keep", here));
      const langs = [...document.querySelectorAll("link[rel='alternate'][hreflang]")]
        .map((link) => link.getAttribute("hreflang") ?? "")
        .filter((lang) => /^[a-z]{2,3}(-[A-Za-z0-9]+)?$/.test(lang));
      for (const lang of langs) {
        const scope = new URL(`../${lang}/`, here);
        if (scope.href === here.href || (await container.getRegistration(scope.href))?.scope === scope.href) continue;
        await container.register(new URL("ginrules-sw.js", scope), { scope: scope.href }).catch(() => {});
      }
    } catch {
      // not served (a test page), or refused: the site works online as before
    }
  };
  setTimeout(() => idle(register, { timeout: 10_000 }), delayMs);
}

/** @returns {Runtime} */
export function runtime() {
  shared ??= new Runtime(new URL("../../_pyodide/", import.meta.url));
  return shared;
}

// "13.4 MB" in the reader's language.
/**
 * @param {number} bytes
 * @param {string | undefined} lang
 */
export function formatBytes(bytes, lang) {
  // The unit as the reader's language writes it: "13,4 Mo" in French, "13,4 MB" in Swedish.
  /** @type {Intl.NumberFormatOptions} */
  const unit = { style: "unit", unit: "megabyte", unitDisplay: "short", maximumFractionDigits: 1 };
  return new Intl.NumberFormat(lang, unit).format(bytes / 1_000_000);
}
