/**
 * Play mode's pure logic: part bodies (for drawing and picking only — legality is
 * always the engine's `check_part`), snapping, the tray counts, and the animation
 * clock that interpolates the engine's fixed steps at the display's frame rate.
 */
import type { Inventory } from "../bindings/Inventory";
import type { Outcome } from "../bindings/Outcome";
import type { PartKind } from "../bindings/PartKind";
import type { Placement } from "../bindings/Placement";
import type { PlayRules } from "../bindings/PlayRules";
import type { PlayRun } from "../bindings/PlayRun";

export const PART_KINDS: readonly PartKind[] = ["ramp", "fan", "bumper"];

/** Pointer positions snap to this many field units; angles to hundredths of a radian. */
export const POSITION_STEP = 0.5;
export const ANGLE_STEP = 0.05;
export const FINE_ANGLE_STEP = 0.01;

/** A capsule: segment a–b with radius, in field units (y down). */
export interface Capsule {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  radius: number;
}

/**
 * The part's solid as the engine's `Placement::body()` builds it (see
 * docs/rules.md, "Parts"), from the rules the shell sends. Used to draw and to
 * pick parts under the pointer; the engine re-derives it for every check and run.
 */
export function body(p: Placement, r: PlayRules): Capsule {
  const c = Math.cos(p.angle);
  const s = Math.sin(p.angle);
  switch (p.part) {
    case "ramp": {
      const h = r.ramp_length / 2;
      return { ax: p.x - c * h, ay: p.y - s * h, bx: p.x + c * h, by: p.y + s * h, radius: r.ramp_radius };
    }
    case "fan": {
      const h = r.fan_housing / 2;
      return { ax: p.x + s * h, ay: p.y - c * h, bx: p.x - s * h, by: p.y + c * h, radius: r.fan_radius };
    }
    case "bumper":
      return { ax: p.x, ay: p.y, bx: p.x, by: p.y, radius: r.bumper_radius };
    case "gear":
      return { ax: p.x, ay: p.y, bx: p.x, by: p.y, radius: r.gear_radius };
  }
}

/** Rounds `v` to a multiple of `step`, printed without binary noise (0.45, not 0.45000000000000007). */
export function snap(v: number, step: number): number {
  const n = Math.round(v / step) * step;
  return Number(n.toFixed(6));
}

/** An angle in (−π, π], rounded to hundredths of a radian. */
export function normalizeAngle(a: number): number {
  let x = a;
  while (x > Math.PI) x -= 2 * Math.PI;
  while (x <= -Math.PI) x += 2 * Math.PI;
  return Math.round(x * 100) / 100;
}

/** The angle a fresh part of this kind starts with: ramps tilt right-down, fans blow up. */
export function defaultAngle(kind: PartKind): number {
  switch (kind) {
    case "ramp":
      return 0.45;
    case "fan":
      return -1.57;
    case "bumper":
    case "gear":
      return 0;
  }
}

/** How many parts of `kind` the level grants (`gear` is absent when none are). */
export function granted(inv: Inventory, kind: PartKind): number {
  return inv[kind] ?? 0;
}

/** How many parts of `kind` are still in the tray. */
export function remaining(inv: Inventory, placements: readonly Placement[], kind: PartKind): number {
  return granted(inv, kind) - placements.filter((p) => p.part === kind).length;
}

/** Parts used by kind, e.g. "1 ramp, 1 fan"; "no parts" when empty. */
export function partsText(used: Inventory): string {
  const bits: string[] = [];
  for (const k of PART_KINDS) {
    const n = granted(used, k);
    if (n > 0) bits.push(`${n} ${k}${n > 1 ? "s" : ""}`);
  }
  return bits.length ? bits.join(", ") : "no parts";
}

export function totalParts(used: Inventory): number {
  return used.ramp + used.fan + used.bumper + (used.gear ?? 0);
}

function segDist2(px: number, py: number, c: Capsule): number {
  const dx = c.bx - c.ax;
  const dy = c.by - c.ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - c.ax) * dx + (py - c.ay) * dy) / len2)) : 0;
  const ex = px - (c.ax + t * dx);
  const ey = py - (c.ay + t * dy);
  return ex * ex + ey * ey;
}

/** The topmost part within `slack` units of (x, y) (its body, radius included), or −1. */
export function hitPart(placements: readonly Placement[], r: PlayRules, x: number, y: number, slack: number): number {
  for (let i = placements.length - 1; i >= 0; i--) {
    const c = body(placements[i]!, r);
    const reach = c.radius + slack;
    if (segDist2(x, y, c) <= reach * reach) return i;
  }
  return -1;
}

/** Where the rotation handle of a part sits: past the ramp's right end / the fan's nozzle. */
export function handlePoint(p: Placement, r: PlayRules): [number, number] | null {
  const c = Math.cos(p.angle);
  const s = Math.sin(p.angle);
  switch (p.part) {
    case "ramp": {
      const h = r.ramp_length / 2 + 2.5;
      return [p.x + c * h, p.y + s * h];
    }
    case "fan":
      return [p.x + c * 6, p.y + s * 6];
    case "bumper":
    case "gear":
      return null;
  }
}

/** The angle that points a part's handle at (x, y); a ramp keeps its handle on the right-hand end. */
export function angleTowards(p: Placement, x: number, y: number): number {
  return normalizeAngle(Math.atan2(y - p.y, x - p.x));
}

/** Playback speeds: the simulated seconds that pass per real second. */
export const SPEEDS = [1, 0.5, 0.25] as const;
export type Speed = (typeof SPEEDS)[number];

/**
 * The animation clock of one run. `t` is simulated time in seconds; the engine
 * recorded the ball after every fixed step of `dt`, so step `t / dt` is drawn by
 * interpolating between the two recorded positions around it.
 */
export interface Playback {
  t: number;
  playing: boolean;
  speed: Speed;
}

/** The fractional step shown at time `t` (clamped to the run). */
export function stepAt(run: PlayRun, dt: number, t: number): number {
  return Math.min(run.result.steps, Math.max(0, t / dt));
}

/** The ball's centre at fractional step `s`: linear interpolation between recorded steps. */
export function positionAt(run: PlayRun, s: number): [number, number] {
  const traj = run.result.trajectory;
  const last = traj.length - 1;
  if (last < 0) return [NaN, NaN];
  const c = Math.min(last, Math.max(0, s));
  const i = Math.min(last, Math.floor(c));
  const f = c - i;
  const a = traj[i]!;
  const b = traj[Math.min(last, i + 1)]!;
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
}

/** Advances the clock by `elapsedMs` of real time; stops at the end of the run. */
export function advance(pb: Playback, run: PlayRun, dt: number, elapsedMs: number): Playback {
  if (!pb.playing) return pb;
  // A frame longer than 100 ms (window hidden, debugger) does not jump the ball.
  const real = Math.min(elapsedMs, 100) / 1000;
  const end = run.result.steps * dt;
  const t = Math.min(end, pb.t + real * pb.speed);
  return { ...pb, t, playing: t < end };
}

/** One engine step forward (pausing), landing exactly on the next recorded step. */
export function stepOnce(pb: Playback, run: PlayRun, dt: number): Playback {
  const s = Math.min(run.result.steps, Math.floor(pb.t / dt + 1e-9) + 1);
  return { ...pb, t: s * dt, playing: false };
}

export function finished(pb: Playback, run: PlayRun, dt: number): boolean {
  return pb.t >= run.result.steps * dt - 1e-12;
}

export const outcomeTitle: Record<Outcome, string> = {
  goal: "Goal!",
  out: "Out of the field",
  rest: "The ball came to rest",
  timeout: "Out of time",
};

/** The result line of a finished run, e.g. "Goal! in 1.11 s with 1 ramp". */
export function resultText(run: PlayRun): string {
  const used = totalParts(run.parts_used) ? `with ${partsText(run.parts_used)}` : "with no parts";
  const when =
    run.result.outcome === "goal"
      ? `in ${run.seconds.toFixed(2)} s`
      : run.result.outcome === "timeout"
        ? `after ${run.seconds.toFixed(2)} s`
        : `after ${run.seconds.toFixed(2)} s · closest ${run.result.closest.toFixed(1)} units from the goal`;
  return `${outcomeTitle[run.result.outcome]} ${when} ${used}`;
}

/** Frame-time statistics for the probe. */
export function stats(samples: readonly number[]): { n: number; median: number; p95: number; max: number } {
  if (!samples.length) return { n: 0, median: 0, p95: 0, max: 0 };
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]!;
  return { n: s.length, median: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}
