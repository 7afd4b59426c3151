/**
 * Dragging a drawn wall's end on the field (the Draws panel's pins): the
 * engine's wall from its four draws, the end under the pointer, and the inverse
 * — the four draws (centre, length, angle) of the wall whose one end is fixed
 * and whose other end is dragged, each inside its range from the draw record
 * (never the default rules). Plain functions; the field and the state call them.
 */
import type { Draw } from "../bindings/Draw";
import type { DrawnWall } from "../bindings/DrawnWall";
import type { Pin } from "../bindings/Pin";
import type { PinnedSeed } from "../bindings/PinnedSeed";

export interface Point {
  x: number;
  y: number;
}

/** One end of a drawn wall. */
export type WallEnd = "a" | "b";

/** A draw's range (the record's `span`), or null when the record has no such draw. */
export type Range = { min: number; max: number } | null;

/** The four draws of a drawn wall. */
export interface WallDraws {
  center_x: number;
  center_y: number;
  length: number;
  angle: number;
}

/** The ranges of a drawn wall's four draws. */
export type WallRanges = { [K in keyof WallDraws]: Range };

/** The four sites of drawn wall `wall` (1-based), in drawing order. */
export function wallSites(wall: number): { [K in keyof WallDraws]: string } {
  return {
    center_x: `walls[${wall}].center_x`,
    center_y: `walls[${wall}].center_y`,
    length: `walls[${wall}].length`,
    angle: `walls[${wall}].angle`,
  };
}

/** The ranges of drawn wall `wall`'s four draws, as the attempt's draw record gives them. */
export function wallRanges(draws: readonly Pick<Draw, "site" | "span">[], wall: number): WallRanges {
  const sites = wallSites(wall);
  const range = (site: string): Range => {
    const d = draws.find((r) => r.site === site);
    return d ? { min: d.span.min, max: d.span.max } : null;
  };
  return { center_x: range(sites.center_x), center_y: range(sites.center_y), length: range(sites.length), angle: range(sites.angle) };
}

/** The engine's rounding of a wall's ends (`floor(v · 100 + 0.5) / 100`). */
const q = (v: number) => Math.floor(v * 100 + 0.5) / 100;

/** The wall's ends as the engine computes them from its draws (y grows downward). */
export function wallEnds(w: WallDraws): { a: Point; b: Point } {
  const dx = Math.cos(w.angle) * (w.length / 2);
  const dy = Math.sin(w.angle) * (w.length / 2);
  return {
    a: { x: q(w.center_x - dx), y: q(w.center_y - dy) },
    b: { x: q(w.center_x + dx), y: q(w.center_y + dy) },
  };
}

/** The end of a drawn wall nearest field point (x, y), within `tolerance` field units, or null. */
export function wallEndAt(walls: readonly DrawnWall[], x: number, y: number, tolerance: number): { wall: number; end: WallEnd } | null {
  let best: { wall: number; end: WallEnd } | null = null;
  let bestD = tolerance;
  for (const w of walls) {
    for (const end of ["a", "b"] as const) {
      const d = Math.hypot(x - w[end].x, y - w[end].y);
      if (d <= bestD) {
        bestD = d;
        best = { wall: w.number, end };
      }
    }
  }
  return best;
}

const inside = (v: number, r: Range) => !r || (v >= r.min && v <= r.max);
const clamp = (v: number, r: Range) => (r ? Math.min(r.max, Math.max(r.min, v)) : v);
const distanceTo = (v: number, r: Range) => (r ? Math.max(r.min - v, 0, v - r.max) : 0);
/** Millionths: short pins, ends still within 0.001 of the unrounded draws. */
const fine = (v: number, r: Range) => clamp(Math.round(v * 1e6) / 1e6, r);

/**
 * The draws of the wall from `fixed` to `dragged` (`dragged` is end `end`: the
 * vector from a to b is `dragged − fixed` for `b`, the other way for `a`):
 * centre the midpoint, length the distance, angle `atan2(dy, dx)`.
 *
 * Each stays in its range: an angle outside its range whose opposite (`angle ± π`:
 * the same wall with its ends swapped) is inside becomes the opposite; otherwise
 * the one of the two nearer the range is clamped to it. The length is clamped,
 * the dragged end placed from the fixed end along the angle at that length, and
 * the centre (their midpoint) clamped to its ranges — so the fixed end stays
 * where it is unless the centre clamps.
 */
export function wallFromEnds(fixed: Point, dragged: Point, end: WallEnd, ranges: WallRanges): WallDraws {
  const [a, b] = end === "b" ? [fixed, dragged] : [dragged, fixed];
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const distance = Math.hypot(dx, dy);
  const direct = distance > 0 ? Math.atan2(dy, dx) : clamp(0, ranges.angle);
  const candidates = [direct, direct + Math.PI, direct - Math.PI];
  let angle = candidates.find((c) => inside(c, ranges.angle));
  if (angle === undefined) {
    const nearest = candidates.reduce((p, c) => (distanceTo(c, ranges.angle) < distanceTo(p, ranges.angle) ? c : p));
    angle = clamp(nearest, ranges.angle);
  }
  const length = clamp(distance, ranges.length);
  // From the fixed end towards the dragged one, along the wall's line.
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const side = (dragged.x - fixed.x) * ux + (dragged.y - fixed.y) * uy < 0 ? -1 : 1;
  return {
    center_x: fine(fixed.x + (side * ux * length) / 2, ranges.center_x),
    center_y: fine(fixed.y + (side * uy * length) / 2, ranges.center_y),
    length: fine(length, ranges.length),
    angle: fine(angle, ranges.angle),
  };
}

/** Whether draws `d` put drawn wall `w` anywhere else (its ends, either way round, are not where they are). */
export function wallMoved(w: Pick<DrawnWall, "a" | "b">, d: WallDraws): boolean {
  return !sameEnds(w, wallEnds(d));
}

/** Whether two walls have the same ends, either way round. */
function sameEnds(w: { a: Point; b: Point }, e: { a: Point; b: Point }): boolean {
  const same = (p: Point, q: Point) => p.x === q.x && p.y === q.y;
  return (same(e.a, w.a) && same(e.b, w.b)) || (same(e.a, w.b) && same(e.b, w.a));
}

/** The four pins that set drawn wall `wall` of `attempt` to `w`. */
export function wallPins(attempt: number, wall: number, w: WallDraws): Pin[] {
  const sites = wallSites(wall);
  return (["center_x", "center_y", "length", "angle"] as const).map((k) => ({ attempt, site: sites[k], to: { value: w[k] } }));
}

/** Of the would-be ends of `d`, the one nearer the pointer `at`: the dragged end (a swapped angle swaps a and b). */
export function draggedEnd(d: WallDraws, at: Point): Point {
  const { a, b } = wallEnds(d);
  return Math.hypot(a.x - at.x, a.y - at.y) < Math.hypot(b.x - at.x, b.y - at.y) ? a : b;
}

/** The drawn walls of `attempt` that its pins put elsewhere than `walls` (as the pinned generation's record draws them). */
export function movedWalls(p: Pick<PinnedSeed, "pins" | "record">, attempt: number, walls: readonly DrawnWall[]): DrawnWall[] {
  const numbers = new Set(p.pins.filter((q) => q.attempt === attempt).flatMap((q) => /^walls\[(\d+)\]\./.exec(q.site)?.[1] ?? []).map(Number));
  const after = p.record.attempts.find((a) => a.attempt === attempt);
  return (after?.walls ?? []).filter((w) => {
    const before = walls.find((d) => d.number === w.number);
    return numbers.has(w.number) && (!before || !sameEnds(before, w));
  });
}
