/**
 * The expressive range's maths: the metrics' words, the binning of exact
 * `[x, y, seeds]` counts into at most 24 × 24 cells (each axis fitted to the
 * values seen, then one value per bin while it spans at most 24 values, else
 * `ceil(n / 24)` values per bin, the last bin cut at the axis's end; on an axis
 * from 0, 0 alone in the first bin and `ceil(hi / 23)` values in each after it —
 * the engine's `expressive_range::bins`), the cells
 * under A and B and their difference B − A, and the words of a cell. The engine
 * bins the same way for the PNG; `tests/data/expressive_range.json` is checked
 * by both (test/range.test.ts and the engine's tests/expressive_range.rs).
 */
import type { Axis } from "../bindings/Axis";
import type { Metric } from "../bindings/Metric";
import type { RangeReport } from "../bindings/RangeReport";

/** At most this many bins per axis. */
export const MAX_BINS = 24;

/** Every metric, in picker order, with its words (as the engine's `Metric::label`). */
export const METRICS: readonly { value: Metric; label: string }[] = [
  { value: "solving", label: "solving placements" },
  { value: "walls", label: "walls" },
  { value: "attempts", label: "attempts" },
  { value: "pre_solved", label: "preSolved rejections" },
  { value: "ramps", label: "ramps" },
  { value: "fans", label: "fans" },
  { value: "bumpers", label: "bumpers" },
  { value: "gears", label: "gears" },
  { value: "inventory", label: "inventory size" },
];

export function metricLabel(m: Metric): string {
  return METRICS.find((x) => x.value === m)?.label ?? m;
}

export function isMetric(s: unknown): s is Metric {
  return METRICS.some((m) => m.value === s);
}

/** A bin: the values `lo..=hi`. */
export interface Bin {
  lo: number;
  hi: number;
}

/**
 * Whether 0 has a bin of its own on `lo..=hi`: the span starts at 0 and has more
 * than 24 values. Every metric is a count whose 0 means none at all (no solving
 * placement: no one-ramp solution, as a fallback ships; no preSolved rejection;
 * no wall; no part), never to share a bin with 1 (the engine's
 * `expressive_range::zero_alone`).
 */
export function zeroAlone(lo: number, hi: number): boolean {
  return lo === 0 && hi + 1 > MAX_BINS;
}

/** Values per bin over `lo..=hi` (after the bin of 0 when it is alone). */
export function binWidth(lo: number, hi: number): number {
  if (zeroAlone(lo, hi)) return Math.ceil(hi / (MAX_BINS - 1));
  return Math.ceil((Math.max(hi - lo, 0) + 1) / MAX_BINS);
}

/** The bins of `lo..=hi`. */
export function bins(lo: number, hi: number): Bin[] {
  const w = binWidth(lo, hi);
  const out: Bin[] = zeroAlone(lo, hi) ? [{ lo: 0, hi: 0 }] : [];
  for (let start = out.length > 0 ? 1 : lo; start <= hi; start += w) out.push({ lo: start, hi: Math.min(start + w - 1, hi) });
  return out;
}

/** The bin of value `v` on `lo..=hi`. */
export function binOf(lo: number, hi: number, v: number): number {
  const w = binWidth(lo, hi);
  if (zeroAlone(lo, hi)) return v === 0 ? 0 : 1 + Math.floor((v - 1) / w);
  return Math.floor((v - lo) / w);
}

/** How many values a cell holds along an axis of `bins`, in words: `one value`, `7 values`, `7 values (0 alone)`. */
export function binSpanText(b: readonly Bin[]): string {
  const widest = Math.max(1, ...b.map((x) => x.hi - x.lo + 1));
  const words = widest === 1 ? "one value" : `${widest} values`;
  return widest > 1 && b[0]?.lo === 0 && b[0].hi === 0 ? `${words} (0 alone)` : words;
}

/** The binned figure: cell `(i, j)` (x bin `i`, y bin `j`) is at `j × xBins.length + i`. */
export interface RangeGrid {
  /** The axes binned: fitted to the values seen. */
  x: Axis;
  y: Axis;
  /** The values the rules allow on each axis. */
  domainX: Axis;
  domainY: Axis;
  xBins: Bin[];
  yBins: Bin[];
  a: number[];
  b: number[];
  /** B − A per cell. */
  diff: number[];
  /** The fullest cell of A or B (one colour scale for both). */
  maxCount: number;
  /** The largest |B − A|. */
  maxDiff: number;
  seedsA: number;
  seedsB: number;
}

type Triple = readonly [number, number, number];

/**
 * The axis narrowed to the values seen (on it), from the smallest to the largest,
 * so the cells go to where the seeds are; unchanged when none is seen (the
 * engine's `Axis::fitted`).
 */
export function fitted(axis: Axis, seen: readonly number[]): Axis {
  if (seen.length === 0) return axis;
  return { metric: axis.metric, lo: Math.max(axis.lo, Math.min(...seen)), hi: Math.min(axis.hi, Math.max(...seen)) };
}

/** Bins the counts of A and B on the axes fitted to the values seen (`domainX`/`domainY` keep what the rules allow). */
export function binGrid(domainX: Axis, domainY: Axis, a: readonly Triple[], b: readonly Triple[]): RangeGrid {
  const seen = (k: 0 | 1) => [...a, ...b].filter((t) => t[2] > 0).map((t) => t[k]);
  const x = fitted(domainX, seen(0));
  const y = fitted(domainY, seen(1));
  const xBins = bins(x.lo, x.hi);
  const yBins = bins(y.lo, y.hi);
  const n = xBins.length * yBins.length;
  const fill = (triples: readonly Triple[]) => {
    const cells = new Array<number>(n).fill(0);
    for (const [vx, vy, count] of triples) if (count > 0) cells[binOf(y.lo, y.hi, vy) * xBins.length + binOf(x.lo, x.hi, vx)]! += count;
    return cells;
  };
  const ca = fill(a);
  const cb = fill(b);
  const diff = ca.map((v, k) => cb[k]! - v);
  const sum = (t: readonly Triple[]) => t.reduce((s, c) => s + c[2], 0);
  return {
    x,
    y,
    domainX,
    domainY,
    xBins,
    yBins,
    a: ca,
    b: cb,
    diff,
    maxCount: Math.max(0, ...ca, ...cb),
    maxDiff: Math.max(0, ...diff.map(Math.abs)),
    seedsA: sum(a),
    seedsB: sum(b),
  };
}

/** The report binned. */
export function reportGrid(r: RangeReport): RangeGrid {
  return binGrid(r.x, r.y, r.a_counts, r.b_counts);
}

/** A bin in words: `7` or `7–13`. */
export function binText(b: Bin): string {
  return b.lo === b.hi ? String(b.lo) : `${b.lo}–${b.hi}`;
}

/** A difference with its sign: `+3`, `−2`, `0`. */
export function signed(d: number): string {
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : "0";
}

/** What a hovered cell says: its values on both axes and the seeds under A, B and B − A. */
export interface CellInfo {
  i: number;
  j: number;
  x: Bin;
  y: Bin;
  a: number;
  b: number;
  diff: number;
}

export function cellInfo(g: RangeGrid, i: number, j: number): CellInfo | null {
  const x = g.xBins[i];
  const y = g.yBins[j];
  if (!x || !y) return null;
  const k = j * g.xBins.length + i;
  return { i, j, x, y, a: g.a[k]!, b: g.b[k]!, diff: g.diff[k]! };
}

/** The share of a side's seeds, as a percentage with one decimal. */
export function shareText(n: number, of: number): string {
  return of > 0 ? `${((100 * n) / of).toFixed(1)}%` : "–";
}

/** An axis's values in words: `1–5`, or `3` when it holds one. */
export function spanText(a: Axis): string {
  return binText({ lo: a.lo, hi: a.hi });
}
