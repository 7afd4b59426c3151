/**
 * The rules' figures in the views' words (src/lib/figures.ts and the models that
 * take them): under rules with a 72-placement sweep (6 × 3 × 4) and 5 attempts
 * the words say 72 and 5, never the default rules' 144 and 40; before the rules
 * are known they say words, not numbers.
 */
import { describe, expect, it } from "vitest";
import type { Attempt } from "../src/bindings/Attempt";
import type { Stats } from "../src/bindings/Stats";
import type { SweepEntry } from "../src/bindings/SweepEntry";
import { partWords } from "../src/catalog/stats/figures";
import { statCards, statsSweep, topChoices, verdicts } from "../src/catalog/stats/model";
import { COLUMNS } from "../src/catalog/model";
import { allTrajectoriesTitle, stopWords, sweepLine, verdictWords } from "../src/inspector/model";
import {
  allPreSolvedWords,
  nearlyTrivialWords,
  ofSweep,
  placementsOf,
  placementsWords,
  ruleFigures,
  solvingShort,
  sweepSize,
  sweepTotal,
} from "../src/lib/figures";
import type { RulesInfo } from "../src/lib/rules";
import { attempt, report, rulesInfo } from "./fixtures";

/** A designer's rules: three rows of the sweep instead of six, five attempts, nearly trivial from 7 solving placements. */
const small: RulesInfo = {
  ...rulesInfo,
  rules_id: "0123456789ab",
  rules_name: "0123456789ab",
  is_default: false,
  sweep_ys: [30, 66, 102],
  sweep_size: 72,
  max_attempts: 5,
  nearly_trivial_solving: 7,
};

/** Sweep entries of the small rules, in sweep order: `pick(i)` is placement i's result. */
function smallEntries(pick: (i: number) => SweepEntry["result"]): SweepEntry[] {
  return Array.from({ length: 72 }, (_, i) => ({
    index: i,
    x: small.sweep_xs[Math.floor(i / 12)]!,
    y: small.sweep_ys[Math.floor(i / 4) % 3]!,
    angle: small.sweep_angles[i % 4]!,
    result: pick(i),
    steps: 100,
    closest: 9,
    blocked: null,
    trajectory: [],
  }));
}

/** An attempt under the small rules: its sweep has 72 placements. */
function smallAttempt(index: number, verdict: Attempt["verdict"], fallback = false): Attempt {
  const a = attempt(index, verdict, fallback);
  if (a.sweep) a.sweep = { ...a.sweep, placements: smallEntries(() => "out") };
  return a;
}

const noDefaults = (text: string) => {
  expect(text).not.toMatch(/\b144\b/);
  expect(text).not.toMatch(/\b40\b/);
};

describe("the rules' figures", () => {
  it("are the sweep's xs × ys × angles, the attempts cap and the nearly-trivial bar", () => {
    expect(sweepSize(small)).toBe(72);
    expect(sweepSize(rulesInfo)).toBe(rulesInfo.sweep_size);
    expect(ruleFigures(small)).toEqual({ sweep: 72, attempts: 5, nearlyTrivial: 7 });
    expect(ruleFigures(null)).toEqual({ sweep: null, attempts: null, nearlyTrivial: null });
  });

  it("say the figures of the rules given, and words before any are known", () => {
    const f = ruleFigures(small);
    expect(ofSweep(f.sweep)).toBe("of 72 placements");
    expect(solvingShort(3, f.sweep)).toBe("3/72");
    expect(allPreSolvedWords(f.attempts)).toBe("all 5 preSolved");
    expect(nearlyTrivialWords(f)).toBe("≥ 7 of 72 placements solve");
    expect(placementsWords(1)).toBe("1 placement");
    const none = ruleFigures(null);
    for (const text of [ofSweep(none.sweep), solvingShort(3, none.sweep), allPreSolvedWords(none.attempts), nearlyTrivialWords(none), placementsWords(null)]) {
      expect(text).not.toMatch(/\d{2}/);
    }
    expect(ofSweep(null)).toBe("of the sweep's placements");
    expect(solvingShort(3, null)).toBe("3 solving");
  });

  it("count a sweep from its own placements when they are all there, else from the rules", () => {
    const a = smallAttempt(1, "no_single_ramp_solution");
    expect(sweepTotal(a.sweep!, null)).toBe(72);
    const stopped = { ...a.sweep!, complete: false, game_stop: 9, placements: a.sweep!.placements.slice(0, 10) };
    expect(sweepTotal(stopped, 72)).toBe(72);
    expect(sweepTotal(stopped, null)).toBeNull();
    expect(placementsOf(stopped, small)).toBe(72);
    expect(placementsOf(null, small)).toBe(72);
    expect(placementsOf(null, null)).toBeNull();
  });
});

describe("the inspector's words under other rules", () => {
  const a1 = smallAttempt(1, "pre_solved");
  const a2 = smallAttempt(2, "no_single_ramp_solution", true);
  const rest = [3, 4, 5].map((i) => smallAttempt(i, "no_single_ramp_solution"));
  const r = report([a1, a2, ...rest], 2, true);

  it("name the attempt's own sweep and attempts", () => {
    const texts = [
      verdictWords(r, a2).words,
      verdictWords(r, rest[0]!).words,
      sweepLine(a2, sweepSize(small)),
      stopWords(a2),
      allTrajectoriesTitle(sweepSize(small)),
    ];
    expect(verdictWords(r, rest[0]!).words).toBe("Rejected: none of the 72 ramp placements reaches the goal.");
    expect(verdictWords(r, a2).words).toContain("after 5 attempts");
    expect(sweepLine(a2, sweepSize(small))).toBe("sweep: 0/72 goal · 72 out · 0 rest · 0 timeout · 0 blocked");
    expect(stopWords(a2)).toBe("No placement reaches the goal: the game's sweep ran all 72 placements.");
    expect(allTrajectoriesTitle(72)).toBe("Draw all 72 trajectories (A)");
    texts.forEach(noDefaults);
  });

  it("say all candidates were preSolved with the rules' cap", () => {
    const all = report([1, 2, 3, 4, 5].map((i) => smallAttempt(i, "pre_solved")), 5, false, true);
    expect(verdictWords(all, all.attempts[4]!).words).toContain("all 5 candidates");
  });

  it("say words, not numbers, while the size is unknown", () => {
    const stopped = smallAttempt(3, "accepted");
    stopped.sweep = { ...stopped.sweep!, complete: false, game_stop: 9, solving: 1, placements: smallEntries((i) => (i === 9 ? "goal" : "out")).slice(0, 10) };
    expect(sweepLine(stopped, null)).toBe("sweep: 1 goal · 9 out · 0 rest · 0 timeout · 0 blocked");
    expect(sweepLine(stopped, 72)).toBe("sweep: 1/72 goal · 9 out · 0 rest · 0 timeout · 0 blocked");
    expect(allTrajectoriesTitle(null)).toBe("Draw every placement's trajectory (A)");
  });
});

describe("the catalog's words under other rules", () => {
  const solves = Array.from({ length: 72 }, (_, i) => (i === 5 ? 3 : 0));
  const s = {
    seeds: 10, accepted: 8, fallback: 2, all_pre_solved: 1, fallback_rate: 0.2, pre_solved_rejections: 4,
    attempts_histogram: [[1, 6], [3, 4]], solving_histogram: [[0, 2], [2, 3], [5, 5]], placement_solves: solves,
  } as unknown as Stats;
  const f = ruleFigures(small);

  it("give the statistics' cards and verdicts the rules' sweep and cap", () => {
    const cards = statCards(s, "all scanned", statsSweep(s, f.sweep));
    expect(cards.find((c) => c.key === "median solving")!.sub).toBe("of 72 placements");
    const parts = verdicts(s, f.attempts).map((p) => partWords(p, 10));
    expect(parts).toEqual(["accepted: 8 (80.0%)", "fallback: 1 (10.0%)", "all 5 preSolved: 1 (10.0%)"]);
    [...cards.map((c) => c.sub), ...parts].forEach(noDefaults);
    expect(verdicts(s, null)[2]!.label).toBe("all preSolved");
  });

  it("take the sweep's size from the statistics' own counts, else from the rules", () => {
    expect(statsSweep(s, null)).toBe(72);
    expect(statsSweep({ ...s, placement_solves: [] }, 72)).toBe(72);
    expect(statsSweep({ ...s, placement_solves: [] }, null)).toBeNull();
  });

  it("rank up to all of the sweep's placements", () => {
    expect(topChoices(72)).toEqual([
      { value: 10, label: "top 10" },
      { value: 25, label: "top 25" },
      { value: 50, label: "top 50" },
      { value: 72, label: "all" },
    ]);
    expect(topChoices(24).map((c) => c.value)).toEqual([10, 24]);
    expect(topChoices(144).at(-1)).toEqual({ value: 144, label: "all" });
  });

  it("title the seed table's columns without a rules number", () => {
    COLUMNS.forEach((c) => noDefaults(c.title));
  });
});
