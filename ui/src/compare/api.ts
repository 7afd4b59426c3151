/** The compare view's command (src-tauri/src/commands/compare.rs), generated from the command list. */

/** Two to four seeds side by side, under the rules in force (the inspector's inspection). */
export { compareSeeds } from "../bindings/commands";
