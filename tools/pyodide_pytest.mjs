// Run the engine's test suite inside Pyodide under Node, with local files only.
//
//   node tools/pyodide_pytest.mjs RUNTIME_DIR WHEELS_DIR [pytest args...]
//
// RUNTIME_DIR is the site's runtime (_build/html/_pyodide): its runtime.json names
// the content-hashed folders; ginrules is loaded from the lock file by name, with
// the sha256 check, on the precompiled standard library the site ships. WHEELS_DIR holds pytest,
// hypothesis and their pure-Python dependencies, downloaded from PyPI at set-up
// time; they are unpacked into site-packages from disk. The repository is
// mounted at /repo (and ../shared at /shared) and pytest runs there; the exit
// code is pytest's.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadEngine } from "./pyodide_node.mjs";

const [runtimeDir, wheelsDir, ...pytestArgs] = process.argv.slice(2);
if (!runtimeDir || !wheelsDir) {
  console.error("usage: node tools/pyodide_pytest.mjs RUNTIME_DIR WHEELS_DIR [pytest args...]");
  process.exit(2);
}
const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadEngine(runtimeDir);
// Pass Python's output through byte for byte (pytest's progress lines have no newline).
py.setStdout({ write: (buf) => (process.stdout.write(buf), buf.length) });
py.setStderr({ write: (buf) => (process.stderr.write(buf), buf.length) });
const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
const wheels = readdirSync(wheelsDir).filter((name) => name.endsWith(".whl"));
if (wheels.length === 0) {
  console.error(`no wheels in ${wheelsDir}: run the set-up (make pyodide-test-wheels)`);
  process.exit(2);
}
for (const name of wheels.sort()) {
  py.unpackArchive(new Uint8Array(readFileSync(join(wheelsDir, name))), "wheel", { extractDir: sitePackages });
}
py.mountNodeFS("/repo", repo);
// The project's shared data (benchmark hands) sits beside the clone; the tests
// look for it at <repo>/../shared, which is /shared here, then at /work/shared.
const shared = resolve(repo, "..", "shared");
if (existsSync(shared)) py.mountNodeFS("/shared", shared);
else if (existsSync("/work/shared")) py.mountNodeFS("/work/shared", "/work/shared");
py.globals.set("pytest_args", py.toPy(pytestArgs));
const code = py.runPython(`
import os, sys
import ginrules, pytest
os.chdir("/repo")
print(f"Pyodide {sys.version.split()[0]} on {sys.platform}; ginrules {ginrules.__version__} from {ginrules.__file__}")
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
process.exit(code);
