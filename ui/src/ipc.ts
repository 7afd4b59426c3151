/** Typed wrappers around the shell's commands (see src-tauri/src/commands.rs). */
import { Channel, invoke } from "@tauri-apps/api/core";
import type { CommandError } from "./bindings/CommandError";
import type { Inspection as InspectionData } from "./bindings/Inspection";
import type { JobSummary } from "./bindings/JobSummary";
import type { ParsedSeed } from "./bindings/ParsedSeed";
import type { PlacementTrajectory } from "./bindings/PlacementTrajectory";
import type { SweepEvent } from "./bindings/SweepEvent";
import type { RulesInfo } from "./rules";

/** An inspection with the rules it is drawn with (from the `rules` command). */
export type Inspection = InspectionData & { rules: RulesInfo };

/** A rejected command: the shell's typed error. */
export class StudioCommandError extends Error {
  readonly detail: CommandError;
  constructor(detail: CommandError) {
    super(detail.message);
    this.detail = detail;
  }
}

function isCommandError(e: unknown): e is CommandError {
  return typeof e === "object" && e !== null && "message" in e && "error" in e;
}

async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    if (isCommandError(e)) throw new StudioCommandError(e);
    throw e;
  }
}

export const parseSeed = (text: string) => call<ParsedSeed>("parse_seed", { text });
export const todayDaily = () => call<ParsedSeed>("today_daily");
let rulesOnce: Promise<RulesInfo> | null = null;
/** The engine's rules, asked once per window. */
export const rules = (): Promise<RulesInfo> => (rulesOnce ??= call<RulesInfo>("rules"));
export const inspect = async (seed: number): Promise<Inspection> => {
  const [data, r] = await Promise.all([call<InspectionData>("inspect", { seed }), rules()]);
  return { ...data, rules: r };
};
export const placementTrajectory = (seed: number, attempt: number, index: number) =>
  call<PlacementTrajectory>("placement_trajectory", { seed, attempt, index });
export const cancelJob = (job: number) => call<boolean>("cancel_job", { job });

/** Starts streaming all 144 trajectories of one attempt; events arrive on `onEvent`. */
export function sweepTrajectories(
  seed: number,
  attempt: number,
  onEvent: (e: SweepEvent) => void,
): Promise<JobSummary> {
  const channel = new Channel<SweepEvent>();
  channel.onmessage = onEvent;
  return call<JobSummary>("sweep_trajectories", { seed, attempt, onEvent: channel });
}
