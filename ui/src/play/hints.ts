/**
 * Hints in stages, each asked for on its own: 1 where to look (a ninth of the
 * field), 2 which part and roughly where (a circle around its position rounded
 * to 10 units, and which way it leans), 3 the exact placement (which "Place it"
 * puts on the field). Plain functions of the level's hint (one of the sweep's
 * solving placements) and the field's size.
 */
import type { Placement } from "../bindings/Placement";
import type { PlayLevel } from "./api";

export type HintStage = 1 | 2 | 3;
export const LAST_STAGE: HintStage = 3;

/** What stage `n` is called (the hint panel's buttons). */
export const STAGE_NAMES: Record<HintStage, string> = { 1: "where to look", 2: "which part, roughly where", 3: "the exact placement" };

/** A field rectangle (units, y down). */
export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** How far "roughly where" may be from the part (units): the circle's radius. */
export const ROUGH_RADIUS = 10;
const ROUGH_STEP = 10;

const ROWS = ["upper", "middle", "lower"] as const;
const COLUMNS = ["left", "centre", "right"] as const;

/** The ninth of a `w` × `h` field that holds (x, y), and its name ("the lower left"). */
export function regionOf(x: number, y: number, w: number, h: number): { region: Region; words: string } {
  const c = Math.min(2, Math.max(0, Math.floor((x / w) * 3)));
  const r = Math.min(2, Math.max(0, Math.floor((y / h) * 3)));
  const words = r === 1 && c === 1 ? "the middle" : r === 1 ? `the middle of the ${COLUMNS[c]} side` : c === 1 ? `the ${ROWS[r]} middle` : `the ${ROWS[r]} ${COLUMNS[c]}`;
  return { region: { x0: (c * w) / 3, y0: (r * h) / 3, x1: ((c + 1) * w) / 3, y1: ((r + 1) * h) / 3 }, words };
}

/** The rough spot of stage 2: the part's position rounded to 10 units (so the circle holds it). */
export function roughSpot(h: Placement): [number, number] {
  return [Math.round(h.x / ROUGH_STEP) * ROUGH_STEP, Math.round(h.y / ROUGH_STEP) * ROUGH_STEP];
}

/** Which way a part leans, in words. */
export function leanWords(h: Placement): string {
  if (h.part === "ramp") return h.angle > 0 ? "its right end down" : h.angle < 0 ? "its right end up" : "level";
  if (h.part === "fan") return `blowing ${Math.abs(Math.cos(h.angle)) >= Math.abs(Math.sin(h.angle)) ? (Math.cos(h.angle) > 0 ? "right" : "left") : Math.sin(h.angle) > 0 ? "down" : "up"}`;
  if (h.part === "gear") return h.spin === "counter_clockwise" ? "turning counter-clockwise" : "turning clockwise";
  return "";
}

/** What the field shows at each stage. */
export type HintMark = { stage: 1; region: Region } | { stage: 2; x: number; y: number; radius: number; part: Placement["part"] } | { stage: 3; placement: Placement };

export function hintMark(h: Placement, stage: HintStage, w: number, ht: number): HintMark {
  if (stage === 1) return { stage, region: regionOf(h.x, h.y, w, ht).region };
  if (stage === 2) {
    const [x, y] = roughSpot(h);
    return { stage, x, y, radius: ROUGH_RADIUS, part: h.part };
  }
  return { stage, placement: h };
}

/** The hint panel's text for hint `index` at `stage` (or why there is none). */
export function hintStageWords(level: PlayLevel, index: number, stage: HintStage): string {
  const h = level.hints[index];
  if (!h) {
    return level.fallback
      ? "The generator shipped this level as its fallback: no single ramp of its sweep reaches the goal. You're on your own."
      : "The sweep found no single-ramp solution.";
  }
  // Which solving placement, when there are several ("Solution 2 of 4 · ").
  const of = level.hints.length > 1 ? `Solution ${index + 1} of ${level.hints.length} · ` : "";
  const w = level.rules.field_width;
  const ht = level.rules.field_height;
  switch (stage) {
    case 1:
      return `${of}Where to look: ${regionOf(h.x, h.y, w, ht).words} of the field (marked).`;
    case 2: {
      const [x, y] = roughSpot(h);
      const lean = leanWords(h);
      return `${of}A ${h.part} within ${ROUGH_RADIUS} units of (${x}, ${y})${lean ? `, ${lean}` : ""} (circled).`;
    }
    case 3:
      return `${of}Exactly: a ${h.part} at (${h.x}, ${h.y}) tilted ${h.angle} rad. The generator's sweep saw it carry the ball to the goal.`;
  }
}
