/**
 * The Seeds view's one job runner (`ui/src/catalog/seeds/job.svelte.ts`), which
 * the scan and the search both are: progress that never steps back, the stored
 * rows followed at most every `followMs` and once at the end, Cancel by the
 * job's id, a bad range, a failure and its words, one job at a time, and a
 * stopped job resumed over its range. A minimal kind of job drives it here;
 * catalog-state.test.ts tests the scan and the search themselves.
 */
import { describe, expect, it } from "vitest";
import type { ScanEnd } from "../src/bindings/ScanEnd";
import { BAD_RANGE, JobRunner, type JobEvent } from "../src/catalog/seeds/job.svelte";
import { ScanRunner } from "../src/catalog/seeds/scan.svelte";
import { SearchRunner } from "../src/catalog/seeds/search.svelte";
import { later } from "./helpers/later";
import { flush, watch } from "./helpers/watch.svelte";

type Event = JobEvent & { done: number; total: number };
type Outcome = { end: ScanEnd; kept: string };

/** A kind of job whose events carry done and total and whose line is "done/total (event)". */
class Runner extends JobRunner<Event, Outcome> {
  taken: Event[] = [];
  forgotten = 0;
  kept: string | null = null;
  constructor(
    readonly begin: (from: number, to: number, onEvent: (e: Event) => void) => Promise<Outcome>,
    readonly cancelled: number[] = [],
    now: () => number = () => 0,
    followMs = 1500,
  ) {
    super(async (job) => (cancelled.push(job), true), "100", now, followMs);
  }
  start(onStored: () => Promise<unknown> | void = () => {}, range?: { from: number; to: number }, failure?: (e: unknown) => string) {
    const r = range ?? this.typedRange();
    if (!r) return Promise.resolve(null);
    return this.run({ ...r, begin: (on) => this.begin(r.from, r.to, on), onStored, onOutcome: (o) => (this.kept = o.kept), ...(failure ? { failure } : {}) });
  }
  protected override show(e: Event): void {
    this.done = e.done;
    this.total = e.total;
    this.status = `${e.done}/${e.total} (${e.event})`;
  }
  protected override take(e: Event): void {
    this.taken.push(e);
  }
  protected override forget(): void {
    this.forgotten++;
  }
}

const ev = (event: Event["event"], done: number, total = 100, job = 5): Event => ({ event, job, done, total });

/** A job the test drives: its events go out through `send`, its outcome through `answer`. */
function driven() {
  let send!: (e: Event) => void;
  const answer = later<Outcome>();
  const asked: [number, number][] = [];
  const begin = (from: number, to: number, onEvent: (e: Event) => void) => {
    asked.push([from, to]);
    send = onEvent;
    return answer.promise;
  };
  return { begin, asked, send: (e: Event) => send(e), answer };
}

describe("the job runner the scan and the search share", () => {
  it("is the scan's and the search's", () => {
    const none = { cancelJob: async () => true };
    expect(new ScanRunner({ ...none, startScan: () => new Promise(() => {}) })).toBeInstanceOf(JobRunner);
    expect(new SearchRunner({ ...none, startSearch: () => new Promise(() => {}) })).toBeInstanceOf(JobRunner);
  });

  it("shows the progress of the range typed and never steps back to a late 'started'", async () => {
    const job = driven();
    const r = new Runner(job.begin);
    r.fromText = "20";
    r.toText = "120";
    const lines = watch(() => r.status);
    const run = r.start();
    flush();
    expect([r.running, r.end, r.done, r.total, r.status]).toEqual([true, "running", 0, 100, "starting 20..120…"]);
    expect(job.asked).toEqual([[20, 120]]);
    job.send(ev("progress", 40));
    job.send(ev("started", 0));
    flush();
    expect([r.done, r.status]).toEqual([40, "40/100 (progress)"]);
    // The late event was still taken (ids, the search) though not shown.
    expect(r.taken.map((e) => e.event)).toEqual(["progress", "started"]);
    job.send(ev("finished", 100));
    job.answer.resolve({ end: "done", kept: "the outcome" });
    expect(await run).toBeNull();
    flush();
    expect(lines.values).toEqual(["", "starting 20..120…", "40/100 (progress)", "100/100 (finished)"]);
    expect([r.running, r.end, r.bad, r.kept, r.forgotten]).toEqual([false, "done", false, "the outcome", 1]);
    lines.stop();
  });

  it("shows a 'started' that comes first: a resumed job starts where it stopped", async () => {
    const job = driven();
    const r = new Runner(job.begin);
    const run = r.start(() => {}, { from: 1000, to: 2000 });
    expect([r.total, r.status]).toEqual([1000, "starting 1000..2000…"]);
    job.send(ev("started", 600, 1000));
    expect([r.done, r.total]).toEqual([600, 1000]);
    job.send(ev("progress", 700, 1000));
    job.answer.resolve({ end: "cancelled", kept: "" });
    await run;
    expect([r.done, r.end]).toEqual([700, "cancelled"]);
  });

  it("follows what the job stored at most every followMs, and shows the end once the last follow settled", async () => {
    let now = 0;
    const job = driven();
    const r = new Runner(job.begin, [], () => now, 1500);
    const follows: ReturnType<typeof later<void>>[] = [];
    const run = r.start(() => {
      const f = later<void>();
      follows.push(f);
      return f.promise;
    });
    job.send(ev("started", 0));
    for (const [at, done] of [
      [1000, 10],
      [1600, 20],
      [2000, 30],
      [3200, 40],
    ] as const) {
      now = at;
      job.send(ev("progress", done));
    }
    // 1.6 s and 3.2 s after the start: twice during the job.
    expect(follows.length).toBe(2);
    job.answer.resolve({ end: "done", kept: "" });
    await new Promise((r) => setTimeout(r, 0));
    // The last follow is asked; until it settles the job still runs.
    expect(follows.length).toBe(3);
    expect([r.running, r.end]).toEqual([true, "running"]);
    follows[2]!.resolve();
    await run;
    expect([r.running, r.end]).toEqual([false, "done"]);
  });

  it("cancels the running job by the id its 'started' gave, and nothing once it ended", async () => {
    const job = driven();
    const cancelled: number[] = [];
    const r = new Runner(job.begin, cancelled);
    const run = r.start();
    await r.cancel();
    expect(cancelled).toEqual([]);
    job.send(ev("started", 0, 100, 42));
    await r.cancel();
    expect(cancelled).toEqual([42]);
    job.send(ev("cancelled", 30, 100, 42));
    job.answer.resolve({ end: "cancelled", kept: "" });
    await run;
    expect([r.end, r.done]).toEqual(["cancelled", 30]);
    await r.cancel();
    expect(cancelled).toEqual([42]);
  });

  it("refuses a range that is not one before starting anything, and offers the whole space", async () => {
    const job = driven();
    const r = new Runner(job.begin);
    for (const [from, to] of [
      ["9", "3"],
      ["5", "5"],
      ["0", "4294967297"],
      ["x", "10"],
    ]) {
      r.fromText = from!;
      r.toText = to!;
      await r.start();
      expect([r.bad, r.status, r.running, r.end]).toEqual([true, BAD_RANGE, false, null]);
    }
    expect(job.asked).toEqual([]);
    r.wholeSpace();
    expect([r.fromText, r.toText]).toEqual(["0", "4294967296"]);
  });

  it("says why a job failed, in the kind's words when it has some, and starts afresh after", async () => {
    let stored = 0;
    const failing = new Runner(() => Promise.reject(new Error("the catalog is locked")));
    const failed = await failing.start(() => void stored++);
    expect(failed).toEqual({ error: new Error("the catalog is locked") });
    expect([failing.bad, failing.end, failing.status, failing.running, stored, failing.forgotten]).toEqual([
      true,
      "failed",
      "the catalog is locked",
      false,
      1,
      1,
    ]);
    await failing.start(() => {}, undefined, (e) => `refused: ${(e as Error).message}`);
    expect(failing.status).toBe("refused: the catalog is locked");

    const job = driven();
    const r = new Runner(job.begin);
    r.fromText = "9";
    r.toText = "3";
    await r.start();
    expect(r.bad).toBe(true);
    r.toText = "30";
    const run = r.start();
    expect([r.bad, r.end]).toEqual([false, "running"]);
    job.answer.resolve({ end: "done", kept: "" });
    await run;
  });

  it("runs one job at a time", async () => {
    const job = driven();
    const r = new Runner(job.begin);
    const run = r.start();
    expect(await r.start()).toBeNull();
    expect(job.asked.length).toBe(1);
    job.answer.resolve({ end: "done", kept: "" });
    await run;
    const again = r.start();
    expect(job.asked.length).toBe(2);
    job.answer.resolve({ end: "done", kept: "" });
    await again;
  });
});
