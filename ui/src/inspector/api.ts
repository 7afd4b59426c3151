/** The inspector's commands (src-tauri/src/commands/inspect.rs), generated from the command list. */
import { inspect as inspectData } from "../bindings/commands";
import type { Inspection as InspectionData } from "../bindings/Inspection";
import { rules } from "../lib/ipc";
import type { RulesInfo } from "../lib/rules";

/** An inspection with the rules it is drawn with (from the `rules` command). */
export type Inspection = InspectionData & { rules: RulesInfo };

export { cancelJob } from "../lib/ipc";

/**
 * `parseSeed`: the engine's seed parser (fails with `invalid_seed` and the
 * engine's message); `todayDaily`: today's UTC daily seed; `placementTrajectory`:
 * one placement's full trajectory (every step); `sweepTrajectories`: streams the
 * trajectories of every placement of one attempt's sweep (`started` first, with
 * the job id and the total).
 */
export { parseSeed, placementTrajectory, sweepTrajectories, todayDaily } from "../bindings/commands";

/** Everything the generator decided for `seed` (inspector mode), with the rules in force. */
export const inspect = async (seed: number): Promise<Inspection> => {
  const [data, r] = await Promise.all([inspectData(seed), rules()]);
  return { ...data, rules: r };
};

/**
 * The Draws panel's commands (src-tauri/src/commands/draws.rs), under the rules in
 * force: `seedDraws`: the engine's draw record of every attempt the generator
 * made; `whatIf`: the seed with pins beside the seed as it is (refused pins:
 * `pins` with the engine's message); `exportEditedLevel`: save dialog, then the
 * edited level file; `openEditedPlay`: the edited level's play window.
 */
export { exportEditedLevel, openEditedPlay, seedDraws, whatIf } from "../bindings/commands";
