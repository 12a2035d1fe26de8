// Loads Sphinx's highlighting script (beside this one in _static) when the page was
// opened from a search result, once the deferred scripts it relies on (doctools.js) have
// run (ginrules_site/live/assets.py puts this file where sphinx_highlight.js was).
(() => {
  const here = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : "";
  let terms = new URLSearchParams(location.search).has("highlight");
  try { terms ||= Boolean(localStorage.getItem("sphinx_highlight_terms")); } catch { /* storage off */ }
  if (terms && here) document.addEventListener("DOMContentLoaded", () => {
    document.head.append(Object.assign(document.createElement("script"), { src: new URL("sphinx_highlight.js", here).href }));
  });
})();
