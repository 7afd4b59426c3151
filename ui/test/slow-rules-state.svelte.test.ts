/**
 * Slow rules in the features' state, with fake commands and a fake
 * confirmation: Import, Open solution, Open rules file and Apply ask before
 * they use slow rules, repeat the call with the allow flag on yes (the path the
 * refusal named, or `true`), and change nothing on no; the Rules view compares
 * the seed under a slow draft only after "Compare anyway".
 */
import { describe, expect, it } from "vitest";
import type { ImportedLevel } from "../src/bindings/ImportedLevel";
import type { ParsedSeed } from "../src/bindings/ParsedSeed";
import type { RulesDraft } from "../src/bindings/RulesDraft";
import type { RulesInfo } from "../src/bindings/RulesInfo";
import type { SeedComparison } from "../src/bindings/SeedComparison";
import type { SlowRules } from "../src/bindings/SlowRules";
import { Exchange, type ExchangeApi } from "../src/exchange/state.svelte";
import type { SlowWhat } from "../src/lib/slow-rules";
import { SolutionFiles } from "../src/play/files";
import { PlayState } from "../src/play/state.svelte";
import { RulesState, type RulesApi } from "../src/rules/state.svelte";
import { fakeEngine } from "./helpers/play-engine";
import { refusedSlow, slowRules, V1_COST, WALLS64 } from "./slow-fixtures";

/** A confirmation that answers `yes` and records what it was asked. */
function confirming(yes: boolean) {
  const asked: { refusal: SlowRules; what: SlowWhat }[] = [];
  const confirm = async (refusal: SlowRules, what: SlowWhat) => {
    asked.push({ refusal, what });
    return yes;
  };
  return { asked, confirm };
}

const level = { path: "/d/walls64.json", rules_id: "5ad0c0ffee00", rules_name: "5ad0c0ffee00", in_force: false, verification: { seed: 42, identical: true, rules_version: 1, regenerated_hash: "h" }, file: { daily_key: null } } as unknown as ImportedLevel;

describe("Import: a level file with slow rules", () => {
  function setup(yes: boolean) {
    const calls: (string | null)[] = [];
    const refusal = slowRules("/d/walls64.json", WALLS64);
    const api = {
      shareCode: async () => ({}),
      importLevelFile: async (allowSlow: string | null) => {
        calls.push(allowSlow);
        if (allowSlow === null) throw refusedSlow("import_level_file", refusal);
        return level;
      },
    } as unknown as ExchangeApi;
    const shown: ParsedSeed = { seed: 42, source: { kind: "decimal" } };
    const c = confirming(yes);
    const x = new Exchange(api, { shown: () => shown, attempt: () => null }, c.confirm);
    return { x, calls, refusal, ...c };
  }

  it("asks, then reads the same file again with its rules allowed", async () => {
    const { x, calls, refusal, asked } = setup(true);
    await x.importLevel();
    expect(asked).toEqual([{ refusal, what: "level" }]);
    expect(calls).toEqual([null, "/d/walls64.json"]);
    expect(x.status?.kind).toBe("ok");
    expect(x.status?.imported).toBe(level);
  });

  it("declined: nothing more is read and the card says why", async () => {
    const { x, calls } = setup(false);
    await x.importLevel();
    expect(calls).toEqual([null]);
    expect(x.status).toMatchObject({ kind: "info", text: "Import cancelled: /d/walls64.json embeds slow rules (5ad0c0ffee00).", imported: null });
  });
});

describe("Open solution: a solution file with slow rules", () => {
  it("asks, then replays the same file; declined, the parts stay", async () => {
    const api = fakeEngine();
    const s = new PlayState(api);
    await s.load(42, "010786ff88f4");
    const refusal = slowRules("/d/s.json", WALLS64);
    const f = await api.saveSolution(42, "010786ff88f4", [], []);
    const calls: (string | null)[] = [];
    api.openSolution = async (allowSlow) => {
      calls.push(allowSlow);
      if (allowSlow === null) throw refusedSlow("open_solution", refusal);
      return f;
    };
    const no = confirming(false);
    await new SolutionFiles(s, api, no.confirm).open();
    expect(no.asked).toEqual([{ refusal, what: "solution" }]);
    expect(calls).toEqual([null]);
    expect(s.file).toEqual({ text: "Open cancelled: /d/s.json embeds slow rules (5ad0c0ffee00).", errorKind: "slow_rules" });
    expect(s.run).toBeNull();

    const yes = confirming(true);
    await new SolutionFiles(s, api, yes.confirm).open();
    expect(calls).toEqual([null, null, "/d/s.json"]);
    expect(s.run).toBe(f!.run);
    expect(s.file?.loaded).toBe("/tmp/s.json");
  });
});

const info = (id: string): RulesInfo => ({ rules_id: id, rules_name: id, is_default: false, rules: {} }) as unknown as RulesInfo;
const QUICK = info("010786ff88f4");
const SLOW = info("5ad0c0ffee00");

/** The shell's rules draft reduced to the slow-rules checks: `SLOW` is slow, `QUICK` is not. */
function fakeLab() {
  let draft = QUICK;
  let inForce = QUICK;
  const calls: string[] = [];
  const state = (): RulesDraft => ({ draft, in_force: inForce, diff: draft === inForce ? [] : [{ field: "walls.count.max", a: "5", b: "64" }], draft_cost: draft === SLOW ? WALLS64 : V1_COST, set_aside: null });
  const refuse = (command: string, path: string | null) => refusedSlow(command, slowRules(path, WALLS64));
  const api: RulesApi = {
    rulesFields: async () => [],
    rulesDraft: async () => state(),
    setRulesField: async (_path, value) => {
      draft = value === "64" ? SLOW : QUICK;
      return state();
    },
    loadRulesPreset: async () => ((draft = QUICK), state()),
    openRulesFile: async (allowSlow) => {
      calls.push(`open ${allowSlow}`);
      if (allowSlow === null) throw refuse("open_rules_file", "/d/slow.json");
      draft = SLOW;
      return state();
    },
    saveRulesFile: async () => null,
    applyRulesDraft: async (allowSlow) => {
      calls.push(`apply ${allowSlow}`);
      if (draft === SLOW && !allowSlow) throw refuse("apply_rules_draft", null);
      inForce = draft;
      return state();
    },
    resetRules: async () => ((inForce = QUICK), state()),
    draftVsInForce: async (seed, allowSlow) => {
      calls.push(`compare ${seed} ${allowSlow}`);
      if (draft === SLOW && !allowSlow) throw refuse("draft_vs_in_force", null);
      return { seed } as SeedComparison;
    },
  };
  return { api, calls };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe("the Rules view: slow drafts", () => {
  it("shows the draft's worst case live, from every answer", async () => {
    const { api } = fakeLab();
    const lab = new RulesState(api, () => {}, 0, confirming(true).confirm);
    await lab.load();
    expect(lab.draftCost).toEqual(V1_COST);
    await lab.setField("walls.count.max", "64");
    expect(lab.draftCost).toEqual(WALLS64);
    expect(lab.draftCost?.slow).toBe(true);
  });

  it("applies a slow draft only after a yes; declined, the rules in force stay", async () => {
    const { api, calls } = fakeLab();
    const no = confirming(false);
    const lab = new RulesState(api, () => {}, 0, no.confirm);
    await lab.load();
    await lab.setField("walls.count.max", "64");
    await lab.apply();
    expect(no.asked.map((a) => [a.what, a.refusal.path])).toEqual([["apply", null]]);
    expect(calls.filter((c) => c.startsWith("apply"))).toEqual(["apply false"]);
    expect(lab.inForce?.rules_id).toBe(QUICK.rules_id);
    expect(lab.notice).toEqual({ text: "Not applied: the draft's rules (5ad0c0ffee00) are slow; the rules in force are unchanged.", bad: false });

    const yes = confirming(true);
    const lab2 = new RulesState(api, () => {}, 0, yes.confirm);
    await lab2.load();
    await lab2.apply();
    expect(calls.filter((c) => c.startsWith("apply"))).toEqual(["apply false", "apply false", "apply true"]);
    expect(lab2.inForce?.rules_id).toBe(SLOW.rules_id);
  });

  it("opens a slow rules file after a yes, and then neither applying nor comparing asks again", async () => {
    const { api, calls } = fakeLab();
    const yes = confirming(true);
    const lab = new RulesState(api, () => {}, 0, yes.confirm);
    await lab.load();
    lab.watchSeed(42);
    await lab.open();
    expect(yes.asked.map((a) => [a.what, a.refusal.path])).toEqual([["rules_file", "/d/slow.json"]]);
    expect(calls.slice(0, 2)).toEqual(["open null", "open /d/slow.json"]);
    expect(lab.draft?.rules_id).toBe(SLOW.rules_id);
    await settle();
    expect(calls).toContain("compare 42 true");
    expect(lab.compareWaits).toBeNull();
    await lab.apply();
    expect(calls.filter((c) => c.startsWith("apply"))).toEqual(["apply true"]);
    expect(yes.asked).toHaveLength(1);
  });

  it("declining a slow rules file leaves the draft as it was", async () => {
    const { api, calls } = fakeLab();
    const lab = new RulesState(api, () => {}, 0, confirming(false).confirm);
    await lab.load();
    await lab.open();
    expect(calls).toEqual(["open null"]);
    expect(lab.draft?.rules_id).toBe(QUICK.rules_id);
    expect(lab.notice?.text).toBe("Not opened: /d/slow.json holds slow rules (5ad0c0ffee00); the draft is unchanged.");
  });

  it("compares the seed under a slow draft only after Compare anyway", async () => {
    const { api, calls } = fakeLab();
    const yes = confirming(true);
    const lab = new RulesState(api, () => {}, 0, yes.confirm);
    await lab.load();
    lab.watchSeed(42);
    await settle();
    expect(lab.comparison?.seed).toBe(42);
    await lab.setField("walls.count.max", "64");
    await settle();
    expect(calls.at(-1)).toBe("compare 42 false");
    expect(lab.compareWaits?.cost).toEqual(WALLS64);
    expect(lab.comparison).toBeNull();
    lab.compareAnyway();
    await settle();
    expect(calls.at(-1)).toBe("compare 42 true");
    expect(lab.compareWaits).toBeNull();
    expect(lab.comparison?.seed).toBe(42);
    // Compare anyway is for comparing only: Apply still asks.
    const before = calls.length;
    await lab.apply();
    expect(calls.slice(before)).toEqual(["apply false", "apply true"]);
  });
});
