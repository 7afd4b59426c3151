/**
 * Dragging a drawn wall's end on the field (the Draws panel): the four draws
 * of the wall whose one end is fixed and whose other end is dragged map back to
 * those ends, an angle out of its range swaps the ends when that brings it in,
 * everything else clamps to the record's ranges; the end under the pointer; the
 * would-be wall drawn dashed in the edited colour.
 */
import { describe, expect, it } from "vitest";
import type { DrawnWall } from "../src/bindings/DrawnWall";
import { palette } from "../src/draw/colors";
import { drawWallHandle, drawWallOutline } from "../src/draw/draws";
import { fitView, toCanvas } from "../src/draw/view";
import { drawField } from "../src/draw/world";
import { pinWords } from "../src/lib/pins";
import { draggedEnd, movedWalls, wallEndAt, wallEnds, wallFromEnds, wallMoved, wallPins, wallRanges, type Point, type WallRanges } from "../src/inspector/wall-drag";
import { near, raster, rgbOf } from "./canvas";
import { rules } from "./fixtures";

const range = (min: number, max: number) => ({ min, max });
/** Wide ranges: nothing clamps. */
const open: WallRanges = { center_x: range(0, 100), center_y: range(0, 150), length: range(0, 200), angle: range(-Math.PI, Math.PI) };
/** The default-like ranges of the record fixtures. */
const narrow: WallRanges = { center_x: range(8, 92), center_y: range(26, 110), length: range(14, 30), angle: range(-0.6, 0.6) };

const close = (p: Point, q: Point, tol = 0.01) => {
  expect(Math.abs(p.x - q.x)).toBeLessThanOrEqual(tol);
  expect(Math.abs(p.y - q.y)).toBeLessThanOrEqual(tol);
};

describe("a dragged wall end", () => {
  it("maps back: the ends of the returned centre, length and angle are the fixed and dragged ends", () => {
    const fixed = { x: 40.37, y: 70.12 };
    for (let i = 0; i < 24; i++) {
      const t = (i / 24) * 2 * Math.PI;
      const dragged = { x: fixed.x + Math.cos(t) * (10 + i), y: fixed.y + Math.sin(t) * (10 + i) };
      const toB = wallEnds(wallFromEnds(fixed, dragged, "b", open));
      close(toB.a, fixed);
      close(toB.b, dragged);
      const toA = wallEnds(wallFromEnds(fixed, dragged, "a", open));
      close(toA.a, dragged);
      close(toA.b, fixed);
    }
    // Centre the midpoint, length the distance, angle atan2(dy, dx) from a to b (inside the record's ranges).
    const w = wallFromEnds({ x: 30, y: 60 }, { x: 50, y: 70 }, "b", narrow);
    expect(w.center_x).toBeCloseTo(40, 6);
    expect(w.center_y).toBeCloseTo(65, 6);
    expect(w.length).toBeCloseTo(Math.hypot(20, 10), 5);
    expect(w.angle).toBeCloseTo(Math.atan2(10, 20), 5);
  });
  it("swaps which end is a when only the opposite angle is inside the range", () => {
    // b dragged to the left of a: atan2 = -2.897, out of -0.6..0.6; its opposite 0.245 is inside.
    const fixed = { x: 50, y: 60 };
    const dragged = { x: 30, y: 55 };
    const w = wallFromEnds(fixed, dragged, "b", narrow);
    expect(w.angle).toBeCloseTo(Math.atan2(5, 20), 6);
    expect(w.length).toBeCloseTo(Math.hypot(20, 5), 6);
    const e = wallEnds(w);
    close(e.a, dragged);
    close(e.b, fixed);
    // An end a dragged to the right of b, likewise.
    const e2 = wallEnds(wallFromEnds({ x: 30, y: 55 }, { x: 50, y: 60 }, "a", narrow));
    close(e2.a, { x: 30, y: 55 });
    close(e2.b, { x: 50, y: 60 });
  });
  it("clamps the length, the angle and the centre to their ranges, the fixed end staying while only the length or angle clamps", () => {
    // Too long: length 30 along the drag, the fixed end stays.
    const long = wallFromEnds({ x: 30, y: 60 }, { x: 70, y: 60 }, "b", narrow);
    expect(long).toEqual({ center_x: 45, center_y: 60, length: 30, angle: 0 });
    close(wallEnds(long).a, { x: 30, y: 60 });
    close(wallEnds(long).b, { x: 60, y: 60 });
    // Too short.
    expect(wallFromEnds({ x: 30, y: 60 }, { x: 35, y: 60 }, "b", narrow).length).toBe(14);
    // Straight down: neither π/2 nor -π/2 is inside; clamped to 0.6, from the fixed end towards the drag.
    const steep = wallFromEnds({ x: 30, y: 60 }, { x: 30, y: 80 }, "b", narrow);
    expect(steep.angle).toBe(0.6);
    expect(steep.length).toBeCloseTo(20, 6);
    close(wallEnds(steep).a, { x: 30, y: 60 });
    // Down and left (2.0 rad): the opposite orientation (2 − π) is the nearer, clamped to -0.6; the ends swap.
    const fixed = { x: 60, y: 60 };
    const left = wallFromEnds(fixed, { x: 60 + 20 * Math.cos(2), y: 60 + 20 * Math.sin(2) }, "b", narrow);
    expect(left.angle).toBe(-0.6);
    close(wallEnds(left).b, fixed);
    expect(wallEnds(left).a.x).toBeLessThan(fixed.x);
    expect(wallEnds(left).a.y).toBeGreaterThan(fixed.y);
    // The centre clamps (and the fixed end moves with it).
    const c = wallFromEnds({ x: 2, y: 20 }, { x: 20, y: 20 }, "b", narrow);
    expect(c).toEqual({ center_x: 11, center_y: 26, length: 18, angle: 0 });
  });
  it("reads the wall's ranges from the record and finds the end under the pointer", () => {
    const span = (min: number, max: number) => ({ min, max, integer: false });
    const rec = [
      { site: "walls[2].center_x", span: span(5, 95) },
      { site: "walls[2].center_y", span: span(20, 120) },
      { site: "walls[2].length", span: span(10, 40) },
      { site: "walls[2].angle", span: span(-1, 1) },
      { site: "walls[1].length", span: span(14, 30) },
    ];
    expect(wallRanges(rec, 2)).toEqual({ center_x: range(5, 95), center_y: range(20, 120), length: range(10, 40), angle: range(-1, 1) });
    expect(wallRanges(rec, 1)).toEqual({ center_x: null, center_y: null, length: range(14, 30), angle: null });
    const walls: DrawnWall[] = [
      { number: 1, a: { x: 10, y: 60 }, b: { x: 50, y: 70 }, built: 0, dropped_for: [], pinned: false },
      { number: 2, a: { x: 12, y: 30 }, b: { x: 32, y: 30 }, built: null, dropped_for: ["near_ball"], pinned: false },
    ];
    expect(wallEndAt(walls, 49, 69.5, 2)).toEqual({ wall: 1, end: "b" });
    expect(wallEndAt(walls, 12.5, 31, 2)).toEqual({ wall: 2, end: "a" });
    expect(wallEndAt(walls, 30, 65, 2)).toBeNull();
  });
  it("says whether a drag moved the wall (a release where it was asks nothing)", () => {
    const w = { a: { x: 12, y: 30 }, b: { x: 32, y: 30 } };
    expect(wallMoved(w, wallFromEnds(w.a, { x: 32, y: 30 }, "b", narrow))).toBe(false);
    expect(wallMoved(w, wallFromEnds(w.b, { x: 12, y: 30 }, "a", narrow))).toBe(false);
    expect(wallMoved(w, { center_x: 22, center_y: 30, length: 20, angle: Math.PI })).toBe(false);
    expect(wallMoved(w, wallFromEnds(w.a, { x: 33, y: 31 }, "b", narrow))).toBe(true);
  });
  it("finds the dragged end after a swap, and the walls the pins moved (from the pinned generation's record)", () => {
    const swapped = wallFromEnds({ x: 50, y: 60 }, { x: 30, y: 55 }, "b", narrow);
    close(draggedEnd(swapped, { x: 30, y: 55 }), { x: 30, y: 55 });
    const before: DrawnWall[] = [
      { number: 1, a: { x: 10, y: 60 }, b: { x: 50, y: 70 }, built: 0, dropped_for: [], pinned: false },
      { number: 2, a: { x: 12, y: 30 }, b: { x: 32, y: 30 }, built: null, dropped_for: ["near_ball"], pinned: false },
    ];
    const after = [before[0]!, { ...before[1]!, b: { x: 34, y: 38 } }];
    const pinned = {
      pins: [
        { attempt: 2, site: "walls[2].center_x", to: { value: 23 } },
        { attempt: 2, site: "walls[1].length", to: { value: 41.23 } },
      ],
      record: { seed: 42, rules_id: "x", pins: [], attempts: [{ attempt: 2, first_position: 23, draw_count: 13, draws: [], walls: after, world: null as never }] },
    };
    expect(movedWalls(pinned, 2, before).map((w) => w.number)).toEqual([2]);
    expect(movedWalls(pinned, 1, before)).toEqual([]);
  });
  it("pins the four draws of the wall in the engine's text", () => {
    const pins = wallPins(1, 3, { center_x: 50.5, center_y: 60, length: 20, angle: -0.25 });
    expect(pins.map(pinWords)).toEqual(["1:walls[3].center_x=50.5", "1:walls[3].center_y=60", "1:walls[3].length=20", "1:walls[3].angle=-0.25"]);
  });
  it("draws the would-be wall dashed in the edited colour, and the grab handle", () => {
    const v = fitView({ x: 0, y: 0, w: 200, h: 300 }, 100, 150, 0);
    const { ctx, pixel } = raster(200, 300);
    drawField(ctx, v, rules);
    drawWallOutline(ctx, v, { x: 20, y: 40 }, { x: 60, y: 40 }, rules);
    const edited = rgbOf(palette.edited);
    const along = Array.from({ length: 40 }, (_, i) => pixel(...toCanvas(v, 22 + i * 0.5, 40)));
    expect(along.some((p) => near(p, edited, 40))).toBe(true);
    expect(along.some((p) => !near(p, edited, 40))).toBe(true);
    drawWallHandle(ctx, v, { x: 60, y: 100 });
    const [hx, hy] = toCanvas(v, 60, 100);
    expect(near(pixel(hx + 6, hy), edited, 40)).toBe(true);
  });
});
