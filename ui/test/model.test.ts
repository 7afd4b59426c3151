import { describe, expect, it } from "vitest";
import {
  allVisible, countResults, hex, nextSeed, passes, prevSeed, pushHistory, randomSeed, resultCodes, sourceWords, verdictWords,
} from "../src/inspector/model";
import { attempt, entries, report } from "./fixtures";

describe("seed navigation", () => {
  it("wraps at both ends of the 32-bit range", () => {
    expect(nextSeed(41)).toBe(42);
    expect(nextSeed(4294967295)).toBe(0);
    expect(prevSeed(0)).toBe(4294967295);
    expect(prevSeed(43)).toBe(42);
  });
  it("formats hex like the engine accepts it", () => {
    expect(hex(42)).toBe("0x0000002A");
    expect(hex(4294967295)).toBe("0xFFFFFFFF");
  });
  it("draws random seeds from the given source", () => {
    expect(randomSeed((a) => a.fill(123456789))).toBe(123456789);
  });
  it("describes where a seed came from", () => {
    expect(sourceWords({ seed: 1, source: { kind: "hex" } })).toBe("hex");
    expect(sourceWords({ seed: 1, source: { kind: "daily", date: "2026-07-28", key: "contraption:2026-7-28" } })).toBe(
      "daily seed of 2026-07-28",
    );
    expect(sourceWords({ seed: 1, source: { kind: "share_code", code: "CT-000G-0000-5AY0", rules_version: 2 } })).toBe(
      "share code CT-000G-0000-5AY0 (rules v2)",
    );
  });
});

describe("sweep counts", () => {
  it("counts every result and fingerprints the order", () => {
    const es = entries((i) => (i % 5 === 0 ? "goal" : i % 5 === 1 ? "out" : i % 5 === 2 ? "rest" : i % 5 === 3 ? "timeout" : "blocked"));
    const c = countResults(es);
    expect(c).toEqual({ goal: 29, out: 29, rest: 29, timeout: 29, blocked: 28 });
    expect(c.goal + c.out + c.rest + c.timeout + c.blocked).toBe(144);
    expect(resultCodes(es).slice(0, 6)).toBe("gortbg");
    expect(resultCodes(es)).toHaveLength(144);
  });
  it("filters by tilt and by result", () => {
    const f = allVisible(4);
    expect(passes(f, 2, "out")).toBe(true);
    f.tilts[2] = false;
    f.results.rest = false;
    expect(passes(f, 2, "out")).toBe(false);
    expect(passes(f, 1, "rest")).toBe(false);
    expect(passes(f, 1, "out")).toBe(true);
  });
});

describe("verdicts in plain words", () => {
  it("names preSolved, rejected, the fallback candidate and the accepted attempt", () => {
    const r = report([attempt(1, "pre_solved"), attempt(2, "no_single_ramp_solution", true), attempt(3, "accepted")], 3, false);
    const [a1, a2, a3] = r.attempts;
    expect(verdictWords(r, a1!).words).toContain("bare ball falls into the goal");
    expect(verdictWords(r, a1!).tone).toBe("presolved");
    expect(verdictWords(r, a2!).words).toContain("Kept as the fallback");
    expect(verdictWords(r, a2!).shipped).toBe(false);
    expect(verdictWords(r, a3!)).toMatchObject({ tone: "accepted", shipped: true });
  });
  it("says when the fallback shipped after every attempt failed", () => {
    const attempts = [attempt(1, "no_single_ramp_solution", true), ...Array.from({ length: 39 }, (_, i) => attempt(i + 2, "no_single_ramp_solution"))];
    const r = report(attempts, 1, true);
    const w = verdictWords(r, r.attempts[0]!);
    expect(w.tone).toBe("fallback");
    expect(w.words).toContain("after 40 attempts");
    expect(verdictWords(r, r.attempts[5]!).words).not.toContain("fallback");
  });
  it("explains the degenerate all-preSolved case", () => {
    const attempts = Array.from({ length: 40 }, (_, i) => attempt(i + 1, "pre_solved"));
    const r = report(attempts, 40, true, true);
    expect(verdictWords(r, r.attempts[39]!).words).toContain("all 40 candidates");
  });
});

describe("history", () => {
  it("keeps the newest first and each seed once", () => {
    let h = pushHistory([], { seed: 1, label: "1", summary: "" });
    h = pushHistory(h, { seed: 2, label: "2", summary: "" });
    h = pushHistory(h, { seed: 1, label: "1", summary: "again" });
    expect(h.map((x) => x.seed)).toEqual([1, 2]);
    expect(h[0]!.summary).toBe("again");
    for (let i = 0; i < 80; i++) h = pushHistory(h, { seed: 100 + i, label: "", summary: "" });
    expect(h).toHaveLength(50);
  });
});
