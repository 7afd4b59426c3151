/**
 * What each rule does, drawn: the tornado (one row per field by effect, its
 * step down and step up as bars from the rules in force's value of the
 * figure, the change across; the down bar above the up bar of each row) and
 * the response curves (one small panel per figure over the field's values,
 * the rules in force marked); with their hit tests. Plain functions over the
 * model's data (tune/model.ts), pixel-tested.
 */
import type { Curve, Tornado } from "../tune/model";
import { tuneColor } from "./colors";
import { drawFrame, px, py, tickText, ticks, type Plot } from "./tune";
import type { Rect } from "./view";
import type { Ctx } from "./world";

export const ROW_H = 28;

/** A stepped value as the tornado labels it. */
export function valueLabel(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(4)));
}
const TOP = 24;
const LABEL_W = 210;

export interface TornadoLayout {
  plot: Rect;
  /** The largest |change| of any step (the half-width of the axis). */
  reach: number;
}

/** The height a tornado of `rows` rows needs. */
export function tornadoHeight(rows: number): number {
  return TOP + Math.max(1, rows) * ROW_H + 30;
}

export function tornadoLayout(w: number, t: Tornado): TornadoLayout {
  const changes = t.rows.flatMap((r) => [r.down?.change, r.up?.change]).filter((c): c is number => c !== null && c !== undefined && Number.isFinite(c));
  const reach = Math.max(1e-9, ...changes.map(Math.abs));
  return { plot: { x: LABEL_W, y: TOP, w: Math.max(40, w - LABEL_W - 16), h: t.rows.length * ROW_H }, reach };
}

/** The x of a change. */
export function changeX(l: TornadoLayout, change: number): number {
  return l.plot.x + l.plot.w / 2 + (change / l.reach) * (l.plot.w / 2);
}

/** The bar of row `i`'s side: its rectangle (none when the step did not run or was refused). */
export function barRect(l: TornadoLayout, t: Tornado, i: number, side: "down" | "up"): Rect | null {
  const s = t.rows[i]?.[side];
  if (!s || s.change === null) return null;
  const x0 = changeX(l, 0);
  const x1 = changeX(l, s.change);
  const y = l.plot.y + i * ROW_H + (side === "down" ? 4 : ROW_H / 2);
  return { x: Math.min(x0, x1), y, w: Math.max(1, Math.abs(x1 - x0)), h: ROW_H / 2 - 4 };
}

export function drawTornado(ctx: Ctx, w: number, h: number, t: Tornado, figureLabel: string, hover: { row: number; side: "down" | "up" } | null): void {
  ctx.clearRect(0, 0, w, h);
  const l = tornadoLayout(w, t);
  const { plot } = l;
  ctx.font = "11px sans-serif";
  ctx.fillStyle = tuneColor.muted;
  ctx.textBaseline = "middle";
  ctx.textAlign = "center";
  ctx.fillText(`change of ${figureLabel} from the rules in force (${tickText(t.base)})`, plot.x + plot.w / 2, 10);
  // Change ticks along the bottom, and a faint line at each.
  ctx.textBaseline = "top";
  for (const v of ticks(-l.reach, l.reach, 4)) {
    const x = changeX(l, v);
    ctx.fillStyle = tuneColor.frame;
    ctx.fillRect(Math.round(x), plot.y, 1, plot.h);
    ctx.fillStyle = tuneColor.muted;
    ctx.fillText((v > 0 ? "+" : "") + tickText(v), x, plot.y + plot.h + 4);
  }
  t.rows.forEach((r, i) => {
    const y = plot.y + i * ROW_H;
    ctx.fillStyle = tuneColor.text;
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    ctx.fillText(r.field, plot.x - 10, y + ROW_H / 2);
    for (const side of ["down", "up"] as const) {
      const b = barRect(l, t, i, side);
      const s = r[side];
      if (!b) {
        if (s?.refused) {
          ctx.fillStyle = tuneColor.muted;
          ctx.textAlign = "left";
          ctx.fillText("refused", changeX(l, 0) + 4, y + (side === "down" ? ROW_H / 4 + 2 : (3 * ROW_H) / 4));
        }
        continue;
      }
      ctx.fillStyle = side === "down" ? tuneColor.down : tuneColor.up;
      ctx.fillRect(b.x, b.y, b.w, b.h);
      // The stepped value beside the bar's end (left of the axis for a fall, or a step down that changes nothing).
      const left = s!.change! < 0 || (s!.change === 0 && side === "down");
      ctx.fillStyle = tuneColor.muted;
      ctx.font = "10px sans-serif";
      ctx.textAlign = left ? "right" : "left";
      ctx.fillText(valueLabel(s!.value), left ? b.x - 4 : b.x + b.w + 4, b.y + b.h / 2);
      ctx.font = "11px sans-serif";
      if (hover && hover.row === i && hover.side === side) {
        ctx.strokeStyle = tuneColor.hover;
        ctx.lineWidth = 1.5;
        ctx.strokeRect(b.x - 1, b.y - 1, b.w + 2, b.h + 2);
      }
    }
  });
  ctx.fillStyle = tuneColor.text;
  ctx.fillRect(Math.round(changeX(l, 0)), plot.y - 4, 1, plot.h + 8);
}

/** The row and step under (`mx`, `my`): the upper half of a row is its step down, the lower its step up. */
export function hitTornado(w: number, t: Tornado, mx: number, my: number): { row: number; side: "down" | "up" } | null {
  const l = tornadoLayout(w, t);
  if (mx < 0 || mx > w || my < l.plot.y || my >= l.plot.y + l.plot.h) return null;
  const row = Math.floor((my - l.plot.y) / ROW_H);
  const side = my - l.plot.y - row * ROW_H < ROW_H / 2 ? "down" : "up";
  return t.rows[row]?.[side] ? { row, side } : null;
}

/** The panels of `n` curves in a `w` × `h` box: columns by width. */
export function curvePanels(w: number, h: number, n: number): Plot[] {
  const cols = w >= 900 ? 5 : w >= 560 ? 3 : 2;
  const rows = Math.ceil(n / cols);
  const cw = w / cols;
  const ch = h / rows;
  return Array.from({ length: n }, (_, k) => {
    const c = k % cols;
    const r = Math.floor(k / cols);
    return { rect: { x: c * cw + 40, y: r * ch + 18, w: Math.max(10, cw - 52), h: Math.max(10, ch - 44) }, x: [0, 1], y: [0, 1] };
  });
}

function span(vs: number[]): [number, number] {
  const lo = Math.min(...vs);
  const hi = Math.max(...vs);
  if (hi > lo) return [lo - (hi - lo) * 0.06, hi + (hi - lo) * 0.06];
  return [lo - Math.max(0.01, Math.abs(lo) * 0.1), hi + Math.max(0.01, Math.abs(hi) * 0.1)];
}

/** Each curve's plot: x over the field's values, y over the figure's (and the start's). */
export function curvePlots(w: number, h: number, curves: readonly Curve[]): Plot[] {
  const panels = curvePanels(w, h, curves.length);
  return curves.map((c, k) => {
    const ys = [...c.ys.filter((y): y is number => y !== null), ...(c.start ? [c.start.y] : [])];
    return { rect: panels[k]!.rect, x: span([...c.xs, ...(c.start ? [c.start.x] : [])]), y: span(ys.length ? ys : [0]) };
  });
}

export function drawCurves(ctx: Ctx, w: number, h: number, curves: readonly Curve[], label: (figure: string) => string, hover: number | null): void {
  ctx.clearRect(0, 0, w, h);
  const plots = curvePlots(w, h, curves);
  curves.forEach((c, k) => {
    const p = plots[k]!;
    drawFrame(ctx, { ...p }, "", "");
    ctx.fillStyle = tuneColor.text;
    ctx.font = "11px sans-serif";
    ctx.textAlign = "left";
    ctx.textBaseline = "bottom";
    ctx.fillText(label(c.figure), p.rect.x, p.rect.y - 3);
    ctx.strokeStyle = tuneColor.point;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    let on = false;
    c.xs.forEach((x, i) => {
      const y = c.ys[i];
      if (y === null || y === undefined) {
        on = false;
        return;
      }
      if (on) ctx.lineTo(px(p, x), py(p, y));
      else ctx.moveTo(px(p, x), py(p, y));
      on = true;
    });
    ctx.stroke();
    ctx.fillStyle = tuneColor.point;
    c.xs.forEach((x, i) => {
      const y = c.ys[i];
      if (y === null || y === undefined) return;
      ctx.beginPath();
      ctx.arc(px(p, x), py(p, y), i === hover ? 4 : 2.5, 0, 2 * Math.PI);
      ctx.fill();
    });
    if (c.start) {
      ctx.strokeStyle = tuneColor.start;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(px(p, c.start.x), py(p, c.start.y), 5, 0, 2 * Math.PI);
      ctx.stroke();
    }
    if (hover !== null && c.xs[hover] !== undefined) {
      ctx.fillStyle = tuneColor.hover;
      ctx.fillRect(Math.round(px(p, c.xs[hover]!)), p.rect.y, 1, p.rect.h);
    }
  });
}

/** The curve point (its index) whose x is nearest `mx` in the panel under the pointer, or null. */
export function hitCurves(w: number, h: number, curves: readonly Curve[], mx: number, my: number): number | null {
  const plots = curvePlots(w, h, curves);
  const k = plots.findIndex((p) => mx >= p.rect.x - 6 && mx <= p.rect.x + p.rect.w + 6 && my >= p.rect.y && my <= p.rect.y + p.rect.h);
  if (k < 0) return null;
  const p = plots[k]!;
  const xs = curves[k]!.xs;
  let best: number | null = null;
  xs.forEach((x, i) => {
    if (best === null || Math.abs(px(p, x) - mx) < Math.abs(px(p, xs[best]!) - mx)) best = i;
  });
  return best;
}
