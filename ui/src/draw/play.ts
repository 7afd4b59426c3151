/** Drawing for the play window: the level, the player's parts, the ball and its trail. */
import type { FieldRules } from "../bindings/FieldRules";
import type { Placement } from "../bindings/Placement";
import type { PlayRules } from "../bindings/PlayRules";
import type { World } from "../bindings/World";
import { body, handlePoint } from "../play/model";
import { palette, withAlpha } from "./colors";
import { toCanvas, type View } from "./view";
import { drawField, drawWalls, type Ctx } from "./world";

export const partColor = {
  ramp: "#5ee3d0",
  fan: "#c38bff",
  bumper: "#ff7eb6",
  gear: "#ffd166",
} as const;

export const refusedColor = "#ff5c5c";
export const hintColor = "#3ddc84";

export type PartStyle = "placed" | "selected" | "ghost" | "refused" | "hint";

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

function capsulePath(ctx: Ctx, v: View, ax: number, ay: number, bx: number, by: number): void {
  const [x0, y0] = toCanvas(v, ax, ay);
  const [x1, y1] = toCanvas(v, bx, by);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
}

/** One part: its solid body, and for a fan the box it blows through. */
export function drawPart(ctx: Ctx, v: View, p: Placement, r: PlayRules, style: PartStyle, label?: string): void {
  const base = style === "refused" ? refusedColor : style === "hint" ? hintColor : partColor[p.part];
  const ghost = style === "ghost" || style === "refused" || style === "hint";
  const c = body(p, r);
  ctx.save();
  ctx.lineCap = "round";
  if (p.part === "fan") {
    // The air column: 0 ≤ along ≤ reach, |across| ≤ half width.
    const ux = Math.cos(p.angle);
    const uy = Math.sin(p.angle);
    const w = r.fan_half_width;
    const L = r.fan_reach;
    const pts: [number, number][] = [
      [p.x - uy * w, p.y + ux * w],
      [p.x - uy * w + ux * L, p.y + ux * w + uy * L],
      [p.x + uy * w + ux * L, p.y - ux * w + uy * L],
      [p.x + uy * w, p.y - ux * w],
    ];
    const [sx, sy] = toCanvas(v, p.x, p.y);
    const [ex, ey] = toCanvas(v, p.x + ux * L, p.y + uy * L);
    const grad = ctx.createLinearGradient(sx, sy, ex, ey);
    grad.addColorStop(0, withAlpha(base, ghost ? 0.18 : 0.26));
    grad.addColorStop(1, withAlpha(base, 0.02));
    ctx.fillStyle = grad;
    ctx.beginPath();
    pts.forEach(([x, y], i) => {
      const [px, py] = toCanvas(v, x, y);
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    });
    ctx.closePath();
    ctx.fill();
    // Chevrons along the flow.
    ctx.strokeStyle = withAlpha(base, 0.45);
    ctx.lineWidth = 1.5;
    for (let d = 8; d < L; d += 9) {
      const cx = p.x + ux * d;
      const cy = p.y + uy * d;
      const [ax, ay] = toCanvas(v, cx - ux * 2 - uy * 2.5, cy - uy * 2 + ux * 2.5);
      const [mx, my] = toCanvas(v, cx, cy);
      const [bx, by] = toCanvas(v, cx - ux * 2 + uy * 2.5, cy - uy * 2 - ux * 2.5);
      ctx.beginPath();
      ctx.moveTo(ax, ay);
      ctx.lineTo(mx, my);
      ctx.lineTo(bx, by);
      ctx.stroke();
    }
  }
  const width = Math.max(3, 2 * c.radius * v.scale);
  if (style === "selected") {
    ctx.strokeStyle = withAlpha("#ffffff", 0.85);
    ctx.lineWidth = width + 5;
    capsulePath(ctx, v, c.ax, c.ay, c.bx, c.by);
    ctx.stroke();
  }
  if (ghost) ctx.setLineDash(style === "hint" ? [6, 4] : []);
  ctx.globalAlpha = style === "ghost" ? 0.75 : 1;
  if (p.part === "bumper" || p.part === "gear") {
    const [x, y] = toCanvas(v, p.x, p.y);
    const rad = c.radius * v.scale;
    ctx.fillStyle = withAlpha(base, style === "hint" ? 0.15 : 0.35);
    ctx.beginPath();
    ctx.arc(x, y, rad, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = base;
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.fillStyle = base;
    ctx.beginPath();
    ctx.arc(x, y, Math.max(2, rad * 0.35), 0, Math.PI * 2);
    ctx.fill();
  } else if (style === "hint") {
    ctx.setLineDash([]);
    ctx.strokeStyle = withAlpha(base, 0.28);
    ctx.lineWidth = width + 4;
    capsulePath(ctx, v, c.ax, c.ay, c.bx, c.by);
    ctx.stroke();
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = base;
    ctx.lineWidth = 2;
    capsulePath(ctx, v, c.ax, c.ay, c.bx, c.by);
    ctx.stroke();
  } else {
    ctx.strokeStyle = base;
    ctx.lineWidth = width;
    capsulePath(ctx, v, c.ax, c.ay, c.bx, c.by);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
  if (label) {
    const [x, y] = toCanvas(v, p.x, p.y);
    ctx.font = "600 11px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "bottom";
    ctx.fillStyle = withAlpha(palette.text, 0.85);
    ctx.fillText(label, x, y - Math.max(10, c.radius * v.scale + 6));
  }
  ctx.restore();
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
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  ctx.beginPath();
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
  ctx.stroke();
  ctx.restore();
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
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  ctx.beginPath();
  for (let i = from; i <= to; i++) {
    const [x, y] = toCanvas(v, traj[i]![0], traj[i]![1]);
    if (i === from) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.stroke();
  ctx.restore();
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
