/**
 * The Statistics view's figures: every count with its share and what the share
 * is of, histogram bins, the candidates' fates (rejection reasons, shares of
 * candidates), the ranked list of solving placements and each chart's data as a
 * table for CSV. Plain functions over the engine's numbers (ui/test/stats.test.ts).
 */
import type { Stats } from "../../bindings/Stats";
import type { ChartTable } from "../../bindings/ChartTable";
import type { FieldRules } from "../../lib/rules";
import { verdictColor } from "../../draw/colors";
import { placementName } from "../../lib/placement";

const words = (v: number): string => v.toLocaleString("en-US");

/** `part / whole`, or null when there is no whole. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/**
 * A share in words, precise enough that rare counts do not read as 0: "61.0%",
 * "4.63%", "0.050%", "0%" for none, "—" without a whole.
 */
export function shareText(part: number, whole: number): string {
  if (whole <= 0) return "—";
  if (part === 0) return "0%";
  const p = (100 * part) / whole;
  if (p >= 10) return `${p.toFixed(1)}%`;
  if (p >= 1) return `${p.toFixed(2)}%`;
  return `${p.toPrecision(2)}%`;
}

/** A share as a CSV cell: the fraction with 6 decimals ("" without a whole). */
export function shareCell(part: number, whole: number): string {
  const s = share(part, whole);
  return s === null ? "" : s.toFixed(6);
}

/** One bin of a histogram: its value, its count and the count's share of `total`. */
export interface Bin {
  /** The binned value (attempts, solving placements). */
  key: number;
  label: string;
  value: number;
  share: number | null;
}

/** One bin per value from the smallest to the largest (missing values as 0), with shares of `total`. */
export function histogramBins(hist: readonly (readonly [number, number])[], total: number): Bin[] {
  if (!hist.length) return [];
  const m = new Map(hist);
  const keys = [...m.keys()];
  const lo = Math.min(...keys);
  const hi = Math.max(...keys);
  const out: Bin[] = [];
  for (let k = lo; k <= hi; k++) {
    const value = m.get(k) ?? 0;
    out.push({ key: k, label: String(k), value, share: share(value, total) });
  }
  return out;
}

/** What a chart's counts are of, and the words for its unit. */
export interface Of {
  /** The whole every share is of, e.g. 20,000 seeds. */
  total: number;
  /** "seeds", "candidates". */
  unit: string;
}

/** The tooltip of a bin: "3 attempts", "1,234 seeds", "12.3% of 10,000 seeds". */
export function binTip(bin: Bin, binUnit: (key: number) => string, of: Of): { title: string; count: string; share: string } {
  return {
    title: binUnit(bin.key),
    count: `${words(bin.value)} ${of.unit}`,
    share: `${shareText(bin.value, of.total)} of ${words(of.total)} ${of.unit}`,
  };
}

export const attemptsUnit = (k: number): string => `${k} attempt${k === 1 ? "" : "s"}`;
export const solvingUnit = (k: number): string => `${k} solving placement${k === 1 ? "" : "s"}`;

/** A part of a whole, e.g. a verdict of the shipped levels or a fate of the candidates. */
export interface Part {
  key: string;
  label: string;
  value: number;
  share: number | null;
  color: string;
}

/** The candidates' fates in their verdicts' colours (draw/colors.ts). */
export const FATE_COLORS = {
  accepted: verdictColor.accepted,
  preSolved: verdictColor.pre_solved,
  noSingleRamp: verdictColor.no_single_ramp_solution,
} as const;

/** Every candidate generated (the attempts of every seed): the whole of the rejection reasons. */
export function candidates(s: Stats): number {
  return s.attempts_histogram.reduce((a, [k, c]) => a + k * c, 0);
}

/**
 * What became of every candidate, as shares of the candidates: accepted (one per
 * accepted seed), rejected as preSolved, rejected for having no one-ramp solution
 * (the rest: a fallback's shipped candidate is one of them, as in the engine's
 * `Totals::add`: `attempts - pre_solved - accepted`).
 */
export function candidateFates(s: Stats): Part[] {
  const all = candidates(s);
  const noSingle = all - s.pre_solved_rejections - s.accepted;
  return [
    { key: "accepted", label: "accepted", value: s.accepted, color: FATE_COLORS.accepted },
    { key: "pre_solved", label: "rejected: preSolved", value: s.pre_solved_rejections, color: FATE_COLORS.preSolved },
    { key: "no_single_ramp", label: "rejected: no one-ramp solution", value: noSingle, color: FATE_COLORS.noSingleRamp },
  ].map((p) => ({ ...p, share: share(p.value, all) }));
}

/** A part in words: "fallback: 12 (2.00%)". */
export function partWords(p: Part, whole: number): string {
  return `${p.label}: ${words(p.value)} (${shareText(p.value, whole)})`;
}

/** A ranked placement: how many seeds it solves and their share. */
export interface RankedPlacement {
  /** 1 for the best; ties share a rank (1, 2, 2, 4). */
  rank: number;
  index: number;
  name: string;
  solves: number;
  share: number | null;
  /** Where the sweep puts the ramp: x, y and tilt (radians). */
  x: number;
  y: number;
  tilt: number;
}

/** Sweep index → the ramp's x, y and tilt (index = (x * rows + y) * tilts + tilt). */
export function placementPose(i: number, rules: FieldRules): { x: number; y: number; tilt: number } {
  const na = rules.sweep_angles.length;
  const ny = rules.sweep_ys.length;
  return {
    x: rules.sweep_xs[Math.floor(i / (na * ny))] ?? NaN,
    y: rules.sweep_ys[Math.floor(i / na) % ny] ?? NaN,
    tilt: rules.sweep_angles[i % na] ?? NaN,
  };
}

/** Every placement, most seeds solved first (ties by index), ranked; the first `n` when given. */
export function rankPlacements(solves: readonly number[], seeds: number, rules: FieldRules, n?: number): RankedPlacement[] {
  const order = solves.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const out: RankedPlacement[] = [];
  order.forEach(([v, i], k) => {
    const prev = out[k - 1];
    const rank = prev && prev.solves === v ? prev.rank : k + 1;
    out.push({ rank, index: i, name: placementName(i), solves: v, share: share(v, seeds), ...placementPose(i, rules) });
  });
  return n === undefined ? out : out.slice(0, n);
}

/** A histogram's data: one row per bin (value, seeds, share of seeds). */
export function binsTable(name: string, column: string, bins: readonly Bin[], total: number): ChartTable {
  return {
    name,
    columns: [column, "seeds", "share of seeds"],
    rows: bins.map((b) => [String(b.key), String(b.value), shareCell(b.value, total)]),
  };
}

/** Parts of a whole: one row each (what, count, share of the whole, named in the header). */
export function partsTable(name: string, of: string, parts: readonly Part[], whole: number): ChartTable {
  return {
    name,
    columns: ["what", of, `share of ${of}`],
    rows: parts.map((p) => [p.label, String(p.value), shareCell(p.value, whole)]),
  };
}

/** Every placement, ranked: rank, name, index, x, y, tilt, seeds solved, share of seeds. */
export function placementsTable(ranked: readonly RankedPlacement[], seeds: number): ChartTable {
  return {
    name: "placements",
    columns: ["rank", "placement", "index", "x", "y", "tilt (rad)", "seeds solved", "share of seeds"],
    rows: ranked.map((p) => [
      String(p.rank),
      p.name,
      String(p.index),
      String(p.x),
      String(p.y),
      String(p.tilt),
      String(p.solves),
      shareCell(p.solves, seeds),
    ]),
  };
}
