/**
 * Transient messages ("Seed 42 bookmarked"). `toast(text)` from anywhere;
 * <Toasts /> (mounted once per window by the shell) shows them, newest last,
 * each for `ms` milliseconds.
 */
export type ToastKind = "info" | "ok" | "error";

export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

export class Toasts {
  /** The messages shown now, oldest first. */
  items = $state<Toast[]>([]);
  #next = 1;

  /** Shows `text` for `ms` milliseconds; returns its id (for `dismiss`). */
  show(text: string, kind: ToastKind = "info", ms = 2200): number {
    const id = this.#next++;
    this.items = [...this.items.slice(-3), { id, text, kind }];
    if (ms > 0) setTimeout(() => this.dismiss(id), ms);
    return id;
  }

  dismiss(id: number): void {
    this.items = this.items.filter((t) => t.id !== id);
  }
}

/** The window's toasts. */
export const toasts = new Toasts();

/** Shows a transient message. */
export function toast(text: string, kind: ToastKind = "info", ms = 2200): number {
  return toasts.show(text, kind, ms);
}
