// Client of the engine worker: one runtime per page, shared by every widget.
//
//   import { runtime } from "./ginrules-live.mjs";
//   await runtime().ready({ onProgress, confirm });   // loads on first use only
//   const reply = await runtime().call("melds", { cards: "7H 8H 9H" });
//   // reply: {ok: true, value} or {ok: false, error: {code, message, ...params}}
//
// Nothing is fetched before ready() is called. The runtime lives in the site's
// /_pyodide/ folder, two levels above this file (/<lang>/_static/).

const DEFAULT_TIMEOUT_MS = 90_000;

export class LoadError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code; // "timeout", "declined", "failed"
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
  }

  // The one-time download: {total, files} from runtime.json (a few hundred bytes).
  async size() {
    this.manifest ??= await fetch(new URL("runtime.json", this.base)).then((r) => {
      if (!r.ok) throw new LoadError("failed", `runtime.json: HTTP ${r.status}`);
      return r.json();
    });
    return this.manifest.total;
  }

  // Resolve when the engine answers. `confirm(bytes)` is asked first when the
  // reader has asked to save data; returning false leaves nothing downloaded.
  ready({ onProgress, confirm, timeoutMs } = {}) {
    if (onProgress) this.listeners.add(onProgress);
    if (this.readyPromise) return this.readyPromise;
    this.state = "loading";
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

  async start(confirm, timeoutMs) {
    const total = await this.size();
    if (navigator.connection?.saveData && confirm && !(await confirm(total))) {
      throw new LoadError("declined", "download declined");
    }
    this.worker = new Worker(new URL("ginrules-worker.mjs", import.meta.url), { type: "module" });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.worker.terminate();
        reject(new LoadError("timeout", `the engine did not load within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      this.worker.onerror = (event) => {
        clearTimeout(timer);
        reject(new LoadError("failed", event.message || "worker error"));
      };
      this.worker.onmessage = ({ data }) => {
        if (data.type === "progress") {
          for (const listener of this.listeners) listener(data);
        } else if (data.type === "ready") {
          clearTimeout(timer);
          this.loadSeconds = data.seconds;
          resolve(data);
        } else if (data.type === "failed") {
          clearTimeout(timer);
          reject(new LoadError("failed", data.message));
        } else if (data.type === "result") {
          const settle = this.pending.get(data.id);
          this.pending.delete(data.id);
          settle?.(data);
        }
      };
      this.worker.postMessage({ type: "load", base: this.base.href, manifest: this.manifest });
    });
  }

  async call(name, args) {
    await this.ready();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ type: "call", id, name, args });
    });
  }
}

let shared = null;

export function runtime() {
  shared ??= new Runtime(new URL("../../_pyodide/", import.meta.url));
  return shared;
}

// "13.4 MB" in the reader's language.
export function formatBytes(bytes, lang) {
  const mb = bytes / 1_000_000;
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(mb)} MB`;
}
