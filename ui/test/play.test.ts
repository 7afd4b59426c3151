import { readFileSync } from "node:fs";
import { hintStageWords } from "../src/play/hints";
import type { Placement } from "../src/bindings/Placement";
import type { PlayRules } from "../src/lib/rules";
import { describe, expect, it } from "vitest";
import { drawGlyph, drawPart, DRAWERS, partColor, refusedColor } from "../src/draw/parts";
import { drawBall, drawLevel, drawTrail, drawTrailSegment, trailColor } from "../src/draw/play";
import { fitView, toCanvas } from "../src/draw/view";
import {
  advance,
  angleWords,
  clockText,
  hintSlot,
  levelLine,
  seedParam,
  trayItems,
  angleTowards,
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
import { body, PART_KINDS, PARTS } from "../src/play/parts";
import { near, raster, rgbOf } from "./canvas";
import { world } from "./fixtures";
import { ramp, rules, runOf } from "./helpers/play-engine";

/** A run of 4 steps along x: 0, 10, 20, 30, 40. */
const run4 = () => runOf(1, [ramp(50, 50, 0.45)]);

/**
 * The engine's `Placement::body` for placements of every kind at many angles under two part
 * geometries, written by `tests/placement_fixture.rs` (which fails when the file is stale).
 */
type Body = { ax: number; ay: number; bx: number; by: number; radius: number };
type Geometry = { name: string; rules: Partial<PlayRules>; cases: { placement: Placement; body: Body }[] };
const bodies = JSON.parse(readFileSync(new URL("../../tests/data/placement_bodies.json", import.meta.url), "utf8")) as { geometries: Geometry[] };
const rulesOf = (g: Geometry): PlayRules => ({ ...rules, ...g.rules });

describe("part bodies are the engine's (tests/data/placement_bodies.json)", () => {
  it("holds every kind under two geometries", () => {
    expect(bodies.geometries.map((g) => g.name)).toEqual(["default", "changed"]);
    for (const g of bodies.geometries) for (const k of PART_KINDS) expect(g.cases.filter((c) => c.placement.part === k).length).toBeGreaterThanOrEqual(10);
  });
  for (const g of bodies.geometries) {
    it(`every body equals Placement::body under the ${g.name} geometry`, () => {
      const r = rulesOf(g);
      for (const { placement, body: want } of g.cases) {
        const got = body(placement, r);
        const what = JSON.stringify(placement);
        // Math.cos / Math.sin against the engine's libm: equal to a few ulps.
        for (const k of ["ax", "ay", "bx", "by"] as const) expect(Math.abs(got[k] - want[k]), `${what} ${k}`).toBeLessThan(1e-12);
        expect(got.radius, what).toBe(want.radius);
      }
    });
  }
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
    expect(angleTowards(ramp(0, 0, 0), 10, 10)).toBe(0.785398);
    expect(angleTowards(ramp(0, 0, 0), 0, -10)).toBe(-1.570796);
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
    // Two ramps of the engine's fixture (default geometry): the pixels along the segment the
    // engine computed, never its formula again.
    const cases = bodies.geometries[0]!.cases.filter((c) => c.placement.part === "ramp");
    const tilted = cases.find((c) => c.placement.angle === 0.4)!;
    const other = cases.find((c) => c.placement.angle === -0.7)!;
    const at = (b: Body, f: number) => toCanvas(v, b.ax + (b.bx - b.ax) * f, b.ay + (b.by - b.ay) * f);
    drawPart(ctx, v, tilted.placement, rules, "placed");
    const t = tilted.body;
    expect(near(pixel(...at(t, 0.2)), rgbOf(partColor.ramp))).toBe(true);
    expect(near(pixel(...at(t, 0.8)), rgbOf(partColor.ramp))).toBe(true);
    // Off the segment, perpendicular to it at its middle (5 units away): not drawn.
    const len = Math.hypot(t.bx - t.ax, t.by - t.ay);
    const [mx, my] = [(t.ax + t.bx) / 2, (t.ay + t.by) / 2];
    expect(near(pixel(...toCanvas(v, mx - (5 * (t.by - t.ay)) / len, my + (5 * (t.bx - t.ax)) / len)), rgbOf(partColor.ramp))).toBe(false);
    drawPart(ctx, v, other.placement, rules, "refused");
    expect(near(pixel(...at(other.body, 0.75)), rgbOf(refusedColor))).toBe(true);
  });
  it("draws a bumper as a disc", () => {
    const { ctx, pixel } = raster(200, 300);
    drawPart(ctx, v, { part: "bumper", x: 70, y: 70, angle: 0 }, rules, "placed");
    expect(near(pixel(...toCanvas(v, 70, 70)), rgbOf(partColor.bumper))).toBe(true);
    expect(pixel(...toCanvas(v, 70, 76))[3]).toBe(0);
  });
});

describe("part kinds are entries of one registry", () => {
  it("every kind has its rules and its drawer, in tray order", () => {
    expect(PART_KINDS).toEqual(["ramp", "fan", "bumper", "gear"]);
    for (const k of PART_KINDS) {
      expect(PARTS[k]).toBeDefined();
      expect(DRAWERS[k]).toBeDefined();
    }
    expect(PART_KINDS.filter((k) => PARTS[k].turns)).toEqual(["ramp", "fan"]);
  });
  it("draws each kind's tray glyph in its colour", () => {
    for (const k of PART_KINDS) {
      const { ctx, pixel } = raster(46, 30);
      drawGlyph(ctx, 46, 30, k);
      // Every glyph crosses the middle of its box.
      const hits = [-4, -2, 0, 2, 4].some((dy) => near(pixel(23, 15 + dy), rgbOf(partColor[k])));
      expect(hits, k).toBe(true);
      expect(pixel(1, 1)[3], `${k} leaves the corner clear`).toBe(0);
    }
  });
  it("draws a fan's air column in front of it, not behind", () => {
    const { ctx, pixel } = raster(200, 300);
    const fan = { part: "fan" as const, x: 50, y: 100, angle: -Math.PI / 2 };
    drawPart(ctx, v0, fan, rules, "placed");
    expect(pixel(...toCanvas(v0, 50, 85))[3]).toBeGreaterThan(0);
    expect(pixel(...toCanvas(v0, 50, 115))[3]).toBe(0);
  });
});

const v0 = fitView({ x: 0, y: 0, w: 200, h: 300 }, 100, 150, 0);

describe("the words of the play window", () => {
  const level = {
    seed: 42,
    level_hash: "abcd",
    world: { ...world, inventory: { ramp: 1, fan: 0, bumper: 2 } },
    fallback: false,
    hints: [ramp(15, 102, 0.8)],
    rules,
    edited: null,
  };
  it("describes the level and what it grants", () => {
    const walls = world.walls.length;
    expect(levelLine(level)).toBe(`level abcd · rules v1 · ${walls} wall${walls === 1 ? "" : "s"} · grants 1 ramp, 0 fans, 2 bumpers`);
    expect(levelLine({ ...level, fallback: true })).toMatch(/ · fallback level$/);
  });
  it("lists the tray: granted kinds only, with what is left", () => {
    expect(trayItems(level.world.inventory, [ramp(1, 1, 0)])).toEqual([
      { kind: "ramp", granted: 1, left: 0 },
      { kind: "bumper", granted: 2, left: 2 },
    ]);
  });
  it("words hints, and places one over the player's part when the tray is empty", () => {
    expect(hintStageWords(level, 0, 3)).toBe(
      "Exactly: a ramp at (15, 102) tilted 0.8 rad. The generator's sweep saw it carry the ball to the goal.",
    );
    expect(hintStageWords({ ...level, hints: [] }, 0, 1)).toBe("The sweep found no single-ramp solution.");
    expect(hintStageWords({ ...level, hints: [], fallback: true }, 0, 1)).toMatch(/^The generator shipped this level as its fallback/);
    const h = level.hints[0]!;
    expect(hintSlot(level.world.inventory, [], h)).toBe(0);
    const placed = [{ part: "bumper" as const, x: 5, y: 5, angle: 0 }, ramp(40, 40, 0)];
    expect(hintSlot(level.world.inventory, placed, h)).toBe(1);
  });
  it("words angles per kind, the clock, and reads the window's seed", () => {
    expect(angleWords(ramp(0, 0, 0.45))).toBe("tilted 25.8° (right end down)");
    expect(angleWords({ part: "fan", x: 0, y: 0, angle: -Math.PI / 2 })).toBe("blows toward -90.0° (−90° is straight up)");
    expect(angleWords({ part: "bumper", x: 0, y: 0, angle: 0 })).toBe("A bumper has no direction.");
    expect(clockText(0, null, 1 / 120)).toBe("t 0.00 s · step 0");
    expect(clockText(2.5 / 120, run4(), 1 / 120)).toBe("t 0.02 s · step 2 / 4");
    expect(clockText(3 / 120, run4(), 1 / 120)).toBe("t 0.03 s · step 3 / 4");
    expect(seedParam("?seed=42")).toBe(42);
    expect(seedParam("?seed=4294967295")).toBe(4294967295);
    for (const bad of ["", "?seed=", "?seed=4294967296", "?seed=-1", "?seed=1e3", "?seed=0x10"]) expect(seedParam(bad), bad).toBeNull();
  });
});

describe("the trail", () => {
  const traj = runOf(1, [], 4).result.trajectory; // (0, 5) … (40, 5)
  it("runs from the start to the tip, and a segment only between its samples", () => {
    const whole = raster(200, 300);
    drawTrail(whole.ctx, v0, traj, 2, [25, 5], trailColor);
    expect(near(whole.pixel(...toCanvas(v0, 12, 5)), rgbOf(trailColor))).toBe(true);
    expect(near(whole.pixel(...toCanvas(v0, 24, 5)), rgbOf(trailColor))).toBe(true);
    expect(whole.pixel(...toCanvas(v0, 30, 5))[3]).toBe(0);
    const piece = raster(200, 300);
    drawTrailSegment(piece.ctx, v0, traj, 1, 3, trailColor);
    expect(near(piece.pixel(...toCanvas(v0, 20, 5)), rgbOf(trailColor))).toBe(true);
    expect(piece.pixel(...toCanvas(v0, 5, 5))[3]).toBe(0);
    expect(piece.pixel(...toCanvas(v0, 36, 5))[3]).toBe(0);
  });
});
