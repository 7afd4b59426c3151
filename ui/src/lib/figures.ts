/**
 * The rules' figures and their words: how many placements a sweep has (the
 * rules' xs × ys × angles), the attempts cap, the nearly-trivial bar. Every
 * figure comes from the rules the data shown was made under (an inspection's
 * rules, the rules in force for the catalog's rows) or from the data itself;
 * none is written into the UI (ui/test/figures-house.test.ts). A figure not
 * known yet (the rules not loaded) reads as words, never as the default
 * rules' number.
 */
import type { Sweep } from "../bindings/Sweep";
import type { RulesInfo } from "./rules";

/** The figures the views' words name; null: not known yet. */
export interface RuleFigures {
  /** Placements in the sweep (xs × ys × angles). */
  sweep: number | null;
  /** Attempts before the fallback ships (`generator.max_attempts`). */
  attempts: number | null;
  /** Solving placements that make a level nearly trivial (`sweep.nearly_trivial_solving`). */
  nearlyTrivial: number | null;
}

export type SweepGrid = Pick<RulesInfo, "sweep_xs" | "sweep_ys" | "sweep_angles">;

/** Placements in the sweep of `rules` (xs × ys × angles), or null before they are known. */
export function sweepSize(rules: SweepGrid | null | undefined): number | null {
  return rules ? rules.sweep_xs.length * rules.sweep_ys.length * rules.sweep_angles.length : null;
}

/** The figures of `rules`, or all null before they are known. */
export function ruleFigures(rules: (SweepGrid & Pick<RulesInfo, "max_attempts" | "nearly_trivial_solving">) | null | undefined): RuleFigures {
  if (!rules) return { sweep: null, attempts: null, nearlyTrivial: null };
  return { sweep: sweepSize(rules), attempts: rules.max_attempts, nearlyTrivial: rules.nearly_trivial_solving };
}

/**
 * How many placements `sweep` has: all of them are listed when it is complete
 * (inspector mode) or when the game ran it to the end (no stop); otherwise only
 * those up to the stop are, and the number is the rules' `size` (null: unknown).
 */
export function sweepTotal(sweep: Sweep, size: number | null): number | null {
  return sweep.complete || sweep.game_stop === null ? sweep.placements.length : size;
}

/** The placements of an attempt's sweep (of the rules' sweep when it was never swept), under `rules`; null: unknown. */
export function placementsOf(sweep: Sweep | null | undefined, rules: SweepGrid | null | undefined): number | null {
  const size = sweepSize(rules);
  return sweep ? sweepTotal(sweep, size) : size;
}

/** "144 placements", or "placements" while their number is unknown. */
export function placementsWords(n: number | null): string {
  return n === null ? "placements" : `${n} placement${n === 1 ? "" : "s"}`;
}

/** "of 144 placements", or "of the sweep's placements" while their number is unknown. */
export function ofSweep(n: number | null): string {
  return n === null ? "of the sweep's placements" : `of ${placementsWords(n)}`;
}

/** A short count of solving placements: "3/144", or "3 solving" while the sweep's size is unknown. */
export function solvingShort(solving: number, n: number | null): string {
  return n === null ? `${solving} solving` : `${solving}/${n}`;
}

/** The degenerate shipped kind: "all 40 preSolved", or "all preSolved" while the cap is unknown. */
export function allPreSolvedWords(attempts: number | null): string {
  return attempts === null ? "all preSolved" : `all ${attempts} preSolved`;
}

/** When a level is nearly trivial: "≥ 10 of 144 placements solve", or words while the rules are unknown. */
export function nearlyTrivialWords(f: RuleFigures): string {
  return f.nearlyTrivial === null ? "many placements solve (the rules' nearly-trivial bar)" : `≥ ${f.nearlyTrivial} ${ofSweep(f.sweep)} solve`;
}
