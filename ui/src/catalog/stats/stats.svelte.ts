/**
 * The statistics view's state. The numbers shown and the words saying what they
 * are of come from one answer, `shown`, which carries the filters it was
 * computed for: they cannot disagree (issue 9 once showed 36 seeds for a
 * browser that matched 715, then "715 · all scanned" with no filter).
 *
 * The view asks `want(filters, version)` whenever what it should show changes:
 * the browser's filters when "only the seeds that match the browser's filters"
 * is on (else none), and the catalog's version (its seed count, which a scan
 * changes). An answer to an older request is dropped.
 */
import type { Stats } from "../../bindings/Stats";
import { errorMessage } from "../../lib/ipc";
import * as api from "../api";
import type { Filter } from "../model";

export interface StatsApi {
  catalogStats(filters: Filter[]): Promise<Stats>;
}

/** Statistics and exactly what they are of. */
export interface Shown {
  stats: Stats;
  filters: Filter[];
  key: string;
}

/** The identity of a request: the filters and the catalog's version. */
export function statsKey(filters: readonly Filter[], version: number | string): string {
  return `${JSON.stringify(filters.map((f) => [f.column, f.op, f.value]))}@${version}`;
}

export class StatsState {
  /** "Only the seeds that match the browser's filters". */
  useFilters = $state(false);
  /** The statistics shown, with the filters they are of. */
  shown = $state.raw<Shown | null>(null);
  /** The request the view wants (the statistics are out of date while it differs from `shown.key`). */
  wanted = $state<string | null>(null);
  error = $state<string | null>(null);

  readonly #api: StatsApi;
  #request = 0;

  constructor(commands: StatsApi) {
    this.#api = commands;
  }

  /** The filters the statistics should be of, given the browser's. */
  filtersFor(browserFilters: Filter[]): Filter[] {
    return this.useFilters ? browserFilters : [];
  }

  /** Whether the numbers shown are of what is wanted. */
  get current(): boolean {
    return this.shown !== null && this.shown.key === this.wanted;
  }

  /** Loads the statistics of `filters` at catalog `version`, unless they are shown already. */
  async want(filters: Filter[], version: number | string): Promise<void> {
    const key = statsKey(filters, version);
    this.wanted = key;
    // Any older request in flight is now superseded, also when nothing new is needed.
    const request = ++this.#request;
    if (this.shown?.key === key) return;
    try {
      const stats = await this.#api.catalogStats(filters);
      if (request !== this.#request) return;
      this.shown = { stats, filters, key };
      this.error = null;
    } catch (e) {
      if (request === this.#request) this.error = errorMessage(e);
    }
  }
}

/** The main window's statistics. */
export const stats = new StatsState(api);
