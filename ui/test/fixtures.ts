/** Hand-made inputs for the drawing tests (no engine needed). */
import type { Attempt } from "../src/bindings/Attempt";
import type { FieldRules, RulesInfo } from "../src/lib/rules";
import type { GenerationReport } from "../src/bindings/GenerationReport";
import type { RampGlyph } from "../src/bindings/RampGlyph";
import type { SweepEntry } from "../src/bindings/SweepEntry";
import type { SweepResult } from "../src/bindings/SweepResult";
import type { World } from "../src/bindings/World";
import type { Rules } from "../src/bindings/Rules";
import { readFileSync } from "node:fs";

export const rules: FieldRules = {
  field_width: 100,
  field_height: 150,
  ball_radius: 2.5,
  wall_radius: 0.5,
  ramp_length: 18,
  ramp_radius: 0.75,
  goal_width: 14,
  goal_height: 6,
  max_attempts: 40,
  sweep_xs: [15, 29, 43, 57, 71, 85],
  sweep_ys: [30, 48, 66, 84, 102, 120],
  sweep_angles: [-0.8, -0.45, 0.45, 0.8],
};

/** rules/gears.json: the default rules with 1 or 2 gears per level. */
export const gearsRules = (JSON.parse(readFileSync(new URL("../../rules/gears.json", import.meta.url), "utf8")) as { rules: Rules }).rules;

/** The default rules (v1): rules/gears.json without gears. */
export const defaultRules: Rules = { ...gearsRules, parts: { ...gearsRules.parts, gear: { ...gearsRules.parts.gear, count: { min: 0, max: 0 } } } };

/** Every rule, as the `rules` command serves the default ones. */
export const rulesInfo: RulesInfo = {
  ...rules,
  rules_id: "010786ff88f4",
  default_rules_id: "010786ff88f4",
  rules_name: "v1",
  is_default: true,
  source: null,
  rules: defaultRules,
  rules_version: 1,
  gravity: 200,
  dt: 1 / 120,
  max_speed: 300,
  contact_passes: 4,
  contact_slop: 1e-9,
  max_steps: 1440,
  rest_speed: 4,
  rest_steps: 60,
  top_exit_y: -60,
  bounce_threshold: 20,
  wall_restitution: 0.35,
  wall_friction: 0.2,
  side_restitution: 0.5,
  ramp_restitution: 0.2,
  ramp_friction: 0.05,
  fan_housing: 8,
  fan_radius: 1,
  fan_reach: 40,
  fan_half_width: 5,
  fan_accel: 500,
  fan_restitution: 0.3,
  fan_friction: 0.2,
  bumper_radius: 4,
  bumper_restitution: 0.9,
  bumper_kick: 90,
  sweep_size: 144,
  default_rules_name: "v1",
  ball_start_y: 8,
  steps_per_second: 120,
  bumper_friction: 0,
  gear_radius: 6,
  gear_surface_speed: 80,
  gear_friction: 0.6,
  gear_restitution: 0.2,
  nearly_trivial_solving: 10,
};

/** The sweep grid in sweep order, with ramp bodies as the engine defines them:
 * centre ± RAMP_LENGTH/2 · (cos, sin)(angle). (The studio receives these from the shell.) */
export function grid(): RampGlyph[] {
  const out: RampGlyph[] = [];
  for (let i = 0; i < 144; i++) {
    const column = Math.floor(i / 24);
    const row = Math.floor(i / 4) % 6;
    const tilt = i % 4;
    const x = rules.sweep_xs[column]!;
    const y = rules.sweep_ys[row]!;
    const angle = rules.sweep_angles[tilt]!;
    const hx = (Math.cos(angle) * rules.ramp_length) / 2;
    const hy = (Math.sin(angle) * rules.ramp_length) / 2;
    out.push({
      index: i, x, y, angle, column, row, tilt,
      a: { x: x - hx, y: y - hy },
      b: { x: x + hx, y: y + hy },
      radius: rules.ramp_radius,
    });
  }
  return out;
}

/** Sweep entries whose results follow `pick(i)`; closest = i / 2 (or null when blocked). */
export function entries(pick: (i: number) => SweepResult): SweepEntry[] {
  return grid().map((g) => {
    const result = pick(g.index);
    return {
      index: g.index, x: g.x, y: g.y, angle: g.angle, result,
      steps: result === "blocked" ? 0 : 100 + g.index,
      closest: result === "blocked" ? null : g.index / 2,
      blocked: result === "blocked" ? { kind: "overlaps_wall", part: "ramp", wall: 1 } : null,
      trajectory: [],
    };
  });
}

export const world: World = {
  ball: { x: 20, y: 8 },
  goal: { center: { x: 70, y: 130 }, width: 14, height: 6 },
  walls: [{ a: { x: 10, y: 60 }, b: { x: 50, y: 70 } }],
  inventory: { ramp: 1, fan: 0, bumper: 0 },
};

export function attempt(index: number, verdict: Attempt["verdict"], fallback = false): Attempt {
  return {
    index,
    world,
    level_hash: `hash${index}`,
    verdict,
    reason: "",
    fallback_candidate: fallback,
    bare: { outcome: verdict === "pre_solved" ? "goal" : "out", steps: 200, closest: 3, trajectory: [[20, 8], [20, 60], [30, 150]] },
    sweep: verdict === "pre_solved" ? null : { placements: entries(() => "out"), game_stop: null, solving: 0, complete: true },
  };
}

export function report(attempts: Attempt[], shipped: number, fallback: boolean, allPreSolved = false): GenerationReport {
  return {
    rules_version: 1,
    seed: 42,
    mode: "inspector",
    attempts,
    shipped: {
      attempt: shipped, fallback, all_pre_solved: allPreSolved, level_hash: `hash${shipped}`, world,
      solution: null, reason: "",
    },
  };
}
