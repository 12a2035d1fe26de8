// The timing part of benchmarks/players.py, inside Pyodide under Node.
//
//   node benchmarks/players_pyodide.mjs RUNTIME_DIR REPO GAMES SEED
//
// RUNTIME_DIR is the site's runtime (_build/html/_pyodide). The checkout is
// mounted at /repo and its sources come first on sys.path, so the engine timed
// is the checkout's; the script prints the timings as one line of JSON.
import { resolve } from "node:path";

const [runtimeDir, repo, games, seed] = process.argv.slice(2);
const indexURL = resolve(runtimeDir) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const py = await loadPyodide({ indexURL, packageBaseUrl: indexURL });
py.mountNodeFS("/repo", resolve(repo));
py.globals.set("bench_args", py.toPy(["--timing-json", "--timing-games", games, "--seed", seed]));
py.runPython(`
import sys
sys.path.insert(0, "/repo")
sys.argv = ["players.py", *bench_args]
path = "/repo/benchmarks/players.py"
exec(compile(open(path).read(), path, "exec"), {"__name__": "__main__", "__file__": path})
`);
