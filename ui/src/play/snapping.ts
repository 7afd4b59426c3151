/**
 * Where a part lands and how it turns: rotation in degrees (5° a press, 1°
 * with Shift), and the two optional snaps — positions to the sweep's grid
 * (the rules' `sweep_xs` × `sweep_ys`, the ramp positions the generator
 * tries) and angles to 15°. Plain functions, and `Turns`, which makes a step
 * and its opposite come back to the exact angle; the angle stays in radians, as
 * the engine and the files hold it.
 */
import type { RulesInfo } from "../bindings/RulesInfo";
import { normalizeAngle, POSITION_STEP, snap } from "./model";

/** Which snaps are on (the part panel's toggles; both off by default). */
export interface Snapping {
  grid: boolean;
  angle: boolean;
}

export const NO_SNAPPING: Snapping = { grid: false, angle: false };

/** Degrees a rotate key, button or wheel notch turns a part; Shift: fine. */
export const ROTATE_DEG = 5;
export const FINE_ROTATE_DEG = 1;
/** The angle snap. */
export const SNAP_DEG = 15;

export type SweepGrid = Pick<RulesInfo, "sweep_xs" | "sweep_ys">;

const RAD = Math.PI / 180;

export const toDegrees = (a: number): number => a / RAD;

/** The value of `values` nearest `v` (the first on a tie); `v` itself when there is none. */
export function nearest(v: number, values: readonly number[]): number {
  let best = v;
  let bestD = Infinity;
  for (const x of values) {
    const d = Math.abs(x - v);
    if (d < bestD) {
      bestD = d;
      best = x;
    }
  }
  return best;
}

/** Where a part dropped at (x, y) lands: the nearest sweep position with the grid snap, else the nearest half unit. */
export function snapPoint(x: number, y: number, s: Snapping, grid: SweepGrid): [number, number] {
  if (s.grid) return [nearest(x, grid.sweep_xs), nearest(y, grid.sweep_ys)];
  return [snap(x, POSITION_STEP), snap(y, POSITION_STEP)];
}

/**
 * `angle` turned by `deg` degrees (negative: the other way). With the angle snap the part goes to
 * the next multiple of 15° that way (from 25.8°: 30° clockwise, 15° back), whatever `deg`'s size.
 */
export function turnBy(angle: number, deg: number, s: Snapping): number {
  if (deg === 0) return angle;
  // In whole thousandths of a degree, so seven 5° presses make exactly 35° and seven back undo them.
  if (!s.angle) return normalizeAngle(Number((toDegrees(angle) + deg).toFixed(3)) * RAD);
  const now = toDegrees(angle) / SNAP_DEG;
  // Already on a multiple (within rounding): one whole step; else to the next multiple that way.
  const k = Math.abs(now - Math.round(now)) < 1e-6 ? Math.round(now) + Math.sign(deg) : deg > 0 ? Math.ceil(now) : Math.floor(now);
  return normalizeAngle(k * SNAP_DEG * RAD);
}

/**
 * Rotation steps that come back exactly. A turn rounds (`turnBy`: to thousandths of a
 * degree, then millionths of a radian), so turning −0.45 rad by 5° and back by 5° from
 * the rounded angle gave −0.449998. Here a part's angle is kept as the angle it had
 * before its first step (the origin) and the degrees turned since, a whole number of
 * thousandths: each step is computed from the origin, and steps that add up to nothing
 * (E then Q, E E Q Q, a full turn) give back the origin exactly, whatever its digits.
 * Each angle a step gave remembers its degrees, so an undo, or a step the engine
 * refused, continues from where the part is; any other angle (dragged, typed, loaded,
 * another part) is a new origin. The angle snap turns to multiples of 15° as `turnBy`.
 */
export class Turns {
  #index = -1;
  #origin = 0;
  /** The degrees from the origin of every angle a step gave (the origin: 0). */
  #turned = new Map<number, number>();

  /** The angle of the part at `index`, now `angle`, turned by `deg` degrees (negative: the other way). */
  turn(index: number, angle: number, deg: number, s: Snapping): number {
    if (deg === 0) return angle;
    if (s.angle) return turnBy(angle, deg, s);
    let from = index === this.#index ? this.#turned.get(angle) : undefined;
    if (from === undefined) {
      this.#index = index;
      this.#origin = angle;
      this.#turned = new Map([[angle, 0]]);
      from = 0;
    }
    const total = Number((from + deg).toFixed(3));
    const next = total % 360 === 0 ? this.#origin : turnBy(this.#origin, total, NO_SNAPPING);
    if (!this.#turned.has(next)) this.#turned.set(next, total);
    return next;
  }
}

/** An angle the pointer asked for (the rotation handle): to 15° with the angle snap, else to the whole degree. */
export function snapAngle(angle: number, s: Snapping): number {
  const step = s.angle ? SNAP_DEG : 1;
  return normalizeAngle(Math.round(toDegrees(angle) / step) * step * RAD);
}
