/**
 * The shipped worlds that thumbnails draw, by seed, and the field rules to draw
 * them with. A component reads `thumbs.world(seed)`: the world when it is here
 * (reactively: the reader is told when it arrives), else `undefined` while it
 * is fetched. Requests are batched (up to 128 seeds per `seed_thumbnails`) and
 * the cache is bounded (least recently read seeds go first).
 *
 * Nothing here draws: `LevelThumb.svelte` draws whatever `world()` gives, each
 * time it changes, so a thumbnail can never be left blank by the order in which
 * rows, views and answers come (issue 9).
 */
import { SvelteMap } from "svelte/reactivity";
import type { FieldRules } from "../lib/rules";
import type { Thumbnail } from "../bindings/Thumbnail";
import type { World } from "../bindings/World";
import { errorMessage } from "../lib/ipc";
import * as api from "./api";

export interface ThumbsApi {
  thumbnails(seeds: number[]): Promise<Thumbnail[]>;
  fieldRules(): Promise<FieldRules>;
}

export interface ThumbsOptions {
  /** Worlds kept at most. */
  max?: number;
  /** Seeds per request. */
  batch?: number;
  /** Runs `f` soon (a timer in the window; tests run it by hand). */
  schedule?: (f: () => void) => void;
}

export class Thumbs {
  #rules = $state.raw<FieldRules | null>(null);
  /** Why the last request failed, if it did. */
  error = $state<string | null>(null);

  readonly #api: ThumbsApi;
  readonly #max: number;
  readonly #batch: number;
  readonly #schedule: (f: () => void) => void;
  readonly #worlds = new SvelteMap<number, World>();
  /** Last read of each stored seed (a counter, not state: reading must not write state). */
  readonly #used = new Map<number, number>();
  #tick = 0;
  /** Seeds asked for and not yet requested, and seeds in a request. */
  readonly #wanted = new Set<number>();
  readonly #inFlight = new Set<number>();
  /** Seeds whose request failed (not asked again until `retry()`). */
  readonly #failed = new Set<number>();
  #scheduled = false;
  #rulesAsked = false;
  /** Bumped by `reset()`: an answer to a request made before it is dropped. */
  #generation = 0;

  constructor(commands: ThumbsApi, options: ThumbsOptions = {}) {
    this.#api = commands;
    this.#max = options.max ?? 4000;
    this.#batch = options.batch ?? 128;
    this.#schedule = options.schedule ?? ((f) => void setTimeout(f, 16));
  }

  /** The field rules to draw with (asked for on the first read; null until they arrive). */
  get rules(): FieldRules | null {
    if (!this.#rulesAsked) {
      this.#rulesAsked = true;
      const generation = this.#generation;
      this.#api.fieldRules().then(
        (r) => {
          if (generation === this.#generation) this.#rules = r;
        },
        (e: unknown) => {
          this.#rulesAsked = false;
          this.error = errorMessage(e);
        },
      );
    }
    return this.#rules;
  }

  /** The world of `seed` if it is here; otherwise asks for it and returns undefined. */
  world(seed: number): World | undefined {
    const w = this.#worlds.get(seed);
    if (w) {
      this.#used.set(seed, ++this.#tick);
      return w;
    }
    this.#want(seed);
    return undefined;
  }

  /** How many worlds are kept. */
  get size(): number {
    return this.#worlds.size;
  }

  /**
   * Forgets every world and the rules (the rules in force changed: a seed's
   * shipped world is another one now); what is read next is asked again.
   */
  reset(): void {
    this.#worlds.clear();
    this.#used.clear();
    this.#failed.clear();
    this.#wanted.clear();
    this.#inFlight.clear();
    this.#rules = null;
    this.#rulesAsked = false;
    this.error = null;
    this.#generation += 1;
  }

  /** Asks again for the seeds whose request failed. */
  retry(): void {
    this.#failed.clear();
    this.error = null;
  }

  #want(seed: number): void {
    if (this.#inFlight.has(seed) || this.#failed.has(seed)) return;
    this.#wanted.add(seed);
    if (!this.#scheduled) {
      this.#scheduled = true;
      this.#schedule(() => void this.flush());
    }
  }

  /** Requests the seeds asked for (the scheduler calls it; tests call it directly). */
  async flush(): Promise<void> {
    this.#scheduled = false;
    const seeds = [...this.#wanted].slice(0, this.#batch);
    for (const s of seeds) {
      this.#wanted.delete(s);
      this.#inFlight.add(s);
    }
    if (this.#wanted.size && !this.#scheduled) {
      this.#scheduled = true;
      this.#schedule(() => void this.flush());
    }
    if (!seeds.length) return;
    const generation = this.#generation;
    try {
      const got = await this.#api.thumbnails(seeds);
      if (generation !== this.#generation) return;
      for (const t of got) {
        this.#worlds.set(t.seed, t.world);
        this.#used.set(t.seed, ++this.#tick);
      }
      this.#evict();
    } catch (e) {
      if (generation !== this.#generation) return;
      for (const s of seeds) this.#failed.add(s);
      this.error = errorMessage(e);
    } finally {
      for (const s of seeds) this.#inFlight.delete(s);
    }
  }

  /** Drops the least recently read worlds down to three quarters of the bound. */
  #evict(): void {
    if (this.#worlds.size <= this.#max) return;
    const keep = Math.floor((this.#max * 3) / 4);
    const oldest = [...this.#used.entries()].sort((a, b) => a[1] - b[1]);
    for (const [seed] of oldest.slice(0, this.#worlds.size - keep)) {
      this.#worlds.delete(seed);
      this.#used.delete(seed);
    }
  }
}

/** The main window's thumbnails. */
export const thumbs = new Thumbs(api);
