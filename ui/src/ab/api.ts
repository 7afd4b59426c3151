/**
 * The A/B commands (studio-core's ab module, through src-tauri/src/commands/ab.rs),
 * generated from the command list: `startAb` scans `from..to` under A and under
 * B (a side already stored is reused), streaming events; `abReport` compares
 * them as stored (`not_scanned` before the scans); `abWouldChange` lists the
 * bookmarks and upcoming daily levels that differ; `abThumbnails` the shipped
 * worlds of up to 256 seeds under one side; `exportAbCsv` saves the comparison
 * as CSV (the rows written, or null when cancelled).
 */
export { abReport, abThumbnails, abWouldChange, exportAbCsv, startAb } from "../bindings/commands";

export { cancelJob } from "../lib/ipc";
