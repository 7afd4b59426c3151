/** Typed wrappers around the catalog commands (src-tauri/src/catalog.rs). */
import { Channel, invoke } from "@tauri-apps/api/core";
import type { Bookmark } from "../bindings/Bookmark";
import type { BookmarkCheck } from "../bindings/BookmarkCheck";
import type { BookmarkInput } from "../bindings/BookmarkInput";
import type { CalendarMonth } from "../bindings/CalendarMonth";
import type { CatalogCommandError } from "../bindings/CatalogCommandError";
import type { CatalogInfo } from "../bindings/CatalogInfo";
import type { ScanEvent } from "../bindings/ScanEvent";
import type { ScanOutcome } from "../bindings/ScanOutcome";
import type { SeedPage } from "../bindings/SeedPage";
import type { Stats } from "../bindings/Stats";
import type { Thumbnails } from "../bindings/Thumbnails";
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
export const seedThumbnails = (seeds: number[]) => call<Thumbnails>("seed_thumbnails", { seeds });
export const calendar = (year: number, month: number) => call<CalendarMonth>("calendar", { year, month });
export const listBookmarks = (search: string | null) => call<Bookmark[]>("list_bookmarks", { search });
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
