/**
 * The catalog views' state (thumbnails, the seed browser, the scan, the
 * statistics), with fake commands: what the views derive follows every change
 * and nothing is left stale (issue 9).
 */
import { describe, expect, it } from "vitest";
import type { ScanEvent } from "../src/bindings/ScanEvent";
import type { SeedPage } from "../src/bindings/SeedPage";
import type { SeedSummary } from "../src/bindings/SeedSummary";
import type { Stats } from "../src/bindings/Stats";
import type { Thumbnail } from "../src/bindings/Thumbnail";
import type { SeedRequest } from "../src/catalog/api";
import { MAX_PAGES, PAGE, SeedBrowser } from "../src/catalog/seeds/browser.svelte";
import { ScanRunner } from "../src/catalog/seeds/scan.svelte";
import { SearchRunner } from "../src/catalog/seeds/search.svelte";
import type { SearchEvent } from "../src/bindings/SearchEvent";
import type { SearchInfo } from "../src/bindings/SearchInfo";
import type { SearchOutcome } from "../src/bindings/SearchOutcome";
import { StatsState } from "../src/catalog/stats/stats.svelte";
import { Thumbs } from "../src/catalog/thumbs.svelte";
import { criteriaWords } from "../src/catalog/model";
import { CommandFailed } from "../src/lib/ipc";
import { rules, world } from "./fixtures";
import { later } from "./helpers/later";
import { flush, watch } from "./helpers/watch.svelte";

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("thumbnails", () => {
  function setup(max = 4000) {
    const asked: number[][] = [];
    const answers: ReturnType<typeof later<Thumbnail[]>>[] = [];
    let rulesAsked = 0;
    const jobs: (() => void)[] = [];
    const t = new Thumbs(
      {
        thumbnails: (seeds) => {
          asked.push(seeds);
          const a = later<Thumbnail[]>();
          answers.push(a);
          return a.promise;
        },
        fieldRules: async () => {
          rulesAsked++;
          return rules;
        },
      },
      { max, batch: 3, schedule: (f) => jobs.push(f) },
    );
    const run = () => jobs.splice(0).forEach((f) => f());
    const answer = (i: number) => answers[i]!.resolve(asked[i]!.map((seed) => ({ seed, world: { ...world, ball: { x: seed, y: 8 } } })));
    return { t, asked, answers, answer, run, rulesAsked: () => rulesAsked };
  }

  it("asks once per seed, in batches, and a reader sees the world arrive", async () => {
    const { t, asked, answer, run, rulesAsked } = setup();
    // What a thumbnail reads: the rules (asked once, on the first read) and its world.
    const seen = watch(() => (t.rules ? (t.world(7)?.ball.x ?? null) : "no rules"));
    await settle();
    flush();
    for (const s of [1, 2, 3, 4, 7, 1, 2]) t.world(s);
    run();
    expect(asked).toEqual([[7, 1, 2]]);
    run();
    expect(asked).toEqual([[7, 1, 2], [3, 4]]);
    answer(0);
    await settle();
    flush();
    expect(seen.values).toEqual(["no rules", null, 7]);
    expect(t.rules).toEqual(rules);
    expect(rulesAsked()).toBe(1);
    seen.stop();
  });

  it("gives a stored world at once, every time it is asked (a row drawn again after scrolling back)", async () => {
    const { t, asked, answer, run } = setup();
    t.world(5);
    run();
    answer(0);
    await settle();
    for (let i = 0; i < 3; i++) expect(t.world(5)?.ball.x).toBe(5);
    run();
    expect(asked).toEqual([[5]]);
  });

  it("keeps at most `max` worlds, dropping the least recently read", async () => {
    const { t, answer, run } = setup(4);
    for (const s of [1, 2, 3]) t.world(s);
    run();
    answer(0);
    await settle();
    t.world(1); // read: now the most recent
    for (const s of [4, 5]) t.world(s);
    run();
    answer(1);
    await settle();
    expect(t.size).toBe(3);
    expect(t.world(1)).toBeDefined();
    expect(t.world(5)).toBeDefined();
    expect(t.world(2)).toBeUndefined();
  });

  it("does not ask again for seeds whose request failed, until retry()", async () => {
    const { t, asked, answers, run } = setup();
    t.world(9);
    run();
    answers[0]!.reject(new Error("catalog unavailable"));
    await settle();
    expect(t.error).toBe("catalog unavailable");
    t.world(9);
    run();
    expect(asked.length).toBe(1);
    t.retry();
    t.world(9);
    run();
    expect(asked.length).toBe(2);
  });
});

function summary(seed: number): SeedSummary {
  return {
    seed, rules_version: 1, shipped: "accepted", attempts: 1 + (seed % 7), fallback: false, pre_solved: 0,
    solving: seed % 20, solving_mask: [], walls: 2, inventory: { ramp: 1, fan: 0, bumper: 0 }, level_hash: `h${seed}`,
  };
}

/**
 * A catalog of seeds 0..n (criteria not applied to the rows), answering queries
 * when told to (or at once). It stands in for the shell: criteria containing
 * "colour" or "banana" are refused as the catalog refuses them (a `criteria`
 * error with a place), others are echoed lower-cased as their "canonical" text.
 */
function fakeSeeds(n: number, hold = false) {
  const queries: SeedRequest[] = [];
  const pending: (() => void)[] = [];
  return {
    queries,
    release: () => pending.splice(0).forEach((f) => f()),
    querySeeds(q: SeedRequest): Promise<SeedPage> {
      queries.push(q);
      const bad = /colour|banana/.exec(q.criteria);
      if (bad) {
        const e = new CommandFailed("query_seeds", { message: "refused", error: { kind: "criteria", at: bad.index, message: `unknown word '${bad[0]}'` } });
        return hold ? new Promise((_, r) => pending.push(() => r(e))) : Promise.reject(e);
      }
      const rows = Array.from({ length: Math.max(0, Math.min(q.limit, n - q.offset)) }, (_, k) => summary(q.offset + k));
      const page = { criteria: q.criteria.trim().toLowerCase(), total: n, offset: q.offset, rows } as unknown as SeedPage;
      if (!hold) return Promise.resolve(page);
      return new Promise((r) => pending.push(() => r(page)));
    },
  };
}

describe("seed browser", () => {
  it("clears a criteria error with any change of the criteria: a valid text, a preset, Clear all", async () => {
    const b = new SeedBrowser(fakeSeeds(10));
    const error = watch(() => b.filterError !== null);
    for (const change of [
      async () => {
        b.filterText = "Solving <= 3";
        expect(await b.submitFilter()).toBe(true);
      },
      () => b.addPreset("attempts >= 3"),
      () => b.clearFilters(),
    ]) {
      b.filterText = "banana";
      expect(await b.submitFilter()).toBe(false);
      flush();
      await change();
      flush();
    }
    expect(error.values).toEqual([false, true, false, true, false, true, false]);
    error.stop();
  });

  it("applies only accepted criteria, echoing their canonical text", async () => {
    const api = fakeSeeds(10);
    const b = new SeedBrowser(api);
    b.filterText = "  Walls IN 3..5 ";
    expect(await b.submitFilter()).toBe(true);
    expect([b.criteria, b.filterText]).toEqual(["walls in 3..5", "walls in 3..5"]);
    expect(await b.addPreset("not fallback")).toBe(true);
    expect(api.queries.at(-1)?.criteria).toBe("(walls in 3..5) and (not fallback)");
    expect(b.criteria).toBe("(walls in 3..5) and (not fallback)");
    // Paging and sorting ask with the applied criteria.
    b.setSort("walls");
    await settle();
    expect(api.queries.at(-1)).toMatchObject({ criteria: b.criteria, sort: "walls" });
  });

  it("keeps the criteria, the rows and the text when the text is refused, and says where", async () => {
    const b = new SeedBrowser(fakeSeeds(10));
    b.filterText = "solving <= 3";
    await b.submitFilter();
    b.filterText = "walls = 2 and colour = 3";
    expect(await b.submitFilter()).toBe(false);
    expect(b.criteria).toBe("solving <= 3");
    expect(b.filterText).toBe("walls = 2 and colour = 3");
    expect(b.filterError).toEqual({ text: "walls = 2 and colour = 3", at: 14, message: "unknown word 'colour'" });
    expect(b.total).toBe(10);
    expect(b.error).toBeNull();
  });

  it("drops an answer older than the newest query", async () => {
    const api = fakeSeeds(10, true);
    let total = 10;
    const b = new SeedBrowser({
      querySeeds: async (q) => {
        const page = await api.querySeeds(q);
        return { ...page, total: total-- } as unknown as SeedPage;
      },
    });
    const first = b.reload();
    const second = b.reload();
    api.release();
    await Promise.all([first, second]);
    expect(b.total).toBe(9);
  });

  it("fetches the pages in view once, and keeps at most MAX_PAGES of them", async () => {
    const api = fakeSeeds(PAGE * 100);
    const b = new SeedBrowser(api);
    await b.reload();
    b.ensure(PAGE - 5, PAGE + 5);
    b.ensure(PAGE - 5, PAGE + 5);
    await settle();
    expect(api.queries.map((q) => q.offset)).toEqual([0, PAGE]);
    expect(b.row(PAGE + 1)?.seed).toBe(PAGE + 1);
    for (let p = 2; p < 80; p++) {
      b.ensure(p * PAGE, p * PAGE + 20);
      await settle();
      expect(b.pagesKept).toBeLessThanOrEqual(MAX_PAGES);
    }
    expect(b.row(79 * PAGE)?.seed).toBe(79 * PAGE);
  });

  it("sorts numbers descending first, seeds ascending, a second click flips; the table goes back to its top", async () => {
    const api = fakeSeeds(10);
    const b = new SeedBrowser(api);
    const resets = b.resets;
    b.setSort("attempts");
    expect([b.sort, b.descending]).toEqual(["attempts", true]);
    b.setSort("attempts");
    expect(b.descending).toBe(false);
    b.setSort("seed");
    expect(b.descending).toBe(false);
    expect(b.resets).toBe(resets + 3);
    await settle();
    expect(api.queries.at(-1)).toMatchObject({ sort: "seed", descending: false, offset: 0 });
  });

  it("moves the selection by rows and keeps its seed when the order changes", async () => {
    const b = new SeedBrowser(fakeSeeds(10));
    await b.reload();
    b.select(b.row(2)!, 2);
    expect(b.move(1)).toBe(true);
    expect(b.selected).toMatchObject({ seed: 3, index: 3 });
    b.move(-10);
    expect(b.selected?.index).toBe(0);
    b.setSort("solving");
    expect(b.selected).toMatchObject({ seed: 0, index: null });
    expect(b.selected?.row?.seed).toBe(0);
    expect(b.move(1)).toBe(false);
  });
});

describe("scan", () => {
  function fakeScan(events: ScanEvent[], fail = false) {
    const cancelled: number[] = [];
    return {
      cancelled,
      async startScan(_from: number, _to: number, onEvent: (e: ScanEvent) => void) {
        for (const e of events) onEvent(e);
        if (fail) throw new Error("a scan is already running");
        return { job: 3, scan_id: 1, end: "done", done: 600, total: 600, scanned: 600, elapsed_ms: 1000, seeds_per_second: 600 } as never;
      },
      async cancelJob(job: number) {
        cancelled.push(job);
        return true;
      },
    };
  }
  const progress = (done: number, at = 1000): ScanEvent =>
    ({ event: "progress", job: 3, done, total: 600, seeds_per_second: 300, eta_seconds: (600 - done) / 300, elapsed_ms: at }) as unknown as ScanEvent;

  it("shows progress, never steps back to a late 'started', and follows the stored rows at most every followMs", async () => {
    let now = 0;
    const events: ScanEvent[] = [
      progress(256),
      { event: "started", job: 3, scan_id: 1, from: 0, to: 600, done: 0, total: 600, resumed: false } as unknown as ScanEvent,
      progress(512),
      { event: "finished", job: 3, done: 600, total: 600, elapsed_ms: 2000, seeds_per_second: 300 } as unknown as ScanEvent,
    ];
    const api = fakeScan(events);
    const s = new ScanRunner(
      {
        startScan: (f, t, on) =>
          api.startScan(f, t, (e) => {
            now += 1000;
            on(e);
            flush();
          }),
        cancelJob: api.cancelJob,
      },
      () => now,
      1500,
    );
    const lines = watch(() => s.status);
    let stored = 0;
    s.fromText = "0";
    s.toText = "600";
    await s.start(() => void stored++);
    flush();
    expect(lines.values).toContain("256 / 600 · 300 seeds/s · 1 s left");
    expect(lines.values.some((l) => l.startsWith("scanning"))).toBe(false);
    expect(s.status).toBe("done: 600 seeds · 300 seeds/s · 2.0 s");
    expect([s.end, s.running, s.done, s.total, s.rate, s.scanned]).toEqual(["done", false, 600, 600, 300, 600]);
    // Once during the scan (2 s after the start), once at the end.
    expect(stored).toBe(2);
    lines.stop();
  });

  it("refuses a bad range without starting, and shows why a scan failed", async () => {
    const api = fakeScan([], true);
    const s = new ScanRunner(api);
    s.fromText = "9";
    s.toText = "3";
    await s.start(() => {});
    expect([s.bad, s.running, s.end]).toEqual([true, false, null]);
    s.toText = "30";
    await s.start(() => {});
    expect([s.bad, s.end, s.status]).toEqual([true, "failed", "a scan is already running"]);
  });
});

describe("statistics", () => {
  const stats = (seeds: number): Stats => ({ seeds, accepted: seeds, fallback: 0, all_pre_solved: 0 }) as unknown as Stats;
  const hard = "solving <= 3";
  const both = "solving <= 3 and attempts >= 3";

  function fakeStats() {
    const pending: { criteria: string; answer: () => void }[] = [];
    const counts = new Map([["", 1500], [hard, 715], [both, 36]]);
    return {
      pending,
      catalogStats: (criteria: string) =>
        new Promise<Stats>((r) => pending.push({ criteria, answer: () => r(stats(counts.get(criteria) ?? 0)) })),
    };
  }

  it("shows the numbers with the criteria they are of, whatever order answers come in", async () => {
    const api = fakeStats();
    const s = new StatsState(api);
    s.useFilters = true;
    const shown = watch(() => (s.shown ? `${Number(s.shown.stats.seeds)} · ${criteriaWords(s.shown.criteria)}` : null));
    const a = s.want(s.criteriaFor(hard), 1500);
    const b = s.want(s.criteriaFor(both), 1500);
    api.pending[1]!.answer();
    api.pending[0]!.answer();
    await Promise.all([a, b]);
    flush();
    expect(shown.values).toEqual([null, "36 · solving <= 3 and attempts >= 3"]);
    expect(s.current).toBe(true);
    shown.stop();
  });

  it("is out of date (not current) while the criteria changed and the new numbers are on their way", async () => {
    const api = fakeStats();
    const s = new StatsState(api);
    s.useFilters = true;
    const a = s.want(hard, 1500);
    api.pending[0]!.answer();
    await a;
    const b = s.want(both, 1500);
    expect(s.current).toBe(false);
    expect(s.shown?.criteria).toEqual(hard);
    api.pending[1]!.answer();
    await b;
    expect(s.current).toBe(true);
  });

  it("drops an older answer when the view went back to what it shows", async () => {
    const api = fakeStats();
    const s = new StatsState(api);
    const a = s.want("", 1500);
    api.pending[0]!.answer();
    await a;
    const b = s.want(hard, 1500); // criteria on…
    const c = s.want("", 1500); // …and off again before the answer
    api.pending[1]!.answer();
    await Promise.all([b, c]);
    expect(Number(s.shown?.stats.seeds)).toBe(1500);
    expect(s.shown?.criteria).toEqual("");
    expect(s.current).toBe(true);
  });

  it("follows the toggle and asks again when the catalog grew", async () => {
    const api = fakeStats();
    const s = new StatsState(api);
    expect(s.criteriaFor(hard)).toEqual("");
    s.useFilters = true;
    expect(s.criteriaFor(hard)).toEqual(hard);
    const a = s.want("", 1500);
    api.pending[0]!.answer();
    await a;
    void s.want("", 1500);
    expect(api.pending.length).toBe(1);
    void s.want("", 2000);
    expect(api.pending.length).toBe(2);
  });
});

describe("search", () => {
  const info = (over: Partial<SearchInfo> = {}): SearchInfo => ({
    id: 7, criteria: "walls in 3..5", rules_id: "r", from: 0, to: 100, next: 0, matches: 0, state: "running", summary: "fast",
    decided: { layout: 0, generator: 0, sweep: 0, full: 0 },
    totals: { seeds: 0, accepted: 0, fallback: 0, fallback_rate: 0, all_pre_solved: 0, pre_solved_rejections: 0, no_single_ramp_rejections: 0, mean_attempts: 0, attempts_histogram: [], solving_histogram: [], all_pre_solved_seeds: [] },
    ...over,
  });

  it("follows the job's events: progress with matches, rate and time left, then the search with its totals", async () => {
    let send!: (e: SearchEvent) => void;
    const answer = later<SearchOutcome>();
    const asked: [string, string | null, number, number][] = [];
    const s = new SearchRunner({
      startSearch: (criteria, summary, from, to, onEvent) => {
        asked.push([criteria, summary, from, to]);
        send = onEvent;
        return answer.promise;
      },
      cancelJob: async () => true,
    });
    s.fromText = "0";
    s.toText = "100";
    let stored = 0;
    const started: number[] = [];
    const run = s.start("Walls IN 3..5", () => void stored++, (x) => started.push(x.id));
    expect(s.running).toBe(true);
    send({ event: "started", job: 3, search: info(), resumed: false });
    // Told at once, so the table can show this search's matches as they are stored.
    expect(started).toEqual([info().id]);
    send({ event: "progress", job: 3, done: 40, total: 100, matches: 5, seeds_per_second: 20, eta_seconds: 3, elapsed_ms: 2000 });
    // A late "started" does not step back.
    send({ event: "started", job: 3, search: info(), resumed: false });
    expect([s.done, s.total, s.matches]).toEqual([40, 100, 5]);
    expect(s.status).toBe("40 / 100 · 5 matches · 20 seeds/s · 3 s left");
    const done = info({ next: 100, matches: 9, state: "done" });
    send({ event: "finished", job: 3, search: done, elapsed_ms: 5000, seeds_per_second: 20 });
    answer.resolve({ job: 3, end: "done", search: done, searched: 100, elapsed_ms: 5000, seeds_per_second: 20 });
    expect(await run).toBeNull();
    expect(asked).toEqual([["Walls IN 3..5", "fast", 0, 100]]);
    expect([s.running, s.end, s.matches, s.search?.state]).toEqual([false, "done", 9, "done"]);
    expect(stored).toBe(1);
  });

  it("searches fast unless the whole range's totals are asked for", async () => {
    const asked: (string | null)[] = [];
    const s = new SearchRunner({
      startSearch: (_c, summary, from, to) => {
        asked.push(summary);
        const done = info({ from, to, next: to, state: "done", summary: summary ?? "fast" });
        return Promise.resolve({ job: 1, end: "done", search: done, searched: to - from, elapsed_ms: 1, seeds_per_second: 1 });
      },
      cancelJob: async () => true,
    });
    s.fromText = "0";
    s.toText = "100";
    expect([s.wholeRange, s.summary]).toEqual([false, "fast"]);
    await s.start("fallback", () => {});
    s.wholeRange = true;
    expect(s.summary).toBe("full");
    await s.start("fallback", () => {});
    expect(asked).toEqual(["fast", "full"]);
    expect(s.search?.summary).toBe("full");
  });

  it("hands refused criteria back to the filter box, with their place, and runs nothing", async () => {
    const s = new SearchRunner({
      startSearch: () => Promise.reject(new CommandFailed("start_search", { message: "m", error: { kind: "criteria", at: 9, message: "expected a number" } })),
      cancelJob: async () => true,
    });
    const problem = await s.start("walls in x", () => {});
    expect(problem).toEqual({ text: "walls in x", at: 9, message: "expected a number" });
    expect([s.bad, s.end]).toEqual([true, "failed"]);
  });

  it("refuses a bad range before asking, and offers the whole space", async () => {
    let asked = 0;
    const s = new SearchRunner({ startSearch: () => (asked++, Promise.reject(new Error("no"))), cancelJob: async () => true });
    s.fromText = "5";
    s.toText = "5";
    await s.start("fallback", () => {});
    expect([asked, s.bad]).toEqual([0, true]);
    s.wholeSpace();
    expect([s.fromText, s.toText]).toEqual(["0", "4294967296"]);
  });

  it("cancels the running job by its id", async () => {
    const cancelled: number[] = [];
    let send!: (e: SearchEvent) => void;
    const answer = later<SearchOutcome>();
    const s = new SearchRunner({
      startSearch: (_c, _s, _f, _t, onEvent) => ((send = onEvent), answer.promise),
      cancelJob: async (job) => (cancelled.push(job), true),
    });
    const run = s.start("fallback", () => {});
    send({ event: "started", job: 11, search: info(), resumed: true });
    await s.cancel();
    expect(cancelled).toEqual([11]);
    const stopped = info({ next: 40, matches: 2, state: "cancelled" });
    send({ event: "cancelled", job: 11, search: stopped });
    answer.resolve({ job: 11, end: "cancelled", search: stopped, searched: 40, elapsed_ms: 1, seeds_per_second: 1 });
    await run;
    expect(s.end).toBe("cancelled");
    expect(s.status).toContain("paused at 40 of 100 (2 matches kept)");
  });

  it("the browser shows only a search's matches when asked, with the criteria applied", async () => {
    const api = fakeSeeds(10);
    const b = new SeedBrowser(api);
    b.showSearch(7);
    await settle();
    expect(api.queries.at(-1)).toMatchObject({ search: 7, offset: 0 });
    b.showSearch(null);
    await settle();
    expect(api.queries.at(-1)).toMatchObject({ search: null });
  });
});

describe("search matches in the browser", () => {
  it("shows a search's matches with its criteria applied and echoed", async () => {
    const api = fakeSeeds(10);
    const b = new SeedBrowser(api);
    b.filterText = "solving <= 3";
    await b.submitFilter();
    expect(await b.showSearchMatches(4, "Walls = 3")).toBe(true);
    expect(api.queries.at(-1)).toMatchObject({ search: 4, criteria: "Walls = 3" });
    expect([b.search, b.criteria, b.filterText]).toEqual([4, "walls = 3", "walls = 3"]);
  });
});
