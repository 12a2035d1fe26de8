// Module Web Worker that runs the ginrules engine in Pyodide.
//
// Messages in:  {type: "load", base, manifest}  base: URL of the site's _pyodide/ folder,
//                                               manifest: its runtime.json
//               {type: "call", id, name, args}  args: JSON-ready object
// Messages out: {type: "progress", loaded, total, stage}
//               {type: "ready", seconds, version}
//               {type: "failed", message}
//               {type: "result", id, ok: true, value} | {type: "result", id, ok: false, error}
// Every file comes from `base` on the site's own origin; the engine's wheel is
// loaded by name from the lock file, which carries its sha256 (checked by fetch).

let pyodide = null;
let dispatch = null;
let loading = null;
let loaded = 0;
let total = 0;

function progress(stage) {
  postMessage({ type: "progress", loaded, total, stage });
}

// Count the bytes of every response as they arrive, so that the page can show
// real progress. The request (with its integrity option) goes through unchanged.
const realFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input, init) => {
  const response = await realFetch(input, init);
  if (!response.body) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      progress("download");
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

async function load(base, manifest) {
  total = manifest.total;
  progress("start");
  const started = performance.now();
  const messages = [];
  const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
  // pyodide.mjs and pyodide.asm.mjs come through import(), not fetch.
  loaded += manifest.files["pyodide.mjs"] + manifest.files["pyodide.asm.mjs"];
  pyodide = await loadPyodide({
    indexURL: base,
    packageBaseUrl: base,
    lockFileURL: new URL("pyodide-lock.json", base).href,
    packages: ["ginrules"],
    stdout: () => {},
    stderr: (line) => messages.push(line),
  });
  // A package that fails (for example its sha256 does not match) is only
  // reported on stderr: turn that into a load failure with Pyodide's words.
  if (!("ginrules" in pyodide.loadedPackages)) {
    throw new Error(messages.join("\n") || "the ginrules package did not load");
  }
  const shim = await (await fetch(new URL("ginrules_live.py", base))).text();
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.FS.writeFile(`${sitePackages}/ginrules_live.py`, shim);
  const module = pyodide.pyimport("ginrules_live");
  dispatch = module.call;
  loaded = total;
  progress("done");
  postMessage({
    type: "ready",
    seconds: (performance.now() - started) / 1000,
    version: module.VERSION,
  });
}

onmessage = async (event) => {
  const message = event.data;
  if (message.type === "load") {
    loading ??= load(message.base, message.manifest).catch((error) => {
      postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
    });
    return;
  }
  if (message.type === "call") {
    if (!dispatch) {
      postMessage({
        type: "result",
        id: message.id,
        ok: false,
        error: { code: "not_ready", message: "engine not loaded" },
      });
      return;
    }
    const started = performance.now();
    const reply = JSON.parse(dispatch(message.name, JSON.stringify(message.args ?? {})));
    postMessage({ type: "result", id: message.id, ms: performance.now() - started, ...reply });
  }
};
