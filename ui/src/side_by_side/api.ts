/** The seeds-side-by-side view's command (src-tauri/src/commands/side_by_side.rs), generated from the command list. */

/** Two to four seeds side by side, under the rules in force (the inspector's inspection). */
export { seedsSideBySide } from "../bindings/commands";
