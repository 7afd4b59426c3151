/** The expressive-range commands (studio-core's range, through src-tauri/src/commands/range.rs), typed. */
import type { LabRules } from "../bindings/LabRules";
import type { Metric } from "../bindings/Metric";
import type { RangeReport } from "../bindings/RangeReport";
import type { WrittenFile } from "../bindings/WrittenFile";
import { call } from "../lib/ipc";

/** The remembered view settings (lib/ipc.ts), where the picked metrics are kept. */
export { setViewSettings, viewSettings } from "../lib/ipc";

/** The exact counts of `x` × `y` per seed of `from..to` as stored under A and B. */
export const abRange = (a: LabRules, b: LabRules, from: number, to: number, x: Metric, y: Metric) =>
  call<RangeReport>("ab_range", { a, b, from, to, x, y });
/** Saves the figure as PNG (native dialog; the bytes of `contraption compare --png`); null when cancelled. */
export const exportAbRangePng = (a: LabRules, b: LabRules, from: number, to: number, x: Metric, y: Metric) =>
  call<WrittenFile | null>("export_ab_range_png", { a, b, from, to, x, y });
