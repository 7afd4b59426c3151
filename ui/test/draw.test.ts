import { describe, expect, it } from "vitest";
import { heatColor, heatRgb, palette, resultColor } from "../src/draw/colors";
import { cellSize, drawHeatmap, heatCells } from "../src/draw/heatmap";
import { drawMultiples, hitMultiples, layoutMultiples } from "../src/draw/multiples";
import { drawGlyphs, hitGlyph, visibleIndices } from "../src/draw/sweep";
import { drawThumbnail } from "../src/draw/thumbnail";
import { drawTrajectory, drawTrajectoryBundle } from "../src/draw/trajectory";
import { fitView, insideField, pointSegmentDist2, toCanvas, toField } from "../src/draw/view";
import { drawField, drawWorld } from "../src/draw/world";
import { allVisible } from "../src/inspector/model";
import { near, raster, rgbOf } from "./canvas";
import { attempt, entries, grid, rules, world } from "./fixtures";

const noMarks = { hovered: null, selected: null, gameStop: null };

describe("view", () => {
  it("fits the field centred, keeping its aspect", () => {
    const v = fitView({ x: 0, y: 0, w: 400, h: 300 }, 100, 150, 0);
    expect(v.scale).toBe(2);
    expect(toCanvas(v, 0, 0)).toEqual([100, 0]);
    expect(toCanvas(v, 100, 150)).toEqual([300, 300]);
    const [x, y] = toField(v, ...toCanvas(v, 37.5, 81.25));
    expect(x).toBeCloseTo(37.5);
    expect(y).toBeCloseTo(81.25);
    expect(insideField(v, 99, 10)).toBe(false);
    expect(insideField(v, 101, 10)).toBe(true);
  });
  it("measures point–segment distances", () => {
    expect(pointSegmentDist2(0, 1, -1, 0, 1, 0)).toBe(1);
    expect(pointSegmentDist2(3, 0, -1, 0, 1, 0)).toBe(4);
    expect(pointSegmentDist2(5, 5, 2, 2, 2, 2)).toBe(18);
  });
});

describe("world", () => {
  it("paints the goal, the ball and the walls where the world puts them", () => {
    const { ctx, pixel } = raster(200, 300);
    const v = fitView({ x: 0, y: 0, w: 200, h: 300 }, 100, 150, 0);
    drawField(ctx, v, rules);
    drawWorld(ctx, v, world, rules);
    expect(near(pixel(...toCanvas(v, 20, 8)), rgbOf(palette.ball))).toBe(true);
    expect(near(pixel(...toCanvas(v, 30, 65)), rgbOf(palette.wall))).toBe(true);
    // Goal outline at the zone's left edge (70 - 7), inside tinted green.
    const edge = pixel(...toCanvas(v, 63, 130));
    expect(edge[1]).toBeGreaterThan(edge[0]! + 60);
    const inside = pixel(...toCanvas(v, 70, 130));
    expect(inside[1]).toBeGreaterThan(inside[0]! + 20);
    // Empty field stays the field colour.
    expect(near(pixel(...toCanvas(v, 85, 35)), rgbOf(palette.field), 12)).toBe(true);
  });
});

describe("sweep glyphs", () => {
  const g = grid();
  it("draws each ramp at its position and angle in its result colour", () => {
    const es = entries((i) => (i === 29 ? "goal" : "out"));
    const { ctx, pixel } = raster(400, 600);
    const v = fitView({ x: 0, y: 0, w: 400, h: 600 }, 100, 150, 0);
    drawField(ctx, v, rules);
    const filter = allVisible(4);
    filter.tilts = [false, true, false, false];
    drawGlyphs(ctx, v, g, es, filter, noMarks, 1);
    // Placement 29: column 1 (x 29), row 1 (y 48), tilt 1 (−0.45). Sample 6 units along it.
    const p = g[29]!;
    const along = (t: number) => toCanvas(v, p.x + Math.cos(p.angle) * t, p.y + Math.sin(p.angle) * t);
    expect(near(pixel(...along(6)), rgbOf(resultColor.goal))).toBe(true);
    expect(near(pixel(...along(-6)), rgbOf(resultColor.goal))).toBe(true);
    // Placement 1 (x 15, y 30, tilt −0.45) is "out".
    const q = g[1]!;
    expect(near(pixel(...toCanvas(v, q.x + Math.cos(q.angle) * 6, q.y + Math.sin(q.angle) * 6)), rgbOf(resultColor.out))).toBe(true);
    // Tilt +0.8 (filtered out) leaves its far end unpainted.
    const r = g[31]!;
    expect(near(pixel(...toCanvas(v, r.x + Math.cos(r.angle) * 8, r.y + Math.sin(r.angle) * 8)), rgbOf(palette.field), 12)).toBe(true);
  });
  it("hit-tests the ramp under the pointer, honouring filters", () => {
    const es = entries(() => "rest");
    const v = fitView({ x: 0, y: 0, w: 400, h: 600 }, 100, 150, 0);
    const p = g[57]!;
    const end = toCanvas(v, p.b.x, p.b.y);
    expect(hitGlyph(v, g, es, allVisible(4), ...end)).toBe(57);
    const f = allVisible(4);
    f.results.rest = false;
    expect(hitGlyph(v, g, es, f, ...end)).toBeNull();
    expect(hitGlyph(v, g, es, allVisible(4), ...toCanvas(v, 50, 145))).toBeNull();
    expect(visibleIndices(g, es, f)).toEqual([]);
  });
});

describe("heat map", () => {
  /** A bare ball no placement of `entries` runs as. */
  const bare = { outcome: "rest" as const, steps: 1, closest: 999, trajectory: [] };
  it("keeps the closest approach over the visible tilts of each cell", () => {
    const g = grid();
    const es = entries((i) => (i === 5 ? "goal" : i === 4 ? "blocked" : "out"));
    const cells = heatCells(rules, g, es, allVisible(4), bare);
    expect(cells).toHaveLength(36);
    // Cell (0,1) holds placements 4..7: 4 blocked, closest of 5,6,7 = 2.5 (index 5).
    expect(cells[1]).toMatchObject({ column: 0, row: 1, closest: 2.5, index: 5, goals: 1 });
    const f = allVisible(4);
    f.tilts[1] = false;
    expect(heatCells(rules, g, es, f, bare)[1]).toMatchObject({ closest: 3, index: 6, goals: 0, bare: false });
    expect(cellSize(rules)).toEqual([14, 18]);
  });
  it("maps near to bright and far to dark, saturating", () => {
    const lum = (d: number) => heatRgb(d).reduce((s, c) => s + c, 0);
    expect(lum(0)).toBeGreaterThan(lum(20));
    expect(lum(20)).toBeGreaterThan(lum(59));
    expect(heatColor(600)).toBe(heatColor(60));
  });
  it("paints each cell in its heat colour", () => {
    const g = grid();
    const es = entries(() => "out");
    const { ctx, pixel } = raster(400, 600);
    const v = fitView({ x: 0, y: 0, w: 400, h: 600 }, 100, 150, 0);
    drawField(ctx, v, rules);
    drawHeatmap(ctx, v, rules, heatCells(rules, g, es, allVisible(4), bare));
    // Cell (5, 5): placements 140..143, closest 70 → saturated dark; sample off the label.
    const c = pixel(...toCanvas(v, 85 - 5, 120 - 7));
    expect(near(c, heatRgb(60), 30)).toBe(true);
  });
});

describe("small multiples", () => {
  it("lays out one panel per tilt and maps cells back to placements", () => {
    const g = grid();
    const es = entries((i) => (i % 4 === 3 ? "goal" : "timeout"));
    const area = { x: 0, y: 0, w: 800, h: 600 };
    const layout = layoutMultiples(area, rules.sweep_angles, 6, 6);
    expect(layout.panels).toHaveLength(4);
    for (const p of layout.panels) {
      expect(p.rect.x).toBeGreaterThanOrEqual(0);
      expect(p.rect.x + p.rect.w).toBeLessThanOrEqual(800);
      expect(p.rect.y + p.rect.h).toBeLessThanOrEqual(600);
    }
    const { ctx, pixel } = raster(800, 600);
    drawMultiples(ctx, layout, g, es, allVisible(4), noMarks);
    for (const [c, r, t] of [[0, 0, 0], [3, 2, 1], [5, 5, 3], [2, 4, 2]] as const) {
      const p = layout.panels[t]!;
      const px = p.gx + c * p.cell + p.cell * 0.2;
      const py = p.gy + r * p.cell + p.cell * 0.8;
      const index = hitMultiples(layout, g, px, py);
      expect(index).toBe(c * 24 + r * 4 + t);
      const expected = t === 3 ? resultColor.goal : resultColor.timeout;
      expect(near(pixel(px, py), rgbOf(expected), 45)).toBe(true);
    }
    expect(hitMultiples(layout, g, 1, 1)).toBeNull();
  });
});

describe("trajectories", () => {
  it("draws a polyline through the samples and batches a bundle by colour", () => {
    const { ctx, pixel } = raster(200, 300);
    const v = fitView({ x: 0, y: 0, w: 200, h: 300 }, 100, 150, 0);
    drawField(ctx, v, rules);
    drawTrajectory(ctx, v, [[10, 10], [10, 100]], "#ff0000", 3);
    expect(near(pixel(...toCanvas(v, 10, 50)), [255, 0, 0], 10)).toBe(true);
    const segs = drawTrajectoryBundle(ctx, v, [
      { points: [[50, 10], [50, 50], [60, 90]], color: "#00ff00" },
      { points: [[80, 10], [80, 50]], color: "#00ff00" },
      { points: [[90, 10]], color: "#0000ff" },
    ], 3);
    expect(segs).toBe(3);
    expect(near(pixel(...toCanvas(v, 80, 30)), [0, 255, 0], 10)).toBe(true);
  });
  it("skips samples closer than a pixel but keeps each end", () => {
    const { ctx, pixel } = raster(200, 300);
    const v = fitView({ x: 0, y: 0, w: 200, h: 300 }, 100, 150, 0);
    // A ball resting for 100 samples: all within 0.1 units (0.2 px) of (40, 100), then one move.
    const resting: [number, number][] = Array.from({ length: 100 }, (_, i) => [40 + (i % 2) * 0.1, 100]);
    const segs = drawTrajectoryBundle(ctx, v, [{ points: [[40, 20], ...resting, [40, 140]], color: "#ff00ff" }], 3);
    expect(segs).toBe(2);
    expect(near(pixel(...toCanvas(v, 40, 60)), [255, 0, 255], 10)).toBe(true);
    expect(near(pixel(...toCanvas(v, 40, 139)), [255, 0, 255], 10)).toBe(true);
  });
  it("draws a thumbnail of an attempt", () => {
    const { ctx, pixel } = raster(56, 84);
    const v = drawThumbnail(ctx, 56, 84, attempt(1, "accepted"), rules);
    expect(near(pixel(...toCanvas(v, 20, 8)), rgbOf(palette.ball), 60)).toBe(true);
  });
});
