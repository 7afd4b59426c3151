/** Pure logic of the statistics view: the numbers of the cards, the verdicts, the map's words (figures.ts: shares, bins, tables). */
import type { FieldRules } from "../../lib/rules";
import type { Stats } from "../../bindings/Stats";
import { chartColor, resultColor, shippedColor } from "../../draw/colors";
import { allPreSolvedWords, ofSweep } from "../../lib/figures";
import { placementName } from "../../lib/placement";
import { percent } from "../model";
import { placementPose, share, shareText, type Part } from "./figures";

/** The charts' colours, from the one palette (draw/colors.ts): what shipped in its colours, solving as a sweep's goal. */
export const CHART_COLORS = {
  attempts: chartColor.attempts,
  solving: resultColor.goal,
  accepted: shippedColor.accepted,
  fallback: shippedColor.fallback,
  allPreSolved: shippedColor.all_pre_solved,
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

/**
 * The sweep's size the statistics are of: their own per-placement counts' length
 * (a summary file has none: then `rules`, the size under the rules they were
 * made under; null: unknown).
 */
export function statsSweep(s: Stats, rules: number | null): number | null {
  return s.placement_solves.length > 0 ? s.placement_solves.length : rules;
}

/** The ranked list's choices: the top 10, 25, 50 there are, and all `n` placements. */
export function topChoices(n: number): { value: number; label: string }[] {
  return [...[10, 25, 50].filter((k) => k < n).map((k) => ({ value: k, label: `top ${k}` })), { value: n, label: "all" }];
}

/** The four cards: seeds (and what they are of), fallback rate, mean attempts, median solving (`sweep`: the sweep's size, null: unknown). */
export function statCards(s: Stats, of: string, sweep: number | null): Card[] {
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
    { key: "median solving", label: "median solving", value: seeds ? String(histogramMedian(s.solving_histogram)) : "—", sub: ofSweep(sweep), tone: "" },
  ];
}

/**
 * The verdicts of the shipped levels, as shares of the seeds; they add up to the
 * seeds. The catalog's `fallback` counts the all-preSolved seeds too: here they
 * are apart, as in the scan's summary (`contraption scan --json`). `attempts`: the
 * attempts cap of the rules they were made under (null: unknown).
 */
export function verdicts(s: Stats, attempts: number | null): Part[] {
  return [
    { key: "accepted", label: "accepted", value: s.accepted, color: CHART_COLORS.accepted },
    { key: "fallback", label: "fallback", value: s.fallback - s.all_pre_solved, color: CHART_COLORS.fallback },
    { key: "all_pre_solved", label: allPreSolvedWords(attempts), value: s.all_pre_solved, color: CHART_COLORS.allPreSolved },
  ].map((p) => ({ ...p, share: share(p.value, s.seeds) }));
}

/** The placement map's tooltip for sweep placement `i`: its name, where the ramp goes, and the seeds it solves. */
export function placementTip(i: number, s: Stats, rules: FieldRules): { title: string; lines: string[]; data: Record<string, string | number> } {
  const { x, y, tilt } = placementPose(i, rules);
  const solves = s.placement_solves[i] ?? 0;
  return {
    title: placementName(i),
    lines: [`ramp at (${x}, ${y}), tilt ${tilt} rad`, `solves ${words(solves)} seeds`, `${shareText(solves, s.seeds)} of ${words(s.seeds)} seeds`],
    data: { placement: i, count: solves, share: share(solves, s.seeds) ?? "" },
  };
}
