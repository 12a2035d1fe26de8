// Client of the engine worker: one runtime per page, shared by every widget.
//
//   import { runtime, startOnIntent } from "./ginrules-live.mjs";
//   startOnIntent(widgetRoots);                       // pointer over or focus in a widget
//   await runtime().ready({ onProgress, confirm });   // loads on first use only
//   runtime().startPath                               // "snapshot" or "fresh", once ready
//   performance.getEntriesByType("mark")              // "ginrules:<stage>": how the start went
//   const reply = await runtime().call("melds", { cards: "7H 8H 9H" });
//   // reply: {ok: true, value} or {ok: false, error: {code, message, ...params}}
//
// Nothing is fetched before ready() is called, or before the reader shows intent
// (startOnIntent; never when the browser asks to save data, where ready() asks
// first). The runtime lives in the site's /_pyodide/ folder, two levels above this
// file (/<lang>/_static/): runtime.json there names its content-hashed folders.

const DEFAULT_TIMEOUT_MS = 90_000;

// Each stage of the start, on the page's timeline as a performance mark
// "ginrules:<stage>" (benchmarks/widgets.py prints them). `at`: ms since the epoch.
function mark(stage, at = performance.timeOrigin + performance.now()) {
  performance.mark(`ginrules:${stage}`, { startTime: Math.max(0, at - performance.timeOrigin) });
}

export class LoadError extends Error {
  constructor(code, message, file = null) {
    super(message);
    this.code = code; // "timeout", "declined", "failed"
    this.file = file; // the runtime file that failed, when one did
  }
}

class Runtime {
  constructor(base) {
    this.base = base;
    this.worker = null;
    this.readyPromise = null;
    this.pending = new Map();
    this.nextId = 1;
    this.listeners = new Set();
    this.state = "idle"; // idle, loading, ready
    this.error = null;
    this.manifest = null;
    this.manifestPromise = null;
    this.startPath = null; // "snapshot" or "fresh"
    this.snapshotSaved = false;
  }

  // Start loading ahead of the first interaction, unless the reader saves data.
  warm() {
    if (this.state !== "idle" || navigator.connection?.saveData) return;
    this.ready().catch(() => {}); // a failure shows on the interaction, which tries again
  }

  // The one-time download, compressed as hosts send it (runtime.json's `download`;
  // the progress counts the decoded bytes of `files`, which add up to `total`).
  // One request, however many ask at once; asked again after a failure.
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
  ready({ onProgress, confirm, timeoutMs } = {}) {
    if (onProgress) this.listeners.add(onProgress);
    if (this.readyPromise) return this.readyPromise;
    this.state = "loading";
    mark("intent");
    this.readyPromise = this.start(confirm, timeoutMs ?? globalThis.GINRULES_LOAD_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS);
    this.readyPromise.then(
      () => { this.state = "ready"; },
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

  start(confirm, timeoutMs) {
    return new Promise((resolve, reject) => {
      let timer = null;
      const stop = (error) => {
        clearTimeout(timer);
        reject(error);
      };
      const spawn = () => {
        this.worker = new Worker(new URL("ginrules-worker.mjs", import.meta.url), { type: "module" });
        this.worker.onerror = (event) => {
          stop(new LoadError("failed", event.message || "ginrules-worker.mjs: worker error", "ginrules-worker.mjs"));
        };
        this.worker.onmessage = ({ data }) => {
          if (data.type === "progress") {
            for (const listener of this.listeners) listener(data);
          } else if (data.type === "ready") {
            clearTimeout(timer);
            for (const [stage, at] of data.stages ?? []) mark(`worker ${stage}`, at);
            mark("ready");
            this.loadSeconds = data.seconds;
            this.startPath = data.start;
            resolve(data);
          } else if (data.type === "snapshot" || data.type === "kept") {
            for (const [stage, at] of data.stages ?? []) mark(`worker ${stage}`, at);
            if (data.type === "snapshot") this.snapshotSaved = true;
          } else if (data.type === "failed") {
            stop(new LoadError("failed", data.message, data.file ?? null));
          } else if (data.type === "result") {
            if (data.id === 1) mark("first answer");
            const settle = this.pending.get(data.id);
            this.pending.delete(data.id);
            settle?.(data);
          }
        };
      };
      const saveData = navigator.connection?.saveData;
      // The worker starts while runtime.json arrives, unless the reader must be asked first.
      if (!saveData) spawn();
      this.size().then(async (total) => {
        mark("runtime.json");
        if (saveData && confirm && !(await confirm(total))) {
          throw new LoadError("declined", "download declined");
        }
        if (!this.worker) spawn();
        timer = setTimeout(() => {
          this.worker?.terminate();
          reject(new LoadError("timeout", `the engine did not load within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        this.worker.postMessage({ type: "load", base: this.base.href, manifest: this.manifest });
      }).catch(stop);
    });
  }

  async call(name, args) {
    await this.ready();
    const id = this.nextId++;
    if (id === 1) mark("first call");
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ type: "call", id, name, args });
    });
  }
}

let shared = null;

// Load the engine as soon as the reader shows intent: the pointer over a widget,
// the focus inside one, or a change of one of its fields, without waiting for the
// widget's own pause after typing (a share link in the URL starts it at once anyway).
export function startOnIntent(roots) {
  for (const root of roots) {
    for (const type of ["pointerenter", "focusin", "input"]) {
      root.addEventListener(type, () => runtime().warm(), { once: true, passive: true });
    }
  }
}

export function runtime() {
  shared ??= new Runtime(new URL("../../_pyodide/", import.meta.url));
  return shared;
}

// "13.4 MB" in the reader's language.
export function formatBytes(bytes, lang) {
  // The unit as the reader's language writes it: "13,4 Mo" in French, "13,4 MB" in Swedish.
  const unit = { style: "unit", unit: "megabyte", unitDisplay: "short", maximumFractionDigits: 1 };
  return new Intl.NumberFormat(lang, unit).format(bytes / 1_000_000);
}
