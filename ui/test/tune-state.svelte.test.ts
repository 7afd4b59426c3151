import { describe, expect, it } from "vitest";
import type { RulesDraft } from "../src/bindings/RulesDraft";
import type { TuneEvent } from "../src/bindings/TuneEvent";
import type { TuneRequest } from "../src/bindings/TuneRequest";
import type { TuneResult } from "../src/bindings/TuneResult";
import type { WhatRequest } from "../src/bindings/WhatRequest";
import { CommandFailed } from "../src/lib/ipc";
import { TuneState, type TuneApi } from "../src/tune/state.svelte";
import { WhatState } from "../src/tune/what.svelte";

const fields = [
  { field: "generator.max_attempts", lo: 1, hi: 1000, whole: true, value: 40 },
  { field: "physics.gravity", lo: 0, hi: 10000, whole: false, value: 300 },
];

/** A shell that reads targets (refusing `bad`), tunes in three candidates and makes drafts. */
function fakeApi() {
  const asked: { tunes: TuneRequest[]; drafts: number[]; what: WhatRequest[]; cancelled: number[] } = { tunes: [], drafts: [], what: [], cancelled: [] };
  const api = {
    tuneFields: async () => fields,
    checkTargets: async (text: string) => {
      if (text.includes("bad")) throw new CommandFailed("check_targets", { message: "no", error: { kind: "bad_targets", at: text.indexOf("bad"), message: "expected a figure" } });
      return { text, targets: text.split(" and ") };
    },
    startTune: async (request: TuneRequest, onEvent: (e: TuneEvent) => void) => {
      asked.tunes.push(request);
      onEvent({ event: "started", job: 9, budget: request.budget, rules_id: "r" });
      for (const [i, s] of [3, null, 1].entries()) {
        const candidate = { index: i, rules_id: s === null ? "" : `c${i}`, values: [], changed: 1, moved: 0.1, evaluation: null, score: s === null ? null : { score: s, targets: [] }, refused: s === null ? "refused" : null };
        onEvent({ event: "candidate", job: 9, candidate, progress: { done: i + 1, budget: request.budget, best_score: 1, best_index: 2, per_second: 10, eta_seconds: 1, elapsed_ms: 1, from_catalog: 0 } });
      }
      return { job: 9, candidates: 3, budget: request.budget, cancelled: false, seeds: request.seeds, best: [], computed: 3, from_catalog: 0 } as unknown as TuneResult;
    },
    tunedToDraft: async (rank: number) => {
      asked.drafts.push(rank);
      return { draft: { rules_id: "d" } } as unknown as RulesDraft;
    },
    saveTunedRules: async () => "/tmp/x.json",
    startWhatRulesDo: async (request: WhatRequest) => {
      asked.what.push(request);
      return { kind: "cancelled", job: 3 } as const;
    },
    exportWhatRulesDo: async () => null,
    cancelJob: async (job: number) => {
      asked.cancelled.push(job);
      return true;
    },
  } as unknown as TuneApi;
  return { api, asked };
}

describe("the Tune view's state", () => {
  it("shows the engine's refusal of targets at its place and the targets it read", async () => {
    const { api } = fakeApi();
    const t = new TuneState(api, { onDraft: () => {}, openAb: () => {} });
    await t.load();
    expect(t.fields).toHaveLength(2);
    t.targetsText = "mean_walls >= 3 and bad";
    await t.checkTargets();
    expect(t.targetsError).toEqual({ at: 20, message: "expected a figure" });
    t.parts = { figure: "fallback_rate", criteria: "", op: "<=", a: "0.1", b: "" };
    t.targetsText = "mean_walls >= 3";
    t.addTarget();
    expect(t.targetsText).toBe("mean_walls >= 3 and fallback_rate <= 0.1");
    await t.checkTargets();
    expect(t.targetsError).toBeNull();
    expect(t.targetsRead).toHaveLength(2);
  });

  it("refuses bad inputs before asking, then runs with the fields' bounds and keeps every score", async () => {
    const { api, asked } = fakeApi();
    const t = new TuneState(api, { onDraft: () => {}, openAb: () => {} });
    await t.load();
    await t.run();
    expect(t.notice?.bad).toBe(true);
    expect(asked.tunes).toHaveLength(0);
    t.addField("generator.max_attempts");
    t.addField("physics.gravity");
    expect(t.vary.map((v) => [v.lo, v.hi])).toEqual([["20", "60"], ["150", "450"]]);
    t.vary[0]!.lo = "1.5";
    await t.run();
    expect(t.notice?.text).toMatch(/whole/);
    t.vary[0]!.lo = "1";
    t.budgetText = "12";
    t.holdout = false;
    await t.run();
    expect(asked.tunes[0]).toEqual({ targets: "fallback_rate <= 0.05", vary: [{ field: "generator.max_attempts", lo: 1, hi: 60 }, { field: "physics.gravity", lo: 150, hi: 450 }], seeds: { from: 0, to: 500 }, holdout: null, budget: 12 });
    expect(t.scores).toEqual([3, null, 1]);
    expect(t.running).toBeNull();
    expect(t.result?.candidates).toBe(3);
  });

  it("makes a tuned rule set the draft and opens the A/B view on the tune's seeds", async () => {
    const { api, asked } = fakeApi();
    const drafts: RulesDraft[] = [];
    const opened: [number, number][] = [];
    const t = new TuneState(api, { onDraft: (d) => drafts.push(d), openAb: (from, to) => opened.push([from, to]) });
    await t.load();
    t.addField("generator.max_attempts");
    await t.run();
    await t.openInAb(2);
    expect(asked.drafts).toEqual([2]);
    expect(drafts).toHaveLength(1);
    expect(opened).toEqual([[0, 500]]);
  });

  it("asks for the tornado of the fields picked (or every field), a curve of one, random rule sets within them", async () => {
    const { api, asked } = fakeApi();
    const t = new TuneState(api, { onDraft: () => {}, openAb: () => {} });
    const w = new WhatState(api, t);
    await t.load();
    await w.run();
    expect(w.notice?.bad).toBe(true);
    t.addField("generator.max_attempts");
    await w.run();
    w.everyField = true;
    await w.run();
    w.kind = "curve";
    w.pointsText = "5";
    await w.run();
    w.kind = "random";
    w.randomText = "9";
    await w.run();
    const seeds = { from: 0, to: 500 };
    const f = { field: "generator.max_attempts", lo: 20, hi: 60 };
    expect(asked.what).toEqual([
      { kind: "tornado", fields: [f], step: 0.1, seeds },
      { kind: "tornado", fields: [], step: 0.1, seeds },
      { kind: "curve", field: f, points: 5, seeds },
      { kind: "random", vary: [f], n: 9, sample_seed: 1, seeds },
    ]);
    expect(w.notice?.text).toMatch(/Cancelled/);
    expect(w.chart()).toEqual({ kind: "random", x: "mean_walls", y: "mean_solving" });
  });
});
