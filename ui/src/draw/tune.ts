/**
 * The Tune view's score chart and scatter: every candidate's score as a dot
 * and the best score so far as a step line over the candidates (the budget
 * across), and random rule sets on two figures with the rules in force marked;
 * with their hit tests. Plain functions over plain data (pixel-tested).
 */
import { tuneColor } from "./colors";
import type { Rect } from "./view";
import type { Ctx } from "./world";

/** Round tick values covering `lo..hi` (about `n` of them). */
export function ticks(lo: number, hi: number, n = 4): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / n;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/** A tick's label: short, no float noise. */
export function tickText(v: number): string {
  if (v === 0) return "0";
  const a = Math.abs(v);
  if (a >= 1000 || a < 0.01) return v.toPrecision(2);
  return String(Number(v.toPrecision(3)));
}

export interface Plot {
  rect: Rect;
  x: [number, number];
  y: [number, number];
}

export const px = (p: Plot, x: number) => p.rect.x + ((x - p.x[0]) / (p.x[1] - p.x[0] || 1)) * p.rect.w;
export const py = (p: Plot, y: number) => p.rect.y + p.rect.h - ((y - p.y[0]) / (p.y[1] - p.y[0] || 1)) * p.rect.h;

/** The frame, ticks and labels of a plot. */
export function drawFrame(ctx: Ctx, p: Plot, xLabel: string, yLabel: string): void {
  const { rect } = p;
  ctx.strokeStyle = tuneColor.frame;
  ctx.lineWidth = 1;
  ctx.strokeRect(rect.x + 0.5, rect.y + 0.5, rect.w, rect.h);
  ctx.fillStyle = tuneColor.muted;
  ctx.font = "10px sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  for (const t of ticks(p.x[0], p.x[1])) ctx.fillText(tickText(t), px(p, t), rect.y + rect.h + 4);
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (const t of ticks(p.y[0], p.y[1])) ctx.fillText(tickText(t), rect.x - 4, py(p, t));
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  ctx.fillText(xLabel, rect.x + rect.w / 2, rect.y + rect.h + 30);
  ctx.save();
  ctx.translate(rect.x - 34, rect.y + rect.h / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textBaseline = "middle";
  ctx.fillText(yLabel, 0, 0);
  ctx.restore();
}

/** The score chart's plot for `budget` candidates and the scores seen. */
export function scorePlot(w: number, h: number, budget: number, scores: readonly (number | null)[]): Plot {
  const finite = scores.filter((s): s is number => s !== null && Number.isFinite(s));
  const top = Math.max(0.01, ...finite);
  return { rect: { x: 48, y: 10, w: Math.max(10, w - 60), h: Math.max(10, h - 50) }, x: [1, Math.max(2, budget)], y: [0, top * 1.05] };
}

/** Every candidate's score (dots), the best so far (a step line) and the hovered candidate ringed. */
export function drawScores(ctx: Ctx, w: number, h: number, budget: number, scores: readonly (number | null)[], best: readonly (number | null)[], hover: number | null): void {
  ctx.clearRect(0, 0, w, h);
  const p = scorePlot(w, h, budget, scores);
  drawFrame(ctx, p, "candidate", "score");
  ctx.fillStyle = tuneColor.score;
  scores.forEach((s, i) => {
    if (s === null) return;
    ctx.fillRect(px(p, i + 1) - 1.5, py(p, s) - 1.5, 3, 3);
  });
  ctx.strokeStyle = tuneColor.best;
  ctx.lineWidth = 2;
  ctx.beginPath();
  let started = false;
  best.forEach((b, i) => {
    if (b === null) return;
    const x = px(p, i + 1);
    const y = py(p, b);
    if (!started) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
    started = true;
    if (i + 1 < best.length) ctx.lineTo(px(p, i + 2), y);
  });
  ctx.stroke();
  if (hover !== null && hover < scores.length) {
    const s = scores[hover];
    const b = best[hover];
    ctx.strokeStyle = tuneColor.hover;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(px(p, hover + 1) + 0.5, p.rect.y);
    ctx.lineTo(px(p, hover + 1) + 0.5, p.rect.y + p.rect.h);
    ctx.stroke();
    for (const v of [s, b]) {
      if (v === null || v === undefined) continue;
      ctx.beginPath();
      ctx.arc(px(p, hover + 1), py(p, v), 4, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }
}

/** The candidate (its index, from 0) under x = `mx`, or null outside the plot or past the last tried. */
export function hitScore(w: number, h: number, budget: number, scores: readonly (number | null)[], mx: number, my: number): number | null {
  const p = scorePlot(w, h, budget, scores);
  const r = p.rect;
  if (mx < r.x - 4 || mx > r.x + r.w + 4 || my < r.y || my > r.y + r.h) return null;
  const i = Math.round(p.x[0] + ((mx - r.x) / r.w) * (p.x[1] - p.x[0])) - 1;
  if (scores.length === 0) return null;
  return Math.min(scores.length - 1, Math.max(0, i));
}

export interface XY {
  x: number;
  y: number;
}

function extent(vs: number[]): [number, number] {
  const lo = Math.min(...vs);
  const hi = Math.max(...vs);
  const pad = hi > lo ? (hi - lo) * 0.08 : Math.max(0.01, Math.abs(lo) * 0.1);
  return [lo - pad, hi + pad];
}

export function scatterPlot(w: number, h: number, points: readonly XY[], start: XY): Plot {
  const all = [...points, start];
  return { rect: { x: 52, y: 10, w: Math.max(10, w - 64), h: Math.max(10, h - 52) }, x: extent(all.map((p) => p.x)), y: extent(all.map((p) => p.y)) };
}

/** Random rule sets as dots, the rules in force as a ring with a cross, the hovered one ringed. */
export function drawScatter(ctx: Ctx, w: number, h: number, points: readonly XY[], start: XY, xLabel: string, yLabel: string, hover: number | null): void {
  ctx.clearRect(0, 0, w, h);
  const p = scatterPlot(w, h, points, start);
  drawFrame(ctx, p, xLabel, yLabel);
  ctx.fillStyle = tuneColor.point;
  for (const q of points) {
    ctx.beginPath();
    ctx.arc(px(p, q.x), py(p, q.y), 3.5, 0, 2 * Math.PI);
    ctx.fill();
  }
  const sx = px(p, start.x);
  const sy = py(p, start.y);
  ctx.strokeStyle = tuneColor.start;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(sx, sy, 6, 0, 2 * Math.PI);
  ctx.moveTo(sx - 9, sy);
  ctx.lineTo(sx + 9, sy);
  ctx.moveTo(sx, sy - 9);
  ctx.lineTo(sx, sy + 9);
  ctx.stroke();
  const hp = hover === null ? undefined : points[hover];
  if (hp) {
    ctx.strokeStyle = tuneColor.hover;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(px(p, hp.x), py(p, hp.y), 7, 0, 2 * Math.PI);
    ctx.stroke();
  }
}

/** The point nearest (`mx`, `my`) within 10 px, or null. */
export function hitScatter(w: number, h: number, points: readonly XY[], start: XY, mx: number, my: number): number | null {
  const p = scatterPlot(w, h, points, start);
  let best: number | null = null;
  let bestD = 100;
  points.forEach((q, i) => {
    const d = (px(p, q.x) - mx) ** 2 + (py(p, q.y) - my) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}
