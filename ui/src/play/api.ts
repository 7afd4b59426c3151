/**
 * The play commands (src-tauri/src/commands/play.rs), typed. A play window plays
 * one seed under one set of rules, named by id (`rules`): the studio's rules in
 * force, or the rules a level or solution file embeds.
 */
import type { PartCheck } from "../bindings/PartCheck";
import type { Placement } from "../bindings/Placement";
import type { PlayLevel as PlayLevelData } from "../bindings/PlayLevel";
import type { PlayRun } from "../bindings/PlayRun";
import type { SolutionFile } from "../bindings/SolutionFile";
import { call } from "../lib/ipc";
import type { PlayRules } from "../lib/rules";

/** A level with the rules it is played under (the part of them the window uses). */
export type PlayLevel = Omit<PlayLevelData, "rules"> & { rules: PlayRules };

/** The commands the play window needs (the real ones in the window, fakes in tests). */
export interface PlayApi {
  playLevel(seed: number, rules: string): Promise<PlayLevel>;
  checkPart(seed: number, rules: string, placements: Placement[], index: number, candidate: Placement): Promise<PartCheck>;
  runPlay(seed: number, rules: string, placements: Placement[]): Promise<PlayRun>;
  saveSolution(seed: number, rules: string, placements: Placement[]): Promise<SolutionFile | null>;
  /** `allowSlow`: the path a `slow_rules` refusal named, to read that file again with its slow rules allowed. */
  openSolution(allowSlow: string | null): Promise<SolutionFile | null>;
}

/** Opens (or focuses) the play window of `seed` (from the main window) under the rules `rules` (an id; the rules in force when absent). */
export const openPlay = (seed: number, rules?: string) => call<string>("open_play", { seed, rules: rules ?? null });
/** The shipped level of `seed` under `rules`, its hints, and the rules. */
export const playLevel = (seed: number, rules: string) => call<PlayLevelData>("play_level", { seed, rules });
/** The engine's verdict on `candidate` standing in for part `index` (`placements.length` adds one). */
export const checkPart = (seed: number, rules: string, placements: Placement[], index: number, candidate: Placement) =>
  call<PartCheck>("check_part", { seed, rules, placements, index, candidate });
/** One run of the engine with the player's parts. */
export const runPlay = (seed: number, rules: string, placements: Placement[]) => call<PlayRun>("run_play", { seed, rules, placements });
/** Save dialog, then the engine's solution file; null when cancelled. */
export const saveSolution = (seed: number, rules: string, placements: Placement[]) =>
  call<SolutionFile | null>("save_solution", { seed, rules, placements });
/**
 * Open dialog, then the engine's strict reader and replay; null when cancelled.
 * A file with slow rules is refused (`slow_rules`) unless `allowSlow` is the path
 * that refusal named: that file is read again with them allowed, without a dialog.
 */
export const openSolution = (allowSlow: string | null) => call<SolutionFile | null>("open_solution", { allowSlow });
