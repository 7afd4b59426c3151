/**
 * A search from the Seeds view: the criteria (the filter box's text, read by
 * the engine behind `start_search`), a range up to the whole space, the job
 * running, its progress line (done / total · matches · rate · time left), and
 * the search it ran (its id, to show only its matches, and its totals once the
 * whole range is done). One long job at a time (the shell refuses a second).
 * A search stopped and started again with the same criteria and range
 * continues from where it stopped (the catalog keeps it).
 */
import type { SearchEvent } from "../../bindings/SearchEvent";
import type { SearchInfo } from "../../bindings/SearchInfo";
import type { SearchOutcome } from "../../bindings/SearchOutcome";
import { errorMessage } from "../../lib/ipc";
import * as api from "../api";
import { criteriaProblem, parseRange, searchWords, SEED_COUNT, type CriteriaProblem } from "../model";

export interface SearchApi {
  startSearch(criteria: string, from: number, to: number, onEvent: (e: SearchEvent) => void): Promise<SearchOutcome>;
  cancelJob(job: number): Promise<boolean>;
}

/** How the last search ended ("running" while one runs). */
export type SearchEnd = "running" | "done" | "cancelled" | "failed";

export class SearchRunner {
  fromText = $state("0");
  toText = $state("100000");
  running = $state(false);
  /** Seeds searched of the range, and the range's size (for the progress bar). */
  done = $state(0);
  total = $state(0);
  matches = $state(0);
  /** The progress line, or why the search could not start. */
  status = $state("");
  bad = $state(false);
  end = $state<SearchEnd | null>(null);
  /** The search last run (as the catalog keeps it): its id and, once done, the whole range's totals. */
  search = $state.raw<SearchInfo | null>(null);

  readonly #api: SearchApi;
  readonly #now: () => number;
  readonly #followMs: number;
  #job: number | null = null;
  #progressSeen = false;

  constructor(commands: SearchApi, now: () => number = () => performance.now(), followMs = 1500) {
    this.#api = commands;
    this.#now = now;
    this.#followMs = followMs;
  }

  /** The whole seed space, 0..4294967296. */
  wholeSpace(): void {
    this.fromText = "0";
    this.toText = String(SEED_COUNT);
  }

  /**
   * Searches the typed range for `criteria`. Refused criteria come back as a
   * problem (message and place) for the filter box, and nothing runs.
   * `onStored` follows the matches stored (at most every `followMs`, and once at the end);
   * `onStarted` is told the search as soon as the catalog registered it.
   */
  async start(criteria: string, onStored: () => Promise<unknown> | void, onStarted: (s: SearchInfo) => void = () => {}): Promise<CriteriaProblem | null> {
    if (this.running) return null;
    const r = parseRange(this.fromText, this.toText);
    if (!r) {
      this.status = "The range needs two seeds FROM < TO (TO excluded, at most 4294967296).";
      this.bad = true;
      return null;
    }
    this.running = true;
    this.bad = false;
    this.end = "running";
    this.done = 0;
    this.matches = 0;
    this.total = r.to - r.from;
    this.status = `starting ${r.from}..${r.to}…`;
    this.#progressSeen = false;
    let followed = this.#now();
    let end: SearchEnd = "failed";
    let problem: CriteriaProblem | null = null;
    try {
      const out = await this.#api.startSearch(criteria, r.from, r.to, (e) => {
        this.#event(e);
        if (e.event === "started") onStarted(e.search);
        if (e.event === "progress" && this.#now() - followed >= this.#followMs) {
          followed = this.#now();
          void onStored();
        }
      });
      end = out.end;
      this.search = out.search;
    } catch (e) {
      problem = criteriaProblem(criteria, e);
      this.status = problem ? `The criteria are refused: ${problem.message}` : errorMessage(e);
      this.bad = true;
    }
    this.#job = null;
    try {
      await onStored();
    } finally {
      this.running = false;
      this.end = end;
    }
    return problem;
  }

  /** Stops the running search after its current batch (everything found so far is kept). */
  async cancel(): Promise<void> {
    if (this.#job !== null) await this.#api.cancelJob(this.#job);
  }

  #event(e: SearchEvent): void {
    // Channel messages may overtake each other: never step back from a later progress line.
    if (e.event === "started") {
      this.#job = e.job;
      this.search = e.search;
      if (this.#progressSeen) return;
      this.done = e.search.next - e.search.from;
      this.total = e.search.to - e.search.from;
      this.matches = e.search.matches;
    } else if (e.event === "progress") {
      this.#progressSeen = true;
      this.done = e.done;
      this.total = e.total;
      this.matches = e.matches;
    } else {
      this.search = e.search;
      this.done = e.search.next - e.search.from;
      this.total = e.search.to - e.search.from;
      this.matches = e.search.matches;
    }
    this.status = searchWords(e);
  }
}

/** The main window's search. */
export const search = new SearchRunner(api);
