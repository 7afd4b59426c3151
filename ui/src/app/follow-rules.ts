/**
 * What follows a change of the rules in force: the catalog's info (asked under
 * them), the seeds browser (its rows are theirs; a search of other rules is no
 * longer shown), the calendar's month, the bookmarks' marks and the thumbnails
 * (a seed's shipped world is another one now). The statistics follow the
 * catalog's info by themselves (their key holds its rules id); the inspector
 * inspects again on `rulesState.applied`.
 */
import { bookmarks } from "../catalog/bookmarks/bookmarks.svelte";
import { calendar } from "../catalog/calendar/calendar.svelte";
import { browser } from "../catalog/seeds/browser.svelte";
import { catalog } from "../catalog/state.svelte";
import { thumbs } from "../catalog/thumbs.svelte";

export function followRules(): void {
  thumbs.reset();
  bookmarks.rulesChanged();
  void catalog.refresh();
  if (browser.search !== null) browser.showSearch(null);
  else void browser.reload();
  if (calendar.year) void calendar.show();
}
