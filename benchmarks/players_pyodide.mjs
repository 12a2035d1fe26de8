// The timing part of benchmarks/players.py, inside Pyodide under Node.
//
//   node benchmarks/players_pyodide.mjs PYODIDE_DIR REPO GAMES SEED VARIANT
//
// PYODIDE_DIR is the site's _build/html/_pyodide: its runtime.json names the
// runtime's directory, the standard library and the lock file, as the site's
// worker reads them. The checkout is mounted at /repo and its sources come
// first on sys.path, so the engine timed is the checkout's; the script prints
// the timings as one line of JSON.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, repo, games, seed, variant] = process.argv.slice(2);
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
py.globals.set("bench_args", py.toPy([
  "--timing-json", "--timing-games", games, "--seed", seed, "--timing-variants", variant,
]));
py.runPython(`
import sys
sys.path.insert(0, "/repo")
sys.argv = ["players.py", *bench_args]
path = "/repo/benchmarks/players.py"
exec(compile(open(path).read(), path, "exec"), {"__name__": "__main__", "__file__": path})
`);
