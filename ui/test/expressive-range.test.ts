import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Axis } from "../src/bindings/Axis";
import { cellRect, countRgb, diffRgb, drawRangePanel, hitRange, rangeLayout, rangePalette } from "../src/draw/range";
import { binGrid, binOf, bins, binSpanText, binText, binWidth, cellInfo, MAX_BINS, METRICS, signed, spanText, zeroAlone } from "../src/expressive_range/grid";
import { raster, rgbOf } from "./canvas";

type Triple = [number, number, number];
interface Case {
  name: string;
  x: Axis;
  y: Axis;
  a: Triple[];
  b: Triple[];
  expected: { x_bins: [number, number][]; y_bins: [number, number][]; cells: [number, number, number, number, number][]; max_count: number; max_diff: number };
}

/** The fixture the engine's tests/expressive_range.rs reads too. */
const fixture = JSON.parse(readFileSync(new URL("../../tests/data/expressive_range.json", import.meta.url), "utf8")) as { cases: Case[] };

describe("expressive-range binning", () => {
  it("bins the shared fixture as the engine does", () => {
    expect(fixture.cases.length).toBeGreaterThanOrEqual(3);
    for (const c of fixture.cases) {
      const g = binGrid(c.x, c.y, c.a, c.b);
      expect(g.xBins.map((b) => [b.lo, b.hi]), c.name).toEqual(c.expected.x_bins);
      expect(g.yBins.map((b) => [b.lo, b.hi]), c.name).toEqual(c.expected.y_bins);
      const nx = g.xBins.length;
      const cells = g.a.flatMap((a, k) => (a !== 0 || g.b[k] !== 0 ? [[k % nx, Math.floor(k / nx), a, g.b[k]!, g.diff[k]!]] : []));
      expect(cells, c.name).toEqual(c.expected.cells);
      expect(g.maxCount, c.name).toBe(c.expected.max_count);
      expect(g.maxDiff, c.name).toBe(c.expected.max_diff);
    }
  });

  it("puts one value in a bin up to 24 values, then equal widths, never more than 24 bins", () => {
    expect(bins(1, 24)).toHaveLength(24);
    expect(binWidth(0, 23)).toBe(1);
    expect(binWidth(0, 24)).toBe(2);
    expect(bins(0, 24).slice(0, 2)).toEqual([{ lo: 0, hi: 0 }, { lo: 1, hi: 2 }]);
    expect(bins(0, 24).at(-1)).toEqual({ lo: 23, hi: 24 });
    expect(bins(1, 25).at(-1)).toEqual({ lo: 25, hi: 25 });
    // The default sweep: no solving placement alone, one-way levels with 2 to 7, 22 bins.
    expect(binWidth(0, 144)).toBe(7);
    expect(bins(0, 144)).toHaveLength(22);
    expect(bins(0, 144).slice(0, 2)).toEqual([{ lo: 0, hi: 0 }, { lo: 1, hi: 7 }]);
    expect(binOf(0, 144, 0)).toBe(0);
    expect(binOf(0, 144, 1)).toBe(1);
    expect(binOf(0, 144, 7)).toBe(1);
    expect(binOf(0, 144, 8)).toBe(2);
    expect(binOf(0, 144, 144)).toBe(21);
    expect([zeroAlone(0, 23), zeroAlone(0, 24), zeroAlone(1, 1000)]).toEqual([false, true, false]);
    expect(bins(5, 5)).toEqual([{ lo: 5, hi: 5 }]);
    expect(bins(0, 2 ** 32 - 1)).toHaveLength(24);
    expect([binSpanText(bins(0, 144)), binSpanText(bins(1, 144)), binSpanText(bins(0, 5))]).toEqual(["7 values (0 alone)", "6 values", "one value"]);
    for (const [lo, hi] of [
      [0, 1000],
      [1, 1000],
      [3, 50],
      [0, 1024],
      [0, 47],
      [0, 48],
      [0, 24],
      [0, 40],
      [0, 64],
      [0, 144],
      [1, 24],
      [1, 25],
    ] as const) {
      const b = bins(lo, hi);
      expect(b.length).toBeLessThanOrEqual(MAX_BINS);
      expect(b[0]!.lo).toBe(lo);
      if (lo === 0 && hi >= MAX_BINS) expect(b[0]).toEqual({ lo: 0, hi: 0 });
      expect(b.at(-1)!.hi).toBe(hi);
      for (let k = 1; k < b.length; k++) expect(b[k]!.lo).toBe(b[k - 1]!.hi + 1);
      for (let v = lo; v <= hi; v++) {
        const bin = b[binOf(lo, hi, v)]!;
        expect(bin.lo <= v && v <= bin.hi).toBe(true);
      }
    }
  });

  it("computes B − A per cell and the scales; a cell says its values and counts", () => {
    const x: Axis = { metric: "walls", lo: 0, hi: 2 };
    const y: Axis = { metric: "ramps", lo: 1, hi: 2 };
    const g = binGrid(
      x,
      y,
      [
        [0, 1, 4],
        [2, 2, 1],
      ],
      [
        [0, 1, 1],
        [1, 2, 3],
        [2, 2, 1],
      ],
    );
    expect(g.a).toEqual([4, 0, 0, 0, 0, 1]);
    expect(g.b).toEqual([1, 0, 0, 0, 3, 1]);
    expect(g.diff).toEqual([-3, 0, 0, 0, 3, 0]);
    expect([g.maxCount, g.maxDiff, g.seedsA, g.seedsB]).toEqual([4, 3, 5, 5]);
    expect(cellInfo(g, 1, 1)).toEqual({ i: 1, j: 1, x: { lo: 1, hi: 1 }, y: { lo: 2, hi: 2 }, a: 0, b: 3, diff: 3 });
    expect(cellInfo(g, 3, 0)).toBeNull();
    expect(binText({ lo: 7, hi: 13 })).toBe("7–13");
    expect([signed(3), signed(-2), signed(0)]).toEqual(["+3", "−2", "0"]);
    expect(METRICS.map((m) => m.value)).toEqual(["solving", "walls", "attempts", "pre_solved", "ramps", "fans", "bumpers", "gears", "inventory"]);
  });
});

describe("expressive-range drawing", () => {
  it("uses the PNG's colours: empty, low to high, zero neutral, fewer blue, more orange", () => {
    expect(countRgb(0, 9)).toEqual(rgbOf(rangePalette.empty));
    expect(countRgb(1, 9)).toEqual(rgbOf(rangePalette.countLo));
    expect(countRgb(9, 9)).toEqual(rgbOf(rangePalette.countHi));
    // The same halfway colour as render/src/range.rs's test.
    expect(countRgb(5, 9)).toEqual([0x3a, 0x8c, 0x85]);
    expect(diffRgb(0, 4, true)).toEqual(rgbOf(rangePalette.neutral));
    expect(diffRgb(0, 4, false)).toEqual(rgbOf(rangePalette.empty));
    expect(diffRgb(4, 4, true)).toEqual(rgbOf(rangePalette.more));
    expect(diffRgb(-4, 4, true)).toEqual(rgbOf(rangePalette.fewer));
  });

  it("paints each cell the colour of its count, and hit-tests cells", () => {
    const x: Axis = { metric: "solving", lo: 0, hi: 144 };
    const y: Axis = { metric: "walls", lo: 0, hi: 5 };
    const g = binGrid(
      x,
      y,
      [
        [0, 2, 9],
        [3, 2, 1],
        [20, 5, 5],
      ],
      [
        [0, 2, 2],
        [70, 0, 9],
        [144, 0, 1],
      ],
    );
    const { ctx, pixel } = raster(320, 270);
    for (const panel of ["a", "b", "diff"] as const) {
      const layout = drawRangePanel(ctx, 320, 270, g, panel, null, { x: "solving placements", y: "walls" });
      // 22 bins of solving: 0 alone, then 1–7, 8–14, … (3 is not with 0).
      expect(layout).toEqual(rangeLayout(320, 270, 22, 6));
      for (const [i, j] of [
        [0, 2],
        [1, 2],
        [3, 5],
        [10, 0],
        [5, 3],
      ] as const) {
        const k = j * 22 + i;
        const r = cellRect(layout, i, j);
        const want = panel === "a" ? countRgb(g.a[k]!, g.maxCount) : panel === "b" ? countRgb(g.b[k]!, g.maxCount) : diffRgb(g.diff[k]!, g.maxDiff, g.a[k]! + g.b[k]! > 0);
        expect(pixel(r.x + r.w / 2, r.y + r.h / 2).slice(0, 3), `${panel} ${i},${j}`).toEqual(want);
        expect(hitRange(layout, r.x + r.w / 2, r.y + r.h / 2)).toEqual({ i, j });
      }
    }
    // The difference's cells: B − A = 9 − 0 at (10, 0) is the most orange; 2 − 9 at (0, 2) blue.
    expect([g.a[2 * 22], g.a[2 * 22 + 1]]).toEqual([9, 1]);
    const l = rangeLayout(320, 270, 22, 6);
    const more = cellRect(l, 10, 0);
    expect(pixel(more.x + 2, more.y + 2).slice(0, 3)).toEqual(rgbOf(rangePalette.more));
    const fewer = cellRect(l, 0, 2);
    expect(pixel(fewer.x + 2, fewer.y + 2).slice(0, 3)).toEqual(diffRgb(-7, 9, true));
    expect(hitRange(l, l.plot.x - 1, l.plot.y + 5)).toBeNull();
    expect(hitRange(l, l.plot.x + 5, l.plot.y + l.plot.h)).toBeNull();
  });

  it("fits the axes to the values seen, keeping what the rules allow", () => {
    const g = binGrid({ metric: "attempts", lo: 1, hi: 40 }, { metric: "walls", lo: 0, hi: 5 }, [[1, 2, 5], [3, 4, 1]], [[2, 3, 2], [4, 2, 0]]);
    expect([g.x, g.y]).toEqual([
      { metric: "attempts", lo: 1, hi: 3 },
      { metric: "walls", lo: 2, hi: 4 },
    ]);
    expect([g.domainX.hi, g.domainY.lo]).toEqual([40, 0]);
    expect(g.xBins.length * g.yBins.length).toBe(9);
    expect(spanText(g.x)).toBe("1–3");
    // Nothing seen: the whole domain.
    expect(binGrid({ metric: "walls", lo: 0, hi: 5 }, { metric: "ramps", lo: 1, hi: 2 }, [], []).xBins.length).toBe(6);
  });

  it("rings the hovered cell", () => {
    const g = binGrid(
      { metric: "walls", lo: 0, hi: 3 },
      { metric: "ramps", lo: 1, hi: 2 },
      [
        [1, 1, 2],
        [3, 2, 1],
      ],
      [[0, 1, 1]],
    );
    const { ctx, pixel } = raster(300, 240);
    const layout = drawRangePanel(ctx, 300, 240, g, "a", { i: 1, j: 0 }, { x: "walls", y: "ramps" });
    const r = cellRect(layout, 1, 0);
    expect(pixel(r.x + 1, r.y + r.h / 2).slice(0, 3)).toEqual(rgbOf(rangePalette.hover));
    expect(pixel(r.x + r.w / 2, r.y + r.h / 2).slice(0, 3)).toEqual(countRgb(2, 2));
  });
});
