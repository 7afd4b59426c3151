import { describe, expect, it } from "vitest";
import type { ComparedSeed } from "../src/bindings/ComparedSeed";
import { SideBySide } from "../src/side_by_side/side_by_side.svelte";
import { ledgerWords, shippedWord, sweepTotal, withSeeds } from "../src/side_by_side/model";

const seed = (n: number, over: Partial<ComparedSeed> = {}): ComparedSeed =>
  ({
    seed: n,
    shipped: { attempt: 3, fallback: false, all_pre_solved: false, level_hash: "h", world: {}, solution: null, reason: "" },
    attempts: [
      { index: 1, verdict: "pre_solved", solving: 0 },
      { index: 2, verdict: "no_single_ramp_solution", solving: 0 },
      { index: 3, verdict: "accepted", solving: 4 },
    ],
    pre_solved: 1,
    no_single_ramp: 1,
    sweep: { goal: 4, out: 100, rest: 20, timeout: 0, blocked: 20 },
    solution_index: 9,
    walls: 3,
    ...over,
  }) as unknown as ComparedSeed;

describe("compare set", () => {
  it("keeps each seed once, in order, the oldest giving way past four", () => {
    expect(withSeeds([], [5])).toEqual([5]);
    expect(withSeeds([1, 2], [3, 4])).toEqual([1, 2, 3, 4]);
    expect(withSeeds([1, 2, 3, 4], [5])).toEqual([2, 3, 4, 5]);
    expect(withSeeds([1, 2, 3], [1])).toEqual([2, 3, 1]);
    expect(withSeeds([1, 2], [6, 7, 8])).toEqual([2, 6, 7, 8]);
  });
});

describe("compare words", () => {
  it("says what shipped and tallies the ledger", () => {
    expect(shippedWord(seed(1))).toBe("accepted");
    expect(ledgerWords(seed(1))).toBe("3 attempts: 1 preSolved, 1 without a one-ramp solution, attempt 3 accepted");
    const fb = seed(2, { shipped: { ...seed(2).shipped, fallback: true, attempt: 2 } });
    expect(shippedWord(fb)).toBe("fallback");
    expect(ledgerWords(fb)).toContain("attempt 2 shipped as the fallback");
    expect(sweepTotal(seed(1).sweep)).toBe(144);
  });
});

describe("compare state", () => {
  it("asks the engine for the newest set only, nothing under two seeds", async () => {
    const asked: number[][] = [];
    const answers: ((v: ComparedSeed[]) => void)[] = [];
    const c = new SideBySide({
      seedsSideBySide: (seeds) => {
        asked.push(seeds);
        return new Promise((r) => answers.push(r));
      },
    });
    await c.add(1);
    expect(asked).toEqual([]);
    expect(c.data).toBeNull();
    const a = c.add(2);
    const b = c.add(3);
    answers[1]!([seed(1), seed(2), seed(3)]);
    answers[0]!([seed(1), seed(2)]);
    await Promise.all([a, b]);
    expect(asked).toEqual([[1, 2], [1, 2, 3]]);
    expect(c.data?.map((x) => x.seed)).toEqual([1, 2, 3]);
    void c.remove(2);
    expect(asked[2]).toEqual([1, 3]);
    c.clear();
    expect(c.seeds).toEqual([]);
    expect(c.data).toBeNull();
  });
  it("shows the engine's refusal", async () => {
    const c = new SideBySide({ seedsSideBySide: () => Promise.reject(new Error("compare 2 to 4 different seeds")) });
    await c.add(1, 2);
    expect(c.error).toContain("compare 2 to 4");
    expect(c.loading).toBe(false);
  });
});
