/** The catalog commands (studio-core's catalog, through src-tauri/src/commands/catalog.rs), typed. */
import type { Bookmark } from "../bindings/Bookmark";
import type { BookmarkCheck } from "../bindings/BookmarkCheck";
import type { BookmarkInput } from "../bindings/BookmarkInput";
import type { BookmarkQuery } from "../bindings/BookmarkQuery";
import type { CalendarMonth } from "../bindings/CalendarMonth";
import type { CatalogInfo } from "../bindings/CatalogInfo";
import type { ChartTable } from "../bindings/ChartTable";
import type { RangeSummary } from "../bindings/RangeSummary";
import type { ScanEvent } from "../bindings/ScanEvent";
import type { SearchEvent } from "../bindings/SearchEvent";
import type { SearchOutcome } from "../bindings/SearchOutcome";
import type { ScanOutcome } from "../bindings/ScanOutcome";
import type { SeedPage } from "../bindings/SeedPage";
import type { SeedRequest } from "../bindings/SeedRequest";
import type { Stats } from "../bindings/Stats";
import type { Thumbnail } from "../bindings/Thumbnail";
import type { WrittenFile } from "../bindings/WrittenFile";
import { call, channel, rules } from "../lib/ipc";
import type { FieldRules } from "../lib/rules";

export { cancelJob } from "../lib/ipc";
export type { BookmarkQuery, SeedRequest };

/** Where the catalog is, how many seeds it holds, and whether it had to be moved aside. */
export const catalogInfo = () => call<CatalogInfo>("catalog_info");
/** A page of the seeds meeting `query.criteria` (refused with a `criteria` error saying why and where). */
export const querySeeds = (query: SeedRequest) => call<SeedPage>("query_seeds", { query });
/** Statistics over exactly the rows `querySeeds` gives for the same criteria text. */
export const catalogStats = (criteria: string) => call<Stats>("catalog_stats", { criteria });
/** Asks where to save a chart's table as CSV (a native dialog) and writes it; null when cancelled. */
export const exportChartCsv = (table: ChartTable) => call<WrittenFile | null>("export_chart_csv", { table });
/** Asks which whole-range summary file (`_summary.json`) to open and reads it strictly; null when cancelled. */
export const openRangeSummary = () => call<RangeSummary | null>("open_range_summary");
/** The shipped worlds of up to 256 seeds, for thumbnails. */
export const thumbnails = (seeds: number[]) => call<Thumbnail[]>("seed_thumbnails", { seeds });
/** The field's rules, to draw thumbnails and the placement map with (the `rules` command, asked once). */
export const fieldRules = (): Promise<FieldRules> => rules();
export const calendar = (year: number, month: number) => call<CalendarMonth>("calendar", { year, month });
/** The bookmarks that match `query` (every word of the search, the whole tag, the seed), newest first. */
export const listBookmarks = (query: BookmarkQuery) => call<Bookmark[]>("list_bookmarks", { query });
/** Bookmarks a seed; a bookmarked seed is refused (`already_bookmarked`, naming its bookmark). */
export const bookmarkSeed = (seed: number, input: BookmarkInput) => call<Bookmark>("bookmark_seed", { seed, input });
export const editBookmark = (id: number, input: BookmarkInput) => call<Bookmark>("edit_bookmark", { id, input });
export const removeBookmark = (id: number) => call<null>("remove_bookmark", { id });
export const verifyBookmarks = () => call<BookmarkCheck[]>("verify_bookmarks");

/** Scans (or resumes) `from..to`; events arrive on `onEvent`. */
export const startScan = (from: number, to: number, onEvent: (e: ScanEvent) => void) =>
  call<ScanOutcome>("start_scan", { from, to, onEvent: channel(onEvent) });

/**
 * Searches (or continues the unfinished search of the same criteria and range)
 * `from..to` for `criteria`; events arrive on `onEvent`; the matches land in the catalog.
 */
export const startSearch = (criteria: string, from: number, to: number, onEvent: (e: SearchEvent) => void) =>
  call<SearchOutcome>("start_search", { criteria, from, to, onEvent: channel(onEvent) });
