// The workers' globals that TypeScript's WebWorker lib lacks (tsconfig.worker.json and
// tsconfig.sw.json; not a page's).

/** A shared worker's page connects (ginrules-worker.mjs). */
declare var onconnect: ((this: SharedWorkerGlobalScope, event: MessageEvent) => any) | null;

/**
 * What the service worker stores, written in front of it by the build
 * (ginrules_site/live/offline.py): the build's id and each file's address (relative to the
 * worker) with its sha256 as an integrity value.
 */
declare const OFFLINE: { build: string; files: [address: string, integrity: string][] };
