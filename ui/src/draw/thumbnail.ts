/** A ledger card's thumbnail: the attempt's world with its bare trajectory. */
import type { Attempt } from "../bindings/Attempt";
import type { FieldRules } from "../lib/rules";
import { palette, withAlpha } from "./colors";
import { drawTrajectory } from "./trajectory";
import { fitView, type View } from "./view";
import { drawField, drawWorld, type Ctx } from "./world";

export function drawThumbnail(ctx: Ctx, width: number, height: number, attempt: Attempt, rules: FieldRules): View {
  ctx.fillStyle = palette.bg;
  ctx.fillRect(0, 0, width, height);
  const v = fitView({ x: 0, y: 0, w: width, h: height }, rules.field_width, rules.field_height, 1);
  drawField(ctx, v, rules, { grid: false, dim: false });
  drawTrajectory(ctx, v, attempt.bare.trajectory, withAlpha(palette.bare, 0.6), 1);
  drawWorld(ctx, v, attempt.world, rules, { grid: false, dim: false });
  return v;
}
