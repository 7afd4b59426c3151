/**
 * The kinds of part the player places, one entry each: what the tray says,
 * how a fresh part is posed, whether it turns, its solid (for drawing and
 * picking only — legality is always the engine's `check_part`) and its
 * rotation handle. A new kind of part is one more entry here and one more
 * drawer in draw/parts.ts; `Record<PartKind, …>` makes the compiler ask for both.
 */
import type { PartKind } from "../bindings/PartKind";
import type { Placement } from "../bindings/Placement";
import type { Spin } from "../bindings/Spin";
import type { PlayRules } from "../lib/rules";

/** A capsule: segment a–b with radius, in field units (y down). */
export interface Capsule {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  radius: number;
}

export interface PartSpec {
  /** What the part does, in the tray. */
  blurb: string;
  /** The angle a fresh part starts with (radians, y down). */
  defaultAngle: number;
  /** Whether its angle matters (rotate keys, wheel, handle and angle field act on it). */
  turns: boolean;
  /** The spin a fresh part starts with, for the kinds that have one (the gear). */
  spin?: Spin;
  /** Its solid, as the engine's `Placement::body()` builds it (docs/rules.md, "Parts"). */
  body(p: Placement, r: PlayRules): Capsule;
  /** Where its rotation handle sits (field units), or null when it has none. */
  handle(p: Placement, r: PlayRules): [number, number] | null;
  /** Its angle in words, for the part panel (`deg`: the angle in degrees). */
  angleWords(p: Placement, deg: number): string;
}

const along = (p: Placement, d: number): [number, number] => [p.x + Math.cos(p.angle) * d, p.y + Math.sin(p.angle) * d];

export const PARTS: Record<PartKind, PartSpec> = {
  ramp: {
    blurb: "deflects the ball down its slope",
    defaultAngle: 0.45,
    turns: true,
    body(p, r) {
      const h = r.ramp_length / 2;
      const c = Math.cos(p.angle);
      const s = Math.sin(p.angle);
      return { ax: p.x - c * h, ay: p.y - s * h, bx: p.x + c * h, by: p.y + s * h, radius: r.ramp_radius };
    },
    handle: (p, r) => along(p, r.ramp_length / 2 + 2.5),
    angleWords: (p, deg) => `tilted ${deg.toFixed(1)}° (right end ${p.angle > 0 ? "down" : p.angle < 0 ? "up" : "level"})`,
  },
  fan: {
    blurb: "blows the ball along its arrow",
    defaultAngle: -1.57,
    turns: true,
    body(p, r) {
      const h = r.fan_housing / 2;
      const c = Math.cos(p.angle);
      const s = Math.sin(p.angle);
      return { ax: p.x + s * h, ay: p.y - c * h, bx: p.x - s * h, by: p.y + c * h, radius: r.fan_radius };
    },
    handle: (p) => along(p, 6),
    angleWords: (_p, deg) => `blows toward ${deg.toFixed(1)}° (−90° is straight up)`,
  },
  bumper: {
    blurb: "kicks the ball away",
    defaultAngle: 0,
    turns: false,
    body: (p, r) => ({ ax: p.x, ay: p.y, bx: p.x, by: p.y, radius: r.bumper_radius }),
    handle: () => null,
    angleWords: () => "A bumper has no direction.",
  },
  gear: {
    blurb: "carries the ball along its turning rim",
    defaultAngle: 0,
    turns: false,
    spin: "clockwise",
    body: (p, r) => ({ ax: p.x, ay: p.y, bx: p.x, by: p.y, radius: r.gear_radius }),
    handle: () => null,
    angleWords: (p) => `turns ${spinWords(p.spin)} (its top moves ${p.spin === "counter_clockwise" ? "left" : "right"})`,
  },
};

/** The kinds the play window offers, in tray order (the tray shows those the level grants). */
export const PART_KINDS: readonly PartKind[] = ["ramp", "fan", "bumper", "gear"];

/** A spin in words, as seen on the screen. */
export const spinWords = (spin: Spin | undefined): string => (spin === "counter_clockwise" ? "counter-clockwise" : "clockwise");

/** The other way round. */
export const otherSpin = (spin: Spin | undefined): Spin => (spin === "counter_clockwise" ? "clockwise" : "counter_clockwise");

/** A fresh part of `kind` at (x, y): its starting angle, and its starting spin when it has one. */
export function freshPart(kind: PartKind, x: number, y: number): Placement {
  const spin = PARTS[kind].spin;
  return spin ? { part: kind, x, y, angle: PARTS[kind].defaultAngle, spin } : { part: kind, x, y, angle: PARTS[kind].defaultAngle };
}

/** The part's solid (see `PartSpec.body`). */
export const body = (p: Placement, r: PlayRules): Capsule => PARTS[p.part].body(p, r);

/** Where the rotation handle of a part sits, or null. */
export const handlePoint = (p: Placement, r: PlayRules): [number, number] | null => PARTS[p.part].handle(p, r);

/** The angle a fresh part of this kind starts with. */
export const defaultAngle = (kind: PartKind): number => PARTS[kind].defaultAngle;
