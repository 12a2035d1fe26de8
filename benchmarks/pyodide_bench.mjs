// A benchmark script of this folder inside Pyodide under Node (the site's runtime,
// without the page): benchmarks/players.py's timing part and benchmarks/hints.py.
//
//   node benchmarks/pyodide_bench.mjs PYODIDE_DIR REPO SCRIPT.py [ARGS...]
//
// PYODIDE_DIR is the site's _build/html/_pyodide: its runtime.json names the
// runtime's directory, the standard library and the lock file, as the site's
// worker reads them. The checkout is mounted at /repo and its sources come first
// on sys.path, so the engine timed is the checkout's; the script runs as
// benchmarks/SCRIPT.py with ARGS, as from the command line.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, repo, script, ...args] = process.argv.slice(2);
const base = resolve(pyodideDir) + "/";
const manifest = JSON.parse(await readFile(base + "runtime.json", "utf8"));
const indexURL = base + manifest.runtime;
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({
  indexURL,
  stdLibURL: indexURL + manifest.stdlib,
  lockFileContents: JSON.stringify(manifest.lock),
});
py.mountNodeFS("/repo", resolve(repo));
py.globals.set("bench_script", script);
py.globals.set("bench_args", py.toPy(args));
py.runPython(`
import sys
sys.path.insert(0, "/repo")
sys.argv = [bench_script, *bench_args]
path = "/repo/benchmarks/" + bench_script
bench_status = 0
try:
    exec(compile(open(path).read(), path, "exec"), {"__name__": "__main__", "__file__": path})
except SystemExit as stop:  # the script's sys.exit(main()): its status, not a crash
    bench_status = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
`);
process.exitCode = py.globals.get("bench_status");
