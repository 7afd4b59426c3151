/**
 * The seed browser's state: the criteria (and the filter box's text and error),
 * the sort, the rows fetched so far (pages of 200, bounded), how many rows
 * match, and the selected row. The table, the filter bar, the side panel and
 * the statistics all derive from it.
 *
 * The criteria are the engine's language (`contraption search EXPR`), read by
 * the engine's one parser behind `query_seeds`: the UI never parses them. A
 * text is applied only when the catalog accepted it; then the box shows its
 * canonical text. A refused text keeps the criteria and rows shown, and its
 * error (message and character) belongs to it: any change of the criteria (a
 * valid text, a preset, Clear all) clears it.
 */
import { SvelteMap } from "svelte/reactivity";
import type { SeedPage } from "../../bindings/SeedPage";
import type { SortKey } from "../../bindings/SortKey";
import type { SeedSummary } from "../../bindings/SeedSummary";
import { errorMessage } from "../../lib/ipc";
import * as api from "../api";
import { andCriteria, criteriaProblem, pagesFor, type CriteriaProblem } from "../model";

export const PAGE = 200;
/** Pages kept at most (the oldest go first). */
export const MAX_PAGES = 40;

export interface BrowserApi {
  querySeeds(query: api.SeedRequest): Promise<SeedPage>;
}

export interface Selection {
  seed: number;
  /** The row's index in the current order (null once the order changed). */
  index: number | null;
  /** Its summary, when it was picked from the table. */
  row: SeedSummary | null;
}

export class SeedBrowser {
  /** The criteria applied, in canonical text ("" = every seed). */
  criteria = $state("");
  /** Only the matches of this search (its id), or every stored seed. */
  search = $state<number | null>(null);
  sort = $state<SortKey>("seed");
  descending = $state(false);
  /** The filter box's text (bound to the field). */
  filterText = $state("");
  /** Why the text last submitted was refused, and where. */
  filterError = $state.raw<CriteriaProblem | null>(null);
  /** Rows matching the criteria (from the newest answer). */
  total = $state(0);
  /** Whether an answer for the current criteria and sort arrived. */
  ready = $state(false);
  /** Why the last query failed. */
  error = $state<string | null>(null);
  selected = $state.raw<Selection | null>(null);
  /** Bumped when the order or the criteria change: the table goes back to its top. */
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

  /**
   * Applies the filter box's text: true when the catalog accepted it (the box
   * then shows the canonical text), false when it was refused (the error says
   * why and where; the criteria and rows stay), or when a newer request won.
   */
  async submitFilter(): Promise<boolean> {
    return this.apply(this.filterText);
  }

  /** Applies a preset's criteria together with (`and`) the ones applied. */
  addPreset(criteria: string): Promise<boolean> {
    return this.apply(andCriteria(this.criteria, criteria));
  }

  /** Every seed again. */
  clearFilters(): Promise<boolean> {
    return this.apply("");
  }

  /**
   * Asks for the first page of `text`; only an accepted text changes the
   * criteria, the rows and the box. Any answer clears the previous error.
   */
  async apply(text: string): Promise<boolean> {
    const generation = ++this.#generation;
    this.#loading.clear();
    try {
      const page = await this.#api.querySeeds(this.#query(0, text));
      if (generation !== this.#generation) return false;
      this.criteria = page.criteria;
      this.filterText = page.criteria;
      this.filterError = null;
      this.#show(page);
      this.resets++;
      if (this.selected) this.selected = { ...this.selected, index: null };
      return true;
    } catch (e) {
      if (generation !== this.#generation) return false;
      const problem = criteriaProblem(text, e);
      if (problem) this.filterError = problem;
      else this.error = errorMessage(e);
      return false;
    }
  }

  /** Shows only the matches of search `id` (null: every stored seed), with the criteria applied. */
  showSearch(id: number | null): void {
    if (this.search === id) return;
    this.search = id;
    this.#reorder();
  }

  /** Shows only the matches of search `id`, with its criteria applied (so the box says what they are). */
  showSearchMatches(id: number, criteria: string): Promise<boolean> {
    this.search = id;
    return this.apply(criteria);
  }

  /** Sorts by `c`; a second click flips the direction (numbers start descending, seeds ascending). */
  setSort(c: SortKey): void {
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
   * Asks for the first page again (after a change of sort, or when a
   * scan stored more rows); the other pages are fetched again as they are shown.
   * An answer to an older request is dropped.
   */
  async reload(): Promise<void> {
    const generation = ++this.#generation;
    this.#loading.clear();
    try {
      const page = await this.#api.querySeeds(this.#query(0, this.criteria));
      if (generation !== this.#generation) return;
      this.#show(page);
    } catch (e) {
      if (generation === this.#generation) this.error = errorMessage(e);
    }
  }

  /** The first page of new rows: the other pages are fetched as they are shown. */
  #show(page: SeedPage): void {
    this.#pages.clear();
    this.#pages.set(0, page.rows);
    this.total = page.total;
    this.error = null;
    this.ready = true;
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
      const page = await this.#api.querySeeds(this.#query(p, this.criteria));
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

  #query(page: number, criteria: string): api.SeedRequest {
    return { criteria, search: this.search, sort: this.sort, descending: this.descending, offset: page * PAGE, limit: PAGE };
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
