/**
 * The Draws panel's model: an attempt's draws (the engine's draw record) grouped
 * by what they built — the ball, the goal, the wall count, each drawn wall,
 * the inventory — and what each draw placed on the field (for the hover
 * highlight). Everything comes from the record (ranges, values, decisions):
 * nothing assumes the default rules.
 */
import type { AttemptDraws } from "../bindings/AttemptDraws";
import type { Draw } from "../bindings/Draw";
import type { DrawnWall } from "../bindings/DrawnWall";
import type { DropReason } from "../bindings/DropReason";
import type { DrawSpan } from "../bindings/DrawSpan";

/** What a draw placed: the ball's start, the goal, a drawn wall (1-based), or nothing on the field. */
export type DrawTarget = { kind: "ball" } | { kind: "goal" } | { kind: "wall"; wall: number } | { kind: "none" };

export interface DrawGroup {
  /** `ball`, `goal`, `walls`, `wall-N`, `parts`. */
  key: string;
  title: string;
  target: DrawTarget;
  draws: Draw[];
  /** The drawn wall of a `wall-N` group. */
  wall: DrawnWall | null;
}

/** What a draw's site placed on the field. */
export function targetOf(d: Pick<Draw, "site" | "wall">): DrawTarget {
  if (d.wall !== null) return { kind: "wall", wall: d.wall };
  if (d.site.startsWith("ball.")) return { kind: "ball" };
  if (d.site.startsWith("goal.")) return { kind: "goal" };
  return { kind: "none" };
}

/** Whether two targets are the same thing. */
export function sameTarget(a: DrawTarget | null, b: DrawTarget | null): boolean {
  if (!a || !b || a.kind !== b.kind) return false;
  return a.kind !== "wall" || (b.kind === "wall" && a.wall === b.wall);
}

/** The draws of one attempt, in stream order, grouped by what they built (each group in order of its first draw). */
export function drawGroups(a: AttemptDraws): DrawGroup[] {
  const groups: DrawGroup[] = [];
  const byKey = new Map<string, DrawGroup>();
  for (const d of a.draws) {
    const key = d.wall !== null ? `wall-${d.wall}` : d.site.startsWith("ball.") ? "ball" : d.site.startsWith("goal.") ? "goal" : d.site.startsWith("walls.") ? "walls" : "parts";
    let g = byKey.get(key);
    if (!g) {
      const wall = d.wall !== null ? (a.walls.find((w) => w.number === d.wall) ?? null) : null;
      g = { key, title: groupTitle(key, wall), target: targetOf(d), draws: [], wall };
      byKey.set(key, g);
      groups.push(g);
    }
    g.draws.push(d);
  }
  return groups;
}

function groupTitle(key: string, wall: DrawnWall | null): string {
  if (key === "ball") return "Ball";
  if (key === "goal") return "Goal";
  if (key === "walls") return "Walls";
  if (key === "parts") return "Inventory";
  if (!wall) return key;
  return `Wall ${wall.number} · ${wall.built !== null ? `level wall ${wall.built + 1}` : "dropped"}`;
}

const dropText: Record<DropReason, string> = {
  outside_field: "an end sticks out of the field",
  near_ball: "it passes too near the ball's start",
  near_goal: "it passes too near the goal",
};

/** Why a drawn wall was dropped, in words ("" for a built wall). */
export function dropWords(w: Pick<DrawnWall, "dropped_for">): string {
  return w.dropped_for.map((r) => dropText[r]).join("; ");
}

/** The site's last part, as the panel names a row (`center_x`, `x`, `count`). */
export function siteLabel(site: string): string {
  const m = /^parts\.(\w+)\.count$/.exec(site);
  if (m) return `${m[1]}s`;
  return site.slice(site.lastIndexOf(".") + 1);
}

/** A range as the record gives it: `10..90`, `2..=5` for whole numbers. */
export function spanWords(s: DrawSpan): string {
  return s.integer ? `${s.min}..=${s.max}` : `${s.min}..${s.max}`;
}

/** The value a draw became (rounded to hundredths where the generator rounds). */
export function valueWords(d: Draw): string {
  const v = d.rounded ?? d.value;
  if (d.span.integer) return String(v);
  return String(Math.round(v * 10000) / 10000);
}

/** The first draw's position and the count: "attempt 5 starts at draw 61 (15 draws)". */
export function startWords(a: Pick<AttemptDraws, "attempt" | "first_position" | "draw_count">): string {
  return `attempt ${a.attempt} starts at draw ${a.first_position} (${a.draw_count} draw${a.draw_count === 1 ? "" : "s"})`;
}

/** The drawn wall under field point (x, y), within `tolerance` field units of its segment, or null. */
export function wallAt(walls: readonly DrawnWall[], x: number, y: number, tolerance: number): number | null {
  let best: number | null = null;
  let bestD = tolerance;
  for (const w of walls) {
    const dx = w.b.x - w.a.x;
    const dy = w.b.y - w.a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - w.a.x) * dx + (y - w.a.y) * dy) / len2)) : 0;
    const d = Math.hypot(x - (w.a.x + t * dx), y - (w.a.y + t * dy));
    if (d <= bestD) {
      bestD = d;
      best = w.number;
    }
  }
  return best;
}
