/**
 * Play mode's pure logic: snapping, the tray counts, picking, the words the
 * window shows, and the animation clock that interpolates the engine's fixed
 * steps at the display's frame rate. (Part kinds and their solids: parts.ts.)
 */
import type { Inventory } from "../bindings/Inventory";
import type { Outcome } from "../bindings/Outcome";
import type { PartKind } from "../bindings/PartKind";
import type { Pin } from "../bindings/Pin";
import type { Placement } from "../bindings/Placement";
import type { PlayLevel } from "./api";
import type { PlayRules } from "../lib/rules";
import type { PlayRun } from "../bindings/PlayRun";
import { body, PART_KINDS, PARTS, type Capsule } from "./parts";

/** The message above the field: the engine's reason for a refusal (`kind`: its error tag). */
export interface Reason {
  text: string;
  kind: string;
  /** A refused drop or edit (shown for `REFUSAL_MS`), not the live verdict while dragging. */
  refused: boolean;
}

/** The line under the transport: what the last file action did. */
export interface FileNote {
  text: string;
  error?: boolean;
  /** The error's kind when a file was refused ("solution", "play_io", …). */
  errorKind?: string;
  saved?: string;
  loaded?: string;
}

/** Pointer positions snap to this many field units (rotation steps and the optional snaps: snapping.ts). */
export const POSITION_STEP = 0.5;

/** Rounds `v` to a multiple of `step`, printed without binary noise (0.45, not 0.45000000000000007). */
export function snap(v: number, step: number): number {
  const n = Math.round(v / step) * step;
  return Number(n.toFixed(6));
}

/** An angle in (−π, π], rounded to millionths of a radian (so degree steps add up without binary noise). */
export function normalizeAngle(a: number): number {
  let x = a;
  while (x > Math.PI) x -= 2 * Math.PI;
  while (x <= -Math.PI) x += 2 * Math.PI;
  return Number(x.toFixed(6));
}

/** How many parts of `kind` the inventory holds (`gear` is absent when none are). */
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
  return PART_KINDS.reduce((n, k) => n + granted(used, k), 0);
}

/** One kind in the tray: how many the level grants and how many are left. */
export interface TrayItem {
  kind: PartKind;
  granted: number;
  left: number;
}

/** The tray: every kind the level grants, in tray order. */
export function trayItems(inv: Inventory, placements: readonly Placement[]): TrayItem[] {
  return PART_KINDS.filter((k) => granted(inv, k) > 0).map((kind) => ({ kind, granted: granted(inv, kind), left: remaining(inv, placements, kind) }));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The line under the seed: level hash, rules (v1, or the id of other rules), walls, what the level grants (gears only when it grants some). */
export function levelLine(level: PlayLevel): string {
  const inv = level.world.inventory;
  const grants = PART_KINDS.filter((k) => k !== "gear" || granted(inv, k) > 0)
    .map((k) => plural(granted(inv, k), k))
    .join(", ");
  const walls = plural(level.world.walls.length, "wall");
  return `level ${level.level_hash} · rules ${level.rules.rules_name} · ${walls} · grants ${grants}${level.fallback ? " · fallback level" : ""}`;
}

/** The coordinates under the pointer in world units ("x 43.5 · y 84.0"), null off the field. */
export function coordsText(x: number, y: number, r: Pick<PlayRules, "field_width" | "field_height">): string | null {
  if (!(x >= 0 && y >= 0 && x <= r.field_width && y <= r.field_height)) return null;
  return `x ${x.toFixed(1)} · y ${y.toFixed(1)}`;
}

/** The part panel's title, e.g. "Part 1 · ramp". */
export const partTitle = (p: Placement, index: number): string => `Part ${index + 1} · ${p.part}`;

/** The part panel's words for the part's angle. */
export const angleWords = (p: Placement): string => PARTS[p.part].angleWords(p, (p.angle * 180) / Math.PI);

/** Where "Place it" puts hint `h`: over the player's part of its kind when the tray has none left, else a new part. */
export function hintSlot(inv: Inventory, placements: readonly Placement[], h: Placement): number {
  const same = placements.findIndex((p) => p.part === h.part);
  return remaining(inv, placements, h.part) <= 0 && same >= 0 ? same : placements.length;
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

/** The angle that points a part's handle at (x, y); a ramp keeps its handle on the right-hand end. */
export function angleTowards(p: Placement, x: number, y: number): number {
  return normalizeAngle(Math.atan2(y - p.y, x - p.x));
}

/** Playback speeds: the simulated seconds that pass per real second. */
export const SPEEDS = [1, 0.5, 0.25] as const;
export type Speed = (typeof SPEEDS)[number];

/** How a speed is written ("½×") and the key that picks it ("2"). */
export const speedLabel: Record<Speed, string> = { 1: "1×", 0.5: "½×", 0.25: "¼×" };
export const speedKey: Record<Speed, string> = { 1: "1", 0.5: "2", 0.25: "4" };

/** What the window is doing: loading its level, placing parts, or showing a run. */
export type Status = "loading" | "editing" | "playing" | "paused" | "finished";

export const statusText: Record<Status, string> = {
  loading: "Loading…",
  editing: "Placing parts",
  playing: "Running",
  paused: "Paused",
  finished: "Finished",
};

/** The Run button's words. */
export const runLabel = (s: Status): string => (s === "playing" ? "❚❚ Pause" : s === "finished" ? "↻ Run again" : "▶ Run");

/** The transport's clock line: simulated time and engine step (of the run's steps). */
export function clockText(t: number, run: PlayRun | null, dt: number): string {
  if (!run) return "t 0.00 s · step 0";
  return `t ${t.toFixed(2)} s · step ${Math.floor(stepAt(run, dt, t) + 1e-9)} / ${run.result.steps}`;
}

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

/** The rules id of the window's `?rules=ID` query (12 hex digits), or null when there is none or it is not one. */
export function rulesParam(search: string): string | null {
  const text = new URLSearchParams(search).get("rules");
  return text !== null && /^[0-9a-f]{12}$/.test(text) ? text : null;
}

/**
 * The pins of an edited level's window (`&pins=`: their JSON, each byte in hex, as
 * the shell writes it), [] for a seed's own window; null when the text is not a
 * list of pins (the engine checks them).
 */
export function pinsParam(search: string): Pin[] | null {
  const hex = new URLSearchParams(search).get("pins");
  if (hex === null) return [];
  if (!/^([0-9a-f]{2})*$/.test(hex)) return null;
  try {
    const bytes = new Uint8Array(hex.length / 2).map((_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
    const v: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(v)) return null;
    const ok = v.every(
      (p: unknown) => typeof p === "object" && p !== null && typeof (p as Pin).attempt === "number" && typeof (p as Pin).site === "string" && typeof (p as Pin).to === "object",
    );
    return ok ? (v as Pin[]) : null;
  } catch {
    return null;
  }
}

/** The seed of the window's `?seed=N` query, or null when there is none or it is not a 32-bit seed. */
export function seedParam(search: string): number | null {
  const text = new URLSearchParams(search).get("seed");
  if (text === null || !/^\d{1,10}$/.test(text)) return null;
  const seed = Number(text);
  return seed <= 0xffffffff ? seed : null;
}
