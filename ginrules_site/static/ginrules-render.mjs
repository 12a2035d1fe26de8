// Rendering shared by the live widgets (ginrules-widgets.mjs) and the play table
// (ginrules-play.mjs): the page's strings, the cards cloned from the page's deck, melds,
// the showdown and the score sheet, drawn with the same markup as the build-time examples
// (examples.py, deals.py), and the engine's start with its status line.
import { runtime, formatBytes } from "./ginrules-live.mjs";
import { pluralRule } from "./ginrules-links.mjs";
/**
 * @import { GameColumn, GameStandingData, GoingOut, MancheColumn, Meld, ScoreSheet, SheetRow, Showdown, StageName,
 *   StartPath, UpcardEffect } from "../live/ginrules-types"
 * @import { LoadError } from "./ginrules-live.mjs"
 */
/**
 * The page's strings (written by the build, by name): each a text, a template or a plural
 * entry, a few of them tables (`card_names`, `seat_rows`).
 * @typedef {Record<string, any>} Strings
 */
/** A plural entry: its forms, picked by the number in the field `count`. @typedef {{forms: string[], count: string}} Plural */
/** A text of the page with its {fields}, or a plural entry. @typedef {string | Plural} Template */
/** A text in each case: the nominative, with the others as its properties (theCard). @typedef {InstanceType<StringConstructor> & {acc: string, dat: string, gen: string}} Cased */
/** A widget's result: its node and the sentences the status line says. @typedef {{node: HTMLElement, summary: string}} Rendered */
/** What a page's params tell of a variant. @typedef {{minimum?: number, no_upcard_limit?: number | null}} VariantParams */

// Every string the page wrote for its script (translated at build time).
/** @type {Strings} */
export const STRINGS = JSON.parse(document.querySelector("script.gr-widget-strings")?.textContent ?? "{}");

export const RANKS = "A23456789TJQK";

// A plural entry ({forms, count}, from messages.Plural) gives the form that the catalog's
// plural rule (its Plural-Forms, written by the page as "plural_rule") picks for the number
// in the field `count`; a plain string is its own form.
/** @type {((n: number) => number) | undefined} */
let pluralIndex;

/**
 * @param {Template} template
 * @param {Record<string, unknown>} fields
 * @returns {string}
 */
export function form(template, fields) {
  if (typeof template !== "object" || template === null) return template;
  pluralIndex ??= pluralRule(String(STRINGS.plural_rule ?? "n != 1"));
  const index = pluralIndex(Number(fields[template.count]));
  return template.forms[Math.min(index, template.forms.length - 1)];
}

// {card:acc}: a card's case (ginrules/cases.py), from a cased value (theCard); {card:Acc}
// starts with a capital. Other values are written as they are.
/** @type {(template: Template, fields: Record<string, unknown>) => string} */
export const fill = (template, fields) =>
  form(template, fields).replace(/\{(\w+):?(\w*)\}/g, (all, key, c) => {
    const v = /** @type {Record<string, string> | null | undefined} */ (fields[key]), text = v?.[c.toLowerCase()] ?? String(v);
    return v == null ? all : !c || c > "Z" ? text : text.charAt(0).toUpperCase() + text.slice(1);
  });

// A card's spoken name, as the page's deck says it ("dix de pique").
/** @type {(code: string) => string} */
export const cardName = (code) => deckCard(code).getAttribute("aria-label") ?? code;

// A text in each case, f(case): a string (the nominative) with the others as its properties.
/** @type {(f: (c: string) => string) => Cased} */
const cased = (f) => Object.assign(new String(f("nom")), { acc: f("acc"), dat: f("dat"), gen: f("gen") });

// A card as sentences name it (cards_html.definite_table: each case's templates joined by
// "|", empty where the case before it has the same; the suits: suit_0 to suit_3, as the
// widgets read them); without the table, its spoken name.
/**
 * @param {string} code
 * @returns {Cased | string}
 */
export function theCard(code) {
  /** @type {Record<string, string> | undefined} */
  const t = STRINGS.card_names, rank = RANKS.indexOf(code[0]), suit = STRINGS[`suit_${"SHDC".indexOf(code[1])}`];
  if (!t || !suit || rank < 0) return cardName(code);
  /** @type {string | undefined} */
  let template;
  return cased((c) => /** @type {string} */ (template = t[c]?.split("|")[rank] || template).replace("{suit}", suit));
}

// Card names as one, each case joined by `join` (an Intl.ListFormat's format).
/** @type {(names: (Cased | string)[], join: (names: string[]) => string) => Cased} */
export const cardList = (names, join) => cased((c) => join(names.map((n) => /** @type {Record<string, string>} */ (/** @type {unknown} */ (n))[c] ?? String(n))));

// `text` as a sentence of a status line: a label and its value ("Deadwood: 9") with the
// catalog's full stop ("sentence"), a text that ends as a sentence as it is.
/**
 * @param {Strings} S
 * @param {string} text
 */
function asSentence(S, text) {
  return /[.!?…]$/.test(text) ? text : fill(S.sentence, { text });
}

// The texts of a status line, each as a sentence (asSentence), one after the other.
/** @type {(S: Strings, texts: string[]) => string} */
export const sentences = (S, texts) => texts.map((text) => asSentence(S, text)).join(" ");

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

// The page's card notation (ginrules.cards.NOTATIONS, sent in data-strings): the
// picker writes cards as the page does (R♠ on a French page), and the worker reads
// what the reader typed with the same notation.
/**
 * @param {Strings} S
 * @returns {{name: string, write: (code: string) => string, code: (text: string) => string}}
 */
export function notation(S) {
  /** @type {string[]} */
  const ranks = (S.notation_ranks ?? RANKS.split("").join(" ")).split(" ");
  /** @type {string[]} */
  const suits = (S.notation_suits ?? "S H D C").split(" ");
  const write = (/** @type {string} */ code) => ranks[RANKS.indexOf(code[0])] + suits["SHDC".indexOf(code[1])];
  /** @type {Map<string, string>} */
  const codes = new Map();
  for (const r of RANKS) for (const s of "SHDC") codes.set(write(r + s).toUpperCase(), r + s);
  return { name: S.notation ?? "en", write, code: (text) => codes.get(text.toUpperCase()) ?? text.toUpperCase() };
}

/**
 * A clone of the page's card (a plain one where the page has no deck).
 * @param {string} code
 * @param {string[]} [extra] classes
 * @returns {HTMLElement}
 */
export function deckCard(code, extra = []) {
  const template = /** @type {HTMLTemplateElement | null} */ (document.querySelector("template.gr-deck"));
  const source = template?.content.querySelector(`[data-card="${CSS.escape(code)}"]`);
  const card = source ? /** @type {HTMLElement} */ (source.cloneNode(true)) : el("span", "gr-card", code);
  card.classList.add(...extra);
  return card;
}

/**
 * @param {string} label
 * @param {string[]} codes
 * @param {string} kind
 * @param {string[]} [cardClasses]
 */
export function group(label, codes, kind, cardClasses = []) {
  const node = el("span", `gr-group ${kind}`);
  node.setAttribute("role", "group");
  node.setAttribute("aria-label", label);
  node.append(el("span", "gr-group-label", label));
  const cards = el("span", "gr-cards");
  for (const code of codes) cards.append(deckCard(code, cardClasses));
  node.append(cards);
  return node;
}

/**
 * @param {Node[]} groups
 * @param {string} [label]
 */
export function row(groups, label) {
  const node = el("div", "gr-cardrow");
  if (label) node.append(el("span", "gr-row-label", label));
  node.append(...groups);
  return node;
}

/**
 * @param {string} text
 * @param {string} [extra]
 */
export function para(text, extra = "") {
  const node = el("p", `gr-summary ${extra}`.trim(), text);
  return node;
}

/**
 * @param {Strings} S
 * @param {{kind: Meld["kind"], cards: string[]}} meld
 * @returns {string}
 */
export function meldLabel(S, meld) {
  if (meld.kind === "run") return S.Run;
  return meld.cards.length < 4 ? S.Set : S["Set of four"];
}

/**
 * @param {Strings} S
 * @param {{melds: Meld[], unmatched: string[]}} arrangement
 */
export function arrangementGroups(S, arrangement) {
  const groups = arrangement.melds.map((m) => group(meldLabel(S, m), m.cards, `gr-meld gr-${m.kind}`));
  if (arrangement.unmatched.length) {
    groups.push(group(S.Deadwood, arrangement.unmatched, "gr-deadwood", ["gr-dead"]));
  }
  return groups;
}

/**
 * @param {Strings} S
 * @param {GoingOut} going
 * @param {VariantParams} params
 * @returns {string}
 */
export function goingOutText(S, going, params) {
  const fields = { ...going, minimum: params.minimum };
  if (going.allowed) {
    if (going.kind === "gin") return S.gin;
    if (going.kind === "big_gin") return S.big_gin;
    if (going.limit == null) return fill(S.go_down, fields);
    return fill(S.knock, fields);
  }
  return fill(S[/** @type {string} */ (going.reason)] ?? S.not_allowed, fields);
}


/**
 * @param {Strings} S
 * @param {VariantParams} params
 * @param {Omit<Showdown, "upcard"> & {upcard?: UpcardEffect | null}} value
 * @returns {Rendered}
 */
export function renderShowdown(S, params, value) {
  const example = el("div", "gr-example gr-showdown");
  if (value.upcard) {
    example.append(row([group(S.Upcard, [value.upcard.code], "gr-upcard")]));
    if (value.upcard.knock_limit != null) example.append(para(fill(S.upcard_limit, { limit: value.upcard.knock_limit })));
    if (value.upcard.multiplier > 1) example.append(para(S.spade_double));
  } else if (params.no_upcard_limit != null) {
    example.append(para(fill(S.no_upcard, { limit: params.no_upcard_limit }), "gr-no-upcard"));
  }
  // who went out, named by what they did: "Player who went gin" for a gin, "Knocker" for a
  // knock (showdown_labels of ginrules_site/directives/examples.py)
  const label = (/** @type {string} */ key) => S[`${key}_${value.outcome}`] ?? S[key];
  example.append(row(arrangementGroups(S, value.spread), label("Knocker")));
  const defender = value.defender_melds.map((m) => group(meldLabel(S, m), m.cards, `gr-meld gr-${m.kind}`));
  const laidOff = value.layoffs.map((l) => l.card);
  if (laidOff.length) defender.push(group(S["Laid off"], laidOff, "gr-layoff", ["gr-laid-off"]));
  if (value.defender_unmatched.length) {
    defender.push(group(S.Deadwood, value.defender_unmatched, "gr-deadwood", ["gr-dead"]));
  }
  example.append(row(defender, label("Defender")));
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
      const rank = (/** @type {string} */ code) => RANKS.indexOf(code[0]) + 1;
      if (kind === "run" && (((rank(target[0]) - rank(layoff.card)) % 13) + 13) % 13 === 1) target.unshift(layoff.card);
      else target.push(layoff.card);
    }
    example.append(list);
  }
  const totals = fill(label("totals"), { knocker: value.knocker_deadwood, defender: value.defender_deadwood });
  example.append(para(totals, "gr-deadwood-total"));
  const outcome = S[`outcome_${value.outcome}`];
  example.append(para(outcome, "gr-outcome"));
  const terms = value.terms.map((t) => fill(S.term, { label: S[`term_${t.code}`] ?? t.code, value: t.value })).join(" + ");
  // one term is the score itself: "difference 11", not "difference 11 = 11"
  const score = value.terms.length === 1 ? fill(S.score_one, { term: terms }) : fill(S.score, { terms, points: value.points });
  example.append(para(score, "gr-scoreline"));
  return { node: example, summary: sentences(S, [totals, outcome, score]) };
}


// --- the score sheet (the same markup as deals.sheet_nodes) --------------------------

/**
 * @param {string} className
 * @param {string[]} head
 * @param {{cells: string[], className?: string}[]} rows
 */
export function sheetTable(className, head, rows) {
  const wrapper = el("div", `table-wrapper ${className} docutils container`);
  const table = el("table", `${className} docutils align-default`);
  const thead = el("thead");
  const tbody = el("tbody");
  /**
   * @param {string[]} cells
   * @param {"th" | "td"} cellTag
   * @param {string} classes
   */
  const line = (cells, cellTag, classes) => {
    const tr = el("tr", classes);
    for (const text of cells) {
      const cell = el(cellTag, cellTag === "th" ? "head" : "");
      if (!cell.className) cell.removeAttribute("class");
      cell.append(el("p", "", text));
      /** @type {Element} */ (cell.firstChild).removeAttribute("class");
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

/**
 * @param {Strings} S
 * @param {number} seat
 * @returns {string}
 */
export function seatName(S, seat) {
  return seat === 0 ? S["Player A"] : S["Player B"];
}

/**
 * @param {Strings} S
 * @param {Pick<SheetRow, "kind" | "player" | "points" | "detail">} row
 * @returns {string}
 */
export function sheetEntry(S, row) {
  const player = row.player == null ? "" : "AB"[row.player];
  // A page may word a seat's rows its own way (the play page: "You score…").
  const own = row.player == null ? undefined : S.seat_rows?.[row.kind]?.[row.player];
  if (row.kind === "deal" || row.kind === "entered") {
    const outcome = S[`outcome_word_${row.detail.entry ?? row.detail.outcome}`];
    const games = (row.detail.games ?? []).map((/** @type {number} */ n) => fill(S.game_n, { n })).join(", ");
    const template = own ?? (row.kind === "deal" ? S.row_deal : S.row_entered);
    return fill(template, { player, points: row.points, outcome, games });
  }
  const template = own ?? S[`row_${row.kind}`];
  return template ? fill(template, { ...row.detail, player, points: row.points }) : `${row.kind} ${player} ${row.points}`;
}

/**
 * @param {Strings} S
 * @param {Node} frame the result's frame, as the build drew it
 * @param {ScoreSheet} value
 * @returns {Rendered}
 */
export function renderSheet(S, frame, value) {
  const example = /** @type {HTMLElement} */ (frame.cloneNode(false));
  const manches = value.scheme === "manche" || value.scheme === "partie";
  // A Hollywood win's row: each game it was entered in, with that game's totals after it as
  // the engine's row gives them (never the three games added together: the score of nothing).
  const cell = (/** @type {SheetRow} */ row, /** @type {number} */ seat) => row.kind === "entered"
    ? row.detail.games.map((/** @type {number} */ n) => String(gameTotals(row, n)[seat])).join(", ")
    : String(row.totals?.[seat]);
  const rows = value.rows.map((row) => ({
    cells: [String(row.deal), sheetEntry(S, row), row.kind === "entered" ? row.detail.games.join(", ") : String(row.game),
      cell(row, 0), cell(row, 1)],
    className: `gr-sheet-${row.kind.replaceAll("_", "-")}`,
  }));
  const head = [S.Deal, S.Entry, manches ? S.Manche : S.Game, seatName(S, 0), seatName(S, 1)];
  example.append(sheetTable("gr-sheet", head, rows));
  /** @type {(Partial<Pick<GameColumn, "game"> & Pick<MancheColumn, "manche">> & Pick<GameColumn, "totals" | "winner">)[]} */
  const columns = value.games ?? value.manches ?? [];
  if (columns.length && (columns.length > 1 || !manches)) {
    const label = manches ? S["Manche {n}"] : S["Game {n}"];
    const colHead = [S.Player, ...columns.map((c) => fill(label, { n: c.game ?? c.manche }))];
    const colRows = [0, 1].map((seat) => ({ cells: [seatName(S, seat), ...columns.map((c) => String(c.totals[seat]))] }));
    colRows.push({ cells: [S.Winner, ...columns.map((c) => (c.winner == null ? "" : seatName(S, c.winner)))] });
    example.append(sheetTable("gr-sheet-columns", colHead, colRows));
  }
  const last = value.rows.length ? sheetEntry(S, value.rows[value.rows.length - 1]) : S.sheet_empty;
  // Hollywood in progress: the engine gives no totals (the games' table is the standing)
  if (!value.totals) return { node: example, summary: sentences(S, [last]) };
  const [a, b] = value.totals;
  const total = fill(value.over ? S.final_totals : S.totals_so_far, { a, b });
  example.append(para(total, "gr-sheet-total"));
  return { node: example, summary: sentences(S, [last, total]) };
}

/**
 * A Hollywood game's totals just after a win was entered in it: the engine's standing on
 * the win's row.
 * @param {SheetRow} row the win's "entered" row
 * @param {number} game
 * @returns {[number, number]}
 */
function gameTotals(row, game) {
  const standing = /** @type {GameStandingData[]} */ (row.detail.standing);
  return /** @type {GameStandingData} */ (standing.find((g) => g.number === game)).totals;
}


// --- the engine's start, told in a widget's status line --------------------------------

// Resolve true once the engine answers, false (with the reason in `status`) when it could
// not start; `root` gets data-state "loading", then data-start ("running", "snapshot" or "fresh").
/**
 * @param {HTMLElement} root
 * @param {HTMLElement} status
 * @param {Strings} S
 * @returns {Promise<boolean>}
 */
export async function goLive(root, status, S) {
  const rt = runtime();
  if (rt.state === "ready") {
    root.dataset.start = /** @type {StartPath} */ (rt.startPath);
    return true;
  }
  root.dataset.state = "loading";
  let size = "";
  let shown = -1;
  /** @type {StageName | null} */
  let stage = null;
  try {
    size = formatBytes(await rt.size(), root.dataset.lang);
    await rt.ready({
      // The real stages: the download (in per cent), Python starting, the engine starting.
      onProgress: ({ loaded, total, stage: now }) => {
        const percent = Math.min(100, Math.floor((100 * loaded) / total));
        if (now === stage && (now !== "download" || percent < shown + 10)) return;
        stage = now;
        shown = percent;
        const text = /** @type {Partial<Record<StageName, string>>} */ ({ download: fill(S.loading, { percent, size }), start: S.loading_start, engine: S.loading_engine })[now];
        if (text) status.textContent = text;
      },
      confirm: () => askDownload(status, S, size),
    });
    root.dataset.start = /** @type {StartPath} */ (rt.startPath);
    return true;
  } catch (error) {
    // (a LoadError: ready() and size() reject with no other)
    root.dataset.state = /** @type {LoadError} */ (error).code === "declined" ? "static" : "error";
    if (/** @type {LoadError} */ (error).code === "declined" || /** @type {LoadError} */ (error).code === "timeout") {
      status.textContent = /** @type {LoadError} */ (error).code === "declined" ? S.declined : S.timeout;
      return false;
    }
    // A sentence in the reader's language, then the technical detail on its own line.
    const sentence = /** @type {LoadError} */ (error).file ? fill(S.failed_file, { file: /** @type {LoadError} */ (error).file }) : S.failed;
    status.replaceChildren(sentence, el("span", "gr-status-detail", /** @type {LoadError} */ (error).message));
    return false;
  }
}

// The browser asks to save data: download the engine only if the reader agrees.
/**
 * @param {HTMLElement} status
 * @param {Strings} S
 * @param {string} size
 * @returns {Promise<boolean>}
 */
function askDownload(status, S, size) {
  return new Promise((resolve) => {
    status.textContent = fill(S.ask, { size });
    const yes = el("button", "gr-ask-yes", S.download);
    const no = el("button", "gr-ask-no", S.not_now);
    for (const b of [yes, no]) b.type = "button";
    const box = el("p", "gr-ask");
    box.append(yes, " ", no);
    status.after(box);
    const done = (/** @type {boolean} */ answer) => { box.remove(); resolve(answer); };
    yes.addEventListener("click", () => done(true));
    no.addEventListener("click", () => done(false));
    yes.focus();
  });
}
