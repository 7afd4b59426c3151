/** Play editing: the undo history, snapping and degree steps, staged hints, coordinates — models and the state's undo. */
import { describe, expect, it } from "vitest";
import { drawHintMark } from "../src/draw/play";
import { hintColor } from "../src/draw/parts";
import { fitView, toCanvas } from "../src/draw/view";
import { hintMark, hintStageWords, leanWords, regionOf, roughSpot, ROUGH_RADIUS } from "../src/play/hints";
import { History } from "../src/play/history";
import { coordsText } from "../src/play/model";
import { nearest, snapAngle, snapPoint, turnBy, type Snapping } from "../src/play/snapping";
import { PlayState } from "../src/play/state.svelte";
import { near, raster, rgbOf } from "./canvas";
import { fakeEngine, level, ramp, rules } from "./helpers/play-engine";

const RAD = Math.PI / 180;
const off: Snapping = { grid: false, angle: false };

describe("History", () => {
  it("undoes and redoes in order, and a new edit forgets the redo side", () => {
    const h = new History<string>();
    expect(h.undo("a")).toBeNull();
    h.record("a"); // a -> b
    h.record("b"); // b -> c
    expect(h.sizes).toEqual({ undo: 2, redo: 0 });
    expect(h.undo("c")).toBe("b");
    expect(h.undo("b")).toBe("a");
    expect(h.undo("a")).toBeNull();
    expect(h.redo("a")).toBe("b");
    expect(h.sizes).toEqual({ undo: 1, redo: 1 });
    h.record("b"); // b -> d
    expect(h.canRedo).toBe(false);
    expect(h.redo("d")).toBeNull();
    expect(h.undo("d")).toBe("b");
    h.clear();
    expect([h.canUndo, h.canRedo]).toEqual([false, false]);
  });
  it("keeps at most `limit` edits, forgetting the oldest", () => {
    const h = new History<number>(3);
    for (let i = 0; i < 5; i++) h.record(i);
    expect(h.sizes.undo).toBe(3);
    expect([h.undo(5), h.undo(4), h.undo(3), h.undo(2)]).toEqual([4, 3, 2, null]);
  });
});

describe("snapping and degree steps", () => {
  it("turns by whole degrees without drift, both ways", () => {
    let a = 0;
    for (let i = 0; i < 7; i++) a = turnBy(a, 5, off);
    expect(a).toBe(Number((35 * RAD).toFixed(6)));
    for (let i = 0; i < 7; i++) a = turnBy(a, -5, off);
    expect(a).toBe(0);
    expect(turnBy(0, 1, off)).toBe(Number(RAD.toFixed(6)));
    // Past ±180° it wraps.
    expect(turnBy(Number((178 * RAD).toFixed(6)), 5, off)).toBe(Number((-177 * RAD).toFixed(6)));
  });
  it("with the 15° snap, turns to the next multiple of 15° that way", () => {
    const on: Snapping = { grid: false, angle: true };
    expect(turnBy(0.45, 5, on)).toBe(Number((30 * RAD).toFixed(6))); // 25.8° -> 30°
    expect(turnBy(0.45, -1, on)).toBe(Number((15 * RAD).toFixed(6))); // 25.8° -> 15°
    const thirty = turnBy(0.45, 5, on);
    expect(turnBy(thirty, 5, on)).toBe(Number((45 * RAD).toFixed(6)));
    expect(turnBy(thirty, -5, on)).toBe(Number((15 * RAD).toFixed(6)));
    expect(snapAngle(0.45, on)).toBe(Number((30 * RAD).toFixed(6)));
    expect(snapAngle(0.45, off)).toBe(Number((26 * RAD).toFixed(6)));
  });
  it("drops on the sweep grid from the rules, or on the half unit", () => {
    expect(nearest(51, [15, 29, 43, 57, 71, 85])).toBe(57);
    expect(nearest(36, [15, 29, 43])).toBe(29); // a tie goes to the first
    expect(snapPoint(51.2, 99, { grid: true, angle: false }, rules)).toEqual([57, 102]);
    expect(snapPoint(50.2, 99.3, off, rules)).toEqual([50, 99.5]);
    expect(snapPoint(1, 1, { grid: true, angle: false }, { sweep_xs: [10, 90], sweep_ys: [20, 30] })).toEqual([10, 20]);
  });
  it("writes the coordinates under the pointer in world units, none off the field", () => {
    expect(coordsText(43.26, 84, rules)).toBe("x 43.3 · y 84.0");
    expect(coordsText(-1, 84, rules)).toBeNull();
    expect(coordsText(50, rules.field_height + 0.1, rules)).toBeNull();
  });
});

describe("staged hints", () => {
  const lv = level();
  const h = lv.hints[0]!; // a ramp at (15, 102) tilted 0.8
  it("says where to look, then which part roughly where, then exactly — never more than asked", () => {
    const one = hintStageWords(lv, 0, 1);
    expect(one).toBe("Where to look: the lower left of the field (marked).");
    const two = hintStageWords(lv, 0, 2);
    expect(two).toBe(`A ramp within ${ROUGH_RADIUS} units of (20, 100), its right end down (circled).`);
    for (const early of [one, two]) expect(early).not.toMatch(/15|102|0\.8/);
    expect(hintStageWords(lv, 0, 3)).toContain("a ramp at (15, 102) tilted 0.8 rad");
    const two_hints = { ...lv, hints: [h, { ...h, x: 85 }] };
    expect(hintStageWords(two_hints, 1, 1)).toBe("Solution 2 of 2 · Where to look: the lower right of the field (marked).");
  });
  it("marks a ninth of the field, then a circle that holds the part, then the part", () => {
    const r1 = regionOf(h.x, h.y, rules.field_width, rules.field_height);
    expect(r1.region).toEqual({ x0: 0, y0: 100, x1: 100 / 3, y1: 150 });
    expect(regionOf(50, 75, 100, 150).words).toBe("the middle");
    expect(regionOf(90, 10, 100, 150).words).toBe("the upper right");
    expect(regionOf(90, 75, 100, 150).words).toBe("the middle of the right side");
    expect(regionOf(100, 150, 100, 150).words).toBe("the lower right");
    const [x, y] = roughSpot(h);
    expect(Math.hypot(h.x - x, h.y - y)).toBeLessThanOrEqual(ROUGH_RADIUS);
    expect(hintMark(h, 2, 100, 150)).toEqual({ stage: 2, x: 20, y: 100, radius: ROUGH_RADIUS, part: "ramp" });
    expect(hintMark(h, 3, 100, 150)).toEqual({ stage: 3, placement: h });
    expect(leanWords({ part: "ramp", x: 0, y: 0, angle: -0.45 })).toBe("its right end up");
    expect(leanWords({ part: "fan", x: 0, y: 0, angle: -1.57 })).toBe("blowing up");
  });
  it("draws the region and the rough circle in the hint colour (pixels)", () => {
    const v = fitView({ x: 0, y: 0, w: 200, h: 300 }, 100, 150, 0);
    const a = raster(200, 300);
    drawHintMark(a.ctx, v, hintMark(h, 1, 100, 150));
    // The region's outline (dashed: sample along it for a painted pixel) and nothing outside it.
    const [x0, y0] = toCanvas(v, 0, 100);
    const edge = Array.from({ length: 12 }, (_, i) => a.pixel(x0 + 1, y0 + 10 + i));
    expect(edge.some((p) => near(p, rgbOf(hintColor), 40))).toBe(true);
    expect(a.pixel(...toCanvas(v, 80, 40))[3]).toBe(0);
    const b = raster(200, 300);
    drawHintMark(b.ctx, v, hintMark(h, 2, 100, 150));
    const [cx, cy] = toCanvas(v, 20, 100);
    const ring = Array.from({ length: 24 }, (_, i) => {
      const t = (i / 24) * 2 * Math.PI;
      return b.pixel(cx + Math.cos(t) * ROUGH_RADIUS * v.scale, cy + Math.sin(t) * ROUGH_RADIUS * v.scale);
    });
    expect(ring.filter((p) => near(p, rgbOf(hintColor), 40)).length).toBeGreaterThan(6);
    // Far outside the circle: untouched.
    expect(b.pixel(...toCanvas(v, 80, 20))[3]).toBe(0);
  });
});

describe("the play state: undo and redo", () => {
  async function loaded() {
    const api = fakeEngine();
    const s = new PlayState(api);
    expect(await s.load(42, "010786ff88f4")).toBe(true);
    return { api, s };
  }
  it("undoes every kind of edit to the exact previous parts, and redoes it", async () => {
    const { s } = await loaded();
    const states: (typeof s.placements)[] = [s.placements];
    expect(await s.place(0, ramp(15, 102, 0.45))).toBe(true); // add
    states.push(s.placements);
    expect(await s.place(1, { part: "bumper", x: 40, y: 40, angle: 0 })).toBe(true); // add
    states.push(s.placements);
    s.select(0);
    expect(await s.nudge(1, 0, 0)).toBe(true); // move
    states.push(s.placements);
    expect(await s.nudge(0, 0, 5)).toBe(true); // rotate
    states.push(s.placements);
    s.remove(1); // remove
    states.push(s.placements);
    s.clear(); // clear
    states.push(s.placements);
    expect(s.placements).toEqual([]);
    expect(s.undoable).toBe(6);
    for (let i = states.length - 2; i >= 0; i--) {
      expect(await s.undo()).toBe(true);
      expect(s.placements).toBe(states[i]); // the very list, not a copy
    }
    expect(await s.undo()).toBe(false);
    expect([s.undoable, s.redoable]).toEqual([0, 6]);
    for (let i = 1; i < states.length; i++) {
      expect(await s.redo()).toBe(true);
      expect(s.placements).toBe(states[i]);
    }
    expect(await s.redo()).toBe(false);
  });
  it("a refused edit records nothing; a new edit after undo drops redo; undo drops the run", async () => {
    const { s } = await loaded();
    await s.place(0, ramp(15, 102, 0.45));
    expect(await s.place(0, ramp(-50, 102, 0.45))).toBe(false); // outside the field: refused
    expect(s.undoable).toBe(1);
    await s.togglePlay();
    expect(s.run).not.toBeNull();
    expect(await s.undo()).toBe(true);
    expect(s.run).toBeNull();
    expect(s.status).toBe("editing");
    expect(s.redoable).toBe(1);
    await s.place(0, ramp(20, 102, 0.45));
    expect(s.redoable).toBe(0);
  });
  it("loading another level forgets the history", async () => {
    const { s } = await loaded();
    await s.place(0, ramp(15, 102, 0.45));
    await s.load(7, "010786ff88f4");
    expect([s.undoable, s.redoable]).toEqual([0, 0]);
    expect(await s.undo()).toBe(false);
  });
  it("turns by the 15° snap when it is on", async () => {
    const { s } = await loaded();
    await s.place(0, ramp(15, 102, 0.45));
    s.snapping.angle = true;
    await s.nudge(0, 0, 5);
    expect(s.part?.angle).toBe(Number((30 * RAD).toFixed(6)));
  });
});
