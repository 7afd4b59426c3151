import { describe, expect, it } from "vitest";
import type { AbEvent } from "../src/bindings/AbEvent";
import type { AbReport } from "../src/bindings/AbReport";
import type { AbRules } from "../src/bindings/AbRules";
import type { Thumbnail } from "../src/bindings/Thumbnail";
import { AbState, type LabApi } from "../src/ab/state.svelte";

const report = (from: number, to: number): AbReport =>
  ({ a: { rules_id: "a", rules_name: "v1" }, b: { rules_id: "b", rules_name: "b" }, from, to, figures: { seeds: to - from, changed: 0 }, changed: [] }) as unknown as AbReport;

/** A shell that scans (or reuses) each side and can be cancelled between sides. */
function fakeApi(stored: Set<AbRules>) {
  const scanned: AbRules[] = [];
  const thumbsAsked: [AbRules, number[]][] = [];
  let cancel = false;
  const api: LabApi = {
    startAb: async (a, b, from, to, onEvent: (e: AbEvent) => void) => {
      const reused: ("a" | "b")[] = [];
      for (const [side, rules] of [
        ["a", a],
        ["b", b],
      ] as const) {
        const whole = stored.has(rules);
        onEvent({ event: "side", job: 7, side, rules_id: rules, reused: whole });
        if (whole) {
          reused.push(side);
          continue;
        }
        if (cancel) return { job: 7, end: "cancelled", reused };
        onEvent({ event: "scan", side, scan: { event: "progress", job: 7, done: (to - from) / 2, total: to - from, seeds_per_second: 1, eta_seconds: 1, elapsed_ms: 1 } });
        scanned.push(rules);
        stored.add(rules);
      }
      return { job: 7, end: "done", reused };
    },
    abReport: async (_a, _b, from, to) => report(from, to),
    abWouldChange: async () => ({ bookmarks_checked: 0, bookmarks: [], days_checked: 30, days: [] }),
    abThumbnails: async (side, seeds) => {
      thumbsAsked.push([side, seeds]);
      return seeds.map((seed) => ({ seed, world: { ball: { x: seed, y: 0 } } }) as unknown as Thumbnail);
    },
    exportAbCsv: async (_a, _b, from, to) => to - from,
    cancelJob: async () => {
      cancel = true;
      return true;
    },
  };
  return { api, scanned, thumbsAsked, cancelNext: () => (cancel = true) };
}

describe("the A/B state", () => {
  it("scans both sides, then compares; a second run reuses both", async () => {
    const fake = fakeApi(new Set());
    const ab = new AbState(fake.api, () => {});
    ab.fromText = "0";
    ab.toText = "300";
    await ab.run();
    expect(fake.scanned).toEqual(["in_force", "draft"]);
    expect(ab.report?.to).toBe(300);
    expect(ab.running).toBeNull();
    expect(ab.notice).toBeNull();
    await ab.exportCsv();
    expect(ab.notice?.text).toContain("300 rows");
    await ab.run();
    expect(fake.scanned).toEqual(["in_force", "draft"]);
    expect(ab.notice?.text).toContain("A and B");
  });

  it("each side's thumbnails come from that side's rules, for any row asked (not only the first ones)", async () => {
    const fake = fakeApi(new Set());
    const ab = new AbState(fake.api, () => {});
    ab.a = "default";
    ab.b = "draft";
    await ab.run();
    const t = ab.thumbs!;
    expect(t.b.world(4000)).toBeUndefined();
    expect(t.a.world(4000)).toBeUndefined();
    await Promise.all([t.a.flush(), t.b.flush()]);
    expect(fake.thumbsAsked).toEqual([
      ["default", [4000]],
      ["draft", [4000]],
    ]);
    expect(t.b.world(4000)?.ball.x).toBe(4000);
    // Another comparison brings other caches: nothing of the old sides is shown.
    await ab.run();
    expect(ab.thumbs).not.toBe(t);
    expect(ab.thumbs!.a.world(4000)).toBeUndefined();
  });

  it("refuses a bad range without asking the shell", async () => {
    const fake = fakeApi(new Set());
    const ab = new AbState(fake.api, () => {});
    ab.fromText = "10";
    ab.toText = "5";
    await ab.run();
    expect(ab.notice?.bad).toBe(true);
    expect(fake.scanned).toEqual([]);
    expect(ab.report).toBeNull();
  });

  it("a cancelled run says so and shows no comparison", async () => {
    const fake = fakeApi(new Set(["in_force"]));
    fake.cancelNext();
    const ab = new AbState(fake.api, () => {});
    await ab.run();
    expect(ab.report).toBeNull();
    expect(ab.notice?.text).toContain("resume");
  });

  it("sorts by a column, and again the other way", () => {
    const ab = new AbState(fakeApi(new Set()).api, () => {});
    ab.sortBy("attempts");
    expect([ab.sortKey, ab.descending]).toEqual(["attempts", false]);
    ab.sortBy("attempts");
    expect(ab.descending).toBe(true);
    ab.sortBy("seed");
    expect([ab.sortKey, ab.descending]).toEqual(["seed", false]);
  });
});
