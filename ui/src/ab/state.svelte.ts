/**
 * The A/B view's state: which rules are A and B, the range typed, the running
 * job (which side, how far), the comparison (an IPC payload, replaced whole),
 * what would change (bookmarks, upcoming days), the changed seeds' sort and
 * their thumbnails under A and B (a cache per side, filled as rows ask).
 *
 * A run scans both sides (the shell reuses a side the catalog already holds),
 * then loads the comparison; a cancelled run keeps what was committed, and
 * running it again resumes.
 */
import type { AbReport } from "../bindings/AbReport";
import type { AbSide } from "../bindings/AbSide";
import type { AbRules } from "../bindings/AbRules";
import type { WouldChange } from "../bindings/WouldChange";
import { fieldRules } from "../catalog/api";
import { catalog } from "../catalog/state.svelte";
import { Thumbs } from "../catalog/thumbs.svelte";
import { errorMessage } from "../lib/ipc";
import * as realApi from "./api";
import { parseRange, sortChanged, type ChangedSort } from "./model";

export type LabApi = typeof realApi;

/** Thumbnails asked for at a time (the shell's limit is 256). */
const THUMB_BATCH = 64;

/** The changed seeds' shipped worlds under A and under B: each row's thumbnails ask for theirs. */
export interface SideThumbs {
  a: Thumbs;
  b: Thumbs;
}

export interface LabJob {
  job: number;
  side: AbSide;
  done: number;
  total: number;
  /** Sides the catalog already held (not scanned again). */
  reused: AbSide[];
}

export class AbState {
  a = $state<AbRules>("in_force");
  b = $state<AbRules>("draft");
  fromText = $state("0");
  toText = $state("1000");
  running = $state<LabJob | null>(null);
  report = $state.raw<AbReport | null>(null);
  would = $state.raw<WouldChange | null>(null);
  /** A message for the whole view, or null. */
  notice = $state<{ text: string; bad: boolean } | null>(null);
  sortKey = $state<ChangedSort>("seed");
  sortSide = $state<"a" | "b">("b");
  descending = $state(false);
  /** Shipped worlds of changed seeds under the sides of the comparison shown (replaced with it). */
  thumbs = $state.raw<SideThumbs | null>(null);

  readonly #api: LabApi;
  #request = 0;
  /** The sides the comparison shown was made with. */
  #shownA: AbRules = "in_force";
  #shownB: AbRules = "draft";

  readonly #onScanned: () => void;

  /** `onScanned` runs after every run (the catalog line follows what the scans added). */
  constructor(api: LabApi = realApi, onScanned: () => void = () => void catalog.refresh()) {
    this.#api = api;
    this.#onScanned = onScanned;
  }

  /** The sides the comparison shown was made with (set with `report`). */
  get shown(): { a: AbRules; b: AbRules } {
    return { a: this.#shownA, b: this.#shownB };
  }

  get changed() {
    return this.report ? sortChanged(this.report.changed, this.sortKey, this.sortSide, this.descending) : [];
  }

  /** Sorts the changed seeds by `key` (again: the other direction). */
  sortBy(key: ChangedSort): void {
    if (this.sortKey === key) this.descending = !this.descending;
    else {
      this.sortKey = key;
      this.descending = false;
    }
  }

  /** Scans the range under A and B, then compares. */
  async run(): Promise<void> {
    if (this.running) return;
    const range = parseRange(this.fromText, this.toText);
    if ("error" in range) {
      this.notice = { text: range.error, bad: true };
      return;
    }
    const { a, b } = this;
    const request = ++this.#request;
    this.notice = null;
    this.report = null;
    this.would = null;
    this.thumbs = null;
    this.running = { job: 0, side: "a", done: 0, total: range.to - range.from, reused: [] };
    try {
      const out = await this.#api.startAb(a, b, range.from, range.to, (e) => {
        const r = this.running;
        if (!r) return;
        if (e.event === "side") {
          this.running = { ...r, job: e.job, side: e.side, done: e.reused ? r.total : 0, reused: e.reused ? [...r.reused, e.side] : r.reused };
        } else if (e.scan.event !== "finished" || e.scan.done > 0) {
          this.running = { ...r, side: e.side, done: e.scan.done, total: e.scan.total };
        }
      });
      if (out.end === "cancelled") {
        this.notice = { text: "Cancelled: what was scanned is kept; run again to resume.", bad: false };
        return;
      }
      await this.#load(a, b, range.from, range.to, request);
      if (request === this.#request && out.reused.length > 0) {
        const sides = out.reused.map((s) => s.toUpperCase()).join(" and ");
        this.notice = { text: `${sides}: the catalog already held the range under those rules (nothing scanned again).`, bad: false };
      }
    } catch (e) {
      if (request === this.#request) this.notice = { text: errorMessage(e), bad: true };
    } finally {
      this.running = null;
      this.#onScanned();
    }
  }

  async #load(a: AbRules, b: AbRules, from: number, to: number, request: number): Promise<void> {
    const [report, would] = await Promise.all([this.#api.abReport(a, b, from, to), this.#api.abWouldChange(a, b)]);
    if (request !== this.#request) return;
    this.report = report;
    this.would = would;
    this.#shownA = a;
    this.#shownB = b;
    const side = (rules: AbRules) =>
      new Thumbs({ thumbnails: (seeds) => this.#api.abThumbnails(rules, seeds), fieldRules }, { batch: THUMB_BATCH });
    this.thumbs = { a: side(a), b: side(b) };
  }

  /** Saves the comparison shown as CSV (the rules and range it was made with). */
  async exportCsv(): Promise<void> {
    const r = this.report;
    if (!r) return;
    try {
      const rows = await this.#api.exportAbCsv(this.#shownA, this.#shownB, r.from, r.to);
      if (rows !== null) this.notice = { text: `Saved ${rows} rows (one per seed, under A and B) as CSV.`, bad: false };
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    }
  }

  /** Asks the running job to stop after its current chunk. */
  async cancel(): Promise<void> {
    const r = this.running;
    if (r && r.job > 0) await this.#api.cancelJob(r.job);
  }
}

/** The main window's A/B state. */
export const ab = new AbState();
