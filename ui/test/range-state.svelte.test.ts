import { describe, expect, it } from "vitest";
import type { Metric } from "../src/bindings/Metric";
import type { RangeReport } from "../src/bindings/RangeReport";
import { RangeState, STORAGE_KEY, type RangeApi, type RangeSource } from "../src/range/state.svelte";
import { flush, watch } from "./helpers/watch.svelte";

const report = (x: Metric, y: Metric, from: number, to: number): RangeReport => ({
  a: { rules_id: "a1", rules_name: "v1" },
  b: { rules_id: "b1", rules_name: "one" },
  from,
  to,
  x: { metric: x, lo: 0, hi: 5 },
  y: { metric: y, lo: 0, hi: 5 },
  a_counts: [[1, 1, to - from]],
  b_counts: [[2, 1, to - from]],
});

function memory(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

/** A shell whose answers wait until released, in any order. */
function slowApi() {
  const pending: { args: unknown[]; release: () => void }[] = [];
  const exported: unknown[][] = [];
  const api: RangeApi = {
    abRange: (a, b, from, to, x, y) =>
      new Promise((resolve) => {
        pending.push({ args: [a, b, from, to, x, y], release: () => resolve(report(x, y, from, to)) });
      }),
    exportAbRangePng: async (...args) => {
      exported.push(args);
      return { path: "/tmp/r.png", bytes: 1234 };
    },
  };
  return { api, pending, exported };
}

const src = (from: number, to: number, bId = "b1"): RangeSource => ({ a: "in_force", b: "draft", from, to, aId: "a1", bId });

describe("the expressive-range state", () => {
  it("remembers the metrics picked, and ignores a damaged entry", () => {
    const store = memory();
    const s = new RangeState(slowApi().api, store);
    expect([s.x, s.y]).toEqual(["solving", "walls"]);
    s.pick("x", "attempts");
    s.pick("y", "pre_solved");
    expect(JSON.parse(store.m.get(STORAGE_KEY)!)).toEqual({ x: "attempts", y: "pre_solved" });
    const again = new RangeState(slowApi().api, store);
    expect([again.x, again.y]).toEqual(["attempts", "pre_solved"]);
    again.swap();
    expect([again.x, again.y]).toEqual(["pre_solved", "attempts"]);
    const damaged = new RangeState(slowApi().api, memory({ [STORAGE_KEY]: '{"x":"nonsense","y":' }));
    expect([damaged.x, damaged.y]).toEqual(["solving", "walls"]);
    const partly = new RangeState(slowApi().api, memory({ [STORAGE_KEY]: '{"x":"closest","y":"gears"}' }));
    expect([partly.x, partly.y]).toEqual(["solving", "gears"]);
  });

  it("shows only counts of the comparison and metrics asked for; older answers are dropped", async () => {
    const fake = slowApi();
    const s = new RangeState(fake.api, memory());
    const first = src(0, 100);
    const shown = watch(() => s.current(first)?.x.metric ?? null);
    void s.show(first);
    expect(s.loading(first)).toBe(true);
    s.pick("x", "attempts");
    void s.show(first);
    // The newer answer (attempts) arrives first; the older (solving) is dropped.
    fake.pending[1]!.release();
    await Promise.resolve();
    await Promise.resolve();
    fake.pending[0]!.release();
    await Promise.resolve();
    await Promise.resolve();
    flush();
    expect(fake.pending.map((p) => p.args[4])).toEqual(["solving", "attempts"]);
    expect(s.current(first)?.x.metric).toBe("attempts");
    expect(shown.values).toEqual([null, "attempts"]);
    // Picking another metric hides the counts at once (nothing stale) until they come.
    s.pick("y", "ramps");
    flush();
    expect(s.current(first)).toBeNull();
    expect(shown.values.at(-1)).toBeNull();
    // Another comparison (a re-run under other rules): the old counts are not its.
    expect(s.current(src(0, 100, "b2"))).toBeNull();
    expect(s.current(src(0, 200))).toBeNull();
    // A hovered cell stays while the comparison does, and goes with it.
    s.hovered = { i: 1, j: 1 };
    void s.show(first);
    expect(s.hovered).toEqual({ i: 1, j: 1 });
    void s.show(src(0, 200));
    expect(s.hovered).toBeNull();
    shown.stop();
  });

  it("exports the figure shown, with its sides, range and metrics", async () => {
    const fake = slowApi();
    const s = new RangeState(fake.api, memory());
    await s.exportPng();
    expect(fake.exported).toEqual([]);
    s.pick("x", "inventory");
    const p = s.show(src(10, 60));
    fake.pending[0]!.release();
    await p;
    await s.exportPng();
    expect(fake.exported).toEqual([["in_force", "draft", 10, 60, "inventory", "walls"]]);
    expect(s.notice).toEqual({ text: "Saved the figure as /tmp/r.png (1234 bytes).", bad: false });
  });

  it("says why the counts could not be had", async () => {
    const s = new RangeState(
      {
        abRange: async () => {
          throw new Error("the range is not scanned under b1");
        },
        exportAbRangePng: async () => null,
      },
      memory(),
    );
    await s.show(src(0, 10));
    expect(s.error).toContain("not scanned");
    expect(s.loading(src(0, 10))).toBe(false);
  });
});
