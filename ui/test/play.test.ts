import { describe, expect, it } from "vitest";
import type { PlayRules } from "../src/bindings/PlayRules";
import type { PlayRun } from "../src/bindings/PlayRun";
import type { Placement } from "../src/bindings/Placement";
import { drawBall, drawLevel, drawPart, partColor, refusedColor } from "../src/draw/play";
import { fitView, toCanvas } from "../src/draw/view";
import {
  advance,
  angleTowards,
  body,
  finished,
  hitPart,
  normalizeAngle,
  partsText,
  positionAt,
  remaining,
  resultText,
  snap,
  stats,
  stepAt,
  stepOnce,
  type Playback,
} from "../src/play/model";
import { near, raster, rgbOf } from "./canvas";
import { world } from "./fixtures";

const rules: PlayRules = {
  rules_version: 1,
  field_width: 100,
  field_height: 150,
  ball_radius: 2.5,
  wall_radius: 0.5,
  ramp_length: 18,
  ramp_radius: 0.75,
  fan_housing: 8,
  fan_radius: 1,
  fan_reach: 40,
  fan_half_width: 5,
  bumper_radius: 4,
  gear_radius: 6,
  dt: 1 / 120,
  max_steps: 1440,
};

const ramp = (x: number, y: number, angle: number): Placement => ({ part: "ramp", x, y, angle });

/** A run of 4 steps along x: 0, 10, 20, 30, 40. */
function run4(): PlayRun {
  return {
    seed: 1,
    placements: [ramp(50, 50, 0.45)],
    result: { outcome: "goal", steps: 4, closest: 0, trajectory: [[0, 5], [10, 5], [20, 5], [30, 5], [40, 5]] },
    seconds: 4 / 120,
    parts_used: { ramp: 1, fan: 0, bumper: 0 },
  };
}

describe("part bodies (docs/rules.md, Parts)", () => {
  it("a ramp is centre ± 9 along its angle", () => {
    const c = body(ramp(50, 60, 0), rules);
    expect([c.ax, c.ay, c.bx, c.by, c.radius]).toEqual([41, 60, 59, 60, 0.75]);
    const t = body(ramp(50, 60, 0.8), rules);
    expect(t.bx).toBeCloseTo(50 + 9 * Math.cos(0.8), 12);
    expect(t.by).toBeCloseTo(60 + 9 * Math.sin(0.8), 12);
  });
  it("a fan's housing is perpendicular to its direction, a bumper is a disc", () => {
    const f = body({ part: "fan", x: 50, y: 60, angle: -Math.PI / 2 }, rules);
    // Blowing up: the housing lies along x.
    expect(f.ax).toBeCloseTo(46);
    expect(f.bx).toBeCloseTo(54);
    expect(f.ay).toBeCloseTo(60);
    expect(f.radius).toBe(1);
    const b = body({ part: "bumper", x: 20, y: 30, angle: 1 }, rules);
    expect([b.ax, b.ay, b.bx, b.by, b.radius]).toEqual([20, 30, 20, 30, 4]);
  });
});

describe("editing", () => {
  it("snaps positions and angles without binary noise", () => {
    expect(snap(43.26, 0.5)).toBe(43.5);
    expect(snap(0.1 + 0.2, 0.1)).toBe(0.3);
    let a = 0;
    for (let i = 0; i < 9; i++) a = normalizeAngle(a + 0.05);
    expect(a).toBe(0.45);
    expect(normalizeAngle(Math.PI + 0.5)).toBeCloseTo(-Math.PI + 0.5, 2);
    expect(normalizeAngle(-Math.PI)).toBeCloseTo(Math.PI, 2);
  });
  it("counts the tray", () => {
    const inv = { ramp: 2, fan: 1, bumper: 0 };
    const placed = [ramp(10, 10, 0), { part: "fan" as const, x: 5, y: 5, angle: 0 }];
    expect(remaining(inv, placed, "ramp")).toBe(1);
    expect(remaining(inv, placed, "fan")).toBe(0);
    expect(remaining(inv, [...placed, ramp(1, 1, 0)], "ramp")).toBe(0);
    expect(partsText({ ramp: 2, fan: 1, bumper: 0 })).toBe("2 ramps, 1 fan");
    expect(partsText({ ramp: 0, fan: 0, bumper: 0 })).toBe("no parts");
  });
  it("picks the topmost part under the pointer", () => {
    const parts = [ramp(50, 50, 0), ramp(52, 50, 0)];
    expect(hitPart(parts, rules, 58, 50.5, 0.5)).toBe(1);
    expect(hitPart(parts, rules, 40.5, 50.5, 0.5)).toBe(0);
    expect(hitPart(parts, rules, 50, 55, 0.5)).toBe(-1);
  });
  it("aims the rotation handle", () => {
    expect(angleTowards(ramp(0, 0, 0), 10, 10)).toBe(0.79);
    expect(angleTowards(ramp(0, 0, 0), 0, -10)).toBe(-1.57);
  });
});

describe("the animation clock interpolates the engine's steps", () => {
  const dt = 1 / 120;
  it("positions between two recorded steps are linear", () => {
    const run = run4();
    expect(positionAt(run, 0)).toEqual([0, 5]);
    expect(positionAt(run, 1.5)).toEqual([15, 5]);
    expect(positionAt(run, 4)).toEqual([40, 5]);
    expect(positionAt(run, 99)).toEqual([40, 5]);
    expect(stepAt(run, dt, 2.5 * dt)).toBeCloseTo(2.5);
  });
  it("plays at 1×, ½× and ¼× and stops at the outcome", () => {
    const run = run4();
    let pb: Playback = { t: 0, playing: true, speed: 1 };
    // A 60 fps frame is two engine steps at 1×.
    pb = advance(pb, run, dt, 1000 / 60);
    expect(stepAt(run, dt, pb.t)).toBeCloseTo(2);
    pb = advance({ t: 0, playing: true, speed: 0.5 }, run, dt, 1000 / 60);
    expect(stepAt(run, dt, pb.t)).toBeCloseTo(1);
    pb = advance({ t: 0, playing: true, speed: 0.25 }, run, dt, 1000 / 60);
    expect(stepAt(run, dt, pb.t)).toBeCloseTo(0.5);
    expect(positionAt(run, stepAt(run, dt, pb.t))[0]).toBeCloseTo(5);
    pb = advance({ t: 0, playing: true, speed: 1 }, run, dt, 1000);
    // Long frames are capped at 100 ms, and the clock stops at the last step.
    expect(pb.playing).toBe(false);
    expect(finished(pb, run, dt)).toBe(true);
    expect(pb.t).toBeCloseTo(4 * dt);
    const paused = { t: 0.001, playing: false, speed: 1 as const };
    expect(advance(paused, run, dt, 16)).toBe(paused);
  });
  it("single steps land on recorded steps", () => {
    const run = run4();
    let pb: Playback = { t: 0, playing: true, speed: 1 };
    pb = stepOnce(pb, run, dt);
    expect(pb.playing).toBe(false);
    expect(stepAt(run, dt, pb.t)).toBeCloseTo(1);
    pb = stepOnce({ ...pb, t: 1.5 * dt }, run, dt);
    expect(stepAt(run, dt, pb.t)).toBeCloseTo(2);
    for (let i = 0; i < 10; i++) pb = stepOnce(pb, run, dt);
    expect(stepAt(run, dt, pb.t)).toBe(4);
  });
  it("words the outcome with time and parts", () => {
    expect(resultText(run4())).toBe("Goal! in 0.03 s with 1 ramp");
    const out = { ...run4(), result: { ...run4().result, outcome: "out" as const, closest: 12.345 }, parts_used: { ramp: 0, fan: 0, bumper: 0 } };
    expect(resultText(out)).toBe("Out of the field after 0.03 s · closest 12.3 units from the goal with no parts");
  });
  it("summarises frame times", () => {
    expect(stats([])).toEqual({ n: 0, median: 0, p95: 0, max: 0 });
    const s = stats([16, 17, 16, 50, 16]);
    expect(s.median).toBe(16);
    expect(s.max).toBe(50);
  });
});

describe("drawing the play field", () => {
  const v = fitView({ x: 0, y: 0, w: 200, h: 300 }, 100, 150, 0);
  it("draws the ball where the engine had it", () => {
    const { ctx, pixel } = raster(200, 300);
    drawLevel(ctx, v, world, rules, true);
    drawBall(ctx, v, 30, 40, rules);
    expect(near(pixel(...toCanvas(v, 30.6, 40.6)), rgbOf("#ffb547"))).toBe(true);
  });
  it("draws a ramp along its real angle, and a refused ghost in red", () => {
    const { ctx, pixel } = raster(200, 300);
    drawLevel(ctx, v, world, rules, false);
    drawPart(ctx, v, ramp(50, 100, 0.45), rules, "placed");
    const along = (d: number) => toCanvas(v, 50 + d * Math.cos(0.45), 100 + d * Math.sin(0.45));
    expect(near(pixel(...along(6)), rgbOf(partColor.ramp))).toBe(true);
    expect(near(pixel(...along(-6)), rgbOf(partColor.ramp))).toBe(true);
    // Perpendicular to the ramp: not drawn.
    expect(near(pixel(...toCanvas(v, 50 - 5 * Math.sin(0.45), 100 + 5 * Math.cos(0.45))), rgbOf(partColor.ramp))).toBe(false);
    drawPart(ctx, v, ramp(20, 130, -0.8), rules, "refused");
    expect(near(pixel(...toCanvas(v, 20 + 5 * Math.cos(-0.8), 130 + 5 * Math.sin(-0.8))), rgbOf(refusedColor))).toBe(true);
  });
  it("draws a bumper as a disc", () => {
    const { ctx, pixel } = raster(200, 300);
    drawPart(ctx, v, { part: "bumper", x: 70, y: 70, angle: 0 }, rules, "placed");
    expect(near(pixel(...toCanvas(v, 70, 70)), rgbOf(partColor.bumper))).toBe(true);
    expect(pixel(...toCanvas(v, 70, 76))[3]).toBe(0);
  });
});
