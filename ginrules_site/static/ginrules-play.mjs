// The play table (see ginrules_site/live/play.py): whole deals against the computer. The
// engine (ginrules.table.Table, in the worker: the play_* calls of ginrules_live.py)
// referees every move; this script only draws the reader's view (Table.state()) and
// offers the moves it lists in `legal`. Every string comes from the page; text from
// the URL goes in with textContent, never as markup.
import { parsePlayLink } from "./ginrules-links.mjs";
import { runtime, startOnIntent } from "./ginrules-live.mjs";
import {
  STRINGS, arrangementGroups, cardList, cardName, deckCard, el, fill, goLive, group, meldLabel, para, renderSheet, renderShowdown, row,
  sentences, theCard,
} from "./ginrules-render.mjs";
import { mountSettings, paceMs, recordAdvice, recordDeal, resetStats, statsNodes, storage, store } from "./ginrules-settings.mjs";
/**
 * @import { CallName, Calls, ChosenMove, EngineError, Hints, LoggedMove, Meld, NewTableArgs, PlayResult, ScoreSheet,
 *   Share, Showdown, SpreadOption, TableArguments, TableState, Tutor } from "../live/ginrules-types"
 * @import { Cased, Strings } from "./ginrules-render.mjs"
 */
/**
 * The page's params (play.py): each variant's name, schemes ([value, label]), whether its
 * upcard sets the knock limit, its minimum melded, its dead cards; the levels.
 * @typedef {{name: string, schemes: [string, string][], upcard_limit: boolean, minimum: number,
 *   dead_cards: number}} PlayVariant
 * @typedef {{variants: Record<string, PlayVariant>, levels: string[], default_level: string}} PlayParams
 */
/** A finished deal under review: its number, the turn shown, its turns (once known). @typedef {{deal: number, turn: number, turns: number | null}} Reviewing */
/**
 * The game in this tab, kept in sessionStorage (RESUME_KEY) so that a reload resumes it:
 * the address it was kept under, the table's arguments and move log (play_moves), the
 * tutor's switch and the review open.
 * @typedef {{hash: string, args: TableArguments, moves: LoggedMove[], tutor: boolean,
 *   review: {deal: number, turn: number} | null}} Kept
 */
/** What a new table takes over from a kept game. @typedef {{tutor: boolean, review: {deal: number, turn: number} | null}} Resumed */
/** A move of the reader or the computer, as the announcer words it. @typedef {{who: string, action: string, card?: string | null}} Said */
/**
 * A card being dragged: where the pointer started, the other cards' boxes and where it would go.
 * @typedef {{node: HTMLElement, code: string, x: number, y: number, moved: boolean, id: number,
 *   boxes?: {n: HTMLElement, box: DOMRect}[], index?: number}} Drag
 */
/** Where the cards were before a redraw. @typedef {{places: Map<string, DOMRect>, stock?: DOMRect, opponent?: DOMRect}} Places */

// The computer's moves are paced so that they can be followed (the reader's setting,
// ginrules-settings.mjs); tests set window.GINRULES_PLAY_PACE_MS = 0 before the page loads.
// Cards glide from the stock or the pile to a hand and back (none when the reader asks
// for reduced motion; none at the tests' instant pace unless they set GINRULES_PLAY_MOVE_MS).
const MOVE_MS = globalThis.GINRULES_PLAY_MOVE_MS ?? (globalThis.GINRULES_PLAY_PACE_MS === 0 ? 0 : 250);
const stillMotion = () => !MOVE_MS || matchMedia("(prefers-reduced-motion: reduce)").matches;
// The cards that glide: the reader's hand, the stock and pile, the card the computer took.
const GLIDING = ":is(.gr-play-hand, .gr-play-centre, .gr-play-taken) .gr-card[data-card]";
const LEVEL_KEY = "ginrules-play-level";
// The moves that end a deal: their line says what the recap's headline would.
const GOING_OUT_MOVES = new Set(["knock", "gin", "big_gin"]);
const RESUME_KEY = "ginrules-play-resume";
// Buttons the page answers itself (or with a call that changes no table).
const LOCAL = /** @type {const} */ ({
  sort: "toggleSort", tutor: "toggleTutor", hints: "toggleHints", whatif: "whatIf", back: "backToGame",
  review: "openReview", review_previous: "reviewPrevious", review_next: "reviewNext",
  review_close: "closeReview", stats_reset: "resetStats", spread_cancel: "closeSpread",
});

/** @type {(ms: number) => Promise<void>} */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// Every variant's words, beside this script (the build writes it: play.py, WORDS_FILE).
const WORDS_URL = new URL("ginrules-play-words.json", import.meta.url);

/**
 * The game kept in this tab, if it reads as one (the engine checks the rest).
 * @returns {Kept | null}
 */
function kept() {
  try {
    const value = JSON.parse(sessionStorage.getItem(RESUME_KEY) ?? "null");
    const fine = value && typeof value.hash === "string" && value.args && typeof value.args === "object"
      && Array.isArray(value.moves);
    return fine ? value : null;
  } catch {
    return null; // storage off, or a value written by something else
  }
}

// Every card the engine's params name, as the page's sentences name cards (theCard).
/**
 * @param {Record<string, any>} params
 * @returns {Record<string, any>}
 */
function named(params) {
  const fields = { ...params };
  for (const name of ["card", "avoided", "replaces", "discard", "near"]) if (fields[name]) fields[name] = theCard(fields[name]);
  if (fields.with) [fields.first, fields.second] = fields.with.map(theCard);
  return fields;
}

/**
 * @param {string} label
 * @param {string} action
 * @param {string | null} [card]
 * @param {string} [extra]
 */
function button(label, action, card = null, extra = "") {
  const node = el("button", `gr-button ${extra}`.trim(), label);
  node.type = "button";
  node.dataset.action = action;
  if (card) node.dataset.card = card;
  return node;
}

// A face-down card: a back with no rank for anyone, eyes or screen readers.
function cardBack() {
  const back = el("span", "gr-card gr-back");
  back.setAttribute("aria-hidden", "true");
  return back;
}

class Play {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    /** @type {PlayParams} */
    this.params = JSON.parse(/** @type {string} */ (root.dataset.params));
    this.form = /** @type {HTMLFormElement} */ (root.querySelector("form.gr-play-setup"));
    this.status = /** @type {HTMLElement} */ (root.querySelector(".gr-status"));
    this.tableNode = /** @type {HTMLElement} */ (root.querySelector(".gr-play-table"));
    this.announcer = /** @type {HTMLElement} */ (root.querySelector(".gr-play-announce"));
    this.shareBox = /** @type {HTMLElement} */ (root.querySelector(".gr-share"));
    this.shareLink = /** @type {HTMLAnchorElement} */ (root.querySelector(".gr-share-link"));
    /** @type {Record<string, HTMLSelectElement>} variant, scheme, level */
    this.fields = {};
    for (const select of this.form.querySelectorAll("select")) this.fields[select.name] = select;
    // (null until the first deal; the methods that read these two run once a table is shown)
    /** @type {number} */
    this.table = /** @type {number} */ (/** @type {unknown} */ (null)); // the worker's table id
    /** @type {TableState} */
    this.state = /** @type {TableState} */ (/** @type {unknown} */ (null));
    this.byRank = false;
    this.setBusy(false);
    /** @type {Set<string>} */
    this.recorded = new Set(); // deals already counted in the statistics
    this.tutorOn = false; // off by default: the reader asks for advice
    this.tutorSerial = 0;
    this.hintsOn = false; // the table of chances, asked for like the tutor
    this.hintsSerial = 0;
    /** @type {Reviewing | null} */
    this.reviewing = null; // {deal, turn} while a finished deal is reviewed
    // A new game asked for while a move is played waits for it (pending), and the
    // computer's turns of the old table stop (generation): no choice is ever lost.
    this.generation = 0;
    /** @type {[Partial<NewTableArgs>, (string | null)?, (Resumed | null)?] | null} */
    this.pending = null;
    this.keepSerial = 0;
    // what the live region last said, so that nothing is said twice: the end of a deal,
    // the turn's prompt, the tutor's advice (by table, deal and position)
    /** @type {string | null} */
    this.saidEnd = null;
    /** @type {string | null} the deal whose way out was just said (table/deal/what-if) */
    this.saidGoingOut = null;
    /** @type {string | null} */
    this.saidPrompt = null;
    /** @type {string | null} */
    this.saidAdvice = null;
    /** @type {Promise<void> | null} the review's panel, being drawn */
    this.reviewShown = null;
    /** @type {{position: string, action: string, card: string} | null} the way out chosen in the list */
    this.outChosen = null;
    /** @type {HTMLElement} */ (root.querySelector(".gr-play-static")).hidden = true;
    this.form.hidden = false;
    /** @type {HTMLElement} */ (root.querySelector(".gr-play-keys")).hidden = false;
    mountSettings(root, STRINGS, /** @type {Element} */ (root.querySelector(".gr-play-keys")));
    /** @type {Set<string>} */
    this.advised = new Set(); // the positions where the tutor's advice was shown (counted once)
    const level = storage(LEVEL_KEY, null);
    if (this.params.levels.includes(level)) this.fields.level.value = level;
    this.fields.variant.addEventListener("change", () => this.showSchemes());
    this.fields.level.addEventListener("change", () => store(LEVEL_KEY, this.fields.level.value));
    this.form.addEventListener("change", () => this.noteChoice());
    // A link to another deal opened on this page (or the address edited) deals it.
    window.addEventListener("hashchange", () => this.restore(location.hash));
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.newGame({});
    });
    this.tableNode.addEventListener("click", (event) => {
      if (this.dragging) return; // the end of a drag is not a click on the card
      const target = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-action]"));
      if (target && !target.disabled) this.move(/** @type {string} */ (target.dataset.action), target.dataset.card ?? null);
    });
    root.addEventListener("keydown", (event) => this.key(event));
    // The reader's own order of the hand, {id: "table/deal", order: [codes]}, or null
    // while the hand is shown in melds by suit or rank; dragged with a pointer (mouse,
    // finger, pen) or moved with Shift+arrow keys.
    /** @type {{id: string, order: string[]} | null} */
    this.arranged = null;
    /** @type {Drag | null} */
    this.dragging = null;
    this.tableNode.addEventListener("pointerdown", (event) => this.dragStart(event));
    /** @type {{strings: Strings, variants: Record<string, Strings>} | null} the table's strings and every variant's words */
    this.words = null;
    for (const type of ["pointerenter", "focusin"]) {
      root.addEventListener(type, () => this.loadWords().catch(() => {}), { once: true, passive: true });
    }
  }

  // data-busy: "true" while a move (and the computer's reply) is being played.
  /** @param {boolean} busy */
  setBusy(busy) {
    this.busy = busy;
    this.root.dataset.busy = String(busy);
  }

  // The move is played: a new game asked for meanwhile is dealt now.
  idle() {
    const pending = this.pending;
    this.pending = null;
    this.setBusy(false);
    if (pending) this.newGame(...pending);
    else this.keep();
  }

  // The game in this tab kept for a reload: in sessionStorage rather than the address,
  // whose link deals the deal afresh for whoever opens it (the moves would show them the
  // sender's cards) and stays short; one game per tab (another tab plays its own), gone
  // with the tab. Kept once a move has settled, under the address the page then shows.
  async keep() {
    const table = this.mainTable;
    if (table == null || !this.mainState) return;
    const serial = ++this.keepSerial;
    const value = await this.call("play_moves", { table });
    if (!value || serial !== this.keepSerial || table !== this.mainTable) return;
    const review = this.reviewing && this.table === this.mainTable ? { deal: this.reviewing.deal, turn: this.reviewing.turn } : null;
    /** @type {Kept} */
    const game = { hash: location.hash, args: value.arguments, moves: value.moves, tutor: this.tutorOn, review };
    try {
      sessionStorage.setItem(RESUME_KEY, JSON.stringify(game));
    } catch {
      // storage full or off: a reload deals the deal again, as a link does
    }
  }

  // While the choices above differ from the table's game, the status line says which
  // game the table still shows and that the button deals the one chosen.
  noteChoice() {
    const state = this.mainState ?? this.state;
    if (!state) return;
    const { variant, scheme, level } = this.fields;
    const same = variant.value === state.variant && scheme.value === state.scheme && level.value === state.level;
    this.status.textContent = same ? "" : fill(STRINGS.choice_pending, { variant: this.params.variants[state.variant].name });
  }

  // The variant of the table shown (the form's before any table): its words, its schemes.
  get variant() {
    return this.params.variants[this.state?.variant ?? this.fields.variant.value];
  }

  // The variant chosen in the form: the game list follows it, whatever table is shown.
  get chosen() {
    return this.params.variants[this.fields.variant.value] ?? this.params.variants.standard;
  }

  // The variant's own words (nobody knocks in Straight Gin; a Gin Rami player keeps a
  // count) over the table's strings and the page's.
  get S() {
    return { ...STRINGS, ...this.words?.strings, ...this.words?.variants[this.state?.variant ?? this.fields.variant.value] };
  }

  // The table's strings and every variant's words (play.py, WORDS_FILE), fetched once:
  // not in the page, whose weight before any interaction has a budget. Asked when the
  // reader's pointer or focus comes to the table, and waited for before the first deal;
  // a failure is asked again.
  loadWords() {
    this.wordsAsked ??= fetch(WORDS_URL).then((response) => {
      if (!response.ok) throw new Error(`${WORDS_URL.pathname}: HTTP ${response.status}`);
      return response.json();
    }).then((words) => {
      this.words = words;
      return words;
    }).catch((error) => {
      /** @type {Promise<{strings: Strings, variants: Record<string, Strings>}> | null | undefined} */
      this.wordsAsked = null;
      throw error;
    });
    return this.wordsAsked;
  }

  /** @param {string | null} [chosen] */
  showSchemes(chosen = null) {
    const select = this.fields.scheme;
    const previous = chosen ?? select.value;
    const schemes = this.chosen.schemes;
    select.replaceChildren(...schemes.map(([value, label]) => {
      const option = el("option", "", label);
      option.value = value;
      return option;
    }));
    const names = schemes.map(([value]) => value);
    select.value = names.includes(previous) ? previous : names.includes("game100") ? "game100" : names[0];
  }

  // --- the link: #play=variant[/scheme/level/seed/deal/dealer] ----------------------

  /** @param {string} hash */
  restore(hash) {
    const link = parsePlayLink(hash, this.params);
    if (link.kind === "none") return;
    const game = kept();
    if (game && game.hash === hash) {
      // a reload (or this tab's address opened again): the game resumes where it was
      const { rules, scheme, level, seed, deal, dealer, scores, sheet } = game.args;
      this.fields.variant.value = rules;
      this.showSchemes(scheme);
      this.fields.level.value = level;
      const args = { variant: rules, scheme, level, seed, deal, dealer, scores, sheet, moves: game.moves };
      this.newGame(args, null, { tutor: Boolean(game.tutor), review: game.review ?? null });
      return;
    }
    if (link.kind === "variant") {
      // "Play this variant" from a variant page: the variant chosen, the reader deals.
      this.fields.variant.value = link.variant;
      this.showSchemes();
      return;
    }
    if (link.kind === "bad") {
      this.newGame({}, STRINGS.bad_link);
      return;
    }
    this.fields.variant.value = link.variant;
    this.showSchemes(link.scheme);
    this.fields.level.value = link.level;
    const { seed, deal, dealer, scores, sheet } = link;
    this.newGame({ seed, deal, dealer, ...(scores ? { scores } : {}), ...(sheet ? { sheet } : {}) });
  }

  // The sheet before the deal comes last, each earlier deal's result (Table's sheet_link:
  // #play=standard/hollywood/good/919296562/4/you/v1.A25knock.dead.B31gin), so that the
  // one who opens the link sees the sender's sheet and the computer plays by the same
  // standing; a table that does not hold the whole sheet (opened from a link of the
  // earlier form, .../4/you/23-32) passes on the scores of the game in progress.
  /** @param {Share} share */
  shareHref(share) {
    const parts = [share.variant, share.scheme, share.level, share.seed, share.deal, share.dealer];
    if (share.sheet != null) {
      if (share.sheet.includes(".")) parts.push(share.sheet);
    } else if (share.scores && share.scores.some(Boolean)) parts.push(share.scores.join("-"));
    return `#play=${parts.join("/")}`;
  }

  // --- talking to the engine ----------------------------------------------------------

  /**
   * An engine call: its value, or null once the refusal is said in the status line.
   * @template {CallName} N
   * @param {N} name
   * @param {Calls[N]["args"]} args
   * @returns {Promise<Calls[N]["value"] | null>}
   */
  async call(name, args) {
    const reply = await runtime().call(name, args);
    if (!reply.ok) {
      this.status.textContent = this.errorText(reply.error);
      return null;
    }
    return reply.value;
  }

  // An engine's refusal in the reader's words: the move's reason when the page has it
  // (with the cards named), else a sentence of the play page for the kind of error.
  // The engine's English message and its internal names never reach the reader.
  /**
   * @param {EngineError} error
   * @returns {string}
   */
  errorText(error) {
    const S = this.S;
    const fields = { ...error };
    for (const name of ["card", "drawn"]) if (typeof fields[name] === "string") fields[name] = theCard(fields[name]);
    if (error.reason && S[error.reason]) return fill(S[error.reason], fields);
    const own = S[`play_error_${error.code}`];
    if (own) return own;
    if (error.code !== "internal") console.warn("ginrules play:", error);
    else console.error("ginrules play:", error.message);
    return error.code === "internal" ? S.play_error_internal : S.play_error;
  }

  /**
   * @param {Partial<NewTableArgs>} extra
   * @param {string | null} [note]
   * @param {Resumed | null} [resumed] a kept game's tutor and review (a reload)
   */
  async newGame(extra, note = null, resumed = null) {
    if (this.busy) {
      // asked while a move is played: dealt as soon as it is (idle)
      this.pending = [extra, note, resumed];
      this.generation += 1;
      return;
    }
    this.setBusy(true);
    this.generation += 1;
    try {
      const words = this.loadWords();
      words.catch(() => {}); // answered below, once the engine runs
      if (!(await goLive(this.root, this.status, STRINGS))) return;
      try {
        await words;
      } catch (error) {
        this.status.textContent = fill(STRINGS.play_failed, { message: String(/** @type {Error} */ (error).message ?? error) });
        this.root.dataset.state = "error";
        return;
      }
      /** @type {NewTableArgs} */
      const args = {
        variant: this.fields.variant.value,
        scheme: this.fields.scheme.value,
        level: this.fields.level.value,
        seed: null,
        ...extra,
      };
      let value = await this.call("play_new", args);
      if (!value && args.moves) {
        // a kept game that no longer replays (the site changed since): its deal afresh
        value = await this.call("play_new", { ...args, moves: [] });
        resumed = null;
      }
      if (!value && args.sheet != null) {
        // a link's sheet that the engine cannot read is a bad link: a new game instead
        value = await this.call("play_new", { variant: args.variant, scheme: args.scheme, level: args.level, seed: null });
        note = STRINGS.bad_link;
      }
      if (!value) {
        this.root.dataset.state = "error";
        return;
      }
      this.table = value.table;
      this.mainTable = value.table;
      this.reviewing = resumed?.review ? { ...resumed.review, turns: null } : null;
      if (resumed) {
        this.tutorOn = resumed.tutor;
        // the deal shown was counted in the statistics before the reload
        if (value.state.result) this.recorded.add(`${value.table}/${value.state.deal}`);
      }
      this.announcer.textContent = "";
      this.status.textContent = note ?? (resumed ? STRINGS.resumed : "");
      this.show(value.state);
      this.root.dataset.state = "ready";
      if (!value.state.result) this.announce(this.startText(value.state));
      this.frame();
      await this.computerTurns();
      // the form's button (now above the table in sight), nothing or the table had the
      // focus: its first offered move takes it (as after "Next deal")
      const focused = document.activeElement;
      if (!focused || focused === document.body || this.form.contains(focused) || this.tableNode.contains(focused)) this.focusTable();
    } finally {
      this.idle();
    }
  }

  /**
   * @param {string} action
   * @param {string | null} card
   */
  async move(action, card) {
    if (this.busy || !this.state) return;
    if (action === "new") return this.newGame({});
    if (this.askSpread(action, card)) return;
    this.setBusy(true);
    const generation = this.generation;
    try {
      if (action in LOCAL) {
        await this[LOCAL[/** @type {keyof typeof LOCAL} */ (action)]]();
        return;
      }
      this.noteFollowed(action, card);
      let value;
      if (action === "next") value = await this.call("play_next", { table: this.table });
      else if (action === "take_back") value = await this.call("play_take_back", { table: this.table });
      else value = await this.call("play_act", { table: this.table, action: this.moveArgs(action, card) });
      if (!value || generation !== this.generation) return;
      const before = this.state;
      this.show(value.state);
      this.noteChoice(); // clears the status line, or says again that the choices differ
      if (action === "next") {
        this.announcer.textContent = "";
        this.announce(this.startText(value.state));
        this.frame();
      } else if (action === "take_back") this.announce(fill(STRINGS.took_back, { card: theCard(before.taken ?? before.drawn ?? "") }));
      else {
        // The card drawn from the stock is the reader's to know; a card taken was the pile's top.
        const shown = action === "stock" ? value.state.drawn : action === "take" ? before.discard_top : card;
        this.announce(this.moveText({ who: "you", action, card: shown }));
      }
      await this.computerTurns();
      // a new deal: the focus on its first offered move once the reader is to play,
      // whoever played first (one rule; a card of the hand only when no move is offered)
      if (action === "next" && generation === this.generation) this.focusTable();
      // the table in sight again when the deal's turns have moved it (a longer hand, the recap)
      if (generation === this.generation && !(action in LOCAL)) this.frame();
      // the control pressed is gone (the next deal, a move that ended the deal): the table takes the focus
      if (generation === this.generation && !document.activeElement?.closest?.("button, select, input, [tabindex]")) this.focusTable();
    } finally {
      this.idle();
    }
  }

  // The focus on the table's first control in sight: a move, else a card of the hand.
  // After a deal's end, the review first: "Next deal" pressed by a second Enter would skip the result.
  focusTable() {
    const move = ".gr-play-moves button:not(.gr-play-switches > button)"; // a move, not a switch
    const order = this.state?.result ? ['[data-action="review"]', move]
      : [move, ".gr-play-hand button.gr-play-card", ".gr-play-hand .gr-card[tabindex='0']"];
    for (const selector of order) {
      const target = /** @type {HTMLElement | null} */ (this.tableNode.querySelector(selector));
      if (target) return target.focus();
    }
  }

  // The computer plays one action at a time, paced, each announced (until a new game
  // is asked for).
  async computerTurns() {
    const generation = this.generation;
    while (this.state?.turn === "computer" && generation === this.generation) {
      await sleep(paceMs());
      if (generation !== this.generation) return;
      const value = await this.call("play_computer", { table: this.table });
      if (!value || generation !== this.generation) return;
      this.show(value.state);
      this.announce(this.moveText(value.move));
    }
    if (generation === this.generation) this.sayState();
  }

  /** @param {Said} move */
  moveText(move) {
    const S = this.S;
    // a way out said: the recap that follows starts after its headline (endText)
    if (GOING_OUT_MOVES.has(move.action) && this.state) this.saidGoingOut = `${this.table}/${this.state.deal}/${this.state.whatif}`;
    const key = `${move.who}_${move.action}`;
    const card = move.card ? theCard(move.card) : "";
    return fill(S[key] ?? `${move.who} ${move.action}`, { card });
  }

  /** @param {string} text */
  announce(text) {
    const line = el("span", "gr-play-line", text);
    this.announcer.append(line, " ");
    // The region keeps the last few lines (a turn says up to five); screen readers say each new one.
    while (this.announcer.children.length > 8) {
      /** @type {ChildNode} */ (this.announcer.firstChild).remove(); // a line
      /** @type {ChildNode} */ (this.announcer.firstChild).remove(); // and the space after it
    }
  }

  // --- what a screen reader hears: the live region (announce) ---------------------------

  // The reader's hand in words: each meld and the other cards, then the deadwood.
  handText() {
    const S = this.S;
    const state = this.state;
    if (state.result) return this.endText(state);
    const { melds, loose, arranged } = this.handOrder(state);
    const names = (/** @type {string[]} */ codes) => codes.map(cardName).join(", ");
    const parts = melds.map((m) => fill(S.fact, { label: meldLabel(S, m), value: names(m.cards) }));
    if (loose.length) parts.push(fill(S.fact, { label: arranged ? S.your_order : S.Deadwood, value: names(loose) }));
    // "Your hand. Run: …. Deadwood: …. Deadwood: 9." as sentences
    return sentences(S, [S.your_hand, ...parts, fill(S.deadwood_total, { total: state.arrangement.points })]);
  }

  // The table in words: the computer's cards (and the card it took), the stock, the pile,
  // Oklahoma's knock card, whose turn it is.
  tableText() {
    const S = this.S;
    const state = this.state;
    if (state.result) return this.endText(state);
    const parts = [fill(S.fact, { label: S.computer_hand, value: fill(S.face_down, { n: state.opponent_cards }) })];
    const taken = (state.last ?? []).findLast((r) => r.who === "computer" && r.action === "take")?.card;
    if (taken) parts.push(fill(S.fact, { label: S.computer_took, value: cardName(taken) }));
    parts.push(fill(S.fact, { label: S.Stock, value: fill(S.stock_count, { n: state.stock }) }));
    parts.push(fill(S.fact, { label: S["Discard pile"], value: state.discard_top ? cardName(state.discard_top) : S.pile_empty }));
    if (this.variant.upcard_limit) parts.push(this.knockCardText(S, state));
    parts.push(this.promptText(S, state));
    return sentences(S, parts);
  }

  // The score as it stands: each game's or manche's totals (Hollywood, a partie), the totals.
  scoreText() {
    const S = this.S;
    const sheet = this.state.sheet;
    if (!sheet) return "";
    const manches = sheet.scheme === "manche" || sheet.scheme === "partie";
    /** @type {{n: number, totals: [number, number]}[]} */
    const columns = (sheet.games ?? []).map((c) => ({ n: c.game, totals: c.totals }));
    for (const c of sheet.manches ?? []) columns.push({ n: c.manche, totals: c.totals });
    const parts = [];
    const label = manches ? S["Manche {n}"] : S["Game {n}"];
    if (!sheet.totals) {
      // a Hollywood match under way (the engine gives no totals): each game's standing,
      // never their sum; games still 0–0 are left out, then said in one phrase
      const scored = columns.filter(({ totals: [a, b] }) => a || b);
      for (const { n, totals: [a, b] } of scored.length ? scored : columns) {
        parts.push(fill(S.score_column, { name: fill(label, { n }), a, b }));
      }
      if (scored.length && scored.length < columns.length) parts.push(S.other_games_nil);
      return parts.join(" ");
    }
    if (columns.length > 1) {
      for (const { n, totals: [a, b] } of columns) parts.push(fill(S.score_column, { name: fill(label, { n }), a, b }));
    }
    const [a, b] = sheet.totals;
    parts.push(fill(sheet.over ? S.final_totals : S.totals_so_far, { a, b }));
    return parts.join(" ");
  }

  /**
   * @param {Strings} S
   * @param {TableState} state
   */
  knockCardText(S, state) {
    const text = state.knock_limit == null ? S.knock_card_gin : S.knock_card_limit;
    return fill(text, { card: theCard(state.upcard), limit: state.knock_limit });
  }

  // A deal's start: its number, the dealer, the reader's hand, the upcard (and Oklahoma's
  // knock card); whose turn it is follows (sayState).
  /** @param {TableState} state */
  startText(state) {
    const S = this.S;
    const parts = [fill(S.deal_start, { deal: state.deal }), state.dealer === "you" ? S.dealer_you : S.dealer_computer];
    // the hand in the order shown (its places "1 of 10", the digit keys, H): never another
    const { melds, loose } = this.handOrder(state);
    const shown = [...melds.flatMap((m) => m.cards), ...loose];
    parts.push(fill(S.fact, { label: S.your_hand, value: shown.map(cardName).join(", ") }));
    if (state.discard_top) parts.push(fill(S.fact, { label: S["Discard pile"], value: cardName(state.discard_top) }));
    if (this.variant.upcard_limit) parts.push(this.knockCardText(S, state));
    return sentences(S, parts);
  }

  // A deal's end as the recap shows it: how it ended, the lay-offs, both deadwoods, why
  // the winner scores, the sum, the score, the game's end; then the totals.
  /**
   * @param {TableState} state
   * @param {boolean} [justEnded] said as the deal ends: the headline ("The computer goes
   *   gin.") not again right after the move that said it
   */
  endText(state, justEnded = false) {
    const result = this.tableNode.querySelector(".gr-play-result");
    const said = justEnded && this.saidGoingOut === `${this.table}/${state.deal}/${state.whatif}`;
    const paras = result ? [...result.querySelectorAll(":scope > p")].filter((p) => !(said && p.matches(".gr-play-went-out"))) : [];
    const lines = paras.map((p) => p.textContent?.trim() ?? "");
    if (state.sheet?.rows.length && !state.whatif) lines.push(this.scoreText());
    // each a sentence: the sum "47 − 7 = 40" gets its full stop
    return sentences(this.S, lines.filter(Boolean));
  }

  // After each move has settled: a deal that has just ended is announced once, else the
  // turn and what the reader may do, when they changed.
  sayState() {
    const state = this.state;
    if (!state) return;
    if (state.result) {
      const id = `${this.table}/${state.deal}/${state.whatif}`;
      if (this.saidEnd === id) return;
      this.saidEnd = id;
      this.saidPrompt = null;
      this.announce(this.endText(state, true));
      return;
    }
    const prompt = this.promptText(this.S, state);
    const key = `${this.table}/${state.deal}/${prompt}/${state.hand.length}/${state.discard_size}`;
    if (this.saidPrompt === key) return;
    this.saidPrompt = key;
    this.announce(prompt);
  }

  // --- drawing the reader's view -------------------------------------------------------

  // The table in sight: from the computer's hand to the moves and the tutor's line, under
  // the page's sticky header (the opponent's scroll-margin-top), if it is not already.
  frame() {
    const top = this.tableNode.querySelector(".gr-play-opponent, .gr-play-result");
    const bottom = this.tableNode.querySelector(".gr-play-advice:not([hidden])") ?? this.tableNode.querySelector(".gr-play-moves");
    if (!top || !bottom) return;
    const margin = parseFloat(getComputedStyle(top).scrollMarginTop) || 0;
    if (top.getBoundingClientRect().top - margin >= 0 && bottom.getBoundingClientRect().bottom <= innerHeight) return;
    top.scrollIntoView({ block: "start", behavior: "instant" }); // not the theme's smooth scroll
  }

  // Where each card in sight is (by code), and the stock and the computer's hand: where a
  // card comes from when it was not in sight before.
  /** @returns {Places | null} */
  cardPlaces() {
    if (stillMotion()) return null;
    /** @type {Map<string, DOMRect>} */
    const places = new Map();
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (this.tableNode.querySelectorAll(GLIDING))) places.set(/** @type {string} */ (node.dataset.card), node.getBoundingClientRect());
    const box = (/** @type {string} */ selector) => this.tableNode.querySelector(selector)?.getBoundingClientRect();
    return { places, stock: box(".gr-stock .gr-card"), opponent: box(".gr-play-opponent .gr-backs .gr-cards") };
  }

  // Each card that moved glides from where it was (FLIP: drawn in place, then shifted back
  // and let go): from the stock or the pile to a hand, from a hand to the pile.
  /** @param {Places | null} before */
  glide(before) {
    if (!before) return;
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (this.tableNode.querySelectorAll(GLIDING))) {
      const from = before.places.get(/** @type {string} */ (node.dataset.card)) ?? (node.closest(".gr-play-hand") ? before.stock : before.opponent);
      if (!from) continue;
      const to = node.getBoundingClientRect();
      const [dx, dy] = [from.left - to.left, from.top - to.top];
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
        { duration: MOVE_MS, easing: "ease-out", composite: "add" });
    }
  }

  /** @param {TableState} state */
  show(state) {
    const hadFocus = this.tableNode.contains(document.activeElement);
    const focused = hadFocus ? /** @type {HTMLElement} */ (document.activeElement).dataset : null;
    this.state = state;
    // first counted, then drawn: the statistics below include a game that just ended
    this.record(state);
    const root = this.root;
    root.dataset.phase = state.phase;
    root.dataset.variant = state.variant;
    root.dataset.seed = String(state.seed);
    root.dataset.turn = state.turn ?? "none";
    const S = this.S;
    const table = el("div", "gr-play-board");
    table.append(this.infoNode(S, state));
    if (state.result) table.append(this.resultNode(S, state));
    else {
      table.append(this.opponentNode(S, state), this.centreNode(S, state));
      const turn = para(this.promptText(S, state), "gr-play-turn");
      turn.dataset.turn = state.turn ?? "none";
      table.append(turn, this.handNode(S, state));
    }
    table.append(this.movesNode(S, state));
    // The tutor's one-line advice, right under the moves (refreshTutor moves it here from
    // the tutor's panel); the panel's details follow.
    const line = el("div", "gr-play-advice");
    line.hidden = true;
    table.append(line);
    const advice = el("div", "gr-play-tutor");
    advice.hidden = true;
    table.append(advice);
    const chances = el("div", "gr-play-hints");
    chances.hidden = true;
    table.append(chances);
    if (this.reviewing) table.append(el("div", "gr-play-review"));
    if (state.sheet?.rows.length && !state.whatif) table.append(this.sheetNode(S, state));
    table.append(this.statsNode(S, state));
    const places = this.cardPlaces();
    this.tableNode.replaceChildren(table);
    this.tableNode.hidden = false;
    this.glide(places);
    this.shareBox.hidden = false;
    this.shareLink.textContent = STRINGS.share;
    this.shareLink.href = this.shareHref(state.share);
    if (history.replaceState && !state.whatif) history.replaceState(null, "", this.shareHref(state.share));
    if (this.table === this.mainTable && !state.whatif) this.mainState = state;
    if (this.tutorOn && state.turn === "you") this.refreshTutor();
    if (this.hintsOn && state.turn === "you") this.refreshHints();
    if (this.reviewing) this.reviewShown = this.showReview();
    if (focused) {
      // Keep the focus on the same control when it is still offered, else on the moves.
      // A card of the hand keeps it too, whether it is a move (discard it) or not.
      const controls = [.../** @type {NodeListOf<HTMLElement>} */ (this.tableNode.querySelectorAll("button[data-action], .gr-play-hand .gr-card[tabindex]"))];
      const same = controls.find(
        (b) => (b.dataset.action ?? "") === (focused.action ?? "") && (b.dataset.card ?? "") === (focused.card ?? ""),
      ) ?? (focused.card && this.handCards().find((b) => b.dataset.card === focused.card));
      if (same) same.focus();
      else this.focusTable();
    }
  }

  // The line over the reader's hand: it names only the moves the engine lists as legal,
  // going out in the variant's words ("or knock", "ou faire petit gin").
  /**
   * @param {Strings} S
   * @param {TableState} state
   * @returns {string}
   */
  promptText(S, state) {
    if (state.turn !== "you") return state.turn === "computer" ? S.turn_computer : S[`turn_${state.phase}`] ?? "";
    const legal = new Set(state.legal.map((m) => m.action));
    if (state.phase === "offer") return legal.has("take") ? S.turn_offer : S.turn_offer_pass;
    if (state.phase === "draw") {
      if (legal.has("stock") && legal.has("take")) return S.turn_draw;
      return legal.has("take") ? S.turn_draw_pile : S.turn_draw_stock;
    }
    const ways = /** @type {const} */ (["knock", "gin", "big_gin"]).filter((way) => legal.has(way));
    if (!ways.length) return S.turn_discard;
    return ways.length === 1 ? S[`turn_discard_${ways[0]}`] : S.turn_discard_out;
  }

  /**
   * @param {Strings} S
   * @param {TableState} state
   */
  infoNode(S, state) {
    const info = el("div", "gr-play-info");
    const scheme = this.variant.schemes.find(([value]) => value === state.scheme)?.[1] ?? state.scheme;
    const facts = [
      [S.Variant, this.variant.name], [S.Scoring, scheme],
      [S.level_label, S[`level_${state.level}`] ?? state.level], [S.Deal, state.deal],
    ];
    info.append(para(facts.map(([label, value]) => fill(S.fact, { label, value })).join(" · "), "gr-play-facts"));
    // who deals matters while the deal is played, not in its recap
    if (!state.result) info.append(para(state.dealer === "you" ? S.dealer_you : S.dealer_computer));
    if (state.whatif) info.append(para(S.whatif, "gr-play-whatif"));
    return info;
  }

  /**
   * @param {Strings} S
   * @param {TableState} state
   */
  opponentNode(S, state) {
    const box = el("div", "gr-play-opponent");
    box.dataset.hand = "opponent";
    const label = fill(S.face_down, { n: state.opponent_cards });
    const node = el("span", "gr-group gr-backs");
    node.setAttribute("role", "group");
    node.setAttribute("aria-label", fill(S.fact, { label: S.computer_hand, value: label }));
    node.append(el("span", "gr-group-label", S.computer_hand));
    const cards = el("span", "gr-cards");
    for (let i = 0; i < state.opponent_cards; i++) cards.append(cardBack());
    node.append(cards, el("span", "gr-play-count", label));
    box.append(node);
    // The card the computer took from the pile since the reader's last move stays in
    // sight, face up, as a player at a real table remembers it.
    const taken = (state.last ?? []).findLast((r) => r.who === "computer" && r.action === "take")?.card;
    if (taken) {
      const mark = group(S.computer_took, [taken], "gr-play-taken");
      mark.setAttribute("aria-label", fill(S.fact, { label: S.computer_took, value: cardName(taken) }));
      mark.dataset.taken = taken;
      box.append(mark);
    }
    return box;
  }

  /**
   * @param {Strings} S
   * @param {TableState} state
   */
  centreNode(S, state) {
    const centre = el("div", "gr-cardrow gr-play-centre");
    const stock = el("span", "gr-group gr-stock");
    stock.setAttribute("role", "group");
    stock.setAttribute("aria-label", S.Stock);
    stock.append(el("span", "gr-group-label", S.Stock));
    const pile = el("span", "gr-cards");
    if (state.stock) pile.append(cardBack());
    stock.append(pile);
    const count = el("span", "gr-play-count", fill(S.stock_count, { n: state.stock }));
    count.dataset.stock = String(state.stock);
    stock.append(count);
    if (state.stock_drawable !== state.stock) {
      const drawable = el("span", "gr-play-count", fill(S.stock_drawable, { n: state.stock_drawable }));
      drawable.dataset.drawable = String(state.stock_drawable);
      stock.append(drawable);
    }
    centre.append(stock);
    const discard = state.discard_top
      ? group(S["Discard pile"], [state.discard_top], "gr-pile")
      : el("span", "gr-group gr-pile", fill(S.fact, { label: S["Discard pile"], value: S.pile_empty }));
    discard.dataset.top = state.discard_top ?? "";
    centre.append(discard);
    if (this.variant.upcard_limit) {
      // Oklahoma: the knock card stays on display for the whole deal.
      const knock = group(S.knock_card, [state.upcard], "gr-upcard gr-knock-card");
      const text = state.knock_limit == null ? S.knock_card_gin : S.knock_card_limit;
      knock.append(el("span", "gr-play-count", fill(text, { card: theCard(state.upcard), limit: state.knock_limit })));
      if (state.multiplier > 1) knock.append(el("span", "gr-play-count", S.spade_double));
      centre.append(knock);
    }
    return centre;
  }

  // The reader's cards in display order: their own order once they have moved a card,
  // else the melds, then the other cards (by suit or rank).
  /**
   * @param {TableState} state
   * @returns {{melds: Meld[], loose: string[], melded: Set<string>, arranged: boolean}}
   */
  handOrder(state) {
    const melded = new Set(state.arrangement.melds.flatMap((m) => m.cards));
    const mine = this.arrangedOrder(state);
    if (mine) return { melds: [], loose: mine, melded, arranged: true };
    const order = this.byRank ? state.hand_by_rank : state.hand;
    return { melds: state.arrangement.melds, loose: order.filter((c) => !melded.has(c)), melded, arranged: false };
  }

  // The reader's order for this deal: the cards still held as they left them, a new card
  // at the right end.
  /**
   * @param {TableState} state
   * @returns {string[] | null}
   */
  arrangedOrder(state) {
    if (!this.arranged || this.arranged.id !== `${this.table}/${state.deal}` || state.result) return null;
    const held = new Set(state.hand);
    const order = this.arranged.order.filter((c) => held.has(c));
    for (const code of state.hand) if (!order.includes(code)) order.push(code);
    this.arranged.order = order;
    return order;
  }

  // The hand's cards as shown, left to right: each a discard button or a card.
  /** @returns {HTMLElement[]} */
  handCards() {
    return [.../** @type {NodeListOf<HTMLElement>} */ (this.tableNode.querySelectorAll(".gr-play-hand .gr-cards > :is(.gr-play-card, .gr-card)"))];
  }

  /**
   * @param {Strings} S
   * @param {TableState} state
   */
  handNode(S, state) {
    const box = el("div", "gr-play-hand");
    const discards = new Map(state.legal.filter((a) => a.action === "discard").map((a) => [a.card, a]));
    const { melds, loose, melded, arranged } = this.handOrder(state);
    const fresh = state.drawn ?? state.taken;
    // each card's place in the hand as shown ("3 of 11"), said after its name
    const shownOrder = [...melds.flatMap((m) => m.cards), ...loose];
    const cardNode = (/** @type {string} */ code) => {
      const marks = [];
      if (code === fresh) marks.push("gr-drawn");
      if (arranged && melded.has(code)) marks.push("gr-melded");
      const card = deckCard(code, marks);
      const name = cardName(code);
      let said = code === state.drawn ? `, ${S.just_drawn}` : code === state.taken ? `, ${S.just_taken}` : "";
      if (arranged && melded.has(code)) said += `, ${S.in_meld}`;
      said += `, ${fill(S.card_place, { place: shownOrder.indexOf(code) + 1, n: shownOrder.length })}`;
      if (!discards.has(code)) {
        card.setAttribute("aria-label", `${name}${said}`);
        card.tabIndex = -1; // reached with the arrow keys (the first one with Tab)
        return card;
      }
      const b = button("", "discard", code, "gr-play-card");
      b.setAttribute("aria-label", `${fill(S.act_discard, { card: theCard(code) })}${said}`);
      b.append(card);
      return b;
    };
    /**
     * @param {string} label
     * @param {string[]} codes
     * @param {string} kind
     */
    const groupNode = (label, codes, kind) => {
      const node = el("span", `gr-group ${kind}`);
      node.setAttribute("role", "group");
      node.setAttribute("aria-label", label);
      node.append(el("span", "gr-group-label", label));
      const cards = el("span", "gr-cards");
      for (const code of codes) cards.append(cardNode(code));
      node.append(cards);
      return node;
    };
    const groups = melds.map((m) => groupNode(meldLabel(S, m), m.cards, `gr-meld gr-${m.kind}`));
    if (loose.length) groups.push(groupNode(arranged ? S.your_order : S.Deadwood, loose, arranged ? "gr-arranged" : "gr-deadwood"));
    box.append(row(groups, S.your_hand));
    const first = /** @type {HTMLElement | null} */ (box.querySelector(".gr-cards > .gr-card"));
    if (first && !discards.size) first.tabIndex = 0;
    const foot = el("div", "gr-play-hand-foot");
    const points = state.arrangement.points;
    const readout = para(fill(S.deadwood_total, { total: points }), "gr-deadwood-total");
    readout.dataset.deadwood = String(points);
    foot.append(readout);
    if (fresh) {
      const mark = para(fill(S.fact, { label: cardName(fresh), value: fresh === state.drawn ? S.just_drawn : S.just_taken }), "gr-play-drawn");
      foot.append(mark);
    }
    const sort = button(this.byRank ? S.sort_suit : S.sort_rank, "sort", null, "gr-play-sort");
    const buttons = el("p", "gr-buttons");
    buttons.append(sort);
    foot.append(buttons);
    box.append(foot);
    return box;
  }

  // --- arranging the hand: a card dragged, or moved with Shift+arrow keys -----------------

  // The card `code` put at place `index` (0-based) of the order shown; the reader's order
  // from then on, until a sort button is pressed.
  /**
   * @param {string} code
   * @param {number} index
   */
  arrange(code, index) {
    const order = this.handCards().map((node) => /** @type {string} */ (node.dataset.card)).filter((c) => c !== code);
    const place = Math.max(0, Math.min(index, order.length));
    order.splice(place, 0, code);
    this.arranged = { id: `${this.table}/${this.state.deal}`, order };
    this.show(this.state);
    this.handCards().find((node) => node.dataset.card === code)?.focus();
    this.announce(fill(this.S.card_moved, { card: theCard(code), place: place + 1, n: order.length }));
  }

  /** @param {PointerEvent} event */
  dragStart(event) {
    const node = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest(".gr-play-hand .gr-cards > :is(.gr-play-card, .gr-card)"));
    if (!node || this.busy || event.button !== 0 || !event.isPrimary) return;
    /** @type {Drag} */
    const drag = { node, code: /** @type {string} */ (node.dataset.card), x: event.clientX, y: event.clientY, moved: false, id: event.pointerId };
    const others = () => this.handCards().filter((n) => n !== node).map((n) => ({ n, box: n.getBoundingClientRect() }));
    const move = (/** @type {PointerEvent} */ e) => {
      if (e.pointerId !== drag.id) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved) {
        if (Math.hypot(dx, dy) < 8) return;
        drag.moved = true;
        this.dragging = drag;
        drag.boxes = others();
        node.classList.add("gr-dragging");
        node.setPointerCapture?.(e.pointerId);
      }
      e.preventDefault();
      node.style.transform = `translate(${dx}px, ${dy}px)`;
      drag.index = this.dropIndex(/** @type {{n: HTMLElement, box: DOMRect}[]} */ (drag.boxes), e.clientX, e.clientY);
      for (const [i, { n }] of /** @type {{n: HTMLElement, box: DOMRect}[]} */ (drag.boxes).entries()) n.classList.toggle("gr-drop-before", i === drag.index);
      /** @type {{n: HTMLElement}[]} */ (drag.boxes).at(-1)?.n.classList.toggle("gr-drop-after", drag.index === /** @type {unknown[]} */ (drag.boxes).length);
    };
    const end = (/** @type {PointerEvent} */ e) => {
      if (e.pointerId !== drag.id) return;
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      if (!drag.moved) return;
      // the click that ends a drag is not a discard; it comes at once, if at all
      setTimeout(() => { this.dragging = null; }, 0);
      if (e.type === "pointercancel" || this.busy || drag.index == null) {
        this.show(this.state);
        return;
      }
      this.arrange(drag.code, drag.index);
    };
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
  }

  // Where a card dropped at (x, y) goes among the other cards (their boxes, in order):
  // before the first card whose row is not above the point and whose middle is right of it.
  /**
   * @param {{box: DOMRect}[]} boxes
   * @param {number} x
   * @param {number} y
   */
  dropIndex(boxes, x, y) {
    for (const [i, { box }] of boxes.entries()) {
      const below = y < box.top;
      const sameRow = y >= box.top && y <= box.bottom;
      if (below || (sameRow && x < box.left + box.width / 2)) return i;
    }
    return boxes.length;
  }

  /**
   * @param {Strings} S
   * @param {TableState} state
   */
  movesNode(S, state) {
    const box = el("div", "gr-play-moves");
    const plain = el("p", "gr-buttons");
    plain.setAttribute("role", "group");
    plain.setAttribute("aria-label", S.moves);
    const out = el("p", "gr-buttons gr-play-out");
    out.setAttribute("role", "group");
    out.setAttribute("aria-label", S.going_out);
    /** @type {HTMLButtonElement[]} */
    const outs = [];
    for (const legal of state.legal) {
      const { action, card } = legal;
      const name = card ? theCard(card) : "";
      if (action === "pass") plain.append(button(S.act_pass, "pass"));
      else if (action === "stock") plain.append(button(S.act_stock, "stock"));
      else if (action === "take") {
        const top = state.discard_top;
        const label = fill(state.phase === "offer" ? S.act_take_upcard : S.act_take_pile, { card: theCard(/** @type {string} */ (top)) });
        plain.append(button(label, "take", card ?? null));
      } else if (["knock", "gin"].includes(action)) outs.push(button(fill(S[`act_${action}`], { card: name }), action, card));
      else if (action === "big_gin") outs.push(button(S.act_big_gin, "big_gin"));
    }
    // The ways out by the deadwood they leave, least first (as the tutor's spread counts it).
    for (const node of outs) {
      const entry = state.spreads.find((s) => s.action === node.dataset.action && (s.card ?? "") === (node.dataset.card ?? ""));
      node.dataset.deadwood = String(entry?.options[0]?.deadwood ?? 0);
    }
    outs.sort((a, b) => Number(a.dataset.deadwood) - Number(b.dataset.deadwood));
    out.append(...this.outControl(S, outs));
    if (state.can_take_back) plain.append(button(S.act_take_back, "take_back"));
    const over = state.phase === "over" || state.phase === "game_over";
    if (state.phase === "over" && !state.whatif) plain.append(button(S.act_next, "next"));
    if (over && state.whatif) plain.append(button(S.act_back, "back"));
    if (over && !state.whatif) plain.append(button(S.act_whatif, "whatif"), button(S.act_review, "review"));
    if (state.phase === "game_over") plain.append(button(S.act_new, "new"));
    if (plain.childNodes.length) box.append(plain);
    if (out.childNodes.length) box.append(out);
    const chooser = this.spreadNode(S, state);
    if (chooser) box.append(chooser);
    const switches = this.switchesNode(S, state);
    if (switches) box.append(switches);
    return box;
  }

  // The tutor's and the chances' switches, on their own row after the moves (not in the
  // moves' grid, and never the first control focused after a deal starts), while the reader
  // is to play.
  /**
   * @param {Strings} S
   * @param {TableState} state
   * @returns {HTMLElement | null}
   */
  switchesNode(S, state) {
    if (state.turn !== "you") return null;
    const box = el("p", "gr-buttons gr-play-switches");
    const tutor = button(this.tutorOn ? S.act_tutor_off : S.act_tutor_on, "tutor");
    tutor.setAttribute("aria-pressed", String(this.tutorOn));
    const chances = button(this.hintsOn ? S.act_hints_off : S.act_hints_on, "hints");
    chances.setAttribute("aria-pressed", String(this.hintsOn));
    box.append(tutor, chances);
    return box;
  }

  // The ways out as one control, never a wall of buttons: one button when there is one way;
  // else a list of the ways (each option with its action, discard and deadwood, least
  // deadwood first) and one button that goes out the way chosen (its data-action and
  // data-card follow the choice, so a click plays it as any move button).
  /**
   * @param {Strings} S
   * @param {HTMLButtonElement[]} outs the ways out as buttons, ordered
   * @returns {HTMLElement[]}
   */
  outControl(S, outs) {
    if (outs.length < 2) return outs;
    const select = el("select", "gr-play-out-choice");
    select.setAttribute("aria-label", S.out_choice);
    // when every way is the same move (knock), an option names its discard alone: short
    // enough for a phone; the button beside says the whole move
    const same = new Set(outs.map((b) => b.dataset.action)).size === 1;
    const lang = this.root.dataset.lang || "en";
    for (const [index, way] of outs.entries()) {
      const card = way.dataset.card ? cardName(way.dataset.card) : "";
      const move = same && card ? card.charAt(0).toLocaleUpperCase(lang) + card.slice(1) : way.textContent ?? "";
      const option = el("option", "", fill(S.out_option, { move, deadwood: way.dataset.deadwood ?? "" }));
      option.value = String(index);
      Object.assign(option.dataset, way.dataset);
      select.append(option);
    }
    const go = button("", "", null, "gr-play-out-go");
    const follow = () => {
      const way = outs[Number(select.value)];
      go.textContent = way.textContent;
      go.dataset.action = way.dataset.action;
      if (way.dataset.card) go.dataset.card = way.dataset.card;
      else delete go.dataset.card;
    };
    // the way chosen stays chosen while the position is the same (a redraw, the tutor opened)
    const chosen = this.outChosen?.position === this.position() ? this.outChosen : null;
    const kept = chosen ? outs.findIndex((b) => b.dataset.action === chosen.action && (b.dataset.card ?? "") === chosen.card) : -1;
    select.value = String(Math.max(kept, 0));
    follow();
    select.addEventListener("change", () => {
      follow();
      this.outChosen = { position: this.position(), action: go.dataset.action ?? "", card: go.dataset.card ?? "" };
    });
    return [select, go];
  }

  // K: the way out the tutor advises (when its advice for this position is known), else
  // the one leaving the least deadwood, chosen in the list and its button focused; going
  // out is never automatic: Enter confirms.
  /** @returns {HTMLElement | null} */
  chooseOut() {
    const expert = this.tutorCache?.position === this.position() ? this.tutorCache.value.expert : null;
    const select = /** @type {HTMLSelectElement | null} */ (this.tableNode.querySelector(".gr-play-out select"));
    if (!select) {
      return /** @type {HTMLElement | null} */ (this.tableNode.querySelector(".gr-play-out button[data-action]"));
    }
    const options = [...select.options];
    const advised = expert ? options.findIndex((o) => o.dataset.action === expert.action && (o.dataset.card ?? "") === (expert.card ?? "")) : -1;
    select.value = String(Math.max(advised, 0));
    select.dispatchEvent(new Event("change"));
    return /** @type {HTMLElement | null} */ (this.tableNode.querySelector(".gr-play-out-go"));
  }

  // --- the spread: the reader chooses how to lay down their melds when going out ----------

  // The reader's ways to spread when going out this way (state.spreads: the engine's
  // suggestion first), worth a choice only when they differ in the cards that fit.
  /**
   * @param {TableState} state
   * @param {string} action
   * @param {string | null} card
   * @returns {SpreadOption[] | null}
   */
  spreadOptions(state, action, card) {
    const entry = (state?.spreads ?? []).find((s) => s.action === action && (s.card ?? null) === card);
    const options = entry?.options ?? [];
    return new Set(options.map((o) => o.fits.join(" "))).size > 1 ? options : null;
  }

  // Going out with a choice of spread opens the chooser (true) instead of playing at once.
  /**
   * @param {string} action
   * @param {string | null} card
   */
  askSpread(action, card) {
    if (!["knock", "gin", "big_gin"].includes(action)) return false;
    const open = this.choosing;
    if (open && open.action === action && open.card === card) return false; // confirmed
    if (!this.spreadOptions(this.state, action, card)) return false;
    this.choosing = { action, card, index: 0 };
    this.show(this.state);
    /** @type {HTMLElement | null} */ (this.tableNode.querySelector(".gr-play-spread input:checked"))?.focus();
    return true;
  }

  async closeSpread() {
    this.choosing = null;
    this.show(this.state);
    /** @type {HTMLElement | null} */ (this.tableNode.querySelector(".gr-play-out button"))?.focus();
  }

  // The move sent to the engine, with the spread chosen in the chooser.
  /**
   * @param {string} action
   * @param {string | null} card
   */
  moveArgs(action, card) {
    const args = /** @type {ChosenMove} */ (card ? { action, card } : { action });
    const open = this.choosing;
    this.choosing = null;
    if (open && open.action === action && open.card === card) {
      const chosen = this.spreadOptions(this.state, action, card)?.[open.index];
      if (chosen) args.melds = chosen.melds.map((m) => m.cards);
    }
    return args;
  }

  /**
   * @param {Strings} S
   * @param {TableState} state
   */
  spreadNode(S, state) {
    const open = this.choosing;
    const options = open && state.turn === "you" ? this.spreadOptions(state, open.action, open.card) : null;
    if (!options || !open) {
      this.choosing = null;
      return null;
    }
    const box = el("fieldset", "gr-play-spread");
    box.append(el("legend", "", S.spread_legend), para(S.spread_why, "gr-play-spread-why"));
    const names = (/** @type {string[]} */ codes) => codes.map(cardName).join(", ");
    options.forEach((option, index) => {
      const label = el("label", "gr-play-spread-option");
      const radio = el("input");
      radio.type = "radio";
      radio.name = "gr-spread";
      radio.value = String(index);
      radio.checked = index === open.index;
      radio.addEventListener("change", () => { open.index = index; });
      const text = el("span", "gr-play-spread-text");
      if (index === 0) text.append(el("strong", "", S.spread_suggested), " ");
      const fits = option.fits.length ? fill(S.spread_fits, { cards: names(option.fits) }) : S.spread_fits_none;
      text.append(fits);
      if (option.known.length) text.append(" ", fill(S.spread_known, { cards: names(option.known) }));
      label.dataset.fits = option.fits.join(" ");
      label.append(radio, row(arrangementGroups(S, option)), text);
      box.append(label);
    });
    const buttons = el("p", "gr-buttons");
    const go = button(fill(S[`act_${open.action}`], { card: open.card ? theCard(open.card) : "" }), open.action, open.card, "gr-play-spread-go");
    buttons.append(go, button(S.spread_cancel, "spread_cancel"));
    box.append(buttons);
    return box;
  }

  /**
   * @param {Strings} S
   * @param {TableState} state
   */
  resultNode(S, state) {
    const result = /** @type {PlayResult} */ (state.result);
    const box = el("div", "gr-play-result");
    const showdown = result.showdown;
    if (!result.dead && showdown) {
      box.append(...this.recapNodes(S, state, result, showdown));
    } else {
      if (result.dead) box.append(para(fill(S.recap_dead, { n: this.variant.dead_cards }), "gr-play-went-out"));
      const hands = el("div", "gr-example gr-play-hands");
      hands.append(para(S.hands_face_up));
      hands.append(row([group(S.Hand, result.hands.you, "gr-hand-cards")], S.your_hand));
      hands.append(row([group(S.Hand, result.hands.computer, "gr-hand-cards")], S.computer_hand));
      box.append(hands);
    }
    const line = result.dead ? S.result_dead
      : fill(result.winner === "you" ? S.result_you : S.result_computer, { points: result.points });
    const verdict = para(line, "gr-play-verdict");
    verdict.dataset.winner = result.winner ?? "none";
    verdict.dataset.points = String(result.points);
    box.append(verdict);
    // the match's end (never a what-if's one deal); its totals are the engine's final ones
    if (state.phase === "game_over" && !state.whatif && state.game?.totals) {
      const [you, computer] = state.game.totals;
      const key = state.game.winner === "you" ? "game_won" : state.game.winner === "computer" ? "game_lost" : "game_drawn";
      const game = para(fill(S[key], { you, computer }), "gr-play-game-over");
      game.dataset.winner = state.game.winner ?? "none";
      game.dataset.totals = `${you} ${computer}`;
      box.append(game);
    }
    return box;
  }

  // The deal's end from the reader's seat, in the variant's words: who went out and how,
  // both hands, what was laid off, both totals, why the winner scores and the sum written
  // out ("33 − 7 = 26"). Every number is the engine's (the state's result.showdown).
  /**
   * @param {Strings} S
   * @param {TableState} state
   * @param {PlayResult} result
   * @param {Showdown} showdown
   */
  recapNodes(S, state, result, showdown) {
    const knocker = /** @type {"you" | "computer"} */ (result.knocker); // "you" or "computer"
    const kind = result.kind; // knock, undercut, gin, big_gin
    const how = kind === "undercut" ? "knock" : kind;
    const headline = para(fill(S[`recap_${how}_${knocker}`], { deadwood: showdown.knocker_deadwood }), "gr-play-went-out");
    headline.dataset.kind = kind;
    headline.dataset.knocker = knocker;
    const seat = (/** @type {string} */ who) => (who === "you" ? S.your_hand : S.computer_hand);
    const other = knocker === "you" ? "computer" : "you";
    const upcard = this.variant.upcard_limit ? { code: state.upcard, knock_limit: state.knock_limit, multiplier: state.multiplier } : null;
    // an ace knock card allows only gin: said so, not "the knock limit: 0"
    const shownUpcard = showdown.upcard ?? upcard;
    const ginOnly = shownUpcard && shownUpcard.knock_limit === 0;
    // Oklahoma's upcard under the name the play table gives it (its label)
    // the seats, whatever the outcome (renderShowdown names the roles by outcome otherwise)
    const seats = { Knocker: seat(knocker), Defender: seat(other), [`Knocker_${kind}`]: seat(knocker), [`Defender_${kind}`]: seat(other) };
    const words = { ...S, ...seats, ...(upcard ? { Upcard: S.knock_card } : {}) };
    const shown = renderShowdown(words, { minimum: this.variant.minimum },
      { ...showdown, upcard: ginOnly ? { ...shownUpcard, knock_limit: null } : shownUpcard });
    if (ginOnly) /** @type {ChildNode} */ (shown.node.firstChild).after(para(fill(S.knock_card_gin, { card: theCard(shownUpcard.code) })));
    // the showdown's sentences speak of roles: the recap's below speak of seats
    shown.node.querySelectorAll(".gr-deadwood-total, .gr-outcome, .gr-scoreline").forEach((n) => n.remove());
    const nodes = [headline, shown.node];
    const deadwood = { [knocker]: showdown.knocker_deadwood, [other]: showdown.defender_deadwood };
    if (showdown.layoffs.length) {
      const list = new Intl.ListFormat(this.root.dataset.lang || "en", { type: "conjunction" });
      const cards = cardList(showdown.layoffs.map((l) => theCard(l.card)), (names) => list.format(names));
      const fields = { cards, before: showdown.defender_deadwood_before_layoffs, after: showdown.defender_deadwood };
      const laid = para(fill(S[`recap_layoff_${other}`], fields), "gr-play-layoff");
      laid.dataset.cards = showdown.layoffs.map((l) => l.card).join(" ");
      nodes.push(laid);
    }
    const totals = para(fill(S.recap_totals, deadwood), "gr-deadwood-total");
    totals.dataset.you = String(deadwood.you);
    totals.dataset.computer = String(deadwood.computer);
    nodes.push(totals, para(S[`why_${kind}_${knocker}`], "gr-outcome"));
    // the sum: a difference written as a subtraction, a bonus with its name, a doubling last
    const parts = [];
    let doubled = false;
    for (const term of showdown.terms) {
      if (term.code === "difference") {
        const [high, low] = kind === "undercut"
          ? [showdown.knocker_deadwood, showdown.defender_deadwood]
          : [showdown.defender_deadwood, showdown.knocker_deadwood];
        parts.push(high - low === term.value ? `${high} − ${low}` : String(term.value));
      } else if (term.code === "opponent_deadwood") parts.push(String(term.value));
      else if (term.code === "spade_double") doubled = true;
      else parts.push(fill(S.term, { label: S[`term_${term.code}`] ?? "", value: term.value }));
    }
    let sum = parts.join(" + ");
    // a sum or a difference is doubled whole: "(53 − 2) × 2", never "53 − 2 × 2"
    if (doubled) sum = `${/[−+]/.test(sum) ? `(${sum})` : sum} × ${showdown.multiplier}`;
    // one number is no sum: "Score: 3", not "Score: 3 = 3"
    const trivial = sum === String(showdown.points);
    const score = para(trivial ? fill(S.score_one, { term: sum }) : fill(S.score, { terms: sum, points: showdown.points }), "gr-scoreline");
    score.dataset.points = String(showdown.points);
    nodes.push(score);
    return nodes;
  }

  /**
   * @param {Strings} S
   * @param {TableState} state
   */
  sheetNode(S, state) {
    const box = el("div", "gr-play-sheet");
    box.append(el("h3", "gr-play-sheet-title", S.score_sheet));
    // On the sheet the reader is player A and the computer player B.
    const seats = { ...S, "Player A": S.seat_you, "Player B": S.seat_computer };
    box.append(renderSheet(seats, el("div", "gr-example gr-score-sheet"), this.sheetRows(state.sheet)).node);
    return box;
  }


  // One row per deal: under Hollywood scoring a deal won is one row "entered in: game 1,
  // game 2" (its games in the Game column), not that row and a row per game besides.
  /**
   * @param {ScoreSheet} sheet
   * @returns {ScoreSheet}
   */
  sheetRows(sheet) {
    const entered = new Set(sheet.rows.filter((r) => r.kind === "entered").map((r) => r.deal));
    if (!entered.size) return sheet;
    // the win's row carries each game's totals after it (the engine's detail.standing)
    return { ...sheet, rows: sheet.rows.filter((r) => r.kind !== "deal" || !entered.has(r.deal)) };
  }

  // --- the tutor, the review, the what-if ------------------------------------------------

  async toggleSort() {
    // the reader's own order is dropped: the hand goes back to melds, sorted as the button says
    this.byRank = !this.byRank;
    this.arranged = null;
    this.show(this.state);
    /** @type {HTMLElement | null} */ (this.tableNode.querySelector('[data-action="sort"]'))?.focus();
  }

  // Advice asked for is counted when the reader opens the tutor, not for each turn it
  // then stays open.
  async toggleTutor() {
    this.tutorOn = !this.tutorOn;
    this.show(this.state);
    if (this.tutorOn) this.frame();
    /** @type {HTMLElement | null} */ (this.tableNode.querySelector('[data-action="tutor"]'))?.focus();
  }

  // The tutor's answer for the position shown; asked once per position.
  // The position shown, as the tutor's and the chances' answers are kept by.
  position() {
    const { deal, phase, stock, discard_size: pile, hand } = this.state;
    return `${this.table}/${deal}/${phase}/${stock}/${pile}/${hand.join(" ")}`;
  }

  async refreshTutor() {
    const serial = ++this.tutorSerial;
    const position = this.position();
    /** @type {Tutor | null} */
    let value = this.tutorCache?.position === position ? this.tutorCache.value : null;
    if (!value) {
      value = await this.call("play_tutor", { table: this.table });
      if (!value) return;
      /** @type {{position: string, value: Tutor} | undefined} */
      this.tutorCache = { position, value };
    }
    const panel = /** @type {HTMLElement | null} */ (this.tableNode.querySelector(".gr-play-tutor"));
    // an answer that comes after the tutor was closed, or for a position left since, is not shown
    if (serial !== this.tutorSerial || !panel || !this.tutorOn || this.position() !== position) return;
    panel.replaceChildren(...this.tutorNodes(this.S, value));
    panel.hidden = false;
    // the one-line advice goes right under the moves, in sight with the table
    const line = panel.querySelector("[data-tutor-advice]");
    const slot = /** @type {HTMLElement | null} */ (this.tableNode.querySelector(".gr-play-advice"));
    if (line && slot) {
      slot.replaceChildren(line);
      slot.hidden = false;
      // said when it changes (not again at each redraw of the same position)
      this.frame(); // the advice's line under the moves, in sight
      const said = `${position}/${line.textContent}`;
      if (this.saidAdvice !== said) {
        this.saidAdvice = said;
        this.announce(line.textContent ?? "");
      }
    }
    // the tutor counted from the moment it shows advice, once per position
    if (value.expert && !this.advised.has(position)) {
      this.advised.add(position);
      recordAdvice(this.state, "advice");
      this.tableNode.querySelector(".gr-play-stats")?.replaceWith(this.statsNode(this.S, this.state));
    }
    panel.dataset.whyNot = value.going_out?.why_not ?? "";
    panel.dataset.bestDiscard = value.discards?.[0]?.card ?? "";
    panel.dataset.outsUnseen = String(value.outs_unseen ?? 0);
    panel.dataset.expertAction = value.expert?.action ?? "";
    panel.dataset.expertCard = value.expert?.card ?? "";
  }

  // The tutor's answer in words: going out, the best discards, the outs, the expert's choice.
  /**
   * @param {Strings} S
   * @param {Tutor} tutor
   * @param {string} [title]
   */
  tutorNodes(S, tutor, title = S.tutor_title) {
    /** @type {HTMLElement[]} */
    const nodes = [el("h3", "gr-play-tutor-title", title)];
    const expert = tutor.expert;
    if (expert) {
      // the one-line advice (a move the engine lists as legal), first
      // in the tutor's own words (an imperative where a button's label is an infinitive)
      const move = expert.action === "take"
        ? fill(tutor.phase === "offer" ? S.advice_take_upcard : S.advice_take_pile, { card: theCard(expert.params.card) })
        : fill(S[`advice_${expert.action}`] ?? expert.action, { card: expert.card ? theCard(expert.card) : "" });
      const line = para(fill(S.tutor_advice, { move }), "gr-play-tutor-advice");
      line.dataset.tutorAdvice = expert.action;
      line.dataset.tutorCard = expert.card ?? "";
      line.dataset.tutorReason = expert.reason;
      nodes.push(line);
    }
    const going = tutor.going_out;
    if (going) {
      let text;
      if (going.big_gin) text = S.tutor_may_big_gin;
      else if (going.gin) text = S.tutor_may_gin;
      else if (going.knock) text = fill(S.tutor_may_knock, { deadwood: going.knock_deadwood });
      else if (going.why_not) {
        /** @type {Record<string, any>} */
        const fields = { ...going, ...named(going.params) };
        // none melded is said as "none of your cards", not "at most 0 of your cards"
        const none = fields.melded === 0 ? S[`tutor_${going.why_not}_none`] : undefined;
        text = fill(none ?? S[`tutor_${going.why_not}`] ?? S[going.why_not] ?? S.not_allowed, fields);
      }
      if (text) nodes.push(para(text, "gr-play-tutor-going-out"));
    }
    if (tutor.discards?.length) {
      const list = el("ul", "gr-play-tutor-discards");
      // the first three (the advice first among its ties), the advice if it leaves more,
      // and how many others leave as little as the third
      const shown = tutor.discards.slice(0, 3);
      const advised = tutor.discards.find((d) => expert?.action === "discard" && d.card === expert.card);
      if (advised && !shown.includes(advised)) shown.push(advised);
      for (const d of shown) list.append(el("li", "", fill(S.tutor_discard, { card: cardName(d.card), deadwood: d.deadwood })));
      const more = tutor.discards.filter((d) => !shown.includes(d) && d.deadwood === shown[Math.min(2, shown.length - 1)].deadwood).length;
      if (more) list.append(el("li", "gr-play-tutor-more", fill(S.tutor_discards_more, { count: more })));
      nodes.push(para(S.tutor_discards), list);
    }
    // the cards that improve the hand the advice keeps (none to show when it goes out)
    if (!["knock", "gin", "big_gin"].includes(/** @type {string} */ (expert?.action))) {
      const after = expert?.action === "discard" ? "_after" : "";
      /** @type {Record<string, string | Cased | number>} */
      const fields = { card: expert?.card ? theCard(expert.card) : "", n: tutor.outs_unseen };
      if (tutor.outs?.length) fields.cards = tutor.outs.map((o) => cardName(o.card)).join(", ");
      const text = tutor.outs?.length ? S[`tutor_outs${after}`] : S[`tutor_no_outs${after}`];
      if (tutor.outs) nodes.push(para(fill(text, fields), "gr-play-tutor-outs"));
    }
    if (expert) {
      const reason = fill(S[`tutor_${expert.reason}`] ?? expert.reason, named(expert.params));
      nodes.push(para(fill(S.tutor_expert, { reason }), "gr-play-tutor-expert"));
    }
    return nodes;
  }

  // --- the chances: every move ranked by the chance of winning (ginrules.hints) ------------

  async toggleHints() {
    this.hintsOn = !this.hintsOn;
    this.show(this.state);
    /** @type {HTMLElement | null} */ (this.tableNode.querySelector('[data-action="hints"]'))?.focus();
  }

  // The table of chances for the position shown; asked once per position (the engine's
  // answer follows from the table's seed and the position).
  async refreshHints() {
    const serial = ++this.hintsSerial;
    const position = this.position();
    let panel = /** @type {HTMLElement | null} */ (this.tableNode.querySelector(".gr-play-hints"));
    /** @type {Hints | null} */
    let value = this.hintsCache?.position === position ? this.hintsCache.value : null;
    if (!value) {
      if (panel) {
        panel.replaceChildren(para(this.S.hints_working, "gr-play-hints-working"));
        panel.hidden = false;
        panel.dataset.state = "working";
      }
      value = await this.call("play_hints", { table: this.table });
      if (!value) return;
      /** @type {{position: string, value: Hints} | undefined} */
      this.hintsCache = { position, value };
    }
    panel = /** @type {HTMLElement | null} */ (this.tableNode.querySelector(".gr-play-hints"));
    // an answer that comes after the chances were closed, or for a position left since, is not shown
    if (serial !== this.hintsSerial || !panel || !this.hintsOn || this.position() !== position) return;
    panel.replaceChildren(...this.hintsNodes(this.S, value, this.state));
    panel.hidden = false;
    panel.dataset.state = "ready";
    panel.dataset.seed = String(value.seed);
  }

  // The moves as rows: the move, the chance of winning (95 % interval), the points of
  // this deal, the marks (the expert's choice, a tie with the best) and the reason.
  /**
   * @param {Strings} S
   * @param {Hints} hints
   * @param {TableState} state
   */
  hintsNodes(S, hints, state) {
    const lang = document.documentElement.lang || "en";
    const percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 });
    const points = new Intl.NumberFormat(lang, { maximumFractionDigits: 1, signDisplay: "exceptZero" });
    const model = hints.target == null ? S.hints_model_deal : hints.game == null ? S.hints_model_game : S.hints_model_games;
    const nodes = [
      el("h3", "gr-play-hints-title", S.hints_title),
      para(fill(model, { worlds: hints.worlds, target: hints.target ?? "", game: hints.game ?? "" }), "gr-play-hints-model"),
    ];
    const grid = el("table", "gr-play-hints-table");
    const head = el("tr");
    const confidence = { confidence: percent.format(0.95) };
    const titles = [S.hints_move, fill(S.hints_win, confidence), fill(S.hints_points, confidence), S.hints_why];
    for (const text of titles) head.append(el("th", "", text));
    grid.append(el("thead"), el("tbody"));
    /** @type {HTMLTableSectionElement} */ (grid.tHead).append(head);
    for (const row of hints.rows) {
      const move = row.action === "take"
        ? fill(state.phase === "offer" ? S.act_take_upcard : S.act_take_pile, { card: theCard(row.params.card ?? state.discard_top) })
        : fill(S[`act_${row.action}`] ?? row.action, { card: row.card ? theCard(row.card) : "" });
      const marks = [];
      if (row.expert) marks.push(S.hints_expert);
      if (row.tie) marks.push(S.hints_tie);
      if (row.ahead) marks.push(S.hints_ahead);
      const first = el("td", "gr-play-hints-move", move);
      if (marks.length) first.append(el("span", "gr-play-hints-marks", ` (${marks.join(", ")})`));
      const win = fill(S.hints_range, { value: percent.format(row.win), low: percent.format(row.win_low), high: percent.format(row.win_high) });
      const deal = fill(S.hints_range, { value: points.format(row.points), low: points.format(row.points_low), high: points.format(row.points_high) });
      const reason = fill(S[`tutor_${row.reason}`] ?? "", named(row.params));
      const line = el("tr");
      const cells = [first, el("td", "gr-play-hints-win", win), el("td", "gr-play-hints-points", deal), el("td", "gr-play-hints-why", reason)];
      // a phone shows each row as a block, each value under its column's title
      cells.forEach((cell, i) => { cell.dataset.label = titles[i]; });
      line.append(...cells);
      Object.assign(line.dataset, {
        hintAction: row.action, hintCard: row.card ?? "", hintWin: String(row.win), hintReason: row.reason,
        hintExpert: String(row.expert), hintTie: String(row.tie), hintAhead: String(row.ahead), hintBest: String(row.best),
      });
      grid.tBodies[0].append(line);
    }
    nodes.push(grid);
    return nodes;
  }

  // A move the tutor advised, where its advice was shown, is counted as followed.
  /**
   * @param {string} action
   * @param {string | null} card
   */
  noteFollowed(action, card) {
    const position = this.position();
    const expert = this.tutorCache?.position === position ? this.tutorCache.value.expert : null;
    if (!this.tutorOn || !expert || !this.advised.has(position)) return;
    if (expert.action === action && (expert.card == null || expert.card === card)) recordAdvice(this.state, "followed");
  }

  async whatIf() {
    const value = await this.call("play_whatif", { table: /** @type {number} */ (this.mainTable) });
    if (!value) return;
    this.table = value.table;
    this.reviewing = null;
    this.announcer.textContent = "";
    this.show(value.state);
    this.announce(`${this.S.whatif} ${this.startText(value.state)}`);
    await this.computerTurns();
  }

  async backToGame() {
    this.table = /** @type {number} */ (this.mainTable);
    this.reviewing = null;
    this.show(/** @type {TableState} */ (this.mainState));
  }

  async openReview() {
    this.reviewing = { deal: this.state.deal, turn: 1, turns: null };
    await this.reviewFocus("review_next");
  }

  async reviewPrevious() {
    const reviewing = /** @type {Reviewing} */ (this.reviewing); // open: its buttons are shown
    if (reviewing.turn > 1) reviewing.turn -= 1;
    await this.reviewFocus("review_previous");
  }

  async reviewNext() {
    const reviewing = /** @type {Reviewing} */ (this.reviewing); // open: its buttons are shown
    if (reviewing.turns == null || reviewing.turn < reviewing.turns) reviewing.turn += 1;
    await this.reviewFocus("review_next");
  }

  // The review redrawn at its new turn, the focus kept on the button pressed (or, at the
  // first or last turn, where it is gone, on the other one), never thrown to the moves.
  /** @param {string} action */
  async reviewFocus(action) {
    this.show(this.state);
    await this.reviewShown;
    const panel = this.tableNode.querySelector(".gr-play-review");
    const target = panel?.querySelector(`[data-action="${action}"]`) ?? panel?.querySelector("[data-action^='review_']");
    /** @type {HTMLElement | null | undefined} */ (target)?.focus();
  }

  async closeReview() {
    this.reviewing = null;
    this.show(this.state);
    /** @type {HTMLElement | null} */ (this.tableNode.querySelector('[data-action="review"]'))?.focus();
  }

  async showReview() {
    const { deal, turn } = /** @type {Reviewing} */ (this.reviewing);
    const value = await this.call("play_review", { table: this.table, deal, turn });
    const panel = /** @type {HTMLElement | null} */ (this.tableNode.querySelector(".gr-play-review"));
    if (!value || !panel) return;
    /** @type {Reviewing} */ (this.reviewing).turns = value.turns;
    const S = this.S;
    /** @type {HTMLElement[]} */
    const nodes = [el("h3", "gr-play-review-title", fill(S.review_title, value))];
    const melded = new Set(value.arrangement.melds.flatMap((m) => m.cards));
    const groups = value.arrangement.melds.map((m) => group(meldLabel(S, m), m.cards, `gr-meld gr-${m.kind}`));
    const loose = value.hand.filter((c) => !melded.has(c));
    if (loose.length) groups.push(group(S.Deadwood, loose, "gr-deadwood", ["gr-dead"]));
    nodes.push(row(groups, S.your_hand));
    if (value.discard_top) nodes.push(row([group(S["Discard pile"], [value.discard_top], "gr-pile")]));
    nodes.push(para(fill(S.stock_count, { n: value.stock }), "gr-play-count"));
    const move = value.move;
    const label = move.action === "take"
      ? fill(value.phase === "offer" ? S.act_take_upcard : S.act_take_pile, { card: theCard(/** @type {string} */ (value.discard_top)) })
      : fill(S[`act_${move.action}`] ?? move.action, { card: move.card ? theCard(move.card) : "" });
    const said = para(fill(S.review_move, { move: label }), "gr-play-review-move");
    said.dataset.action = move.action;
    nodes.push(said);
    nodes.push(...this.tutorNodes(S, value.tutor, S.tutor_title));
    const buttons = el("p", "gr-buttons");
    if (turn > 1) buttons.append(button(S.review_previous, "review_previous"));
    if (turn < value.turns) buttons.append(button(S.review_next, "review_next"));
    buttons.append(button(S.review_close, "review_close"));
    nodes.push(buttons);
    panel.replaceChildren(...nodes);
    panel.dataset.turn = String(turn);
    panel.dataset.turns = String(value.turns);
  }

  // --- local statistics ------------------------------------------------------------------

  /**
   * @param {Strings} S
   * @param {TableState} state
   */
  statsNode(S, state) {
    const box = el("details", "gr-play-stats");
    box.append(el("summary", "", S.stats_title));
    const level = S[`level_${state.level}`] ?? state.level;
    box.append(para(fill(S.stats_for, { variant: this.variant.name, level })));
    box.append(...statsNodes(S, state, this.root.dataset.lang || "en"));
    const buttons = el("p", "gr-buttons");
    buttons.append(button(S.stats_reset, "stats_reset"));
    box.append(buttons);
    box.open = this.statsOpen ?? false;
    box.addEventListener("toggle", () => { this.statsOpen = box.open; });
    return box;
  }

  async resetStats() {
    resetStats(this.state);
    this.show(this.state);
    const box = /** @type {HTMLDetailsElement} */ (this.tableNode.querySelector(".gr-play-stats"));
    box.open = true;
    /** @type {HTMLElement} */ (box.querySelector('[data-action="stats_reset"]')).focus();
    this.status.textContent = this.S.stats_reset_done;
  }

  /** @param {TableState} state */
  record(state) {
    if (!state.result || state.whatif) return;
    const id = `${this.table}/${state.deal}`;
    if (this.recorded.has(id)) return;
    this.recorded.add(id);
    recordDeal(state, this.variant.name);
  }

  // --- the keyboard ----------------------------------------------------------------------

  /** @param {KeyboardEvent} event */
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || /** @type {Element} */ (event.target).closest("select, input")) return;
    if (!this.state) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      // On a card of the hand: the arrows go to the next card, Shift+arrow moves the card.
      const cards = this.handCards();
      const at = cards.indexOf(/** @type {HTMLElement} */ (/** @type {Element} */ (event.target).closest(".gr-play-card, .gr-card")));
      const to = at + (event.key === "ArrowLeft" ? -1 : 1);
      if (at < 0) return;
      event.preventDefault();
      if (to < 0 || to >= cards.length) return;
      if (!event.shiftKey) cards[to].focus();
      else if (!this.busy) this.arrange(/** @type {string} */ (cards[at].dataset.card), to);
      return;
    }
    const key = event.key.toLowerCase();
    // the keys of the row of digits are read by their place, not by what they type (an
    // unshifted AZERTY 6 types "-"): Digit1…Digit9, Digit0, then Minus
    const codes = ["Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7", "Digit8", "Digit9", "Digit0", "Minus"];
    const click = (/** @type {string} */ selector) => {
      const target = /** @type {HTMLElement | null} */ (this.tableNode.querySelector(selector));
      if (!target) return false;
      event.preventDefault();
      target.click();
      return true;
    };
    const place = codes.indexOf(event.code);
    if (place >= 0 && !event.shiftKey) {
      const cards = [.../** @type {NodeListOf<HTMLElement>} */ (this.tableNode.querySelectorAll(".gr-play-hand .gr-card[data-card]"))];
      const code = cards[place]?.dataset.card;
      if (code) click(`button[data-action="discard"][data-card="${CSS.escape(code)}"]`);
      return;
    }
    /** @type {Record<string, string>} */
    const actions = { s: "stock", p: "take", x: "pass", n: "next", v: "sort", u: "take_back", t: "tutor" };
    if (key in actions) {
      click(`button[data-action="${actions[key]}"]`);
      return;
    }
    // keys that read aloud (in the live region): the hand, the table, the score
    /** @type {Record<string, () => string>} */
    const reads = { h: () => this.handText(), l: () => this.tableText(), g: () => this.scoreText() };
    if (key in reads && !event.shiftKey) {
      event.preventDefault();
      this.announce(reads[key]());
      return;
    }
    if (key === "k") {
      const target = this.chooseOut();
      if (target) {
        event.preventDefault();
        target.focus();
      }
    }
  }
}

const root = /** @type {HTMLElement | null} */ (document.querySelector('section.gr-play[data-widget="play"]'));
if (root) {
  const play = new Play(root);
  startOnIntent([root]);
  play.restore(location.hash);
  window.ginrulesPlay = play;
}
