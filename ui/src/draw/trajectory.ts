/** Draws ball trajectories (sampled centres in field units). */
import { toCanvas, type View } from "./view";
import type { Ctx } from "./world";

export type Point = [number, number];

/** One trajectory as a polyline, with a dot at its end. */
export function drawTrajectory(
  ctx: Ctx,
  v: View,
  points: readonly Point[],
  color: string,
  width = 2,
  dash: number[] = [],
): void {
  if (points.length === 0) return;
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  ctx.setLineDash(dash);
  ctx.beginPath();
  const [x0, y0] = toCanvas(v, points[0]![0], points[0]![1]);
  ctx.moveTo(x0, y0);
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    ctx.lineTo(v.ox + p[0] * v.scale, v.oy + p[1] * v.scale);
  }
  ctx.stroke();
  ctx.setLineDash([]);
  const last = points[points.length - 1]!;
  const [lx, ly] = toCanvas(v, last[0], last[1]);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(lx, ly, width + 1.5, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * Many trajectories at once, batched by colour into one path per colour (the
 * 144-trajectory overlay): far fewer state changes than one stroke each. Points
 * closer than `minPx` CSS pixels to the last emitted one are skipped (a resting
 * or rolling ball repeats nearly the same pixel); each polyline's last point is
 * always kept. Returns the number of segments stroked.
 */
export function drawTrajectoryBundle(
  ctx: Ctx,
  v: View,
  items: readonly { points: readonly Point[]; color: string }[],
  width = 1.25,
  minPx = 1,
): number {
  const min2 = minPx * minPx;
  const byColor = new Map<string, (readonly Point[])[]>();
  for (const it of items) {
    if (it.points.length < 2) continue;
    const list = byColor.get(it.color);
    if (list) list.push(it.points);
    else byColor.set(it.color, [it.points]);
  }
  let segments = 0;
  ctx.lineWidth = width;
  ctx.lineJoin = "round";
  ctx.setLineDash([]);
  for (const [color, lists] of byColor) {
    ctx.strokeStyle = color;
    ctx.beginPath();
    for (const pts of lists) {
      let lx = v.ox + pts[0]![0] * v.scale;
      let ly = v.oy + pts[0]![1] * v.scale;
      ctx.moveTo(lx, ly);
      const last = pts.length - 1;
      for (let i = 1; i <= last; i++) {
        const p = pts[i]!;
        const x = v.ox + p[0] * v.scale;
        const y = v.oy + p[1] * v.scale;
        if (i < last && (x - lx) * (x - lx) + (y - ly) * (y - ly) < min2) continue;
        ctx.lineTo(x, y);
        lx = x;
        ly = y;
        segments += 1;
      }
    }
    ctx.stroke();
  }
  return segments;
}
