/** The A/B commands (studio-core's lab, through src-tauri/src/commands/lab.rs), typed. */
import type { AbEvent } from "../bindings/AbEvent";
import type { AbOutcome } from "../bindings/AbOutcome";
import type { AbReport } from "../bindings/AbReport";
import type { LabRules } from "../bindings/LabRules";
import type { Thumbnail } from "../bindings/Thumbnail";
import type { WouldChange } from "../bindings/WouldChange";
import { call, channel } from "../lib/ipc";

export { cancelJob } from "../lib/ipc";

/** Scans `from..to` under A and under B (a side already stored is reused), streaming events. */
export const startAb = (a: LabRules, b: LabRules, from: number, to: number, onEvent: (e: AbEvent) => void) =>
  call<AbOutcome>("start_ab", { a, b, from, to, onEvent: channel(onEvent) });
/** The comparison of `from..to` as stored under A and B (refused with `not_scanned` before the scans). */
export const abReport = (a: LabRules, b: LabRules, from: number, to: number) => call<AbReport>("ab_report", { a, b, from, to });
/** The bookmarks and upcoming daily levels whose level differs between A and B. */
export const abWouldChange = (a: LabRules, b: LabRules) => call<WouldChange>("ab_would_change", { a, b });
/** The shipped worlds of up to 256 seeds under one side's rules. */
export const abThumbnails = (side: LabRules, seeds: number[]) => call<Thumbnail[]>("ab_thumbnails", { side, seeds });
/** Saves the comparison of `from..to` as CSV (native dialog); the rows written, or null when cancelled. */
export const exportAbCsv = (a: LabRules, b: LabRules, from: number, to: number) => call<number | null>("export_ab_csv", { a, b, from, to });
