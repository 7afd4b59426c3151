/**
 * The inspector's state: the seed inspected, the attempt selected, what the
 * sweep visualizer shows (view, filters, hovered and selected placement), the
 * "All trajectories" stream and the seeds viewed. The inspector's components
 * read it and derive everything they show from it; only the methods below
 * change it.
 *
 * The stream of the sweep's trajectories belongs to one (seed, attempt): showing
 * another seed or attempt, or turning "All trajectories" off, cancels it in the
 * shell, and whatever it still sends is dropped.
 */
import { tick } from "svelte";
import type { Attempt } from "../bindings/Attempt";
import type { FieldRules } from "../lib/rules";
import type { Inspection } from "./api";
import type { JobSummary } from "../bindings/JobSummary";
import type { ParsedSeed } from "../bindings/ParsedSeed";
import type { PlacementTrajectory } from "../bindings/PlacementTrajectory";
import type { SweepEntry } from "../bindings/SweepEntry";
import type { SweepEvent } from "../bindings/SweepEvent";
import type { SweepResult } from "../bindings/SweepResult";
import { placementsOf } from "../lib/figures";
import { errorMessage } from "../lib/ipc";
import * as api from "./api";
import {
  allVisible,
  countResults,
  historyLabel,
  pushHistory,
  verdictWords,
  type Counts,
  type Filter,
  type HistoryItem,
  type SeedTiming,
  type StageView,
} from "./model";

/** The commands the inspector needs (the real ones in the window, fakes in tests). */
export interface InspectorApi {
  inspect(seed: number): Promise<Inspection>;
  placementTrajectory(seed: number, attempt: number, index: number): Promise<PlacementTrajectory>;
  sweepTrajectories(seed: number, attempt: number, onEvent: (e: SweepEvent) => void): Promise<JobSummary>;
  cancelJob(job: number): Promise<boolean>;
}

/** The "All trajectories" stream as the status bar shows it. */
export interface Job {
  seed: number;
  attempt: number;
  done: number;
  total: number;
  state: "running" | "finished" | "cancelled" | "failed";
  /** Why it failed. */
  error: string | null;
}

/** What the window's timing probes read (e2e suite, docs/studio.md). */
export interface Perf {
  seedChanges: SeedTiming[];
  frames: { kind: string; ms: number; trajectories: number; segments: number }[];
}

/** One run of the stream, with what cancelling it needs (not shown, so not reactive). */
interface Run {
  id: number | null;
  cancelled: boolean;
}

const EMPTY: ReadonlyMap<number, PlacementTrajectory> = new Map();

/** Runs a callback later (an animation frame, a task). */
type Schedule = (cb: () => void) => unknown;
const windowFrame: Schedule | null = typeof requestAnimationFrame === "function" ? (cb) => requestAnimationFrame(cb) : null;

/**
 * Until the next frame has been drawn (none outside a window: resolved at
 * once). An animation frame runs its callbacks first and only then computes
 * styles, lays out and paints what the DOM and the canvases now hold, so the
 * frame is drawn when a task queued from its callback runs, not in the callback.
 */
export function frameDrawn(raf: Schedule | null = windowFrame, task: Schedule = (cb) => setTimeout(cb, 0)): Promise<void> {
  if (!raf) return Promise.resolve();
  return new Promise((resolve) => raf(() => task(resolve)));
}

export class Inspector {
  /** The seed inspected, as parsed (replaced whole: a new seed shown is a new object). */
  parsed = $state.raw<ParsedSeed | null>(null);
  /** Everything the generator decided for it (a large IPC payload: replaced whole). */
  insp = $state.raw<Inspection | null>(null);
  /** Whether an inspection is on its way. */
  loading = $state(false);
  /** The attempt selected (1-based). */
  attempt = $state(1);
  /** Counts the selections made by the user (the ledger scrolls the card into view). */
  reveal = $state(0);
  view = $state<StageView>("field");
  filter = $state<Filter>(allVisible(4));
  /** The placement under the pointer, and the one clicked. */
  hovered = $state<number | null>(null);
  selected = $state<number | null>(null);
  /** The clicked placement's full trajectory, once the shell sent it. */
  selectedTraj = $state.raw<PlacementTrajectory | null>(null);
  /** Why the clicked placement's trajectory could not be had. */
  placementError = $state<string | null>(null);
  /** "All trajectories" is on. */
  allTraj = $state(false);
  /** The trajectories streamed for the selected attempt (index → trajectory; replaced whole per chunk). */
  trajs = $state.raw<ReadonlyMap<number, PlacementTrajectory>>(EMPTY);
  job = $state.raw<Job | null>(null);
  /** The seeds viewed this session, newest first. */
  history = $state.raw<HistoryItem[]>([]);
  /** The last seed change's timing (the Timing card). */
  timing = $state.raw<SeedTiming | null>(null);
  /** Every seed change and every frame drawing all trajectories (window.__studioPerf). */
  readonly perf: Perf = { seedChanges: [], frames: [] };

  /** The rules the inspection was made with (field, radii, sweep grid): what the views draw with. */
  readonly rules: FieldRules | null = $derived(this.insp?.rules ?? null);
  /** The attempt selected, or null before the first inspection. */
  readonly current: Attempt | null = $derived(this.insp?.report.attempts[this.attempt - 1] ?? null);
  /** Its sweep placements (empty when it was never swept). */
  readonly entries: readonly SweepEntry[] = $derived(this.current?.sweep?.placements ?? []);
  readonly counts: Counts = $derived(countResults(this.entries));
  /** How many placements its sweep has under the inspection's rules (null before the first inspection). */
  readonly placements: number | null = $derived(placementsOf(this.current?.sweep, this.rules));

  readonly #api: InspectorApi;
  #request = 0;
  #run: Run | null = null;
  /** `seed:attempt` of the trajectories in `trajs`. */
  #trajKey = "";
  #now: () => number;
  readonly #frame: () => Promise<void>;
  /** The inspection of a seed asked for by number, on its way while the seed is parsed (`prefetch`). */
  #ahead: { seed: number; answer: Promise<Inspection> } | null = null;

  constructor(inspectorApi: InspectorApi, now: () => number = () => performance.now(), frame: () => Promise<void> = () => frameDrawn()) {
    this.#api = inspectorApi;
    this.#now = now;
    this.#frame = frame;
  }

  /**
   * Starts inspecting seed `seed` at once, while the engine parses the text that
   * asked for it (a seed asked for by number: `]`, `[`, a history click): the
   * next `load` of that seed takes this answer instead of asking again. Only the
   * newest such request is kept; `forgetPrefetch` drops it.
   */
  prefetch(seed: number): void {
    const answer = this.#api.inspect(seed);
    // A refusal is `load`'s to report, if that seed is loaded at all.
    answer.catch(() => undefined);
    this.#ahead = { seed, answer };
  }

  /** Drops a prefetched inspection (the rules in force changed since it was asked for). */
  forgetPrefetch(): void {
    this.#ahead = null;
  }

  /**
   * Inspects `parsed` and shows it (the shipped attempt selected). An answer that
   * arrives after a newer request is dropped (false). Throws the command's error.
   * `since` is when the user asked for the seed (Enter, a key): the timing runs
   * from there to the frame that shows it.
   */
  async load(parsed: ParsedSeed, since: number = this.#now()): Promise<boolean> {
    const request = ++this.#request;
    const t0 = this.#now();
    this.loading = true;
    const ahead = this.#ahead;
    this.#ahead = null;
    let insp: Inspection;
    try {
      insp = await (ahead?.seed === parsed.seed ? ahead.answer : this.#api.inspect(parsed.seed));
    } catch (e) {
      if (request === this.#request) this.loading = false;
      throw e;
    }
    if (request !== this.#request) return false;
    const t1 = this.#now();
    const tilts = insp.rules.sweep_angles.length;
    if (this.filter.tilts.length !== tilts) this.filter.tilts = allVisible(tilts).tilts;
    this.parsed = parsed;
    this.insp = insp;
    this.loading = false;
    const shipped = insp.report.attempts[insp.report.shipped.attempt - 1];
    this.history = pushHistory(this.history, {
      seed: parsed.seed,
      label: historyLabel(parsed),
      summary: shipped ? verdictWords(insp.report, shipped).badge : "",
    });
    this.#select(insp.report.shipped.attempt);
    // The DOM and the canvases' effects are flushed by `tick()`; the frame that
    // shows them is the next animation frame, drawn once its style, layout and
    // paint are done (`frameDrawn`).
    await tick();
    const t2 = this.#now();
    await this.#frame();
    const t3 = this.#now();
    if (request !== this.#request) return true;
    const timing: SeedTiming = {
      seed: parsed.seed,
      attempts: insp.report.attempts.length,
      parseMs: Math.max(0, t0 - since),
      engineMs: insp.elapsed_ms,
      ipcMs: t1 - t0,
      renderMs: t2 - t1,
      frameMs: t3 - t2,
      totalMs: t3 - Math.min(since, t0),
    };
    this.perf.seedChanges.push(timing);
    if (this.perf.seedChanges.length > 500) this.perf.seedChanges.splice(0, 250);
    this.timing = timing;
    return true;
  }

  /** Selects attempt `index` (clamped to the attempts there are), as the user did. */
  selectAttempt(index: number): void {
    if (!this.insp) return;
    this.#select(index);
    this.reveal += 1;
  }

  nextAttempt(): void {
    this.selectAttempt(this.attempt + 1);
  }

  previousAttempt(): void {
    this.selectAttempt(this.attempt - 1);
  }

  #select(index: number): void {
    const insp = this.insp;
    if (!insp) return;
    this.attempt = Math.min(insp.report.attempts.length, Math.max(1, index));
    this.hovered = null;
    this.selected = null;
    this.selectedTraj = null;
    this.placementError = null;
    const key = `${insp.report.seed}:${this.attempt}`;
    if (key !== this.#trajKey) {
      this.cancel();
      this.trajs = EMPTY;
      this.job = null;
      this.#trajKey = key;
    }
    this.#stream();
  }

  setView(view: StageView): void {
    this.view = view;
    this.hovered = null;
  }

  toggleTilt(tilt: number): void {
    this.filter.tilts[tilt] = !this.filter.tilts[tilt];
  }

  toggleResult(result: SweepResult): void {
    this.filter.results[result] = !this.filter.results[result];
  }

  /** Turns "All trajectories" on (streaming what is missing) or off (cancelling the stream). */
  setAllTrajectories(on: boolean): void {
    this.allTraj = on;
    if (on) this.#stream();
    else this.cancel();
  }

  hover(index: number | null): void {
    if (index !== this.hovered) this.hovered = index;
  }

  /** Selects a placement (null clears) and fetches its full trajectory. */
  async selectPlacement(index: number | null): Promise<void> {
    this.selected = index;
    this.selectedTraj = null;
    this.placementError = null;
    const insp = this.insp;
    const a = this.current;
    if (index === null || !insp || !a?.sweep) return;
    const entry = a.sweep.placements[index];
    if (!entry || entry.result === "blocked") return;
    const seed = insp.report.seed;
    const attempt = a.index;
    const still = () => this.insp?.report.seed === seed && this.attempt === attempt && this.selected === index;
    try {
      const t = await this.#api.placementTrajectory(seed, attempt, index);
      if (!still()) return;
      this.selectedTraj = t;
      this.view = "field";
    } catch (e) {
      if (still()) this.placementError = errorMessage(e);
    }
  }

  /** Cancels the running stream (its partial trajectories stay). */
  cancel(): void {
    const run = this.#run;
    const job = this.job;
    if (!run || run.cancelled) return;
    run.cancelled = true;
    if (run.id !== null) void this.#api.cancelJob(run.id).catch(() => false);
    if (job && job.state === "running") this.job = { ...job, state: "cancelled" };
  }

  /** Starts streaming the selected attempt's trajectories when they are wanted and missing. */
  #stream(): void {
    const insp = this.insp;
    const a = this.current;
    if (!this.allTraj || !insp || !a?.sweep) return;
    const total = a.sweep.placements.length;
    if (this.trajs.size === total) return;
    if (this.#run && !this.#run.cancelled && this.job?.state === "running") return;
    const seed = insp.report.seed;
    const attempt = a.index;
    const run: Run = { id: null, cancelled: false };
    this.#run = run;
    this.job = { seed, attempt, done: 0, total, state: "running", error: null };
    const mine = () => this.#run === run && !run.cancelled;
    const onEvent = (e: SweepEvent) => {
      if (e.event === "started") {
        run.id = e.job;
        // Cancelled before the shell said which job it is: cancel it now.
        if (run.cancelled) void this.#api.cancelJob(e.job).catch(() => false);
        return;
      }
      if (!mine() || !this.job) return;
      if (e.event === "chunk") {
        const next = new Map(this.trajs);
        for (const t of e.trajectories) next.set(t.index, t);
        this.trajs = next;
        this.job = { ...this.job, done: e.done };
      } else if (e.event === "finished") {
        this.job = { ...this.job, done: e.done, state: "finished" };
      } else {
        this.job = { ...this.job, done: e.done, state: "cancelled" };
      }
    };
    this.#api.sweepTrajectories(seed, attempt, onEvent).catch((err: unknown) => {
      if (mine() && this.job) this.job = { ...this.job, state: "failed", error: errorMessage(err) };
    });
  }
}

/** The main window's inspector. */
export const inspector = new Inspector(api);
