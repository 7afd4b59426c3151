/**
 * The Draws panel: grouping of the engine's draw record, pins in the engine's
 * text, the field hit test of drawn walls, the ghosts and highlights drawn on a
 * real raster canvas, and the panel's state with fake commands (a refused pin
 * changes nothing and shows the engine's message; answers for an older request
 * or seed are dropped; another seed drops the pins).
 */
import { describe, expect, it } from "vitest";
import type { AttemptDraws } from "../src/bindings/AttemptDraws";
import type { Draw } from "../src/bindings/Draw";
import type { DrawRecord } from "../src/bindings/DrawRecord";
import type { Pin } from "../src/bindings/Pin";
import type { PinnedSeed } from "../src/bindings/PinnedSeed";
import { palette } from "../src/draw/colors";
import { drawDrawTarget, drawGhostWalls, HIGHLIGHT } from "../src/draw/draws";
import { fitView, toCanvas } from "../src/draw/view";
import { drawField, drawWorld } from "../src/draw/world";
import { drawGroups, dropWords, siteLabel, spanWords, startWords, targetOf, valueWords, wallAt } from "../src/inspector/draws-model";
import { DrawsState, type DrawsApi } from "../src/inspector/draws.svelte";
import { CommandFailed } from "../src/lib/ipc";
import { pinToOf, pinWords, withoutPin, withPin } from "../src/lib/pins";
import { wallEnds, wallFromEnds, wallRanges } from "../src/inspector/wall-drag";
import { near, raster, rgbOf } from "./canvas";
import { rules, world } from "./fixtures";

const span = (min: number, max: number, integer = false) => ({ min, max, integer });
let position = 23;
function draw(site: string, value: number, s = span(0, 100), wall: number | null = null, decided: string | null = null): Draw {
  const constant = s.min === s.max;
  return {
    position: constant ? null : position++,
    attempt: 2,
    site,
    rule: site.replace(/\[\d+\]/, ""),
    wall,
    raw: constant ? null : 1000 + position,
    unit: constant ? null : 0.25,
    span: s,
    value,
    rounded: null,
    pinned_from: null,
    decided,
  };
}

/** Attempt 2 (starting at draw 23): the world fixture's one wall is drawn wall 1; wall 2 is dropped near the ball. */
const attempt2: AttemptDraws = {
  attempt: 2,
  first_position: 23,
  draw_count: 13,
  draws: [
    draw("ball.start_x", 20, span(10, 90)),
    draw("goal.x", 70, span(10, 90)),
    draw("goal.y", 130, span(112, 140)),
    draw("walls.count", 2, span(2, 5, true), null, "2 walls are drawn"),
    draw("walls[1].center_x", 30, span(8, 92), 1),
    draw("walls[1].center_y", 65, span(26, 110), 1),
    draw("walls[1].length", 41.23, span(14, 30), 1),
    draw("walls[1].angle", 0.24, span(-0.6, 0.6), 1, "wall 1 is built (level wall 1)"),
    draw("walls[2].center_x", 22, span(8, 92), 2),
    draw("walls[2].center_y", 30, span(26, 110), 2),
    draw("walls[2].length", 20, span(14, 30), 2),
    draw("walls[2].angle", 0, span(-0.6, 0.6), 2, "wall 2 is dropped: it passes within 6 units of the ball's start"),
    draw("parts.ramp.count", 1, span(1, 2, true), null, "grants 1 ramp"),
    draw("parts.fan.count", 0, span(0, 1, true)),
    draw("parts.gear.count", 0, span(0, 0, true), null, "grants 0 gears"),
  ],
  walls: [
    { number: 1, a: { x: 10, y: 60 }, b: { x: 50, y: 70 }, built: 0, dropped_for: [], pinned: false },
    { number: 2, a: { x: 12, y: 30 }, b: { x: 32, y: 30 }, built: null, dropped_for: ["near_ball"], pinned: false },
  ],
  world,
};

describe("draw groups", () => {
  it("groups the draws by what they built, in stream order, and lists constants as constants", () => {
    const gs = drawGroups(attempt2);
    expect(gs.map((g) => g.key)).toEqual(["ball", "goal", "walls", "wall-1", "wall-2", "parts"]);
    expect(gs.map((g) => g.title)).toEqual(["Ball", "Goal", "Walls", "Wall 1 · level wall 1", "Wall 2 · dropped", "Inventory"]);
    expect(gs[3]!.draws.map((d) => siteLabel(d.site))).toEqual(["center_x", "center_y", "length", "angle"]);
    expect(gs.flatMap((g) => g.draws).map((d) => d.site)).toEqual(attempt2.draws.map((d) => d.site));
    const gear = gs[5]!.draws.find((d) => d.site === "parts.gear.count")!;
    expect(gear.position).toBeNull();
    expect(siteLabel(gear.site)).toBe("gears");
    expect(spanWords(gear.span)).toBe("0..=0");
    expect(spanWords(attempt2.draws[1]!.span)).toBe("10..90");
    expect(valueWords(attempt2.draws[6]!)).toBe("41.23");
    expect(startWords(attempt2)).toBe("attempt 2 starts at draw 23 (13 draws)");
    expect(dropWords(attempt2.walls[1]!)).toBe("it passes too near the ball's start");
    expect(targetOf(attempt2.draws[2]!)).toEqual({ kind: "goal" });
    expect(targetOf(attempt2.draws[9]!)).toEqual({ kind: "wall", wall: 2 });
    expect(targetOf(attempt2.draws[3]!)).toEqual({ kind: "none" });
  });
  it("finds the drawn wall under a field point", () => {
    expect(wallAt(attempt2.walls, 30, 65, 2)).toBe(1);
    expect(wallAt(attempt2.walls, 20, 31, 2)).toBe(2);
    expect(wallAt(attempt2.walls, 80, 100, 2)).toBeNull();
  });
});

describe("pins", () => {
  it("writes pins in the engine's text and reads what a designer types", () => {
    expect(pinWords({ attempt: 1, site: "goal.x", to: { value: 40 } })).toBe("1:goal.x=40");
    expect(pinWords({ attempt: 1, site: "goal.x", to: { raw: 5 } })).toBe("1:goal.x=raw:5");
    expect(pinWords({ attempt: 2, site: "walls[3]", to: { keep: false } })).toBe("2:walls[3]=drop");
    expect(pinToOf(" 40.5 ")).toEqual({ value: 40.5 });
    expect(pinToOf("-0.3")).toEqual({ value: -0.3 });
    expect(pinToOf("raw:4294967295")).toEqual({ raw: 4294967295 });
    expect(pinToOf("raw:4294967296")).toBeNull();
    expect(pinToOf("forty")).toBeNull();
    expect(pinToOf("")).toBeNull();
    const a: Pin = { attempt: 1, site: "goal.x", to: { value: 40 } };
    const b: Pin = { attempt: 1, site: "goal.y", to: { value: 120 } };
    expect(withPin([a, b], { ...a, to: { value: 41 } })).toEqual([{ ...a, to: { value: 41 } }, b]);
    expect(withPin([a], { ...a, attempt: 2 })).toHaveLength(2);
    expect(withoutPin([a, b], 1, "goal.x")).toEqual([b]);
  });
});

describe("the field under the Draws panel", () => {
  const v = fitView({ x: 0, y: 0, w: 200, h: 300 }, 100, 150, 0);
  it("draws a dropped wall as a dashed ghost and never a built one", () => {
    const { ctx, pixel } = raster(200, 300);
    drawField(ctx, v, rules);
    drawWorld(ctx, v, world, rules);
    expect(drawGhostWalls(ctx, v, attempt2.walls, rules, false)).toBe(1);
    const ghost = rgbOf(palette.ghost);
    // Along wall 2 (y = 30, x 12 → 32), dashes of 4 px on, 4 px off: some ghost pixels, some field.
    const along = Array.from({ length: 16 }, (_, i) => pixel(...toCanvas(v, 16 + i * 0.5, 30)));
    expect(along.some((p) => near(p, ghost, 40))).toBe(true);
    expect(along.some((p) => !near(p, ghost, 40))).toBe(true);
    // Wall 1 (built) keeps the wall colour.
    expect(near(pixel(...toCanvas(v, 30, 65)), rgbOf(palette.wall))).toBe(true);
  });
  it("labels a ghost with the reason it was dropped", () => {
    const { ctx, pixel } = raster(200, 300);
    drawField(ctx, v, rules);
    drawGhostWalls(ctx, v, attempt2.walls, rules, true);
    // Some text pixels above the ghost (the label), none without labels.
    const lit = (px: ReturnType<typeof pixel>) => px[0]! + px[1]! + px[2]! > 200;
    let withLabel = 0;
    for (let x = 10; x < 190; x += 2) for (let y = 44; y < 56; y += 2) if (lit(pixel(x, y))) withLabel++;
    expect(withLabel).toBeGreaterThan(5);
  });
  it("rings what a hovered draw placed: the goal, a wall's centre and extent, the ball", () => {
    const accent = rgbOf(HIGHLIGHT);
    {
      const { ctx, pixel } = raster(200, 300);
      drawField(ctx, v, rules);
      expect(drawDrawTarget(ctx, v, { kind: "goal" }, world, attempt2.walls, rules)).toBe(true);
      // The ring 4 px outside the goal zone's left edge (70 - 7 = 63), at its centre row.
      const [x, y] = toCanvas(v, 63, 130);
      expect(near(pixel(x - 4, y), accent)).toBe(true);
      expect(near(pixel(...toCanvas(v, 70, 130)), accent)).toBe(true);
      expect(near(pixel(...toCanvas(v, 33, 67)), rgbOf(palette.field), 12)).toBe(true);
    }
    {
      const { ctx, pixel } = raster(200, 300);
      drawField(ctx, v, rules);
      drawDrawTarget(ctx, v, { kind: "wall", wall: 1 }, world, attempt2.walls, rules);
      // Its centre dot, a halo along it, nothing at the goal.
      expect(near(pixel(...toCanvas(v, 30, 65)), accent)).toBe(true);
      const halo = pixel(...toCanvas(v, 20, 62.5));
      expect(halo[1]!).toBeGreaterThan(40);
      expect(near(pixel(...toCanvas(v, 73, 133)), rgbOf(palette.field), 12)).toBe(true);
    }
    {
      const { ctx, pixel } = raster(200, 300);
      drawField(ctx, v, rules);
      drawDrawTarget(ctx, v, { kind: "ball" }, world, attempt2.walls, rules);
      const [bx, by] = toCanvas(v, world.ball.x, world.ball.y);
      const r = Math.max(6, rules.ball_radius * v.scale + 5);
      expect(near(pixel(bx + r, by), accent)).toBe(true);
      expect(drawDrawTarget(ctx, v, { kind: "none" }, world, attempt2.walls, rules)).toBe(false);
      expect(drawDrawTarget(ctx, v, { kind: "wall", wall: 9 }, world, attempt2.walls, rules)).toBe(false);
    }
  });
});

const record = (seed: number): DrawRecord => ({ seed, rules_id: "010786ff88f4", pins: [], attempts: [attempt2] });

function fakeApi() {
  const asked: Pin[][] = [];
  let held: ((v: PinnedSeed) => void)[] = [];
  const api: DrawsApi & { asked: Pin[][]; release(p: PinnedSeed): void; refuse: string | null } = {
    asked,
    refuse: null,
    release(p) {
      const h = held;
      held = [];
      h.forEach((r) => r(p));
    },
    async seedDraws(seed) {
      return record(seed);
    },
    whatIf(_seed, pins) {
      asked.push(pins);
      if (api.refuse) {
        return Promise.reject(
          new CommandFailed("what_if", { message: api.refuse, error: { kind: "pins", error: { kind: "out_of_range", site: "goal.x", value: 400, min: 10, max: 90 } } }),
        );
      }
      return new Promise((r) => held.push(r));
    },
    async exportEditedLevel() {
      return { path: "/tmp/e.json", bytes: 10 };
    },
    async openEditedPlay() {
      return "play-42-edited-1";
    },
  };
  return api;
}

const answer = (seed: number, pins: Pin[]) => ({ seed, pins }) as unknown as PinnedSeed;
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

describe("the Draws panel's state", () => {
  it("keeps the pins when the engine refuses one, with its message", async () => {
    const api = fakeApi();
    const s = new DrawsState(api);
    await s.load(42);
    expect(s.record?.seed).toBe(42);
    const pin: Pin = { attempt: 1, site: "goal.x", to: { value: 40 } };
    const done = s.pin(pin);
    api.release(answer(42, [pin]));
    expect(await done).toBe(true);
    expect(s.pins).toEqual([pin]);
    api.refuse = "goal.x is drawn from 10 to 90; 400 is outside that range";
    expect(await s.pin({ ...pin, to: { value: 400 } })).toBe(false);
    expect(s.pins).toEqual([pin]);
    expect(s.pinned?.pins).toEqual([pin]);
    expect(s.error).toBe("goal.x is drawn from 10 to 90; 400 is outside that range");
  });
  it("drops an answer for an older request, and the pins of another seed", async () => {
    const api = fakeApi();
    const s = new DrawsState(api);
    await s.load(42);
    const first = s.pin({ attempt: 1, site: "goal.x", to: { value: 40 } });
    const second = s.pin({ attempt: 1, site: "goal.y", to: { value: 120 } });
    expect(api.asked[1]).toHaveLength(2);
    api.release(answer(42, api.asked[1]!));
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(s.pins).toHaveLength(2);
    const late = s.pin({ attempt: 1, site: "ball.start_x", to: { value: 50 } });
    await s.load(7);
    api.release(answer(42, api.asked[2]!));
    expect(await late).toBe(false);
    await settle();
    expect(s.seed).toBe(7);
    expect(s.pins).toEqual([]);
    expect(s.pinned).toBeNull();
  });
  it("forgets another seed's record and pins while the panel is closed, and keeps its own seed's", async () => {
    const api = fakeApi();
    const s = new DrawsState(api);
    await s.load(42);
    const done = s.pin({ attempt: 1, site: "goal.x", to: { value: 40 } });
    api.release(answer(42, api.asked[0]!));
    await done;
    s.forget(42);
    expect(s.pins).toHaveLength(1);
    s.forget(7);
    expect(s.seed).toBeNull();
    expect(s.record).toBeNull();
    expect(s.pins).toEqual([]);
    expect(s.pinned).toBeNull();
  });
  it("pins a dragged goal's x and y at once, and Clear pins resets", async () => {
    const api = fakeApi();
    const s = new DrawsState(api);
    await s.load(42);
    const done = s.pinAll([
      { attempt: 1, site: "goal.x", to: { value: 40 } },
      { attempt: 1, site: "goal.y", to: { value: 120 } },
    ]);
    expect(api.asked).toHaveLength(1);
    api.release(answer(42, api.asked[0]!));
    expect(await done).toBe(true);
    expect(s.pins.map(pinWords)).toEqual(["1:goal.x=40", "1:goal.y=120"]);
    await s.export();
    expect(s.status).toBe("Saved the edited level to /tmp/e.json (10 bytes).");
    s.clear();
    expect(s.pins).toEqual([]);
    expect(s.pinned).toBeNull();
  });
});

describe("a wall end dragged on the field", () => {
  it("ends in one what_if with the wall's four pins, in the record's ranges, replacing that wall's earlier pins of the same attempt", async () => {
    const api = fakeApi();
    const s = new DrawsState(api);
    await s.load(42);
    const goal = s.pin({ attempt: 2, site: "goal.x", to: { value: 40 } });
    api.release(answer(42, api.asked[0]!));
    await goal;
    const other = s.pin({ attempt: 1, site: "walls[1].length", to: { value: 20 } });
    api.release(answer(42, api.asked[1]!));
    await other;
    // Drawn wall 2 of attempt 2 (a dropped ghost, 12,30 → 32,30): its end b dragged to (34, 38), a fixed.
    const w = attempt2.walls[1]!;
    const ranges = wallRanges(attempt2.draws, 2);
    expect(ranges.length).toEqual({ min: 14, max: 30 });
    const dragged = wallFromEnds(w.a, { x: 34, y: 38 }, "b", ranges);
    const e = wallEnds(dragged);
    expect(Math.abs(e.a.x - 12) + Math.abs(e.a.y - 30)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(e.b.x - 34) + Math.abs(e.b.y - 38)).toBeLessThanOrEqual(0.02);
    const first = s.pinWall(2, 2, dragged);
    expect(api.asked).toHaveLength(3);
    api.release(answer(42, api.asked[2]!));
    expect(await first).toBe(true);
    expect(s.pins.map((p) => p.site)).toEqual(["goal.x", "walls[1].length", "walls[2].center_x", "walls[2].center_y", "walls[2].length", "walls[2].angle"]);
    expect(s.pins.slice(2).every((p) => p.attempt === 2)).toBe(true);
    // Dragged again, past its length range: one more what_if; the wall's four pins replaced, the others kept.
    const again = wallFromEnds(w.a, { x: 80, y: 30 }, "b", ranges);
    expect(again).toEqual({ center_x: 27, center_y: 30, length: 30, angle: 0 });
    const second = s.pinWall(2, 2, again);
    expect(api.asked).toHaveLength(4);
    api.release(answer(42, api.asked[3]!));
    expect(await second).toBe(true);
    expect(s.pins.map(pinWords)).toEqual(["2:goal.x=40", "1:walls[1].length=20", "2:walls[2].center_x=27", "2:walls[2].center_y=30", "2:walls[2].length=30", "2:walls[2].angle=0"]);
  });
});

describe("the edited level's window", () => {
  it("reads its pins from the page's query as the shell writes them (JSON in hex)", async () => {
    const { pinsParam } = await import("../src/play/model");
    const pins: Pin[] = [{ attempt: 1, site: "goal.x", to: { value: 40 } }];
    const hex = [...new TextEncoder().encode(JSON.stringify(pins))].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(hex.startsWith("5b7b22617474656d7074223a31")).toBe(true);
    expect(pinsParam(`?seed=7&rules=010786ff88f4&pins=${hex}`)).toEqual(pins);
    expect(pinsParam("?seed=7&rules=010786ff88f4")).toEqual([]);
    expect(pinsParam("?seed=7&pins=zz")).toBeNull();
    expect(pinsParam("?seed=7&pins=7b7d")).toBeNull();
  });
});
