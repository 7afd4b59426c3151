/**
 * The catalog commands (studio-core's catalog, through
 * src-tauri/src/commands/catalog.rs and stats.rs), generated from the command list:
 * `catalogInfo` (where the catalog is, what it holds, whether it was moved
 * aside), `querySeeds` (a page of the seeds meeting `query.criteria`; refused with
 * a `criteria` error saying why and where), `catalogStats` (statistics over
 * exactly the rows `querySeeds` gives for the same criteria), `exportChartCsv`
 * and `openRangeSummary` (native dialogs; null when cancelled), `calendar`, the
 * bookmarks (`listBookmarks` newest first; `bookmarkSeed` refuses a bookmarked
 * seed with `already_bookmarked`), `startScan` (scans or resumes `from..to`) and
 * `startSearch` (searches, fast or with the whole range's totals (`summary`
 * "full"), or continues the unfinished search of the same criteria, range and
 * kind; the matches land in the catalog), their events on `onEvent`.
 */
import type { BookmarkQuery } from "../bindings/BookmarkQuery";
import type { SeedRequest } from "../bindings/SeedRequest";
import { rules } from "../lib/ipc";
import type { FieldRules } from "../lib/rules";

export {
  bookmarkSeed,
  calendar,
  catalogInfo,
  catalogStats,
  editBookmark,
  exportChartCsv,
  listBookmarks,
  openRangeSummary,
  querySeeds,
  removeBookmark,
  startScan,
  startSearch,
  verifyBookmarks,
} from "../bindings/commands";
/** The shipped worlds of up to 256 seeds, for thumbnails. */
export { seedThumbnails as thumbnails } from "../bindings/commands";

export { cancelJob } from "../lib/ipc";
export type { BookmarkQuery, SeedRequest };

/** The field's rules, to draw thumbnails and the placement map with (the `rules` command, asked once). */
export const fieldRules = (): Promise<FieldRules> => rules();
