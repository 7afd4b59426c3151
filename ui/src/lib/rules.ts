/**
 * The rules the drawing code needs, as views of the one `RulesInfo` the shell
 * serves: the rules in force (`rules` command: the default rules, or the
 * studio's `--rules FILE`), or a play window's level's rules (`play_level`).
 * `FieldRules` and `PlayRules` are the fields the inspector/catalog and the
 * play window use; any `RulesInfo` is both.
 */
import type { RulesInfo } from "../bindings/RulesInfo";

export type { RulesInfo };

export type FieldRules = Pick<
  RulesInfo,
  | "field_width"
  | "field_height"
  | "ball_radius"
  | "wall_radius"
  | "ramp_length"
  | "ramp_radius"
  | "goal_width"
  | "goal_height"
  | "max_attempts"
  | "sweep_xs"
  | "sweep_ys"
  | "sweep_angles"
>;

export type PlayRules = Pick<
  RulesInfo,
  | "rules_version"
  | "rules_id"
  | "rules_name"
  | "is_default"
  | "field_width"
  | "field_height"
  | "ball_radius"
  | "wall_radius"
  | "ramp_length"
  | "ramp_radius"
  | "fan_housing"
  | "fan_radius"
  | "fan_reach"
  | "fan_half_width"
  | "bumper_radius"
  | "gear_radius"
  | "gear_surface_speed"
  | "dt"
  | "max_steps"
  | "sweep_xs"
  | "sweep_ys"
>;
