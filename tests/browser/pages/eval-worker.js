// A script that tries eval, which the content policy refuses (tests/browser/test_policy.py),
// run as a page's script and as a worker (where no init script runs: only Chromium's
// report tells the harness).
try {
  eval("1 + 1");
  postMessage("ran");
} catch {
  postMessage("refused");
}
