/**
 * The sweep visualizer's glyphs: each of the 144 placements drawn as its ramp
 * (the capsule `a`–`b` that the engine's `Placement::body()` computed, sent by
 * the shell as `RampGlyph`), coloured by its result.
 */
import type { RampGlyph } from "../bindings/RampGlyph";
import type { SweepEntry } from "../bindings/SweepEntry";
import { passes, type Filter } from "../inspector/model";
import { palette, resultColor, withAlpha } from "./colors";
import { pointSegmentDist2, toCanvas, type View } from "./view";
import type { Ctx } from "./world";

export interface GlyphMarks {
  hovered: number | null;
  selected: number | null;
  gameStop: number | null;
  /** Label of the stop marker (default "game stop"). */
  stopLabel?: string;
}

/** Indices of the placements the filter lets through, in sweep order. */
export function visibleIndices(grid: readonly RampGlyph[], entries: readonly SweepEntry[], filter: Filter): number[] {
  const out: number[] = [];
  for (const e of entries) {
    const g = grid[e.index];
    if (g && passes(filter, g.tilt, e.result)) out.push(e.index);
  }
  return out;
}

/** The width a glyph is stroked with, in CSS px. */
export function glyphWidth(v: View, g: RampGlyph): number {
  return Math.max(2, g.radius * 2 * v.scale * 0.55);
}

/**
 * How far canvas point (px, py) is from glyph `g` as drawn, in CSS px: from its
 * stroke's edge (0 on the stroke, negative inside it, by how far inside).
 */
export function glyphDistance(v: View, g: RampGlyph, px: number, py: number): number {
  const [ax, ay] = toCanvas(v, g.a.x, g.a.y);
  const [bx, by] = toCanvas(v, g.b.x, g.b.y);
  return Math.sqrt(pointSegmentDist2(px, py, ax, ay, bx, by)) - glyphWidth(v, g) / 2;
}

/** Draws the visible glyphs; blocked ones hollow and dashed, the rest solid. */
export function drawGlyphs(
  ctx: Ctx,
  v: View,
  grid: readonly RampGlyph[],
  entries: readonly SweepEntry[],
  filter: Filter,
  marks: GlyphMarks,
  alpha = 0.9,
): void {
  const visible = visibleIndices(grid, entries, filter);
  ctx.lineCap = "round";
  const width = (g: RampGlyph) => glyphWidth(v, g);
  // One path per (colour, dimmed) batch: 144 glyphs in at most 10 strokes.
  const batches = new Map<string, number[]>();
  for (const i of visible) {
    const e = entries[i]!;
    const dim = marks.selected !== null && marks.selected !== i;
    const key = `${e.result}|${dim ? 1 : 0}`;
    const list = batches.get(key);
    if (list) list.push(i);
    else batches.set(key, [i]);
  }
  for (const [key, list] of batches) {
    const [result, dim] = key.split("|") as [SweepEntry["result"], string];
    ctx.strokeStyle = withAlpha(resultColor[result], dim === "1" ? alpha * 0.4 : alpha);
    ctx.lineWidth = width(grid[list[0]!]!);
    ctx.setLineDash(result === "blocked" ? [3, 3] : []);
    ctx.beginPath();
    for (const i of list) {
      const g = grid[i]!;
      const [ax, ay] = toCanvas(v, g.a.x, g.a.y);
      const [bx, by] = toCanvas(v, g.b.x, g.b.y);
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
    }
    ctx.stroke();
  }
  ctx.setLineDash([]);
  const ring = (i: number | null, color: string, lw: number) => {
    if (i === null) return;
    const g = grid[i];
    if (!g) return;
    const [ax, ay] = toCanvas(v, g.a.x, g.a.y);
    const [bx, by] = toCanvas(v, g.b.x, g.b.y);
    ctx.strokeStyle = color;
    ctx.lineWidth = width(g) + lw;
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
    const e = entries[i];
    ctx.strokeStyle = e ? resultColor[e.result] : palette.text;
    ctx.lineWidth = width(g);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
  };
  ring(marks.selected, palette.text, 4);
  ring(marks.hovered, palette.accent, 5);
  if (marks.gameStop !== null) drawStopMarker(ctx, v, grid, marks.gameStop, marks.stopLabel ?? "game stop");
}

/** The placement where the game's sweep stopped: a ring and a flag. */
export function drawStopMarker(ctx: Ctx, v: View, grid: readonly RampGlyph[], index: number, label = "game stop"): void {
  const g = grid[index];
  if (!g) return;
  const [cx, cy] = toCanvas(v, g.x, g.y);
  const r = (g.a.x - g.b.x) ** 2 + (g.a.y - g.b.y) ** 2;
  const radius = (Math.sqrt(r) / 2 + 2) * v.scale;
  ctx.strokeStyle = palette.goal;
  ctx.lineWidth = 2;
  ctx.setLineDash([5, 4]);
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = palette.goal;
  ctx.font = "600 11px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  ctx.fillText(label, cx, cy - radius - 3);
}

/**
 * The visible glyph nearest to canvas point (px, py) — by the distance to each
 * glyph as drawn (`glyphDistance`), not the first whose box holds the point — if
 * it lies within `slack` CSS px of its stroke, or null. Where ramps cross, the
 * one whose line passes closer to the pointer wins; exact ties (the four tilts
 * share a centre) go to the earliest in sweep order.
 */
export function hitGlyph(
  v: View,
  grid: readonly RampGlyph[],
  entries: readonly SweepEntry[],
  filter: Filter,
  px: number,
  py: number,
  slack = 4,
): number | null {
  let best: number | null = null;
  let bestD = Infinity;
  for (const i of visibleIndices(grid, entries, filter)) {
    const d = glyphDistance(v, grid[i]!, px, py);
    if (d < bestD - 1e-9) {
      bestD = d;
      best = i;
    }
  }
  return best !== null && bestD <= slack ? best : null;
}

/**
 * The hovered glyph, drawn over everything else on the field (walls, the stop
 * marker, the other glyphs): a wide halo in the accent colour, then the glyph in
 * its result's colour, with a dot at each end so its extent reads where ramps cross.
 */
export function drawGlyphHighlight(ctx: Ctx, v: View, grid: readonly RampGlyph[], entries: readonly SweepEntry[], i: number | null): void {
  if (i === null) return;
  const g = grid[i];
  if (!g) return;
  const e = entries[i];
  const [ax, ay] = toCanvas(v, g.a.x, g.a.y);
  const [bx, by] = toCanvas(v, g.b.x, g.b.y);
  const w = glyphWidth(v, g);
  ctx.save();
  ctx.lineCap = "round";
  ctx.setLineDash([]);
  ctx.strokeStyle = withAlpha(palette.bg, 0.85);
  ctx.lineWidth = w + 9;
  ctx.beginPath();
  ctx.moveTo(ax, ay);
  ctx.lineTo(bx, by);
  ctx.stroke();
  ctx.strokeStyle = palette.accent;
  ctx.lineWidth = w + 5;
  ctx.stroke();
  ctx.strokeStyle = e ? resultColor[e.result] : palette.text;
  ctx.lineWidth = w;
  ctx.stroke();
  ctx.fillStyle = palette.accent;
  for (const [x, y] of [
    [ax, ay],
    [bx, by],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, w / 2 + 3, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}
