/**
 * The A/B view's pure parts: the range typed, the figures' words, the
 * difference called out (B − A and relative), histograms of A and B on one
 * axis, and the changed seeds sorted.
 */
import type { ChangedSeed } from "../bindings/ChangedSeed";
import type { Difference } from "../bindings/Difference";
import type { AbRules } from "../bindings/AbRules";

export const SIDES: readonly { value: AbRules; label: string }[] = [
  { value: "in_force", label: "rules in force" },
  { value: "draft", label: "the draft" },
  { value: "default", label: "default (v1)" },
];

/** Seeds end at 2^32 (excluded). */
export const SEED_END = 2 ** 32;

/** `FROM..TO` or the two numbers typed apart: the range, or the reason it is refused. */
export function parseRange(fromText: string, toText: string): { from: number; to: number } | { error: string } {
  const num = (t: string) => (/^\s*\d+\s*$/.test(t) ? Number(t.trim()) : NaN);
  const from = num(fromText);
  const to = num(toText);
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) return { error: "FROM and TO are whole numbers (TO excluded)" };
  if (from >= to) return { error: `the range ${from}..${to} is empty; TO must be greater than FROM` };
  if (to > SEED_END) return { error: `TO is at most ${SEED_END} (one past the last seed)` };
  return { from, to };
}

/** Figures that are shares are shown as percentages; the others as plain means. */
export function isShare(figure: string): boolean {
  return figure.endsWith("_rate") || figure.endsWith("_share");
}

const WORDS: Record<string, string> = {
  fallback_rate: "fallback rate",
  pre_solved_share: "preSolved share (of candidates)",
  no_solution_share: "no-solution share",
  mean_attempts: "mean attempts",
  mean_solving: "mean solving placements",
  mean_walls: "mean walls",
  mean_ramps: "mean ramps",
  mean_fans: "mean fans",
  mean_bumpers: "mean bumpers",
  mean_gears: "mean gears",
};

export function figureWords(figure: string): string {
  return WORDS[figure] ?? figure.replaceAll("_", " ");
}

/** A figure's value in words: `12.33%` for shares, `1.84` for means. */
export function valueText(figure: string, x: number): string {
  return isShare(figure) ? `${(x * 100).toFixed(2)}%` : x.toFixed(2);
}

/** B − A in words, signed: `+3.00 pts` for shares (percentage points), `+0.25` for means; `±0` when equal. */
export function deltaText(d: Difference): string {
  if (d.delta === 0) return "±0";
  const sign = d.delta > 0 ? "+" : "−";
  const size = Math.abs(d.delta);
  return isShare(d.figure) ? `${sign}${(size * 100).toFixed(2)} pts` : `${sign}${size.toFixed(2)}`;
}

/** (B − A) / A in words: `+25.0%`, or `new` when A is 0 and B is not, `—` when both are 0. */
export function relativeText(d: Difference): string {
  if (d.relative === null) return d.b === 0 ? "—" : "new";
  if (d.relative === 0) return "±0%";
  const sign = d.relative > 0 ? "+" : "−";
  return `${sign}${(Math.abs(d.relative) * 100).toFixed(1)}%`;
}

/** One value of a histogram with its count under A and under B. */
export interface PairedBucket {
  value: number;
  a: number;
  b: number;
}

/** Two `[value, seeds]` histograms on one axis: every value either has, ascending, 0 where one has none. */
export function pairHistograms(a: ReadonlyArray<readonly [number, number]>, b: ReadonlyArray<readonly [number, number]>): PairedBucket[] {
  const rows = new Map<number, PairedBucket>();
  for (const [value, n] of a) rows.set(value, { value, a: n, b: 0 });
  for (const [value, n] of b) {
    const row = rows.get(value);
    if (row) row.b = n;
    else rows.set(value, { value, a: 0, b: n });
  }
  return [...rows.values()].sort((x, y) => x.value - y.value);
}

/** The widest count of a paired histogram (bars are scaled to it; at least 1). */
export function widest(rows: readonly PairedBucket[]): number {
  return Math.max(1, ...rows.map((r) => Math.max(r.a, r.b)));
}

/** How a level shipped, in the studio's words. */
export function shippedWords(kind: "accepted" | "fallback" | "all_pre_solved"): string {
  return kind === "all_pre_solved" ? "all preSolved" : kind;
}

export type ChangedSort = "seed" | "attempts" | "solving" | "walls" | "shipped";

const SHIPPED_ORDER = { accepted: 0, fallback: 1, all_pre_solved: 2 } as const;

/** The changed seeds sorted by a column of side `side` (seed ties broken by seed), a new array. */
export function sortChanged(rows: readonly ChangedSeed[], key: ChangedSort, side: "a" | "b", descending: boolean): ChangedSeed[] {
  const value = (r: ChangedSeed): number => {
    const s = r[side];
    switch (key) {
      case "seed":
        return r.seed;
      case "attempts":
        return s.attempts;
      case "solving":
        return s.solving;
      case "walls":
        return s.walls;
      case "shipped":
        return SHIPPED_ORDER[s.shipped];
    }
  };
  const dir = descending ? -1 : 1;
  return [...rows].sort((x, y) => dir * (value(x) - value(y)) || dir * (x.seed - y.seed));
}
