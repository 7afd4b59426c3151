/**
 * Running a search from the Seeds view: the search bar's button and a past
 * search's Resume do the same — search the range for the criteria, put a
 * refused criteria's message under the filter box, then show only the matches.
 */
import type { SearchItem } from "../model";
import { browser } from "./browser.svelte";
import { search } from "./search.svelte";

/** Searches the range typed for the filter box's criteria, then shows only its matches. */
export async function searchAndShow(onStored: () => Promise<unknown>): Promise<void> {
  browser.showSearch(null);
  // The table shows the search's own matches from its start (as they are stored),
  // so the screen has one count of them: the search's.
  const problem = await search.start(browser.filterText, onStored, (s) => void browser.showSearchMatches(s.id, s.criteria));
  // The box's error goes as soon as the search took its text (not only once the
  // matches are shown, a round trip later).
  browser.filterError = problem;
  if (!problem && search.search && search.end !== "failed") await browser.showSearchMatches(search.search.id, search.search.criteria);
}

/** Continues a past search: its criteria, range and kind (fast or whole-range totals) go back in the boxes, and it runs from where it stopped. */
export function resumeSearch(item: SearchItem, onStored: () => Promise<unknown>): Promise<void> {
  browser.filterText = item.criteria;
  search.wholeRange = item.summary === "full";
  search.fromText = String(item.from);
  search.toText = String(item.to);
  return searchAndShow(onStored);
}
