/**
 * The seeds-side-by-side view's words and sets: which seeds are compared (2 to 4, each
 * once), and each seed's figures in words. The figures are the engine's
 * (studio-core's `compare`, from the inspector's inspection); nothing here
 * computes one (ui/test/side-by-side.test.ts).
 */
import type { ComparedSeed } from "../bindings/ComparedSeed";
import type { SweepCounts } from "../bindings/SweepCounts";
import type { Verdict } from "../bindings/Verdict";
import { resultColor } from "../draw/colors";

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

/** The set with `seeds` added (each once, in order); the oldest ones give way past the maximum. */
export function withSeeds(set: readonly number[], seeds: readonly number[]): number[] {
  const out = [...set];
  for (const s of seeds) {
    const at = out.indexOf(s);
    if (at >= 0) out.splice(at, 1);
    out.push(s);
  }
  return out.slice(Math.max(0, out.length - MAX_COMPARED));
}

/** What shipped, in a word. */
export function shippedWord(c: ComparedSeed): "accepted" | "fallback" | "all preSolved" {
  return c.shipped.all_pre_solved ? "all preSolved" : c.shipped.fallback ? "fallback" : "accepted";
}

export const VERDICT_WORDS: Record<Verdict, string> = {
  pre_solved: "preSolved",
  no_single_ramp_solution: "no one-ramp solution",
  accepted: "accepted",
};

/** "3 attempts: 1 preSolved, 1 without a one-ramp solution, attempt 3 accepted". */
export function ledgerWords(c: ComparedSeed): string {
  const n = c.attempts.length;
  const parts = [`${c.pre_solved} preSolved`, `${c.no_single_ramp} without a one-ramp solution`];
  const end = c.shipped.all_pre_solved
    ? `attempt ${c.shipped.attempt} shipped as is`
    : c.shipped.fallback
      ? `attempt ${c.shipped.attempt} shipped as the fallback`
      : `attempt ${c.shipped.attempt} accepted`;
  return `${n} attempt${n === 1 ? "" : "s"}: ${parts.join(", ")}, ${end}`;
}

/** The sweep's results in the order the view shows them, with their colours (the palette's, draw/colors.ts). */
export const SWEEP_PARTS: readonly { key: keyof SweepCounts; label: string; color: string }[] = [
  { key: "goal", label: "goal", color: resultColor.goal },
  { key: "out", label: "out", color: resultColor.out },
  { key: "rest", label: "rest", color: resultColor.rest },
  { key: "timeout", label: "timeout", color: resultColor.timeout },
  { key: "blocked", label: "blocked", color: resultColor.blocked },
];

/** Placements in the sweep (the sum of its results). */
export function sweepTotal(s: SweepCounts): number {
  return s.goal + s.out + s.rest + s.timeout + s.blocked;
}
