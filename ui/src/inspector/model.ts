/** Pure studio logic (no DOM): seed navigation, verdict wording, counts, filters. */
import type { Attempt } from "../bindings/Attempt";
import type { GenerationReport } from "../bindings/GenerationReport";
import type { ParsedSeed } from "../bindings/ParsedSeed";
import type { SweepEntry } from "../bindings/SweepEntry";
import type { SweepResult } from "../bindings/SweepResult";

export const U32_LIMIT = 0x1_0000_0000;

/** The next seed, wrapping from 4294967295 to 0. */
export function nextSeed(seed: number): number {
  return (seed + 1) % U32_LIMIT;
}

/** The previous seed, wrapping from 0 to 4294967295. */
export function prevSeed(seed: number): number {
  return (seed + U32_LIMIT - 1) % U32_LIMIT;
}

/** A uniformly random 32-bit seed from `rand` (a function filling a Uint32Array). */
export function randomSeed(fill: (a: Uint32Array) => void): number {
  const a = new Uint32Array(1);
  fill(a);
  return a[0]!;
}

export function hex(seed: number): string {
  return `0x${seed.toString(16).toUpperCase().padStart(8, "0")}`;
}

/** How a seed was given, in words ("decimal", "hex", "daily 2026-11-30"). */
export function sourceWords(p: ParsedSeed): string {
  switch (p.source.kind) {
    case "decimal":
      return "decimal";
    case "hex":
      return "hex";
    case "daily":
      return `daily seed of ${p.source.date}`;
    case "share_code":
      return `share code ${p.source.code} (rules v${p.source.rules_version})`;
  }
}

export type Counts = Record<SweepResult, number>;

export function emptyCounts(): Counts {
  return { goal: 0, out: 0, rest: 0, timeout: 0, blocked: 0 };
}

/** How many placements ended each way. */
export function countResults(entries: readonly SweepEntry[]): Counts {
  const c = emptyCounts();
  for (const e of entries) c[e.result] += 1;
  return c;
}

/** One character per placement, in sweep order (g, o, r, t, b): a compact fingerprint. */
export function resultCodes(entries: readonly SweepEntry[]): string {
  return entries.map((e) => e.result[0]).join("");
}

export type VerdictTone = "accepted" | "rejected" | "fallback" | "presolved";

export interface VerdictWords {
  /** Short badge text. */
  badge: string;
  /** The decision in plain words. */
  words: string;
  tone: VerdictTone;
  shipped: boolean;
}

/** The verdict of `attempt` in plain words, in the context of its report. */
export function verdictWords(report: GenerationReport, attempt: Attempt): VerdictWords {
  const shipped = report.shipped.attempt === attempt.index;
  const max = report.attempts.length;
  switch (attempt.verdict) {
    case "pre_solved":
      if (shipped && report.shipped.all_pre_solved) {
        return {
          badge: "shipped as is",
          words: `The bare ball falls into the goal — but all ${max} candidates did, so this one shipped anyway.`,
          tone: "presolved",
          shipped,
        };
      }
      return {
        badge: "preSolved",
        words: "Rejected: the bare ball falls into the goal with no parts placed.",
        tone: "presolved",
        shipped,
      };
    case "no_single_ramp_solution":
      if (shipped) {
        return {
          badge: "fallback shipped",
          words: `No one-ramp solution — shipped as the fallback after ${max} attempts without a clean one.`,
          tone: "fallback",
          shipped,
        };
      }
      return {
        badge: attempt.fallback_candidate ? "no ramp · fallback" : "no one-ramp solution",
        words: attempt.fallback_candidate
          ? "Rejected: none of the 144 ramp placements reaches the goal. Kept as the fallback (first non-trivial candidate)."
          : "Rejected: none of the 144 ramp placements reaches the goal.",
        tone: "rejected",
        shipped,
      };
    case "accepted":
      return {
        badge: "accepted",
        words: "Accepted: a single ramp carries the ball to the goal. Shipped.",
        tone: "accepted",
        shipped,
      };
  }
}

export const outcomeWords: Record<string, string> = {
  goal: "reaches the goal",
  out: "leaves the field",
  rest: "comes to rest",
  timeout: "runs out of time",
};

/** Which placements the visualizer shows. */
export interface Filter {
  tilts: boolean[];
  results: Record<SweepResult, boolean>;
}

export function allVisible(tiltCount: number): Filter {
  return {
    tilts: Array.from({ length: tiltCount }, () => true),
    results: { goal: true, out: true, rest: true, timeout: true, blocked: true },
  };
}

/** Whether sweep entry `e` (tilt `tilt`) passes the filter. */
export function passes(filter: Filter, tilt: number, result: SweepResult): boolean {
  return (filter.tilts[tilt] ?? false) && filter.results[result];
}

/** A seed viewed this session; the newest is first, each seed once. */
export interface HistoryItem {
  seed: number;
  label: string;
  summary: string;
}

export function pushHistory(history: readonly HistoryItem[], item: HistoryItem, max = 50): HistoryItem[] {
  return [item, ...history.filter((h) => h.seed !== item.seed)].slice(0, max);
}

/** Formats a distance in field units. */
export function fmt(n: number | null | undefined, digits = 1): string {
  return n === null || n === undefined ? "—" : n.toFixed(digits);
}
