import { describe, expect, it } from "vitest";
import type { ChartTable } from "../src/bindings/ChartTable";
import type { DailyEntry } from "../src/bindings/DailyEntry";
import type { RangeSummary } from "../src/bindings/RangeSummary";
import type { Stats } from "../src/bindings/Stats";
import type { WrittenFile } from "../src/bindings/WrittenFile";
import {
  attemptsUnit,
  binsTable,
  binTip,
  candidateFates,
  candidates,
  histogramBins,
  partsTable,
  placementPose,
  placementsTable,
  rankPlacements,
  share,
  shareCell,
  shareText,
  solvingUnit,
} from "../src/catalog/stats/figures";
import { dayFlags, dayList, monthSummary } from "../src/catalog/calendar/summary";
import { StatsFiles } from "../src/catalog/stats/files.svelte";
import { verdicts } from "../src/catalog/stats/model";
import { barAt, barFraction, barLayout, drawHistogram, logMax, logTicks, shareAt, shareSegments } from "../src/draw/catalog";
import { CommandFailed } from "../src/lib/ipc";
import { placementName } from "../src/lib/placement";
import { near, raster, rgbOf } from "./canvas";
import { rules } from "./fixtures";

// 20 seeds: 12 accepted, 6 fallback, 2 all-preSolved (the catalog's `fallback`
// counts them too: 8); 1×10 + 2×6 + 12×4 = 70 candidates.
const s = {
  seeds: 20,
  accepted: 12,
  fallback: 8,
  all_pre_solved: 2,
  fallback_rate: 0.4,
  pre_solved_rejections: 30,
  attempts_histogram: [[1, 10], [2, 6], [12, 4]],
  solving_histogram: [[0, 8], [1, 2], [3, 10]],
  placement_solves: Array.from({ length: 144 }, (_, i) => (i === 7 ? 9 : i === 3 || i === 100 ? 5 : i === 50 ? 1 : 0)),
} as unknown as Stats;

describe("shares", () => {
  it("is a fraction of a whole, none without one", () => {
    expect(share(3, 12)).toBe(0.25);
    expect(share(3, 0)).toBeNull();
  });
  it("words a share precisely enough that rare counts do not read as 0", () => {
    expect(shareText(61, 100)).toBe("61.0%");
    expect(shareText(463, 10000)).toBe("4.63%");
    expect(shareText(1, 20000)).toBe("0.0050%");
    expect(shareText(1, 3)).toBe("33.3%");
    expect(shareText(0, 10)).toBe("0%");
    expect(shareText(1, 0)).toBe("—");
    expect(shareCell(1, 3)).toBe("0.333333");
    expect(shareCell(1, 0)).toBe("");
  });
});

describe("histogram bins", () => {
  it("fills gaps with 0 and gives each bin its share of the seeds", () => {
    const bins = histogramBins(s.attempts_histogram, s.seeds);
    expect(bins.map((b) => b.key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(bins[0]).toEqual({ key: 1, label: "1", value: 10, share: 0.5 });
    expect(bins[2]).toEqual({ key: 3, label: "3", value: 0, share: 0 });
    expect(bins[11]!.share).toBe(0.2);
    expect(bins.reduce((a, b) => a + b.value, 0)).toBe(20);
  });
  it("says a bin's exact count and share on hover", () => {
    const bin = histogramBins(s.attempts_histogram, s.seeds)[11]!;
    expect(binTip(bin, attemptsUnit, { total: 20, unit: "seeds" })).toEqual({ title: "12 attempts", count: "4 seeds", share: "20.0% of 20 seeds" });
    expect(attemptsUnit(1)).toBe("1 attempt");
    expect(solvingUnit(1)).toBe("1 solving placement");
  });
});

describe("candidates", () => {
  it("counts every attempt and splits them as the engine's totals do, as shares of the candidates", () => {
    expect(candidates(s)).toBe(70);
    const fates = candidateFates(s);
    expect(fates.map((f) => [f.key, f.value])).toEqual([["accepted", 12], ["pre_solved", 30], ["no_single_ramp", 28]]);
    expect(fates.reduce((a, f) => a + f.value, 0)).toBe(70);
    expect(fates[1]!.share).toBeCloseTo(30 / 70);
  });
  it("gives the verdicts as shares of the seeds, adding up to the seeds", () => {
    expect(verdicts(s, 40).map((v) => [v.key, v.value, v.share])).toEqual([["accepted", 12, 0.6], ["fallback", 6, 0.3], ["all_pre_solved", 2, 0.1]]);
  });
});

describe("ranked placements", () => {
  it("ranks by seeds solved, ties by index and sharing a rank, named as everywhere", () => {
    const top = rankPlacements(s.placement_solves, s.seeds, rules, 5);
    expect(top.map((p) => [p.rank, p.index, p.solves])).toEqual([[1, 7, 9], [2, 3, 5], [2, 100, 5], [4, 50, 1], [5, 0, 0]]);
    expect(top[0]!.name).toBe(placementName(7));
    expect(placementName(7)).toBe("placement 8");
    expect(top[0]!.share).toBe(0.45);
    expect(rankPlacements(s.placement_solves, s.seeds, rules)).toHaveLength(144);
  });
  it("places a sweep index where the sweep puts the ramp", () => {
    // index = (x * rows + y) * tilts + tilt
    const na = rules.sweep_angles.length;
    const ny = rules.sweep_ys.length;
    const i = (2 * ny + 3) * na + 1;
    expect(placementPose(i, rules)).toEqual({ x: rules.sweep_xs[2], y: rules.sweep_ys[3], tilt: rules.sweep_angles[1] });
  });
});

describe("chart tables", () => {
  it("writes each chart's data with the denominator in the header", () => {
    const t = binsTable("attempts", "attempts", histogramBins(s.attempts_histogram, 20), 20);
    expect(t.columns).toEqual(["attempts", "seeds", "share of seeds"]);
    expect(t.rows[0]).toEqual(["1", "10", "0.500000"]);
    expect(t.rows).toHaveLength(12);
    const c = partsTable("candidates", "candidates", candidateFates(s), 70);
    expect(c.columns).toEqual(["what", "candidates", "share of candidates"]);
    expect(c.rows[1]).toEqual(["rejected: preSolved", "30", "0.428571"]);
    const p = placementsTable(rankPlacements(s.placement_solves, 20, rules), 20);
    expect(p.rows).toHaveLength(144);
    expect(p.rows[0]).toEqual(["1", "placement 8", "7", ...Object.values(placementPose(7, rules)).map(String), "9", "0.450000"]);
    for (const table of [t, c, p]) for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
  });
});

describe("histogram axis", () => {
  it("has a log axis whose ticks are powers of ten and on which a count of 1 still shows", () => {
    expect(logMax(1831)).toBe(10000);
    expect(logMax(3)).toBe(10);
    expect(logTicks(1000)).toEqual([0, 1, 10, 100, 1000]);
    expect(barFraction(1, 10000, true)).toBeGreaterThan(0.07);
    expect(barFraction(1, 10000, false)).toBe(0.0001);
    expect(barFraction(0, 10, true)).toBe(0);
    expect(barFraction(10000, 10000, true)).toBe(1);
  });
  it("draws a rare bin visibly on the log axis, not on the linear one", () => {
    const bars = [{ label: "1", value: 10000 }, { label: "2", value: 1 }];
    const blue = rgbOf("#5aa9ff");
    for (const log of [false, true]) {
      const { ctx, pixel } = raster(300, 200);
      const lay = drawHistogram(ctx, 300, 200, bars, "#5aa9ff", { log });
      const b = lay.bars[1]!;
      const y = lay.plot.y + lay.plot.h - 4;
      expect(near(pixel(b.x + b.w / 2, y), blue), `log ${log}`).toBe(log);
    }
  });
  it("finds the bar under the pointer by its column and outlines the hovered one", () => {
    const bars = [{ label: "1", value: 5 }, { label: "2", value: 0 }, { label: "3", value: 2 }];
    const lay = barLayout(300, 200, bars);
    const mid = (i: number) => lay.bars[i]!.x + lay.bars[i]!.w / 2;
    expect(barAt(lay, mid(0), lay.plot.y + 5)).toBe(0);
    expect(barAt(lay, mid(1), lay.plot.y + lay.plot.h - 2)).toBe(1);
    expect(barAt(lay, mid(2), lay.plot.y + lay.plot.h + 10)).toBe(2);
    expect(barAt(lay, 5, 50)).toBeNull();
    const { ctx, pixel } = raster(300, 200);
    drawHistogram(ctx, 300, 200, bars, "#5aa9ff", { highlight: 2 });
    const r = lay.bars[2]!;
    expect(near(pixel(Math.round(r.x), r.y + r.h / 2), [255, 255, 255], 40)).toBe(true);
    expect(near(pixel(r.x + r.w / 2, r.y + r.h / 2), rgbOf("#5aa9ff"))).toBe(true);
  });
  it("finds the share under the pointer", () => {
    const seg = shareSegments(400, [
      { label: "a", value: 999, color: "#000" },
      { label: "b", value: 0, color: "#000" },
      { label: "c", value: 1, color: "#000" },
    ]);
    expect(shareAt(seg, 10)).toBe(0);
    expect(shareAt(seg, 399)).toBe(2);
    expect(shareAt(seg, 500)).toBeNull();
  });
});

describe("statistics files", () => {
  const summary = { path: "/x/_summary.json", range: "0..20", rules_id: "r1", stats: s } as unknown as RangeSummary;
  function fake(answer: () => Promise<RangeSummary | null>) {
    const tables: ChartTable[] = [];
    return {
      tables,
      openRangeSummary: answer,
      exportChartCsv: async (t: ChartTable): Promise<WrittenFile | null> => {
        tables.push(t);
        return { path: "/tmp/a.csv", bytes: 42 };
      },
    };
  }
  it("shows an opened summary until closed, and keeps it when a later file is refused", async () => {
    let next: () => Promise<RangeSummary | null> = async () => summary;
    const f = new StatsFiles(fake(() => next()));
    await f.open();
    expect(f.summary?.range).toBe("0..20");
    next = async () => {
      throw new CommandFailed("open_range_summary", { message: "/y was refused: it is not the _summary.json of a distributed scan", error: { kind: "summary_file", path: "/y", reason: "r" } });
    };
    await f.open();
    expect(f.summary?.range).toBe("0..20");
    expect(f.note?.kind).toBe("error");
    expect(f.note?.text).toContain("/y was refused");
    next = async () => null;
    await f.open();
    expect(f.summary?.range).toBe("0..20");
    f.close();
    expect(f.summary).toBeNull();
  });
  it("says where a CSV went", async () => {
    const api = fake(async () => null);
    const f = new StatsFiles(api);
    await f.exportCsv({ name: "attempts", columns: ["a"], rows: [["1"], ["2"]] });
    expect(api.tables).toHaveLength(1);
    expect(f.note).toEqual({ kind: "ok", text: "Saved 2 rows to /tmp/a.csv (42 bytes)." });
  });
});

describe("calendar month summary", () => {
  const day = (d: number, solving: number, fallback = false, trivial = false): DailyEntry =>
    ({ date: `2026-11-${String(d).padStart(2, "0")}`, key: "", seed: d, fallback, nearly_trivial: trivial, summary: { solving } }) as unknown as DailyEntry;
  const days = [day(1, 5), day(2, 1), day(3, 0, true), day(4, 40, false, true), day(5, 1), day(6, 12, false, true)];
  it("flags the fallback, nearly trivial and single-placement days", () => {
    expect(days.map(dayFlags)).toEqual([[], ["single"], ["fallback"], ["trivial"], ["single"], ["trivial"]]);
  });
  it("sums the month up with the dates of each kind", () => {
    expect(monthSummary(days)).toEqual({
      days: 6,
      fallback: ["2026-11-03"],
      trivial: ["2026-11-04", "2026-11-06"],
      single: ["2026-11-02", "2026-11-05"],
    });
    expect(monthSummary([])).toEqual({ days: 0, fallback: [], trivial: [], single: [] });
  });
  it("lists the days in words", () => {
    expect(dayList(["2026-11-02", "2026-11-05", "2026-11-30"])).toBe("2, 5 and 30");
    expect(dayList(["2026-11-09"])).toBe("9");
    expect(dayList([])).toBe("none");
  });
});
