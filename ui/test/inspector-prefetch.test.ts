/**
 * A seed asked for by number (`]`, `[`, Random, a history click) is inspected
 * while the engine parses it (issue 22, point 9): the session says which number
 * was asked for, the inspector asks for it at once, and the load of that seed
 * takes that answer instead of asking again.
 */
import { describe, expect, it } from "vitest";
import { Session } from "../src/app/session.svelte";
import type { Inspection } from "../src/inspector/api";
import type { ParsedSeed } from "../src/bindings/ParsedSeed";
import { Inspector, type InspectorApi } from "../src/inspector/state.svelte";
import { attempt, grid, report, rulesInfo as rules } from "./fixtures";

const decimal = (seed: number): ParsedSeed => ({ seed, source: { kind: "decimal" } });

function inspection(seed: number): Inspection {
  return { report: { ...report([attempt(1, "accepted")], 1, false), seed }, bare_stride: 2, rules, grid: grid(), elapsed_ms: 1 };
}

/** Commands that count the inspections asked for; seed 666 is refused. */
function fakeApi() {
  const asked: number[] = [];
  const api: InspectorApi = {
    async inspect(seed) {
      asked.push(seed);
      if (seed === 666) throw new Error("the engine refused");
      return inspection(seed);
    },
    placementTrajectory: () => Promise.reject(new Error("not used")),
    sweepTrajectories: () => Promise.reject(new Error("not used")),
    cancelJob: async () => true,
  };
  return { api, asked };
}

const inspector = (api: InspectorApi) => new Inspector(api, () => 0, async () => undefined);

describe("inspecting a seed while it is parsed", () => {
  it("asks once: the load of the prefetched seed takes the answer already asked for", async () => {
    const { api, asked } = fakeApi();
    const s = inspector(api);
    s.prefetch(7);
    expect(asked).toEqual([7]);
    expect(await s.load(decimal(7))).toBe(true);
    expect(asked).toEqual([7]);
    expect(s.insp?.report.seed).toBe(7);
    // Used once: showing it again asks again.
    await s.load(decimal(7));
    expect(asked).toEqual([7, 7]);
  });

  it("ignores and drops a prefetch of another seed, and keeps only the newest", async () => {
    const { api, asked } = fakeApi();
    const s = inspector(api);
    s.prefetch(3);
    s.prefetch(4);
    await s.load(decimal(3));
    expect(asked).toEqual([3, 4, 3]);
    expect(s.insp?.report.seed).toBe(3);
    await s.load(decimal(4));
    expect(asked).toEqual([3, 4, 3, 4]);
    expect(s.insp?.report.seed).toBe(4);
  });

  it("asks again after forgetPrefetch (the rules in force changed meanwhile)", async () => {
    const { api, asked } = fakeApi();
    const s = inspector(api);
    s.prefetch(9);
    s.forgetPrefetch();
    await s.load(decimal(9));
    expect(asked).toEqual([9, 9]);
  });

  it("reports a refused prefetch only when its seed is loaded", async () => {
    const { api } = fakeApi();
    const s = inspector(api);
    s.prefetch(666);
    // No unhandled rejection in between (vitest fails the run on one).
    await new Promise((r) => setTimeout(r, 0));
    await expect(s.load(decimal(666))).rejects.toThrow("the engine refused");
    expect(s.loading).toBe(false);
  });

  it("the session tells the number asked for before the engine has parsed it, and only for numbers", async () => {
    let release: () => void = () => undefined;
    const parses: string[] = [];
    const session = new Session({
      parseSeed: (text) => {
        parses.push(text);
        return new Promise<ParsedSeed>((r) => (release = () => r(decimal(Number(text)))));
      },
      todayDaily: async () => decimal(20260728),
    });
    const told: number[] = [];
    session.onAsk = (n) => told.push(n);
    const opened = session.go(42);
    expect(told).toEqual([42]);
    expect(session.seed).toBeNull();
    release();
    expect(await opened).toBe(true);
    expect(session.seed?.seed).toBe(42);
    // `]` from 42.
    const next = session.next();
    expect(told).toEqual([42, 43]);
    release();
    await next;
    // Typed text and today's seed are not numbers the window knows before parsing.
    const typed = session.open("0x2A");
    release();
    await typed;
    await session.today();
    expect(told).toEqual([42, 43]);
    expect(parses).toEqual(["42", "43", "0x2A"]);
  });
});
