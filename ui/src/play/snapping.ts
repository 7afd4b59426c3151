/**
 * Where a part lands and how it turns: rotation in degrees (5° a press, 1°
 * with Shift), and the two optional snaps — positions to the sweep's grid
 * (the rules' `sweep_xs` × `sweep_ys`, the ramp positions the generator
 * tries) and angles to 15°. Plain functions; the angle stays in radians, as
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

/** An angle the pointer asked for (the rotation handle): to 15° with the angle snap, else to the whole degree. */
export function snapAngle(angle: number, s: Snapping): number {
  const step = s.angle ? SNAP_DEG : 1;
  return normalizeAngle(Math.round(toDegrees(angle) / step) * step * RAD);
}
