// Fuzzes the parsers of ginrules_site/static/ginrules-links.mjs under Node: the play
// page's link (#play=...), the exercises page's (#exercise=..., #exercises=...) and the
// catalog's plural rule. Run by tests/site/test_link_fuzz.py (in `make test`):
//
//     node tests/js/fuzz_links.mjs PLAY_PARAMS.json EXERCISE_PARAMS.json [COUNT]
//
// with the params that the built pages hold (data-params). Thousands of fragments, made
// from a fixed seed: malformed and hostile ones (broken escapes, oversized numbers, names
// of Object's own properties, markup, other scripts' text, control characters, lone
// surrogates, very long text) and valid links mutated a character at a time. Each must
// give a value (a bad link included), never an exception; a value that is not "bad" must
// name only what the page knows; every valid link must read back as it was written.
// Prints one JSON line: how many fragments of each kind, and the failures (none expected).
import { readFileSync } from "node:fs";
import { parseExerciseLink, parsePlayLink, pluralRule } from "../../ginrules_site/static/ginrules-links.mjs";

const [playFile, exerciseFile, countText = "6000"] = process.argv.slice(2);
const play = JSON.parse(readFileSync(playFile, "utf-8"));
const exercises = JSON.parse(readFileSync(exerciseFile, "utf-8"));
const COUNT = Number(countText);

// A small seeded generator (mulberry32): the same fragments every run.
let state = 0x9e3779b9;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
/** @type {<T>(items: T[]) => T} */
const pick = (items) => items[Math.floor(random() * items.length)];

const HOSTILE = [
  "", "/", "//", "%", "%2", "%zz", "%E0%A4%A", "%C0%AF", "%ED%A0%80", "%00", "%2F", "%252F", "%25",
  "+", "&", "=", "#", "?", ";", "\\", "\n", "\t", " ", "\u0000", "\u202e", "\u200b", "\ufeff",
  "\ud800", "\udfff", "é", "ß", "İ", "ﬁ", "𝟙𝟚", "١٢٣", "०१२", "１２３", "٣-٤", "🂡", "👍🏽",
  "Козырь", "红心", "עברית", "ハート", "ελληνικά", "한국어",
  "9".repeat(400), "1e309", "-1", "+1", "0x10", "0b1", "0o7", "1_000", "1.5", "NaN", "Infinity",
  "-0", "00000000000000000001", "999999999", "1000000000", "999", "1000", "0", "99999-99999", "100000-0",
  "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__",
  "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "javascript:alert(1)",
  "${alert(1)}", "{{7*7}}", "'; DROP TABLE x; --", "../../etc/passwd", "%3Cscript%3E",
  "x".repeat(5000), "/".repeat(300),
];

const playVariants = Object.keys(play.variants);
const exerciseVariants = Object.keys(exercises.variants);
const playParts = [
  ...playVariants, ...playVariants.flatMap((v) => play.variants[v].schemes.map((/** @type {string[]} */ s) => s[0])),
  ...play.levels, "you", "computer", "1", "7", "123", "0-0", "12-40",
];
const exerciseParts = [
  ...exerciseVariants, ...exerciseVariants.flatMap((v) => exercises.variants[v].kinds),
  ...exercises.levels.map(String), "1", "42", "123456789012",
];

/** @type {() => string} */
function validPlay() {
  const variant = pick(playVariants);
  if (random() < 0.1) return `#play=${variant}`;
  const parts = [variant, pick(play.variants[variant].schemes)[0], pick(play.levels),
    String(Math.floor(random() * 1e9)), String(1 + Math.floor(random() * 999)), pick(["you", "computer"])];
  const before = random();
  if (before < 0.33) parts.push(`${Math.floor(random() * 99999)}-${Math.floor(random() * 99999)}`);
  else if (before < 0.66) {
    // the sheet so far, as the engine's sheet_link writes it
    const entries = Array.from({ length: Math.floor(random() * 6) }, () =>
      random() < 0.2 ? "dead" : `${pick(["A", "B"])}${Math.floor(random() * 200)}${pick(["knock", "gin", "undercut", "big_gin", "going_down"])}`);
    parts.push(["v1", ...entries].join("."));
  }
  return `#play=${parts.join("/")}`;
}

/** @type {() => string} */
function validExercise() {
  const variant = pick(exerciseVariants);
  const kind = pick(exercises.variants[variant].kinds);
  if (random() < 0.3) return `#exercises=${[variant, kind, pick(exercises.levels)].slice(0, 1 + Math.floor(random() * 3)).join("/")}`;
  return `#exercise=${variant}/${kind}/${pick(exercises.levels)}/${Math.floor(random() * 1e12)}`;
}

/** @type {(text: string) => string} */
function mutate(text) {
  const at = Math.floor(random() * (text.length + 1));
  const what = random();
  if (what < 0.25) return text.slice(0, at) + text.slice(at + 1);
  if (what < 0.5) return text.slice(0, at) + pick(HOSTILE) + text.slice(at);
  if (what < 0.7) return text.slice(0, at) + pick(HOSTILE) + text.slice(at + 1);
  const [head, ...rest] = text.split("/");
  if (what < 0.8) return [head, ...rest.reverse()].join("/");
  // one whole part replaced (the first keeps its prefix)
  const parts = [head.slice(0, head.indexOf("=") + 1) + head.slice(head.indexOf("=") + 1), ...rest];
  const index = Math.floor(random() * parts.length);
  const prefix = index === 0 ? head.slice(0, head.indexOf("=") + 1) : "";
  parts[index] = prefix + pick(HOSTILE);
  return parts.join("/");
}

/** @type {(prefixes: string[], parts: string[], valid: () => string) => string} */
function fragment(prefixes, parts, valid) {
  const kind = random();
  if (kind < 0.3) return mutate(random() < 0.5 ? valid() : mutate(valid()));
  const count = Math.floor(random() * 9);
  const pieces = Array.from({ length: count }, () => pick(random() < 0.5 ? parts : HOSTILE));
  let text = pick(prefixes) + pieces.join(random() < 0.8 ? "/" : pick(HOSTILE));
  if (random() < 0.3) text = encodeURI(text.toWellFormed()).replace(/%/g, random() < 0.5 ? "%25" : "%");
  return text;
}

const failures = /** @type {string[]} */ ([]);
/** @type {(label: string, hash: string, why: string) => void} */
const fail = (label, hash, why) => {
  if (failures.length < 20) failures.push(`${label} ${JSON.stringify(hash.slice(0, 120))}: ${why}`);
};
const counts = { play: 0, exercises: 0, valid: 0, bad: 0, plural: 0 };

/** @type {(hash: string) => void} */
function checkPlay(hash) {
  counts.play++;
  let link;
  try {
    link = parsePlayLink(hash, play);
  } catch (error) {
    fail("play", hash, `threw ${error}`);
    return;
  }
  if (link.kind === "bad") counts.bad++;
  if (link.kind === "none" && hash.startsWith("#play=")) fail("play", hash, "a play link read as none");
  if (link.kind !== "none" && !hash.startsWith("#play=")) fail("play", hash, "not a play link, read as one");
  if (link.kind === "variant" && !Object.hasOwn(play.variants, link.variant)) fail("play", hash, "unknown variant");
  if (link.kind === "deal") {
    const ok = Object.hasOwn(play.variants, link.variant)
      && play.variants[link.variant].schemes.some((/** @type {string[]} */ s) => s[0] === link.scheme)
      && play.levels.includes(link.level) && Number.isSafeInteger(link.seed) && link.seed >= 0
      && Number.isInteger(link.deal) && link.deal >= 1 && link.deal <= 999
      && !(link.scores && link.sheet)
      && (!link.scores || (link.scores.length === 2 && link.scores.every((n) => Number.isInteger(n) && n >= 0 && n <= 99999)))
      && (!link.sheet || /^v\d{1,3}(\.[A-Za-z0-9_]{1,30}){0,200}$/.test(link.sheet));
    if (!ok) fail("play", hash, `not a deal of this page: ${JSON.stringify(link)}`);
  }
}

/** @type {(hash: string) => void} */
function checkExercise(hash) {
  counts.exercises++;
  let link;
  try {
    link = parseExerciseLink(hash, exercises);
  } catch (error) {
    fail("exercises", hash, `threw ${error}`);
    return;
  }
  const params = new URLSearchParams(hash.slice(1));
  const asked = params.has("exercise") || params.has("exercises");
  if (link.kind === "bad") {
    counts.bad++;
    if (typeof link.text !== "string" || link.text.length > 60) fail("exercises", hash, "bad text");
  }
  if ((link.kind === "none") === asked) fail("exercises", hash, `read as ${link.kind}`);
  if (link.kind === "one" || link.kind === "choose") {
    if (!Object.hasOwn(exercises.variants, link.variant)) fail("exercises", hash, "unknown variant");
    if (!exercises.levels.includes(Number(link.level))) fail("exercises", hash, "unknown level");
  }
  if (link.kind === "one") {
    const ok = exercises.variants[link.variant].kinds.includes(link.exercise)
      && Number.isSafeInteger(link.seed) && link.seed >= 0;
    if (!ok) fail("exercises", hash, `not an exercise of this page: ${JSON.stringify(link)}`);
  }
}

// Valid links read back as written (links already shared keep working).
for (let i = 0; i < 500; i++) {
  counts.valid++;
  const hash = validPlay();
  const link = parsePlayLink(hash, play);
  const back = link.kind === "variant" ? `#play=${link.variant}`
    : link.kind === "deal" ? `#play=${[link.variant, link.scheme, link.level, link.seed, link.deal, link.dealer].join("/")}`
      + (hash.split("/").length === 7 ? `/${link.sheet ?? link.scores?.join("-")}` : "") : "";
  if (back !== hash) fail("play", hash, `valid, read as ${JSON.stringify(link)}`);
}
for (let i = 0; i < 500; i++) {
  counts.valid++;
  const hash = validExercise();
  const link = parseExerciseLink(hash, exercises);
  if (hash.startsWith("#exercise=")) {
    const back = link.kind === "one" ? `#exercise=${link.variant}/${link.exercise}/${link.level}/${link.seed}` : "";
    if (back !== hash) fail("exercises", hash, `valid, read as ${JSON.stringify(link)}`);
  } else {
    const [variant, kind = "", level] = hash.slice("#exercises=".length).split("/");
    const ok = link.kind === "choose" && link.variant === variant && link.exercise === kind
      && String(link.level) === (level ?? "1");
    if (!ok) fail("exercises", hash, `valid, read as ${JSON.stringify(link)}`);
  }
}

const playPrefixes = ["#play=", "#play=", "#play=", "#play", "#PLAY=", "#play==", "#", "", "#exercise=", "play="];
const exercisePrefixes = ["#exercise=", "#exercises=", "#exercise=", "#exercises=", "#exercise=x&exercise=",
  "#exercises=&exercise=", "#exercise", "#", "", "#play=", "#foo=1&exercise=", "#exercise%3D"];
const started = performance.now();
for (let i = 0; i < COUNT; i++) {
  checkPlay(fragment(playPrefixes, playParts, validPlay));
  checkExercise(fragment(exercisePrefixes, exerciseParts, validExercise));
}
for (const text of HOSTILE) {
  for (const prefix of [...playPrefixes, ...exercisePrefixes]) {
    checkPlay(prefix + text);
    checkExercise(prefix + text);
  }
}
checkPlay(`#play=${"%".repeat(1 << 20)}`);
checkExercise(`#exercise=${"a/".repeat(1 << 19)}`);

// The plural rule read without `new Function` answers as JavaScript evaluating it would.
const RULES = [
  "Number(n != 1)", "Number((n > 1))", "n != 1", "0", "(n == 1) ? 0 : 1",
  "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
  "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
  "(n==1 ? 0 : (n==0 || (n%100>0 && n%100<20)) ? 1 : 2)", "!(n == 1)", "-n + 2 * 3 / 2 - n % 7",
];
for (const rule of RULES) {
  const ours = pluralRule(rule);
  // eslint-disable-next-line no-new-func -- the reference, under Node only
  const theirs = /** @type {(n: number) => unknown} */ (new Function("n", `return Number(${rule});`));
  for (let n = 0; n < 1000; n++) {
    counts.plural++;
    if (ours(n) !== Number(theirs(n))) fail("plural", rule, `n=${n}: ${ours(n)} != ${theirs(n)}`);
  }
}
for (const rule of ["n !=", "(n", "n ) 1", "alert(1)", "n; 1", "", "n ? 1", "Number n"]) {
  try {
    pluralRule(rule);
    fail("plural", rule, "malformed rule accepted");
  } catch (error) {
    if (!(error instanceof SyntaxError)) fail("plural", rule, `threw ${error}`);
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ ...counts, seconds: Number(seconds.toFixed(2)), failures }));
