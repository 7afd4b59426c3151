/** Pure logic of the statistics view: the numbers of the cards, the bars of the charts, the map's words. */
import type { FieldRules } from "../../lib/rules";
import type { Stats } from "../../bindings/Stats";
import type { Bar, Share } from "../../draw/catalog";
import { percent } from "../model";

/** The studio's colours for the charts (draw/colors.ts has the field's). */
export const CHART_COLORS = {
  attempts: "#5aa9ff",
  solving: "#3ddc84",
  accepted: "#3ddc84",
  fallback: "#ffb547",
  allPreSolved: "#ff6b6b",
} as const;

/** The bar that marks a healthy generator: at most this share of fallback levels. */
export const FALLBACK_BAR = 0.05;

export interface Card {
  key: string;
  label: string;
  value: string;
  sub: string;
  tone: "" | "good" | "bad";
}

const words = (v: number): string => v.toLocaleString("en-US");

/** One bar per value from the smallest to the largest (missing values as 0). */
export function histogramBars(hist: readonly (readonly [number, number])[]): Bar[] {
  if (!hist.length) return [];
  const m = new Map(hist);
  const keys = [...m.keys()];
  const lo = Math.min(...keys);
  const hi = Math.max(...keys);
  const out: Bar[] = [];
  for (let k = lo; k <= hi; k++) out.push({ label: String(k), value: m.get(k) ?? 0 });
  return out;
}

/** The median of a histogram `[value, count]` sorted by value (0 when empty). */
export function histogramMedian(hist: readonly (readonly [number, number])[]): number {
  const total = hist.reduce((a, [, c]) => a + c, 0);
  let acc = 0;
  for (const [k, c] of hist) {
    acc += c;
    if (acc * 2 >= total) return k;
  }
  return 0;
}

/** The four cards: seeds (and what they are of), fallback rate, mean attempts, median solving. */
export function statCards(s: Stats, of: string): Card[] {
  const seeds = s.seeds;
  const attempts = s.attempts_histogram.reduce((a, [k, c]) => a + k * c, 0);
  return [
    { key: "seeds", label: "seeds", value: words(seeds), sub: of, tone: "" },
    {
      key: "fallback rate",
      label: "fallback rate",
      value: percent(s.fallback, seeds, 2),
      sub: `${words(s.fallback)} fallback levels · the bar is ≤ ${FALLBACK_BAR * 100}%`,
      tone: seeds === 0 ? "" : s.fallback_rate > FALLBACK_BAR ? "bad" : "good",
    },
    {
      key: "mean attempts",
      label: "mean attempts",
      value: seeds ? (attempts / seeds).toFixed(2) : "—",
      sub: `${words(s.pre_solved_rejections)} preSolved rejections`,
      tone: "",
    },
    { key: "median solving", label: "median solving", value: seeds ? String(histogramMedian(s.solving_histogram)) : "—", sub: "placements of 144", tone: "" },
  ];
}

/** The verdict shares of the shipped levels. */
export function shares(s: Stats): Share[] {
  return [
    { label: "accepted", value: s.accepted, color: CHART_COLORS.accepted },
    { label: "fallback", value: s.fallback, color: CHART_COLORS.fallback },
    { label: "all 40 preSolved", value: s.all_pre_solved, color: CHART_COLORS.allPreSolved },
  ];
}

/** "fallback: 12 (2.00%)". */
export function shareWords(share: Share, seeds: number): string {
  return `${share.label}: ${words(share.value)} (${percent(share.value, seeds, 2)})`;
}

export const MAP_HINT = "Hover a cell: its position, tilt and how many seeds it solves.";

/** What the placement map says about sweep placement `i`. */
export function placementWords(i: number, s: Stats, rules: FieldRules): string {
  const na = rules.sweep_angles.length;
  const ny = rules.sweep_ys.length;
  const x = rules.sweep_xs[Math.floor(i / (na * ny))];
  const y = rules.sweep_ys[Math.floor(i / na) % ny];
  const a = rules.sweep_angles[i % na];
  const solves = s.placement_solves[i] ?? 0;
  const seeds = s.seeds;
  return `placement ${i}: ramp at (${x}, ${y}), tilt ${a} rad — solves ${words(solves)} of ${words(seeds)} seeds (${percent(solves, seeds)})`;
}
