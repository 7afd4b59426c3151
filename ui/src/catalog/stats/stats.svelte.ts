/**
 * The statistics view's state. The numbers shown and the words saying what they
 * are of come from one answer, `shown`, which carries the criteria it was
 * computed for: they cannot disagree (issue 9 once showed 36 seeds for a
 * browser that matched 715, then "715 · all scanned" with no filter).
 *
 * The view asks `want(criteria, version)` whenever what it should show changes:
 * the browser's criteria when "only the seeds that match the browser's criteria"
 * is on (else every seed), and the catalog's version (its seed count, which a scan
 * changes). An answer to an older request is dropped.
 */
import type { Stats } from "../../bindings/Stats";
import { errorMessage } from "../../lib/ipc";
import * as api from "../api";

export interface StatsApi {
  catalogStats(criteria: string): Promise<Stats>;
}

/** Statistics and exactly what they are of. */
export interface Shown {
  stats: Stats;
  /** The criteria (canonical text, "" = every seed). */
  criteria: string;
  key: string;
}

/** The identity of a request: the criteria and the catalog's version. */
export function statsKey(criteria: string, version: number | string): string {
  return `${JSON.stringify(criteria)}@${version}`;
}

export class StatsState {
  /** "Only the seeds that match the browser's criteria". */
  useFilters = $state(false);
  /** The statistics shown, with the criteria they are of. */
  shown = $state.raw<Shown | null>(null);
  /** The request the view wants (the statistics are out of date while it differs from `shown.key`). */
  wanted = $state<string | null>(null);
  error = $state<string | null>(null);

  readonly #api: StatsApi;
  #request = 0;

  constructor(commands: StatsApi) {
    this.#api = commands;
  }

  /** The criteria the statistics should be of, given the browser's. */
  criteriaFor(browserCriteria: string): string {
    return this.useFilters ? browserCriteria : "";
  }

  /** Whether the numbers shown are of what is wanted. */
  get current(): boolean {
    return this.shown !== null && this.shown.key === this.wanted;
  }

  /** Loads the statistics of `criteria` at catalog `version`, unless they are shown already. */
  async want(criteria: string, version: number | string): Promise<void> {
    const key = statsKey(criteria, version);
    this.wanted = key;
    // Any older request in flight is now superseded, also when nothing new is needed.
    const request = ++this.#request;
    if (this.shown?.key === key) return;
    try {
      const stats = await this.#api.catalogStats(criteria);
      if (request !== this.#request) return;
      this.shown = { stats, criteria, key };
      this.error = null;
    } catch (e) {
      if (request === this.#request) this.error = errorMessage(e);
    }
  }
}

/** The main window's statistics. */
export const stats = new StatsState(api);
