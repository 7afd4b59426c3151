/** The catalog commands (src-tauri/src/catalog.rs), typed. */
import type { Bookmark } from "../bindings/Bookmark";
import type { BookmarkCheck } from "../bindings/BookmarkCheck";
import type { BookmarkInput } from "../bindings/BookmarkInput";
import type { CalendarMonth as CalendarMonthData } from "../bindings/CalendarMonth";
import type { CatalogInfo } from "../bindings/CatalogInfo";
import type { Column } from "../bindings/Column";
import type { ScanEvent } from "../bindings/ScanEvent";
import type { ScanOutcome } from "../bindings/ScanOutcome";
import type { SeedPage } from "../bindings/SeedPage";
import type { Stats } from "../bindings/Stats";
import type { Thumbnail } from "../bindings/Thumbnail";
import { call, channel, rules } from "../lib/ipc";
import type { FieldRules } from "../lib/rules";

/** Thumbnails with the rules they are drawn with (from the `rules` command). */
export interface Thumbnails {
  rules: FieldRules;
  worlds: Thumbnail[];
}
/** A calendar month with the rules its thumbnails are drawn with. */
export type CalendarMonth = CalendarMonthData & { rules: FieldRules };
import type { Filter } from "./model";

export { cancelJob } from "../lib/ipc";

/** `SeedQuery` with number filter values (see `Filter` in model.ts). */
export interface SeedQuery {
  filters: Filter[];
  sort: Column;
  descending: boolean;
  offset: number;
  limit: number;
}

/** Where the catalog is, how many seeds it holds, and whether it had to be moved aside. */
export const catalogInfo = () => call<CatalogInfo>("catalog_info");
export const querySeeds = (query: SeedQuery) => call<SeedPage>("query_seeds", { query });
export const catalogStats = (filters: Filter[]) => call<Stats>("catalog_stats", { filters });
/** The worlds of up to 256 seeds, for thumbnails (with the rules to draw them). */
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

/** Scans (or resumes) `from..to`; events arrive on `onEvent`. */
export const startScan = (from: number, to: number, onEvent: (e: ScanEvent) => void) =>
  call<ScanOutcome>("start_scan", { from, to, onEvent: channel(onEvent) });
