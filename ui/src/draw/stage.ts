/**
 * The sweep visualizer's stage, in two layers drawn on two stacked canvases:
 * - the base (field, world, heat cells, the bundle of all trajectories, the
 *   bare ball's path), which changes with the seed, attempt, view, filters and
 *   streamed trajectories;
 * - the overlay (glyphs with hover and selection rings, the clicked
 *   placement's trajectory, the small multiples), which also changes on hover.
 * Hovering redraws only the overlay. `stageLayout` is what both layers and the
 * hit test share.
 */
import type { Attempt } from "../bindings/Attempt";
import type { FieldRules } from "../lib/rules";
import type { PlacementTrajectory } from "../bindings/PlacementTrajectory";
import type { RampGlyph } from "../bindings/RampGlyph";
import type { Filter, StageView } from "../inspector/model";
import { palette, resultColor, withAlpha } from "./colors";
import { drawHeatmap, heatCells, hitHeat } from "./heatmap";
import { drawMultiples, hitMultiples, layoutMultiples, type MultiplesLayout } from "./multiples";
import { drawGlyphHighlight, drawGlyphs, hitGlyph, visibleIndices } from "./sweep";
import { drawTrajectory, drawTrajectoryBundle, type Point } from "./trajectory";
import { fitView, type View } from "./view";
import { drawField, drawWalls, drawWorld, type Ctx } from "./world";

/** What the stage shows (everything but hover and selection). */
export interface StageScene {
  rules: FieldRules;
  grid: readonly RampGlyph[];
  attempt: Attempt;
  view: StageView;
  filter: Filter;
  /** Draw the streamed trajectories. */
  allTrajectories: boolean;
  trajectories: ReadonlyMap<number, PlacementTrajectory>;
}

/** Hover and selection. */
export interface StageMarks {
  hovered: number | null;
  selected: number | null;
  /** The selected placement's full trajectory, when it arrived. */
  selectedTrajectory: PlacementTrajectory | null;
}

export interface StageLayout {
  /** The field, fitted into the stage with a 16 px margin. */
  field: View;
  /** The small multiples' panels (their view only). */
  multiples: MultiplesLayout | null;
}

/** The layout of a `w` × `h` stage. */
export function stageLayout(w: number, h: number, rules: FieldRules, view: StageView): StageLayout {
  return {
    field: fitView({ x: 0, y: 0, w, h }, rules.field_width, rules.field_height, 16),
    multiples:
      view === "multiples"
        ? layoutMultiples({ x: 12, y: 12, w: w - 24, h: h - 24 }, rules.sweep_angles, rules.sweep_xs.length, rules.sweep_ys.length)
        : null,
  };
}

/** Clips drawing to the field (balls leave through its bottom). */
function clipToField(ctx: Ctx, v: View, rules: FieldRules): void {
  ctx.beginPath();
  ctx.rect(v.ox, v.oy, rules.field_width * v.scale, rules.field_height * v.scale);
  ctx.clip();
}

/** The background of a stage with nothing to show yet. */
export function drawEmptyStage(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = palette.bg;
  ctx.fillRect(0, 0, w, h);
}

/** Draws the base layer; returns how many streamed trajectories and segments it drew. */
export function drawStageBase(ctx: Ctx, w: number, h: number, s: StageScene, layout: StageLayout): { trajectories: number; segments: number } {
  drawEmptyStage(ctx, w, h);
  const a = s.attempt;
  const v = layout.field;
  const entries = a.sweep?.placements ?? [];
  let trajectories = 0;
  let segments = 0;
  if (s.view === "multiples" && a.sweep) {
    // The whole view depends on hover and selection: the overlay draws it.
  } else if (s.view === "heat" && a.sweep) {
    drawField(ctx, v, s.rules);
    drawHeatmap(ctx, v, s.rules, heatCells(s.rules, s.grid, entries, s.filter, a.bare));
    drawWorld(ctx, v, a.world, s.rules, { grid: false, dim: false });
    drawWalls(ctx, v, a.world, s.rules);
  } else {
    drawField(ctx, v, s.rules);
    drawWorld(ctx, v, a.world, s.rules, { grid: true, dim: false });
    ctx.save();
    clipToField(ctx, v, s.rules);
    if (s.allTrajectories && a.sweep) {
      const items: { points: Point[]; color: string }[] = [];
      for (const i of visibleIndices(s.grid, entries, s.filter)) {
        const t = s.trajectories.get(i);
        if (t && t.trajectory.length > 1) items.push({ points: t.trajectory, color: withAlpha(resultColor[t.result], 0.3) });
      }
      trajectories = items.length;
      segments = drawTrajectoryBundle(ctx, v, items, 1, 2);
    }
    drawTrajectory(ctx, v, a.bare.trajectory, withAlpha(palette.bare, 0.85), 1.6, [5, 4]);
    ctx.restore();
  }
  return { trajectories, segments };
}

/** Draws the overlay layer (transparent where the base shows through). */
export function drawStageOverlay(ctx: Ctx, w: number, h: number, s: StageScene, layout: StageLayout, m: StageMarks): void {
  ctx.clearRect(0, 0, w, h);
  const a = s.attempt;
  if (!a.sweep) return;
  const entries = a.sweep.placements;
  const gameStop = a.sweep.game_stop;
  const marks = {
    hovered: m.hovered,
    selected: m.selected,
    gameStop,
    stopLabel: a.verdict === "pre_solved" ? "first goal" : "game stop",
  };
  const v = layout.field;
  if (s.view === "multiples" && layout.multiples) {
    drawMultiples(ctx, layout.multiples, s.grid, entries, s.filter, marks);
  } else if (s.view === "heat") {
    // Only the stop marker: the cells carry the results.
    drawGlyphs(ctx, v, s.grid, [], s.filter, { ...marks, hovered: null, selected: null });
  } else {
    drawGlyphs(ctx, v, s.grid, entries, s.filter, { ...marks, hovered: null }, s.allTrajectories ? 0.55 : 0.9);
    drawWalls(ctx, v, a.world, s.rules);
    const t = m.selectedTrajectory;
    if (t && m.selected === t.index) {
      ctx.save();
      clipToField(ctx, v, s.rules);
      drawTrajectory(ctx, v, t.trajectory, resultColor[t.result], 2.6);
      ctx.restore();
    }
    drawGlyphHighlight(ctx, v, s.grid, entries, m.hovered);
  }
}

/** The placement under canvas point (px, py) in CSS pixels, or null (on the heat map: the placement that gave the cell its value). */
export function hitStage(s: StageScene, layout: StageLayout, px: number, py: number): number | null {
  const a = s.attempt;
  if (!a.sweep) return null;
  if (s.view === "multiples") return layout.multiples ? hitMultiples(layout.multiples, s.grid, px, py) : null;
  if (s.view === "heat") return hitHeat(layout.field, s.rules, heatCells(s.rules, s.grid, a.sweep.placements, s.filter, a.bare), px, py)?.index ?? null;
  return hitGlyph(layout.field, s.grid, a.sweep.placements, s.filter, px, py, 5);
}

/** A canvas point (CSS px) on placement `i`'s ramp, three quarters along it (away from the shared centre). */
export function glyphPoint(layout: StageLayout, grid: readonly RampGlyph[], i: number): { x: number; y: number } | null {
  const g = grid[i];
  if (!g) return null;
  const v = layout.field;
  const fx = g.x + (g.b.x - g.x) * 0.75;
  const fy = g.y + (g.b.y - g.y) * 0.75;
  return { x: v.ox + fx * v.scale, y: v.oy + fy * v.scale };
}
