// The types that the site's scripts (ginrules_site/static/) share: the messages between
// the engine's worker (ginrules-worker.mjs) and its pages (ginrules-live.mjs and the
// scripts that call it), runtime.json, what the browser keeps of the engine, and every
// call of the engine (ginrules_live.py) with its arguments and its answer. The scripts
// import them in JSDoc (/** @import { Name } from "../live/ginrules-types" */); tsc checks
// them (make lint). Not shipped: it sits outside the static folder that the site copies.
//
// The part below the marker line is written by tools/live_types.py from the TypedDicts
// of live_shapes.py, which annotate the handlers of ginrules_live.py
// (tests/site/test_live_types.py checks both against the engine's answers); the part
// above it is written by hand.

// ---- The pages and the worker --------------------------------------------------------

/** An engine call's name. */
export type CallName = keyof Calls;

/** What a call answers: its value, or the engine's refusal (ginrules_live.call). */
export type Reply<V> = Answer<V> | Refusal;

/** runtime.json, written by tools/pyodide_runtime.py beside the runtime's folders. */
export interface Manifest {
  /** The runtime's content-hashed folder ("<digest>/"): Pyodide's files. */
  runtime: string;
  /** The engine's folder: its wheel and the call module. */
  engine: string;
  /** The standard library's zip, in the runtime's folder. */
  stdlib: string;
  wheel: { file_name: string; sha256: string };
  module: { file_name: string; sha256: string };
  /** Names Pyodide's build, the runtime's folder, the wheel and the call module. */
  snapshot_key: string;
  /** The snapshot published with the site, made at build time, if any. */
  snapshot?: string;
  /** Each file's size in bytes, by its path under _pyodide/. */
  files: Record<string, number>;
  /** The bytes of `files` added up. */
  total: number;
  /** What a host that compresses sends of them. */
  download: number;
  /** Pyodide's lock file, inlined. */
  lock: object;
  pyodide: string;
  python: string;
  magic: string;
  build_id: string;
}

/** A step of the engine's start and its time, in ms since the epoch. */
export type Stage = [name: string, at: number];

/** A stage of the start as a page tells it. */
export type StageName = "download" | "start" | "engine" | "done";

/** How the engine started: a page of the site had it running, or from a snapshot. */
export type StartPath = "running" | "snapshot" | "published" | "fresh";

/** A file of the engine: its path in site-packages and its bytes (the call module: its text). */
export type EngineFile = [path: string, data: Uint8Array | string];

/** Pyodide's memory without its pages of zeros (ginrules-snapshot.mjs, pack). */
export interface PackedMemory {
  size: number;
  /** [first page, number of pages] of each stretch of pages kept, end to end. */
  runs: Uint32Array;
  data: Uint8Array;
}

/** The snapshot kept in IndexedDB, or published with the site. */
export interface SnapshotRecord extends PackedMemory {
  key: string;
  files: EngineFile[];
}

/** A snapshot to restore: the memory and the engine's files. */
export interface StoredSnapshot {
  bytes: Uint8Array;
  files: EngineFile[];
  /** kept as it was published (a copy of a file that the offline worker may store too) */
  published?: boolean;
}

/** The published snapshot, with its record to keep as it is. */
export interface PublishedSnapshot extends StoredSnapshot {
  record: SnapshotRecord;
}

/** A runtime file kept decoded in Cache Storage. */
export interface KeptFile {
  bytes: ArrayBuffer;
  type: string | null;
}

/** The parts of the start that a page hands over, by name (what the browser keeps, the
 * worker reads itself). */
export interface Parts {
  wasm: WebAssembly.Module;
}

/** The state of a shared worker's engine. */
export type EngineState = "idle" | "loading" | "ready";

// A page to the worker.

/** A page joins a shared worker: it answers with its engine's state. */
export interface HelloMessage {
  type: "hello";
}

/** The reader showed intent: read what the browser keeps (nothing is fetched) while
 * runtime.json arrives, unless the engine is loading or running already. */
export interface PrepareMessage {
  type: "prepare";
  /** The runtime named in the page (its meta tag), fetched from now on by this worker:
   * its snapshot key, and the absolute addresses of the WebAssembly module (when the page
   * does not compile it) and of the published snapshot (on a first visit); checked
   * against runtime.json's key once the load comes. */
  early?: EarlyFiles;
}

/** Runtime files fetched from the reader's intent, before runtime.json has arrived. */
export interface EarlyFiles {
  key: string;
  wasm: string | null;
  snapshot: string | null;
  /** Count the module's bytes as they arrive (a first visit). */
  counted: boolean;
}

/** Start the engine (`base`: the site's _pyodide/ folder). */
export interface LoadMessage {
  type: "load";
  base: string;
  manifest: Manifest;
  /** Count the module's bytes as they arrive. */
  counted: boolean;
  /** The page compiles Pyodide's module. */
  compiled: boolean;
  /** The browser is thought to keep a snapshot. */
  kept: boolean;
}

/** A page gave up waiting (shared worker). */
export interface CloseMessage {
  type: "close";
}

/** The page is going (shared worker). */
export interface ByeMessage {
  type: "bye";
}

/** A part of the start done by the page, for the build of `key` (null: not done). */
export type PartMessage = {
  [N in keyof Parts]: { type: "part"; name: N; value: Parts[N] | null; key: string | null };
}[keyof Parts];

/** An engine call. */
export type CallMessage = {
  [N in CallName]: { type: "call"; id: number; name: N; args: Calls[N]["args"] };
}[CallName];

export type ToWorker = HelloMessage | PrepareMessage | LoadMessage | CloseMessage | ByeMessage | PartMessage | CallMessage;

// The worker to its pages.

export interface HelloAnswer {
  type: "hello";
  state: EngineState;
  /** The snapshot key of the engine that runs or loads. */
  key: string | null;
}

export interface ProgressMessage {
  type: "progress";
  loaded: number;
  total: number;
  stage: StageName;
}

export interface ReadyMessage {
  type: "ready";
  seconds: number;
  version: string;
  start: Exclude<StartPath, "running">;
  key: string | null;
  stages: Stage[];
}

/** A snapshot was saved, once idle. */
export interface SnapshotMessage {
  type: "snapshot";
  saved: boolean;
  stages: Stage[];
}

/** The standard library was kept, once idle. */
export interface KeptMessage {
  type: "kept";
  stages: Stage[];
}

export interface FailedMessage {
  type: "failed";
  message: string;
  /** The runtime file that failed, when one did. */
  file?: string;
  status?: number;
}

/** A call's answer, to the page that asked (`ms`: the engine's time). */
export type ResultMessage<V = unknown> = { type: "result"; id: number; ms?: number } & Reply<V>;

export type FromWorker =
  | HelloAnswer
  | ProgressMessage
  | ReadyMessage
  | SnapshotMessage
  | KeptMessage
  | FailedMessage
  | ResultMessage;

/** The call module in the worker, as Pyodide hands it over (ginrules_live.py). */
export interface LiveModule {
  VERSION: string;
  call(name: string, argsJson: string): string;
  warm_calls(): string;
  restored(): void;
}

/**
 * The members of Pyodide's API that the worker uses (Pyodide 314.0; its own pyodide.d.ts
 * needs Node's types). Python objects come back as proxies: `any` here.
 */
export interface Pyodide {
  runPython(code: string): any;
  pyimport(name: string): any;
  FS: {
    mkdirTree(path: string): void;
    writeFile(path: string, data: Uint8Array | string, options?: { canOwn?: boolean }): void;
    analyzePath(path: string): { exists: boolean };
  };
  /** The whole memory, for a snapshot (undocumented: ginrules-snapshot.mjs). */
  makeMemorySnapshot(): Uint8Array;
}

/** loadPyodide's options that the worker gives. */
export interface PyodideOptions {
  indexURL: string;
  stdLibURL: string;
  lockFileContents: string;
  packageBaseUrl: string;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  /** Called once the file system is set up, before Python starts or is restored. */
  fsInit?: () => Promise<void>;
  /** Start so that a snapshot can be made (undocumented). */
  _makeSnapshot?: boolean;
  /** Restore this snapshot (undocumented). */
  _loadSnapshot?: Uint8Array;
}

/** pyodide.mjs, as the worker imports it from the runtime. */
export interface PyodideModule {
  loadPyodide(options: PyodideOptions): Promise<Pyodide>;
}

// ---- What the browsers have beyond TypeScript's lib ------------------------------------

declare global {
  /** The Network Information API's one member read here. */
  interface NetworkInformation {
    readonly saveData?: boolean;
  }
  interface Navigator {
    readonly connection?: NetworkInformation;
  }
  interface WorkerNavigator {
    readonly connection?: NetworkInformation;
  }
  interface Window {
    /** The pages' widgets, exercises and play table, for the tests. */
    ginrulesWidgets?: object[];
    ginrulesExercises?: object;
    ginrulesPlay?: object;
  }
  interface WorkerOptions {
    /** A shared worker that outlives its last page (Chromium 148 and later). */
    extendedLifetime?: boolean;
  }
  // Test hooks (tests/browser/), set before the page's scripts run.
  /** The shared worker's name: another name, another engine. */
  var GINRULES_ENGINE_NAME: string | undefined;
  /** false: a dedicated worker. */
  var GINRULES_SHARED_ENGINE: boolean | undefined;
  var GINRULES_LOAD_TIMEOUT_MS: number | undefined;
  var GINRULES_PLAY_PACE_MS: number | undefined;
  var GINRULES_OFFLINE_DELAY_MS: number | undefined;
  var GINRULES_PLAY_MOVE_MS: number | undefined;
}

// ---- Written by tools/live_types.py from the TypedDicts of live_shapes.py: do not edit below. ----

/** Each call of ginrules_live.py by name: its arguments and its answer. */
export interface Calls {
  version: { args: NoArgs; value: Version };
  new_seed: { args: NoArgs; value: NewSeed };
  parse: { args: ParseArgs; value: Parsed };
  melds: { args: MeldsArgs; value: HandReport };
  showdown: { args: ShowdownArgs; value: Showdown };
  stock: { args: StockArgs; value: DealLog };
  scoresheet: { args: ScoreSheetArgs; value: ScoreSheet };
  exercise_new: { args: ExerciseArgs; value: Exercise };
  exercise_check: { args: CheckArgs; value: Verdict };
  play_new: { args: NewTableArgs; value: NewTable };
  play_act: { args: ActArgs; value: TableReply };
  play_computer: { args: TableArgs; value: ComputerReply };
  play_take_back: { args: TableArgs; value: TableReply };
  play_next: { args: TableArgs; value: TableReply };
  play_tutor: { args: TableArgs; value: Tutor };
  play_hints: { args: HintsArgs; value: Hints };
  play_review: { args: ReviewArgs; value: Review };
  play_moves: { args: TableArgs; value: TableMoves };
  play_whatif: { args: TableArgs; value: NewTable };
}

export type Meld = {
  kind: "set" | "run";
  cards: string[];
};

/** Melds, the unmatched cards and their value (`Arrangement.to_dict`). */
export type Arrangement = {
  melds: Meld[];
  unmatched: string[];
  deadwood: number;
};

/** The engine's verdict on going out (`GoingOut.to_dict`). */
export type GoingOut = {
  allowed: boolean;
  kind: "knock" | "gin" | "big_gin" | null;
  deadwood: number;
  melded: number;
  limit: number | null;
  reason: string | null;
  message: string;
  arrangement: Arrangement | null;
};

/**
 * `melds`: a hand's melds, deadwood, best discards (11 cards) and going out (10
 * or 11 cards), as `ginrules.coach.reports.hand_report`.
 */
export type HandReport = {
  cards: string[];
  variant: string;
  upcard?: string;
  discards?: string[];
  arrangement: Arrangement;
  values: Record<string, number>;
  going_out?: GoingOut;
};

export type Layoff = {
  card: string;
  meld_index: number;
};

export type ScoreTerm = {
  code: string;
  value: number;
};

/**
 * What the upcard does: its knock limit (where the rules let it set one) and the
 * score's multiplier.
 */
export type UpcardEffect = {
  code: string;
  knock_limit: number | null;
  multiplier: number;
};

/**
 * `showdown`: a showdown step by step (`ShowdownResult.to_dict`, with
 * `upcard` when one was given).
 */
export type Showdown = {
  outcome: "knock" | "undercut" | "gin" | "big_gin";
  winner: "knocker" | "defender";
  points: number;
  knocker_deadwood: number;
  defender_deadwood: number;
  defender_deadwood_before_layoffs: number;
  spread: Arrangement;
  defender_melds: Meld[];
  layoffs_allowed: boolean;
  layoffs: Layoff[];
  defender_unmatched: string[];
  terms: ScoreTerm[];
  multiplier: number;
  spreads_considered: number;
  upcard?: UpcardEffect;
};

/**
 * One entry of a deal's log: a move (`player`, `type`, `card`; `melds` of a
 * chosen spread) or an event (`event`: `dead` and `reshuffle` with the
 * `stock`, `reshuffle` with the new `top`, `showdown` with its `outcome`
 * and `winner`).
 */
export type LogEntry = {
  player?: number;
  type?: "pass" | "draw_stock" | "draw_discard" | "discard" | "knock" | "gin" | "big_gin";
  card?: string;
  melds?: string[][];
  event?: "dead" | "reshuffle" | "showdown";
  stock?: number;
  top?: string;
  outcome?: string;
  winner?: number;
};

export type DealResult = {
  outcome: "knock" | "undercut" | "gin" | "big_gin" | "dead";
  winner: number | null;
  points: number;
  going_out: number | null;
  turns: number;
  reshuffles: number;
  showdown: Showdown | null;
};

/** `stock`: a seeded deal played to its end (`deal_log_report`). */
export type DealLog = {
  seed: number;
  dealer: number;
  dealt: string[][];
  upcard: string;
  log: LogEntry[];
  stock_after: number[];
  result: DealResult;
  show_upcard: boolean;
};

/**
 * A row of a score sheet (`ScoreLine.to_dict`): `detail` by its `kind` (a
 * Hollywood win's `entered` row: `games` and `standing`, a list of
 * :class:`GameStandingData`; its `totals` null while the match runs).
 */
export type SheetRow = {
  kind: string;
  player: number | null;
  points: number;
  game: number;
  deal: number;
  totals: [number, number] | null;
  detail: Record<string, any>;
};

/** A game (or manche) as it stands (`GameStanding.to_dict`). */
export type GameStandingData = {
  number: number;
  totals: [number, number];
  target: number | null;
  closed: boolean;
  winner: number | null;
  entered: [boolean, boolean];
};

export type GameColumn = {
  game: number;
  totals: [number, number];
  closed: boolean;
  winner: number | null;
};

export type MancheColumn = {
  manche: number;
  totals: [number, number];
  closed: boolean;
  winner: number | null;
};

/**
 * `scoresheet`: a score sheet (`fill_sheet`); `games` under Hollywood scoring,
 * `manches` in a manche or a partie; `totals` null while a Hollywood match runs;
 * `standing` every game or manche as it stands.
 */
export type ScoreSheet = {
  scheme: "one_deal" | "game" | "hollywood" | "manche" | "partie";
  variant: string;
  dealer_rule: "loser" | "winner" | "alternate";
  rows: SheetRow[];
  totals: [number, number] | null;
  over: boolean;
  winner: number | null;
  standing: GameStandingData[];
  games?: GameColumn[];
  manches?: MancheColumn[];
  entries: string[];
  widget_scheme: string;
};

/**
 * A step of a worked solution, or a question: a code and its arguments (the page
 * words it).
 */
export type Step = {
  code: string;
  args: Record<string, any>;
};

export type Choice = {
  value: string;
  code: string;
  args: Record<string, any>;
};

export type ExerciseMove = {
  player: "A" | "B";
  code: "draw_stock" | "draw_discard" | "discard";
  card: string | null;
};

export type ExerciseDeal = {
  player: "A" | "B" | null;
  points: number;
  outcome: string;
};

/**
 * `exercise_new`: an exercise (`Exercise.to_dict`), with its kind's own keys:
 * `knocker`, `defender` and `spread` (showdown), `stock_left` and `moves`
 * (stock_end), `scheme`, `target` and `deals` (sheet; `game`, the game asked
 * about, in a Hollywood match under way).
 */
export type Exercise = {
  variant: string;
  kind: string;
  level: number;
  seed: number;
  cards: string[];
  upcard: string | null;
  question: Step;
  choices: Choice[] | null;
  answer_form: string;
  difficulty: number;
  knocker?: string[];
  defender?: string[];
  spread?: string[][];
  stock_left?: number;
  moves?: ExerciseMove[];
  scheme?: string;
  target?: number | null;
  deals?: ExerciseDeal[];
  game?: number;
};

/** `exercise_check`: the verdict on an answer (`Verdict.to_dict`). */
export type Verdict = {
  right: boolean;
  accepted: Record<string, any>[];
  steps: Step[];
  rule: string;
};

/** A move as the play page writes it (`action_dict`). */
export type Move = {
  action: "pass" | "take" | "stock" | "discard" | "knock" | "gin" | "big_gin";
  card?: string;
};

/** The reader's move; going out, `melds` may give the spread chosen. */
export type ChosenMove = {
  action: "pass" | "take" | "stock" | "discard" | "knock" | "gin" | "big_gin";
  card?: string;
  melds?: string[][];
};

/** A move of `Table.moves`: the reader's moves, and `next` for the next deal. */
export type LoggedMove = {
  action: "pass" | "take" | "stock" | "discard" | "knock" | "gin" | "big_gin" | "next";
  card?: string;
  melds?: string[][];
};

export type SpreadOption = {
  melds: Meld[];
  unmatched: string[];
  deadwood: number;
  fits: string[];
  known: string[];
};

/**
 * A way of going out that `legal` lists, with the reader's spreads (the suggestion
 * first).
 */
export type SpreadChoice = {
  action: "knock" | "gin" | "big_gin";
  card?: string;
  options: SpreadOption[];
};

/**
 * The reader's hand as the table shows it: melds, the deadwood cards and their
 * points, the best discard of eleven cards.
 */
export type HandArrangement = {
  melds: Meld[];
  deadwood: string[];
  points: number;
  discard: string | null;
};

/** A move made at the table (`card`: null for the computer's draw from the stock). */
export type MoveRecord = {
  who: "you" | "computer";
  action: "pass" | "take" | "stock" | "discard" | "knock" | "gin" | "big_gin";
  card: string | null;
};

export type Hands = {
  you: string[];
  computer: string[];
};

/** A finished deal at the table: `outcome` in the rules' words, `kind` the engine's. */
export type PlayResult = {
  dead: boolean;
  winner: "you" | "computer" | null;
  outcome: string;
  kind: "knock" | "undercut" | "gin" | "big_gin" | "dead";
  points: number;
  knocker: "you" | "computer" | null;
  showdown: Showdown | null;
  hands: Hands;
  knocker_deadwood: number | null;
};

/** The match: over, its winner, its totals (null while a Hollywood match runs). */
export type GameState = {
  over: boolean;
  winner: "you" | "computer" | null;
  totals: number[] | null;
};

/**
 * What a link to the deal carries (`scores`: the totals before the deal;
 * `sheet`: the earlier deals' results, `ginrules.coach.table.sheet_link`, or null when the
 * table does not hold them all).
 */
export type Share = {
  variant: string;
  scheme: string;
  level: string;
  seed: number;
  deal: number;
  dealer: "you" | "computer";
  scores: number[];
  sheet: string | null;
};

/**
 * What the reader's seat sees of a deal (`view_fields`), in the table's state and
 * in a review (with its `phase`).
 */
export type ViewFields = {
  hand: string[];
  hand_by_rank: string[];
  arrangement: HandArrangement;
  drawn: string | null;
  taken: string | null;
  upcard: string;
  knock_limit: number | null;
  gin_only: boolean;
  min_melded: number;
  multiplier: number;
  stock: number;
  stock_drawable: number;
  discard_top: string | null;
  discard_size: number;
  opponent_cards: number;
  reshuffles: number;
  legal: Move[];
  spreads: SpreadChoice[];
};

/** The table as the reader may see it (`Table.state`: `view_fields` and the game). */
export type TableState = ViewFields & {
  phase: "offer" | "draw" | "discard" | "over" | "game_over";
  variant: string;
  scheme: string;
  level: string;
  seed: number;
  deal: number;
  first_deal: number;
  whatif: boolean;
  dealer: "you" | "computer";
  turn: "you" | "computer" | null;
  last: MoveRecord[];
  can_take_back: boolean;
  result: PlayResult | null;
  sheet: ScoreSheet;
  game: GameState;
  share: Share;
};

/** `play_new` and `play_whatif`: the new table's id and its state. */
export type NewTable = {
  table: number;
  state: TableState;
};

export type TableReply = {
  state: TableState;
};

export type ComputerReply = {
  state: TableState;
  move: MoveRecord;
};

export type DiscardOption = {
  card: string;
  deadwood: number;
};

/**
 * Whether the reader may go out, and why not (`why_not`: a reason code, with
 * `params`).
 */
export type TutorGoingOut = {
  knock: boolean;
  gin: boolean;
  big_gin: boolean;
  knock_deadwood: number | null;
  limit: number | null;
  gin_only: boolean;
  min_melded: number;
  params: Record<string, any>;
  deadwood: number;
  why_not: string | null;
};

export type Out = {
  card: string;
  kind: "set" | "run";
  kinds: ("set" | "run")[];
  unseen: boolean;
};

/** The expert's move and its reason (a code, with `params`). */
export type Advice = {
  action: "pass" | "take" | "stock" | "discard" | "knock" | "gin" | "big_gin";
  card?: string;
  reason: string;
  params: Record<string, any>;
};

/** `play_tutor`: the tutor's answer for the reader's position. */
export type Tutor = {
  phase: "offer" | "draw" | "discard" | "over";
  to_play: boolean;
  discards: DiscardOption[];
  going_out: TutorGoingOut;
  outs: Out[];
  outs_unseen: number;
  expert: Advice | null;
};

/** A move with its chance of winning and its points, each with a 95 % interval. */
export type HintRow = {
  action: "pass" | "take" | "stock" | "discard" | "knock" | "gin" | "big_gin";
  card?: string;
  win: number;
  win_low: number;
  win_high: number;
  points: number;
  points_low: number;
  points_high: number;
  gap: number;
  gap_margin: number;
  best: boolean;
  tie: boolean;
  ahead: boolean;
  expert: boolean;
  reason: string;
  params: Record<string, any>;
};

/**
 * `play_hints`: the reader's moves, the expert's choice first, then by the chance
 * of winning.
 */
export type Hints = {
  to_play: boolean;
  worlds: number;
  target: number | null;
  scores: number[];
  game: number | null;
  rows: HintRow[];
  seed: number;
};

/**
 * `play_review`: what the reader saw at a turn of a finished deal, the move made
 * and the tutor's answer.
 */
export type Review = ViewFields & {
  deal: number;
  turns: number;
  turn: number;
  phase: "offer" | "draw" | "discard" | "over";
  move: Move;
  tutor: Tutor;
};

export type TableArguments = {
  rules: string;
  scheme: string;
  level: string;
  seed: number;
  deal: number;
  dealer: "you" | "computer";
  whatif: boolean;
  scores: number[] | null;
  sheet: string | null;
};

/** `play_moves`: the table's arguments and the reader's moves, which rebuild it. */
export type TableMoves = {
  arguments: TableArguments;
  moves: LoggedMove[];
};

export type Version = {
  version: string;
};

export type NewSeed = {
  seed: number;
};

export type Parsed = {
  cards: string[];
};

export type NoArgs = {};

export type ParseArgs = {
  cards: string;
  sizes?: number[];
  notation?: string;
};

export type MeldsArgs = {
  cards: string;
  upcard?: string;
  variant?: string;
  notation?: string;
};

export type ShowdownArgs = {
  knocker: string;
  defender: string;
  upcard?: string;
  variant?: string;
  notation?: string;
};

export type StockArgs = {
  seed: string | number;
  players?: "good" | "random";
  variant?: string;
};

/** One more deal: its winner (`A` or `B`), points and outcome, as the reader typed them. */
export type SheetEntry = {
  winner: string;
  points?: string;
  outcome?: string;
};

export type ScoreSheetArgs = {
  deals?: string;
  scheme?: string;
  add?: SheetEntry | null;
  variant?: string;
};

export type ExerciseArgs = {
  kind: string;
  level?: number | string;
  seed?: number | string | null;
  variant?: string;
};

export type CheckArgs = {
  kind: string;
  level?: number | string;
  seed: number | string;
  answer: Record<string, any>;
  variant?: string;
};

export type NewTableArgs = {
  variant?: string;
  scheme?: string;
  level?: string;
  seed?: number | string | null;
  deal?: number | string | null;
  dealer?: "you" | "computer" | null;
  moves?: LoggedMove[];
  scores?: number[] | null;
  sheet?: string | null;
  whatif?: boolean;
};

export type TableArgs = {
  table: number;
};

export type ActArgs = {
  table: number;
  action: ChosenMove;
};

export type HintsArgs = {
  table: number;
  seed?: number | string | null;
};

export type ReviewArgs = {
  table: number;
  deal: number | string;
  turn: number | string;
};

export type Answer<Value> = {
  ok: true;
  value: Value;
};

/**
 * A refusal (`GinRulesError.to_dict`): a stable `code`, the English `message`
 * and the error's own parameters beside them (`OPEN_SHAPES`), which a page needs to
 * say it in the reader's language. A bug is the code `internal`.
 */
export type EngineError = {
  code: string;
  message: string;
  [key: string]: any;
};

export type Refusal = {
  ok: false;
  error: EngineError;
};
