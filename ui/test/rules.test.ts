import { describe, expect, it } from "vitest";
import type { RuleFieldInfo } from "../src/bindings/RuleFieldInfo";
import type { RulesDraft } from "../src/bindings/RulesDraft";
import type { RulesInfo } from "../src/bindings/RulesInfo";
import type { SeedComparison } from "../src/bindings/SeedComparison";
import { boundsWords, inForceWords, inputsOf, inputText, rulesBadge, sections, typedValue, valueAt, valueWords } from "../src/rules/model";
import { RulesState, type RulesApi } from "../src/rules/state.svelte";
import { V1_COST } from "./slow-fixtures";

const field = (path: string, shape: string, def: string): RuleFieldInfo => ({
  path,
  section: path.slice(0, path.lastIndexOf(".")),
  unit: "units",
  shape,
  allowed: "…",
  note: "",
  description: `what ${path} does`,
  default: def,
});

const info = (id: string, max_attempts: number): RulesInfo =>
  ({ rules_id: id, rules_name: id === "010786ff88f4" ? "v1" : id, is_default: id === "010786ff88f4", rules: { generator: { max_attempts } } }) as unknown as RulesInfo;

const draftState = (draft: RulesInfo, inForce: RulesInfo): RulesDraft => ({
  draft,
  in_force: inForce,
  diff: draft.rules_id === inForce.rules_id ? [] : [{ field: "generator.max_attempts", a: "40", b: "1" }],
  draft_cost: V1_COST,
  set_aside: null,
});

const V1 = info("010786ff88f4", 40);
const ONE = info("9e63fc90eca2", 1);

/** The shell reduced to one rule: generator.max_attempts must be a whole number from 1 to 1000. */
function fakeApi() {
  let draft = V1;
  let inForce = V1;
  const calls: string[] = [];
  const api: RulesApi = {
    rulesFields: async () => [field("generator.max_attempts", "whole", "40")],
    rulesDraft: async () => draftState(draft, inForce),
    setRulesField: async (path, value) => {
      calls.push(`set ${path}=${value}`);
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`${path} is ${value}; it must be a whole number from 1 to 1000`);
      draft = n === 40 ? V1 : ONE;
      return draftState(draft, inForce);
    },
    loadRulesPreset: async () => draftState((draft = V1), inForce),
    openRulesFile: async () => null,
    saveRulesFile: async () => "/tmp/r.json",
    applyRulesDraft: async () => draftState(draft, (inForce = draft)),
    resetRules: async () => draftState(draft, (inForce = V1)),
    draftVsInForce: async (seed) => {
      calls.push(`compare ${seed} under ${draft.rules_id}`);
      return { seed } as SeedComparison;
    },
  };
  return { api, calls };
}

describe("rules model", () => {
  it("groups fields by section in table order", () => {
    const s = sections([field("physics.gravity", "number", "200.0"), field("physics.max_speed", "number", "300.0"), field("parts.ramp.length", "number", "18.0")]);
    expect(s.map((g) => [g.section, g.fields.length])).toEqual([
      ["physics", 2],
      ["parts.ramp", 1],
    ]);
  });

  it("reads values and turns typed text into the JSON the engine validates", () => {
    expect(valueWords('{"max":90.0,"min":10.0}')).toBe("10 – 90");
    expect(valueWords("[15.0,29.0]")).toBe("15, 29");
    const rules = { sweep: { xs: [15, 29] }, ball: { start_x: { min: 10, max: 90 } } };
    expect(valueAt(rules, "ball.start_x.max")).toBe("90");
    expect(valueAt(rules, "ball.nothing")).toBeNull();
    expect(inputText(rules, "sweep.xs")).toBe("15, 29");
    const xs = field("sweep.xs", "list", "[]");
    expect(typedValue(xs, "sweep.xs", " 20, 50 ,80 ")).toBe("[20, 50, 80]");
    expect(typedValue(xs, "sweep.xs", "")).toBeNull();
    // Anything else goes as typed: the engine says what is wrong with it.
    expect(typedValue(field("physics.gravity", "number", "200.0"), "physics.gravity", "strong")).toBe("strong");
    expect(inputsOf(field("ball.start_x", "range", "{}")).map((i) => i.path)).toEqual(["ball.start_x.min", "ball.start_x.max"]);
  });

  it("writes a field's line with a space each side of every separator", () => {
    const radius = { ...field("ball.radius", "number", "2.5"), allowed: "0.1 to 20", note: "2 × radius must be less than field.width" };
    expect(boundsWords(radius)).toBe("default 2.5 · 0.1 to 20 · and a limit between fields");
    const range = { ...field("walls.count", "count_range", '{"max":5,"min":2}'), allowed: "whole numbers, min ≤ max, both 0 to 64" };
    expect(boundsWords(range)).toBe("default 2 – 5 · whole numbers, min ≤ max, both 0 to 64");
    // What follows the line of a changed field starts with its own separator.
    expect(boundsWords(radius) + inForceWords("3.0")).toBe("default 2.5 · 0.1 to 20 · and a limit between fields · in force: 3");
    for (const text of [boundsWords(radius), boundsWords(range), inForceWords("[15.0,29.0]")]) expect(text).not.toMatch(/\S·|·\S/);
  });

  it("names the rules in force for the top bar", () => {
    expect(rulesBadge(V1)).toBe("v1");
    expect(rulesBadge(ONE)).toBe("custom · 9e63fc90eca2");
  });
});

describe("rules view state (the rules draft)", () => {
  it("a refused edit shows the engine's message and changes nothing", async () => {
    const { api } = fakeApi();
    const rules = new RulesState(api, () => {}, 0);
    await rules.load();
    const before = rules.state;
    expect(await rules.setField("generator.max_attempts", "0")).toBe(false);
    expect(rules.errors["generator.max_attempts"]).toBe("generator.max_attempts is 0; it must be a whole number from 1 to 1000");
    expect(rules.state).toBe(before);
    expect(await rules.setField("generator.max_attempts", "1")).toBe(true);
    expect(rules.errors).toEqual({});
    expect(rules.draft?.rules_id).toBe("9e63fc90eca2");
    expect(rules.state?.diff.map((d) => d.field)).toEqual(["generator.max_attempts"]);
    expect(rules.inForce?.rules_id).toBe("010786ff88f4");
  });

  it("apply and reset change the rules in force and tell the views once each", async () => {
    const { api } = fakeApi();
    let told = 0;
    const rules = new RulesState(api, () => void (told += 1), 0);
    await rules.load();
    await rules.setField("generator.max_attempts", "1");
    expect(told).toBe(0);
    await rules.apply();
    expect(rules.inForce?.rules_id).toBe("9e63fc90eca2");
    expect([rules.applied, told]).toEqual([1, 1]);
    await rules.apply();
    expect(told).toBe(1);
    await rules.reset();
    expect(rules.inForce?.is_default).toBe(true);
    expect([rules.applied, told]).toEqual([2, 2]);
    expect(rules.draft?.rules_id).toBe("9e63fc90eca2");
  });

  it("compares the watched seed under the draft after edits, debounced to the last", async () => {
    const { api, calls } = fakeApi();
    const rules = new RulesState(api, () => {}, 5);
    await rules.load();
    rules.watchSeed(42);
    await rules.setField("generator.max_attempts", "1");
    await rules.setField("generator.max_attempts", "40");
    await rules.setField("generator.max_attempts", "1");
    await new Promise((r) => setTimeout(r, 30));
    expect(calls.filter((c) => c.startsWith("compare"))).toEqual(["compare 42 under 9e63fc90eca2"]);
    expect(rules.comparison?.seed).toBe(42);
    rules.watchSeed(null);
    await rules.setField("generator.max_attempts", "40");
    await new Promise((r) => setTimeout(r, 30));
    expect(calls.filter((c) => c.startsWith("compare")).length).toBe(1);
  });
});
