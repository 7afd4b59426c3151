/** Typed wrappers around the catalog commands (src-tauri/src/catalog.rs). */
import { Channel, invoke } from "@tauri-apps/api/core";
import type { Bookmark } from "../bindings/Bookmark";
import type { BookmarkCheck } from "../bindings/BookmarkCheck";
import type { BookmarkInput } from "../bindings/BookmarkInput";
import type { CalendarMonth as CalendarMonthData } from "../bindings/CalendarMonth";
import type { CommandError as CatalogCommandError } from "../bindings/CommandError";
import type { CatalogInfo } from "../bindings/CatalogInfo";
import type { ScanEvent } from "../bindings/ScanEvent";
import type { ScanOutcome } from "../bindings/ScanOutcome";
import type { SeedPage } from "../bindings/SeedPage";
import type { Stats } from "../bindings/Stats";
import type { Thumbnail } from "../bindings/Thumbnail";
import { rules } from "../ipc";
import type { FieldRules } from "../rules";

/** Thumbnails with the rules they are drawn with (from the `rules` command). */
export interface Thumbnails {
  rules: FieldRules;
  worlds: Thumbnail[];
}
/** A calendar month with the rules its thumbnails are drawn with. */
export type CalendarMonth = CalendarMonthData & { rules: FieldRules };
import type { Filter } from "./model";

/** `SeedQuery` with number filter values (see `Filter` in model.ts). */
export interface SeedQuery {
  filters: Filter[];
  sort: import("../bindings/Column").Column;
  descending: boolean;
  offset: number;
  limit: number;
}

/** A rejected catalog command: the shell's typed error. */
export class CatalogCommandFailed extends Error {
  readonly detail: CatalogCommandError;
  constructor(detail: CatalogCommandError) {
    super(detail.message);
    this.detail = detail;
  }
}

function isCommandError(e: unknown): e is CatalogCommandError {
  return typeof e === "object" && e !== null && "message" in e && "error" in e;
}

async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    if (isCommandError(e)) throw new CatalogCommandFailed(e);
    throw e;
  }
}

export const catalogInfo = () => call<CatalogInfo>("catalog_info");
export const querySeeds = (query: SeedQuery) => call<SeedPage>("query_seeds", { query });
export const catalogStats = (filters: Filter[]) => call<Stats>("catalog_stats", { filters });
export const seedThumbnails = async (seeds: number[]): Promise<Thumbnails> => {
  const [worlds, r] = await Promise.all([call<Thumbnail[]>("seed_thumbnails", { seeds }), rules()]);
  return { rules: r, worlds };
};
export const calendar = async (year: number, month: number): Promise<CalendarMonth> => {
  const [data, r] = await Promise.all([call<CalendarMonthData>("calendar", { year, month }), rules()]);
  return { ...data, rules: r };
};
export const listBookmarks = (search: string | null) =>
  call<Bookmark[]>("list_bookmarks", { query: { search, tag: null, seed: null } });
export const bookmarkSeed = (seed: number, input: BookmarkInput) => call<Bookmark>("bookmark_seed", { seed, input });
export const editBookmark = (id: number, input: BookmarkInput) => call<Bookmark>("edit_bookmark", { id, input });
export const removeBookmark = (id: number) => call<null>("remove_bookmark", { id });
export const verifyBookmarks = () => call<BookmarkCheck[]>("verify_bookmarks");
export const cancelJob = (job: number) => call<boolean>("cancel_job", { job });

/** Scans (or resumes) `from..to`; events arrive on `onEvent`. */
export function startScan(from: number, to: number, onEvent: (e: ScanEvent) => void): Promise<ScanOutcome> {
  const channel = new Channel<ScanEvent>();
  channel.onmessage = onEvent;
  return call<ScanOutcome>("start_scan", { from, to, onEvent: channel });
}
