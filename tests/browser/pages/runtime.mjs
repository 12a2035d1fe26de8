import { runtime, formatBytes } from "/__test__/static/ginrules-live.mjs";
window.ginrules = { runtime, formatBytes };
document.documentElement.dataset.ready = "1";
