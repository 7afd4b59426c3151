/**
 * The Draws panel's state: the draw record of the seed inspected (every attempt
 * the generator made), the draw or wall under the pointer (in the panel or on
 * the field), the designer's pins and the engine's "what if" for them.
 *
 * The record and the what-if belong to their seed: another seed (or the rules
 * in force changing, which reloads the seed) drops both, and pins with them.
 * Answers that arrive after a newer request are dropped. A refused pin shows
 * the engine's message and changes nothing (the pins stay as they were).
 */
import type { DrawRecord } from "../bindings/DrawRecord";
import type { Pin } from "../bindings/Pin";
import type { PinnedSeed } from "../bindings/PinnedSeed";
import type { WrittenFile } from "../bindings/WrittenFile";
import { errorMessage } from "../lib/ipc";
import { withoutPin, withPin } from "../lib/pins";
import * as api from "./api";
import type { DrawTarget } from "./draws-model";
import { wallPins, type WallDraws } from "./wall-drag";

/** The commands the panel needs (the real ones in the window, fakes in tests). */
export interface DrawsApi {
  seedDraws(seed: number): Promise<DrawRecord>;
  whatIf(seed: number, pins: Pin[]): Promise<PinnedSeed>;
  exportEditedLevel(seed: number, pins: Pin[]): Promise<WrittenFile | null>;
  openEditedPlay(seed: number, pins: Pin[]): Promise<string>;
}

export class DrawsState {
  /** The Draws panel is shown (instead of the attempt's details). */
  open = $state(false);
  /** The seed whose record is shown (null before the first). */
  seed = $state<number | null>(null);
  record = $state.raw<DrawRecord | null>(null);
  loading = $state(false);
  /** What the hovered draw row placed (the field rings it), or the wall under the pointer on the field. */
  hovered = $state.raw<DrawTarget | null>(null);
  /** A wall clicked on the field (its rows stay highlighted until another click). */
  pickedWall = $state<number | null>(null);
  /** The pins in force for this seed, and the engine's answer for them. */
  pins = $state.raw<readonly Pin[]>([]);
  pinned = $state.raw<PinnedSeed | null>(null);
  asking = $state(false);
  /** The engine's refusal of the last change (pins or record), or a file status. */
  error = $state<string | null>(null);
  status = $state<string | null>(null);

  readonly #api: DrawsApi;
  #request = 0;
  #ask = 0;
  /** The pins last asked for (pending or accepted): quick edits build on them, a refusal goes back to `pins`. */
  #wanted: readonly Pin[] = [];

  constructor(drawsApi: DrawsApi) {
    this.#api = drawsApi;
  }

  /** Loads the record of `seed` (again, after the rules changed: `force`); pins of another seed go. */
  async load(seed: number, force = false): Promise<void> {
    if (seed === this.seed && this.record && !force) return;
    const request = ++this.#request;
    if (seed !== this.seed || force) {
      this.#ask++;
      this.pins = [];
      this.#wanted = [];
      this.pinned = null;
      this.asking = false;
      this.pickedWall = null;
      this.hovered = null;
      this.status = null;
    }
    this.seed = seed;
    this.record = null;
    this.loading = true;
    this.error = null;
    try {
      const record = await this.#api.seedDraws(seed);
      if (request !== this.#request) return;
      this.record = record;
    } catch (e) {
      if (request === this.#request) this.error = errorMessage(e);
    } finally {
      if (request === this.#request) this.loading = false;
    }
  }

  /** Drops the record and pins of any seed but `seed` (the panel is closed: nothing is asked). */
  forget(seed: number): void {
    if (seed === this.seed) return;
    this.#request++;
    this.#ask++;
    this.seed = null;
    this.record = null;
    this.loading = false;
    this.pins = [];
    this.#wanted = [];
    this.pinned = null;
    this.asking = false;
    this.hovered = null;
    this.pickedWall = null;
    this.error = null;
    this.status = null;
  }

  hover(target: DrawTarget | null): void {
    this.hovered = target;
  }

  pickWall(wall: number | null): void {
    this.pickedWall = wall === this.pickedWall ? null : wall;
  }

  /** Adds (or replaces) a pin and asks the engine; a refusal keeps the pins as they were. */
  pin(pin: Pin): Promise<boolean> {
    return this.#apply(withPin(this.#wanted, pin));
  }

  /** Adds (or replaces) several pins at once (a dragged goal: its x and y; a dragged wall end: its four draws). */
  pinAll(pins: Pin[]): Promise<boolean> {
    return this.#apply(pins.reduce<Pin[]>((all, p) => withPin(all, p), [...this.#wanted]));
  }

  /** Sets a drawn wall's four draws at once (a dragged wall end), replacing that wall's earlier pins in `attempt`. */
  pinWall(attempt: number, wall: number, w: WallDraws): Promise<boolean> {
    return this.pinAll(wallPins(attempt, wall, w));
  }

  unpin(attempt: number, site: string): Promise<boolean> {
    return this.#apply(withoutPin(this.#wanted, attempt, site));
  }

  /** Clears every pin: the seed as it is. */
  clear(): void {
    this.#ask++;
    this.pins = [];
    this.#wanted = [];
    this.pinned = null;
    this.asking = false;
    this.error = null;
    this.status = null;
  }

  async #apply(pins: Pin[]): Promise<boolean> {
    const seed = this.seed;
    if (seed === null) return false;
    if (pins.length === 0) {
      this.clear();
      return true;
    }
    const ask = ++this.#ask;
    this.#wanted = pins;
    this.asking = true;
    try {
      const answer = await this.#api.whatIf(seed, pins);
      if (ask !== this.#ask || seed !== this.seed) return false;
      this.pins = pins;
      this.pinned = answer;
      this.error = null;
      this.status = null;
      return true;
    } catch (e) {
      if (ask === this.#ask) {
        this.error = errorMessage(e);
        this.#wanted = this.pins;
      }
      return false;
    } finally {
      if (ask === this.#ask) this.asking = false;
    }
  }

  /** Opens the edited level in a play window of its own (marked edited there). */
  async play(): Promise<void> {
    if (this.seed === null || this.pins.length === 0) return;
    try {
      await this.#api.openEditedPlay(this.seed, [...this.pins]);
    } catch (e) {
      this.error = errorMessage(e);
    }
  }

  /** Save dialog, then the engine's edited level file. */
  async export(): Promise<void> {
    const seed = this.seed;
    if (seed === null || this.pins.length === 0) return;
    try {
      const f = await this.#api.exportEditedLevel(seed, [...this.pins]);
      if (seed !== this.seed) return;
      this.status = f ? `Saved the edited level to ${f.path} (${f.bytes} bytes).` : "Export cancelled.";
    } catch (e) {
      this.error = errorMessage(e);
    }
  }
}

export const draws = new DrawsState(api);
