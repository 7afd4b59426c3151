import type { ShippedKind } from "../bindings/ShippedKind";
import type { SweepResult } from "../bindings/SweepResult";
import type { Verdict } from "../bindings/Verdict";

/**
 * The studio's palette (dark theme): the one place a colour with a meaning is
 * written. style.css mirrors these as custom properties, and the render crate's
 * PNGs (render/src/lib.rs `palette`) use the same field and sweep-result colours;
 * ui/test/palette.test.ts fails when either drifts. Views take a meaning's colour
 * from here (canvas, `style:` bindings) or from its custom property (CSS), never
 * as a literal (ui/test/palette-house.test.ts).
 */
export const palette = {
  bg: "#0e1117",
  field: "#0a0d12",
  fieldEdge: "#2a3342",
  grid: "#151b25",
  wall: "#aab4c5",
  ball: "#ffb547",
  goal: "#3ddc84",
  bare: "#e8ecf3",
  accent: "#5ee3d0",
  text: "#dfe5ee",
  muted: "#7f8ba0",
  /** An edited level (a seed's candidate with pins) and the pins: never a verdict's colour. */
  edited: "#ff8fd8",
  /** A drawn wall the generator dropped, drawn as a ghost. */
  ghost: "#8a94a8",
} as const;

export const RESULTS: readonly SweepResult[] = ["goal", "out", "rest", "timeout", "blocked"];

/** Each sweep result's colour (render/src/lib.rs `RESULT_*`; style.css `--goal`, `--out`, `--rest`, `--timeout`, `--blocked`). */
export const resultColor: Record<SweepResult, string> = {
  goal: "#3ddc84",
  out: "#ff6b6b",
  rest: "#5aa9ff",
  timeout: "#c38bff",
  blocked: "#525c6e",
};

export const resultLabel: Record<SweepResult, string> = {
  goal: "reaches the goal",
  out: "leaves the field",
  rest: "comes to rest",
  timeout: "runs out of time",
  blocked: "blocked (not simulated)",
};

/**
 * Each verdict's colour, in every view: the inspector's ledger (cards, badges,
 * tally), Compare, Statistics (what became of the candidates), the seed table
 * and the calendar. style.css: `--accepted`, `--presolved`, `--nosolution`.
 * The render crate draws no verdict (its PNGs have none), so nothing there to match.
 */
export const verdictColor: Record<Verdict, string> = {
  pre_solved: "#ff6b6b",
  no_single_ramp_solution: "#ffb547",
  accepted: "#3ddc84",
};

/**
 * What shipped, one colour each (Statistics' "What shipped", the seed table,
 * Compare, the ledger's shipped card, the calendar's fallback flag); style.css:
 * `--accepted`, `--fallback`, `--all-presolved`. A shipped level wears its
 * candidate's verdict: the fallback is a candidate with no one-ramp solution,
 * an all-preSolved level a preSolved candidate shipped as is.
 */
export const shippedColor: Record<ShippedKind, string> = {
  accepted: verdictColor.accepted,
  fallback: verdictColor.no_single_ramp_solution,
  all_pre_solved: verdictColor.pre_solved,
};

/** Charts' colours that are not a verdict or a result (Statistics' attempts histogram). */
export const chartColor = {
  attempts: "#5aa9ff",
} as const;

/**
 * The Tune view's charts (the render crate's, render/src/charts/mod.rs: DOWN,
 * UP, POINT): a field stepped down and up, a rule set's point, the best score
 * so far and a candidate's own score, the rules in force's mark.
 */
export const tuneColor = {
  down: "#5aa9ff",
  up: "#ffb547",
  point: "#5ee3d0",
  best: "#5ee3d0",
  score: "#7f8ba0",
  start: "#e8ecf3",
  frame: "#2a3342",
  text: "#dfe5ee",
  muted: "#7f8ba0",
  hover: "#ffffff",
} as const;

/** Perceptual scale for closest approach (viridis stops, bright = close). */
const HEAT_STOPS: readonly [number, number, number][] = [
  [253, 231, 37],
  [94, 201, 98],
  [33, 145, 140],
  [59, 82, 139],
  [68, 1, 84],
];

/** The distance at which the heat scale saturates (field units). */
export const HEAT_MAX = 60;

/** RGB of closest approach `d` (0 = in the goal → bright yellow; ≥ HEAT_MAX → deep purple). */
export function heatRgb(d: number): [number, number, number] {
  const t = Math.min(1, Math.max(0, d / HEAT_MAX)) * (HEAT_STOPS.length - 1);
  const i = Math.min(HEAT_STOPS.length - 2, Math.floor(t));
  const f = t - i;
  const a = HEAT_STOPS[i]!;
  const b = HEAT_STOPS[i + 1]!;
  return [
    Math.round(a[0] + (b[0] - a[0]) * f),
    Math.round(a[1] + (b[1] - a[1]) * f),
    Math.round(a[2] + (b[2] - a[2]) * f),
  ];
}

export function heatColor(d: number): string {
  const [r, g, b] = heatRgb(d);
  return `rgb(${r}, ${g}, ${b})`;
}

/** `#rrggbb` with an alpha, as rgba(). */
export function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
