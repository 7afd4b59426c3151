import { describe, expect, it } from "vitest";
import type { Bookmark } from "../src/bindings/Bookmark";
import type { CatalogInfo } from "../src/bindings/CatalogInfo";
import type { ScanEvent } from "../src/bindings/ScanEvent";
import type { Stats } from "../src/bindings/Stats";
import { histogramBins, partWords } from "../src/catalog/stats/figures";
import { histogramMedian, placementTip, statCards, verdicts } from "../src/catalog/stats/model";
import { CommandFailed } from "../src/lib/ipc";
import {
  alreadyBookmarked,
  bookmarkMeta,
  checkWords,
  criteriaWords,
  scanItems,
  jobStatus,
  jobWords,
  scanWords,
  searchItems,
  searchDecidedItems,
  searchTotalsItems,
  summaryWords,
} from "../src/catalog/model";
import {
  calendarCells,
  dateForSeedBar,
  andCriteria,
  criteriaProblem,
  etaWords,
  neighbours,
  pagesFor,
  parseRange,
  PRESETS,
  problemParts,
  parseTags,
  percent,
  rateWords,
  shiftMonth,
  visibleRange,
} from "../src/catalog/model";
import {
  barLayout,
  compact,
  drawHistogram,
  drawLevelThumb,
  drawPlacementMap,
  drawShares,
  drawThumbPlaceholder,
  heat,
  niceMax,
  placementAt,
  placementCell,
} from "../src/draw/catalog";
import { palette } from "../src/draw/colors";
import { fitView, toCanvas } from "../src/draw/view";
import { near, raster, rgbOf } from "./canvas";
import { rules, world } from "./fixtures";

describe("criteria", () => {
  it("joins criteria with `and`, each keeping its grouping; empty is every seed", () => {
    expect(andCriteria("", "solving <= 3")).toBe("solving <= 3");
    expect(andCriteria("walls = 2 or fallback", "")).toBe("walls = 2 or fallback");
    expect(andCriteria("walls = 2 or fallback", "not solves 50")).toBe("(walls = 2 or fallback) and (not solves 50)");
  });
  it("has presets that are criteria texts, not a language of their own", () => {
    for (const p of PRESETS) expect(p.criteria.trim().length, p.label).toBeGreaterThan(0);
    expect(PRESETS.some((p) => p.criteria.includes(" in ") && p.criteria.includes("not "))).toBe(true);
  });
  it("reads the catalog's criteria refusal, and nothing else, as a problem of the text", () => {
    const e = new CommandFailed("query_seeds", { message: "m", error: { kind: "criteria", at: 6, message: "expected a number" } });
    expect(criteriaProblem("walls ≥ x", e)).toEqual({ text: "walls ≥ x", at: 6, message: "expected a number" });
    expect(criteriaProblem("x", new CommandFailed("query_seeds", { message: "m", error: { kind: "scan_running" } }))).toBeNull();
    expect(criteriaProblem("x", new Error("network"))).toBeNull();
  });
  it("marks the character a problem is about, counting characters (not bytes), also past the end", () => {
    expect(problemParts({ text: "walls ≥ x", at: 8, message: "" })).toEqual({ before: "walls ≥ ", mark: "x", after: "" });
    expect(problemParts({ text: "walls >=", at: 8, message: "" })).toEqual({ before: "walls >=", mark: "", after: "" });
  });
});

describe("virtual table", () => {
  it("renders only the rows in view, with overscan, clamped", () => {
    expect(visibleRange(0, 400, 40, 100000, 6)).toEqual([0, 16]);
    expect(visibleRange(40 * 5000, 400, 40, 100000, 6)).toEqual([4994, 5016]);
    expect(visibleRange(40 * 99995, 400, 40, 100000, 6)).toEqual([99989, 100000]);
    expect(visibleRange(0, 400, 40, 0)).toEqual([0, 0]);
  });
  it("fetches the pages that cover the rows", () => {
    expect(pagesFor(0, 16, 200)).toEqual([0]);
    expect(pagesFor(190, 215, 200)).toEqual([0, 1]);
    expect(pagesFor(5, 5, 200)).toEqual([]);
  });
});

describe("seeds, ranges and tags", () => {
  it("neighbours wrap around the u32 range", () => {
    expect(neighbours(10, 2)).toEqual([8, 9, 10, 11, 12]);
    expect(neighbours(0, 1)).toEqual([4294967295, 0, 1]);
    expect(neighbours(4294967295, 1)).toEqual([4294967294, 4294967295, 0]);
  });
  it("parses scan ranges (TO excluded, at most 2^32)", () => {
    expect(parseRange("0", "2000")).toEqual({ from: 0, to: 2000 });
    expect(parseRange("1_000", "0x1000")).toEqual({ from: 1000, to: 4096 });
    expect(parseRange("4294967295", "4294967296")).toEqual({ from: 4294967295, to: 4294967296 });
    expect(parseRange("5", "5")).toBeNull();
    expect(parseRange("9", "3")).toBeNull();
    expect(parseRange("0", "4294967297")).toBeNull();
    expect(parseRange("-1", "3")).toBeNull();
    expect(parseRange("a", "3")).toBeNull();
  });
  it("splits tags on commas and spaces, once each", () => {
    expect(parseTags(" hard, fan  hard,,daily ")).toEqual(["hard", "fan", "daily"]);
    expect(parseTags("")).toEqual([]);
  });
});

describe("words", () => {
  it("formats rates, times left and shares", () => {
    expect(rateWords(1234.4)).toBe("1,234 seeds/s");
    expect(etaWords(null)).toBe("estimating…");
    expect(etaWords(12.4)).toBe("12 s left");
    expect(etaWords(185)).toBe("3 min 05 s left");
    expect(etaWords(7300)).toBe("2 h 01 min left");
    expect(percent(1, 3)).toBe("33.3%");
    expect(percent(1, 0)).toBe("—");
  });
});

describe("calendar", () => {
  it("lays out Monday-first weeks", () => {
    const days = Array.from({ length: 31 }, (_, i) => i + 1);
    const cells = calendarCells(2, days); // July 2026 starts on a Wednesday
    expect(cells.length % 7).toBe(0);
    expect(cells.slice(0, 3)).toEqual([null, null, 1]);
    expect(cells.filter((c) => c !== null)).toEqual(days);
    expect(calendarCells(0, Array.from({ length: 28 }, (_, i) => i)).length).toBe(28);
  });
  it("moves between months across years", () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 11, 0)).toEqual({ year: 2026, month: 11 });
  });
  it("gives the seed bar an unpadded date", () => {
    expect(dateForSeedBar("2026-07-08")).toBe("2026-7-8");
  });
});

describe("charts", () => {
  it("rounds axes up to four whole, nice ticks that the tallest bar nearly fills", () => {
    expect(niceMax(0)).toBe(4);
    expect(niceMax(3)).toBe(4);
    expect(niceMax(7)).toBe(8);
    expect(niceMax(98)).toBe(100);
    expect(niceMax(260)).toBe(300);
    expect(niceMax(420)).toBe(500);
    expect(niceMax(1500)).toBe(1600);
    expect(niceMax(6100)).toBe(8000);
    expect(niceMax(5000)).toBe(5000);
    for (let v = 0; v <= 20000; v += 7) {
      const max = niceMax(v);
      expect(max).toBeGreaterThanOrEqual(v);
      expect(Number.isInteger(max / 4)).toBe(true);
      // The tallest bar fills at least 60% of the axis.
      if (v >= 4) expect(v / max).toBeGreaterThan(0.6);
    }
    expect(compact(6100)).toBe("6.1k");
    expect(compact(2500000)).toBe("2.5M");
  });
  it("draws each histogram bar with a height proportional to its count", () => {
    const { ctx, pixel } = raster(300, 200);
    const bars = [
      { label: "1", value: 100 },
      { label: "2", value: 50 },
      { label: "3", value: 0 },
    ];
    const lay = drawHistogram(ctx, 300, 200, bars, "#5aa9ff");
    expect(lay.max).toBe(100);
    const [b1, b2, b3] = lay.bars;
    expect(b1!.h).toBeCloseTo(lay.plot.h);
    expect(b2!.h).toBeCloseTo(lay.plot.h / 2);
    const blue = rgbOf("#5aa9ff");
    expect(near(pixel(b1!.x + b1!.w / 2, lay.plot.y + 3), blue)).toBe(true);
    expect(near(pixel(b2!.x + b2!.w / 2, lay.plot.y + lay.plot.h * 0.25), blue)).toBe(false);
    expect(near(pixel(b2!.x + b2!.w / 2, lay.plot.y + lay.plot.h * 0.75), blue)).toBe(true);
    expect(near(pixel(b3!.x + b3!.w / 2, lay.plot.y + lay.plot.h - 3), blue)).toBe(false);
    expect(barLayout(300, 200, []).bars).toEqual([]);
  });
  it("splits the share bar by value and keeps a tiny share visible", () => {
    const { ctx, pixel } = raster(400, 20);
    const seg = drawShares(ctx, 400, 20, [
      { label: "accepted", value: 999, color: "#3ddc84" },
      { label: "fallback", value: 1, color: "#ffb547" },
      { label: "all", value: 0, color: "#ff6b6b" },
    ]);
    expect(seg[0]!.x1).toBeCloseTo(398);
    expect(seg[1]!.x1).toBeCloseTo(400);
    expect(seg[1]!.x1 - seg[1]!.x0).toBeGreaterThanOrEqual(2);
    expect(seg[2]!.x1 - seg[2]!.x0).toBe(0);
    expect(near(pixel(100, 10), rgbOf("#3ddc84"))).toBe(true);
    expect(near(pixel(seg[1]!.x0 + 1, 10), rgbOf("#ffb547"))).toBe(true);
  });
  it("maps sweep indices to tilt panels and back, like the engine's sweep_placement", () => {
    // index = (x * 6 + y) * 4 + tilt; placement 19 is x 0, y 4, tilt 3.
    expect(placementCell(19, rules)).toEqual({ a: 3, col: 0, row: 4 });
    expect(placementCell(143, rules)).toEqual({ a: 3, col: 5, row: 5 });
    const { ctx, pixel } = raster(640, 200);
    const solves = Array.from({ length: 144 }, () => 0);
    solves[19] = 40;
    solves[0] = 10;
    const lay = drawPlacementMap(ctx, 640, 200, solves, 100, rules);
    expect(lay.panels.length).toBe(4);
    for (let i = 0; i < 144; i++) {
      const { a, col, row } = placementCell(i, rules);
      const p = lay.panels[a]!;
      expect(placementAt(lay, p.x + (col + 0.5) * lay.cell, p.y + (row + 0.5) * lay.cell, rules)).toBe(i);
    }
    const centre = (i: number): [number, number] => {
      const { a, col, row } = placementCell(i, rules);
      const p = lay.panels[a]!;
      return [p.x + col * lay.cell + 3, p.y + row * lay.cell + 3];
    };
    const brightest = rgbOf("#fde725");
    expect(near(pixel(...centre(19)), brightest)).toBe(true);
    expect(near(pixel(...centre(0)), brightest)).toBe(false);
    expect(near(pixel(...centre(1)), rgbOf(palette.field), 4)).toBe(true);
    expect(placementAt(lay, 0, 0, rules)).toBeNull();
    expect(heat(1)).toBe("rgb(253, 231, 37)");
  });
  it("draws a level thumbnail with the ball and goal where the world puts them", () => {
    const { ctx, pixel } = raster(60, 90);
    const v = drawLevelThumb(ctx, 60, 90, world, rules);
    expect(v).toEqual(fitView({ x: 0, y: 0, w: 60, h: 90 }, rules.field_width, rules.field_height, 1));
    const [bx, by] = toCanvas(v, world.ball.x, world.ball.y);
    expect(near(pixel(bx, by), rgbOf(palette.ball), 60)).toBe(true);
    const [gx, gy] = toCanvas(v, world.goal.center.x, world.goal.center.y);
    expect(near(pixel(gx, gy), rgbOf(palette.bg), 10)).toBe(false);
  });
});

describe("scan words and the scan list", () => {
  it("words each scan event", () => {
    const e = (x: object) => x as unknown as ScanEvent;
    expect(scanWords(e({ event: "started", job: 1, scan_id: 1, from: 0, to: 5000, done: 0, total: 5000, resumed: false }))).toBe("scanning 0..5000: 0 of 5,000 stored");
    expect(scanWords(e({ event: "started", job: 1, scan_id: 1, from: 600, to: 100600, done: 2048, total: 100000, resumed: true }))).toBe(
      "resuming 600..100600: 2,048 of 100,000 stored",
    );
    expect(scanWords(e({ event: "progress", job: 1, done: 1024, total: 5000, seeds_per_second: 812.4, eta_seconds: 4.9, elapsed_ms: 1260 }))).toBe(
      "1,024 / 5,000 · 812 seeds/s · 5 s left",
    );
    expect(scanWords(e({ event: "finished", job: 1, done: 5000, total: 5000, elapsed_ms: 6150, seeds_per_second: 813 }))).toBe("done: 5,000 seeds · 813 seeds/s · 6.2 s");
    expect(scanWords(e({ event: "cancelled", job: 1, done: 768, total: 5000 }))).toContain("paused at 768 of 5,000");
  });
  const ids = { inForce: "aaaaaaaaaaaa", defaultId: "dddddddddddd" };
  it("offers Resume for unfinished scans of the rules in force and this rules version only, and names each scan's rules", () => {
    const info = {
      rules_version: 2,
      held_scans: [],
      scans: [
        { id: 4, from: 600, to: 100600, next: 25600, rules_version: 2, rules_id: "aaaaaaaaaaaa", state: "cancelled" },
        { id: 3, from: 0, to: 600, next: 600, rules_version: 2, rules_id: "dddddddddddd", state: "done" },
        { id: 2, from: 0, to: 100, next: 50, rules_version: 1, rules_id: "aaaaaaaaaaaa", state: "running" },
        { id: 1, from: 0, to: 100, next: 50, rules_version: 2, rules_id: "dddddddddddd", state: "running" },
      ],
    } as unknown as CatalogInfo;
    expect(scanItems(info, ids)).toEqual([
      { id: 4, from: 600, to: 100600, rulesId: "aaaaaaaaaaaa", rules: "aaaaaaaaaaaa", underInForce: true, status: "paused", words: "paused at 25%", resumable: true },
      { id: 3, from: 0, to: 600, rulesId: "dddddddddddd", rules: "v1", underInForce: false, status: "done", words: "done", resumable: false },
      { id: 2, from: 0, to: 100, rulesId: "aaaaaaaaaaaa", rules: "aaaaaaaaaaaa", underInForce: true, status: "interrupted", words: "interrupted at 50%", resumable: false },
      // Under other rules than those in force: not resumed from here (a scan from the Seeds view runs under the rules in force).
      { id: 1, from: 0, to: 100, rulesId: "dddddddddddd", rules: "v1", underInForce: false, status: "interrupted", words: "interrupted at 50%", resumable: false },
    ]);
    expect(scanItems(info, ids, null, 1).length).toBe(1);
  });
  it("keeps two scans of one range under two rule sets apart (the A/B stores one per side)", () => {
    const info = {
      rules_version: 2,
      held_scans: [],
      scans: [
        { id: 2, from: 0, to: 5000, next: 5000, rules_version: 2, rules_id: "aaaaaaaaaaaa", state: "done" },
        { id: 1, from: 0, to: 5000, next: 5000, rules_version: 2, rules_id: "dddddddddddd", state: "done" },
      ],
    } as unknown as CatalogInfo;
    const items = scanItems(info, ids);
    expect(new Set(items.map((s) => s.id)).size).toBe(2);
    expect(items.map((s) => `${s.rules} ${s.from}..${s.to}`)).toEqual(["aaaaaaaaaaaa 0..5000", "v1 0..5000"]);
  });
  it("says running only while a runner holds the scan (this window's, or the catalog's lease), else interrupted", () => {
    const info = {
      rules_version: 2,
      held_scans: [7],
      scans: [
        { id: 8, from: 0, to: 1000, next: 820, rules_version: 2, rules_id: "aaaaaaaaaaaa", state: "running" },
        { id: 7, from: 0, to: 1000, next: 100, rules_version: 2, rules_id: "aaaaaaaaaaaa", state: "running" },
      ],
    } as unknown as CatalogInfo;
    expect(scanItems(info, ids).map((s) => s.words)).toEqual(["interrupted at 82%", "running · 10%"]);
    expect(scanItems(info, ids, 8).map((s) => s.words)).toEqual(["running · 82%", "running · 10%"]);
    expect(scanItems(info, ids, 8)[0]?.resumable).toBe(false);
  });
  it("words every job status one way", () => {
    expect(jobStatus("done", false)).toBe("done");
    expect(jobStatus("cancelled", true)).toBe("paused");
    expect(jobStatus("running", true)).toBe("running");
    expect(jobStatus("running", false)).toBe("interrupted");
    expect(jobWords("running", 41, 50)).toBe("running · 82%");
    expect(jobWords("paused", 20, 50)).toBe("paused at 40%");
    expect(jobWords("interrupted", 0, 50)).toBe("interrupted at 0%");
    expect(jobWords("done", 50, 50)).toBe("done");
  });
});

describe("past searches", () => {
  const search = (id: number, state: string, next: number, rules_id = "r1") => ({ id, criteria: id === 3 ? "" : "walls = 5", rules_id, from: 0, to: 1000, next, matches: id * 10, state, summary: id === 2 ? "full" : "fast", totals: {}, decided: {} });
  const info = { searches: [search(3, "cancelled", 250), search(2, "done", 1000), search(1, "running", 500, "r0")] } as unknown as CatalogInfo;
  it("lists them newest first, says how far each got, and resumes only unfinished ones under the rules in force", () => {
    expect(searchItems(info, { inForce: "r1", defaultId: "r0" })).toEqual([
      { id: 3, criteria: "", from: 0, to: 1000, matches: 30, status: "paused", words: "paused at 25%", resumable: true, rules: "r1", otherRules: null, summary: "fast" },
      { id: 2, criteria: "walls = 5", from: 0, to: 1000, matches: 20, status: "done", words: "done", resumable: false, rules: "r1", otherRules: null, summary: "full" },
      { id: 1, criteria: "walls = 5", from: 0, to: 1000, matches: 10, status: "interrupted", words: "interrupted at 50%", resumable: false, rules: "v1", otherRules: "r0", summary: "fast" },
    ]);
    // Until the rules in force are known, nothing offers to resume.
    expect(searchItems(info, { inForce: null, defaultId: null }).map((s) => [s.resumable, s.otherRules])).toEqual([
      [false, null],
      [false, null],
      [false, null],
    ]);
    expect(searchItems(info, { inForce: "r1", defaultId: null }, null, 2).length).toBe(2);
  });
  it("shows the running search's one live count and status", () => {
    const live = { id: 3, done: 600, matches: 4261 };
    const [item] = searchItems(info, { inForce: "r1", defaultId: null }, live);
    expect(item).toMatchObject({ id: 3, matches: 4261, status: "running", words: "running · 60%", resumable: false });
  });
});

describe("bookmark words", () => {
  const b = { id: 1, seed: 42, note: "", tags: [], level_hash: "abcd", rules_version: 1, created_at: "2026-11-30T10:00:00Z", updated_at: "2026-11-30T10:00:00Z" } as unknown as Bookmark;
  it("words a bookmark's hash and dates, and the check", () => {
    const v1 = { ...b, rules_id: "dddddddddddd" };
    expect(bookmarkMeta(v1, "dddddddddddd")).toEqual(["hash abcd", "rules v1 (version 1)", "saved 2026-11-30 10:00:00 UTC"]);
    expect(bookmarkMeta({ ...v1, rules_id: "aaaaaaaaaaaa" }, "dddddddddddd")[1]).toBe("rules aaaaaaaaaaaa (version 1)");
    expect(bookmarkMeta({ ...v1, updated_at: "2026-12-01T08:00:00Z" }, "dddddddddddd")).toEqual([
      "hash abcd",
      "rules v1 (version 1)",
      "saved 2026-11-30 10:00:00 UTC",
      "edited 2026-12-01 08:00:00 UTC",
    ]);
    const same = { bookmark: b, current_hash: "abcd", current_rules_version: 1, changed: false };
    expect(checkWords([same], 11.4)).toEqual({ changed: 0, text: "All 1 bookmarked levels are unchanged (11 ms)." });
    expect(checkWords([same, { ...same, bookmark: { ...b, seed: 7 }, changed: true }], 3).text).toBe("1 of 2 bookmarked levels changed: 7");
  });
  it("finds the catalog's already_bookmarked in a refused command", () => {
    const failed = (error: object) => new CommandFailed("bookmark_seed", { message: "already", error } as never);
    expect(alreadyBookmarked(failed({ kind: "catalog", error: { kind: "already_bookmarked", detail: { seed: 4, id: 9 } } }))).toEqual({ seed: 4, id: 9 });
    expect(alreadyBookmarked(failed({ kind: "scan_running" }))).toBeNull();
    expect(alreadyBookmarked(failed({ kind: "catalog", error: { kind: "database", detail: "locked" } }))).toBeNull();
    expect(alreadyBookmarked(new Error("network"))).toBeNull();
    expect(alreadyBookmarked("x")).toBeNull();
  });
  it("says what statistics are of", () => {
    expect(criteriaWords("")).toBe("all scanned");
    expect(criteriaWords("solving <= 3 and fallback")).toBe("solving <= 3 and fallback");
  });
});

describe("statistics model", () => {
  const s = {
    seeds: 10, accepted: 8, fallback: 2, all_pre_solved: 1, fallback_rate: 0.2, pre_solved_rejections: 4,
    attempts_histogram: [[1, 6], [3, 4]], solving_histogram: [[0, 2], [2, 3], [5, 5]],
    placement_solves: Array.from({ length: 144 }, (_, i) => (i === 19 ? 4 : 0)),
  } as unknown as Stats;
  it("fills histogram gaps and finds the median", () => {
    expect(histogramBins(s.attempts_histogram, 10).map((b) => [b.label, b.value])).toEqual([["1", 6], ["2", 0], ["3", 4]]);
    expect(histogramBins([], 0)).toEqual([]);
    expect(histogramMedian(s.solving_histogram)).toBe(2);
    expect(histogramMedian([])).toBe(0);
  });
  it("makes the cards, with what they are of and the 5% bar", () => {
    const cards = statCards(s, "solving ≤ 3", 144);
    expect(cards.map((c) => [c.key, c.value, c.tone])).toEqual([
      ["seeds", "10", ""],
      ["fallback rate", "20.00%", "bad"],
      ["mean attempts", "1.80", ""],
      ["median solving", "2", ""],
    ]);
    expect(cards[0]!.sub).toBe("solving ≤ 3");
    expect(statCards({ ...s, seeds: 0, fallback: 0, attempts_histogram: [], solving_histogram: [] } as unknown as Stats, "all scanned", 144).map((c) => c.value)).toEqual([
      "0",
      "—",
      "—",
      "—",
    ]);
  });
  it("words the shares and a placement", () => {
    expect(verdicts(s, 40).map((x) => partWords(x, 10))).toEqual(["accepted: 8 (80.0%)", "fallback: 1 (10.0%)", "all 40 preSolved: 1 (10.0%)"]);
    const tip = placementTip(19, s, rules);
    expect(tip.title).toBe("placement 20");
    expect(tip.lines).toEqual(["ramp at (15, 102), tilt 0.8 rad", "solves 4 seeds", "40.0% of 10 seeds"]);
    expect(tip.data).toEqual({ placement: 19, count: 4, share: 0.4 });
  });
});

describe("thumbnail placeholder", () => {
  it("draws an empty frame: background and edge, no level", () => {
    const { ctx, pixel } = raster(24, 36);
    drawThumbPlaceholder(ctx, 24, 36);
    expect(near(pixel(12, 18), rgbOf(palette.bg), 2)).toBe(true);
    expect(near(pixel(0, 18), rgbOf(palette.fieldEdge), 2)).toBe(true);
    expect(pixel(12, 18)[3]).toBe(255);
  });
});

describe("search decided counts", () => {
  it("gives the four stages in the search's order, their counts and shares of the seeds searched", () => {
    const items = searchDecidedItems({ layout: 600, generator: 250, sweep: 100, full: 50 });
    expect(items.map((i) => i.key)).toEqual(["layout", "generator", "sweep", "full"]);
    expect(items.map((i) => i.label)).toEqual(["layout — no physics", "generator loop", "partway through the sweep", "full row"]);
    expect(items.map((i) => [i.count, i.value, i.share])).toEqual([
      [600, "600", 0.6],
      [250, "250", 0.25],
      [100, "100", 0.1],
      [50, "50", 0.05],
    ]);
    expect(items.reduce((a, i) => a + i.share, 0)).toBeCloseTo(1, 12);
    expect(items[0]!.title).toBe("60.0% of 1,000 seeds searched: decided from the candidates' layouts alone, no step simulated");
    expect(items[3]!.title.startsWith("5.0% of 1,000 seeds searched: ")).toBe(true);
  });
  it("groups large counts and has no share when nothing was searched", () => {
    const big = searchDecidedItems({ layout: 4_000_000_000, generator: 1, sweep: 0, full: 294_967_295 });
    expect(big.map((i) => i.value)).toEqual(["4,000,000,000", "1", "0", "294,967,295"]);
    const none = searchDecidedItems({ layout: 0, generator: 0, sweep: 0, full: 0 });
    expect(none.map((i) => i.share)).toEqual([0, 0, 0, 0]);
    expect(none[0]!.title.startsWith("— of 0 seeds searched")).toBe(true);
  });
  it("names a search's kind", () => {
    expect([summaryWords("fast"), summaryWords("full")]).toEqual(["fast", "whole-range totals"]);
  });
});

describe("search totals", () => {
  it("shows every field of the CLI's summary", () => {
    const items = searchTotalsItems({
      seeds: 1000, accepted: 990, fallback: 10, fallback_rate: 0.01, all_pre_solved: 1, pre_solved_rejections: 120,
      no_single_ramp_rejections: 300, mean_attempts: 1.4199, attempts_histogram: [[1, 800], [2, 200]], solving_histogram: [[0, 3], [1, 997]], all_pre_solved_seeds: [42],
    });
    expect(Object.fromEntries(items.map((i) => [i.key, i.value]))).toEqual({
      seeds: "1,000", accepted: "990", fallback: "10 (1.00%)", all_pre_solved: "1", pre_solved_rejections: "120",
      no_single_ramp_rejections: "300", mean_attempts: "1.420", attempts_histogram: "1: 800, 2: 200", solving_histogram: "0: 3, 1: 997", all_pre_solved_seeds: "42",
    });
  });
});
