/** Draws a world: the field, its walls, the goal zone and the ball's start. */
import type { FieldRules } from "../lib/rules";
import type { World } from "../bindings/World";
import { palette, withAlpha } from "./colors";
import { toCanvas, type View } from "./view";

export type Ctx = CanvasRenderingContext2D;

export interface WorldStyle {
  /** Draw the faint 10-unit grid and the sweep rows/columns. */
  grid: boolean;
  /** Dim everything (when overlays carry the information). */
  dim: boolean;
}

const defaultStyle: WorldStyle = { grid: true, dim: false };

/** The empty field: background, edge, grid. */
export function drawField(ctx: Ctx, v: View, rules: FieldRules, style: WorldStyle = defaultStyle): void {
  const [x0, y0] = toCanvas(v, 0, 0);
  const w = rules.field_width * v.scale;
  const h = rules.field_height * v.scale;
  ctx.fillStyle = palette.field;
  ctx.fillRect(x0, y0, w, h);
  if (style.grid && v.scale > 1.5) {
    ctx.strokeStyle = palette.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 10; x < rules.field_width; x += 10) {
      const px = Math.round(x0 + x * v.scale) + 0.5;
      ctx.moveTo(px, y0);
      ctx.lineTo(px, y0 + h);
    }
    for (let y = 10; y < rules.field_height; y += 10) {
      const py = Math.round(y0 + y * v.scale) + 0.5;
      ctx.moveTo(x0, py);
      ctx.lineTo(x0 + w, py);
    }
    ctx.stroke();
  }
  ctx.strokeStyle = palette.fieldEdge;
  ctx.lineWidth = 1;
  ctx.strokeRect(x0 + 0.5, y0 + 0.5, w - 1, h - 1);
}

/** Walls (capsules of `wall_radius`), the goal zone and the ball at its start. */
export function drawWorld(ctx: Ctx, v: View, world: World, rules: FieldRules, style: WorldStyle = defaultStyle): void {
  const alpha = style.dim ? 0.55 : 1;
  // Goal zone.
  const g = world.goal;
  const [gx, gy] = toCanvas(v, g.center.x - g.width / 2, g.center.y - g.height / 2);
  ctx.fillStyle = withAlpha(palette.goal, 0.22 * alpha);
  ctx.fillRect(gx, gy, g.width * v.scale, g.height * v.scale);
  ctx.strokeStyle = withAlpha(palette.goal, alpha);
  ctx.lineWidth = Math.max(1.5, v.scale * 0.35);
  ctx.strokeRect(gx, gy, g.width * v.scale, g.height * v.scale);
  drawWalls(ctx, v, world, rules, alpha, false);
  // Ball.
  const [bx, by] = toCanvas(v, world.ball.x, world.ball.y);
  ctx.fillStyle = withAlpha(palette.ball, alpha);
  ctx.beginPath();
  ctx.arc(bx, by, Math.max(1.5, rules.ball_radius * v.scale), 0, Math.PI * 2);
  ctx.fill();
}

/**
 * The walls as capsules of `wall_radius`. With `casing`, a dark outline first, so
 * walls stay readable when drawn over the sweep's glyphs.
 */
export function drawWalls(ctx: Ctx, v: View, world: World, rules: FieldRules, alpha = 1, casing = true): void {
  const width = Math.max(1.5, 2 * rules.wall_radius * v.scale);
  const path = () => {
    ctx.beginPath();
    for (const w of world.walls) {
      const [ax, ay] = toCanvas(v, w.a.x, w.a.y);
      const [bx, by] = toCanvas(v, w.b.x, w.b.y);
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
    }
  };
  ctx.lineCap = "round";
  ctx.setLineDash([]);
  if (casing) {
    ctx.strokeStyle = palette.field;
    ctx.lineWidth = width + 4;
    path();
    ctx.stroke();
  }
  ctx.strokeStyle = withAlpha(palette.wall, alpha);
  ctx.lineWidth = width;
  path();
  ctx.stroke();
}
