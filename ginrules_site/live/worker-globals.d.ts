// The workers' globals that TypeScript's WebWorker lib lacks (tsconfig.worker.json and
// tsconfig.sw.json; not a page's).

/** A shared worker's page connects (ginrules-worker.mjs). */
declare var onconnect: ((this: SharedWorkerGlobalScope, event: MessageEvent) => any) | null;

/**
 * What the service worker stores, written in front of it by the build
 * (ginrules_site/live/offline.py): the build's id; the language's files, the runtime's
 * (stored once for every language, with the id of that set) and the notice's (the page
 * given offline for a page not stored), each an address (relative to the worker) with its
 * sha256 as an integrity value.
 */
declare const OFFLINE: {
  build: string;
  files: [address: string, integrity: string][];
  runtime: { id: string; files: [address: string, integrity: string][] };
  notice: [address: string, integrity: string][];
};
