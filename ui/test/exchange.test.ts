import { describe, expect, it } from "vitest";
import type { ImportedLevel } from "../src/bindings/ImportedLevel";
import type { ParsedSeed } from "../src/bindings/ParsedSeed";
import { driftRows, importHeadline, pictureSize, rulesWarning } from "../src/exchange/model";

const shared = (rules_version: number): ParsedSeed => ({
  seed: 42,
  source: { kind: "share_code", code: "CT-000G-0000-5AY0", rules_version },
});

describe("rulesWarning", () => {
  it("warns only for a share code from other rules", () => {
    expect(rulesWarning(shared(1), 1)).toBeNull();
    expect(rulesWarning(shared(0), 1)).toContain("rules v0");
    expect(rulesWarning({ seed: 42, source: { kind: "decimal" } }, 1)).toBeNull();
    expect(rulesWarning(null, 1)).toBeNull();
    expect(rulesWarning(shared(0), null)).toBeNull();
  });
});

function imported(drift: ImportedLevel["verification"]["drift"]): ImportedLevel {
  return {
    path: "/tmp/x.json",
    rules_id: "010786ff88f4",
    rules_name: "v1",
    in_force: true,
    file: {
      format: "contraption-level",
      schema_version: 1,
      rules_version: 0,
      seed: 42,
      daily_key: null,
      level: {
        ball: { x: 1, y: 8 },
        goal: { center: { x: 1, y: 120 }, width: 14, height: 6 },
        walls: [],
        inventory: { ramp: 1, fan: 0, bumper: 0 },
      },
      level_hash: "aaaaaaaaaaaaaaaa",
      verdict: { shipped_attempt: 1, fallback: false, all_pre_solved: false, solution: null, reason: "" },
    },
    verification: {
      seed: 42,
      file_rules_version: 0,
      rules_version: 1,
      rules_id: "010786ff88f4",
      file_hash: "aaaaaaaaaaaaaaaa",
      regenerated_hash: "bbbbbbbbbbbbbbbb",
      identical: drift.length === 0,
      drift,
    },
  };
}

describe("import", () => {
  it("says identical or how many fields drifted", () => {
    expect(importHeadline(imported([]))).toContain("regenerates identically");
    const d = [
      { field: "rules_version", file: "0", now: "1" },
      { field: "level.ball.x", file: "1.0", now: "2.0" },
      { field: "verdict.shipped_attempt", file: "1", now: "2" },
    ];
    expect(importHeadline(imported(d))).toContain("3 fields differ");
    expect(driftRows(d).map((r) => r.field)).toEqual(["level.ball.x", "verdict.shipped_attempt", "rules_version"]);
  });
  it("names picture sizes", () => {
    expect(pictureSize(6)).toBe("624 × 924 px");
  });
});
