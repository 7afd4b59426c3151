/**
 * Bookmarks: the list the Bookmarks view shows (search words, a tag), the
 * result of *Check bookmarks*, and which seeds are bookmarked, for the view
 * bar's button (`markOf`). Every change (add, edit, delete) goes through here,
 * so the list and the button follow it.
 */
import { SvelteMap } from "svelte/reactivity";
import type { Bookmark } from "../../bindings/Bookmark";
import type { BookmarkCheck } from "../../bindings/BookmarkCheck";
import type { BookmarkInput } from "../../bindings/BookmarkInput";
import { errorMessage } from "../../lib/ipc";
import * as api from "../api";
import { rulesState } from "../../rules/state.svelte";
import { checkWords } from "../model";

export interface BookmarksApi {
  listBookmarks(query: api.BookmarkQuery): Promise<Bookmark[]>;
  bookmarkSeed(seed: number, input: BookmarkInput): Promise<Bookmark>;
  editBookmark(id: number, input: BookmarkInput): Promise<Bookmark>;
  removeBookmark(id: number): Promise<null>;
  verifyBookmarks(): Promise<BookmarkCheck[]>;
}

/** The identity of a list: its search words and tag. */
const listKey = (search: string, tag: string | null): string => JSON.stringify([search.trim(), tag]);

export type ListState = "idle" | "loading" | "ready" | "failed";

export class Bookmarks {
  /** The search box's text (every word must match). */
  search = $state("");
  /** The tag the list is narrowed to (a click on a tag). */
  tag = $state<string | null>(null);
  /** The bookmarks listed, and the search and tag they were listed for. */
  items = $state.raw<Bookmark[]>([]);
  listedFor = $state<string | null>(null);
  state = $state<ListState>("idle");
  error = $state<string | null>(null);
  /** *Check bookmarks*: each bookmark's result by id, and the summary line. */
  checks = $state.raw<Map<number, BookmarkCheck>>(new Map());
  checkLine = $state<{ text: string; changed: number; checked: number; failed: boolean } | null>(null);
  checking = $state(false);

  readonly #api: BookmarksApi;
  readonly #now: () => number;
  /** Seed → its bookmark (null: none), as last asked. */
  readonly #marks = new SvelteMap<number, Bookmark | null>();
  readonly #asking = new Set<number>();
  #request = 0;

  /** The id of the rules in force (null until known): a seed's mark is its bookmark under them. */
  readonly #rulesId: () => string | null;

  constructor(commands: BookmarksApi, now: () => number = () => performance.now(), rulesId: () => string | null = () => null) {
    this.#api = commands;
    this.#now = now;
    this.#rulesId = rulesId;
  }

  /** The rules in force changed: every seed's mark is asked again, the check is of other bookmarks. */
  rulesChanged(): void {
    this.#marks.clear();
    this.checks = new Map();
    this.checkLine = null;
    void this.load();
  }

  /** Whether the list shown is of the search and tag shown. */
  get current(): boolean {
    return this.state === "ready" && this.listedFor === listKey(this.search, this.tag);
  }

  /** Lists the bookmarks matching `search` and `tag` (the view passes what it shows). */
  async load(search: string = this.search, tag: string | null = this.tag): Promise<void> {
    const request = ++this.#request;
    this.state = "loading";
    try {
      const items = await this.#api.listBookmarks({ search: search.trim() || null, tag, seed: null });
      if (request !== this.#request) return;
      this.items = items;
      this.listedFor = listKey(search, tag);
      this.error = null;
      this.state = "ready";
    } catch (e) {
      if (request !== this.#request) return;
      this.error = errorMessage(e);
      this.state = "failed";
    }
  }

  /**
   * The bookmark of `seed`: the bookmark, null when there is none, undefined
   * while it is asked (reading asks; the answer comes reactively).
   */
  markOf(seed: number): Bookmark | null | undefined {
    const m = this.#marks.get(seed);
    if (m === undefined) void this.#ask(seed);
    return m;
  }

  /** What is known of the bookmark of `seed` (undefined: not asked yet), without asking. */
  known(seed: number): Bookmark | null | undefined {
    return this.#marks.get(seed);
  }

  /** Asks the catalog for the bookmark of `seed` under the rules in force (fresh, not from what `markOf` holds). */
  async find(seed: number): Promise<Bookmark | null> {
    const rulesId = this.#rulesId();
    const all = await this.#api.listBookmarks({ search: null, tag: null, seed });
    const found = all.find((b) => rulesId === null || b.rules_id === rulesId) ?? null;
    this.#marks.set(seed, found);
    return found;
  }

  async #ask(seed: number): Promise<void> {
    if (this.#asking.has(seed)) return;
    this.#asking.add(seed);
    try {
      await this.find(seed);
    } catch {
      // The button stays as it is ("☆"); the dialog asks again and shows the error.
    } finally {
      this.#asking.delete(seed);
    }
  }

  /** Bookmarks `seed`, or saves `existing` with the new note and tags. */
  async save(seed: number, input: BookmarkInput, existing: Bookmark | null): Promise<Bookmark> {
    const saved = existing ? await this.#api.editBookmark(existing.id, input) : await this.#api.bookmarkSeed(seed, input);
    this.#marks.set(seed, saved);
    void this.load();
    return saved;
  }

  async remove(b: Bookmark): Promise<void> {
    await this.#api.removeBookmark(b.id);
    this.#marks.set(b.seed, null);
    const checks = new Map(this.checks);
    checks.delete(b.id);
    this.checks = checks;
    void this.load();
  }

  /** Regenerates every bookmarked seed and marks each bookmark unchanged or changed. */
  async check(): Promise<void> {
    this.checking = true;
    const t0 = this.#now();
    try {
      const res = await this.#api.verifyBookmarks();
      this.checks = new Map(res.map((c) => [c.bookmark.id, c]));
      const w = checkWords(res, this.#now() - t0);
      this.checkLine = { ...w, checked: res.length, failed: false };
      void this.load();
    } catch (e) {
      this.checkLine = { text: errorMessage(e), changed: 0, checked: 0, failed: true };
    } finally {
      this.checking = false;
    }
  }
}

/** The main window's bookmarks. */
export const bookmarks = new Bookmarks(api, undefined, () => rulesState.inForce?.rules_id ?? null);
