/**
 * Heat map of closest approach: for each (column, row) of the sweep grid, the
 * smallest `closest` over the visible tilts, drawn as a cell centred on the
 * placement's position.
 */
import type { FieldRules } from "../lib/rules";
import type { RampGlyph } from "../bindings/RampGlyph";
import type { SweepEntry } from "../bindings/SweepEntry";
import { passes, type Filter } from "../inspector/model";
import { heatColor, palette } from "./colors";
import { toCanvas, type View } from "./view";
import type { Ctx } from "./world";

export interface HeatCell {
  column: number;
  row: number;
  x: number;
  y: number;
  /** Smallest closest approach among the visible simulated tilts; null when none. */
  closest: number | null;
  /** The placement that achieved it. */
  index: number | null;
  /** How many visible tilts reached the goal. */
  goals: number;
}

export function heatCells(
  rules: FieldRules,
  grid: readonly RampGlyph[],
  entries: readonly SweepEntry[],
  filter: Filter,
): HeatCell[] {
  const cols = rules.sweep_xs.length;
  const rows = rules.sweep_ys.length;
  const cells: HeatCell[] = [];
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      cells.push({ column: c, row: r, x: rules.sweep_xs[c]!, y: rules.sweep_ys[r]!, closest: null, index: null, goals: 0 });
    }
  }
  for (const e of entries) {
    const g = grid[e.index];
    if (!g || !passes(filter, g.tilt, e.result)) continue;
    const cell = cells[g.column * rows + g.row]!;
    if (e.result === "goal") cell.goals += 1;
    if (e.closest !== null && (cell.closest === null || e.closest < cell.closest)) {
      cell.closest = e.closest;
      cell.index = e.index;
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

export function drawHeatmap(ctx: Ctx, v: View, rules: FieldRules, cells: readonly HeatCell[]): void {
  const [cw, ch] = cellSize(rules);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const fontPx = Math.max(9, Math.min(13, cw * v.scale * 0.2));
  ctx.font = `600 ${fontPx}px ui-monospace, monospace`;
  for (const cell of cells) {
    const [x, y] = toCanvas(v, cell.x - cw / 2 + 0.6, cell.y - ch / 2 + 0.6);
    const w = (cw - 1.2) * v.scale;
    const h = (ch - 1.2) * v.scale;
    if (cell.closest === null) {
      ctx.strokeStyle = palette.muted;
      ctx.setLineDash([3, 3]);
      ctx.strokeRect(x, y, w, h);
      ctx.setLineDash([]);
      continue;
    }
    ctx.globalAlpha = 0.82;
    ctx.fillStyle = heatColor(cell.closest);
    ctx.fillRect(x, y, w, h);
    ctx.globalAlpha = 1;
    if (cell.goals > 0) {
      ctx.strokeStyle = palette.text;
      ctx.lineWidth = 2;
      ctx.strokeRect(x + 1, y + 1, w - 2, h - 2);
    }
    ctx.fillStyle = cell.closest < 25 ? "#10141b" : palette.text;
    ctx.fillText(cell.closest.toFixed(1), x + w / 2, y + h / 2);
  }
}
