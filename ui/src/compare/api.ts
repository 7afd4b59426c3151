/** The compare view's command (src-tauri/src/commands/compare.rs), typed. */
import type { ComparedSeed } from "../bindings/ComparedSeed";
import { call } from "../lib/ipc";

/** Two to four seeds side by side, under the rules in force (the inspector's inspection). */
export const compareSeeds = (seeds: number[]) => call<ComparedSeed[]>("compare_seeds", { seeds });
