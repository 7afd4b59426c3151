/** The inspector's state (src/inspector/state.svelte.ts) with fake commands: what the view derives follows it. */
import { describe, expect, it } from "vitest";
import type { Inspection } from "../src/inspector/api";
import type { JobSummary } from "../src/bindings/JobSummary";
import type { ParsedSeed } from "../src/bindings/ParsedSeed";
import type { PlacementTrajectory } from "../src/bindings/PlacementTrajectory";
import type { SweepEvent } from "../src/bindings/SweepEvent";
import { Inspector, type InspectorApi } from "../src/inspector/state.svelte";
import { attempt, grid, report, rulesInfo as rules } from "./fixtures";
import { flush, watch } from "./helpers/watch.svelte";

const decimal = (seed: number): ParsedSeed => ({ seed, source: { kind: "decimal" } });

/** Seed n has n % 3 + 1 attempts (the last accepted, the others rejected); `slow` seeds wait for `release()`. */
function inspection(seed: number): Inspection {
  const n = (seed % 3) + 1;
  const attempts = Array.from({ length: n }, (_, i) => attempt(i + 1, i + 1 === n ? "accepted" : "no_single_ramp_solution"));
  return { report: { ...report(attempts, n, false), seed }, bare_stride: 2, rules, grid: grid(), elapsed_ms: 1.5 };
}

const trajectory = (index: number): PlacementTrajectory => ({
  index,
  result: "out",
  steps: 10,
  closest: 1,
  stride: 3,
  trajectory: [
    [1, 2],
    [3, 4],
  ],
});

interface Stream {
  seed: number;
  attempt: number;
  send: (e: SweepEvent) => void;
  end: (s: JobSummary) => void;
}

function fakeApi() {
  const fake = {
    slow: new Set<number>(),
    waiting: [] as (() => void)[],
    streams: [] as Stream[],
    cancelled: [] as number[],
    trajectoryCalls: [] as [number, number, number][],
    release(): void {
      fake.waiting.splice(0).forEach((r) => r());
    },
    api: {
      async inspect(seed: number): Promise<Inspection> {
        if (fake.slow.has(seed)) await new Promise<void>((r) => fake.waiting.push(r));
        if (seed === 666) throw new Error("the engine refused");
        return inspection(seed);
      },
      async placementTrajectory(seed: number, attempt: number, index: number): Promise<PlacementTrajectory> {
        fake.trajectoryCalls.push([seed, attempt, index]);
        return { ...trajectory(index), trajectory: Array.from({ length: 50 }, (_, i): [number, number] => [i, i]) };
      },
      sweepTrajectories(seed: number, attempt: number, onEvent: (e: SweepEvent) => void): Promise<JobSummary> {
        return new Promise((resolve) => fake.streams.push({ seed, attempt, send: onEvent, end: resolve }));
      },
      async cancelJob(job: number): Promise<boolean> {
        fake.cancelled.push(job);
        return true;
      },
    } satisfies InspectorApi,
  };
  return fake;
}

/** Sends `started` then chunks of 24 trajectories, `chunks` of them. */
function feed(s: Stream, job: number, chunks: number, from = 0): void {
  if (from === 0) s.send({ event: "started", job, seed: s.seed, attempt: s.attempt, total: 144 });
  for (let c = from; c < from + chunks; c++) {
    const trajectories = Array.from({ length: 24 }, (_, i) => trajectory(c * 24 + i));
    s.send({ event: "chunk", job, done: (c + 1) * 24, total: 144, trajectories });
  }
}

describe("inspector: seeds", () => {
  it("shows the shipped attempt of each seed and lists the seeds viewed", async () => {
    const { api } = fakeApi();
    const s = new Inspector(api);
    expect(await s.load(decimal(5))).toBe(true);
    expect(s.insp?.report.seed).toBe(5);
    expect(s.attempt).toBe(3);
    expect(s.current?.index).toBe(3);
    expect(s.entries).toHaveLength(144);
    expect(s.counts.out).toBe(144);
    await s.load(decimal(3));
    expect(s.attempt).toBe(1);
    await s.load(decimal(5));
    expect(s.history.map((h) => h.seed)).toEqual([5, 3]);
    expect(s.history[0]!.summary).toBe("accepted");
    expect(s.timing?.seed).toBe(5);
    expect(s.perf.seedChanges.map((t) => t.seed)).toEqual([5, 3, 5]);
  });

  it("times a seed change from Enter to the frame that shows it, not the command alone", async () => {
    const { api } = fakeApi();
    // A clock the test moves: 3 ms to parse (before load), 10 ms per step after.
    let t = 100;
    const now = () => (t += 10);
    let frames = 0;
    const s = new Inspector(api, now, async () => {
      frames++;
      t += 16;
    });
    await s.load(decimal(5), 97);
    const timing = s.timing!;
    expect(frames).toBe(1);
    expect(timing.parseMs).toBe(13);
    expect(timing.frameMs).toBe(26);
    expect(timing.totalMs).toBe(timing.parseMs + timing.ipcMs + timing.renderMs + timing.frameMs);
    expect(timing.totalMs).toBeGreaterThan(timing.ipcMs + timing.renderMs);
  });

  it("drops an inspection that arrives after a newer one", async () => {
    const fake = fakeApi();
    const s = new Inspector(fake.api);
    fake.slow.add(7);
    const slow = s.load(decimal(7));
    await s.load(decimal(8));
    fake.release();
    expect(await slow).toBe(false);
    expect(s.insp?.report.seed).toBe(8);
    expect(s.parsed?.seed).toBe(8);
    expect(s.loading).toBe(false);
  });

  it("keeps the seed shown when an inspection fails", async () => {
    const s = new Inspector(fakeApi().api);
    await s.load(decimal(5));
    await expect(s.load(decimal(666))).rejects.toThrow("the engine refused");
    expect(s.insp?.report.seed).toBe(5);
    expect(s.loading).toBe(false);
  });

  it("moves through attempts, clamped at both ends, and resets the placement", async () => {
    const s = new Inspector(fakeApi().api);
    await s.load(decimal(5));
    s.hover(3);
    await s.selectPlacement(4);
    s.nextAttempt();
    expect(s.attempt).toBe(3);
    s.previousAttempt();
    s.previousAttempt();
    s.previousAttempt();
    expect(s.attempt).toBe(1);
    expect([s.hovered, s.selected, s.selectedTraj]).toEqual([null, null, null]);
    expect(s.reveal).toBe(4);
  });
});

describe("inspector: placements", () => {
  it("fetches the clicked placement's trajectory and shows it on the field", async () => {
    const fake = fakeApi();
    const s = new Inspector(fake.api);
    await s.load(decimal(5));
    s.setView("heat");
    await s.selectPlacement(14);
    expect(fake.trajectoryCalls).toEqual([[5, 3, 14]]);
    expect(s.selectedTraj?.index).toBe(14);
    expect(s.view).toBe("field");
    await s.selectPlacement(null);
    expect(s.selectedTraj).toBeNull();
  });

  it("drops a trajectory that arrives after the selection moved on", async () => {
    const s = new Inspector(fakeApi().api);
    await s.load(decimal(5));
    const first = s.selectPlacement(14);
    s.previousAttempt();
    await first;
    expect(s.selected).toBeNull();
    expect(s.selectedTraj).toBeNull();
  });

  it("filters by tilt and result", async () => {
    const s = new Inspector(fakeApi().api);
    await s.load(decimal(5));
    s.toggleTilt(2);
    s.toggleResult("out");
    expect(s.filter.tilts).toEqual([true, true, false, true]);
    expect(s.filter.results.out).toBe(false);
    s.toggleResult("out");
    expect(s.filter.results.out).toBe(true);
  });
});

describe("inspector: all trajectories", () => {
  it("streams the 144 trajectories of the selected attempt", async () => {
    const fake = fakeApi();
    const s = new Inspector(fake.api);
    await s.load(decimal(5));
    const shown = watch(() => s.trajs.size);
    s.setAllTrajectories(true);
    expect(fake.streams).toHaveLength(1);
    expect(s.job?.state).toBe("running");
    const stream = fake.streams[0]!;
    expect([stream.seed, stream.attempt]).toEqual([5, 3]);
    feed(stream, 11, 6);
    stream.send({ event: "finished", job: 11, done: 144, elapsed_ms: 3 });
    flush();
    expect(s.trajs.size).toBe(144);
    expect(s.job).toMatchObject({ state: "finished", done: 144 });
    expect(shown.values).toEqual([0, 144]);
    shown.stop();
    // Back on this attempt later: nothing to stream again.
    s.setAllTrajectories(false);
    s.setAllTrajectories(true);
    expect(fake.streams).toHaveLength(1);
  });

  it("cancels the stream when the attempt changes and drops what it still sends", async () => {
    const fake = fakeApi();
    const s = new Inspector(fake.api);
    await s.load(decimal(5));
    s.setAllTrajectories(true);
    const first = fake.streams[0]!;
    feed(first, 21, 2);
    expect(s.trajs.size).toBe(48);
    s.previousAttempt();
    expect(fake.cancelled).toEqual([21]);
    expect(s.trajs.size).toBe(0);
    // A late chunk of the cancelled stream is dropped; the new attempt streams on its own.
    feed(first, 21, 1, 2);
    expect(s.trajs.size).toBe(0);
    expect(fake.streams).toHaveLength(2);
    expect(fake.streams[1]!.attempt).toBe(2);
    expect(s.job).toMatchObject({ attempt: 2, state: "running", done: 0 });
  });

  it("cancels the stream when the seed changes", async () => {
    const fake = fakeApi();
    const s = new Inspector(fake.api);
    await s.load(decimal(5));
    s.setAllTrajectories(true);
    feed(fake.streams[0]!, 31, 1);
    await s.load(decimal(8));
    expect(fake.cancelled).toEqual([31]);
    expect(fake.streams.map((x) => [x.seed, x.attempt])).toEqual([
      [5, 3],
      [8, 3],
    ]);
    feed(fake.streams[0]!, 31, 1, 1);
    expect(s.trajs.size).toBe(0);
  });

  it("cancels a stream whose job id arrives after the cancel", async () => {
    const fake = fakeApi();
    const s = new Inspector(fake.api);
    await s.load(decimal(5));
    s.setAllTrajectories(true);
    s.cancel();
    expect(s.job?.state).toBe("cancelled");
    expect(fake.cancelled).toEqual([]);
    feed(fake.streams[0]!, 41, 1);
    expect(fake.cancelled).toEqual([41]);
    expect(s.trajs.size).toBe(0);
  });

  it("stops streaming when turned off, and says why a stream failed", async () => {
    const fake = fakeApi();
    const s = new Inspector({
      ...fake.api,
      sweepTrajectories: (seed, attempt, onEvent) =>
        fake.streams.length === 0 ? fake.api.sweepTrajectories(seed, attempt, onEvent) : Promise.reject(new Error("not swept")),
    });
    await s.load(decimal(5));
    s.setAllTrajectories(true);
    feed(fake.streams[0]!, 51, 1);
    s.setAllTrajectories(false);
    expect(fake.cancelled).toEqual([51]);
    expect(s.trajs.size).toBe(24);
    s.setAllTrajectories(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(s.job).toMatchObject({ state: "failed", error: "not swept" });
  });
});
