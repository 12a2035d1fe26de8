// Furo's colour theme, set before the page is drawn (Furo writes this line inline in
// base.html; _templates/page.html loads it from this file instead, for the content
// policy of tools/serve.py, which allows no inline script).
document.body.dataset.theme = localStorage.getItem("theme") || "auto";
