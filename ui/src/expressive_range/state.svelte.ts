/**
 * The expressive range's state: the two metrics picked (remembered across
 * restarts in the profile's view settings, `view_settings` /
 * `set_view_settings`: never in the webview's storage), the counts of the A/B comparison shown (an IPC payload, replaced
 * whole), the hovered cell and the PNG export.
 *
 * The view asks for the counts whenever the comparison shown or a metric
 * changes (`show`); an answer older than the newest request is dropped, and
 * `current()` gives the counts only while they are those of the comparison and
 * metrics asked for, so nothing stale is ever drawn.
 */
import type { AbRules } from "../bindings/AbRules";
import type { Metric } from "../bindings/Metric";
import type { RangeReport } from "../bindings/RangeReport";
import type { ViewSettings } from "../bindings/ViewSettings";
import { errorMessage } from "../lib/ipc";
import * as realApi from "./api";
import { isMetric } from "./grid";

export type RangeApi = typeof realApi;

/** What the counts are of: the sides and range of the comparison shown. */
export interface RangeSource {
  a: AbRules;
  b: AbRules;
  from: number;
  to: number;
  /** The comparison's rules ids (a re-run under other rules asks again). */
  aId: string;
  bId: string;
}

const same = (p: RangeSource | null, q: RangeSource | null) =>
  !!p && !!q && p.a === q.a && p.b === q.b && p.from === q.from && p.to === q.to && p.aId === q.aId && p.bId === q.bId;

export class RangeState {
  x = $state<Metric>("solving");
  y = $state<Metric>("walls");
  report = $state.raw<RangeReport | null>(null);
  /** The source `report` was made from. */
  source = $state.raw<RangeSource | null>(null);
  error = $state<string | null>(null);
  /** What the export did (or why it failed). */
  notice = $state<{ text: string; bad: boolean } | null>(null);
  hovered = $state<{ i: number; j: number } | null>(null);

  readonly #api: RangeApi;
  #request = 0;
  /** Settled once the remembered metrics are read (or could not be: the defaults). */
  readonly #loaded: Promise<void>;
  #isLoaded = false;
  /** The axes picked here (a pick is never undone by the read of the remembered ones). */
  readonly #picked = new Set<"x" | "y">();
  /** The writes of the settings, one after the other (the last pick is the one kept). */
  #saving: Promise<void> = Promise.resolve();

  constructor(api: RangeApi = realApi) {
    this.#api = api;
    this.#loaded = this.#load();
  }

  async #load(): Promise<void> {
    try {
      const saved = await this.#api.viewSettings();
      // Each metric on its own: one the engine does not know leaves the default.
      if (!this.#picked.has("x") && isMetric(saved.range_x)) this.x = saved.range_x;
      if (!this.#picked.has("y") && isMetric(saved.range_y)) this.y = saved.range_y;
    } catch {
      // No settings to be had: the defaults (the next pick writes them).
    } finally {
      this.#isLoaded = true;
    }
  }

  /** Settles once the remembered metrics are read, or known not to be there. */
  get ready(): Promise<void> {
    return this.#loaded;
  }

  /** Picks the metrics (remembered). */
  pick(axis: "x" | "y", m: Metric): void {
    this[axis] = m;
    this.#picked.add(axis);
    this.hovered = null;
    // Only this axis: the other stays as remembered (also while it is being read).
    this.#remember(axis === "x" ? { range_x: m } : { range_y: m });
  }

  /** Swaps the axes (remembered). */
  swap(): void {
    const { x, y } = this;
    this.x = y;
    this.y = x;
    this.#picked.add("x").add("y");
    this.hovered = null;
    this.#remember({ range_x: this.x, range_y: this.y });
  }

  /** Writes the metrics into the view settings, after any write still on its way. */
  #remember(settings: ViewSettings): void {
    this.#saving = this.#saving.then(async () => {
      try {
        await this.#api.setViewSettings(settings);
      } catch (e) {
        // The pick still holds for this session; say why it will not be remembered.
        this.notice = { text: `The metrics picked will not be remembered: ${errorMessage(e)}`, bad: true };
      }
    });
  }

  /** Settles once every pick so far is written (or failed to be). */
  get saved(): Promise<void> {
    return this.#saving;
  }

  /** The counts, while they are those of `source` and the metrics picked; else null. */
  current(source: RangeSource | null): RangeReport | null {
    const r = this.report;
    if (!r || !same(this.source, source) || r.x.metric !== this.x || r.y.metric !== this.y) return null;
    return r;
  }

  /** Whether counts for `source` and the metrics picked are on their way. */
  loading(source: RangeSource | null): boolean {
    return source !== null && this.current(source) === null && this.error === null;
  }

  /** Asks for the counts of `source` under the metrics picked now. */
  async show(source: RangeSource): Promise<void> {
    const request = ++this.#request;
    // The first counts are of the metrics remembered, not of the defaults.
    if (!this.#isLoaded) await this.#loaded;
    if (request !== this.#request) return;
    const { x, y } = this;
    // Another comparison: the cell hovered over the last one means nothing now.
    if (!same(source, this.source)) this.hovered = null;
    this.error = null;
    this.notice = null;
    try {
      const report = await this.#api.abExpressiveRange(source.a, source.b, source.from, source.to, x, y);
      if (request !== this.#request) return;
      this.report = report;
      this.source = source;
    } catch (e) {
      if (request === this.#request) this.error = errorMessage(e);
    }
  }

  /** Saves the figure shown as PNG through the native dialog. */
  async exportPng(): Promise<void> {
    const r = this.report;
    const s = this.source;
    if (!r || !s) return;
    try {
      const written = await this.#api.exportExpressiveRangePng(s.a, s.b, s.from, s.to, r.x.metric, r.y.metric);
      if (written) this.notice = { text: `Saved the figure as ${written.path} (${written.bytes} bytes).`, bad: false };
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    }
  }
}

/** The main window's expressive-range state. */
export const range = new RangeState();
