/**
 * A scan from the window: the range typed, the job running, its progress line
 * (done / total · rate · time left) and how it ended. One scan at a time (the
 * shell refuses a second). `onStored` is told while rows arrive (at most every
 * `followMs`) and once at the end, so the table and the catalog line follow.
 */
import type { ScanEvent } from "../../bindings/ScanEvent";
import type { ScanOutcome } from "../../bindings/ScanOutcome";
import { errorMessage } from "../../lib/ipc";
import * as api from "../api";
import { scanWords, parseRange } from "../model";

export interface ScanApi {
  startScan(from: number, to: number, onEvent: (e: ScanEvent) => void): Promise<ScanOutcome>;
  cancelJob(job: number): Promise<boolean>;
}

/** How the last scan ended ("running" while one runs). */
export type ScanEnd = "running" | "done" | "cancelled" | "failed";

export class ScanRunner {
  fromText = $state("0");
  toText = $state("2000");
  /** Whether a scan runs. */
  running = $state(false);
  /** Seeds stored of the range, and the range's size (for the progress bar). */
  done = $state(0);
  total = $state(0);
  /** The progress line, or why the scan could not start. */
  status = $state("");
  bad = $state(false);
  end = $state<ScanEnd | null>(null);
  /** Seeds per second of the last finished scan. */
  rate = $state<number | null>(null);
  /** Seeds computed by the last run. */
  scanned = $state<number | null>(null);
  /** The catalog's id of the scan running (from its first event), null when none runs. */
  scanId = $state<number | null>(null);

  readonly #api: ScanApi;
  readonly #now: () => number;
  readonly #followMs: number;
  #job: number | null = null;
  #progressSeen = false;

  constructor(commands: ScanApi, now: () => number = () => performance.now(), followMs = 1500) {
    this.#api = commands;
    this.#now = now;
    this.#followMs = followMs;
  }

  /**
   * Scans the typed range, or resumes `range`. `onStored` follows the rows
   * stored; the scan shows as ended once its last call settled (the table then
   * holds every row the scan stored).
   */
  async start(onStored: () => Promise<unknown> | void, range?: { from: number; to: number }): Promise<void> {
    if (this.running) return;
    const r = range ?? parseRange(this.fromText, this.toText);
    if (!r) {
      this.status = "The range needs two seeds FROM < TO (TO excluded, at most 4294967296).";
      this.bad = true;
      return;
    }
    this.running = true;
    this.bad = false;
    this.end = "running";
    this.done = 0;
    this.total = r.to - r.from;
    this.status = `starting ${r.from}..${r.to}…`;
    this.#progressSeen = false;
    let followed = this.#now();
    let end: ScanEnd = "failed";
    try {
      const out = await this.#api.startScan(r.from, r.to, (e) => {
        this.#event(e);
        if (e.event === "progress" && this.#now() - followed >= this.#followMs) {
          followed = this.#now();
          void onStored();
        }
      });
      end = out.end;
      this.scanned = out.scanned;
    } catch (e) {
      this.status = errorMessage(e);
      this.bad = true;
    }
    this.#job = null;
    try {
      await onStored();
    } finally {
      this.running = false;
      this.scanId = null;
      this.end = end;
    }
  }

  /** Stops the running scan after its current chunk (everything stored is kept). */
  async cancel(): Promise<void> {
    if (this.#job !== null) await this.#api.cancelJob(this.#job);
  }

  #event(e: ScanEvent): void {
    // Channel messages may overtake each other: never step back from a later progress line.
    if (e.event === "started") {
      this.#job = e.job;
      this.scanId = e.scan_id;
      if (this.#progressSeen) return;
    }
    if (e.event === "progress") this.#progressSeen = true;
    if (e.event === "finished") this.rate = e.seeds_per_second;
    this.done = e.done;
    this.total = e.total;
    this.status = scanWords(e);
  }
}

/** The main window's scan. */
export const scan = new ScanRunner(api);
