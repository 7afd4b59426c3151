/**
 * The expressive range's heatmaps: one panel of the binned grid (seeds per cell
 * under A or B on one colour scale, or B − A on a diverging one: blue where B
 * has fewer, orange where B has more, zero neutral), tick values on both axes,
 * the colour legend under the plot, the hovered cell ringed; and the hit test.
 * The colours are the PNG's (render/src/range.rs: `count_rgb`, `diff_rgb`).
 */
import type { RangeGrid } from "../expressive_range/grid";
import { binText } from "../expressive_range/grid";
import type { Rect } from "./view";
import type { Ctx } from "./world";

export const rangePalette = {
  /** A cell no seed falls in (on either side, for the difference). */
  empty: "#0a0d12",
  /** The lowest non-zero count... */
  countLo: "#16343a",
  /** ...and the fullest cell of A and B. */
  countHi: "#5ee3d0",
  /** B − A = 0 where a side has seeds. */
  neutral: "#2a3342",
  /** B has fewer / more (the largest difference). */
  fewer: "#5aa9ff",
  more: "#ffb547",
  frame: "#2a3342",
  text: "#dfe5ee",
  muted: "#7f8ba0",
  hover: "#ffffff",
} as const;

export type Panel = "a" | "b" | "diff";

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function lerp(lo: Rgb, hi: Rgb, t: number): Rgb {
  const c = Math.min(1, Math.max(0, t));
  return [0, 1, 2].map((k) => Math.round(lo[k]! + (hi[k]! - lo[k]!) * c)) as Rgb;
}

/** A cell of `n` seeds when the fullest cell of A and B holds `max`. */
export function countRgb(n: number, max: number): Rgb {
  if (n === 0) return rgb(rangePalette.empty);
  const t = max <= 1 ? 1 : (n - 1) / (max - 1);
  return lerp(rgb(rangePalette.countLo), rgb(rangePalette.countHi), t);
}

/** A difference `d` (B − A) when the largest |B − A| is `max`; `any`: a side has seeds there. */
export function diffRgb(d: number, max: number, any: boolean): Rgb {
  if (!any) return rgb(rangePalette.empty);
  if (d === 0 || max === 0) return rgb(rangePalette.neutral);
  return lerp(rgb(rangePalette.neutral), rgb(d > 0 ? rangePalette.more : rangePalette.fewer), Math.abs(d) / max);
}

const css = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** The colour of cell `k` of a panel. */
export function cellRgb(g: RangeGrid, panel: Panel, k: number): Rgb {
  if (panel === "a") return countRgb(g.a[k]!, g.maxCount);
  if (panel === "b") return countRgb(g.b[k]!, g.maxCount);
  return diffRgb(g.diff[k]!, g.maxDiff, g.a[k]! !== 0 || g.b[k]! !== 0);
}

export interface RangeLayout {
  plot: Rect;
  legend: Rect;
  nx: number;
  ny: number;
}

const LEFT = 46;
const RIGHT = 8;
const TOP = 16;
const BOTTOM = 52;

/** Where the plot and the legend go in a `w` × `h` panel. */
export function rangeLayout(w: number, h: number, nx: number, ny: number): RangeLayout {
  const plot = { x: LEFT, y: TOP, w: Math.max(1, w - LEFT - RIGHT), h: Math.max(1, h - TOP - BOTTOM) };
  const legend = { x: plot.x + 28, y: plot.y + plot.h + 36, w: Math.max(1, plot.w - 56), h: 8 };
  return { plot, legend, nx, ny };
}

/** Cell `(i, j)` (x bin `i` left to right, y bin `j` bottom to top), whole pixels. */
export function cellRect(l: RangeLayout, i: number, j: number): Rect {
  const x0 = l.plot.x + Math.round((i * l.plot.w) / l.nx);
  const x1 = l.plot.x + Math.round(((i + 1) * l.plot.w) / l.nx);
  const bottom = l.plot.y + l.plot.h;
  const y0 = bottom - Math.round(((j + 1) * l.plot.h) / l.ny);
  const y1 = bottom - Math.round((j * l.plot.h) / l.ny);
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** The cell under canvas point (px, py), or null. */
export function hitRange(l: RangeLayout, px: number, py: number): { i: number; j: number } | null {
  const { plot } = l;
  if (px < plot.x || py < plot.y || px >= plot.x + plot.w || py >= plot.y + plot.h) return null;
  const i = Math.min(l.nx - 1, Math.floor(((px - plot.x) * l.nx) / plot.w));
  const j = Math.min(l.ny - 1, Math.floor(((plot.y + plot.h - py) * l.ny) / plot.h));
  return { i, j };
}

/** Every `step`-th label fits when labels of `chars` characters need `chars × 6 + 8` px. */
function labelStep(space: number, need: number): number {
  return Math.max(1, Math.ceil(need / Math.max(1, space)));
}

/** The axes' titles. */
export interface AxisTitles {
  x: string;
  y: string;
}

/** Draws one panel: cells, ticks, axis titles, legend; the hovered cell ringed. */
export function drawRangePanel(
  ctx: Ctx,
  w: number,
  h: number,
  g: RangeGrid,
  panel: Panel,
  hovered: { i: number; j: number } | null,
  titles: AxisTitles,
): RangeLayout {
  const nx = g.xBins.length;
  const ny = g.yBins.length;
  const l = rangeLayout(w, h, nx, ny);
  ctx.clearRect(0, 0, w, h);
  const { plot } = l;
  ctx.fillStyle = rangePalette.frame;
  ctx.fillRect(plot.x - 1, plot.y - 1, plot.w + 2, plot.h + 2);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const r = cellRect(l, i, j);
      ctx.fillStyle = css(cellRgb(g, panel, j * nx + i));
      ctx.fillRect(r.x, r.y, r.w, r.h);
    }
  }
  if (hovered && hovered.i < nx && hovered.j < ny) {
    const r = cellRect(l, hovered.i, hovered.j);
    ctx.strokeStyle = rangePalette.hover;
    ctx.lineWidth = 2;
    ctx.strokeRect(r.x + 1, r.y + 1, Math.max(0, r.w - 2), Math.max(0, r.h - 2));
  }
  // Ticks.
  ctx.font = "10px ui-monospace, monospace";
  ctx.fillStyle = rangePalette.muted;
  ctx.textBaseline = "top";
  ctx.textAlign = "center";
  const widest = Math.max(...g.xBins.map((b) => binText(b).length));
  const xs = labelStep(plot.w / nx, widest * 6 + 8);
  for (let i = 0; i < nx; i += xs) {
    const r = cellRect(l, i, 0);
    ctx.fillText(binText(g.xBins[i]!), r.x + r.w / 2, plot.y + plot.h + 4);
  }
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  const ys = labelStep(plot.h / ny, 12);
  for (let j = 0; j < ny; j += ys) {
    const r = cellRect(l, 0, j);
    ctx.fillText(binText(g.yBins[j]!), plot.x - 5, r.y + r.h / 2);
  }
  // Axis titles: x under its ticks, y above its ticks.
  ctx.fillStyle = rangePalette.text;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.fillText(titles.x, plot.x + plot.w / 2, plot.y + plot.h + 19);
  ctx.textAlign = "left";
  ctx.textBaseline = "bottom";
  ctx.fillText(`↑ ${titles.y}`, 2, plot.y - 3);
  // Legend: the colour bar and its ends.
  const { legend } = l;
  for (let dx = 0; dx < legend.w; dx++) {
    const t = legend.w <= 1 ? 1 : dx / (legend.w - 1);
    let c: Rgb;
    if (panel === "diff") {
      const m = Math.max(1, g.maxDiff);
      c = diffRgb(Math.round((2 * t - 1) * m), m, true);
    } else {
      const m = Math.max(1, g.maxCount);
      c = countRgb(1 + Math.round((m - 1) * t), m);
    }
    ctx.fillStyle = css(c);
    ctx.fillRect(legend.x + dx, legend.y, 1, legend.h);
  }
  ctx.fillStyle = rangePalette.muted;
  ctx.textBaseline = "middle";
  const mid = legend.y + legend.h / 2;
  ctx.textAlign = "right";
  ctx.fillText(panel === "diff" ? `−${g.maxDiff}` : "1", legend.x - 4, mid);
  ctx.textAlign = "left";
  ctx.fillText(panel === "diff" ? `+${g.maxDiff}` : String(g.maxCount), legend.x + legend.w + 4, mid);
  return l;
}
