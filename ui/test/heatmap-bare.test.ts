/**
 * The heat map of closest approach and the ramps the ball never touched: a
 * placement that ran exactly as the bare ball (same result, steps and closest
 * approach) shows the bare ball's own closest approach, so its cell is drawn
 * hatched without a heat colour and the hover says so.
 */
import { describe, expect, it } from "vitest";
import type { SimResult } from "../src/bindings/SimResult";
import type { SweepEntry } from "../src/bindings/SweepEntry";
import { heatRgb, palette } from "../src/draw/colors";
import { drawHeatmap, heatCells, hitHeat, HATCH_PX } from "../src/draw/heatmap";
import { fitView, toCanvas } from "../src/draw/view";
import { drawField } from "../src/draw/world";
import { allVisible, bareRunWords, ranAsBare } from "../src/inspector/model";
import { near, raster, rgbOf } from "./canvas";
import { entries, grid, rules } from "./fixtures";

const bare: SimResult = { outcome: "out", steps: 300, closest: 40, trajectory: [] };

/**
 * The bare ball's run for every placement but those of cells (0, 0) and (2, 2)
 * (placements 0..3 and 56..59), which touch their ramp: other steps, and a
 * closer approach for 57 (it reaches the goal).
 */
function sweep(): SweepEntry[] {
  return entries(() => "out").map((e) => {
    const touched = e.index < 4 || (e.index >= 56 && e.index < 60);
    if (!touched) return { ...e, steps: bare.steps, closest: bare.closest };
    return e.index === 57 ? { ...e, result: "goal", steps: 150, closest: 0 } : { ...e, steps: 120, closest: 55 };
  });
}

describe("placements that ran as the bare ball", () => {
  it("are those with the bare ball's result, steps and closest approach", () => {
    const es = sweep();
    expect(ranAsBare(es[10]!, bare)).toBe(true);
    expect(ranAsBare(es[0]!, bare)).toBe(false);
    expect(ranAsBare({ ...es[10]!, steps: 301 }, bare)).toBe(false);
    expect(ranAsBare({ ...es[10]!, result: "rest" }, bare)).toBe(false);
    expect(ranAsBare({ ...es[10]!, closest: 39.99 }, bare)).toBe(false);
  });

  it("say so when hovered, with the bare ball's closest approach", () => {
    const es = sweep();
    expect(bareRunWords(es[10]!, bare)).toBe(
      "The ball most likely never touched this ramp: it ran exactly as the bare ball (300 steps), so 40.00 is the bare ball's own closest approach.",
    );
    expect(bareRunWords(es[57]!, bare)).toBeNull();
  });

  it("mark the cells whose value is the bare ball's own", () => {
    const cells = heatCells(rules, grid(), sweep(), allVisible(4), bare);
    const at = (c: number, r: number) => cells[c * rules.sweep_ys.length + r]!;
    expect(at(0, 0)).toMatchObject({ closest: 55, bare: false });
    expect(at(2, 2)).toMatchObject({ closest: 0, index: 57, goals: 1, bare: false });
    expect(at(1, 1)).toMatchObject({ closest: 40, bare: true });
    expect(cells.filter((c) => c.bare)).toHaveLength(34);
  });

  it("prefer, on a tie, the placement that ran as the bare ball", () => {
    // Cell (0, 1): placement 4 touches its ramp and comes exactly as close as the bare ball; 5..7 ran as it.
    const es = sweep().map((e) => (e.index === 4 ? { ...e, steps: 99, closest: bare.closest } : e));
    const cell = heatCells(rules, grid(), es, allVisible(4), bare)[1]!;
    expect(cell).toMatchObject({ closest: 40, bare: true });
    expect(cell.index).not.toBe(4);
    // With only placement 4's tilt shown, the cell is its own.
    const f = allVisible(4);
    f.tilts = [true, false, false, false];
    expect(heatCells(rules, grid(), es, f, bare)[1]).toMatchObject({ index: 4, closest: 40, bare: false });
  });
});

describe("the heat map's picture", () => {
  const v = fitView({ x: 0, y: 0, w: 400, h: 600 }, 100, 150, 0);
  const cells = heatCells(rules, grid(), sweep(), allVisible(4), bare);

  it("hatches a cell that ran as the bare ball, with no heat colour", () => {
    const { ctx, pixel } = raster(400, 600);
    drawField(ctx, v, rules);
    drawHeatmap(ctx, v, rules, cells);
    // Cell (1, 1), at (29, 48): a row of pixels off its label crosses hatch lines and the ground between them.
    const [x0, y] = toCanvas(v, 29 - 6, 48 - 7);
    const row = Array.from({ length: 4 * HATCH_PX }, (_, k) => pixel(x0 + k, y));
    expect(row.some((p) => near(p, rgbOf(palette.grid), 6))).toBe(true);
    expect(row.some((p) => !near(p, rgbOf(palette.grid), 20))).toBe(true);
    expect(row.some((p) => near(p, heatRgb(bare.closest), 30))).toBe(false);
  });

  it("colours a touched cell by its closest approach", () => {
    const { ctx, pixel } = raster(400, 600);
    drawField(ctx, v, rules);
    drawHeatmap(ctx, v, rules, cells);
    // Cell (0, 0), at (15, 30): closest 55, no hatching.
    const [x0, y] = toCanvas(v, 15 - 6, 30 - 7);
    const row = Array.from({ length: 4 * HATCH_PX }, (_, k) => pixel(x0 + k, y));
    expect(row.every((p) => near(p, heatRgb(55), 30))).toBe(true);
  });

  it("finds the cell under the pointer", () => {
    const [px, py] = toCanvas(v, 29, 48);
    expect(hitHeat(v, rules, cells, px, py)).toMatchObject({ column: 1, row: 1, bare: true });
    expect(hitHeat(v, rules, cells, ...toCanvas(v, 95, 145))).toBeNull();
  });
});
