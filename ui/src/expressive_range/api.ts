/**
 * The expressive-range commands (studio-core's range, through
 * src-tauri/src/commands/expressive_range.rs), generated from the command list:
 * `abExpressiveRange` (the exact counts of `x` × `y` per seed of `from..to` as stored under
 * A and B) and `exportExpressiveRangePng` (the figure saved as PNG through a native
 * dialog, the bytes of `contraption compare --png`; null when cancelled).
 */
export { abExpressiveRange, exportExpressiveRangePng } from "../bindings/commands";

/** The remembered view settings (lib/ipc.ts), where the picked metrics are kept. */
export { setViewSettings, viewSettings } from "../lib/ipc";
