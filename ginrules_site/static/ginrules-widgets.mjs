// Live widgets (see ginrules_site/widgets.py): the page's examples, answered by
// the engine in a Web Worker. Every string comes from the page (data-strings,
// translated at build time); every text from the reader or the URL goes in with
// textContent or .value, never as markup. Cards are clones of the page's deck
// (<template class="gr-deck">, drawn by cards_html at build time).
import { runtime, formatBytes, startOnIntent } from "./ginrules-live.mjs";

const RANKS = "A23456789TJQK";
const MAX_FRAGMENT = 400;
const MAX_SHEET_FRAGMENT = 4000;

// A plural entry ({forms, count}, from messages.Plural) gives the form that the catalog's
// plural rule (its Plural-Forms, written by the page as "plural_rule") picks for the number
// in the field `count`; a plain string is its own form.
let pluralIndex;
function form(template, fields) {
  if (typeof template !== "object" || template === null) return template;
  pluralIndex ??= new Function("n", `return ${STRINGS.plural_rule ?? "Number(n != 1)"};`);
  const index = Number(pluralIndex(Number(fields[template.count])));
  return template.forms[Math.min(index, template.forms.length - 1)];
}

const fill = (template, fields) =>
  form(template, fields).replace(/\{(\w+)\}/g, (all, key) => (key in fields && fields[key] != null ? String(fields[key]) : all));

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

// The page's card notation (ginrules.cards.NOTATIONS, sent in data-strings): the
// picker writes cards as the page does (R♠ on a French page), and the worker reads
// what the reader typed with the same notation.
function notation(S) {
  const ranks = (S.notation_ranks ?? RANKS.split("").join(" ")).split(" ");
  const suits = (S.notation_suits ?? "S H D C").split(" ");
  const write = (code) => ranks[RANKS.indexOf(code[0])] + suits["SHDC".indexOf(code[1])];
  const codes = new Map();
  for (const r of RANKS) for (const s of "SHDC") codes.set(write(r + s).toUpperCase(), r + s);
  return { name: S.notation ?? "en", write, code: (text) => codes.get(text.toUpperCase()) ?? text.toUpperCase() };
}

function deckCard(code, extra = []) {
  const template = document.querySelector("template.gr-deck");
  const source = template?.content.querySelector(`[data-card="${CSS.escape(code)}"]`);
  const card = source ? source.cloneNode(true) : el("span", "gr-card", code);
  card.classList.add(...extra);
  return card;
}

function group(label, codes, kind, cardClasses = []) {
  const node = el("span", `gr-group ${kind}`);
  node.setAttribute("role", "group");
  node.setAttribute("aria-label", label);
  node.append(el("span", "gr-group-label", label));
  const cards = el("span", "gr-cards");
  for (const code of codes) cards.append(deckCard(code, cardClasses));
  node.append(cards);
  return node;
}

function row(groups, label) {
  const node = el("div", "gr-cardrow");
  if (label) node.append(el("span", "gr-row-label", label));
  node.append(...groups);
  return node;
}

function para(text, extra = "") {
  const node = el("p", `gr-summary ${extra}`.trim(), text);
  return node;
}

function meldLabel(S, meld) {
  if (meld.kind === "run") return S.Run;
  return meld.cards.length < 4 ? S.Set : S["Set of four"];
}

function arrangementGroups(S, arrangement) {
  const groups = arrangement.melds.map((m) => group(meldLabel(S, m), m.cards, `gr-meld gr-${m.kind}`));
  if (arrangement.unmatched.length) {
    groups.push(group(S.Deadwood, arrangement.unmatched, "gr-deadwood", ["gr-dead"]));
  }
  return groups;
}

function goingOutText(S, going, params) {
  const fields = { ...going, minimum: params.minimum };
  if (going.allowed) {
    if (going.kind === "gin") return S.gin;
    if (going.kind === "big_gin") return S.big_gin;
    if (going.limit == null) return fill(S.go_down, fields);
    return fill(S.knock, fields);
  }
  return fill(S[going.reason] ?? S.not_allowed, fields);
}

// --- rendering of the engine's answers (the same markup as examples.py) ---------

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
  const verdict = going?.allowed ? going.kind : "no";
  return { node: example, summary: summary.join(" "), deadwood: total, verdict };
}

function renderShowdown(S, params, value) {
  const example = el("div", "gr-example gr-showdown");
  if (value.upcard) {
    example.append(row([group(S.Upcard, [value.upcard.code], "gr-upcard")]));
    if (value.upcard.knock_limit != null) example.append(para(fill(S.upcard_limit, { limit: value.upcard.knock_limit })));
    if (value.upcard.multiplier > 1) example.append(para(S.spade_double));
  } else if (params.no_upcard_limit != null) {
    example.append(para(fill(S.no_upcard, { limit: params.no_upcard_limit }), "gr-no-upcard"));
  }
  example.append(row(arrangementGroups(S, value.spread), S.Knocker));
  const defender = value.defender_melds.map((m) => group(meldLabel(S, m), m.cards, `gr-meld gr-${m.kind}`));
  const laidOff = value.layoffs.map((l) => l.card);
  if (laidOff.length) defender.push(group(S["Laid off"], laidOff, "gr-layoff", ["gr-laid-off"]));
  if (value.defender_unmatched.length) {
    defender.push(group(S.Deadwood, value.defender_unmatched, "gr-deadwood", ["gr-dead"]));
  }
  example.append(row(defender, S.Defender));
  if (value.layoffs.length) {
    const melds = value.spread.melds.map((m) => [...m.cards]);
    const list = el("ol", "gr-layoffs");
    for (const layoff of value.layoffs) {
      const target = melds[layoff.meld_index];
      const kind = value.spread.melds[layoff.meld_index].kind;
      const item = el("li");
      const p = el("p", "gr-summary");
      const parts = (kind === "run" ? S.layoff_run : S.layoff_set).split(/(\{card\}|\{meld\})/);
      for (const part of parts) {
        if (part === "{card}") p.append(deckCard(layoff.card));
        else if (part === "{meld}") target.forEach((c, i) => { if (i) p.append(" "); p.append(deckCard(c)); });
        else if (part) p.append(part);
      }
      item.append(p);
      list.append(item);
      // The meld as it grows: one rank below a run's first card goes in front.
      const rank = (code) => RANKS.indexOf(code[0]) + 1;
      if (kind === "run" && (((rank(target[0]) - rank(layoff.card)) % 13) + 13) % 13 === 1) target.unshift(layoff.card);
      else target.push(layoff.card);
    }
    example.append(list);
  }
  const totals = fill(S.totals, { knocker: value.knocker_deadwood, defender: value.defender_deadwood });
  example.append(para(totals, "gr-deadwood-total"));
  const outcome = S[`outcome_${value.outcome}`];
  example.append(para(outcome, "gr-outcome"));
  const terms = value.terms.map((t) => fill(S.term, { label: S[`term_${t.code}`] ?? t.code, value: t.value })).join(" + ");
  const score = fill(S.score, { terms, points: value.points });
  example.append(para(score, "gr-scoreline"));
  return { node: example, summary: `${totals} ${outcome} ${score}` };
}

// --- the stock end: a deal's log, turn by turn (the same sentences as deals.py) ------

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
function turnItems(log) {
  const items = [];
  log.forEach((entry, i) => {
    if (entry.event) {
      if (entry.event !== "showdown") items.push({ event: true, indices: [i] });
      return;
    }
    const last = items[items.length - 1];
    const previous = last && !last.event ? log[last.indices[last.indices.length - 1]] : null;
    if (previous && previous.player === entry.player && ["draw_stock", "draw_discard"].includes(previous.type)) {
      last.indices.push(i);
    } else items.push({ event: false, indices: [i] });
  });
  return items;
}

// A player in a sentence ("Player {player} draws…"): the non-dealer is A.
const playerLetter = (player, dealer) => (player !== dealer ? "A" : "B");

function playerName(S, player, dealer) {
  return player !== dealer ? S["Player A"] : S["Player B"];
}

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
    const parts = {};
    if ("player" in first) parts.player = playerLetter(first.player, dealer);
    let template;
    if (entries.length === 2) {
      parts.drawn = deckCard(first.card);
      if (entries[1].card) parts.card = deckCard(entries[1].card);
      template = S[`${first.type}+${entries[1].type}`];
    } else {
      const code = first.card ?? first.top;
      if (code) parts.card = deckCard(code);
      if ("stock" in first) parts.n = String(first.stock);
      template = S[first.event ?? first.type];
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
  const isTurn = (item) => !item.event && value.log[item.indices[0]].type !== "pass";
  const turns = items.slice(0, step).filter(isTurn).length;
  const position = fill(S.turn_of, { n: turns, total: result.turns });
  const summary = done ? example.querySelector(".gr-outcome")?.textContent ?? "" : last;
  return { node: example, summary: `${position} ${summary}`, items: items.length };
}


// --- the score sheet (the same markup as deals.sheet_nodes) --------------------------

function sheetTable(className, head, rows) {
  const wrapper = el("div", `table-wrapper ${className} docutils container`);
  const table = el("table", `${className} docutils align-default`);
  const thead = el("thead");
  const tbody = el("tbody");
  const line = (cells, cellTag, classes) => {
    const tr = el("tr", classes);
    for (const text of cells) {
      const cell = el(cellTag, cellTag === "th" ? "head" : "");
      if (!cell.className) cell.removeAttribute("class");
      cell.append(el("p", "", text));
      cell.firstChild.removeAttribute("class");
      tr.append(cell);
    }
    return tr;
  };
  thead.append(line(head, "th", "row-odd"));
  rows.forEach((row, i) => tbody.append(line(row.cells, "td", `${row.className ?? ""} ${i % 2 ? "row-odd" : "row-even"}`.trim())));
  table.append(thead, tbody);
  wrapper.append(table);
  return wrapper;
}

function seatName(S, seat) {
  return seat === 0 ? S["Player A"] : S["Player B"];
}

function sheetEntry(S, row) {
  const player = row.player == null ? "" : "AB"[row.player];
  if (row.kind === "deal" || row.kind === "entered") {
    const outcome = S[`outcome_word_${row.detail.entry ?? row.detail.outcome}`];
    const games = (row.detail.games ?? []).map((n) => fill(S.game_n, { n })).join(", ");
    return fill(row.kind === "deal" ? S.row_deal : S.row_entered, { player, points: row.points, outcome, games });
  }
  const template = S[`row_${row.kind}`];
  return template ? fill(template, { ...row.detail, player, points: row.points }) : `${row.kind} ${player} ${row.points}`;
}

function renderSheet(S, frame, value) {
  const example = frame.cloneNode(false);
  const manches = value.scheme === "manche" || value.scheme === "partie";
  const rows = value.rows.map((row) => ({
    cells: [String(row.deal), sheetEntry(S, row), row.kind === "entered" ? row.detail.games.join(", ") : String(row.game),
      String(row.totals[0]), String(row.totals[1])],
    className: `gr-sheet-${row.kind.replaceAll("_", "-")}`,
  }));
  const head = [S.Deal, S.Entry, manches ? S.Manche : S.Game, seatName(S, 0), seatName(S, 1)];
  example.append(sheetTable("gr-sheet", head, rows));
  const columns = value.games ?? value.manches ?? [];
  if (columns.length && (columns.length > 1 || !manches)) {
    const label = manches ? S["Manche {n}"] : S["Game {n}"];
    const colHead = [S.Player, ...columns.map((c) => fill(label, { n: c.game ?? c.manche }))];
    const colRows = [0, 1].map((seat) => ({ cells: [seatName(S, seat), ...columns.map((c) => String(c.totals[seat]))] }));
    colRows.push({ cells: [S.Winner, ...columns.map((c) => (c.winner == null ? "" : seatName(S, c.winner)))] });
    example.append(sheetTable("gr-sheet-columns", colHead, colRows));
  }
  const [a, b] = value.totals;
  const total = fill(value.over ? S.final_totals : S.totals_so_far, { a, b });
  example.append(para(total, "gr-sheet-total"));
  const last = value.rows.length ? sheetEntry(S, value.rows[value.rows.length - 1]) : S.sheet_empty;
  return { node: example, summary: `${last}. ${total}` };
}

// --- one widget -------------------------------------------------------------------

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
  return fill(S[error.code] ?? S.internal, error);
}

// Which input an engine error belongs to: the one whose text holds the bad token.
// A wrong number of cards belongs to the first field (in the order the engine reads
// them) that holds that many; a refused knock to the knocker's hand.
function errorField(fields, error) {
  const names = Object.keys(fields);
  const token = String(error.token ?? error.card ?? "").toUpperCase();
  if (token) {
    for (const name of names) {
      if (fields[name].value.toUpperCase().includes(token)) return name;
    }
  }
  if (error.code === "hand_size") {
    const count = (name) => fields[name].value.split(/[\s,;]+/).filter(Boolean).length;
    const name = names.find((n) => n !== "upcard" && count(n) === error.count);
    if (name) return name;
  }
  return names[0];
}

class Widget {
  constructor(root) {
    this.root = root;
    this.kind = root.dataset.widget;
    this.params = JSON.parse(root.dataset.params);
    // The variant's own words (the player who went gin, who went down) replace the page's.
    this.S = { ...STRINGS, ...(this.params.words ?? {}) };
    this.notation = notation(STRINGS);
    this.form = root.querySelector("form.gr-controls");
    this.result = root.querySelector(".gr-result");
    this.status = root.querySelector(".gr-status");
    this.shareLink = root.querySelector(".gr-share-link");
    this.fields = {};
    for (const input of root.querySelectorAll(".gr-input")) this.fields[input.name] = input;
    this.frame = root.querySelector(".gr-result .gr-example")?.cloneNode(false);
    this.cards = this.fields.cards
      ? this.fields.cards.value.split(/\s+/).filter(Boolean).map(this.notation.code)
      : [];
    this.picks = this.buildPicker(root.querySelector("fieldset.gr-picker"));
    this.serial = 0;
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
    this.deal = null;
    this.step = 0;
    for (const button of root.querySelectorAll("button.gr-button")) {
      button.addEventListener("click", () => this.act(button.dataset.action));
    }
    this.setShare();
  }

  // 52 toggle buttons, one row per suit, each holding a clone of the deck's card.
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
      button.addEventListener("click", () => this.toggle(button.dataset.card));
      button.addEventListener("keydown", (event) => {
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

  toggle(code) {
    if (!this.cards.includes(code) && this.cards.length >= 11) {
      // A twelfth card would only be refused: say what to do, and keep the result
      // (the field is still valid, so it is not marked invalid).
      const box = this.root.querySelector('.gr-error[data-for="cards"]');
      box.textContent = fill(this.S.full_hand, { card: deckCard(code).getAttribute("aria-label") ?? code });
      return;
    }
    const cards = this.cards.includes(code) ? this.cards.filter((c) => c !== code) : [...this.cards, code];
    this.fields.cards.value = cards.map(this.notation.write).join(" ");
    this.showPicked(cards);
    this.update();
  }

  showPicked(cards) {
    this.cards = cards;
    for (const b of this.picks) b.setAttribute("aria-pressed", String(cards.includes(b.dataset.card)));
  }

  // The stock-end widget's buttons: step, go to the end, or deal again.
  async act(action) {
    if (this.kind === "scoresheet") return this.actSheet(action);
    if (action === "new") {
      // Drawn by the engine: a restored snapshot must not repeat the same deals.
      if (!(await this.ensureLive())) return;
      this.fields.seed.value = String((await runtime().call("new_seed", {})).value.seed);
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

  // The score sheet's buttons: enter one more deal, remove the last, start again.
  actSheet(action) {
    const entries = this.fields.deals.value.split(";").map((e) => e.trim()).filter(Boolean);
    if (action === "add") {
      const entry = this.root.querySelector("fieldset.gr-sheet-entry");
      const value = (name) => entry.querySelector(`[name="${name}"]`).value;
      return this.update({ add: { winner: value("winner"), points: value("points"), outcome: value("outcome") } });
    }
    this.fields.deals.value = action === "undo" ? entries.slice(0, -1).join("; ") : "";
    return this.update();
  }

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
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.update(), 120);
  }

  args() {
    const args = { variant: this.root.dataset.variant, notation: this.notation.name, ...(this.params.players ? { players: this.params.players } : {}) };
    for (const [name, input] of Object.entries(this.fields)) args[name] = input.value;
    return args;
  }

  setError(name, text) {
    for (const box of this.root.querySelectorAll(".gr-error[data-for]")) {
      const mine = box.dataset.for === name && text;
      box.textContent = mine ? text : "";
      const input = this.form.querySelector(`[name="${box.dataset.for}"]`);
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

  async ensureLive() {
    const rt = runtime();
    if (rt.state === "ready") {
      this.root.dataset.start = rt.startPath;
      return true;
    }
    this.root.dataset.state = "loading";
    let size = "";
    let shown = -1;
    let stage = null;
    const S = this.S;
    try {
      size = formatBytes(await rt.size(), this.root.dataset.lang);
      await rt.ready({
        // The real stages: the download (in per cent), Python starting, the engine starting.
        onProgress: ({ loaded, total, stage: now }) => {
          const percent = Math.min(100, Math.floor((100 * loaded) / total));
          if (now === stage && (now !== "download" || percent < shown + 10)) return;
          stage = now;
          shown = percent;
          const text = { download: fill(S.loading, { percent, size }), start: S.loading_start, engine: S.loading_engine }[now];
          if (text) this.status.textContent = text;
        },
        confirm: () => this.ask(size),
      });
      this.root.dataset.start = rt.startPath;
      return true;
    } catch (error) {
      this.root.dataset.state = error.code === "declined" ? "static" : "error";
      if (error.code === "declined" || error.code === "timeout") {
        this.status.textContent = error.code === "declined" ? S.declined : S.timeout;
        return false;
      }
      // A sentence in the reader's language, then the technical detail on its own line.
      const sentence = error.file ? fill(S.failed_file, { file: error.file }) : S.failed;
      this.status.replaceChildren(sentence, el("span", "gr-status-detail", error.message));
      return false;
    }
  }

  ask(size) {
    return new Promise((resolve) => {
      this.status.textContent = fill(this.S.ask, { size });
      const yes = el("button", "gr-ask-yes", this.S.download);
      const no = el("button", "gr-ask-no", this.S.not_now);
      for (const b of [yes, no]) b.type = "button";
      const box = el("p", "gr-ask");
      box.append(yes, " ", no);
      this.status.after(box);
      const done = (answer) => { box.remove(); resolve(answer); };
      yes.addEventListener("click", () => done(true));
      no.addEventListener("click", () => done(false));
      yes.focus();
    });
  }

  async update(extra = {}) {
    const serial = ++this.serial;
    if (!(await this.ensureLive()) || serial !== this.serial) return;
    const started = performance.now();
    const reply = await runtime().call(this.kind, { ...this.args(), ...extra });
    if (serial !== this.serial) return; // a newer edit is on its way
    if (reply.ok && this.kind === "scoresheet") this.fields.deals.value = reply.value.entries.join("; ");
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
      if (!this.deal || this.deal.seed !== reply.value.seed) this.step = this.nextStep ?? 1;
      this.nextStep = null;
      this.deal = reply.value;
      this.show(reply.value);
      this.root.dataset.state = "ready";
      if (history.replaceState) history.replaceState(null, "", this.shareLink.getAttribute("href"));
      return;
    }
    const shown = this.kind === "melds" ? renderMelds(this.S, this.params, reply.value)
      : this.kind === "scoresheet" ? renderSheet(this.S, this.frame, reply.value)
      : renderShowdown(this.S, this.params, reply.value);
    if (extra.add) {
      const points = this.root.querySelector("fieldset.gr-sheet-entry [name='points']");
      points.value = "";
    }
    this.result.replaceChildren(shown.node);
    if (this.kind === "melds") {
      this.result.dataset.deadwood = String(shown.deadwood);
      this.result.dataset.goingOut = shown.verdict;
      this.showPicked(reply.value.cards ?? this.cards);
    }
    this.status.textContent = `${this.S.ready} ${shown.summary}`;
    this.root.dataset.state = "ready";
    this.root.dataset.ms = String(Math.round(performance.now() - started));
    if (history.replaceState) history.replaceState(null, "", this.shareLink.getAttribute("href"));
  }

  // After a refused input: the result and the picker's selection are those of the last
  // valid input. Marked out of date (a note above the result, dimmed cards), not removed.
  markStale(stale) {
    this.stale = stale;
    const targets = [this.result, this.root.querySelector("fieldset.gr-picker")].filter(Boolean);
    for (const node of targets) {
      if (stale) node.dataset.stale = "true";
      else delete node.dataset.stale;
    }
    this.root.querySelector(".gr-stale-note")?.remove();
    if (stale) this.result.before(el("p", "gr-stale-note", this.S.stale));
  }

  // State from the URL fragment: fill the fields and compute at once.
  restore(params) {
    let found = false;
    const step = params.get(`${this.root.id}-step`);
    if (this.kind === "stock" && step != null && /^\d{1,4}$/.test(step)) this.nextStep = Number(step);
    for (const [name, input] of Object.entries(this.fields)) {
      const key = `${this.root.id}-${name}`;
      if (!params.has(key)) continue;
      found = true;
      const value = params.get(key);
      const limit = name === "deals" ? MAX_SHEET_FRAGMENT : MAX_FRAGMENT;
      if (value.length > limit) {
        this.status.textContent = fill(this.S.long_link, { max: limit });
        return;
      }
      if (input.tagName === "SELECT" && ![...input.options].some((o) => o.value === value)) {
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

const STRINGS = JSON.parse(document.querySelector("script.gr-widget-strings")?.textContent ?? "{}");
const widgets = [...document.querySelectorAll("section.gr-widget[data-widget]")].map((root) => new Widget(root));
// URLSearchParams never throws: malformed escapes stay as they are, and the engine judges the text.
const params = new URLSearchParams(location.hash.slice(1));
for (const widget of widgets) widget.restore(params);
startOnIntent(widgets.map((widget) => widget.root));
window.ginrulesWidgets = widgets;
