/**
 * The Draws panel on the field: dropped walls as ghosts (dashed, with the
 * reason they were dropped as a label), and what a hovered draw placed — the
 * ball's start, the goal zone, a drawn wall's centre and extent — ringed in the
 * edited/pin colour; a wall end's grab handle and a wall's would-be place (a
 * dragged end, a pinned wall) dashed in the edited colour. Plain functions over
 * a context and the engine's record.
 */
import type { DrawnWall } from "../bindings/DrawnWall";
import type { World } from "../bindings/World";
import type { DrawTarget } from "../inspector/draws-model";
import { dropWords } from "../inspector/draws-model";
import type { FieldRules } from "../lib/rules";
import { palette, withAlpha } from "./colors";
import { toCanvas, type View } from "./view";
import type { Ctx } from "./world";

/** The colour of a highlighted draw's target. */
export const HIGHLIGHT = palette.accent;

/** Every dropped wall of `walls` as a dashed ghost, each labelled `wall N: reason` when `labels`. */
export function drawGhostWalls(ctx: Ctx, v: View, walls: readonly DrawnWall[], rules: FieldRules, labels = true): number {
  let drawn = 0;
  const width = Math.max(1.5, 2 * rules.wall_radius * v.scale);
  ctx.save();
  ctx.lineCap = "round";
  for (const w of walls) {
    if (w.built !== null) continue;
    const [ax, ay] = toCanvas(v, w.a.x, w.a.y);
    const [bx, by] = toCanvas(v, w.b.x, w.b.y);
    ctx.strokeStyle = withAlpha(palette.ghost, 0.75);
    ctx.lineWidth = width;
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
    drawn++;
    if (labels) {
      ctx.setLineDash([]);
      ctx.font = "11px Inter, system-ui, sans-serif";
      // Left-aligned from `x` whatever the glyph labels before left set.
      ctx.textAlign = "left";
      ctx.textBaseline = "alphabetic";
      const text = `wall ${w.number} dropped: ${dropWords(w)}`;
      const mx = (ax + bx) / 2;
      const my = Math.max(v.oy + 14, Math.min(ay, by) - width - 6);
      const tw = ctx.measureText(text).width;
      const right = v.ox + rules.field_width * v.scale;
      const x = Math.max(v.ox + 4, Math.min(mx - tw / 2, right - tw - 4));
      // A dark plate under the label, so it reads over the sweep's glyphs.
      ctx.fillStyle = withAlpha(palette.bg, 0.85);
      ctx.fillRect(x - 4, my - 11, tw + 8, 15);
      ctx.fillStyle = palette.ghost;
      ctx.fillText(text, x, my);
    }
  }
  ctx.restore();
  return drawn;
}

/** Rings what a draw placed; returns whether anything was drawn. */
export function drawDrawTarget(ctx: Ctx, v: View, target: DrawTarget | null, world: World, walls: readonly DrawnWall[], rules: FieldRules): boolean {
  if (!target || target.kind === "none") return false;
  ctx.save();
  ctx.setLineDash([]);
  ctx.strokeStyle = HIGHLIGHT;
  ctx.fillStyle = HIGHLIGHT;
  ctx.lineWidth = 2.5;
  let drawn = true;
  if (target.kind === "ball") {
    const [x, y] = toCanvas(v, world.ball.x, world.ball.y);
    ctx.beginPath();
    ctx.arc(x, y, Math.max(6, rules.ball_radius * v.scale + 5), 0, Math.PI * 2);
    ctx.stroke();
  } else if (target.kind === "goal") {
    const g = world.goal;
    const [x, y] = toCanvas(v, g.center.x - g.width / 2, g.center.y - g.height / 2);
    ctx.strokeRect(x - 4, y - 4, g.width * v.scale + 8, g.height * v.scale + 8);
    const [cx, cy] = toCanvas(v, g.center.x, g.center.y);
    ctx.beginPath();
    ctx.arc(cx, cy, 3, 0, Math.PI * 2);
    ctx.fill();
  } else {
    const w = walls.find((d) => d.number === target.wall);
    if (!w) drawn = false;
    else {
      const [ax, ay] = toCanvas(v, w.a.x, w.a.y);
      const [bx, by] = toCanvas(v, w.b.x, w.b.y);
      // The extent: a halo along the whole wall, its ends ticked; the centre: a dot.
      ctx.strokeStyle = withAlpha(HIGHLIGHT, 0.45);
      ctx.lineCap = "round";
      ctx.lineWidth = Math.max(8, 2 * rules.wall_radius * v.scale + 8);
      ctx.beginPath();
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
      ctx.stroke();
      ctx.strokeStyle = HIGHLIGHT;
      ctx.lineWidth = 2;
      for (const [px, py] of [
        [ax, ay],
        [bx, by],
      ] as const) {
        ctx.beginPath();
        ctx.arc(px, py, 4, 0, Math.PI * 2);
        ctx.stroke();
      }
      ctx.beginPath();
      ctx.arc((ax + bx) / 2, (ay + by) / 2, 3.5, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.restore();
  return drawn;
}

/** A drawn wall's would-be position (a dragged end, a pinned wall): dashed in the edited colour. */
export function drawWallOutline(ctx: Ctx, v: View, a: { x: number; y: number }, b: { x: number; y: number }, rules: FieldRules): void {
  const [ax, ay] = toCanvas(v, a.x, a.y);
  const [bx, by] = toCanvas(v, b.x, b.y);
  ctx.save();
  ctx.strokeStyle = palette.edited;
  ctx.lineWidth = Math.max(2, 2 * rules.wall_radius * v.scale);
  ctx.lineCap = "butt";
  ctx.setLineDash([5, 3]);
  ctx.beginPath();
  ctx.moveTo(ax, ay);
  ctx.lineTo(bx, by);
  ctx.stroke();
  ctx.restore();
}

/** The grab handle on a wall's end under the pointer (or being dragged). */
export function drawWallHandle(ctx: Ctx, v: View, p: { x: number; y: number }): void {
  const [x, y] = toCanvas(v, p.x, p.y);
  ctx.save();
  ctx.setLineDash([]);
  ctx.fillStyle = withAlpha(palette.edited, 0.35);
  ctx.strokeStyle = palette.edited;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(x, y, 6, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}
