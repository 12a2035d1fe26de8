// Compile Python to .pyc inside Pyodide itself, under Node, so that the
// bytecode's magic number is the runtime's own.
//
//   node tools/pyodide_pyc.mjs PYODIDE_DIR IN_ZIP OUT_ZIP [IN_WHEEL OUT_WHEEL]
//
// OUT_ZIP holds every .py of the standard library IN_ZIP as an unchecked
// hash-based .pyc compiled with optimize=2 (no docstrings, no asserts), every
// other file as it is, all stored (not deflated) so that the web server's gzip or
// brotli applies. OUT_WHEEL is IN_WHEEL plus, beside each module, the unchecked
// hash-based .pyc that CPython would cache for it (__pycache__/NAME.cpython-3XY.pyc,
// optimize=0: the sources, docstrings and asserts stay as they are) and a RECORD
// that lists them: importing the engine then compiles nothing. Fixed timestamps
// (same input, same bytes). Prints one JSON line: the Python version, the magic
// number (hex), Pyodide's build id and the counts.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, inZip, outZip, inWheel, outWheel] = process.argv.slice(2);
if (!outZip || (inWheel && !outWheel)) {
  console.error("usage: node tools/pyodide_pyc.mjs PYODIDE_DIR IN_ZIP OUT_ZIP [IN_WHEEL OUT_WHEEL]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {}, stderr: (l) => console.error(l) });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(inZip));
if (inWheel) pyodide.FS.writeFile("/tmp/in.whl", readFileSync(inWheel));
const info = pyodide.runPython(`
import base64, hashlib, importlib.util, json, os, site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

counts = {"pyc": 0, "other": 0, "wheel_pyc": 0}


def pyc(source, filename, optimize):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def add(out, name, data, attr, compress):
    entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    entry.external_attr = attr
    entry.compress_type = compress
    out.writestr(entry, data)


# co_filename as zipimport would give it, so tracebacks name the module's file.
prefix = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as out:
    for item in sorted(src.infolist(), key=lambda i: i.filename):
        data = src.read(item)
        name = item.filename
        if name.endswith(".py"):
            data = pyc(data, f"{prefix}/{name}", 2)
            name += "c"
            counts["pyc"] += 1
        elif not item.is_dir():
            counts["other"] += 1
        add(out, name, data, item.external_attr, zipfile.ZIP_STORED)

if os.path.exists("/tmp/in.whl"):
    # The wheel is unpacked into site-packages: its modules' files are named from there.
    packages = site.getsitepackages()[0]
    with zipfile.ZipFile("/tmp/in.whl") as src, zipfile.ZipFile("/tmp/out.whl", "w") as out:
        record_name = next(n for n in src.namelist() if n.endswith(".dist-info/RECORD"))
        records = []
        for item in src.infolist():
            if item.filename == record_name:
                continue
            data = src.read(item)
            files = [(item.filename, data)]
            if item.filename.endswith(".py") and ".dist-info/" not in item.filename:
                cached = importlib.util.cache_from_source(f"/{item.filename}")[1:]
                files.append((cached, pyc(data, f"{packages}/{item.filename}", 0)))
                counts["wheel_pyc"] += 1
            for name, body in files:
                add(out, name, body, item.external_attr, zipfile.ZIP_DEFLATED)
                digest = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=")
                records.append(f"{name},sha256={digest.decode()},{len(body)}")
        records.append(f"{record_name},,")
        add(out, record_name, "\\n".join(records) + "\\n", 0o644 << 16, zipfile.ZIP_DEFLATED)

json.dumps({
    "python": sys.version.split()[0],
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    **counts,
})
`);
writeFileSync(outZip, pyodide.FS.readFile("/tmp/out.zip"));
if (inWheel) writeFileSync(outWheel, pyodide.FS.readFile("/tmp/out.whl"));
const result = { ...JSON.parse(info), build_id: pyodide._api.config.BUILD_ID, pyodide: pyodide.version };
console.log(JSON.stringify(result));
