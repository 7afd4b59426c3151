/**
 * Bookmarks (the list, which seeds are bookmarked, the dialog) and the
 * calendar, with a fake catalog: one bookmark per seed, the button follows
 * every change, a tag narrows the list, stale answers are dropped.
 */
import { describe, expect, it } from "vitest";
import type { Bookmark } from "../src/bindings/Bookmark";
import type { BookmarkInput } from "../src/bindings/BookmarkInput";
import type { CalendarMonth } from "../src/bindings/CalendarMonth";
import type { BookmarkQuery } from "../src/catalog/api";
import { Bookmarks } from "../src/catalog/bookmarks/bookmarks.svelte";
import { BookmarkForm } from "../src/catalog/bookmarks/form.svelte";
import { Calendar } from "../src/catalog/calendar/calendar.svelte";
import { CommandFailed } from "../src/lib/ipc";
import { flush, watch } from "./helpers/watch.svelte";

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A catalog's bookmarks: every word of the search, the whole tag, the seed (what the shell does). */
function fakeCatalog(options: { refuseSecond?: boolean } = {}) {
  const store: Bookmark[] = [];
  let next = 1;
  const calls: string[] = [];
  const make = (seed: number, input: BookmarkInput): Bookmark =>
    ({ id: next++, seed, ...input, level_hash: `h${seed}`, rules_version: 1, created_at: "2026-11-30T10:00:00Z", updated_at: "2026-11-30T10:00:00Z" }) as unknown as Bookmark;
  return {
    store,
    calls,
    /** Adds a bookmark behind the window's back (the CLI). */
    addElsewhere(seed: number, note: string) {
      store.unshift(make(seed, { note, tags: [] }));
    },
    async listBookmarks(q: BookmarkQuery): Promise<Bookmark[]> {
      calls.push(`list ${JSON.stringify(q)}`);
      const words = (q.search ?? "").toLowerCase().split(/[\s,]+/).filter(Boolean);
      return store.filter(
        (b) =>
          (q.seed === null || b.seed === q.seed) &&
          (q.tag === null || b.tags.some((t) => t.toLowerCase() === q.tag!.toLowerCase())) &&
          words.every((w) => b.note.toLowerCase().includes(w) || b.tags.some((t) => t.toLowerCase().includes(w)) || String(b.seed).includes(w)),
      );
    },
    async bookmarkSeed(seed: number, input: BookmarkInput): Promise<Bookmark> {
      calls.push(`add ${seed}`);
      const taken = store.find((b) => b.seed === seed);
      if (taken && options.refuseSecond) {
        throw new CommandFailed("bookmark_seed", {
          message: `seed ${seed} is already bookmarked`,
          error: { kind: "catalog", error: { kind: "already_bookmarked", detail: { seed, id: Number(taken.id) } } },
        } as never);
      }
      const b = make(seed, input);
      store.unshift(b);
      return b;
    },
    async editBookmark(id: number, input: BookmarkInput): Promise<Bookmark> {
      calls.push(`edit ${id}`);
      const i = store.findIndex((b) => Number(b.id) === id);
      store[i] = { ...store[i]!, ...input, updated_at: "2026-11-30T11:00:00Z" };
      return store[i]!;
    },
    async removeBookmark(id: number): Promise<null> {
      calls.push(`remove ${id}`);
      store.splice(
        store.findIndex((b) => Number(b.id) === id),
        1,
      );
      return null;
    },
    async verifyBookmarks() {
      return store.map((bookmark) => ({ bookmark, current_hash: bookmark.level_hash, current_rules_version: 1, changed: bookmark.seed === 13 }));
    },
  };
}

describe("bookmarks", () => {
  it("tells the bookmark button whether the seed shown is bookmarked, through add, edit and delete", async () => {
    const api = fakeCatalog();
    const bm = new Bookmarks(api);
    const form = new BookmarkForm(bm, () => {});
    const marked = watch(() => {
      const m = bm.markOf(42);
      return m === undefined ? "asking" : m ? `★ ${m.note}` : "☆";
    });
    await settle();
    flush();
    await form.openFor(42);
    form.note = "gentle fan level";
    expect(await form.save()).toBe(true);
    flush();
    await form.openFor(42);
    expect(form.existing?.note).toBe("gentle fan level");
    form.note = "gentle fan, low goal";
    await form.save();
    flush();
    await bm.remove(api.store[0]!);
    flush();
    expect(marked.values).toEqual(["asking", "☆", "★ gentle fan level", "★ gentle fan, low goal", "☆"]);
    expect(api.store.length).toBe(0);
    marked.stop();
  });

  it("never makes a second bookmark of a seed: the dialog finds one made elsewhere and edits it", async () => {
    const api = fakeCatalog();
    const bm = new Bookmarks(api);
    const form = new BookmarkForm(bm, () => {});
    expect(bm.markOf(7)).toBeUndefined();
    await settle();
    expect(bm.markOf(7)).toBeNull();
    api.addElsewhere(7, "from the CLI");
    const opened = form.openFor(7);
    // At once on what was known (no bookmark), then on the catalog's answer.
    expect([form.open, form.existing]).toEqual([true, null]);
    await opened;
    expect(form.existing?.note).toBe("from the CLI");
    expect(form.note).toBe("from the CLI");
    form.note = "edited";
    await form.save();
    expect(api.store.map((b) => [b.seed, b.note])).toEqual([[7, "edited"]]);
    expect(api.calls.filter((c) => c.startsWith("add"))).toEqual([]);
  });

  it("saving waits for the catalog's answer, so a quick Save still edits the existing bookmark", async () => {
    const api = fakeCatalog();
    api.addElsewhere(9, "old");
    const bm = new Bookmarks(api);
    const form = new BookmarkForm(bm, () => {});
    void form.openFor(9);
    form.note = "typed at once";
    expect(await form.save()).toBe(true);
    expect(api.store.map((b) => [b.seed, b.note])).toEqual([[9, "typed at once"]]);
  });

  it("turns a refused add (already bookmarked) into the edit of that bookmark", async () => {
    const api = fakeCatalog({ refuseSecond: true });
    const bm = new Bookmarks(api);
    const form = new BookmarkForm(bm, () => {});
    await form.openFor(5);
    api.addElsewhere(5, "meanwhile");
    form.note = "mine";
    expect(await form.save()).toBe(false);
    expect(form.error).toContain("already bookmarked");
    expect(form.existing?.note).toBe("meanwhile");
    expect(await form.save()).toBe(true);
    expect(api.store.map((b) => [b.seed, b.note])).toEqual([[5, "mine"]]);
  });

  it("lists by every word and by tag, and says when the list is of what is asked", async () => {
    const api = fakeCatalog();
    const bm = new Bookmarks(api);
    await bm.save(42, { note: "gentle fan level", tags: ["easy"] }, null);
    await bm.save(1670, { note: "steep ramp near the goal", tags: ["hard", "e2e"] }, null);
    await bm.save(891, { note: "two walls and a ramp", tags: ["hard"] }, null);
    bm.search = "ramp hard";
    expect(bm.current).toBe(false);
    await bm.load();
    expect(bm.current).toBe(true);
    expect(bm.items.map((b) => b.seed).sort()).toEqual([1670, 891]);
    bm.search = "";
    bm.tag = "hard";
    await bm.load();
    expect(bm.items.map((b) => b.seed).sort()).toEqual([1670, 891]);
    bm.search = "walls";
    await bm.load();
    expect(bm.items.map((b) => b.seed)).toEqual([891]);
  });

  it("drops a list answer older than the newest", async () => {
    const api = fakeCatalog();
    const bm = new Bookmarks(api);
    await bm.save(1, { note: "one", tags: [] }, null);
    await bm.save(2, { note: "two", tags: [] }, null);
    let hold: (() => void) | null = null;
    const slow = new Bookmarks({
      ...api,
      listBookmarks: async (q) => {
        if (q.search === "one") await new Promise<void>((r) => (hold = r));
        return api.listBookmarks(q);
      },
    });
    const a = slow.load("one", null);
    await slow.load("two", null);
    hold!();
    await a;
    expect(slow.items.map((b) => b.note)).toEqual(["two"]);
  });

  it("checks every bookmark and says which changed", async () => {
    const api = fakeCatalog();
    const bm = new Bookmarks(api, () => 0);
    await bm.save(13, { note: "", tags: [] }, null);
    await bm.save(14, { note: "", tags: [] }, null);
    await bm.check();
    expect(bm.checkLine).toEqual({ text: "1 of 2 bookmarked levels changed: 13", changed: 1, checked: 2, failed: false });
    expect(bm.checks.get(Number(api.store.find((b) => b.seed === 13)!.id))?.changed).toBe(true);
  });
});

describe("calendar", () => {
  it("opens on this month (UTC), moves across years, and keeps only the newest month asked", async () => {
    const held: (() => void)[] = [];
    const cal = new Calendar(
      {
        calendar: (year, month) =>
          new Promise<CalendarMonth>((r) => held.push(() => r({ year, month, first_weekday: 0, today: "2026-12-31", days: [] } as unknown as CalendarMonth))),
      },
      () => new Date(Date.UTC(2026, 11, 31, 23, 30)),
    );
    const a = cal.show();
    expect([cal.year, cal.month, cal.state]).toEqual([2026, 12, "loading"]);
    const b = cal.go(1);
    expect([cal.year, cal.month]).toEqual([2027, 1]);
    held[1]!();
    held[0]!();
    await Promise.all([a, b]);
    expect([cal.data?.year, cal.data?.month, cal.state]).toEqual([2027, 1, "ready"]);
  });
});
