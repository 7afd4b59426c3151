/** The play commands (src-tauri/src/play.rs), typed. */
import type { PartCheck } from "../bindings/PartCheck";
import type { Placement } from "../bindings/Placement";
import type { PlayLevel as PlayLevelData } from "../bindings/PlayLevel";
import type { PlayRun } from "../bindings/PlayRun";
import type { SolutionFile } from "../bindings/SolutionFile";
import { call, rules } from "../lib/ipc";
import type { PlayRules } from "../lib/rules";

/** A level with the rules it is played by (from the `rules` command). */
export type PlayLevel = PlayLevelData & { rules: PlayRules };

/** The commands the play window needs (the real ones in the window, fakes in tests). */
export interface PlayApi {
  playLevel(seed: number): Promise<PlayLevel>;
  checkPart(seed: number, placements: Placement[], index: number, candidate: Placement): Promise<PartCheck>;
  runPlay(seed: number, placements: Placement[]): Promise<PlayRun>;
  saveSolution(seed: number, placements: Placement[]): Promise<SolutionFile | null>;
  openSolution(): Promise<SolutionFile | null>;
}

/** Opens (or focuses) the play window of `seed` (from the main window). */
export const openPlay = (seed: number) => call<string>("open_play", { seed });
/** The shipped level of `seed` and its hints, with the rules (from the `rules` command). */
export const playLevel = async (seed: number): Promise<PlayLevel> => {
  const [data, r] = await Promise.all([call<PlayLevelData>("play_level", { seed }), rules()]);
  return { ...data, rules: r };
};
/** The engine's verdict on `candidate` standing in for part `index` (`placements.length` adds one). */
export const checkPart = (seed: number, placements: Placement[], index: number, candidate: Placement) =>
  call<PartCheck>("check_part", { seed, placements, index, candidate });
/** One run of the engine with the player's parts. */
export const runPlay = (seed: number, placements: Placement[]) => call<PlayRun>("run_play", { seed, placements });
/** Save dialog, then the engine's solution file; null when cancelled. */
export const saveSolution = (seed: number, placements: Placement[]) =>
  call<SolutionFile | null>("save_solution", { seed, placements });
/** Open dialog, then the engine's strict reader and replay; null when cancelled. */
export const openSolution = () => call<SolutionFile | null>("open_solution");
