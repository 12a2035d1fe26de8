// Loads Sphinx's highlighting script (beside this one in _static) when the page was
// opened from a search result, after the scripts it uses there (doctools.js, the
// catalog's translations.js), one after the other as data-load names them: none of them
// is in the page otherwise (ginrules_site/live/assets.py puts this file where
// sphinx_highlight.js was).
(() => {
  const me = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
  let terms = new URLSearchParams(location.search).has("highlight");
  try { terms ||= Boolean(localStorage.getItem("sphinx_highlight_terms")); } catch { /* storage off */ }
  const names = (me?.dataset.load ?? "sphinx_highlight.js").split(" ");
  /** @param {number} i */
  const load = (i) => {
    if (!me || i >= names.length) return;
    const script = Object.assign(document.createElement("script"), { src: new URL(names[i], me.src).href });
    script.addEventListener("load", () => load(i + 1));
    document.head.append(script);
  };
  if (terms) document.addEventListener("DOMContentLoaded", () => load(0));
})();
