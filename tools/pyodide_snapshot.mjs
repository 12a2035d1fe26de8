// The engine's memory snapshot, made at build time under Node with the site's own
// runtime, published beside it (tools/pyodide_runtime.py): a reader's first page
// restores it instead of starting Python (ginrules-worker.mjs).
//
//   node tools/pyodide_snapshot.mjs RUNTIME_DIR OUT_FILE
//
// RUNTIME_DIR: the built _pyodide/ folder (runtime.json and its two content-hashed
// folders). The engine starts as a worker's fresh start does: Pyodide from the
// runtime folder with the precompiled standard library and the inlined lock file,
// the wheel's files and the call module written into site-packages, `import
// ginrules_live`, its `version` call, then every warm-up call (`warm_calls`), then
// `makeMemorySnapshot()`. OUT_FILE is one file (ginrules-snapshot.mjs, `PUBLISHED`):
//   4 bytes  length N of the header, little endian
//   N bytes  the header, JSON: {key, size, runs, files: [[path in site-packages, length], ...]}
//   the files' bytes end to end, then the memory without its pages of zeros (`pack`).
// `key` is runtime.json's snapshot_key: a worker restores the file only for that key.
// Prints one JSON line: the key, the memory's size, the bytes kept of it, the file's size.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { encodePublished, pack } from "../ginrules_site/static/ginrules-snapshot.mjs";

const [runtimeDir, outFile] = process.argv.slice(2);
if (!outFile) {
  console.error("usage: node tools/pyodide_snapshot.mjs RUNTIME_DIR OUT_FILE");
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(path.join(runtimeDir, "runtime.json"), "utf8"));
const runtime = path.join(runtimeDir, manifest.runtime);
const engine = path.join(runtimeDir, manifest.engine);
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: runtime + "/",
  stdLibURL: path.join(runtime, manifest.stdlib),
  lockFileContents: JSON.stringify(manifest.lock),
  packageBaseUrl: engine + "/",
  stdout: () => {},
  stderr: (line) => console.error(line),
  // The program's name as a browser has it (Emscripten's default), not this script's
  // path, which Node would give: sys.executable and os.environ["_"] hold it.
  _sysExecutable: "./this.program",
  _makeSnapshot: true,
});

// The wheel's files, as the worker unpacks them (its UNZIP), and the call module.
const unzip = pyodide.runPython(`
def _ginrules_unzip(data):
    import io, zipfile
    with zipfile.ZipFile(io.BytesIO(data.to_py())) as archive:
        return [(i.filename, archive.read(i)) for i in archive.infolist() if not i.is_dir()]
_ginrules_unzip
`);
const listed = unzip(new Uint8Array(readFileSync(path.join(engine, manifest.wheel.file_name))));
const files = listed.toJs();
listed.destroy();
unzip.destroy();
files.push([manifest.module.file_name, new Uint8Array(readFileSync(path.join(engine, manifest.module.file_name)))]);
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const [name, data] of files) {
  const file = `${sitePackages}/${name}`;
  pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
  pyodide.FS.writeFile(file, data);
}
const live = pyodide.pyimport("ginrules_live");
if (!JSON.parse(live.call("version", "{}")).ok) throw new Error("the engine does not answer");
for (const [name, args] of JSON.parse(live.warm_calls())) {
  const reply = JSON.parse(live.call(name, JSON.stringify(args)));
  if (!reply.ok) throw new Error(`warm-up call ${name}: ${JSON.stringify(reply.error)}`);
}
live.destroy();
const memory = pyodide.makeMemorySnapshot();
const packed = pack(memory);
const bytes = encodePublished({ key: manifest.snapshot_key, ...packed, files });
writeFileSync(outFile, bytes);
console.log(JSON.stringify({ key: manifest.snapshot_key, size: memory.length, kept: packed.data.length, file: bytes.length }));
