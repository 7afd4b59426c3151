/**
 * Small multiples: one 6 × 6 panel per tilt; each cell is one placement
 * (column = x, row = y, as on the field), coloured by its result.
 */
import type { RampGlyph } from "../bindings/RampGlyph";
import type { SweepEntry } from "../bindings/SweepEntry";
import { passes, type Filter } from "../inspector/model";
import { palette, resultColor, withAlpha } from "./colors";
import type { Rect } from "./view";
import type { Ctx } from "./world";

export interface MultiplesLayout {
  panels: { tilt: number; angle: number; rect: Rect; cell: number; gx: number; gy: number }[];
  cols: number;
  rows: number;
}

/** Lays the tilt panels out in a 2 × 2 or 4 × 1 arrangement, whichever gives bigger cells. */
export function layoutMultiples(area: Rect, angles: readonly number[], cols: number, rows: number): MultiplesLayout {
  const n = angles.length;
  const title = 22;
  const gap = 18;
  const options: [number, number][] = [
    [2, Math.ceil(n / 2)],
    [n, 1],
    [1, n],
  ];
  let best: MultiplesLayout | null = null;
  let bestCell = -1;
  for (const [pc, pr] of options) {
    const pw = (area.w - gap * (pc + 1)) / pc;
    const ph = (area.h - gap * (pr + 1)) / pr;
    const cell = Math.floor(Math.min(pw / cols, (ph - title) / rows));
    if (cell <= bestCell) continue;
    bestCell = cell;
    const gridW = cell * cols;
    const gridH = cell * rows + title;
    const totalW = pc * gridW + (pc - 1) * gap;
    const totalH = pr * gridH + (pr - 1) * gap;
    const x0 = area.x + (area.w - totalW) / 2;
    const y0 = area.y + (area.h - totalH) / 2;
    best = {
      cols,
      rows,
      panels: angles.map((angle, t) => {
        const px = x0 + (t % pc) * (gridW + gap);
        const py = y0 + Math.floor(t / pc) * (gridH + gap);
        return { tilt: t, angle, rect: { x: px, y: py, w: gridW, h: gridH }, cell, gx: px, gy: py + title };
      }),
    };
  }
  return best!;
}

/** The placement under canvas point (px, py), or null. */
export function hitMultiples(layout: MultiplesLayout, grid: readonly RampGlyph[], px: number, py: number): number | null {
  for (const p of layout.panels) {
    const c = Math.floor((px - p.gx) / p.cell);
    const r = Math.floor((py - p.gy) / p.cell);
    if (c >= 0 && r >= 0 && c < layout.cols && r < layout.rows) {
      const g = grid.find((g) => g.column === c && g.row === r && g.tilt === p.tilt);
      return g ? g.index : null;
    }
  }
  return null;
}

export function drawMultiples(
  ctx: Ctx,
  layout: MultiplesLayout,
  grid: readonly RampGlyph[],
  entries: readonly SweepEntry[],
  filter: Filter,
  marks: { hovered: number | null; selected: number | null; gameStop: number | null },
): void {
  for (const p of layout.panels) {
    ctx.fillStyle = filter.tilts[p.tilt] ? palette.text : palette.muted;
    ctx.font = "600 12px system-ui, sans-serif";
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    const goals = entries.filter((e) => grid[e.index]?.tilt === p.tilt && e.result === "goal").length;
    ctx.fillText(`tilt ${p.angle > 0 ? "+" : ""}${p.angle} rad`, p.rect.x, p.rect.y + 2);
    ctx.textAlign = "right";
    ctx.fillStyle = goals > 0 ? resultColor.goal : palette.muted;
    ctx.fillText(`${goals} goal`, p.rect.x + p.rect.w, p.rect.y + 2);
    for (const g of grid) {
      if (g.tilt !== p.tilt) continue;
      const e = entries[g.index];
      const x = p.gx + g.column * p.cell;
      const y = p.gy + g.row * p.cell;
      const inset = 1.5;
      const shown = e !== undefined && passes(filter, g.tilt, e.result);
      ctx.fillStyle = e ? withAlpha(resultColor[e.result], shown ? 0.85 : 0.12) : palette.grid;
      ctx.fillRect(x + inset, y + inset, p.cell - 2 * inset, p.cell - 2 * inset);
      // The ramp's tilt, as a stroke through the cell.
      const half = p.cell * 0.32;
      ctx.strokeStyle = shown ? "rgba(10, 13, 18, 0.75)" : "rgba(127, 139, 160, 0.35)";
      ctx.lineWidth = Math.max(1.5, p.cell * 0.07);
      ctx.lineCap = "round";
      ctx.beginPath();
      ctx.moveTo(x + p.cell / 2 - Math.cos(g.angle) * half, y + p.cell / 2 - Math.sin(g.angle) * half);
      ctx.lineTo(x + p.cell / 2 + Math.cos(g.angle) * half, y + p.cell / 2 + Math.sin(g.angle) * half);
      ctx.stroke();
      const outline = (color: string, w: number) => {
        ctx.strokeStyle = color;
        ctx.lineWidth = w;
        ctx.strokeRect(x + inset + w / 2, y + inset + w / 2, p.cell - 2 * inset - w, p.cell - 2 * inset - w);
      };
      if (marks.gameStop === g.index) outline(palette.text, 3);
      if (marks.selected === g.index) outline(palette.text, 2);
      if (marks.hovered === g.index) outline(palette.accent, 3);
    }
  }
}
