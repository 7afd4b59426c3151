/**
 * The expressive range's state: the two metrics picked (remembered across
 * restarts), the counts of the A/B comparison shown (an IPC payload, replaced
 * whole), the hovered cell and the PNG export.
 *
 * The view asks for the counts whenever the comparison shown or a metric
 * changes (`show`); an answer older than the newest request is dropped, and
 * `current()` gives the counts only while they are those of the comparison and
 * metrics asked for, so nothing stale is ever drawn.
 */
import type { LabRules } from "../bindings/LabRules";
import type { Metric } from "../bindings/Metric";
import type { RangeReport } from "../bindings/RangeReport";
import { errorMessage } from "../lib/ipc";
import * as realApi from "./api";
import { isMetric } from "./grid";

export type RangeApi = typeof realApi;

/** Where the picked metrics are remembered. */
export const STORAGE_KEY = "contraption.range.metrics";

/** What the counts are of: the sides and range of the comparison shown. */
export interface RangeSource {
  a: LabRules;
  b: LabRules;
  from: number;
  to: number;
  /** The comparison's rules ids (a re-run under other rules asks again). */
  aId: string;
  bId: string;
}

type Store = Pick<Storage, "getItem" | "setItem">;

function browserStorage(): Store | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
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
  readonly #store: Store | null;
  #request = 0;

  constructor(api: RangeApi = realApi, store: Store | null = browserStorage()) {
    this.#api = api;
    this.#store = store;
    try {
      const saved = JSON.parse(store?.getItem(STORAGE_KEY) ?? "null") as { x?: unknown; y?: unknown } | null;
      if (saved && isMetric(saved.x)) this.x = saved.x;
      if (saved && isMetric(saved.y)) this.y = saved.y;
    } catch {
      // A damaged entry: the defaults.
    }
  }

  /** Picks the metrics (remembered). */
  pick(axis: "x" | "y", m: Metric): void {
    this[axis] = m;
    this.hovered = null;
    try {
      this.#store?.setItem(STORAGE_KEY, JSON.stringify({ x: this.x, y: this.y }));
    } catch {
      // Storage full or refused: the pick still holds for this session.
    }
  }

  /** Swaps the axes. */
  swap(): void {
    const { x, y } = this;
    this.pick("x", y);
    this.pick("y", x);
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
    const { x, y } = this;
    const request = ++this.#request;
    // Another comparison: the cell hovered over the last one means nothing now.
    if (!same(source, this.source)) this.hovered = null;
    this.error = null;
    this.notice = null;
    try {
      const report = await this.#api.abRange(source.a, source.b, source.from, source.to, x, y);
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
      const written = await this.#api.exportAbRangePng(s.a, s.b, s.from, s.to, r.x.metric, r.y.metric);
      if (written) this.notice = { text: `Saved the figure as ${written.path} (${written.bytes} bytes).`, bad: false };
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    }
  }
}

/** The main window's expressive-range state. */
export const range = new RangeState();
