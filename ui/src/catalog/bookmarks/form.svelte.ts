/**
 * The bookmark dialog: which seed, the bookmark it edits (if the seed has one),
 * the note and tags typed, and why saving failed. Opening it for a seed that is
 * already bookmarked edits that bookmark: a seed has one bookmark, never two.
 */
import type { Bookmark } from "../../bindings/Bookmark";
import { errorMessage } from "../../lib/ipc";
import { toast } from "../../lib/toasts/toasts.svelte";
import { alreadyBookmarked, parseTags } from "../model";
import { bookmarks as shared, type Bookmarks } from "./bookmarks.svelte";

export class BookmarkForm {
  open = $state(false);
  seed = $state<number | null>(null);
  /** The bookmark being edited (null: a new one). */
  existing = $state.raw<Bookmark | null>(null);
  note = $state("");
  tags = $state("");
  error = $state<string | null>(null);
  busy = $state(false);

  readonly #bookmarks: Bookmarks;
  readonly #notify: (text: string) => void;
  #request = 0;
  /** The catalog's answer about the seed's bookmark, which saving waits for. */
  #lookup: Promise<void> = Promise.resolve();

  constructor(store: Bookmarks, notify: (text: string) => void = (t) => void toast(t)) {
    this.#bookmarks = store;
    this.#notify = notify;
  }

  /**
   * Opens the dialog for `seed`: on what is known of its bookmark at once, then
   * on what the catalog says (a bookmark made elsewhere, by the CLI, is found
   * and edited, never duplicated). Saving waits for that answer.
   */
  openFor(seed: number | null): Promise<void> {
    if (seed === null) return Promise.resolve();
    const request = ++this.#request;
    this.#fill(seed, this.#bookmarks.known(seed) ?? null);
    this.#lookup = this.#bookmarks.find(seed).then(
      (found) => {
        if (request !== this.#request || (found?.id ?? null) === (this.existing?.id ?? null)) return;
        const untouched = this.note === (this.existing?.note ?? "") && this.tags === (this.existing?.tags.join(", ") ?? "");
        this.existing = found;
        if (untouched) {
          this.note = found?.note ?? "";
          this.tags = found?.tags.join(", ") ?? "";
        }
      },
      (e: unknown) => {
        if (request === this.#request) this.error = errorMessage(e);
      },
    );
    return this.#lookup;
  }

  /** Opens the dialog on a bookmark from the list. */
  edit(b: Bookmark): void {
    ++this.#request;
    this.#lookup = Promise.resolve();
    this.#fill(b.seed, b);
  }

  #fill(seed: number, b: Bookmark | null): void {
    this.seed = seed;
    this.existing = b;
    this.note = b?.note ?? "";
    this.tags = b?.tags.join(", ") ?? "";
    this.error = null;
    this.open = true;
  }

  /** Saves; true when saved (the dialog closes). A seed bookmarked meanwhile turns the form into its edit. */
  async save(): Promise<boolean> {
    if (this.seed === null || this.busy) return false;
    this.busy = true;
    try {
      await this.#lookup;
      const seed = this.seed;
      if (seed === null) return false;
      const editing = this.existing !== null;
      await this.#bookmarks.save(seed, { note: this.note, tags: parseTags(this.tags) }, this.existing);
      this.open = false;
      this.#notify(editing ? `Bookmark of seed ${seed} saved` : `Seed ${seed} bookmarked`);
      return true;
    } catch (e) {
      const taken = alreadyBookmarked(e);
      const seed = this.seed;
      if (taken && seed !== null) {
        // Bookmarked elsewhere (the CLI, another window) since the dialog opened: edit that one.
        this.existing = await this.#bookmarks.find(seed).catch(() => null);
        this.error = `Seed ${seed} is already bookmarked: saving now edits that bookmark.`;
      } else this.error = errorMessage(e);
      return false;
    } finally {
      this.busy = false;
    }
  }

  close(): void {
    ++this.#request;
    this.open = false;
  }
}

/** The main window's bookmark dialog. */
export const bookmarkForm = new BookmarkForm(shared);
