import { describe, expect, it } from "vitest";
import type { ChangedSeed } from "../src/bindings/ChangedSeed";
import type { SeedSummary } from "../src/bindings/SeedSummary";
import { deltaText, pairHistograms, parseRange, relativeText, sortChanged, valueText, widest } from "../src/ab/model";

const d = (figure: string, a: number, b: number) => ({ figure, a, b, delta: b - a, relative: a === 0 ? null : (b - a) / a });

function row(seed: number, attempts: number, solving: number): SeedSummary {
  return {
    seed,
    rules_version: 1,
    shipped: attempts > 1 ? "fallback" : "accepted",
    attempts,
    fallback: attempts > 1,
    pre_solved: 0,
    solving,
    solving_mask: [],
    walls: 2,
    inventory: { ramp: 1, fan: 0, bumper: 0 },
    level_hash: `h${seed}`,
  };
}

describe("the A/B model", () => {
  it("reads a range and refuses bad ones", () => {
    expect(parseRange("0", "300")).toEqual({ from: 0, to: 300 });
    expect(parseRange(" 10 ", "4294967296")).toEqual({ from: 10, to: 4294967296 });
    expect(parseRange("5", "5")).toHaveProperty("error");
    expect(parseRange("a", "5")).toHaveProperty("error");
    expect(parseRange("-1", "5")).toHaveProperty("error");
    expect(parseRange("0", "4294967297")).toHaveProperty("error");
  });

  it("calls out the difference in numbers", () => {
    expect(valueText("fallback_rate", 0.1234)).toBe("12.34%");
    expect(valueText("mean_walls", 1.5)).toBe("1.50");
    expect(deltaText(d("fallback_rate", 0.1, 0.25))).toBe("+15.00 pts");
    expect(deltaText(d("mean_attempts", 3, 1))).toBe("−2.00");
    expect(deltaText(d("mean_attempts", 1, 1))).toBe("±0");
    expect(relativeText(d("fallback_rate", 0.1, 0.25))).toBe("+150.0%");
    expect(relativeText(d("mean_attempts", 4, 1))).toBe("−75.0%");
    expect(relativeText(d("fallback_rate", 0, 0.2))).toBe("new");
    expect(relativeText(d("fallback_rate", 0, 0))).toBe("—");
  });

  it("puts two histograms on one axis", () => {
    const rows = pairHistograms(
      [
        [1, 5],
        [3, 2],
      ],
      [
        [0, 1],
        [3, 7],
      ],
    );
    expect(rows).toEqual([
      { value: 0, a: 0, b: 1 },
      { value: 1, a: 5, b: 0 },
      { value: 3, a: 2, b: 7 },
    ]);
    expect(widest(rows)).toBe(7);
    expect(widest([])).toBe(1);
  });

  it("sorts the changed seeds by either side, ties by seed", () => {
    const c = (seed: number, a: SeedSummary, b: SeedSummary): ChangedSeed => ({ seed, a, b });
    const rows = [c(5, row(5, 1, 3), row(5, 1, 0)), c(2, row(2, 4, 1), row(2, 1, 0)), c(9, row(9, 2, 8), row(9, 1, 2))];
    expect(sortChanged(rows, "seed", "a", false).map((r) => r.seed)).toEqual([2, 5, 9]);
    expect(sortChanged(rows, "attempts", "a", true).map((r) => r.seed)).toEqual([2, 9, 5]);
    expect(sortChanged(rows, "solving", "b", false).map((r) => r.seed)).toEqual([2, 5, 9]);
    expect(sortChanged(rows, "shipped", "a", false).map((r) => r.seed)).toEqual([5, 2, 9]);
    expect(rows.map((r) => r.seed)).toEqual([5, 2, 9]);
  });
});
