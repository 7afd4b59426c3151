/** Pure helpers of the share / export / import card (no DOM, no IPC): unit-tested. */
import type { PictureKind } from "../bindings/PictureKind";
import type { Drift } from "../bindings/Drift";
import type { ImportedLevel } from "../bindings/ImportedLevel";
import type { ParsedSeed } from "../bindings/ParsedSeed";

/**
 * The warning to show when the seed was opened from a share code made with other
 * rules than the engine's (`null` when there is nothing to warn about).
 */
export function rulesWarning(parsed: ParsedSeed | null, rulesVersion: number | null): string | null {
  if (!parsed || rulesVersion === null || parsed.source.kind !== "share_code") return null;
  const theirs = parsed.source.rules_version;
  if (theirs === rulesVersion) return null;
  return `This share code was made with rules v${theirs}; the studio runs rules v${rulesVersion}, so seed ${parsed.seed} may not make the level that was shared.`;
}

/** The import's verdict in one line. */
export function importHeadline(imported: ImportedLevel): string {
  const v = imported.verification;
  const name = imported.file.daily_key ?? `seed ${v.seed}`;
  if (v.identical) {
    return `${name} regenerates identically with rules v${v.rules_version} (level ${v.regenerated_hash}).`;
  }
  const fields = v.drift.length === 1 ? "1 field differs" : `${v.drift.length} fields differ`;
  return `${name} drifted: the file (rules v${v.file_rules_version}, level ${v.file_hash}) and rules v${v.rules_version} (level ${v.regenerated_hash}): ${fields}.`;
}

/** What an imported file made under other rules than those in force means for it. */
export function importRulesNote(imported: ImportedLevel): string {
  return `Made under rules ${imported.rules_name}, not the rules in force: Play opens the level under its own rules; the inspector shows seed ${imported.verification.seed} under the rules in force.`;
}

/** Drift rows, the most telling first: the level's content, then the verdict, then the rest. */
export function driftRows(drift: readonly Drift[]): Drift[] {
  const rank = (d: Drift) => (d.field.startsWith("level") ? 0 : d.field.startsWith("verdict") ? 1 : 2);
  return [...drift].sort((a, b) => rank(a) - rank(b));
}

/** Pixels per field unit offered for pictures, and the resulting picture size. */
export const PICTURE_SCALES = [4, 6, 10] as const;
export function pictureSize(scale: number): string {
  return `${Math.round(104 * scale)} × ${Math.round(154 * scale)} px`;
}

/** What each picture is called in the card's status line. */
export const PICTURE_WORDS: Record<PictureKind, string> = {
  solution: "picture with the solution",
  puzzle: "puzzle picture",
  sweep: "sweep picture",
};
