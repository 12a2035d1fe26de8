// benchmarks/hints.py inside Pyodide under Node (the play page's engine, without the page).
//
//   node benchmarks/hints_pyodide.mjs PYODIDE_DIR REPO POSITIONS [ROLLOUTS]
//
// PYODIDE_DIR is the site's _build/html/_pyodide (as benchmarks/players_pyodide.mjs
// reads it); the checkout is mounted at /repo and its sources come first on sys.path.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, repo, positions, rollouts] = process.argv.slice(2);
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
py.globals.set("bench_args", py.toPy(["--positions", positions, ...(rollouts ? ["--rollouts", rollouts] : [])]));
py.runPython(`
import sys
sys.path.insert(0, "/repo")
sys.argv = ["hints.py", *bench_args]
path = "/repo/benchmarks/hints.py"
exec(compile(open(path).read(), path, "exec"), {"__name__": "__main__", "__file__": path})
`);
