// Compile Pyodide's standard library to .pyc inside Pyodide itself, under Node,
// so that the bytecode's magic number is the runtime's own.
//
//   node tools/pyodide_pyc.mjs PYODIDE_DIR IN_ZIP OUT_ZIP
//
// OUT_ZIP holds every .py of IN_ZIP as an unchecked hash-based .pyc compiled with
// optimize=2 (no docstrings, no asserts), every other file as it is, all stored
// (not deflated) so that the web server's gzip or brotli applies, with fixed
// timestamps (same input, same bytes). Prints one JSON line: the Python version,
// the magic number (hex), Pyodide's build id and the counts.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, inZip, outZip] = process.argv.slice(2);
if (!outZip) {
  console.error("usage: node tools/pyodide_pyc.mjs PYODIDE_DIR IN_ZIP OUT_ZIP");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {}, stderr: (l) => console.error(l) });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(inZip));
const info = pyodide.runPython(`
import importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

# co_filename as zipimport would give it, so tracebacks name the module's file.
prefix = next(p for p in sys.path if p.endswith(".zip"))
counts = {"pyc": 0, "other": 0}
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as out:
    for item in sorted(src.infolist(), key=lambda i: i.filename):
        data = src.read(item)
        name = item.filename
        if name.endswith(".py"):
            code = compile(data, f"{prefix}/{name}", "exec", dont_inherit=True, optimize=2)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            name += "c"
            counts["pyc"] += 1
        elif not item.is_dir():
            counts["other"] += 1
        entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        entry.external_attr = item.external_attr
        out.writestr(entry, data)
json.dumps({
    "python": sys.version.split()[0],
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    **counts,
})
`);
writeFileSync(outZip, pyodide.FS.readFile("/tmp/out.zip"));
const result = { ...JSON.parse(info), build_id: pyodide._api.config.BUILD_ID, pyodide: pyodide.version };
console.log(JSON.stringify(result));
