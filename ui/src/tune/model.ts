/**
 * The Tune view's pure parts: the figures a target can name and the words for
 * them, a target built from the pickers, bounds typed for a field (whole fields
 * as integers), the best score over candidates, times in words, and the
 * tornado's, curves' and scatter's data from a sensitivity result.
 */
import type { FigureName } from "../bindings/FigureName";
import type { NumericField } from "../bindings/NumericField";
import type { Point } from "../bindings/Point";
import type { SideFigures } from "../bindings/SideFigures";
import type { WhatResult } from "../bindings/WhatResult";
import { figureWords, isShare } from "../ab/model";

export { figureWords, isShare };

/** Every figure, in the comparison's order (the engine's `FigureName::ALL`). */
export const FIGURES: readonly FigureName[] = [
  "fallback_rate",
  "pre_solved_share",
  "no_solution_share",
  "mean_attempts",
  "mean_solving",
  "mean_walls",
  "mean_ramps",
  "mean_fans",
  "mean_bumpers",
  "mean_gears",
];

export const OPS = [">=", "<=", "=", "in"] as const;
export type Op = (typeof OPS)[number];

/** What the target pickers hold. */
export interface TargetParts {
  /** A figure name, or `share` (then `criteria` names the seeds). */
  figure: FigureName | "share";
  criteria: string;
  op: Op;
  a: string;
  b: string;
}

/** The target the pickers make, as targets text (the engine checks it). */
export function targetText(p: TargetParts): string {
  const figure = p.figure === "share" ? `share(${p.criteria.trim()})` : p.figure;
  return p.op === "in" ? `${figure} in ${p.a.trim()}..${p.b.trim()}` : `${figure} ${p.op} ${p.a.trim()}`;
}

/** `text` with one more target joined by `and`. */
export function withTarget(text: string, target: string): string {
  return text.trim() ? `${text.trim()} and ${target}` : target;
}

/** A field's bounds as typed: the numbers, or why they are refused (the tune crate checks them again). */
export function parseBounds(f: NumericField, loText: string, hiText: string): { lo: number; hi: number } | { error: string } {
  const num = (t: string) => (t.trim() === "" ? NaN : Number(t));
  const lo = num(loText);
  const hi = num(hiText);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return { error: `${f.field}: the bounds are numbers` };
  if (f.whole && (!Number.isInteger(lo) || !Number.isInteger(hi))) return { error: `${f.field} is a whole number: give whole bounds` };
  if (lo >= hi) return { error: `${f.field}: the low bound must be below the high one` };
  if (lo < f.lo || hi > f.hi) return { error: `${f.field} may be from ${f.lo} to ${f.hi}` };
  return { lo, hi };
}

/** Bounds to offer for a field first: its value ± half, inside what it allows (whole fields rounded). */
export function suggestedBounds(f: NumericField): { lo: number; hi: number } {
  const span = f.value === 0 ? (f.hi - f.lo) / 10 : Math.abs(f.value) / 2;
  let lo = Math.max(f.lo, f.value - span);
  let hi = Math.min(f.hi, f.value + span);
  if (f.whole) {
    lo = Math.max(f.lo, Math.floor(lo));
    hi = Math.min(f.hi, Math.ceil(hi));
  }
  if (lo >= hi) return { lo: f.lo, hi: f.hi };
  return { lo: round(lo), hi: round(hi) };
}

function round(x: number): number {
  return Number(x.toPrecision(6));
}

/** The best score so far after each candidate (`null` while every one was refused). */
export function bestSoFar(scores: readonly (number | null)[]): (number | null)[] {
  let best: number | null = null;
  return scores.map((s) => {
    if (s !== null && (best === null || s < best)) best = s;
    return best;
  });
}

/** Seconds in words: `45 s`, `3 min 5 s`, `—` when unknown. */
export function secondsText(s: number | null | undefined): string {
  if (s === null || s === undefined || !Number.isFinite(s)) return "—";
  if (s < 60) return `${Math.ceil(s)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - 60 * m)} s`;
}

/** A figure's value, exactly enough to compare: shares as percentages with 2 decimals, means with 3. */
export function figureText(figure: string, x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return "—";
  return isShare(figure) ? `${(x * 100).toFixed(2)}%` : x.toFixed(3);
}

/** A change of a figure, signed: `+1.20 pts` for shares, `+0.125` for means. */
export function changeText(figure: string, d: number | null | undefined): string {
  if (d === null || d === undefined || !Number.isFinite(d)) return "—";
  if (d === 0) return "±0";
  const sign = d > 0 ? "+" : "−";
  return isShare(figure) ? `${sign}${(Math.abs(d) * 100).toFixed(2)} pts` : `${sign}${Math.abs(d).toFixed(3)}`;
}

/** A target's miss in words: `met` or `misses by 0.031`. */
export function missText(miss: number, met: boolean): string {
  return met ? "met" : `misses by ${miss.toPrecision(3)}`;
}

/** The value of one figure of a side's figures. */
export function figureOf(f: SideFigures, name: FigureName): number {
  return f[name];
}

/** One step of a tornado bar: the field's value there, the figure and its change. */
export interface TornadoStep {
  value: number;
  /** The figure at the step (null: the rules refused the value). */
  figure: number | null;
  change: number | null;
  refused: string | null;
}

/** One row of the tornado: a field and its two steps. */
export interface TornadoRow {
  field: string;
  /** The field's value under the rules in force. */
  value: number;
  down: TornadoStep | null;
  up: TornadoStep | null;
}

/** The tornado of `figure`: the rows by effect (the shell's order), the base value. */
export interface Tornado {
  figure: FigureName;
  base: number;
  rows: TornadoRow[];
}

function step(p: Point | null, figure: FigureName, base: number): TornadoStep | null {
  if (!p) return null;
  const v = p.figures ? figureOf(p.figures, figure) : null;
  return { value: p.values[0]?.value ?? NaN, figure: v, change: v === null ? null : v - base, refused: p.refused };
}

/** The tornado rows of a tornado result for `figure`, in the order the engine gives. */
export function tornadoOf(r: Extract<WhatResult, { kind: "tornado" }>, figure: FigureName): Tornado {
  const s = r.sensitivity;
  const base = figureOf(s.start, figure);
  const order = r.orders.find((o) => o.figure === figure)?.order ?? s.fields.map((_, i) => i);
  const rows = order.map((i) => {
    const e = s.fields[i]!;
    return { field: e.field, value: e.value, down: step(e.down, figure, base), up: step(e.up, figure, base) };
  });
  return { figure, base, rows };
}

/** One response curve: a figure over the field's values (null where the rules refused). */
export interface Curve {
  figure: FigureName;
  xs: number[];
  ys: (number | null)[];
  /** The rules in force: the field's value there and the figure. */
  start: { x: number; y: number } | null;
}

/** Every figure's curve of a curve result (`startValue`: the field's value in force, when known). */
export function curvesOf(r: Extract<WhatResult, { kind: "curve" }>, startValue: number | null): Curve[] {
  const xs = r.points.map((p) => p.values[0]?.value ?? NaN);
  return FIGURES.map((figure) => ({
    figure,
    xs,
    ys: r.points.map((p) => (p.figures ? figureOf(p.figures, figure) : null)),
    start: startValue === null ? null : { x: startValue, y: figureOf(r.start, figure) },
  }));
}

/** A random rule set on two figures. */
export interface ScatterPoint {
  index: number;
  x: number;
  y: number;
  values: { field: string; value: number }[];
}

/** The random rule sets that the rules accepted, on `x` and `y`, and the rules in force's point. */
export function scatterOf(r: Extract<WhatResult, { kind: "random" }>, x: FigureName, y: FigureName): { points: ScatterPoint[]; start: { x: number; y: number }; refused: number } {
  const points: ScatterPoint[] = [];
  r.points.forEach((p, index) => {
    if (p.figures) points.push({ index, x: figureOf(p.figures, x), y: figureOf(p.figures, y), values: p.values });
  });
  return { points, start: { x: figureOf(r.start, x), y: figureOf(r.start, y) }, refused: r.points.length - points.length };
}

/** A number as the rules write it (no float noise): `0.3`, `28`. */
export function numberText(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(10)));
}
