/** Sweep hover: the glyph nearest the pointer as drawn (src/draw/sweep.ts), and its highlight over everything (src/draw/stage.ts). */
import { describe, expect, it } from "vitest";
import { palette, resultColor } from "../src/draw/colors";
import { drawStageOverlay, hitStage, stageLayout, type StageScene } from "../src/draw/stage";
import { glyphDistance, glyphWidth, hitGlyph, visibleIndices } from "../src/draw/sweep";
import { fitView, toCanvas } from "../src/draw/view";
import { allVisible } from "../src/inspector/model";
import { near, raster, rgbOf } from "./canvas";
import { attempt, entries, grid, rules } from "./fixtures";

const g = grid();
const es = entries((i) => (i % 3 === 0 ? "goal" : "out"));
const v = fitView({ x: 0, y: 0, w: 400, h: 600 }, 100, 150, 0);

/** Deterministic points over the field (a linear congruential sequence). */
function points(n: number): [number, number][] {
  let s = 12345;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: n }, () => [next() * 400, next() * 600]);
}

describe("nearest-glyph hover", () => {
  it("picks, over the whole field, the glyph whose drawn stroke is nearest the pointer", () => {
    const visible = visibleIndices(g, es, allVisible(4));
    let hits = 0;
    for (const [px, py] of points(4000)) {
      const ds = visible.map((i) => glyphDistance(v, g[i]!, px, py));
      const min = Math.min(...ds);
      const got = hitGlyph(v, g, es, allVisible(4), px, py, 5);
      if (min > 5) {
        expect(got).toBeNull();
        continue;
      }
      hits++;
      expect(got).not.toBeNull();
      expect(glyphDistance(v, g[got!]!, px, py)).toBe(min);
      // Ties go to the earliest in sweep order.
      expect(got).toBe(visible[ds.indexOf(min)]);
    }
    expect(hits).toBeGreaterThan(400);
  });

  it("where two ramps overlap, takes the one whose line passes closer, not the earlier one", () => {
    // Placement 1 (x 15, y 30, tilt −0.45) and placement 26 (x 29, y 30, tilt +0.45) meet in a V.
    const a = g[1]!;
    const b = g[26]!;
    // A point on 26's line, 1.2 units from its upper end: inside 1's stroke too.
    const t = 1.2 / 18;
    const [px, py] = toCanvas(v, b.a.x + (b.b.x - b.a.x) * t, b.a.y + (b.b.y - b.a.y) * t);
    expect(glyphDistance(v, a, px, py)).toBeLessThan(5);
    expect(glyphDistance(v, b, px, py)).toBeLessThan(glyphDistance(v, a, px, py));
    // Both glyphs' boxes hold the point; the earlier one (1) was the first hit.
    for (const q of [a, b]) {
      const [x0, y0] = toCanvas(v, Math.min(q.a.x, q.b.x), Math.min(q.a.y, q.b.y));
      const [x1, y1] = toCanvas(v, Math.max(q.a.x, q.b.x), Math.max(q.a.y, q.b.y));
      const pad = glyphWidth(v, q) / 2 + 5;
      expect(px >= x0 - pad && px <= x1 + pad && py >= y0 - pad && py <= y1 + pad).toBe(true);
    }
    expect(hitGlyph(v, g, es, allVisible(4), px, py, 5)).toBe(26);
    // And the mirror point on 1's line picks 1.
    const [qx, qy] = toCanvas(v, a.b.x + (a.a.x - a.b.x) * t, a.b.y + (a.a.y - a.b.y) * t);
    expect(hitGlyph(v, g, es, allVisible(4), qx, qy, 5)).toBe(1);
  });

  it("draws the hovered glyph on top of the walls, in the accent halo with dots at its ends", () => {
    const W = 600;
    const H = 840;
    const a = attempt(1, "accepted");
    a.sweep = { placements: entries((i) => (i === 33 ? "goal" : "out")), game_stop: 33, solving: 1, complete: true };
    const s: StageScene = { rules, grid: g, attempt: a, view: "field", filter: allVisible(4), allTrajectories: false, trajectories: new Map() };
    const layout = stageLayout(W, H, rules, "field");
    const f = layout.field;
    // Placement 33 (x 29, y 66, tilt −0.45) crosses the fixture's wall (10, 60)–(50, 70).
    const q = g[33]!;
    const wallY = (x: number) => 60 + ((x - 10) / 40) * 10;
    // Where 33's line meets the wall: solve y(x) = wall(x) on 33's line.
    const slope = (q.b.y - q.a.y) / (q.b.x - q.a.x);
    const x = (60 - 10 / 4 - q.y + slope * q.x) / (slope - 1 / 4);
    const cross = toCanvas(f, x, wallY(x));
    const plain = raster(W, H);
    drawStageOverlay(plain.ctx, W, H, s, layout, { hovered: null, selected: null, selectedTrajectory: null });
    expect(near(plain.pixel(...cross), rgbOf(palette.wall), 30)).toBe(true);
    const hover = raster(W, H);
    drawStageOverlay(hover.ctx, W, H, s, layout, { hovered: 33, selected: null, selectedTrajectory: null });
    expect(near(hover.pixel(...cross), rgbOf(resultColor.goal), 30)).toBe(true);
    // The end dots and the halo are the accent colour, just past the glyph's end along its line.
    const len = Math.hypot(q.b.x - q.a.x, q.b.y - q.a.y);
    const ux = (q.b.x - q.a.x) / len;
    const uy = (q.b.y - q.a.y) / len;
    const wUnits = glyphWidth(f, q) / f.scale;
    const past = toCanvas(f, q.b.x + ux * (wUnits / 2 + 1.5 / f.scale), q.b.y + uy * (wUnits / 2 + 1.5 / f.scale));
    expect(near(hover.pixel(...past), rgbOf(palette.accent), 30)).toBe(true);
    expect(near(plain.pixel(...past), rgbOf(palette.accent), 30)).toBe(false);
    // The stage's hit test is the same nearest-glyph pick.
    const on = toCanvas(f, q.x + ux * 6, q.y + uy * 6);
    expect(hitStage(s, layout, ...on)).toBe(33);
  });
});
