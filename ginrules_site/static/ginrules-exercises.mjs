// The exercises page (see ginrules_site/live/exercises.py): the engine in the reader's browser
// deals an exercise (exercise_new), checks the answer (exercise_check) and gives its worked
// solution as codes and arguments, which this script words with the page's strings. No rules
// here: every answer, check and number comes from ginrules.exercises.
import { runtime, startOnIntent } from "./ginrules-live.mjs";
import { STRINGS, deckCard, el, fill, form, goLive, group, meldLabel, row, sheetEntry } from "./ginrules-render.mjs";
import { parseExerciseLink } from "./ginrules-links.mjs";
/**
 * @import { CallName, Calls, Exercise, ExerciseArgs, ExerciseDeal, ExerciseMove, SheetRow, Step, Verdict } from "../live/ginrules-types"
 * @import { Strings, Template } from "./ginrules-render.mjs"
 */
/**
 * The page's params (exercises.py): each variant's name, kinds of exercise, page and words,
 * the levels, every kind, a series' length and the rules pages' titles.
 * @typedef {{variants: Record<string, {name: string, kinds: string[], page: string, style: string, words: Strings}>,
 *   levels: number[], kinds: string[], series: number, pages: Record<string, string>}} TrainerParams
 */
/** A series of exercises under way. @typedef {{variant: string, index: number, right: number}} Series */
/** An answer, in the shape of its exercise's form. @typedef {Record<string, any>} AnswerData */

const PROGRESS = "ginrules-exercises-progress";
const SERIES = "ginrules-exercises-series";
const CARD = /^[A2-9TJQK][SHDC]$/;

// An answer the page cannot send: its message, and the field it is about (by name).
class AnswerError extends Error {
  /**
   * @param {string} message
   * @param {string} field
   */
  constructor(message, field) {
    super(message);
    this.field = field;
  }
}

/**
 * @template T
 * @param {string} key
 * @param {T} fallback
 * @returns {T}
 */
function load(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "null");
    return value && typeof value === "object" ? value : fallback;
  } catch {
    return fallback; // storage refused or damaged: start again
  }
}

/**
 * @param {string} key
 * @param {unknown} value
 */
function save(key, value) {
  try {
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage refused: the progress lasts as long as the page
  }
}

// --- wording of the engine's codes (exercises.py renders the build-time ones the same way) --

/** @param {string[]} codes */
function cardsNode(codes) {
  const span = el("span", "gr-cards-inline");
  codes.forEach((code, i) => {
    if (i) span.append(" ");
    span.append(deckCard(code));
  });
  return span;
}

// A meld of an explanation, labelled as the examples label theirs (a run: one suit).
/**
 * @param {Strings} S
 * @param {string[]} codes
 */
function meldNode(S, codes) {
  const kind = new Set(codes.map((c) => c[1])).size === 1 && codes.length > 1 ? "run" : "set";
  return group(meldLabel(S, { kind, cards: codes }), codes, `gr-meld gr-${kind}`);
}

// One field of a step, drawn by its kind; `code`: the step's, whose item_<code> template
// words each item of a list of objects.
/**
 * @param {Strings} S
 * @param {unknown} value
 * @param {string} [code]
 * @returns {Node | string}
 */
function field(S, value, code = "") {
  if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
    const span = el("span", "gr-items");
    value.forEach((item, i) => {
      if (i) span.append(", ");
      span.append(...sentence(S, S[`item_${code}`] ?? "", item).childNodes);
    });
    return span;
  }
  if (Array.isArray(value) && value.length && value.every(Array.isArray)) {
    const span = el("span", "gr-melds-inline");
    value.forEach((meld, i) => {
      if (i) span.append(S.meld_separator);
      span.append(meldNode(S, meld));
    });
    return span;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === "string" && CARD.test(v))) return cardsNode(value);
  if (Array.isArray(value)) return value.join(" + ");
  if (typeof value === "string" && CARD.test(value)) return deckCard(value);
  return String(value);
}

// A template whose fields are nodes or texts, as a paragraph.
/**
 * @param {Strings} S
 * @param {Template} template
 * @param {Record<string, unknown>} args
 * @param {string} [className]
 * @param {string} [code]
 */
function sentence(S, template, args, className = "gr-summary", code = "") {
  const p = el("p", className);
  // a case ({card:acc}, ginrules/cases.py) leaves a card's face as it is
  for (const piece of form(template, args).split(/(\{\w+(?::\w+)?\})/)) {
    const key = piece.slice(1, -1).split(":")[0];
    if (piece.startsWith("{") && key in args) p.append(field(S, args[key], code));
    else if (piece) p.append(piece);
  }
  return p;
}

// The template key (step_<key>) of a step and its fields (exercises.step_key).
/**
 * @param {Strings} S
 * @param {Step} step
 * @returns {[string, Record<string, any>]}
 */
function stepKey(S, step) {
  let code = step.code;
  const args = { ...step.args };
  if (code === "going_out") code = `going_out_${args.reason ?? args.choice}`;
  else if (code === "stock_rule") code = `stock_rule_${args.rule}`;
  else if (code === "stock_result") code = `stock_result_${args.choice}`;
  else if (code === "no_layoffs" && S[`step_no_layoffs_${args.outcome}`]) code = `no_layoffs_${args.outcome}`;
  else if (code === "spread" || code === "defender_melds") args.who = code === "spread" ? S.Knocker : S.Defender;
  else if (code === "sum" && args.values.length === 1) code = "sum_one"; // "Deadwood: 3." (not "3 = 3")
  else if (code === "lead" || code === "game_lead") {
    [args.a, args.b] = args.totals;
    delete args.totals;
    if (args.leader === "none") code = `${code}_none`;
  }
  for (const [key, value] of Object.entries(step.args)) {
    if (Array.isArray(value) && !value.length && S[`step_${code}_no_${key}`]) return [`${code}_no_${key}`, args];
  }
  return [code, args];
}

/**
 * @param {Strings} S
 * @param {Step} step
 */
function stepNode(S, step) {
  const [code, args] = stepKey(S, step);
  if (step.code === "layoff") {
    const run = new Set(args.meld.map((/** @type {string} */ c) => c[1])).size === 1;
    return sentence(S, run ? S.layoff_run : S.layoff_set, args);
  }
  if (step.code === "score") {
    const terms = args.terms.map((/** @type {{code: string, value: number}} */ t) => fill(S.term, { label: S[`term_${t.code}`] ?? t.code, value: t.value })).join(" + ");
    const score = args.terms.length === 1 ? fill(S.score_one, { term: terms }) : fill(S.score, { terms, points: args.points });
    const totals = fill(S.totals, { knocker: args.knocker_deadwood, defender: args.defender_deadwood });
    return el("p", "gr-summary", `${totals} ${S[`outcome_${args.outcome}`]} ${fill(S.sentence, { text: score })}`);
  }
  if (step.code === "row") {
    const entry = sheetEntry(S, /** @type {SheetRow} */ ({ ...args, player: args.player == null ? null : "AB".indexOf(args.player) }));
    const key = ["deal", "entered", "dead"].includes(args.kind) ? "step_row" : "step_row_total";
    return el("p", "gr-summary", fill(S[key], { deal: args.deal, entry, a: args.totals[0], b: args.totals[1] }));
  }
  if (step.code === "game_rows") {
    const entries = args.rows.map((/** @type {SheetRow} */ row) => sheetEntry(S, { ...row, player: row.player == null ? null : "AB".indexOf(String(row.player)) })).join(". ");
    return el("p", "gr-summary", fill(S.step_game_rows, { deal: args.deal, game: args.game, entries, a: args.totals[0], b: args.totals[1] }));
  }
  const template = S[`step_${code}`];
  if (template == null) return el("p", "gr-summary", S.unknown_form);
  return sentence(S, template, args, "gr-summary", step.code);
}

/**
 * @param {Strings} S
 * @param {ExerciseMove} move
 */
function moveNode(S, move) {
  const key = move.code === "draw_stock" && !move.card ? "draw_stock_hidden" : move.code;
  return sentence(S, S[key], move.card ? { player: move.player, card: move.card } : { player: move.player });
}

/** @type {(S: Strings, data: Exercise) => string} */
const schemeName = (S, data) => S[`scheme_${data.scheme === "game" ? `game${data.target}` : data.scheme}`];

/**
 * @param {Strings} S
 * @param {ExerciseDeal} deal
 * @returns {string}
 */
function dealText(S, deal) {
  if (deal.outcome === "dead") return S.row_dead;
  return fill(S.row_deal, { player: deal.player, points: deal.points, outcome: S[`outcome_word_${deal.outcome}`] });
}

// How a chosen value reads: a choice's label, a winner or a leader.
/**
 * @param {Strings} S
 * @param {Exercise} data
 * @param {string} key
 * @param {unknown} value
 * @returns {string}
 */
function choiceText(S, data, key, value) {
  const choice = (data.choices ?? []).find((c) => c.value === value);
  if (choice) return fill(S[`choice_${choice.code}`] ?? choice.code, choice.args ?? {});
  if (key === "winner") return value === "knocker" ? S.Knocker : S.Defender;
  if (key === "leader") return value === "none" ? S.choice_leader_none : S[`Player ${value}`];
  return String(value);
}

// An accepted answer as words and cards: "deadwood 7", "discard 9♥", "Knock".
/**
 * @param {Strings} S
 * @param {Exercise} data
 * @param {AnswerData} answer
 */
function answerNode(S, data, answer) {
  const span = el("span", "gr-answer-words");
  let first = true;
  for (const [key, value] of Object.entries(answer)) {
    const joined = JOINED[key];
    if (joined && joined in answer) continue; // said with the winner or the leader
    const phrase = answerPhrase(S, data, answer, key);
    const template = S[`answer_${key}`];
    if (!template && phrase == null) continue;
    if (!first) span.append(", ");
    first = false;
    if (phrase != null) {
      span.append(phrase);
      continue;
    }
    if (key === "layoffs" && !value.length) {
      span.append(S.answer_layoffs_none);
      continue;
    }
    const shown = field(S, value);
    for (const piece of template.split(/(\{value\})/)) {
      if (piece === "{value}") span.append(shown);
      else if (piece) span.append(piece);
    }
  }
  return span;
}

// The keys said with another one: the points with the winner, the lead with the leader.
/** @type {Record<string, string>} */
const JOINED = { points: "winner", lead: "leader" };

// The phrases of an answer said as a whole, mid-sentence (exercises.answer_phrase): a
// choice, who scores how much, who leads by how much; null for the other keys.
/**
 * @param {Strings} S
 * @param {Exercise} data
 * @param {AnswerData} answer
 * @param {string} key
 * @returns {string | null}
 */
function answerPhrase(S, data, answer, key) {
  const value = answer[key];
  if (key === "choice") {
    const choice = (data.choices ?? []).find((c) => c.value === value);
    return choice ? S[`answer_choice_${choice.code}`] ?? String(value) : String(value);
  }
  if (key === "winner") return fill(S[`answer_winner_${value}`], { points: answer.points });
  if (key === "leader") return value === "none" ? S.answer_leader_none : fill(S.answer_leader, { player: value, lead: answer.lead });
  return null;
}

/**
 * @param {Strings} S
 * @param {Exercise} data
 * @param {AnswerData[]} accepted
 */
function answersNode(S, data, accepted) {
  const span = el("span");
  accepted.forEach((answer, i) => {
    if (i) span.append(` ${S.or} `);
    span.append(answerNode(S, data, answer));
  });
  return span;
}

/**
 * The strings for this exercise: a showdown's players named by what the hand did ("Player
 * who went gin", never "Knocker", for a gin), as exercises.outcome_words.
 * @param {Strings} S
 * @param {Exercise} data
 * @returns {Strings}
 */
function outcomeWords(S, data) {
  if (data.kind !== "showdown") return S;
  const knocker = /** @type {string[]} */ (data.knocker);
  const melded = /** @type {string[][]} */ (data.spread).reduce((n, meld) => n + meld.length, 0);
  const how = knocker.length === 11 ? "big_gin" : melded === knocker.length ? "gin" : "knock";
  const words = { ...S };
  for (const key of ["Knocker", "Defender", "answer_winner_knocker", "answer_winner_defender"]) {
    words[key] = S[`${key}_${how}`] ?? S[key];
  }
  return words;
}

// What an exercise shows besides its question (exercises.hand_rows).
/**
 * What an exercise shows: the keys of its kind (showdown, stock_end, sheet) are there.
 * @param {Strings} S
 * @param {Exercise} data
 * @returns {HTMLElement[]}
 */
function handNodes(S, data) {
  const out = [];
  if (data.kind === "showdown") {
    out.push(row([group(S.Hand, /** @type {string[]} */ (data.knocker), "gr-hand-cards")], S.Knocker));
    out.push(row(/** @type {string[][]} */ (data.spread).map((meld) => meldNode(S, meld)), S.Spread));
    out.push(row([group(S.Hand, /** @type {string[]} */ (data.defender), "gr-hand-cards")], S.Defender));
  } else if (data.kind === "stock_end") {
    out.push(el("p", "gr-summary", fill(S.stock_before, { n: data.stock_left })));
    const list = el("ol", "gr-moves");
    for (const move of /** @type {ExerciseMove[]} */ (data.moves)) {
      const li = el("li");
      li.append(moveNode(S, move));
      list.append(li);
    }
    out.push(list, row([group(S.Hand, data.cards, "gr-hand-cards")], S.last_hand));
  } else if (data.kind === "sheet") {
    out.push(el("p", "gr-summary", fill(S.sheet_scoring, { scheme: schemeName(S, data) })));
    const list = el("ol", "gr-deals");
    for (const deal of /** @type {ExerciseDeal[]} */ (data.deals)) list.append(el("li", "", dealText(S, deal)));
    out.push(list);
  } else if (data.cards?.length) out.push(row([group(S.Hand, data.cards, "gr-hand-cards")]));
  if (data.upcard) out.push(row([group(S.Upcard, [data.upcard], "gr-upcard")]));
  return out;
}

// --- the trainer ------------------------------------------------------------------------

class Trainer {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    /** @type {Strings} */
    this.S = STRINGS;
    /** @type {TrainerParams} */
    this.params = JSON.parse(/** @type {string} */ (root.dataset.params));
    this.setup = /** @type {HTMLFormElement} */ (root.querySelector("form.gr-exercises-setup"));
    this.status = /** @type {HTMLElement} */ (this.setup.querySelector(".gr-status"));
    this.box = /** @type {HTMLElement} */ (root.querySelector(".gr-exercise"));
    this.answerForm = /** @type {HTMLFormElement} */ (this.box.querySelector("form.gr-answer"));
    this.fields = /** @type {HTMLElement} */ (this.box.querySelector(".gr-answer-fields"));
    this.error = /** @type {HTMLElement} */ (this.box.querySelector("#gr-answer-error"));
    this.verdict = /** @type {HTMLElement} */ (this.box.querySelector(".gr-verdict"));
    this.explanation = /** @type {HTMLElement} */ (this.box.querySelector(".gr-explanation"));
    this.nextButton = /** @type {HTMLButtonElement} */ (this.box.querySelector("[data-action='next']"));
    this.shareLink = /** @type {HTMLAnchorElement} */ (this.box.querySelector(".gr-share-link"));
    this.progressBox = /** @type {HTMLElement} */ (root.querySelector(".gr-progress"));
    this.select = (/** @type {string} */ name) => /** @type {HTMLSelectElement} */ (this.setup.querySelector(`[name='${name}']`));
    /** @type {Exercise | null} */
    this.exercise = null;
    this.checked = false;
    this.serial = 0;
    this.setup.hidden = false;
    this.progressBox.hidden = false;
    this.select("variant").addEventListener("change", () => this.offerKinds());
    this.offerKinds();
    this.setup.addEventListener("submit", (event) => {
      event.preventDefault();
      this.series = null;
      save(SERIES, null);
      this.deal();
    });
    /** @type {Element} */ (this.setup.querySelector("[data-action='series']")).addEventListener("click", () => this.startSeries());
    this.answerForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.check();
    });
    this.nextButton.addEventListener("click", () => this.next());
    /** @type {Element} */ (root.querySelector("[data-action='reset']")).addEventListener("click", () => {
      save(PROGRESS, null);
      this.showProgress();
      this.status.textContent = this.S.progress_reset;
    });
    this.series = load(SERIES, /** @type {Series | null} */ (null));
    this.showProgress();
  }

  variant() {
    return this.params.variants[this.select("variant").value];
  }

  // Only the kinds that the chosen variant has.
  offerKinds() {
    const kinds = this.variant().kinds;
    const select = this.select("kind");
    for (const option of select.options) option.hidden = option.disabled = !kinds.includes(option.value);
    if (!kinds.includes(select.value)) select.value = kinds[0];
  }

  /**
   * @param {string} variant
   * @param {string | undefined} kind
   * @param {number | string | undefined} level
   */
  choose(variant, kind, level) {
    if (Object.hasOwn(this.params.variants, variant)) this.select("variant").value = variant;
    this.offerKinds();
    if (kind && this.variant().kinds.includes(kind)) this.select("kind").value = kind;
    if (level && this.params.levels.includes(Number(level))) this.select("level").value = String(level);
  }

  // An engine call; a refusal is said in `where` (the status line, or under the answer).
  /**
   * @template {CallName} N
   * @param {N} name
   * @param {Calls[N]["args"]} args
   * @param {HTMLElement} [where]
   * @returns {Promise<Calls[N]["value"] | null>}
   */
  async call(name, args, where = this.status) {
    if (!(await goLive(this.root, this.status, this.S))) return null;
    const reply = await runtime().call(name, args);
    if (!reply.ok) {
      const error = reply.error;
      const S = this.S;
      const text = error.code === "exercise" ? S[`exercise_${error.reason}`] ?? S.exercise_refused : S[error.code];
      const fields = { ...error, cards: (error.cards ?? []).map((/** @type {string} */ c) => deckCard(c).getAttribute("aria-label")).join(", ") };
      where.textContent = fill(text ?? S.internal, fields);
      this.root.dataset.state = "ready";
      return null;
    }
    this.root.dataset.state = "ready";
    return reply.value;
  }

  // A new exercise of the chosen variant, kind and level (seed: a shared link's, or drawn).
  /** @param {number | null} [seed] */
  async deal(seed = null) {
    const serial = ++this.serial;
    /** @type {ExerciseArgs} */
    const args = { variant: this.select("variant").value, kind: this.select("kind").value, level: Number(this.select("level").value) };
    if (seed != null) args.seed = seed;
    const data = await this.call("exercise_new", args);
    if (!data || serial !== this.serial) return;
    this.status.textContent = "";
    this.show(data);
  }

  /** @param {Exercise} data */
  show(data) {
    // The variant's own words (who went out, how) replace the page's.
    const S = (this.S = outcomeWords({ ...STRINGS, ...this.params.variants[data.variant].words }, data));
    this.exercise = data;
    this.checked = false;
    /** @type {string[][] | undefined} */
    this.melds = [];
    const box = this.box;
    box.hidden = false;
    box.dataset.kind = data.kind;
    box.dataset.variant = data.variant;
    box.dataset.level = String(data.level);
    box.dataset.seed = String(data.seed);
    box.dataset.cards = data.knocker ? `${data.knocker.join(" ")} | ${/** @type {string[]} */ (data.defender).join(" ")}` : (data.cards ?? []).join(" ");
    delete box.dataset.verdict;
    const variant = this.params.variants[data.variant];
    /** @type {Element} */ (box.querySelector(".gr-exercise-title")).textContent = fill(S.exercise_of, { kind: S[`kind_${data.kind}`], variant: variant.name, level: data.level });
    const series = this.series;
    /** @type {Element} */ (box.querySelector(".gr-series-status")).textContent = series
      ? fill(S.series_of, { n: series.index + 1, total: this.params.series, right: series.right }) : "";
    /** @type {Element} */ (box.querySelector(".gr-question")).replaceChildren(
      ...sentence(S, S[`question_${data.question.code}`] ?? S.unknown_form, data.question.args ?? {}, "gr-question-text").childNodes,
    );
    /** @type {Element} */ (box.querySelector(".gr-exercise-hand")).replaceChildren(...handNodes(S, data));
    this.fields.replaceChildren(...this.answerFields(data));
    this.error.textContent = "";
    this.verdict.replaceChildren();
    this.explanation.replaceChildren();
    for (const name of ["role", "aria-label", "tabindex"]) this.explanation.removeAttribute(name);
    this.nextButton.hidden = true;
    /** @type {HTMLButtonElement} */ (this.answerForm.querySelector("[data-action='check']")).disabled = false;
    const link = `#exercise=${data.variant}/${data.kind}/${data.level}/${data.seed}`;
    this.shareLink.href = link;
    this.shareLink.textContent = S.share_exercise;
    if (history.replaceState) history.replaceState(null, "", link);
    // The new exercise is read from its title on: the focus goes there, Tab goes on to the answer.
    const title = /** @type {HTMLElement} */ (box.querySelector(".gr-exercise-title"));
    title.tabIndex = -1;
    title.focus();
  }

  // The answer's fields, by the engine's answer_form.
  /**
   * @param {Exercise} data
   * @returns {HTMLElement[]}
   */
  answerFields(data) {
    const S = this.S;
    const out = [];
    /**
     * @param {string} name
     * @param {string} legend
     * @param {[string, Node | string][]} options
     */
    const radios = (name, legend, options) => {
      const set = el("fieldset", "gr-choices");
      set.append(el("legend", "", legend));
      for (const [value, content] of options) {
        const label = el("label", "gr-choice");
        const input = el("input");
        input.type = "radio";
        input.name = name;
        input.value = value;
        label.append(input, " ", content);
        set.append(label);
      }
      return set;
    };
    /**
     * @param {string} name
     * @param {string} labelText
     */
    const number = (name, labelText) => {
      const wrap = el("div", "gr-field");
      const id = `gr-answer-${name}`;
      const label = el("label", "", labelText);
      label.htmlFor = id;
      const input = el("input", "gr-input gr-number");
      Object.assign(input, { id, name, type: "text", inputMode: "numeric", autocomplete: "off" });
      wrap.append(label, input);
      return wrap;
    };
    const form = data.answer_form;
    if (form === "number") {
      out.push(number("deadwood", S["Your answer"]));
      if (data.kind === "count") out.push(this.meldMaker(data));
    } else if (form === "card") {
      out.push(radios("card", S["Your answer"], data.cards.map((c) => [c, deckCard(c)])));
    } else if (form === "choice") {
      out.push(radios("choice", S["Your answer"], /** @type {Exercise["choices"] & {}} */ (data.choices).map((c) => [c.value, choiceText(S, data, "choice", c.value)])));
    } else if (form === "layoffs+points+winner") {
      const set = el("fieldset", "gr-choices gr-layoff-picks");
      set.append(el("legend", "", S["Laid off"]));
      for (const code of /** @type {string[]} */ (data.defender)) {
        const label = el("label", "gr-choice");
        const input = el("input");
        Object.assign(input, { type: "checkbox", name: "layoffs", value: code });
        label.append(input, " ", deckCard(code));
        set.append(label);
      }
      out.push(set);
      out.push(radios("winner", S["Who scores"], ["knocker", "defender"].map((v) => [v, choiceText(S, data, "winner", v)])));
      out.push(number("points", S.Points));
    } else if (form === "leader+number") {
      out.push(radios("leader", S["Who leads"], ["A", "B", "none"].map((v) => [v, choiceText(S, data, "leader", v)])));
      out.push(number("lead", S.Lead));
    } else {
      out.push(el("p", "gr-error", S.unknown_form));
    }
    return out;
  }

  // Count: the reader may also lay out the melds, card by card (the engine checks them).
  /** @param {Exercise} data */
  meldMaker(data) {
    const S = this.S;
    /** @type {string[][] | undefined} the melds the reader lays out */
    this.melds = [];
    const set = el("fieldset", "gr-meld-maker");
    set.append(el("legend", "", S.arrange_legend));
    const picks = el("div", "gr-pick-row");
    picks.setAttribute("role", "group");
    picks.setAttribute("aria-label", S.Hand);
    for (const code of data.cards) {
      const button = el("button", "gr-pick");
      button.type = "button";
      button.dataset.card = code;
      button.setAttribute("aria-pressed", "false");
      button.append(deckCard(code));
      button.addEventListener("click", () => {
        button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
      });
      picks.append(button);
    }
    const make = el("button", "gr-button", S.make_meld);
    make.type = "button";
    make.dataset.action = "meld";
    const list = el("ul", "gr-my-melds");
    const redraw = () => {
      list.replaceChildren();
      /** @type {string[][]} */ (this.melds).forEach((meld, i) => {
        const li = el("li");
        const undo = el("button", "gr-button", S.undo_meld);
        undo.type = "button";
        undo.addEventListener("click", () => {
          /** @type {string[][]} */ (this.melds).splice(i, 1);
          redraw();
          make.focus();
        });
        li.append(meldNode(S, meld), " ", undo);
        list.append(li);
      });
      const used = new Set(/** @type {string[][]} */ (this.melds).flat());
      for (const b of /** @type {HTMLCollectionOf<HTMLButtonElement>} */ (picks.children)) {
        b.disabled = used.has(/** @type {string} */ (b.dataset.card));
        if (b.disabled) b.setAttribute("aria-pressed", "false");
      }
    };
    make.addEventListener("click", () => {
      const chosen = [.../** @type {HTMLCollectionOf<HTMLButtonElement>} */ (picks.children)].filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => /** @type {string} */ (b.dataset.card));
      if (chosen.length) /** @type {string[][]} */ (this.melds).push(chosen);
      redraw();
    });
    set.append(el("p", "gr-help", S.arrange_help), picks, make, list);
    return set;
  }

  /** @returns {AnswerData} */
  answer() {
    const form = /** @type {Exercise} */ (this.exercise).answer_form;
    const picked = (/** @type {string} */ name) => {
      const value = /** @type {HTMLInputElement | null} */ (this.fields.querySelector(`input[name='${name}']:checked`))?.value;
      if (value == null) throw new AnswerError(this.S.pick_one, name);
      return value;
    };
    const number = (/** @type {string} */ name) => {
      const input = /** @type {HTMLInputElement} */ (this.fields.querySelector(`input[name='${name}']`));
      const text = input.value.trim();
      // a whole number, with a sign (the minus sign U+2212 as well as the hyphen): one
      // out of 0 to 9999 is a number, said to be out of range, not "not a number"
      const whole = /^[+\-\u2212]?\d+$/.test(text);
      const value = whole ? Number(text.replace("\u2212", "-")) : NaN;
      const ok = whole && value >= 0 && value <= 9999;
      if (!ok && whole) throw new AnswerError(fill(this.S.bad_number_range, { value: text.slice(0, 20), max: 9999 }), name);
      if (!ok) throw new AnswerError(text ? fill(this.S.bad_number, { value: text.slice(0, 20) }) : this.S.bad_number_empty, name);
      return value;
    };
    if (form === "number") {
      const given = { deadwood: number("deadwood") };
      return this.melds?.length ? { ...given, melds: this.melds } : given;
    }
    if (form === "card" || form === "choice") return { [form]: picked(form) };
    if (form === "layoffs+points+winner") {
      const layoffs = [.../** @type {NodeListOf<HTMLInputElement>} */ (this.fields.querySelectorAll("input[name='layoffs']:checked"))].map((i) => i.value);
      return { layoffs, winner: picked("winner"), points: number("points") };
    }
    if (form === "leader+number") return { leader: picked("leader"), lead: number("lead") };
    throw new Error(this.S.unknown_form);
  }

  async check() {
    if (!this.exercise || this.checked) return;
    let answer;
    this.markInvalid(null);
    try {
      answer = this.answer();
    } catch (error) {
      // said at once (the error line is an alert), tied to its field, which takes the focus
      this.error.textContent = /** @type {Error} */ (error).message;
      if (error instanceof AnswerError) this.markInvalid(error.field);
      return;
    }
    this.error.textContent = "";
    const data = this.exercise;
    const verdict = await this.call("exercise_check", { variant: data.variant, kind: data.kind, level: data.level, seed: data.seed, answer }, this.error);
    if (!verdict || data !== this.exercise) return;
    this.checked = true;
    this.record(data, verdict.right);
    this.showVerdict(data, verdict);
  }

  // The field an error is about: invalid, described by the error line, focused (its first
  // radio for a choice); null clears every mark.
  /** @param {string | null} name */
  markInvalid(name) {
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (this.fields.querySelectorAll("input[name]"))) {
      const bad = input.name === name;
      if (bad) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", this.error.id);
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    }
    if (name) /** @type {HTMLInputElement | null} */ (this.fields.querySelector(`input[name='${name}']`))?.focus();
  }

  /**
   * @param {Exercise} data
   * @param {Verdict} verdict
   */
  showVerdict(data, verdict) {
    const S = this.S;
    this.box.dataset.verdict = verdict.right ? "right" : "wrong";
    const p = el("p", `gr-summary gr-verdict-text gr-${verdict.right ? "right" : "wrong"}`);
    const template = verdict.right ? S.right_more : S.wrong_more;
    for (const piece of template.split(/(\{answer\})/)) {
      if (piece === "{answer}") p.append(answersNode(S, data, verdict.accepted));
      else if (piece) p.append(piece);
    }
    this.verdict.replaceChildren(p);
    const steps = el("ol", "gr-steps");
    for (const step of verdict.steps) {
      const li = el("li");
      li.append(stepNode(S, step));
      steps.append(li);
    }
    // The rule's section: its anchor is "<page>-<section>", on one of the rules pages.
    const page = Object.keys(this.params.pages).sort((a, b) => b.length - a.length).find((p) => verdict.rule.startsWith(p));
    const link = el("a", "gr-rule-link", fill(S.rule_section, { page: this.params.pages[/** @type {string} */ (page)] }));
    link.href = `${page}.html#${verdict.rule}`;
    const rule = el("p", "gr-rule");
    const [before, after] = S.rule_link.split("{section}");
    rule.append(before, link, after ?? "");
    this.explanation.replaceChildren(steps, rule);
    this.explanation.setAttribute("role", "group");
    this.explanation.setAttribute("aria-label", S.working);
    /** @type {HTMLButtonElement} */ (this.answerForm.querySelector("[data-action='check']")).disabled = true;
    this.nextButton.hidden = false;
    if (this.series) {
      this.series.right += verdict.right ? 1 : 0;
      this.series.index += 1;
      save(SERIES, this.series);
      if (this.series.index >= this.params.series) {
        const done = fill(S.series_done, { right: this.series.right, total: this.params.series });
        /** @type {Element} */ (this.box.querySelector(".gr-series-status")).textContent = done;
        this.series = null;
        save(SERIES, null);
      }
    }
    // The verdict is said by its live region; the focus goes to the working that follows
    // it (Tab then reaches the rule's link and "Next"), not past it.
    this.explanation.tabIndex = -1;
    this.explanation.focus();
  }

  /**
   * @param {Exercise} data
   * @param {boolean} right
   */
  record(data, right) {
    /** @type {Record<string, Record<string, any>>} (as stored: checked as it is read) */
    const progress = load(PROGRESS, {});
    const variant = (progress[data.variant] ??= {});
    const [wins, tried] = Array.isArray(variant[data.kind]) ? variant[data.kind] : [0, 0];
    variant[data.kind] = [wins + (right ? 1 : 0), tried + 1];
    save(PROGRESS, progress);
    this.showProgress();
  }

  showProgress() {
    // the rows in the page's words (not those of the variant of the last exercise); a
    // cell of a variant with its own name for the kind says it (Gin Rami's count)
    const S = STRINGS;
    /** @type {Record<string, Record<string, unknown>>} */
    const progress = load(PROGRESS, {});
    const table = el("table", "gr-progress-grid");
    table.setAttribute("aria-labelledby", "gr-progress-title");
    const head = el("tr");
    head.append(el("td"));
    for (const [name, variant] of Object.entries(this.params.variants)) {
      const th = el("th", "", variant.name);
      th.scope = "col";
      th.dataset.variant = name;
      head.append(th);
    }
    const thead = el("thead");
    thead.append(head);
    const tbody = el("tbody");
    for (const kind of this.params.kinds) {
      const tr = el("tr");
      const th = el("th", "", S[`kind_${kind}`]);
      th.scope = "row";
      tr.append(th);
      for (const [name, variant] of Object.entries(this.params.variants)) {
        const counts = progress[name]?.[kind];
        const text = !variant.kinds.includes(kind) ? "–"
          : Array.isArray(counts) ? fill(S.progress_cell, { right: counts[0], tried: counts[1] }) : S.progress_none;
        const td = el("td", "", text);
        const own = variant.words[`kind_${kind}`];
        if (own && own !== S[`kind_${kind}`] && variant.kinds.includes(kind)) {
          td.setAttribute("aria-label", fill(S.fact, { label: own, value: text }));
          td.title = own;
        }
        td.dataset.variant = name;
        td.dataset.kind = kind;
        tr.append(td);
      }
      tbody.append(tr);
    }
    table.append(thead, tbody);
    // On a phone the table scrolls sideways: its frame takes the focus, so keys scroll it too.
    const wrapper = el("div", "gr-progress-wrapper");
    wrapper.tabIndex = 0;
    wrapper.setAttribute("role", "region");
    wrapper.setAttribute("aria-labelledby", "gr-progress-title");
    wrapper.append(table);
    /** @type {Element} */ (this.root.querySelector(".gr-progress-table")).replaceChildren(wrapper);
  }

  // Ten hands of the chosen variant: its kinds in turn, the levels growing.
  startSeries() {
    this.series = { variant: this.select("variant").value, index: 0, right: 0 };
    save(SERIES, this.series);
    this.dealSeries();
  }

  dealSeries() {
    const { variant, index } = /** @type {Series} */ (this.series);
    const kinds = this.params.variants[variant].kinds;
    const levels = this.params.levels;
    const level = levels[Math.min(levels.length - 1, Math.floor((index * levels.length) / this.params.series))];
    this.choose(variant, kinds[index % kinds.length], level);
    this.deal();
  }

  next() {
    if (this.series && Object.hasOwn(this.params.variants, this.series.variant)) return this.dealSeries();
    this.series = null;
    this.deal();
  }

  // #exercise=<variant>/<kind>/<level>/<seed>: that exercise; #exercises=<variant>[/<kind>[/<level>]]:
  // a new one of that variant (and kind), at that level or the first.
  /** @param {string} hash */
  restore(hash) {
    const link = parseExerciseLink(hash, this.params);
    if (link.kind === "bad") {
      this.status.textContent = fill(this.S.bad_link, { text: link.text });
    } else if (link.kind === "one") {
      this.series = null;
      save(SERIES, null);
      this.choose(link.variant, link.exercise, link.level);
      this.deal(link.seed);
    } else if (link.kind === "choose") {
      // a variant page's "practise" link: that variant (and kind) chosen, a first exercise dealt
      this.series = null;
      save(SERIES, null);
      this.choose(link.variant, link.exercise, link.level);
      this.deal();
    } else if (this.series && Object.hasOwn(this.params.variants, this.series.variant)) {
      this.dealSeries(); // a series survives a reload
    }
  }
}

const root = /** @type {HTMLElement | null} */ (document.querySelector("section.gr-exercises"));
if (root) {
  const trainer = new Trainer(root);
  trainer.restore(location.hash);
  addEventListener("hashchange", () => trainer.restore(location.hash));
  startOnIntent([root]);
  window.ginrulesExercises = trainer;
}
