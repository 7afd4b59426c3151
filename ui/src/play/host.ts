/**
 * Where the play code's engine runs: here, the studio's shell (the play commands
 * through Tauri's IPC, the level named by the window's query). The one-file web
 * player (`contraption export --html`) builds the same play code with this module
 * replaced by `src/web/host.ts` (its engine compiled to WebAssembly inside the
 * page); nothing else differs (test/web-host.test.ts checks both export the same
 * names).
 */
import type { Pin } from "../bindings/Pin";
import type { SolutionFile } from "../bindings/SolutionFile";
import * as commands from "./api";
import type { PlayApi } from "./api";
import { pinsParam, rulesParam, seedParam } from "./model";

/** The play commands. */
export const hostApi: PlayApi = {
  playLevel: commands.playLevel,
  checkPart: commands.checkPart,
  runPlay: commands.runPlay,
  saveSolution: commands.saveSolution,
  openSolution: commands.openSolution,
};

/** What the play code opens first: a seed's level under rules (an id), with pins for an edited level, or why it cannot. */
export type HostStart = { seed: number; rules: string; pins: Pin[] } | { error: string };

/** The window's level, from its query (`play.html?seed=N&rules=ID[&pins=HEX]`). */
export async function hostStart(): Promise<HostStart> {
  const seed = seedParam(location.search);
  const rules = rulesParam(location.search);
  const pins = pinsParam(location.search);
  if (seed === null || rules === null || pins === null) return { error: `This window was opened without a seed and rules (${location.search || "no query"}).` };
  return { seed, rules, pins };
}

/** The solution shipped with the level, to watch (a page's; a window has none: it opens solution files). */
export const hostSolution: (() => Promise<SolutionFile | null>) | null = null;

