// Live widgets (see ginrules_site/live/widgets.py): the page's examples, answered by
// the engine in a Web Worker. Every string comes from the page (data-strings,
// translated at build time); every text from the reader or the URL goes in with
// textContent or .value, never as markup. Cards are clones of the page's deck
// (<template class="gr-deck">, drawn by cards_html at build time).
import { runtime, startOnIntent } from "./ginrules-live.mjs";
import {
  RANKS, STRINGS, arrangementGroups, deckCard, el, fill, form, goLive, goingOutText, group,
  notation, para, renderSheet, renderShowdown, row, sentences, theCard,
} from "./ginrules-render.mjs";
/**
 * @import { Answer, Calls, DealLog, EngineError, HandReport, LogEntry, NewSeed, ScoreSheet, SheetEntry,
 *   Showdown } from "../live/ginrules-types"
 * @import { Rendered, Strings, Template, VariantParams } from "./ginrules-render.mjs"
 */
/** The engine call that a widget makes: its kind. @typedef {"melds" | "showdown" | "stock" | "scoresheet"} WidgetKind */
/**
 * A widget's params (widgets.py): its variant's minimum melded and words, Oklahoma's limit
 * without an upcard, the stock end's players.
 * @typedef {VariantParams & {words?: Strings, players?: string}} WidgetParams
 */
/** A widget's input, by its name. @typedef {HTMLInputElement | HTMLSelectElement} Field */

const MAX_FRAGMENT = 400;
const MAX_SHEET_FRAGMENT = 4000;

// --- rendering of the engine's answers (the same markup as examples.py) ---------

/**
 * @param {Strings} S
 * @param {WidgetParams} params
 * @param {HandReport} value
 * @returns {Rendered & {deadwood: number, verdict: string}}
 */
function renderMelds(S, params, value) {
  const example = el("div", `gr-example gr-hand`);
  example.dataset.variant = value.variant;
  // A big gin has no discard (as the build-time example shows it): no discard group.
  if (value.discards?.length && value.going_out?.kind !== "big_gin") {
    example.append(row([group(S["Best discard"], value.discards, "gr-discard", ["gr-dead"])]));
  }
  if (value.upcard) example.append(row([group(S.Upcard, [value.upcard], "gr-upcard")]));
  else if (params.no_upcard_limit != null) example.append(para(fill(S.no_upcard, { limit: params.no_upcard_limit }), "gr-no-upcard"));
  example.append(row(arrangementGroups(S, value.arrangement)));
  const dead = value.arrangement.unmatched;
  const total = value.arrangement.deadwood;
  const line = dead.length > 1
    ? fill(S.deadwood_terms, { terms: dead.map((c) => value.values[c]).join(" + "), total })
    : fill(S.deadwood_total, { total });
  example.append(para(line, "gr-deadwood-total"));
  const summary = [line];
  const going = value.going_out;
  if (going) {
    const text = goingOutText(S, going, params);
    example.append(para(text, "gr-going-out"));
    summary.push(text);
  }
  const verdict = going?.allowed ? /** @type {string} */ (going.kind) : "no";
  return { node: example, summary: sentences(S, summary), deadwood: total, verdict };
}

// --- the stock end: a deal's log, turn by turn (the same sentences as deals.py) ------

/**
 * @param {Template} template
 * @param {Record<string, string | Node>} parts
 */
function sentence(template, parts) {
  const p = el("p", "gr-summary");
  for (const piece of form(template, parts).split(/(\{\w+\})/)) {
    const key = piece.slice(1, -1);
    if (piece.startsWith("{") && key in parts) {
      const value = parts[key];
      p.append(typeof value === "string" ? value : value.cloneNode(true));
    } else if (piece) p.append(piece);
  }
  return p;
}

// Group the log into turns (a draw and its discard) and events, as deals.turn_items.
/**
 * @param {LogEntry[]} log
 * @returns {{event: boolean, indices: number[]}[]}
 */
function turnItems(log) {
  /** @type {{event: boolean, indices: number[]}[]} */
  const items = [];
  log.forEach((entry, i) => {
    if (entry.event) {
      if (entry.event !== "showdown") items.push({ event: true, indices: [i] });
      return;
    }
    const last = items[items.length - 1];
    const previous = last && !last.event ? log[last.indices[last.indices.length - 1]] : null;
    if (previous && previous.player === entry.player && ["draw_stock", "draw_discard"].includes(/** @type {string} */ (previous.type))) {
      last.indices.push(i);
    } else items.push({ event: false, indices: [i] });
  });
  return items;
}

// A player in a sentence ("Player {player} draws…"): the non-dealer is A.
/** @type {(player: number | undefined, dealer: number) => string} */
const playerLetter = (player, dealer) => (player !== dealer ? "A" : "B");

/**
 * @param {Strings} S
 * @param {number} player
 * @param {number} dealer
 * @returns {string}
 */
function playerName(S, player, dealer) {
  return player !== dealer ? S["Player A"] : S["Player B"];
}

/**
 * @param {Strings} S
 * @param {WidgetParams} params
 * @param {DealLog} value
 * @param {number} step
 * @returns {Rendered & {items: number}}
 */
function renderStock(S, params, value, step) {
  const example = el("div", "gr-example gr-deal-log");
  const dealer = value.dealer;
  example.append(para(S.deals_intro));
  for (const player of [1 - dealer, dealer]) {
    example.append(row([group(S.Hand, value.dealt[player], "gr-hand-cards")], playerName(S, player, dealer)));
  }
  example.append(row([group(S.Upcard, [value.upcard], "gr-upcard")]));
  const items = turnItems(value.log);
  const list = el("ul", "gr-log");
  let last = "";
  for (const item of items.slice(0, step)) {
    const entries = item.indices.map((i) => value.log[i]);
    const first = entries[0];
    /** @type {Record<string, string | Node>} */
    const parts = {};
    if ("player" in first) parts.player = playerLetter(first.player, dealer);
    let template;
    if (entries.length === 2) {
      parts.drawn = deckCard(/** @type {string} */ (first.card));
      if (entries[1].card) parts.card = deckCard(entries[1].card);
      template = S[`${first.type}+${entries[1].type}`];
    } else {
      const code = first.card ?? first.top;
      if (code) parts.card = deckCard(code);
      if ("stock" in first) parts.n = String(first.stock);
      template = S[/** @type {string} */ (first.event ?? first.type)];
    }
    const p = sentence(template, parts);
    p.classList.add(item.event ? "gr-log-event" : "gr-log-turn");
    const stock = value.stock_after[item.indices[item.indices.length - 1]];
    if (!item.event && stock >= 0) {
      p.append(" ", el("span", "gr-stock-count", fill(S.stock_left, { n: stock })));
    }
    const li = el("li");
    li.append(p);
    list.append(li);
    last = p.textContent;
  }
  example.append(list);
  const result = value.result;
  const done = step >= items.length;
  if (done) {
    if (result.showdown && result.going_out != null) {
      example.append(para(fill(S.showdown_after, { player: playerLetter(result.going_out, dealer) }), "gr-showdown-intro"));
      const showdown = { ...result.showdown };
      if (value.show_upcard) showdown.upcard = { code: value.upcard, knock_limit: null, multiplier: 1 };
      example.append(...[...renderShowdown(S, params, showdown).node.childNodes]);
    } else {
      example.append(para(S.dead_deal, "gr-outcome"));
    }
    example.append(para(fill(S.deal_summary, result), "gr-deal-summary"));
  }
  // Turns as the engine counts them (result.turns, "Turns played"): a draw and its
  // discard or going out; a refusal of the upcard and the events are steps, not turns.
  const isTurn = (/** @type {{event: boolean, indices: number[]}} */ item) => !item.event && value.log[item.indices[0]].type !== "pass";
  const turns = items.slice(0, step).filter(isTurn).length;
  const position = fill(S.turn_of, { n: turns, total: result.turns });
  const summary = done ? example.querySelector(".gr-outcome")?.textContent ?? "" : last;
  return { node: example, summary: `${position} ${summary}`, items: items.length };
}


// --- one widget -------------------------------------------------------------------

/**
 * An engine's refusal in the page's words.
 * @param {Strings} S
 * @param {WidgetParams} params
 * @param {EngineError} error
 * @returns {string}
 */
function errorText(S, params, error) {
  if (error.code === "illegal_knock") {
    return fill(S[error.reason] ?? S.illegal_knock, { ...error, minimum: params.minimum });
  }
  if (error.code === "impossible_entry") {
    return fill(S[`impossible_${error.reason}`] ?? S.bad_entry, { ...error, outcome: S[`outcome_word_${error.outcome}`] ?? error.outcome });
  }
  if (error.code === "hand_size") {
    const counts = String(error.expected).split(" or ");
    const expected = counts.length > 2
      ? fill(S.range, { min: counts[0], max: counts[counts.length - 1] })
      : counts.join(` ${S.or} `);
    return fill(S.hand_size, { ...error, expected });
  }
  // A card the engine names by its code (a duplicate across two hands as within one) is
  // named as the page's sentences name cards.
  if (typeof error.card_code === "string") error = { ...error, card: theCard(error.card_code) };
  // An empty field or link part is not quoted back ("is not a score"): the message
  // that asks for it instead, where the catalog has one ("<code>_empty").
  const template = S[error.code] ?? S.internal;
  const quoted = /^\{(\w+)(?::\w+)?\}/.exec(template)?.[1];
  if (quoted && String(error[quoted] ?? "").trim() === "" && S[`${error.code}_empty`]) {
    return fill(S[`${error.code}_empty`], error);
  }
  return fill(template, error);
}

// Which input an engine error belongs to: the one whose text holds the bad token.
// A wrong number of cards belongs to the first field (in the order the engine reads
// them) that holds that many; a refused knock to the knocker's hand.
/**
 * @param {Record<string, Field>} fields
 * @param {EngineError} error
 * @returns {string}
 */
function errorField(fields, error) {
  const names = Object.keys(fields);
  const token = String(error.token ?? error.card ?? "").toUpperCase();
  if (token) {
    for (const name of names) {
      if (fields[name].value.toUpperCase().includes(token)) return name;
    }
  }
  if (error.code === "hand_size") {
    const count = (/** @type {string} */ name) => fields[name].value.split(/[\s,;]+/).filter(Boolean).length;
    const name = names.find((n) => n !== "upcard" && count(n) === error.count);
    if (name) return name;
  }
  return names[0];
}

class Widget {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    this.kind = /** @type {WidgetKind} */ (root.dataset.widget);
    /** @type {WidgetParams} */
    this.params = JSON.parse(/** @type {string} */ (root.dataset.params));
    // The variant's own words (the player who went gin, who went down) replace the page's.
    this.S = { ...STRINGS, ...(this.params.words ?? {}) };
    this.notation = notation(STRINGS);
    this.form = /** @type {HTMLFormElement} */ (root.querySelector("form.gr-controls"));
    this.result = /** @type {HTMLElement} */ (root.querySelector(".gr-result"));
    this.status = /** @type {HTMLElement} */ (root.querySelector(".gr-status"));
    this.shareLink = /** @type {HTMLAnchorElement} */ (root.querySelector(".gr-share-link"));
    /** @type {Record<string, Field>} */
    this.fields = {};
    for (const input of /** @type {NodeListOf<Field>} */ (root.querySelectorAll(".gr-input"))) this.fields[input.name] = input;
    this.frame = root.querySelector(".gr-result .gr-example")?.cloneNode(false);
    /** @type {string[]} */
    this.cards = this.fields.cards
      ? this.fields.cards.value.split(/\s+/).filter(Boolean).map(this.notation.code)
      : [];
    this.picks = this.buildPicker(root.querySelector("fieldset.gr-picker"));
    this.serial = 0;
    /** @type {number | null} */
    this.timer = null;
    this.form.hidden = false;
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (this.kind === "scoresheet") this.actSheet("add");
      else this.update();
    });
    for (const input of Object.values(this.fields)) {
      input.addEventListener("input", () => this.schedule());
    }
    this.setupPicker();
    /** @type {DealLog | null} */
    this.deal = null;
    this.step = 0;
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll("button.gr-button"))) {
      button.addEventListener("click", () => this.act(/** @type {string} */ (button.dataset.action)));
    }
    this.setShare();
  }

  // 52 toggle buttons, one row per suit, each holding a clone of the deck's card.
  /**
   * @param {Element | null} fieldset
   * @returns {HTMLButtonElement[]}
   */
  buildPicker(fieldset) {
    if (!fieldset) return [];
    const picks = [];
    for (let suit = 0; suit < 4; suit++) {
      const line = el("div", "gr-pick-row");
      line.setAttribute("role", "group");
      line.setAttribute("aria-label", this.S[`suit_${suit}`]);
      for (const rank of RANKS) {
        const code = rank + "SHDC"[suit];
        const button = el("button", "gr-pick");
        button.type = "button";
        button.dataset.card = code;
        button.tabIndex = -1;
        button.setAttribute("aria-pressed", String(this.cards.includes(code)));
        button.append(deckCard(code));
        line.append(button);
        picks.push(button);
      }
      fieldset.append(line);
    }
    return picks;
  }

  setupPicker() {
    if (!this.picks.length) return;
    const first = this.picks.find((b) => b.getAttribute("aria-pressed") === "true") ?? this.picks[0];
    first.tabIndex = 0;
    this.picks.forEach((button, index) => {
      button.addEventListener("click", () => this.toggle(/** @type {string} */ (button.dataset.card)));
      button.addEventListener("keydown", (event) => {
        /** @type {Record<string, number>} */
        const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 13, ArrowUp: -13, Home: -index, End: 51 - index };
        if (!(event.key in moves)) return;
        event.preventDefault();
        const next = this.picks[(index + moves[event.key] + 52) % 52];
        for (const b of this.picks) b.tabIndex = -1;
        next.tabIndex = 0;
        next.focus();
      });
    });
  }

  /** @param {string} code */
  toggle(code) {
    if (!this.cards.includes(code) && this.cards.length >= 11) {
      // A twelfth card would only be refused: say what to do, and keep the result
      // (the field is still valid, so it is not marked invalid).
      const box = /** @type {Element} */ (this.root.querySelector('.gr-error[data-for="cards"]'));
      box.textContent = fill(this.S.full_hand, { card: deckCard(code).getAttribute("aria-label") ?? code });
      return;
    }
    const cards = this.cards.includes(code) ? this.cards.filter((c) => c !== code) : [...this.cards, code];
    this.fields.cards.value = cards.map(this.notation.write).join(" ");
    this.showPicked(cards);
    this.update();
  }

  /** @param {string[]} cards */
  showPicked(cards) {
    this.cards = cards;
    for (const b of this.picks) b.setAttribute("aria-pressed", String(cards.includes(/** @type {string} */ (b.dataset.card))));
  }

  // The stock-end widget's buttons: step, go to the end, or deal again.
  /** @param {string} action */
  async act(action) {
    if (this.kind === "scoresheet") return this.actSheet(action);
    if (action === "new") {
      // Drawn by the engine: a restored snapshot must not repeat the same deals.
      if (!(await this.ensureLive())) return;
      this.fields.seed.value = String(/** @type {Answer<NewSeed>} */ (await runtime().call("new_seed", {})).value.seed);
      this.nextStep = 1;
      return this.update();
    }
    if (!this.deal || String(this.deal.seed) !== this.fields.seed.value.trim()) {
      this.nextStep = action === "end" ? Infinity : action === "previous" ? 0 : 1;
      return this.update();
    }
    this.step = action === "end" ? Infinity : action === "previous" ? Math.max(0, this.step - 1) : this.step + 1;
    this.show(this.deal);
  }

  // The score sheet's buttons: enter one more deal, remove the last, start again. One at
  // a time, each on the sheet as the one before left it: a deal entered while the last is
  // still being scored is added after it, never in its place.
  /** @param {string} action */
  actSheet(action) {
    /** @type {SheetEntry | null} */
    let add = null;
    if (action === "add") {
      const entry = /** @type {Element} */ (this.root.querySelector("fieldset.gr-sheet-entry"));
      const value = (/** @type {string} */ name) => /** @type {Field} */ (entry.querySelector(`[name="${name}"]`)).value;
      add = { winner: value("winner"), points: value("points"), outcome: value("outcome") };
    }
    this.sheetQueue = (this.sheetQueue ?? Promise.resolve()).then(() => {
      if (add) return this.update({ add });
      const entries = this.fields.deals.value.split(";").map((e) => e.trim()).filter(Boolean);
      this.fields.deals.value = action === "undo" ? entries.slice(0, -1).join("; ") : "";
      return this.update();
    }).catch(() => {});
    return this.sheetQueue;
  }

  /** @param {DealLog} value */
  show(value) {
    const shown = renderStock(this.S, this.params, value, this.step);
    this.step = Math.min(this.step, shown.items);
    this.result.dataset.step = String(this.step);
    this.result.replaceChildren(shown.node);
    this.status.textContent = `${this.S.ready} ${shown.summary}`;
    this.setShare();
    if (history.replaceState) history.replaceState(null, "", this.shareLink.getAttribute("href"));
  }

  schedule() {
    clearTimeout(/** @type {number | undefined} */ (this.timer));
    this.timer = setTimeout(() => this.update(), 120);
  }

  /** @returns {Record<string, string | undefined>} */
  args() {
    /** @type {Record<string, string | undefined>} */
    const args = { variant: this.root.dataset.variant, notation: this.notation.name, ...(this.params.players ? { players: this.params.players } : {}) };
    for (const [name, input] of Object.entries(this.fields)) args[name] = input.value;
    return args;
  }

  /**
   * @param {string | null} name
   * @param {string} text
   */
  setError(name, text) {
    for (const box of /** @type {NodeListOf<HTMLElement>} */ (this.root.querySelectorAll(".gr-error[data-for]"))) {
      const mine = box.dataset.for === name && text;
      box.textContent = mine ? text : "";
      const input = /** @type {Field | null} */ (this.form.querySelector(`[name="${box.dataset.for}"]`));
      if (input && input.type !== "hidden") input.setAttribute("aria-invalid", mine ? "true" : "false");
    }
  }

  setShare() {
    const params = new URLSearchParams();
    for (const [name, input] of Object.entries(this.fields)) params.set(`${this.root.id}-${name}`, input.value);
    if (this.kind === "stock" && this.deal && String(this.deal.seed) === this.fields.seed.value.trim()) {
      params.set(`${this.root.id}-step`, String(this.step));
    }
    this.shareLink.href = `#${params.toString()}`;
    this.shareLink.textContent = this.S.share;
  }

  ensureLive() {
    return goLive(this.root, this.status, this.S);
  }

  /** @param {{add?: SheetEntry | null}} [extra] */
  async update(extra = {}) {
    const serial = ++this.serial;
    if (!(await this.ensureLive()) || serial !== this.serial) return;
    const started = performance.now();
    // (the fields by their names: the arguments of this widget's call)
    const reply = await runtime().call(this.kind, /** @type {Calls[WidgetKind]["args"]} */ ({ ...this.args(), ...extra }));
    if (serial !== this.serial) return; // a newer edit is on its way
    if (reply.ok && this.kind === "scoresheet") this.fields.deals.value = /** @type {ScoreSheet} */ (reply.value).entries.join("; ");
    this.setShare();
    if (!reply.ok) {
      const text = errorText(this.S, this.params, reply.error);
      const field = this.kind !== "scoresheet" ? errorField(this.fields, reply.error)
        : reply.error.code === "bad_scheme" ? "scheme"
        : extra.add && reply.error.code !== "bad_entry" ? "points" : "deals";
      this.setError(field, text);
      // The result and the picker no longer match the fields: say so where they are
      // (a score sheet entry that is refused leaves the sheet as it stands).
      if (this.kind !== "scoresheet" || !extra.add) this.markStale(true);
      this.status.textContent = text;
      this.root.dataset.state = "ready";
      return;
    }
    this.setError(null, "");
    this.markStale(false);
    if (this.kind === "stock") {
      if (!this.deal || this.deal.seed !== /** @type {DealLog} */ (reply.value).seed) this.step = this.nextStep ?? 1;
      this.nextStep = null;
      this.deal = /** @type {DealLog} */ (reply.value);
      this.show(/** @type {DealLog} */ (reply.value));
      this.root.dataset.state = "ready";
      if (history.replaceState) history.replaceState(null, "", this.shareLink.getAttribute("href"));
      return;
    }
    /** @type {Rendered & {deadwood?: number, verdict?: string}} */
    const shown = this.kind === "melds" ? renderMelds(this.S, this.params, /** @type {HandReport} */ (reply.value))
      : this.kind === "scoresheet" ? renderSheet(this.S, /** @type {Node} */ (this.frame), /** @type {ScoreSheet} */ (reply.value))
      : renderShowdown(this.S, this.params, /** @type {Showdown} */ (reply.value));
    if (extra.add) {
      // cleared for the next deal, unless the reader has already typed its points
      const points = /** @type {HTMLInputElement} */ (this.root.querySelector("fieldset.gr-sheet-entry [name='points']"));
      if (points.value === extra.add.points) points.value = "";
    }
    this.result.replaceChildren(shown.node);
    if (this.kind === "melds") {
      this.result.dataset.deadwood = String(shown.deadwood);
      this.result.dataset.goingOut = shown.verdict;
      this.showPicked(/** @type {HandReport} */ (reply.value).cards ?? this.cards);
    }
    this.status.textContent = `${this.S.ready} ${shown.summary}`;
    this.root.dataset.state = "ready";
    this.root.dataset.ms = String(Math.round(performance.now() - started));
    if (history.replaceState) history.replaceState(null, "", this.shareLink.getAttribute("href"));
  }

  // After a refused input: the result and the picker's selection are those of the last
  // valid input. Marked out of date (a note above the result, dimmed cards), not removed.
  /** @param {boolean} stale */
  markStale(stale) {
    this.stale = stale;
    const targets = /** @type {HTMLElement[]} */ ([this.result, this.root.querySelector("fieldset.gr-picker")].filter(Boolean));
    for (const node of targets) {
      if (stale) node.dataset.stale = "true";
      else delete node.dataset.stale;
    }
    this.root.querySelector(".gr-stale-note")?.remove();
    if (stale) this.result.before(el("p", "gr-stale-note", this.S.stale));
  }

  // State from the URL fragment: fill the fields and compute at once.
  /** @param {URLSearchParams} params */
  restore(params) {
    let found = false;
    const step = params.get(`${this.root.id}-step`);
    if (this.kind === "stock" && step != null && /^\d{1,4}$/.test(step)) this.nextStep = Number(step);
    for (const [name, input] of Object.entries(this.fields)) {
      const key = `${this.root.id}-${name}`;
      if (!params.has(key)) continue;
      found = true;
      const value = /** @type {string} */ (params.get(key));
      const limit = name === "deals" ? MAX_SHEET_FRAGMENT : MAX_FRAGMENT;
      if (value.length > limit) {
        this.status.textContent = fill(this.S.long_link, { max: limit });
        return;
      }
      if (input.tagName === "SELECT" && ![.../** @type {HTMLSelectElement} */ (input).options].some((o) => o.value === value)) {
        const text = fill(this.S.bad_scheme, { scheme: value.slice(0, 40) });
        this.setError(name, text);
        this.status.textContent = text;
        return;
      }
      input.value = value;
    }
    if (found) this.update();
  }
}

const widgets = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("section.gr-widget[data-widget]:not([data-widget='play'])"))].map((root) => new Widget(root));
// URLSearchParams never throws: malformed escapes stay as they are, and the engine judges the text.
const params = new URLSearchParams(location.hash.slice(1));
for (const widget of widgets) widget.restore(params);
startOnIntent(widgets.map((widget) => widget.root));
window.ginrulesWidgets = widgets;

