/** The inspector's commands (src-tauri/src/commands.rs), typed. */
import type { Inspection as InspectionData } from "../bindings/Inspection";
import type { JobSummary } from "../bindings/JobSummary";
import type { ParsedSeed } from "../bindings/ParsedSeed";
import type { PlacementTrajectory } from "../bindings/PlacementTrajectory";
import type { SweepEvent } from "../bindings/SweepEvent";
import { call, channel } from "../lib/ipc";
import { rules } from "../lib/ipc";
import type { RulesInfo } from "../lib/rules";

/** An inspection with the rules it is drawn with (from the `rules` command). */
export type Inspection = InspectionData & { rules: RulesInfo };

export { cancelJob } from "../lib/ipc";

/** The engine's seed parser; fails with `invalid_seed` and the engine's message. */
export const parseSeed = (text: string) => call<ParsedSeed>("parse_seed", { text });
/** Today's UTC daily seed. */
export const todayDaily = () => call<ParsedSeed>("today_daily");
/** Everything the generator decided for `seed` (inspector mode). */
export const inspect = async (seed: number): Promise<Inspection> => {
  const [data, r] = await Promise.all([call<InspectionData>("inspect", { seed }), rules()]);
  return { ...data, rules: r };
};
/** One placement's full trajectory (every step). */
export const placementTrajectory = (seed: number, attempt: number, index: number) =>
  call<PlacementTrajectory>("placement_trajectory", { seed, attempt, index });

/** Streams the trajectories of every placement of one attempt's sweep; events arrive on `onEvent` (`started` first, with the job id and the total). */
export const sweepTrajectories = (seed: number, attempt: number, onEvent: (e: SweepEvent) => void) =>
  call<JobSummary>("sweep_trajectories", { seed, attempt, onEvent: channel(onEvent) });
