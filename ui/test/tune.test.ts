import { describe, expect, it } from "vitest";
import type { WhatResult } from "../src/bindings/WhatResult";
import type { SideFigures } from "../src/bindings/SideFigures";
import type { Point } from "../src/bindings/Point";
import { barRect, changeX, drawCurves, drawTornado, hitCurves, hitTornado, ROW_H, tornadoLayout } from "../src/draw/tornado";
import { drawScatter, drawScores, hitScatter, hitScore, px, py, scatterPlot, scorePlot, ticks } from "../src/draw/tune";
import { tuneColor } from "../src/draw/colors";
import { bestSoFar, changeText, curvesOf, figureText, missText, parseBounds, scatterOf, secondsText, suggestedBounds, targetText, tornadoOf, withTarget } from "../src/tune/model";
import { near, raster, rgbOf } from "./canvas";

function figures(over: Partial<SideFigures>): SideFigures {
  return {
    seeds: 100, accepted: 90, fallback: 10, all_pre_solved: 0, no_solution: 10,
    fallback_rate: 0.1, pre_solved_share: 0.2, no_solution_share: 0.1, mean_attempts: 2, mean_solving: 4, mean_walls: 3,
    mean_ramps: 1, mean_fans: 0.5, mean_bumpers: 1, mean_gears: 0,
    attempts_histogram: [], solving_histogram: [], walls_histogram: [], ramps_histogram: [], fans_histogram: [], bumpers_histogram: [], gears_histogram: [],
    ...over,
  };
}

const point = (field: string, value: number, f: SideFigures | null): Point => ({ values: [{ field, value }], rules_id: f ? "abc" : "", figures: f, refused: f ? null : "refused: too big" });

const tornado: Extract<WhatResult, { kind: "tornado" }> = {
  kind: "tornado", job: 1, rules_id: "r", rules_name: "v1", seeds: { from: 0, to: 100 },
  sensitivity: {
    step: 0.1,
    start: figures({}),
    fields: [
      { field: "a.small", value: 10, lo: 0, hi: 20, down: point("a.small", 9, figures({ mean_solving: 3.9 })), up: point("a.small", 11, figures({ mean_solving: 4.2 })) },
      { field: "b.big", value: 5, lo: 0, hi: 10, down: point("b.big", 4, figures({ mean_solving: 2 })), up: point("b.big", 6, null) },
    ],
  },
  orders: [{ figure: "mean_solving", order: [1, 0] }],
};

describe("the Tune view's model", () => {
  it("builds targets from the pickers and joins them with and", () => {
    expect(targetText({ figure: "mean_walls", criteria: "", op: ">=", a: " 4 ", b: "" })).toBe("mean_walls >= 4");
    expect(targetText({ figure: "share", criteria: "solving in 2..8", op: "in", a: "0.5", b: "0.9" })).toBe("share(solving in 2..8) in 0.5..0.9");
    expect(withTarget("", "x >= 1")).toBe("x >= 1");
    expect(withTarget("a <= 1 ", "b >= 2")).toBe("a <= 1 and b >= 2");
  });

  it("checks bounds against what the field allows, whole fields as integers", () => {
    const f = { field: "generator.max_attempts", lo: 1, hi: 1000, whole: true, value: 40 };
    expect(parseBounds(f, "1", "10")).toEqual({ lo: 1, hi: 10 });
    expect(parseBounds(f, "1.5", "10")).toHaveProperty("error");
    expect(parseBounds(f, "10", "10")).toHaveProperty("error");
    expect(parseBounds(f, "0", "10")).toHaveProperty("error");
    expect(parseBounds(f, "", "10")).toHaveProperty("error");
    expect(suggestedBounds(f)).toEqual({ lo: 20, hi: 60 });
    expect(suggestedBounds({ ...f, whole: false, lo: 0, hi: 1, value: 0 })).toEqual({ lo: 0, hi: 0.1 });
  });

  it("keeps the best score so far and words times, figures and misses", () => {
    expect(bestSoFar([null, 3, 4, 1, null, 2])).toEqual([null, 3, 3, 1, 1, 1]);
    expect([secondsText(null), secondsText(4.2), secondsText(125)]).toEqual(["—", "5 s", "2 min 5 s"]);
    expect([figureText("fallback_rate", 0.12345), figureText("mean_walls", 3.14159), figureText("mean_walls", null)]).toEqual(["12.35%", "3.142", "—"]);
    expect([changeText("fallback_rate", -0.01), changeText("mean_walls", 0.5), changeText("mean_walls", 0)]).toEqual(["−1.00 pts", "+0.500", "±0"]);
    expect([missText(0, true), missText(0.031234, false)]).toEqual(["met", "misses by 0.0312"]);
  });

  it("orders the tornado as the shell says, each step's change from the rules in force", () => {
    const t = tornadoOf(tornado, "mean_solving");
    expect(t.base).toBe(4);
    expect(t.rows.map((r) => r.field)).toEqual(["b.big", "a.small"]);
    expect(t.rows[0]!.down).toEqual({ value: 4, figure: 2, change: -2, refused: null });
    expect(t.rows[0]!.up).toEqual({ value: 6, figure: null, change: null, refused: "refused: too big" });
    expect(t.rows[1]!.up!.change).toBeCloseTo(0.2, 12);
  });

  it("makes a curve per figure and the scatter of the accepted rule sets", () => {
    const curve: Extract<WhatResult, { kind: "curve" }> = {
      kind: "curve", job: 2, rules_id: "r", rules_name: "v1", seeds: { from: 0, to: 10 }, field: { field: "a", lo: 1, hi: 3, whole: true },
      start: figures({}), points: [point("a", 1, figures({ mean_walls: 1 })), point("a", 2, null), point("a", 3, figures({ mean_walls: 5 }))],
    };
    const cs = curvesOf(curve, 2);
    expect(cs).toHaveLength(10);
    const walls = cs.find((c) => c.figure === "mean_walls")!;
    expect(walls.xs).toEqual([1, 2, 3]);
    expect(walls.ys).toEqual([1, null, 5]);
    expect(walls.start).toEqual({ x: 2, y: 3 });
    const random: Extract<WhatResult, { kind: "random" }> = { kind: "random", job: 3, rules_id: "r", rules_name: "v1", seeds: { from: 0, to: 10 }, vary: [], sample_seed: 1, start: figures({}), points: curve.points };
    const sc = scatterOf(random, "mean_walls", "fallback_rate");
    expect(sc.points.map((p) => [p.index, p.x])).toEqual([[0, 1], [2, 5]]);
    expect(sc.refused).toBe(1);
    expect(sc.start).toEqual({ x: 3, y: 0.1 });
  });
});

describe("the Tune view's charts", () => {
  it("draws the tornado's bars in the step colours on the side of their change, and hits them by row half", () => {
    const t = tornadoOf(tornado, "mean_solving");
    const w = 600;
    const { ctx, pixel } = raster(w, 200);
    drawTornado(ctx, w, 200, t, "mean solving", null);
    const l = tornadoLayout(w, t);
    const down = barRect(l, t, 0, "down")!;
    expect(down.x + down.w).toBeCloseTo(changeX(l, 0), 6);
    expect(near(pixel(down.x + down.w / 2, down.y + down.h / 2), rgbOf(tuneColor.down))).toBe(true);
    expect(barRect(l, t, 0, "up")).toBeNull();
    const up = barRect(l, t, 1, "up")!;
    expect(up.x).toBeCloseTo(changeX(l, 0), 6);
    expect(near(pixel(up.x + up.w / 2, up.y + up.h / 2), rgbOf(tuneColor.up))).toBe(true);
    expect(hitTornado(w, t, 300, l.plot.y + 3)).toEqual({ row: 0, side: "down" });
    expect(hitTornado(w, t, 300, l.plot.y + ROW_H + ROW_H - 2)).toEqual({ row: 1, side: "up" });
    expect(hitTornado(w, t, 300, l.plot.y + ROW_H - 2), "refused steps have no bar but are hovered").toEqual({ row: 0, side: "up" });
    expect(hitTornado(w, t, 300, l.plot.y + 2 * ROW_H + 1)).toBeNull();
  });

  it("draws every score and the best so far, and hits the candidate under the pointer", () => {
    const scores = [3, null, 1, 2];
    const { ctx, pixel } = raster(400, 200);
    drawScores(ctx, 400, 200, 8, scores, bestSoFar(scores), null);
    const p = scorePlot(400, 200, 8, scores);
    expect(near(pixel(px(p, 3), py(p, 1)), rgbOf(tuneColor.best))).toBe(true);
    expect(hitScore(400, 200, 8, scores, px(p, 3), 100)).toBe(2);
    expect(hitScore(400, 200, 8, scores, px(p, 8), 100), "past the last tried: the last").toBe(3);
    expect(hitScore(400, 200, 8, scores, 2, 100)).toBeNull();
    expect(ticks(0, 1)).toEqual([0, 0.5, 1]);
    expect(ticks(0, 20)).toEqual([0, 5, 10, 15, 20]);
  });

  it("draws random rule sets as points and the rules in force apart, and hits the nearest", () => {
    const pts = [{ x: 1, y: 1 }, { x: 2, y: 3 }];
    const start = { x: 1.5, y: 2 };
    const { ctx, pixel } = raster(300, 240);
    drawScatter(ctx, 300, 240, pts, start, "x", "y", null);
    const p = scatterPlot(300, 240, pts, start);
    expect(near(pixel(px(p, 2), py(p, 3)), rgbOf(tuneColor.point))).toBe(true);
    expect(near(pixel(px(p, 1.5) + 8, py(p, 2)), rgbOf(tuneColor.start))).toBe(true);
    expect(hitScatter(300, 240, pts, start, px(p, 2) + 3, py(p, 3))).toBe(1);
    expect(hitScatter(300, 240, pts, start, 0, 0)).toBeNull();
  });

  it("draws one panel per figure and hits the nearest value", () => {
    const curve: Extract<WhatResult, { kind: "curve" }> = {
      kind: "curve", job: 2, rules_id: "r", rules_name: "v1", seeds: { from: 0, to: 10 }, field: { field: "a", lo: 1, hi: 3, whole: true },
      start: figures({}), points: [point("a", 1, figures({})), point("a", 2, figures({})), point("a", 3, figures({}))],
    };
    const cs = curvesOf(curve, null);
    const { ctx } = raster(1000, 340);
    drawCurves(ctx, 1000, 340, cs, (f) => f, 1);
    expect(hitCurves(1000, 340, cs, 5, 5)).toBeNull();
    // The first panel starts 40 px in; its right end is the last value.
    expect(hitCurves(1000, 340, cs, 40 + 148, 100)).toBe(2);
    expect(hitCurves(1000, 340, cs, 42, 100)).toBe(0);
  });
});
