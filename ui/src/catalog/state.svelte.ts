/**
 * The catalog's shared state: what `catalog_info` last said (where the file
 * is, how many seeds it holds, its scans, whether it had to be moved aside).
 * The view bar's catalog line, the moved-aside banner and the seed browser's
 * scan list all derive from `info`; anything that changes the catalog calls
 * `refresh()`.
 */
import type { CatalogInfo } from "../bindings/CatalogInfo";
import { errorMessage } from "../lib/ipc";
import * as api from "./api";

export class CatalogState {
  /** The last answer of `catalog_info` (an IPC payload: replaced whole). */
  info = $state.raw<CatalogInfo | null>(null);
  /** Why `catalog_info` failed, when it did. */
  error = $state<string | null>(null);
  /** Whether the user dismissed the moved-aside banner. */
  bannerDismissed = $state(false);

  readonly #catalogInfo: () => Promise<CatalogInfo>;
  #request = 0;

  constructor(catalogInfo: () => Promise<CatalogInfo>) {
    this.#catalogInfo = catalogInfo;
  }

  /** Asks the shell again. */
  async refresh(): Promise<void> {
    const request = ++this.#request;
    try {
      const info = await this.#catalogInfo();
      if (request !== this.#request) return;
      this.info = info;
      this.error = null;
    } catch (e) {
      if (request === this.#request) this.error = errorMessage(e);
    }
  }
}

/** What the banner under the view bar says about the catalog file, if anything. */
export type Banner =
  | { state: "ok" }
  | { state: "failure"; title: string; text: string }
  | { state: "moved"; title: string; text: string };

export function bannerOf(info: CatalogInfo | null): Banner {
  if (!info) return { state: "ok" };
  if (info.failure) {
    return {
      state: "failure",
      title: "The catalog could not be opened. ",
      text: `${info.failure} (${info.path}). Scans and bookmarks are unavailable; the file was left untouched.`,
    };
  }
  if (info.moved_aside) {
    return {
      state: "moved",
      title: "The catalog file was not usable and was moved aside. ",
      text: `${info.path} → ${info.moved_aside}${info.reason ? ` (${info.reason})` : ""}. A fresh, empty catalog was created; the old file was kept, not deleted.`,
    };
  }
  return { state: "ok" };
}

/**
 * The view bar's line about the catalog: the seeds stored under the rules in
 * force (the rules `info` was asked under, named `v1` or by id); its tooltip
 * also counts the rows other rules have, and says where the file is.
 */
export function catalogLine(info: CatalogInfo): { text: string; title: string } {
  const n = (x: number) => x.toLocaleString("en-US");
  const others = info.all_rows - info.seeds;
  const rest = others > 0 ? ` (${n(others)} more under other rules)` : "";
  return {
    text: `${n(info.seeds)} seeds · rules ${info.rules_name}`,
    title: `${n(info.seeds)} seeds in the catalog under rules ${info.rules_name}${rest} · ${info.path}`,
  };
}

/** The main window's catalog state. */
export const catalog = new CatalogState(api.catalogInfo);
