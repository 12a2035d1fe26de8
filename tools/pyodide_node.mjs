// The site's Pyodide runtime under Node, started as the site's worker starts it: the
// content-hashed folders named by runtime.json, the precompiled standard library, and
// the engine's wheel from its lock file (with the sha256 check). Local files only.
//
//   import { loadEngine } from "./pyodide_node.mjs";   (tools/pyodide_pytest.mjs)
//   node tools/pyodide_node.mjs RUNTIME_DIR SCRIPT.py [ARGS]
//
// The second form runs SCRIPT.py with the site's worker module (ginrules_live) importable,
// in a namespace where `call` is that module's call, __name__ is "pyodide_node" and ARGS
// is the third argument (text), and prints the text the script leaves in RESULT: how
// tests and benchmarks compare the engine in Pyodide with CPython.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export async function loadEngine(runtimeDir, { live = false } = {}) {
  const manifest = JSON.parse(readFileSync(join(runtimeDir, "runtime.json"), "utf8"));
  const indexURL = resolve(runtimeDir, manifest.runtime) + "/";
  const engineDir = resolve(runtimeDir, manifest.engine) + "/";
  const { loadPyodide } = await import(join(indexURL, "pyodide.mjs"));
  const py = await loadPyodide({
    indexURL,
    stdLibURL: join(indexURL, manifest.stdlib),
    lockFileURL: join(engineDir, "pyodide-lock.json"),
    packageBaseUrl: engineDir,
    packages: ["ginrules"],
  });
  if (live) {
    py.FS.writeFile("/home/pyodide/ginrules_live.py", readFileSync(join(engineDir, "ginrules_live.py")));
    py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  }
  return py;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [runtimeDir, script, args = ""] = process.argv.slice(2);
  const py = await loadEngine(runtimeDir, { live: true });
  const scope = py.toPy({ __name__: "pyodide_node", ARGS: args });
  scope.set("call", py.pyimport("ginrules_live").call);
  py.runPython(readFileSync(script, "utf8"), { globals: scope });
  process.stdout.write(String(scope.get("RESULT")));
}
