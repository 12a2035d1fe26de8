// Only loadPyodide() from the npm runtime as shipped (no snapshot, the default
// .py standard library), in the page's own thread: the baseline that the live
// widgets are measured against (benchmarks/widgets.py serves it at /__bare__/).
window.loadBare = async () => {
  const started = performance.now();
  const base = new URL("/__bare__/", location.href).href;
  const { loadPyodide } = await import(base + "pyodide.mjs");
  const py = await loadPyodide({ indexURL: base });
  py.runPython("1 + 1");
  return performance.now() - started;
};
document.documentElement.dataset.ready = "1";
