import { describe, expect, it } from "vitest";
import type { Metric } from "../src/bindings/Metric";
import type { RangeReport } from "../src/bindings/RangeReport";
import type { ViewSettings } from "../src/bindings/ViewSettings";
import { RangeState, type RangeApi, type RangeSource } from "../src/expressive_range/state.svelte";
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

/**
 * The view settings as the shell keeps them (`view_settings` / `set_view_settings`
 * merge field by field, like studio-core's SettingsStore); `writes` is every
 * settings patch sent, in order.
 */
function settingsShell(initial: ViewSettings = {}) {
  let stored: ViewSettings = { ...initial };
  const writes: ViewSettings[] = [];
  return {
    writes,
    stored: () => stored,
    viewSettings: async (): Promise<ViewSettings> => ({ ...stored }),
    setViewSettings: async (patch: ViewSettings): Promise<ViewSettings> => {
      writes.push(patch);
      stored = { ...stored, ...patch };
      return { ...stored };
    },
  };
}

/** A shell whose answers wait until released, in any order. */
function slowApi(settings = settingsShell()) {
  const pending: { args: unknown[]; release: () => void }[] = [];
  const exported: unknown[][] = [];
  const api: RangeApi = {
    viewSettings: settings.viewSettings,
    setViewSettings: settings.setViewSettings,
    abExpressiveRange: (a, b, from, to, x, y) =>
      new Promise((resolve) => {
        pending.push({ args: [a, b, from, to, x, y], release: () => resolve(report(x, y, from, to)) });
      }),
    exportExpressiveRangePng: async (...args) => {
      exported.push(args);
      return { path: "/tmp/r.png", bytes: 1234 };
    },
  };
  return { api, pending, exported, settings };
}

/** A state whose remembered metrics have been read. */
async function ready(api: RangeApi): Promise<RangeState> {
  const s = new RangeState(api);
  await s.ready;
  return s;
}

/** Any use of the webview's storage fails the test that makes it. */
function forbidWebStorage(): () => void {
  const names = ["localStorage", "sessionStorage", "indexedDB"] as const;
  const before = names.map((n) => Object.getOwnPropertyDescriptor(globalThis, n));
  const touched: string[] = [];
  for (const n of names) {
    Object.defineProperty(globalThis, n, {
      configurable: true,
      get() {
        touched.push(n);
        throw new Error(`${n} used`);
      },
    });
  }
  return () => {
    names.forEach((n, i) => {
      const d = before[i];
      if (d) Object.defineProperty(globalThis, n, d);
      else delete (globalThis as Record<string, unknown>)[n];
    });
    expect(touched).toEqual([]);
  };
}

const src = (from: number, to: number, bId = "b1"): RangeSource => ({ a: "in_force", b: "draft", from, to, aId: "a1", bId });

describe("the expressive-range state", () => {
  it("remembers the metrics picked in the profile's view settings, never in the webview's storage", async () => {
    const done = forbidWebStorage();
    try {
      const shell = settingsShell();
      const s = await ready(slowApi(shell).api);
      expect([s.x, s.y]).toEqual(["solving", "walls"]);
      expect(shell.writes).toEqual([]);
      s.pick("x", "attempts");
      s.pick("y", "pre_solved");
      await s.saved;
      // Each pick writes its own axis; the shell keeps both.
      expect(shell.writes).toEqual([{ range_x: "attempts" }, { range_y: "pre_solved" }]);
      expect(shell.stored()).toEqual({ range_x: "attempts", range_y: "pre_solved" });
      // The next start (another state over the same settings) starts from them.
      const again = await ready(slowApi(shell).api);
      expect([again.x, again.y]).toEqual(["attempts", "pre_solved"]);
      again.swap();
      expect([again.x, again.y]).toEqual(["pre_solved", "attempts"]);
      await again.saved;
      expect(shell.writes.at(-1)).toEqual({ range_x: "pre_solved", range_y: "attempts" });
      expect(shell.stored()).toEqual({ range_x: "pre_solved", range_y: "attempts" });
      // Another profile's settings are its own.
      const other = await ready(slowApi(settingsShell({ range_y: "gears" })).api);
      expect([other.x, other.y]).toEqual(["solving", "gears"]);
    } finally {
      done();
    }
  });

  it("takes each remembered metric on its own, and the defaults when there are none to be had", async () => {
    const odd = { range_x: "closest", range_y: "gears" } as unknown as ViewSettings;
    const partly = await ready(slowApi(settingsShell(odd)).api);
    expect([partly.x, partly.y]).toEqual(["solving", "gears"]);
    const refused = await ready({
      ...slowApi().api,
      viewSettings: async () => {
        throw new Error("not granted");
      },
    });
    expect([refused.x, refused.y]).toEqual(["solving", "walls"]);
    expect(refused.notice).toBeNull();
  });

  it("never lets the read of the remembered metrics undo a pick, and counts only once they are read", async () => {
    let answer: (s: ViewSettings) => void = () => {};
    const shell = settingsShell();
    const fake = slowApi(shell);
    const s = new RangeState({ ...fake.api, viewSettings: () => new Promise((r) => (answer = r)) });
    const shown = s.show(src(0, 10));
    await Promise.resolve();
    expect(fake.pending).toEqual([]);
    expect(s.loading(src(0, 10))).toBe(true);
    s.pick("y", "ramps");
    answer({ range_x: "inventory", range_y: "fans" });
    await s.ready;
    // y was picked while the settings were read: the pick holds; x is the remembered one.
    expect([s.x, s.y]).toEqual(["inventory", "ramps"]);
    await Promise.resolve();
    expect(fake.pending.map((p) => p.args.slice(4))).toEqual([["inventory", "ramps"]]);
    fake.pending[0]!.release();
    await shown;
    expect(s.current(src(0, 10))?.x.metric).toBe("inventory");
    await s.saved;
    expect(shell.writes).toEqual([{ range_y: "ramps" }]);
  });

  it("writes the picks one after the other, and says when a pick will not be remembered", async () => {
    const shell = settingsShell();
    const order: string[] = [];
    let release: () => void = () => {};
    const s = await ready({
      ...slowApi(shell).api,
      setViewSettings: async (patch) => {
        order.push(`start ${JSON.stringify(patch)}`);
        if (order.length === 1) await new Promise<void>((r) => (release = r));
        const all = await shell.setViewSettings(patch);
        order.push(`end ${JSON.stringify(patch)}`);
        return all;
      },
    });
    s.pick("x", "fans");
    s.pick("x", "bumpers");
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['start {"range_x":"fans"}']);
    release();
    await s.saved;
    expect(order).toEqual([
      'start {"range_x":"fans"}',
      'end {"range_x":"fans"}',
      'start {"range_x":"bumpers"}',
      'end {"range_x":"bumpers"}',
    ]);
    expect(shell.stored()).toEqual({ range_x: "bumpers" });

    const failing = await ready({
      ...slowApi().api,
      setViewSettings: async () => {
        throw new Error("could not write /p/view-settings.json: read-only file system");
      },
    });
    failing.pick("x", "gears");
    await failing.saved;
    expect(failing.x).toBe("gears");
    expect(failing.notice).toEqual({
      text: "The metrics picked will not be remembered: could not write /p/view-settings.json: read-only file system",
      bad: true,
    });
  });

  it("shows only counts of the comparison and metrics asked for; older answers are dropped", async () => {
    const fake = slowApi();
    const s = await ready(fake.api);
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
    const s = await ready(fake.api);
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
    const s = new RangeState({
      ...slowApi().api,
      abExpressiveRange: async () => {
        throw new Error("the range is not scanned under b1");
      },
      exportExpressiveRangePng: async () => null,
    });
    await s.show(src(0, 10));
    expect(s.error).toContain("not scanned");
    expect(s.loading(src(0, 10))).toBe(false);
  });
});
