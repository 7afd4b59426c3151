/**
 * The catalog views under rules other than the default ones: the view bar's
 * catalog line names the rules its count is under, a seed's bookmark mark is
 * its bookmark under the rules in force, and the thumbnails forget the worlds
 * of the rules that were in force (issue 22, point 4).
 */
import { describe, expect, it } from "vitest";
import type { Bookmark } from "../src/bindings/Bookmark";
import type { CatalogInfo } from "../src/bindings/CatalogInfo";
import type { Thumbnail } from "../src/bindings/Thumbnail";
import { Bookmarks } from "../src/catalog/bookmarks/bookmarks.svelte";
import { catalogLine } from "../src/catalog/state.svelte";
import { Thumbs } from "../src/catalog/thumbs.svelte";
import { rules, world } from "./fixtures";

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the catalog line", () => {
  const info = (seeds: number, all_rows: number, rules_name: string) => ({ seeds, all_rows, rules_name, path: "/tmp/c.sqlite3" }) as unknown as CatalogInfo;
  it("counts the seeds under the rules in force and names them", () => {
    expect(catalogLine(info(20000, 20000, "v1"))).toEqual({ text: "20,000 seeds · rules v1", title: "20,000 seeds in the catalog under rules v1 · /tmp/c.sqlite3" });
    expect(catalogLine(info(5000, 25000, "3fa9c0d1e2b4"))).toEqual({
      text: "5,000 seeds · rules 3fa9c0d1e2b4",
      title: "5,000 seeds in the catalog under rules 3fa9c0d1e2b4 (20,000 more under other rules) · /tmp/c.sqlite3",
    });
    expect(catalogLine(info(0, 20000, "3fa9c0d1e2b4")).text).toBe("0 seeds · rules 3fa9c0d1e2b4");
  });
});

describe("bookmark marks under the rules in force", () => {
  const mark = (id: number, seed: number, rules_id: string) =>
    ({ id, seed, note: `under ${rules_id}`, tags: [], level_hash: "h", rules_version: 1, rules_id, created_at: "", updated_at: "" }) as unknown as Bookmark;
  const store = [mark(1, 42, "dddddddddddd"), mark(2, 42, "aaaaaaaaaaaa"), mark(3, 7, "dddddddddddd")];
  const api = {
    listBookmarks: async (q: { seed: number | null }) => store.filter((b) => q.seed === null || b.seed === q.seed),
    bookmarkSeed: async () => store[0]!,
    editBookmark: async () => store[0]!,
    removeBookmark: async () => null,
    verifyBookmarks: async () => [],
  };
  it("marks a seed with its bookmark of the rules in force only, and asks again when they change", async () => {
    let inForce = "aaaaaaaaaaaa";
    const bm = new Bookmarks(api, undefined, () => inForce);
    bm.markOf(42);
    bm.markOf(7);
    await settle();
    expect(bm.markOf(42)?.id).toBe(2);
    expect(bm.markOf(7)).toBeNull();
    inForce = "dddddddddddd";
    bm.rulesChanged();
    expect(bm.markOf(42)).toBeUndefined();
    expect(bm.markOf(7)).toBeUndefined();
    await settle();
    expect(bm.markOf(42)?.id).toBe(1);
    expect(bm.markOf(7)?.id).toBe(3);
  });
});

describe("thumbnails after the rules changed", () => {
  it("forgets the worlds and drops an answer asked before the reset", async () => {
    const answers: { seeds: number[]; resolve: (t: Thumbnail[]) => void }[] = [];
    const jobs: (() => void)[] = [];
    const t = new Thumbs(
      {
        thumbnails: (seeds) => new Promise<Thumbnail[]>((resolve) => answers.push({ seeds, resolve })),
        fieldRules: async () => rules,
      },
      { schedule: (f) => jobs.push(f) },
    );
    const run = () => jobs.splice(0).forEach((f) => f());
    const answer = (i: number, x: number) => answers[i]!.resolve(answers[i]!.seeds.map((seed) => ({ seed, world: { ...world, ball: { x, y: 8 } } })));
    t.world(5);
    run();
    answer(0, 11);
    await settle();
    expect(t.world(5)?.ball.x).toBe(11);
    // Asked under the old rules, answered after the change: dropped.
    t.world(6);
    run();
    t.reset();
    answer(1, 99);
    await settle();
    expect(t.size).toBe(0);
    expect(t.world(5)).toBeUndefined();
    expect(t.world(6)).toBeUndefined();
    run();
    expect(answers.slice(2).map((a) => a.seeds)).toEqual([[5, 6]]);
    answer(2, 22);
    await settle();
    expect(t.world(5)?.ball.x).toBe(22);
    expect(t.world(6)?.ball.x).toBe(22);
  });
});
