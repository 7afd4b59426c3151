/** The Share & export commands (src-tauri/src/exchange.rs), typed. */
import type { ImportedLevel } from "../bindings/ImportedLevel";
import type { PictureKind } from "../bindings/PictureKind";
import type { SharedSeed } from "../bindings/SharedSeed";
import type { WrittenFile } from "../bindings/WrittenFile";
import { call } from "../lib/ipc";

/** The share code of `seed`. */
export const shareCode = (seed: number) => call<SharedSeed>("share_code", { seed });
/** Save dialog, then the level file of `seed` (daily key kept); null when cancelled. */
export const exportLevelFile = (seed: number, dailyKey: string | null) =>
  call<WrittenFile | null>("export_level_file", { seed, dailyKey });
/** Save dialog, then a PNG of one attempt (with the solution, the puzzle alone, or its sweep); null when cancelled. */
export const exportPicture = (seed: number, attempt: number | null, scale: number, kind: PictureKind) =>
  call<WrittenFile | null>("export_picture", { seed, attempt, scale, kind });
/**
 * Open dialog, then the strict reader and a regeneration; null when cancelled.
 * A file with slow rules is refused (`slow_rules`) unless `allowSlow` is the path
 * that refusal named: that file is read again with them allowed, without a dialog.
 */
export const importLevelFile = (allowSlow: string | null) => call<ImportedLevel | null>("import_level_file", { allowSlow });
