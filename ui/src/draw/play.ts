/** Drawing for the play window: the level, the rotation handle, the ball and its trail (parts: parts.ts). */
import type { FieldRules, PlayRules } from "../lib/rules";
import type { Placement } from "../bindings/Placement";
import type { World } from "../bindings/World";
import { handlePoint } from "../play/parts";
import { palette, withAlpha } from "./colors";
import type { HintMark } from "../play/hints";
import { hintColor, partColor } from "./parts";
import { toCanvas, type View } from "./view";
import { drawField, drawWalls, type Ctx } from "./world";

/** The inspector's `FieldRules` for the shared field/wall drawing (sweep grid unused). */
export function fieldRules(r: PlayRules): FieldRules {
  return {
    field_width: r.field_width,
    field_height: r.field_height,
    ball_radius: r.ball_radius,
    wall_radius: r.wall_radius,
    ramp_length: r.ramp_length,
    ramp_radius: r.ramp_radius,
    goal_width: 0,
    goal_height: 0,
    max_attempts: 0,
    sweep_xs: [],
    sweep_ys: [],
    sweep_angles: [],
  };
}

/** The static layer: field, grid, goal, walls and (optionally) the ball's start. */
export function drawLevel(ctx: Ctx, v: View, world: World, r: PlayRules, startBall: boolean): void {
  const fr = fieldRules(r);
  drawField(ctx, v, fr);
  const g = world.goal;
  const [gx, gy] = toCanvas(v, g.center.x - g.width / 2, g.center.y - g.height / 2);
  const gw = g.width * v.scale;
  const gh = g.height * v.scale;
  const glow = ctx.createRadialGradient(gx + gw / 2, gy + gh / 2, 1, gx + gw / 2, gy + gh / 2, gw);
  glow.addColorStop(0, withAlpha(palette.goal, 0.28));
  glow.addColorStop(1, withAlpha(palette.goal, 0));
  ctx.fillStyle = glow;
  ctx.fillRect(gx - gw / 2, gy - gw / 2 + gh / 2, gw * 2, gw * 2);
  ctx.fillStyle = withAlpha(palette.goal, 0.25);
  ctx.fillRect(gx, gy, gw, gh);
  ctx.strokeStyle = palette.goal;
  ctx.lineWidth = Math.max(1.5, v.scale * 0.35);
  ctx.strokeRect(gx, gy, gw, gh);
  ctx.fillStyle = palette.goal;
  ctx.font = `600 ${Math.max(10, Math.round(v.scale * 2.2))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.fillText("GOAL", gx + gw / 2, gy + gh + 4);
  drawWalls(ctx, v, world, fr, 1, false);
  if (startBall) {
    const [bx, by] = toCanvas(v, world.ball.x, world.ball.y);
    ctx.strokeStyle = withAlpha(palette.ball, 0.5);
    ctx.setLineDash([3, 3]);
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.arc(bx, by, r.ball_radius * v.scale + 3, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** The rotation handle of the selected part. */
export function drawHandle(ctx: Ctx, v: View, p: Placement, r: PlayRules): void {
  const h = handlePoint(p, r);
  if (!h) return;
  const [cx, cy] = toCanvas(v, p.x, p.y);
  const [hx, hy] = toCanvas(v, h[0], h[1]);
  ctx.save();
  ctx.strokeStyle = withAlpha("#ffffff", 0.5);
  ctx.setLineDash([2, 3]);
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(cx, cy);
  ctx.lineTo(hx, hy);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = "#ffffff";
  ctx.strokeStyle = partColor[p.part];
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(hx, hy, 5, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

/** The trail's colour: the ball's at 55 % over the field, opaque so trail pieces drawn on different frames join without seams. */
export const trailColor = "#916930";

/** Strokes the path `trace` draws in the trail's pen. */
function trailStroke(ctx: Ctx, color: string, trace: () => void): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  ctx.beginPath();
  trace();
  ctx.stroke();
  ctx.restore();
}

/** The path the ball has travelled, steps 0..upto (fractional end at `tip`), samples closer than 1.5 px merged. */
export function drawTrail(
  ctx: Ctx,
  v: View,
  traj: readonly (readonly [number, number])[],
  upto: number,
  tip: readonly [number, number],
  color: string,
): void {
  if (traj.length < 2) return;
  trailStroke(ctx, color, () => {
    let last: [number, number] | null = null;
    const n = Math.min(traj.length - 1, Math.floor(upto));
    for (let i = 0; i <= n; i++) {
      const q = traj[i]!;
      const [x, y] = toCanvas(v, q[0], q[1]);
      if (last && Math.abs(x - last[0]) < 1.5 && Math.abs(y - last[1]) < 1.5 && i !== n) continue;
      if (!last) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
      last = [x, y];
    }
    const [tx, ty] = toCanvas(v, tip[0], tip[1]);
    ctx.lineTo(tx, ty);
  });
}

/** The trail from sample `from` to sample `to` (one stroke), for incremental drawing. */
export function drawTrailSegment(
  ctx: Ctx,
  v: View,
  traj: readonly (readonly [number, number])[],
  from: number,
  to: number,
  color: string,
): void {
  if (to <= from || !traj[from] || !traj[to]) return;
  trailStroke(ctx, color, () => {
    for (let i = from; i <= to; i++) {
      const [x, y] = toCanvas(v, traj[i]![0], traj[i]![1]);
      if (i === from) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
  });
}

/** How far the ball's drawing (glow included) reaches from its centre, in CSS px. */
export function ballReach(v: View, r: PlayRules): number {
  return Math.max(2, r.ball_radius * v.scale) * 1.9;
}

/** The ball at (x, y), with a soft glow. */
export function drawBall(ctx: Ctx, v: View, x: number, y: number, r: PlayRules, color: string = palette.ball): void {
  const [px, py] = toCanvas(v, x, y);
  const rad = Math.max(2, r.ball_radius * v.scale);
  ctx.save();
  ctx.fillStyle = withAlpha(color, 0.18);
  ctx.beginPath();
  ctx.arc(px, py, rad * 1.9, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(px, py, rad, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = withAlpha("#ffffff", 0.55);
  ctx.beginPath();
  ctx.arc(px - rad * 0.3, py - rad * 0.3, rad * 0.32, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/**
 * What the hint's first two stages mark on the field (the third draws the part itself as a hint,
 * draw/parts.ts): stage 1 a ninth of the field, tinted and outlined; stage 2 a dashed circle
 * around the rough spot with the part's kind written above it.
 */
export function drawHintMark(ctx: Ctx, v: View, mark: HintMark): void {
  if (mark.stage === 3) return;
  ctx.save();
  ctx.strokeStyle = hintColor;
  ctx.fillStyle = withAlpha(hintColor, 0.1);
  ctx.lineWidth = 2;
  ctx.setLineDash([6, 4]);
  if (mark.stage === 1) {
    const [x0, y0] = toCanvas(v, mark.region.x0, mark.region.y0);
    const [x1, y1] = toCanvas(v, mark.region.x1, mark.region.y1);
    ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
    ctx.strokeRect(x0 + 1, y0 + 1, x1 - x0 - 2, y1 - y0 - 2);
  } else {
    const [cx, cy] = toCanvas(v, mark.x, mark.y);
    const r = mark.radius * v.scale;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = hintColor;
    ctx.font = "600 12px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "bottom";
    ctx.fillText(`a ${mark.part} here?`, cx, cy - r - 4);
  }
  ctx.restore();
}
