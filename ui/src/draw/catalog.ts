/**
 * Catalog pictures: level thumbnails, histograms, verdict shares and the map of
 * which sweep placements solve most often. Plain functions over a 2-D context and
 * plain data (tested on a raster canvas in ui/test/catalog.test.ts). Hand-written
 * canvas rather than a charting library: five small static charts in the studio's
 * palette, no dependency, nothing a strict CSP would refuse.
 */
import type { FieldRules } from "../lib/rules";
import type { World } from "../bindings/World";
import { palette } from "./colors";
import { fitView, type Rect, type View } from "./view";
import { drawField, drawWorld, type Ctx } from "./world";

/** A shipped level, small: field, walls, goal and ball. */
export function drawLevelThumb(ctx: Ctx, width: number, height: number, world: World, rules: FieldRules): View {
  ctx.fillStyle = palette.bg;
  ctx.fillRect(0, 0, width, height);
  const v = fitView({ x: 0, y: 0, w: width, h: height }, rules.field_width, rules.field_height, 1);
  drawField(ctx, v, rules, { grid: false, dim: false });
  drawWorld(ctx, v, world, rules, { grid: false, dim: false });
  return v;
}

/** A thumbnail whose level is still on its way: the field's frame, empty. */
export function drawThumbPlaceholder(ctx: Ctx, width: number, height: number): void {
  ctx.fillStyle = palette.bg;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = palette.fieldEdge;
  ctx.lineWidth = 1;
  ctx.strokeRect(0.5, 0.5, width - 1, height - 1);
}

export interface Bar {
  label: string;
  value: number;
}

export interface BarLayout {
  plot: Rect;
  /** x of each bar's left edge and its width, in order. */
  bars: { x: number; w: number; y: number; h: number }[];
  /** The axis's top count. */
  max: number;
  log: boolean;
}

/** Tick steps tried at each power of ten (the axis has four ticks: 0, step … 4 × step). */
const STEPS = [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8];

/**
 * "Nice" upper bound for a count axis: four times the smallest whole step of
 * 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5 or 8 × 10^k that reaches `v`, so every
 * tick is a whole number and the tallest bar fills most of the chart (260 → 300,
 * where 1-2-5 bounds gave 500 and left half the chart empty).
 */
export function niceMax(v: number): number {
  const quarter = Math.max(1, v / 4);
  for (let p = 10 ** Math.floor(Math.log10(quarter)); ; p *= 10) {
    for (const m of STEPS) {
      const step = m * p;
      if (Number.isInteger(step) && step >= quarter) return 4 * step;
    }
  }
}

/**
 * Bar heights on a linear or a logarithmic axis (log10(1 + v), so a bin of 1
 * still shows beside one of 10,000), as fractions of the axis's top.
 */
export function barFraction(value: number, max: number, log: boolean): number {
  if (max <= 0 || value <= 0) return 0;
  return log ? Math.log10(1 + value) / Math.log10(1 + max) : value / max;
}

/** The top of a log axis: the smallest power of ten ≥ the largest count (at least 10). */
export function logMax(v: number): number {
  return 10 ** Math.max(1, Math.ceil(Math.log10(Math.max(1, v))));
}

/** The ticks of a log axis: 0, 1, 10, … up to `max`. */
export function logTicks(max: number): number[] {
  const out = [0];
  for (let t = 1; t <= max; t *= 10) out.push(t);
  return out;
}

/** How a histogram is drawn: a logarithmic count axis, and the bar to highlight (hovered). */
export interface HistogramOptions {
  log?: boolean;
  highlight?: number | null;
}

/**
 * Where the bars of a histogram go inside `w` × `h` (left axis gutter, bottom
 * labels). On a log axis a bar's height is log10(1 + count) of the axis's, so a
 * bin of 1 still shows beside one of 10,000.
 */
export function barLayout(w: number, h: number, bars: readonly Bar[], log = false): BarLayout {
  const plot = { x: 44, y: 10, w: Math.max(1, w - 54), h: Math.max(1, h - 34) };
  const top = Math.max(0, ...bars.map((b) => b.value));
  const max = log ? logMax(top) : niceMax(top);
  const slot = plot.w / Math.max(1, bars.length);
  const gap = Math.min(4, slot * 0.2);
  return {
    plot,
    max,
    log,
    bars: bars.map((b, i) => {
      const bh = barFraction(b.value, max, log) * plot.h;
      return { x: plot.x + i * slot + gap / 2, w: Math.max(1, slot - gap), y: plot.y + plot.h - bh, h: bh };
    }),
  };
}

/** The bar whose column (its slot, full height of the plot) holds the point, or null. */
export function barAt(lay: BarLayout, px: number, py: number): number | null {
  const { plot } = lay;
  if (!lay.bars.length || px < plot.x || px >= plot.x + plot.w || py < plot.y || py >= plot.y + plot.h + 20) return null;
  return Math.min(lay.bars.length - 1, Math.floor(((px - plot.x) / plot.w) * lay.bars.length));
}

/**
 * A histogram: one bar per bin, a count axis (4 gridlines, or one per power of
 * ten on a log axis), labels thinned to fit; the highlighted bar is outlined.
 */
export function drawHistogram(ctx: Ctx, w: number, h: number, bars: readonly Bar[], color: string, opts: HistogramOptions = {}): BarLayout {
  ctx.fillStyle = palette.bg;
  ctx.fillRect(0, 0, w, h);
  const lay = barLayout(w, h, bars, opts.log ?? false);
  const { plot, max } = lay;
  ctx.font = "10px sans-serif";
  ctx.textBaseline = "middle";
  ctx.textAlign = "right";
  const ticks = lay.log ? logTicks(max) : [0, 1, 2, 3, 4].map((i) => (max * i) / 4);
  ticks.forEach((t, i) => {
    const y = plot.y + plot.h - barFraction(t, max, lay.log) * plot.h;
    ctx.strokeStyle = i === 0 ? palette.fieldEdge : palette.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(plot.x, Math.round(y) + 0.5);
    ctx.lineTo(plot.x + plot.w, Math.round(y) + 0.5);
    ctx.stroke();
    ctx.fillStyle = palette.muted;
    // On a log axis 0 sits just under 1: the baseline says it.
    if (!(lay.log && t === 0)) ctx.fillText(compact(t), plot.x - 6, y);
  });
  const hi = opts.highlight ?? null;
  if (hi !== null && lay.bars[hi]) {
    const r = lay.bars[hi]!;
    ctx.fillStyle = "rgba(255, 255, 255, 0.08)";
    ctx.fillRect(r.x - 1, plot.y, r.w + 2, plot.h);
  }
  ctx.fillStyle = color;
  for (const b of lay.bars) if (b.h > 0) ctx.fillRect(b.x, b.y, b.w, Math.max(1, b.h));
  if (hi !== null && lay.bars[hi]) {
    const r = lay.bars[hi]!;
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = 1;
    ctx.strokeRect(Math.round(r.x) + 0.5, Math.round(Math.min(r.y, plot.y + plot.h - 1)) + 0.5, Math.max(1, Math.round(r.w) - 1), Math.max(1, Math.round(r.h)));
  }
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.fillStyle = palette.muted;
  const every = Math.max(1, Math.ceil(bars.length / Math.max(1, Math.floor(plot.w / 22))));
  bars.forEach((b, i) => {
    if (i % every !== 0) return;
    const r = lay.bars[i]!;
    ctx.fillText(b.label, r.x + r.w / 2, plot.y + plot.h + 5);
  });
  return lay;
}

/** 1200 → "1.2k". */
export function compact(v: number): string {
  if (v >= 1e6) return `${+(v / 1e6).toFixed(1)}M`;
  if (v >= 1e3) return `${+(v / 1e3).toFixed(1)}k`;
  return `${+v.toFixed(v < 10 && v % 1 !== 0 ? 1 : 0)}`;
}

export interface Share {
  label: string;
  value: number;
  color: string;
}

/** Each share's x range across `w` (any non-zero share at least 2 px; the widest gives up the room). */
export function shareSegments(w: number, shares: readonly Share[]): { x0: number; x1: number }[] {
  const total = shares.reduce((s, x) => s + x.value, 0);
  const widths = shares.map((s) => (total > 0 && s.value > 0 ? Math.max(2, (s.value / total) * w) : 0));
  const excess = widths.reduce((a, b) => a + b, 0) - (total > 0 ? w : 0);
  if (excess > 0) {
    const widest = widths.indexOf(Math.max(...widths));
    widths[widest] = widths[widest]! - excess;
  }
  let x = 0;
  return widths.map((sw) => {
    const seg = { x0: x, x1: x + sw };
    x += sw;
    return seg;
  });
}

/** The share under x (its index), or null. */
export function shareAt(segments: readonly { x0: number; x1: number }[], px: number): number | null {
  const i = segments.findIndex((s) => s.x1 > s.x0 && px >= s.x0 && px < s.x1);
  return i < 0 ? null : i;
}

/** One horizontal bar split into shares (verdicts); returns each segment's x range. */
export function drawShares(ctx: Ctx, w: number, h: number, shares: readonly Share[], highlight: number | null = null): { x0: number; x1: number }[] {
  ctx.fillStyle = palette.bg;
  ctx.fillRect(0, 0, w, h);
  const barH = Math.max(8, h - 4);
  ctx.fillStyle = palette.grid;
  ctx.fillRect(0, 2, w, barH);
  const out = shareSegments(w, shares);
  shares.forEach((s, i) => {
    const { x0, x1 } = out[i]!;
    ctx.fillStyle = s.color;
    if (x1 > x0) ctx.fillRect(x0, 2, x1 - x0, barH);
  });
  const hs = highlight === null ? null : out[highlight];
  if (hs && hs.x1 > hs.x0) {
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = 2;
    ctx.strokeRect(hs.x0 + 1, 3, Math.max(1, hs.x1 - hs.x0 - 2), barH - 2);
  }
  return out;
}

/** Viridis-like ramp (dark blue → green → yellow) for t in [0, 1]. */
export function heat(t: number): string {
  const stops: [number, number, number][] = [
    [30, 24, 60], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37],
  ];
  const u = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(u));
  const f = u - i;
  const [a, b] = [stops[i]!, stops[i + 1]!];
  const c = a.map((v, k) => Math.round(v + (b[k]! - v) * f));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

export interface PlacementMapLayout {
  /** One 6 × 6 panel per tilt, in the sweep's angle order. */
  panels: Rect[];
  cell: number;
}

/** Four 6 × 6 panels side by side (x across, y down, like the field), with room for titles. */
export function placementMapLayout(w: number, h: number, rules: FieldRules): PlacementMapLayout {
  const nx = rules.sweep_xs.length;
  const ny = rules.sweep_ys.length;
  const na = rules.sweep_angles.length;
  const gap = 14;
  const top = 18;
  const cell = Math.max(2, Math.floor(Math.min((w - gap * (na - 1)) / (na * nx), (h - top) / ny)));
  const pw = cell * nx;
  const x0 = Math.floor((w - (pw * na + gap * (na - 1))) / 2);
  return {
    cell,
    panels: Array.from({ length: na }, (_, a) => ({ x: x0 + a * (pw + gap), y: top, w: pw, h: cell * ny })),
  };
}

/** Sweep index → (tilt, column, row): index = (x * rows + y) * tilts + tilt. */
export function placementCell(i: number, rules: FieldRules): { a: number; col: number; row: number } {
  const na = rules.sweep_angles.length;
  const ny = rules.sweep_ys.length;
  return { a: i % na, row: Math.floor(i / na) % ny, col: Math.floor(i / (na * ny)) };
}

/**
 * Which sweep placements solve most often: per tilt, a 6 × 6 grid at the sweep's
 * positions, each cell coloured by the share of seeds it solves (relative to the
 * best placement), the share printed when cells are large enough.
 */
export function drawPlacementMap(
  ctx: Ctx,
  w: number,
  h: number,
  solves: readonly number[],
  seeds: number,
  rules: FieldRules,
  highlight: number | null = null,
): PlacementMapLayout {
  ctx.fillStyle = palette.bg;
  ctx.fillRect(0, 0, w, h);
  const lay = placementMapLayout(w, h, rules);
  const best = Math.max(1, ...solves);
  ctx.font = "11px sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  lay.panels.forEach((p, a) => {
    ctx.fillStyle = palette.muted;
    const angle = rules.sweep_angles[a] ?? 0;
    ctx.fillText(`tilt ${angle > 0 ? "+" : ""}${angle}`, p.x + p.w / 2, p.y - 6);
  });
  for (let i = 0; i < solves.length; i++) {
    const { a, col, row } = placementCell(i, rules);
    const p = lay.panels[a];
    if (!p) continue;
    const x = p.x + col * lay.cell;
    const y = p.y + row * lay.cell;
    const v = solves[i] ?? 0;
    ctx.fillStyle = v === 0 ? palette.field : heat(v / best);
    ctx.fillRect(x + 1, y + 1, lay.cell - 2, lay.cell - 2);
    if (lay.cell >= 30 && seeds > 0 && v > 0) {
      ctx.fillStyle = v / best > 0.6 ? "#10131a" : palette.text;
      ctx.font = "10px sans-serif";
      ctx.textBaseline = "middle";
      ctx.fillText(`${((100 * v) / seeds).toFixed(1)}%`, x + lay.cell / 2, y + lay.cell / 2);
    }
  }
  const hp = highlight === null ? null : placementCell(highlight, rules);
  const panel = hp && lay.panels[hp.a];
  if (hp && panel) {
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = 2;
    ctx.strokeRect(panel.x + hp.col * lay.cell + 1, panel.y + hp.row * lay.cell + 1, lay.cell - 2, lay.cell - 2);
  }
  return lay;
}

/** The cell under a canvas point: its sweep index, or null. */
export function placementAt(lay: PlacementMapLayout, px: number, py: number, rules: FieldRules): number | null {
  const na = rules.sweep_angles.length;
  const ny = rules.sweep_ys.length;
  for (let a = 0; a < lay.panels.length; a++) {
    const p = lay.panels[a]!;
    if (px < p.x || py < p.y || px >= p.x + p.w || py >= p.y + p.h) continue;
    const col = Math.floor((px - p.x) / lay.cell);
    const row = Math.floor((py - p.y) / lay.cell);
    return (col * ny + row) * na + a;
  }
  return null;
}
