/**
 * A scan from the window: the range typed, the job running, its progress line
 * (done / total · rate · time left) and how it ended (the shared job runner,
 * job.svelte.ts). `onStored` is told while rows arrive (at most every
 * `followMs`) and once at the end, so the table and the catalog line follow.
 */
import type { ScanEvent } from "../../bindings/ScanEvent";
import type { ScanOutcome } from "../../bindings/ScanOutcome";
import * as api from "../api";
import { scanWords } from "../model";
import { JobRunner } from "./job.svelte";

export interface ScanApi {
  startScan(from: number, to: number, onEvent: (e: ScanEvent) => void): Promise<ScanOutcome>;
  cancelJob(job: number): Promise<boolean>;
}

export class ScanRunner extends JobRunner<ScanEvent, ScanOutcome> {
  /** Seeds per second of the last finished scan. */
  rate = $state<number | null>(null);
  /** Seeds computed by the last run. */
  scanned = $state<number | null>(null);
  /** The catalog's id of the scan running (from its first event), null when none runs. */
  scanId = $state<number | null>(null);

  readonly #api: ScanApi;

  constructor(commands: ScanApi, now: () => number = () => performance.now(), followMs = 1500) {
    super((job) => commands.cancelJob(job), "2000", now, followMs);
    this.#api = commands;
  }

  /**
   * Scans the typed range, or resumes `range`. `onStored` follows the rows
   * stored; the scan shows as ended once its last call settled (the table then
   * holds every row the scan stored).
   */
  async start(onStored: () => Promise<unknown> | void, range?: { from: number; to: number }): Promise<void> {
    if (this.running) return;
    const r = range ?? this.typedRange();
    if (!r) return;
    await this.run({
      ...r,
      begin: (onEvent) => this.#api.startScan(r.from, r.to, onEvent),
      onStored,
      onOutcome: (out) => (this.scanned = out.scanned),
    });
  }

  protected override take(e: ScanEvent): void {
    if (e.event === "started") this.scanId = e.scan_id;
    if (e.event === "finished") this.rate = e.seeds_per_second;
  }

  protected override show(e: ScanEvent): void {
    this.done = e.done;
    this.total = e.total;
    this.status = scanWords(e);
  }

  protected override forget(): void {
    this.scanId = null;
  }
}

/** The main window's scan. */
export const scan = new ScanRunner(api);
