// The play page's settings and statistics, remembered per device (localStorage): the
// computer's pace, a four-colour deck, larger cards; the statistics per deal and per game,
// the tutor's advice shown and followed, and the last games with their scores. The play
// table (ginrules-play.mjs) calls these; nothing here knows the rules.
import { el, fill } from "./ginrules-render.mjs";
/**
 * @import { TableState } from "../live/ginrules-types"
 * @import { Strings } from "./ginrules-render.mjs"
 */
/**
 * What one variant and level counts (as stored: every field read with a default).
 * @typedef {{games: number, wins: number, deals: number, deals_won: number, points: number,
 *   gins: number, undercuts: number, knocks: number, knock_deadwood: number,
 *   advice: number, followed: number}} Stats
 */
/** One finished game of the history. @typedef {{key: string, variant: string, you: number, computer: number, winner: string, date: string}} Played */

export const STATS_KEY = "ginrules-play-stats";
const HISTORY_KEY = "ginrules-play-history";
const SETTINGS_KEY = "ginrules-play-settings";
// the widgets' key (gr-cards.js): one four-colour choice for every page of the site
const FOUR_COLOUR_KEY = "ginrules-four-colour";
const HISTORY_SIZE = 5;
const GIN_OUTCOMES = ["gin", "big_gin", "petit_gin", "grand_gin"];

/** The computer's pace: the wait before each of its moves, in ms. */
export const PACES = /** @type {const} */ ({ slow: 1200, normal: 600, fast: 250, instant: 0 });

/**
 * A value kept in localStorage (as stored: checked where it is read).
 * @param {string} key
 * @param {any} fallback
 * @returns {any}
 */
export function storage(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text == null ? fallback : JSON.parse(text);
  } catch {
    return fallback; // storage off, or a value written by something else
  }
}

/**
 * @param {string} key
 * @param {unknown} value
 */
export function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or off: the table plays on without remembering
  }
}

/** @returns {{pace: keyof typeof PACES, large: boolean, fourColour: boolean}} */
export function settings() {
  const kept = storage(SETTINGS_KEY, {});
  const pace = typeof kept?.pace === "string" && kept.pace in PACES ? /** @type {keyof typeof PACES} */ (kept.pace) : "normal";
  let fourColour = false;
  try {
    fourColour = localStorage.getItem(FOUR_COLOUR_KEY) === "1";
  } catch {
    // storage off: red and black
  }
  return { pace, large: kept?.large === true, fourColour };
}

// The wait before each of the computer's moves: the tests' own pace (set before the page
// loads: window.GINRULES_PLAY_PACE_MS), else the reader's.
/** @returns {number} */
export const paceMs = () => globalThis.GINRULES_PLAY_PACE_MS ?? PACES[settings().pace];

// The settings as classes on <html> (the deck's colours and the cards' size are CSS)
// and the pace on the table's root (data-pace).
/** @param {HTMLElement} root */
function apply(root) {
  const now = settings();
  const html = document.documentElement;
  html.classList.toggle("gr-four-colour", now.fourColour);
  html.classList.toggle("gr-large-cards", now.large);
  root.dataset.pace = now.pace;
  for (const b of document.querySelectorAll(".gr-deck-toggle")) b.setAttribute("aria-pressed", String(now.fourColour));
}

/**
 * The settings, under the keys of the table: a disclosure made once (the table below it
 * is drawn again at every move, this is not), each change kept and applied at once.
 * @param {HTMLElement} root the play widget
 * @param {Strings} S
 * @param {Element} after the element the settings go after
 */
export function mountSettings(root, S, after) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("ginrules-settings.css", import.meta.url).href;
  document.head.append(link);
  apply(root);
  const box = el("details", "gr-play-settings");
  box.append(el("summary", "", S.settings_title));
  const now = settings();
  const id = "gr-play-pace";
  const pace = el("select", "gr-input");
  pace.id = id;
  pace.name = "pace";
  for (const name of Object.keys(PACES)) {
    const option = el("option", "", S[`pace_${name}`]);
    option.value = name;
    pace.append(option);
  }
  pace.value = now.pace;
  const paceField = el("div", "gr-field");
  const label = el("label", "", S.pace_label);
  label.htmlFor = id;
  paceField.append(label, pace);
  /**
   * @param {string} name
   * @param {string} text
   * @param {boolean} checked
   */
  const check = (name, text, checked) => {
    const field = el("div", "gr-field gr-check");
    const input = el("input");
    input.type = "checkbox";
    input.name = name;
    input.id = `gr-play-${name}`;
    input.checked = checked;
    const label = el("label", "", text);
    label.htmlFor = input.id;
    field.append(input, label);
    return { field, input };
  };
  const four = check("four-colour", S.setting_four_colour, now.fourColour);
  const large = check("large-cards", S.setting_large_cards, now.large);
  const note = el("p", "gr-help", S.settings_note);
  box.append(paceField, four.field, large.field, note);
  box.addEventListener("change", () => {
    const kept = storage(SETTINGS_KEY, {});
    store(SETTINGS_KEY, { ...(kept && typeof kept === "object" ? kept : {}), pace: pace.value, large: large.input.checked });
    try {
      localStorage.setItem(FOUR_COLOUR_KEY, four.input.checked ? "1" : "0");
    } catch {
      // storage off: the choice lasts as long as the page
      document.documentElement.classList.toggle("gr-four-colour", four.input.checked);
    }
    apply(root);
  });
  after.after(box);
  return box;
}

// --- statistics ----------------------------------------------------------------------------

/**
 * @param {string} key variant/level
 * @returns {Stats}
 */
function statsOf(key) {
  const all = storage(STATS_KEY, {});
  const kept = all && typeof all === "object" ? all[key] ?? {} : {};
  /** @type {Stats} */
  const stats = { games: 0, wins: 0, deals: 0, deals_won: 0, points: 0, gins: 0, undercuts: 0, knocks: 0, knock_deadwood: 0, advice: 0, followed: 0 };
  for (const name of /** @type {(keyof Stats)[]} */ (Object.keys(stats))) {
    if (Number.isFinite(kept[name])) stats[name] = kept[name];
  }
  return stats;
}

/**
 * @param {string} key
 * @param {(stats: Stats) => void} change
 */
function update(key, change) {
  const all = storage(STATS_KEY, {});
  const stats = statsOf(key);
  change(stats);
  store(STATS_KEY, { ...(all && typeof all === "object" ? all : {}), [key]: stats });
}

/**
 * A finished deal (and the game, when it ended the game) counted.
 * @param {TableState} state
 * @param {string} variantName
 */
export function recordDeal(state, variantName) {
  const result = state.result;
  if (!result) return;
  update(`${state.variant}/${state.level}`, (stats) => {
    stats.deals += 1;
    if (result.winner === "you") {
      stats.deals_won += 1;
      stats.points += result.points;
    }
    if (result.winner === "you" && GIN_OUTCOMES.includes(result.outcome)) stats.gins += 1;
    if (result.knocker === "you" && (result.kind ?? result.outcome) === "undercut") stats.undercuts += 1;
    if (result.knocker === "you" && result.knocker_deadwood != null && !GIN_OUTCOMES.includes(result.outcome)) {
      stats.knocks += 1;
      stats.knock_deadwood += result.knocker_deadwood;
    }
    if (state.phase === "game_over") {
      stats.games += 1;
      if (state.game?.winner === "you") stats.wins += 1;
    }
  });
  if (state.phase === "game_over" && state.game?.totals) {
    const history = storage(HISTORY_KEY, []);
    /** @type {Played} */
    const game = { key: `${state.variant}/${state.level}`, variant: variantName, you: state.game.totals[0], computer: state.game.totals[1],
      winner: state.game.winner ?? "none", date: new Date().toISOString().slice(0, 10) };
    store(HISTORY_KEY, [game, ...(Array.isArray(history) ? history : [])].slice(0, HISTORY_SIZE));
  }
}

/**
 * The tutor's advice shown at a position (counted once per position), or followed there.
 * @param {TableState} state
 * @param {"advice" | "followed"} what
 */
export function recordAdvice(state, what) {
  update(`${state.variant}/${state.level}`, (stats) => { stats[what] += 1; });
}

/** @param {TableState} state */
export function resetStats(state) {
  const all = storage(STATS_KEY, {});
  if (all && typeof all === "object") delete all[`${state.variant}/${state.level}`];
  store(STATS_KEY, all);
  const history = storage(HISTORY_KEY, []);
  const key = `${state.variant}/${state.level}`;
  store(HISTORY_KEY, (Array.isArray(history) ? history : []).filter((g) => g?.key !== key));
}

/**
 * The statistics of a variant and level as a list (each value with data-stat), and the
 * last games.
 * @param {Strings} S
 * @param {TableState} state
 * @param {string} lang
 * @returns {HTMLElement[]}
 */
export function statsNodes(S, state, lang) {
  const stats = statsOf(`${state.variant}/${state.level}`);
  const number = (/** @type {number} */ n) => n.toLocaleString(lang, { maximumFractionDigits: 1 });
  const list = el("dl", "gr-play-stats-list");
  const items = [
    ["games", S.stat_games, stats.games], ["wins", S.stat_wins, stats.wins],
    ["deals", S.stat_deals, stats.deals], ["deals_won", S.stat_deals_won, stats.deals_won],
    ["points_per_deal", S.stat_points_per_deal, stats.deals ? number(stats.points / stats.deals) : S.stat_none],
    ["gins", S.stat_gins, stats.gins], ["undercuts", S.stat_undercuts, stats.undercuts],
    ["knock_deadwood", S.stat_knock_deadwood, stats.knocks ? number(stats.knock_deadwood / stats.knocks) : S.stat_none],
    ["tutor", S.stat_tutor, stats.advice ? fill(S.stat_tutor_value, { followed: stats.followed, shown: stats.advice }) : S.stat_none],
  ];
  for (const [name, label, value] of items.filter(([, label]) => label)) {
    const shown = el("dd", "", String(value));
    shown.dataset.stat = String(name);
    list.append(el("dt", "", String(label)), shown);
  }
  const history = storage(HISTORY_KEY, []);
  /** @type {Played[]} */
  const games = (Array.isArray(history) ? history : []).filter((g) => g && Number.isFinite(g.you) && Number.isFinite(g.computer));
  const nodes = [list, el("h4", "gr-play-history-title", S.history_title)];
  if (!games.length) nodes.push(el("p", "gr-play-history-none", S.history_none));
  else {
    const past = el("ol", "gr-play-history");
    for (const game of games) {
      const key = game.winner === "you" ? "history_won" : game.winner === "computer" ? "history_lost" : "history_drawn";
      const date = new Date(`${game.date}T12:00:00`);
      const when = Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString(lang, { day: "numeric", month: "short" });
      const item = el("li", "", fill(S[key], { variant: String(game.variant), you: game.you, computer: game.computer, date: when }));
      item.dataset.totals = `${game.you} ${game.computer}`;
      past.append(item);
    }
    nodes.push(past);
  }
  return nodes;
}
