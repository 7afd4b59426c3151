/**
 * A stand-in for the play commands in unit tests: refuses parts outside the
 * field or beyond the inventory with the engine's words, runs a 4-step
 * trajectory, and can hold answers back (`hold`) to test what arrives late.
 */
import type { PartCheck } from "../../src/bindings/PartCheck";
import type { Placement } from "../../src/bindings/Placement";
import type { PlayLevel } from "../../src/play/api";
import type { PlayRules } from "../../src/lib/rules";
import type { PlayRun } from "../../src/bindings/PlayRun";
import type { SolutionFile } from "../../src/bindings/SolutionFile";
import type { PlayApi } from "../../src/play/api";
import { rules as field, world } from "../fixtures";

/** The field constants of the drawing fixtures, and the play window's own. */
export const rules: PlayRules = {
  rules_version: 1,
  rules_id: "010786ff88f4",
  rules_name: "v1",
  is_default: true,
  gear_surface_speed: 80,
  field_width: field.field_width,
  field_height: field.field_height,
  ball_radius: field.ball_radius,
  wall_radius: field.wall_radius,
  ramp_length: field.ramp_length,
  ramp_radius: field.ramp_radius,
  fan_housing: 8,
  fan_radius: 1,
  fan_reach: 40,
  fan_half_width: 5,
  bumper_radius: 4,
  gear_radius: 6,
  dt: 1 / 120,
  max_steps: 1440,
  sweep_xs: field.sweep_xs,
  sweep_ys: field.sweep_ys,
};

export const ramp = (x: number, y: number, angle: number): Placement => ({ part: "ramp", x, y, angle });

export function level(seed = 42, inventory = { ramp: 1, fan: 0, bumper: 1 }): PlayLevel {
  return { seed, level_hash: `hash${seed}`, world: { ...world, inventory }, fallback: false, hints: [ramp(15, 102, 0.8)], rules, edited: null };
}

/** A run of `steps` steps along x (10 units a step). */
export function runOf(seed: number, placements: Placement[], steps = 4): PlayRun {
  const trajectory: [number, number][] = Array.from({ length: steps + 1 }, (_, i) => [i * 10, 5]);
  return {
    seed,
    placements,
    result: { outcome: "goal", steps, closest: 0, trajectory },
    seconds: steps / 120,
    parts_used: { ramp: placements.filter((p) => p.part === "ramp").length, fan: 0, bumper: 0 },
  };
}

type Calls = { checks: { placements: Placement[]; index: number; candidate: Placement }[]; runs: number };

export interface FakeEngine extends PlayApi {
  calls: Calls;
  /** While true, checkPart answers wait in `held` until released. */
  hold: boolean;
  held: (() => void)[];
  release(): Promise<void>;
  levels: Map<number, PlayLevel>;
  /** What the next openSolution returns or throws. */
  nextOpen: SolutionFile | null | Error;
}

/** Lets every pending promise callback run. */
export const settle = () => new Promise<void>((r) => setTimeout(r, 0));

export function fakeEngine(): FakeEngine {
  const e: FakeEngine = {
    calls: { checks: [], runs: 0 },
    hold: false,
    held: [],
    levels: new Map([[42, level(42)], [7, level(7, { ramp: 2, fan: 1, bumper: 0 })]]),
    nextOpen: null,
    async release() {
      const held = e.held.splice(0);
      for (const go of held) go();
      await settle();
    },
    async playLevel(seed, _rules) {
      const l = e.levels.get(seed);
      if (!l) throw new Error(`no level ${seed}`);
      return l;
    },
    async checkPart(seed, _rules, _pins, placements, index, candidate) {
      e.calls.checks.push({ placements, index, candidate });
      if (e.hold) await new Promise<void>((r) => e.held.push(r));
      const inv = e.levels.get(seed)!.world.inventory;
      const refuse = (message: string, error: PartCheck["error"]): PartCheck => ({ ok: false, message, error });
      if (candidate.x < 0 || candidate.x > 100 || candidate.y < 0 || candidate.y > 150) {
        return refuse(`the ${candidate.part} is outside the field`, { kind: "outside_field", part: candidate.part });
      }
      const others = placements.filter((p, i) => i !== index && p.part === candidate.part).length;
      const granted = inv[candidate.part] ?? 0;
      if (others + 1 > granted) {
        return refuse(`the level grants ${granted} ${candidate.part}(s); this would be number ${others + 1}`, {
          kind: "not_in_inventory",
          part: candidate.part,
          granted,
          wanted: others + 1,
        });
      }
      return { ok: true, message: null, error: null };
    },
    async runPlay(seed, _rules, _pins, placements) {
      e.calls.runs++;
      return runOf(seed, placements);
    },
    async saveSolution(seed, rules, _pins, placements) {
      const l = e.levels.get(seed)!;
      return {
        path: "/tmp/s.json",
        rules_id: rules,
        solution: { format: "contraption-solution", schema_version: 1, seed, rules_version: 1, level_hash: l.level_hash, placements },
        run: runOf(seed, placements),
      };
    },
    async openSolution() {
      const next = e.nextOpen;
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return e;
}
