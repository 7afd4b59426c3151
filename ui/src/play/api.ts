/**
 * The play commands (src-tauri/src/commands/play.rs), generated from the command list. A play window plays
 * one seed under one set of rules, named by id (`rules`): the studio's rules in
 * force, or the rules a level or solution file embeds.
 */
import type { PartCheck } from "../bindings/PartCheck";
import type { Pin } from "../bindings/Pin";
import type { Placement } from "../bindings/Placement";
import type { PlayLevel as PlayLevelData } from "../bindings/PlayLevel";
import type { PlayRun } from "../bindings/PlayRun";
import type { SolutionFile } from "../bindings/SolutionFile";
import { openPlay as openPlayIn } from "../bindings/commands";
import type { PlayRules } from "../lib/rules";

/** A level with the rules it is played under (the part of them the window uses). */
export type PlayLevel = Omit<PlayLevelData, "rules"> & { rules: PlayRules };

/** The commands the play window needs (the real ones in the window, fakes in tests). */
export interface PlayApi {
  /** `pins`: an edited level's (empty for the seed's own level), passed to every play command. */
  playLevel(seed: number, rules: string, pins: Pin[]): Promise<PlayLevel>;
  checkPart(seed: number, rules: string, pins: Pin[], placements: Placement[], index: number, candidate: Placement): Promise<PartCheck>;
  runPlay(seed: number, rules: string, pins: Pin[], placements: Placement[]): Promise<PlayRun>;
  saveSolution(seed: number, rules: string, pins: Pin[], placements: Placement[]): Promise<SolutionFile | null>;
  /** `allowSlow`: the path a `slow_rules` refusal named, to read that file again with its slow rules allowed. */
  openSolution(allowSlow: string | null): Promise<SolutionFile | null>;
}

/** Opens (or focuses) the play window of `seed` (from the main window) under the rules `rules` (an id; the rules in force when absent). */
export const openPlay = (seed: number, rules?: string) => openPlayIn(seed, rules ?? null);

/**
 * `playLevel`: the shipped level of `seed` under `rules`, its hints, and the
 * rules; `checkPart`: the engine's verdict on `candidate` standing in for part
 * `index` (`placements.length` adds one); `runPlay`: one run of the engine with
 * the player's parts; `saveSolution`: save dialog, then the engine's solution
 * file (null when cancelled); `openSolution`: open dialog, then the engine's
 * strict reader and replay (null when cancelled). A file with slow rules is
 * refused (`slow_rules`) unless `allowSlow` is the path that refusal named: that
 * file is read again with them allowed, without a dialog.
 */
export { checkPart, openSolution, playLevel, runPlay, saveSolution } from "../bindings/commands";
