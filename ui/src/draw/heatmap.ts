/**
 * Heat map of closest approach: for each (column, row) of the sweep grid, the
 * smallest `closest` over the visible tilts, drawn as a cell centred on the
 * placement's position.
 *
 * Most ramps of a sweep are never touched by the ball: their run is the bare
 * ball's, and their closest approach is the bare ball's own. A sweep entry has
 * no contact flag, so a cell counts as such when the placement that gave its
 * value ran exactly as the bare ball (same result, steps and closest approach,
 * `ranAsBare`); those cells are drawn hatched, without a heat colour (their
 * number is the bare ball's, the same in every such cell).
 */
import type { FieldRules } from "../lib/rules";
import type { RampGlyph } from "../bindings/RampGlyph";
import type { SimResult } from "../bindings/SimResult";
import type { SweepEntry } from "../bindings/SweepEntry";
import { passes, ranAsBare, type Filter } from "../inspector/model";
import { heatColor, palette, withAlpha } from "./colors";
import { toCanvas, type View } from "./view";
import type { Ctx } from "./world";

export interface HeatCell {
  column: number;
  row: number;
  x: number;
  y: number;
  /** Smallest closest approach among the visible simulated tilts; null when none. */
  closest: number | null;
  /** The placement that achieved it (one that ran as the bare ball, on a tie). */
  index: number | null;
  /** How many visible tilts reached the goal. */
  goals: number;
  /** That placement ran exactly as the bare ball: `closest` is the bare ball's own. */
  bare: boolean;
}

export function heatCells(
  rules: FieldRules,
  grid: readonly RampGlyph[],
  entries: readonly SweepEntry[],
  filter: Filter,
  bare: SimResult,
): HeatCell[] {
  const cols = rules.sweep_xs.length;
  const rows = rules.sweep_ys.length;
  const cells: HeatCell[] = [];
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      cells.push({ column: c, row: r, x: rules.sweep_xs[c]!, y: rules.sweep_ys[r]!, closest: null, index: null, goals: 0, bare: false });
    }
  }
  for (const e of entries) {
    const g = grid[e.index];
    if (!g || !passes(filter, g.tilt, e.result)) continue;
    const cell = cells[g.column * rows + g.row]!;
    if (e.result === "goal") cell.goals += 1;
    if (e.closest === null) continue;
    const asBare = ranAsBare(e, bare);
    if (cell.closest === null || e.closest < cell.closest || (e.closest === cell.closest && asBare && !cell.bare)) {
      cell.closest = e.closest;
      cell.index = e.index;
      cell.bare = asBare;
    }
  }
  return cells;
}

/** Cell size in field units: the grid spacing. */
export function cellSize(rules: FieldRules): [number, number] {
  const dx = (rules.sweep_xs[1] ?? 14) - (rules.sweep_xs[0] ?? 0);
  const dy = (rules.sweep_ys[1] ?? 18) - (rules.sweep_ys[0] ?? 0);
  return [dx, dy];
}

/** A cell's rectangle on the canvas (CSS px): x, y, width, height. */
function cellRect(v: View, rules: FieldRules, cell: HeatCell): [number, number, number, number] {
  const [cw, ch] = cellSize(rules);
  const [x, y] = toCanvas(v, cell.x - cw / 2 + 0.6, cell.y - ch / 2 + 0.6);
  return [x, y, (cw - 1.2) * v.scale, (ch - 1.2) * v.scale];
}

/** The spacing of the hatching of a cell that ran as the bare ball, in CSS px. */
export const HATCH_PX = 6;

export function drawHeatmap(ctx: Ctx, v: View, rules: FieldRules, cells: readonly HeatCell[]): void {
  const [cw] = cellSize(rules);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const fontPx = Math.max(9, Math.min(13, cw * v.scale * 0.2));
  ctx.font = `600 ${fontPx}px ui-monospace, monospace`;
  for (const cell of cells) {
    const [x, y, w, h] = cellRect(v, rules, cell);
    if (cell.closest === null) {
      ctx.strokeStyle = palette.muted;
      ctx.setLineDash([3, 3]);
      ctx.strokeRect(x, y, w, h);
      ctx.setLineDash([]);
      continue;
    }
    if (cell.bare) {
      // The bare ball's own closest approach: no heat colour, hatched.
      ctx.fillStyle = palette.grid;
      ctx.fillRect(x, y, w, h);
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, w, h);
      ctx.clip();
      ctx.strokeStyle = withAlpha(palette.muted, 0.45);
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let d = -h; d < w; d += HATCH_PX) {
        ctx.moveTo(x + d, y + h);
        ctx.lineTo(x + d + h, y);
      }
      ctx.stroke();
      ctx.restore();
    } else {
      ctx.globalAlpha = 0.82;
      ctx.fillStyle = heatColor(cell.closest);
      ctx.fillRect(x, y, w, h);
      ctx.globalAlpha = 1;
    }
    if (cell.goals > 0) {
      ctx.strokeStyle = palette.text;
      ctx.lineWidth = 2;
      ctx.strokeRect(x + 1, y + 1, w - 2, h - 2);
    }
    ctx.fillStyle = cell.bare ? palette.muted : cell.closest < 25 ? "#10141b" : palette.text;
    ctx.fillText(cell.closest.toFixed(1), x + w / 2, y + h / 2);
  }
}

/** The cell under canvas point (px, py), or null. */
export function hitHeat(v: View, rules: FieldRules, cells: readonly HeatCell[], px: number, py: number): HeatCell | null {
  for (const cell of cells) {
    const [x, y, w, h] = cellRect(v, rules, cell);
    if (px >= x && px <= x + w && py >= y && py <= y + h) return cell;
  }
  return null;
}
