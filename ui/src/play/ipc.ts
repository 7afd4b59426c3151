/** Typed wrappers around the play commands (src-tauri/src/play.rs). */
import { invoke } from "@tauri-apps/api/core";
import type { PartCheck } from "../bindings/PartCheck";
import type { Placement } from "../bindings/Placement";
import type { CommandError as PlayCommandError } from "../bindings/CommandError";
import type { PlayLevel as PlayLevelData } from "../bindings/PlayLevel";
import type { PlayRun } from "../bindings/PlayRun";
import type { SolutionFile } from "../bindings/SolutionFile";
import { rules } from "../ipc";
import type { PlayRules } from "../rules";

/** A level with the rules it is played by (from the `rules` command). */
export type PlayLevel = PlayLevelData & { rules: PlayRules };

/** A refused play command: the shell's typed error and its message. */
export class PlayError extends Error {
  readonly detail: PlayCommandError;
  constructor(detail: PlayCommandError) {
    super(detail.message);
    this.detail = detail;
  }
}

function isPlayError(e: unknown): e is PlayCommandError {
  return typeof e === "object" && e !== null && "message" in e && "error" in e;
}

async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    if (isPlayError(e)) throw new PlayError(e);
    throw e;
  }
}

/** Opens (or focuses) the play window of `seed` (from the inspector). */
export const openPlay = (seed: number) => call<string>("open_play", { seed });
export const playLevel = async (seed: number): Promise<PlayLevel> => {
  const [data, r] = await Promise.all([call<PlayLevelData>("play_level", { seed }), rules()]);
  return { ...data, rules: r };
};
/** The engine's verdict on `candidate` standing in for part `index` (`placements.length` adds one). */
export const checkPart = (seed: number, placements: Placement[], index: number, candidate: Placement) =>
  call<PartCheck>("check_part", { seed, placements, index, candidate });
export const runPlay = (seed: number, placements: Placement[]) => call<PlayRun>("run_play", { seed, placements });
/** Save dialog, then the engine's solution file; null when cancelled. */
export const saveSolution = (seed: number, placements: Placement[]) =>
  call<SolutionFile | null>("save_solution", { seed, placements });
/** Open dialog, then the engine's strict reader and replay; null when cancelled. */
export const openSolution = () => call<SolutionFile | null>("open_solution");
