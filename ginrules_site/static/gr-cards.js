// Four-colour deck: one toggle per page, remembered in localStorage.
// Without scripts the cards stay red and black; the class on <html> does all the work.
(() => {
  const KEY = "ginrules-four-colour";
  const root = document.documentElement;
  let on = false;
  try { on = localStorage.getItem(KEY) === "1"; } catch { /* storage may be off */ }
  root.classList.toggle("gr-four-colour", on);
  const init = () => {
    // One toggle per page, under the first example.
    const example = /** @type {HTMLElement | null} */ (document.querySelector(".gr-example[data-deck-label]"));
    if (example) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "gr-deck-toggle";
      button.textContent = /** @type {string} */ (example.dataset.deckLabel);
      button.setAttribute("aria-pressed", String(on));
      button.addEventListener("click", () => {
        on = !on;
        root.classList.toggle("gr-four-colour", on);
        try { localStorage.setItem(KEY, on ? "1" : "0"); } catch { /* ignore */ }
        for (const b of document.querySelectorAll(".gr-deck-toggle")) {
          b.setAttribute("aria-pressed", String(on));
        }
      });
      example.append(button);
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
