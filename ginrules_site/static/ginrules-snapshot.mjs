// Memory snapshots of the started engine, kept in the reader's IndexedDB.
//
// The only place that touches Pyodide's private snapshot API (the options
// `_makeSnapshot` and `_loadSnapshot`, and `makeMemorySnapshot()`), which exists
// in the pinned Pyodide 314.0.x but is undocumented. Every function here may
// throw or reject; the worker then starts Python the normal way, so a broken or
// stale snapshot never breaks a page. One record: {key, bytes}, where `key`
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

// The snapshot for `key`, or null. A record of another key is deleted.
export async function readSnapshot(key) {
  const record = await request((await store("readonly")).get(RECORD));
  if (!record) return null;
  if (record.key !== key || !(record.bytes instanceof Uint8Array)) {
    await deleteSnapshot();
    return null;
  }
  return record.bytes;
}

export async function saveSnapshot(key, bytes) {
  await request((await store("readwrite")).put({ key, bytes }, RECORD));
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
