/**
 * Undo and redo of the player's edits: a plain model (no Svelte, no engine).
 * Each entry is what the parts were before an edit (add, move, rotate, a
 * gear's spin, remove, clear, a solution opened); undoing puts that list back
 * whole and keeps the list it replaced for redo. A new edit after undoing
 * forgets the redo side, as editors do. At most `limit` edits are kept.
 */
export class History<T> {
  #past: T[] = [];
  #future: T[] = [];
  readonly limit: number;

  constructor(limit = 200) {
    this.limit = limit;
  }

  get canUndo(): boolean {
    return this.#past.length > 0;
  }

  get canRedo(): boolean {
    return this.#future.length > 0;
  }

  /** How many edits can be undone / redone. */
  get sizes(): { undo: number; redo: number } {
    return { undo: this.#past.length, redo: this.#future.length };
  }

  /** An edit changed `before` into something else: `before` is what undo brings back. */
  record(before: T): void {
    this.#past.push(before);
    if (this.#past.length > this.limit) this.#past.splice(0, this.#past.length - this.limit);
    this.#future = [];
  }

  /** The state before the newest edit (`current` is kept for redo), or null with nothing to undo. */
  undo(current: T): T | null {
    const prev = this.#past.pop();
    if (prev === undefined) return null;
    this.#future.push(current);
    return prev;
  }

  /** The state undo left (`current` goes back on the undo side), or null with nothing to redo. */
  redo(current: T): T | null {
    const next = this.#future.pop();
    if (next === undefined) return null;
    this.#past.push(current);
    return next;
  }

  /** Forgets every edit (another level was loaded). */
  clear(): void {
    this.#past = [];
    this.#future = [];
  }
}
