/**
 * The seeds-side-by-side view's state: the seeds compared (kept while the studio runs,
 * added from the seed browser, its neighbours, the bookmarks and the calendar)
 * and their figures, asked again whenever the set changes. Only the answer for
 * the newest set is kept.
 */
import { session } from "../app/session.svelte";
import type { ComparedSeed } from "../bindings/ComparedSeed";
import { errorMessage } from "../lib/ipc";
import { toast } from "../lib/toasts/toasts.svelte";
import * as api from "./api";
import { MAX_COMPARED, MIN_COMPARED, withSeeds } from "./model";

export interface CompareApi {
  seedsSideBySide(seeds: number[]): Promise<ComparedSeed[]>;
}

export class SideBySide {
  /** The seeds compared, in order (at most 4). */
  seeds = $state<number[]>([]);
  /** The figures of `seeds` when they are current. */
  data = $state.raw<ComparedSeed[] | null>(null);
  error = $state<string | null>(null);
  loading = $state(false);

  readonly #api: CompareApi;
  #request = 0;

  constructor(commands: CompareApi) {
    this.#api = commands;
  }

  /** Adds seeds (each once; past 4 the oldest give way) and loads the set. */
  add(...seeds: number[]): Promise<void> {
    this.seeds = withSeeds(this.seeds, seeds);
    return this.load();
  }

  remove(seed: number): Promise<void> {
    this.seeds = this.seeds.filter((s) => s !== seed);
    return this.load();
  }

  clear(): void {
    this.seeds = [];
    this.data = null;
    this.error = null;
    ++this.#request;
  }

  /** Loads the figures of the set (nothing to load under two seeds). */
  async load(): Promise<void> {
    const request = ++this.#request;
    const seeds = [...this.seeds];
    if (seeds.length < MIN_COMPARED) {
      this.data = null;
      this.error = null;
      this.loading = false;
      return;
    }
    this.loading = true;
    try {
      const data = await this.#api.seedsSideBySide(seeds);
      if (request !== this.#request) return;
      this.data = data;
      this.error = null;
    } catch (e) {
      if (request === this.#request) this.error = errorMessage(e);
    } finally {
      if (request === this.#request) this.loading = false;
    }
  }
}

/** The main window's. */
export const sideBySide = new SideBySide(api);

/**
 * "Compare with…" from another view: adds `seeds` to the comparison and says
 * so; with `show`, opens the Compare view.
 */
export function compareWith(seeds: number[], show = false): void {
  void sideBySide.add(...seeds);
  if (show) session.view = "compare";
  else toast(`${seeds.length === 1 ? `Seed ${seeds[0]}` : `Seeds ${seeds.join(", ")}`} added to Compare (${sideBySide.seeds.length} of ${MAX_COMPARED}).`, "ok");
}
