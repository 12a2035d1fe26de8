// ESLint over the site's scripts (make lint): the recommended rules, each script with the
// globals of where it runs. Types are tsc's (tsconfig.json).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["ginrules_site/static/*.mjs"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    // the engine's worker: a dedicated worker, or a shared one (its scope, its onconnect)
    files: ["ginrules_site/static/ginrules-worker.mjs"],
    languageOptions: {
      globals: { ...globals.worker, SharedWorkerGlobalScope: "readonly", onconnect: "writable" },
    },
  },
  {
    // classic scripts
    files: [
      "ginrules_site/static/gr-cards.js",
      "ginrules_site/static/ginrules-theme.js",
      "ginrules_site/static/ginrules-highlight.js",
      "ginrules_site/static/ginrules-collapse-index.js",
    ],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    files: ["ginrules_site/static/ginrules-sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    files: ["eslint.config.mjs", "tools/*.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
