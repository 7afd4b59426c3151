/** The gear in the play window: its entry, its spin, how it is drawn and how it turns with the run. */
import { describe, expect, it } from "vitest";
import type { Placement } from "../src/bindings/Placement";
import { drawMoving, drawPart, GEAR_TEETH, gearTurn, partColor } from "../src/draw/parts";
import { fitView, toCanvas } from "../src/draw/view";
import { attemptRows } from "../src/inspector/model";
import { levelLine, trayItems } from "../src/play/model";
import { freshPart, otherSpin, PART_KINDS, PARTS, spinWords } from "../src/play/parts";
import { PlayState } from "../src/play/state.svelte";
import { near, raster, rgbOf } from "./canvas";
import { attempt, world } from "./fixtures";
import { fakeEngine, level, ramp, rules } from "./helpers/play-engine";

const V1 = "010786ff88f4";
const cw = (x: number, y: number): Placement => ({ part: "gear", x, y, angle: 0, spin: "clockwise" });
const ccw = (x: number, y: number): Placement => ({ part: "gear", x, y, angle: 0, spin: "counter_clockwise" });
const gold = rgbOf(partColor.gear);

describe("the gear's entry", () => {
  it("is offered in the tray when a level grants gears, last, and starts clockwise", () => {
    expect(PART_KINDS).toEqual(["ramp", "fan", "bumper", "gear"]);
    expect(PARTS.gear.turns).toBe(false);
    expect(freshPart("gear", 30, 20)).toEqual(cw(30, 20));
    expect(freshPart("ramp", 30, 20)).toEqual({ part: "ramp", x: 30, y: 20, angle: 0.45 });
    expect("spin" in freshPart("bumper", 1, 1)).toBe(false);
    const inv = { ramp: 1, fan: 0, bumper: 0, gear: 2 };
    expect(trayItems(inv, [cw(30, 20)])).toEqual([
      { kind: "ramp", granted: 1, left: 1 },
      { kind: "gear", granted: 2, left: 1 },
    ]);
    expect(trayItems({ ramp: 1, fan: 0, bumper: 0 }, [])).toEqual([{ kind: "ramp", granted: 1, left: 1 }]);
  });
  it("says which way it turns", () => {
    expect(spinWords("clockwise")).toBe("clockwise");
    expect(spinWords("counter_clockwise")).toBe("counter-clockwise");
    expect(otherSpin("clockwise")).toBe("counter_clockwise");
    expect(otherSpin("counter_clockwise")).toBe("clockwise");
    expect(PARTS.gear.angleWords(ccw(1, 1), 0)).toBe("turns counter-clockwise (its top moves left)");
    expect(PARTS.gear.angleWords(cw(1, 1), 0)).toBe("turns clockwise (its top moves right)");
  });
  it("shows in the level line only when granted, with the rules' name", () => {
    const base = { seed: 0, level_hash: "99eb", world: { ...world, inventory: { ramp: 1, fan: 0, bumper: 0, gear: 2 } }, fallback: false, hints: [], rules, edited: null };
    expect(levelLine(base)).toContain("grants 1 ramp, 0 fans, 0 bumpers, 2 gears");
    const other = { ...base, rules: { ...rules, rules_name: "1cb7c5e44f48", is_default: false } };
    expect(levelLine(other)).toContain(" · rules 1cb7c5e44f48 · ");
    expect(levelLine({ ...base, world: world })).not.toContain("gear");
  });
});

describe("the inspector", () => {
  it("lists the gears a level grants with its inventory", () => {
    const a = attempt(1, "accepted");
    const inv = (i: typeof a.world.inventory) => attemptRows({ ...a, world: { ...a.world, inventory: i } }).find((r) => r.key === "inventory")?.value;
    expect(inv({ ramp: 1, fan: 0, bumper: 2 })).toBe("1 ramp · 0 fan · 2 bumper");
    expect(inv({ ramp: 1, fan: 0, bumper: 2, gear: 2 })).toBe("1 ramp · 0 fan · 2 bumper · 2 gear");
  });
});

describe("the gear turns with the run", () => {
  it("turns by its rim speed over its radius, clockwise positive on the screen", () => {
    const w = rules.gear_surface_speed / rules.gear_radius;
    expect(gearTurn(cw(0, 0), rules, 1.5)).toBeCloseTo(w * 1.5, 12);
    expect(gearTurn(ccw(0, 0), rules, 1.5)).toBeCloseTo(-w * 1.5, 12);
    expect(gearTurn(cw(0, 0), rules, 0)).toBe(0);
    expect(gearTurn({ part: "gear", x: 0, y: 0, angle: 0 }, rules, 3)).toBe(0);
    expect(gearTurn(cw(0, 0), { ...rules, gear_surface_speed: 40 }, 1)).toBeCloseTo(w / 2, 12);
  });

  const v = fitView({ x: 0, y: 0, w: 400, h: 600 }, 100, 150, 0); // 4 px a unit
  /** The canvas point just outside the rim of a gear at (50, 75), at screen angle `a`. */
  const tooth = (a: number) => {
    const [x, y] = toCanvas(v, 50, 75);
    const rad = rules.gear_radius * v.scale + 3;
    return [x + Math.cos(a) * rad, y + Math.sin(a) * rad] as const;
  };

  it("draws its teeth where its turn puts them, and leaves them out for the run layer", () => {
    const spacing = (2 * Math.PI) / GEAR_TEETH;
    for (const turn of [0, 0.3, -1.1]) {
      const { ctx, pixel } = raster(400, 600);
      drawPart(ctx, v, cw(50, 75), rules, "placed", undefined, turn);
      // A tooth at every spacing from the turn, none half-way between (below the arrow over the top).
      for (const k of [0, 1, 2, 3, 4]) {
        expect(near(pixel(...tooth(turn + k * spacing)), gold), `tooth ${k} at turn ${turn}`).toBe(true);
        expect(pixel(...tooth(turn + (k + 0.5) * spacing))[3], `gap ${k} at turn ${turn}`).toBe(0);
      }
    }
    // Without its moving parts (the run layer), no teeth; drawMoving adds them.
    const { ctx, pixel } = raster(400, 600);
    drawPart(ctx, v, cw(50, 75), rules, "placed", undefined, null);
    expect(pixel(...tooth(0))[3]).toBe(0);
    drawMoving(ctx, v, cw(50, 75), rules, 0);
    expect(near(pixel(...tooth(0)), gold)).toBe(true);
  });

  it("rings a selected gear (a disc: no zero-length stroke)", () => {
    const { ctx, pixel } = raster(400, 600);
    drawPart(ctx, v, cw(50, 75), rules, "selected", undefined, 0);
    // Half-way between two teeth, just outside the rim: the ring's white.
    const spacing = (2 * Math.PI) / GEAR_TEETH;
    const [x, y] = toCanvas(v, 50, 75);
    const a = 2.5 * spacing; // the bottom: half-way between teeth 2 and 3
    const r = rules.gear_radius * v.scale + 3.5;
    expect(near(pixel(x + Math.cos(a) * r, y + Math.sin(a) * r), [255, 255, 255], 50)).toBe(true);
  });

  it("points its arrow the way its top moves", () => {
    // The arrow's head sits over the top, to the right for clockwise, to the left for counter-clockwise.
    const head = (dir: number) => {
      const [x, y] = toCanvas(v, 50, 75);
      const rad = rules.gear_radius * v.scale;
      const r = rad + Math.max(6, rad * 0.35);
      const a = -Math.PI / 2 + dir * 0.9;
      return [x + Math.cos(a) * r, y + Math.sin(a) * r] as const;
    };
    const a = raster(400, 600);
    drawPart(a.ctx, v, cw(50, 75), rules, "placed", undefined, null);
    const b = raster(400, 600);
    drawPart(b.ctx, v, ccw(50, 75), rules, "placed", undefined, null);
    // Just past the head in the turning direction: the tip of the clockwise arrow is on the right.
    const tipRight = [head(1)[0] + 3, head(1)[1] + 3] as const;
    const tipLeft = [head(-1)[0] - 3, head(-1)[1] + 3] as const;
    expect(near(a.pixel(...tipRight), gold)).toBe(true);
    expect(a.pixel(...tipLeft)[3]).toBe(0);
    expect(near(b.pixel(...tipLeft), gold)).toBe(true);
    expect(b.pixel(...tipRight)[3]).toBe(0);
  });
});

describe("choosing a gear's spin", () => {
  async function withGear() {
    const api = fakeEngine();
    api.levels.set(0, { ...level(0, { ramp: 1, fan: 0, bumper: 0 }), world: { ...world, inventory: { ramp: 1, fan: 0, bumper: 0, gear: 1 } } });
    const s = new PlayState(api);
    expect(await s.load(0, V1)).toBe(true);
    return { api, s };
  }
  it("switches the selected gear through the engine, and does nothing to other parts", async () => {
    const { api, s } = await withGear();
    expect(await s.place(0, cw(30, 20))).toBe(true);
    expect(await s.setSpin()).toBe(true);
    expect(s.placements[0]).toEqual(ccw(30, 20));
    expect(api.calls.checks.at(-1)?.candidate).toEqual(ccw(30, 20));
    expect(await s.setSpin("counter_clockwise")).toBe(false); // already
    expect(await s.setSpin("clockwise")).toBe(true);
    expect(s.placements[0]).toEqual(cw(30, 20));
    expect(await s.place(1, ramp(60, 60, 0.45))).toBe(true);
    const checks = api.calls.checks.length;
    expect(await s.setSpin()).toBe(false);
    expect(api.calls.checks.length).toBe(checks);
  });
  it("keeps the spin when the engine refuses the change", async () => {
    const { api, s } = await withGear();
    expect(await s.place(0, cw(30, 20))).toBe(true);
    api.checkPart = async () => ({ ok: false, message: "no", error: { kind: "missing_spin", part: "gear" } });
    expect(await s.setSpin()).toBe(false);
    expect(s.placements[0]).toEqual(cw(30, 20));
    expect(s.reason?.text).toBe("no");
  });
  it("drops the run when the spin changes", async () => {
    const { s } = await withGear();
    expect(await s.place(0, cw(30, 20))).toBe(true);
    await s.togglePlay();
    expect(s.run).not.toBeNull();
    expect(await s.setSpin()).toBe(true);
    expect(s.run).toBeNull();
    expect(s.status).toBe("editing");
  });
});
