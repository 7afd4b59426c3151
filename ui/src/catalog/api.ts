/** The catalog commands (src-tauri/src/catalog.rs), typed. */
import type { Bookmark } from "../bindings/Bookmark";
import type { BookmarkCheck } from "../bindings/BookmarkCheck";
import type { BookmarkInput } from "../bindings/BookmarkInput";
import type { CalendarMonth } from "../bindings/CalendarMonth";
import type { CatalogInfo } from "../bindings/CatalogInfo";
import type { Column } from "../bindings/Column";
import type { ScanEvent } from "../bindings/ScanEvent";
import type { ScanOutcome } from "../bindings/ScanOutcome";
import type { SeedPage } from "../bindings/SeedPage";
import type { Stats } from "../bindings/Stats";
import type { Thumbnails } from "../bindings/Thumbnails";
import { call, channel } from "../lib/ipc";
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
/** The worlds of up to 128 seeds, for thumbnails (with the rules to draw them). */
export const seedThumbnails = (seeds: number[]) => call<Thumbnails>("seed_thumbnails", { seeds });
export const calendar = (year: number, month: number) => call<CalendarMonth>("calendar", { year, month });
export const listBookmarks = (search: string | null) => call<Bookmark[]>("list_bookmarks", { search });
export const bookmarkSeed = (seed: number, input: BookmarkInput) => call<Bookmark>("bookmark_seed", { seed, input });
export const editBookmark = (id: number, input: BookmarkInput) => call<Bookmark>("edit_bookmark", { id, input });
export const removeBookmark = (id: number) => call<null>("remove_bookmark", { id });
export const verifyBookmarks = () => call<BookmarkCheck[]>("verify_bookmarks");

/** Scans (or resumes) `from..to`; events arrive on `onEvent`. */
export const startScan = (from: number, to: number, onEvent: (e: ScanEvent) => void) =>
  call<ScanOutcome>("start_scan", { from, to, onEvent: channel(onEvent) });
