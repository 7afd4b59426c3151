/**
 * A search from the Seeds view: the criteria (the filter box's text, read by
 * the engine behind `start_search`), a range up to the whole space, the job
 * running, its progress line (done / total · matches · rate · time left), and
 * the search it ran (its id, to show only its matches, and once the whole
 * range is done its decided counts or its totals) — the shared job runner
 * (job.svelte.ts) with what a search adds. A search is fast (each seed decided
 * with the least work; the seeds decided at each stage) unless `wholeRange`
 * asks for the whole range's totals (every seed's row: as slow as a scan); the
 * same matches either way. A search stopped and started again with the same
 * criteria, range and kind continues from where it stopped (the catalog keeps it).
 */
import type { SearchEvent } from "../../bindings/SearchEvent";
import type { SearchInfo } from "../../bindings/SearchInfo";
import type { SearchOutcome } from "../../bindings/SearchOutcome";
import type { SummaryKind } from "../../bindings/SummaryKind";
import { errorMessage } from "../../lib/ipc";
import * as api from "../api";
import { criteriaProblem, searchWords, type CriteriaProblem } from "../model";
import { JobRunner } from "./job.svelte";

export interface SearchApi {
  startSearch(criteria: string, summary: SummaryKind | null, from: number, to: number, onEvent: (e: SearchEvent) => void): Promise<SearchOutcome>;
  cancelJob(job: number): Promise<boolean>;
}

export class SearchRunner extends JobRunner<SearchEvent, SearchOutcome> {
  matches = $state(0);
  /** The search last run (as the catalog keeps it): its id and, once done, its decided counts or the whole range's totals. */
  search = $state.raw<SearchInfo | null>(null);
  /** The search bar's "Whole-range totals" box: a full search (every seed's row) instead of a fast one. */
  wholeRange = $state(false);

  /** What the next search adds up: `full` with the box ticked, else `fast`. */
  get summary(): SummaryKind {
    return this.wholeRange ? "full" : "fast";
  }

  readonly #api: SearchApi;

  constructor(commands: SearchApi, now: () => number = () => performance.now(), followMs = 1500) {
    super((job) => commands.cancelJob(job), "100000", now, followMs);
    this.#api = commands;
  }

  /**
   * Searches the typed range for `criteria`. Refused criteria come back as a
   * problem (message and place) for the filter box, and nothing runs.
   * `onStored` follows the matches stored (at most every `followMs`, and once at the end);
   * `onStarted` is told the search as soon as the catalog registered it.
   */
  async start(criteria: string, onStored: () => Promise<unknown> | void, onStarted: (s: SearchInfo) => void = () => {}): Promise<CriteriaProblem | null> {
    if (this.running) return null;
    const r = this.typedRange();
    if (!r) return null;
    this.matches = 0;
    let problem: CriteriaProblem | null = null;
    const summary = this.summary;
    await this.run({
      ...r,
      begin: (onEvent) => this.#api.startSearch(criteria, summary, r.from, r.to, onEvent),
      onStored,
      onEvent: (e) => {
        if (e.event === "started") onStarted(e.search);
      },
      onOutcome: (out) => (this.search = out.search),
      failure: (e) => {
        problem = criteriaProblem(criteria, e);
        return problem ? `The criteria are refused: ${problem.message}` : errorMessage(e);
      },
    });
    return problem;
  }

  protected override take(e: SearchEvent): void {
    if (e.event !== "progress") this.search = e.search;
  }

  protected override show(e: SearchEvent): void {
    if (e.event === "progress") {
      this.done = e.done;
      this.total = e.total;
      this.matches = e.matches;
    } else {
      this.done = e.search.next - e.search.from;
      this.total = e.search.to - e.search.from;
      this.matches = e.search.matches;
    }
    this.status = searchWords(e);
  }
}

/** The main window's search. */
export const search = new SearchRunner(api);
