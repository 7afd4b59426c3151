/**
 * The seed browser's state: the filters (and the filter box's text and error),
 * the sort, the rows fetched so far (pages of 200, bounded), how many rows
 * match, and the selected row. The table, the filter bar, the side panel and
 * the statistics all derive from it.
 *
 * The filter error belongs to the text that was refused: any change of the
 * filters (a valid filter, a preset, a removed chip, Clear all) clears it.
 */
import { SvelteMap } from "svelte/reactivity";
import type { Column } from "../../bindings/Column";
import type { SeedPage } from "../../bindings/SeedPage";
import type { SeedSummary } from "../../bindings/SeedSummary";
import { errorMessage } from "../../lib/ipc";
import * as api from "../api";
import { FILTER_HELP, pagesFor, parseFilter, withFilter, type Filter } from "../model";

export const PAGE = 200;
/** Pages kept at most (the oldest go first). */
export const MAX_PAGES = 40;

export interface BrowserApi {
  querySeeds(query: api.SeedQuery): Promise<SeedPage>;
}

export interface Selection {
  seed: number;
  /** The row's index in the current order (null once the order changed). */
  index: number | null;
  /** Its summary, when it was picked from the table. */
  row: SeedSummary | null;
}

export class SeedBrowser {
  filters = $state.raw<Filter[]>([]);
  sort = $state<Column>("seed");
  descending = $state(false);
  /** The filter box's text (bound to the field). */
  filterText = $state("");
  /** Why the text last submitted is not a filter. */
  filterError = $state<string | null>(null);
  /** Rows matching the filters (from the newest answer). */
  total = $state(0);
  /** Whether an answer for the current filters and sort arrived. */
  ready = $state(false);
  /** Why the last query failed. */
  error = $state<string | null>(null);
  selected = $state.raw<Selection | null>(null);
  /** Bumped when the order or the filters change: the table goes back to its top. */
  resets = $state(0);
  /** Where the table was scrolled (and for which `resets`), so it comes back there when shown again. */
  scrollMemory = { top: 0, resets: 0 };

  readonly #api: BrowserApi;
  readonly #pages = new SvelteMap<number, SeedSummary[]>();
  readonly #loading = new Set<number>();
  #generation = 0;

  constructor(commands: BrowserApi) {
    this.#api = commands;
  }

  /** Row `i` in the current order, when its page is here. */
  row(i: number): SeedSummary | undefined {
    return this.#pages.get(Math.floor(i / PAGE))?.[i % PAGE];
  }

  /** Parses the filter box; a valid filter is added, a refused text gets the error. */
  submitFilter(): boolean {
    const f = parseFilter(this.filterText);
    if (!f) {
      this.filterError = `“${this.filterText}” is not a filter: ${FILTER_HELP}`;
      return false;
    }
    this.filterText = "";
    this.setFilters(withFilter(this.filters, f));
    return true;
  }

  addFilter(f: Filter): void {
    this.setFilters(withFilter(this.filters, f));
  }

  removeFilter(f: Filter): void {
    this.setFilters(this.filters.filter((g) => g !== f));
  }

  clearFilters(): void {
    this.setFilters([]);
  }

  setFilters(filters: Filter[]): void {
    this.filters = filters;
    this.filterError = null;
    this.#reorder();
  }

  /** Sorts by `c`; a second click flips the direction (numbers start descending, seeds ascending). */
  setSort(c: Column): void {
    if (this.sort === c) this.descending = !this.descending;
    else {
      this.sort = c;
      this.descending = c !== "seed";
    }
    this.#reorder();
  }

  /** A new order or a new set of rows: back to the top; the selection keeps its seed. */
  #reorder(): void {
    this.resets++;
    if (this.selected) this.selected = { ...this.selected, index: null };
    void this.reload();
  }

  /**
   * Asks for the first page again (after a change of filters or sort, or when a
   * scan stored more rows); the other pages are fetched again as they are shown.
   * An answer to an older request is dropped.
   */
  async reload(): Promise<void> {
    const generation = ++this.#generation;
    this.#loading.clear();
    try {
      const page = await this.#api.querySeeds(this.#query(0));
      if (generation !== this.#generation) return;
      this.#pages.clear();
      this.#pages.set(0, page.rows);
      this.total = page.total;
      this.error = null;
      this.ready = true;
    } catch (e) {
      if (generation === this.#generation) this.error = errorMessage(e);
    }
  }

  /** Fetches the pages that cover rows [first, last) that are not here yet. */
  ensure(first: number, last: number): void {
    for (const p of pagesFor(first, last, PAGE)) {
      if (!this.#pages.has(p) && !this.#loading.has(p)) void this.#fetch(p);
    }
  }

  async #fetch(p: number): Promise<void> {
    const generation = this.#generation;
    this.#loading.add(p);
    try {
      const page = await this.#api.querySeeds(this.#query(p));
      if (generation !== this.#generation) return;
      this.#pages.set(p, page.rows);
      // Memory stays flat while scrolling through 100k rows.
      if (this.#pages.size > MAX_PAGES) {
        for (const k of [...this.#pages.keys()].slice(0, this.#pages.size - MAX_PAGES + 10)) if (k !== p) this.#pages.delete(k);
      }
    } catch (e) {
      if (generation === this.#generation) this.error = errorMessage(e);
    } finally {
      if (generation === this.#generation) this.#loading.delete(p);
    }
  }

  #query(page: number): api.SeedQuery {
    return { filters: this.filters, sort: this.sort, descending: this.descending, offset: page * PAGE, limit: PAGE };
  }

  select(row: SeedSummary, index: number | null): void {
    this.selected = { seed: row.seed, index, row };
  }

  /** Moves the selection `by` rows (clamped); false when there is no selection or the row is not here. */
  move(by: number): boolean {
    const s = this.selected;
    if (!s || s.index === null || this.total === 0) return false;
    const i = Math.max(0, Math.min(this.total - 1, s.index + by));
    const r = this.row(i);
    if (!r) return false;
    this.selected = { seed: r.seed, index: i, row: r };
    return true;
  }

  /** How many pages are kept (tests). */
  get pagesKept(): number {
    return this.#pages.size;
  }
}

/** The main window's seed browser. */
export const browser = new SeedBrowser(api);
