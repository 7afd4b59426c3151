/**
 * One long job of the Seeds view as the window runs it — a scan or a search:
 * the range typed, whether it runs, its progress (done of total) and progress
 * line, how it ended, why it could not start or why it failed, and Cancel. A
 * stopped job started again over the same range resumes (the catalog keeps
 * where it stopped). One job at a time (the shell refuses a second).
 *
 * `ScanRunner` (scan.svelte.ts) and `SearchRunner` (search.svelte.ts) are this
 * runner with what their kind starts, what its events show and what it keeps
 * of the outcome; `JobBar.svelte` is the bar of both.
 */
import type { ScanEnd } from "../../bindings/ScanEnd";
import { errorMessage } from "../../lib/ipc";
import { parseRange, SEED_COUNT } from "../model";

/** How the last job ended ("running" while one runs). */
export type JobEnd = "running" | ScanEnd | "failed";

/** What every event of a job has. */
export interface JobEvent {
  event: "started" | "progress" | "finished" | "cancelled";
  job: number;
}

/** What the status line says of a range that is not one. */
export const BAD_RANGE = "The range needs two seeds FROM < TO (TO excluded, at most 4294967296).";

/** How a kind of job is run: the job started over `from..to` and what it tells on the way. */
export interface JobRun<E extends JobEvent, O extends { end: ScanEnd }> {
  from: number;
  to: number;
  /** Starts the job; every event it streams goes to `onEvent`. */
  begin(onEvent: (e: E) => void): Promise<O>;
  /** Follows what the job stored (at most every `followMs` while it runs, and once at the end). */
  onStored: () => Promise<unknown> | void;
  /** Told every event once the runner showed it. */
  onEvent?: (e: E) => void;
  /** Told the outcome of a job that ended (done or cancelled), before it shows as ended. */
  onOutcome?: (o: O) => void;
  /** The words of a failure on the status line (the error's message unless given). */
  failure?: (error: unknown) => string;
}

/** What a job's bar shows and acts on (every runner is one). */
export interface JobState {
  fromText: string;
  toText: string;
  readonly running: boolean;
  readonly done: number;
  readonly total: number;
  readonly status: string;
  readonly bad: boolean;
  cancel(): Promise<void>;
}

export abstract class JobRunner<E extends JobEvent, O extends { end: ScanEnd }> implements JobState {
  fromText = $state("0");
  toText: string = $state("");
  /** Whether a job runs. */
  running = $state(false);
  /** What the job did of its range, and the range's size (for the progress bar). */
  done = $state(0);
  total = $state(0);
  /** The progress line, or why the job could not start or failed. */
  status = $state("");
  bad = $state(false);
  end = $state<JobEnd | null>(null);

  readonly #cancelJob: (job: number) => Promise<boolean>;
  readonly #now: () => number;
  readonly #followMs: number;
  #job: number | null = null;
  #progressSeen = false;

  constructor(cancelJob: (job: number) => Promise<boolean>, toText: string, now: () => number, followMs: number) {
    this.#cancelJob = cancelJob;
    this.toText = toText;
    this.#now = now;
    this.#followMs = followMs;
  }

  /** The whole seed space, 0..4294967296, in the boxes. */
  wholeSpace(): void {
    this.fromText = "0";
    this.toText = String(SEED_COUNT);
  }

  /** The range typed, or null with the status saying why (nothing runs). */
  protected typedRange(): { from: number; to: number } | null {
    const r = parseRange(this.fromText, this.toText);
    if (!r) {
      this.status = BAD_RANGE;
      this.bad = true;
    }
    return r;
  }

  /** Stops the running job after its current chunk or batch (everything stored is kept). */
  async cancel(): Promise<void> {
    if (this.#job !== null) await this.#cancelJob(this.#job);
  }

  /** Shows an event: the progress, the progress line and whatever else the kind shows. */
  protected abstract show(e: E): void;

  /** Takes what an event tells besides what is shown (ids, the rate), also from a late event. */
  protected take(_e: E): void {}

  /** What the runner forgets as the job shows as ended. */
  protected forget(): void {}

  /**
   * Runs a job (nothing when one runs). The job shows as ended once the last
   * `onStored` settled, so what the view follows then holds everything the job
   * stored. Returns the error when it failed, null otherwise.
   */
  protected async run(job: JobRun<E, O>): Promise<{ error: unknown } | null> {
    if (this.running) return null;
    this.running = true;
    this.bad = false;
    this.end = "running";
    this.done = 0;
    this.total = job.to - job.from;
    this.status = `starting ${job.from}..${job.to}…`;
    this.#progressSeen = false;
    let followed = this.#now();
    let end: JobEnd = "failed";
    let failed: { error: unknown } | null = null;
    try {
      const out = await job.begin((e) => {
        this.#event(e);
        job.onEvent?.(e);
        if (e.event === "progress" && this.#now() - followed >= this.#followMs) {
          followed = this.#now();
          void job.onStored();
        }
      });
      end = out.end;
      job.onOutcome?.(out);
    } catch (error) {
      failed = { error };
      this.status = job.failure ? job.failure(error) : errorMessage(error);
      this.bad = true;
    }
    this.#job = null;
    try {
      await job.onStored();
    } finally {
      this.running = false;
      this.forget();
      this.end = end;
    }
    return failed;
  }

  #event(e: E): void {
    if (e.event === "started") this.#job = e.job;
    this.take(e);
    // Channel messages may overtake each other: never step back from a later progress line.
    if (e.event === "started" && this.#progressSeen) return;
    if (e.event === "progress") this.#progressSeen = true;
    this.show(e);
  }
}
