// What the scripts read from text that a reader or a link may write: the address's
// fragment of the play page (#play=...) and of the exercises page (#exercise=...,
// #exercises=...), and the catalog's plural rule. Pure functions, no page needed, so that
// tests/js/fuzz_links.mjs runs them under Node on thousands of hostile fragments: each
// answers a value or "bad" (the reader's bad-link message), never an exception.

/**
 * What a play link asks: nothing (no #play=), a variant to choose, a deal to replay, or a
 * bad link. `known`: the page's variants with their schemes' values, and its levels.
 * @typedef {{kind: "none"} | {kind: "bad"} | {kind: "variant", variant: string}
 *   | {kind: "deal", variant: string, scheme: string, level: string, seed: number, deal: number,
 *      dealer: "you" | "computer", scores?: number[], sheet?: string}} PlayLink
 * @typedef {{variants: Record<string, {schemes: [string, ...unknown[]][]}>, levels: string[]}} PlayKnown
 */

// #play=variant[/scheme/level/seed/deal/dealer[/before]]: before the deal, the sheet so far
// (v1.A25knock.dead.B31gin: each earlier deal's result, the engine's sheet_link) or, in
// links of the earlier form, the scores of the game in progress (23-32)
const LINK_SCORES = /^\d{1,5}-\d{1,5}$/;
const LINK_SHEET = /^v\d{1,3}(\.[A-Za-z0-9_]{1,30}){0,200}$/;

/** @type {(hash: string, known: PlayKnown) => PlayLink} */
export function parsePlayLink(hash, known) {
  if (!hash.startsWith("#play=")) return { kind: "none" };
  /** @type {string[]} */
  let parts;
  try {
    parts = decodeURIComponent(hash.slice("#play=".length)).split("/");
  } catch {
    parts = []; // a malformed escape: not a deal
  }
  const [variant = "", scheme = "", level = "", seed = "", deal = "", dealer = "", last = ""] = parts;
  const isKnown = Object.hasOwn(known.variants, variant);
  if (isKnown && parts.length === 1) return { kind: "variant", variant };
  const schemes = isKnown ? known.variants[variant].schemes.map(([value]) => value) : [];
  const valid = [6, 7].includes(parts.length) && schemes.includes(scheme)
    && known.levels.includes(level) && /^\d{1,9}$/.test(seed)
    && /^\d{1,3}$/.test(deal) && Number(deal) >= 1 && (dealer === "you" || dealer === "computer")
    && (!last || LINK_SCORES.test(last) || LINK_SHEET.test(last));
  if (!valid) return { kind: "bad" };
  // A first deal has nothing before it; a later deal with nothing after its dealer is a
  // link of the earlier form, its scores 0-0.
  const before = LINK_SHEET.test(last) ? { sheet: last }
    : LINK_SCORES.test(last) ? { scores: last.split("-").map(Number) }
      : Number(deal) > 1 ? { scores: [0, 0] } : {};
  return { kind: "deal", variant, scheme, level, seed: Number(seed), deal: Number(deal), dealer, ...before };
}

/**
 * What an exercises link asks: nothing, one exercise (#exercise=variant/kind/level/seed), a
 * variant (and kind, level) to practise (#exercises=variant[/kind[/level]]), or a bad link
 * (`text`: what it said, cut to 60 characters).
 * @typedef {{kind: "none"} | {kind: "bad", text: string}
 *   | {kind: "one", variant: string, exercise: string, level: string, seed: number}
 *   | {kind: "choose", variant: string, exercise: string, level: string | number}} ExerciseLink
 * @typedef {{variants: Record<string, {kinds: string[]}>, levels: number[]}} ExerciseKnown
 */

/** @type {(hash: string, known: ExerciseKnown) => ExerciseLink} */
export function parseExerciseLink(hash, known) {
  // URLSearchParams never throws: a malformed escape stays as it is.
  const params = new URLSearchParams(hash.slice(1));
  const one = params.get("exercise");
  const chosen = params.get("exercises");
  if (one != null) {
    const match = /^(\w{1,20})\/(\w{1,20})\/(\d)\/(\d{1,12})$/.exec(one);
    const ok = match && Object.hasOwn(known.variants, match[1]) && known.variants[match[1]].kinds.includes(match[2])
      && known.levels.includes(Number(match[3]));
    if (!match || !ok) return { kind: "bad", text: one.slice(0, 60) };
    return { kind: "one", variant: match[1], exercise: match[2], level: match[3], seed: Number(match[4]) };
  }
  if (chosen != null) {
    const [variant, kind = "", level = ""] = chosen.split("/");
    if (!Object.hasOwn(known.variants, variant)) return { kind: "bad", text: chosen.slice(0, 60) };
    return { kind: "choose", variant, exercise: kind, level: known.levels.includes(Number(level)) ? level : 1 };
  }
  return { kind: "none" };
}

// A gettext plural rule ("n != 1", "n%10==1 && n%100!=11 ? 0 : 1", or "Number(n > 1)" as
// the pages write it) as a function of n: read here, since the content policy of
// tools/serve.py allows no `new Function`. C's operators, each giving a number (true is 1).
/** @type {Record<string, (a: number, b: number) => number>} */
const OPERATORS = {
  "||": (a, b) => Number(a !== 0 || b !== 0), "&&": (a, b) => Number(a !== 0 && b !== 0),
  "==": (a, b) => Number(a === b), "!=": (a, b) => Number(a !== b),
  "<": (a, b) => Number(a < b), ">": (a, b) => Number(a > b),
  "<=": (a, b) => Number(a <= b), ">=": (a, b) => Number(a >= b),
  "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b,
  "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b,
};
const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];

/** @type {(source: string) => (n: number) => number} */
export function pluralRule(source) {
  const tokens = source.match(/\d+|[A-Za-z_]\w*|&&|\|\||[=!<>]=|\S/g) ?? [];
  let at = 0;
  const fail = () => new SyntaxError(`not a plural rule: ${source}`);
  /** @type {(token: string) => void} */
  const take = (token) => {
    if (tokens[at++] !== token) throw fail();
  };
  /** @typedef {(n: number) => number} Rule */
  /** @type {() => Rule} */
  const choice = () => {
    const test = level(0);
    if (tokens[at] !== "?") return test;
    at++;
    const yes = choice();
    take(":");
    const no = choice();
    return (n) => (test(n) !== 0 ? yes(n) : no(n));
  };
  /** @type {(depth: number) => Rule} */
  const level = (depth) => {
    if (depth === LEVELS.length) return unary();
    let left = level(depth + 1);
    while (LEVELS[depth].includes(tokens[at] ?? "")) {
      const op = OPERATORS[tokens[at++]], a = left, b = level(depth + 1);
      left = (n) => op(a(n), b(n));
    }
    return left;
  };
  /** @type {() => Rule} */
  const unary = () => {
    const token = tokens[at++];
    if (token === "!") {
      const f = unary();
      return (n) => Number(f(n) === 0);
    }
    if (token === "-") {
      const f = unary();
      return (n) => -f(n);
    }
    if (token === "n") return (n) => n;
    if (token !== undefined && /^\d+$/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    if (token === "Number") take("(");
    else if (token !== "(") throw fail();
    const inner = choice();
    take(")");
    return inner;
  };
  const rule = choice();
  if (at !== tokens.length) throw fail();
  return rule;
}
