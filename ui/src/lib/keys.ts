/**
 * The window's one key map. Every shortcut is registered here, in a scope: the
 * name of the view it belongs to ("inspector", "seeds", …, "play") or `GLOBAL`.
 * Only the active view's keys and the global ones fire, so a key of the
 * inspector does nothing while a catalog view is shown. Keys typed into a text
 * field never fire (Escape leaves the field). `help()` lists what is active,
 * for the `?` overlay (lib/help).
 *
 * Matching: `KeyboardEvent.key` exactly ("]", "ArrowDown", "?", "Q"), with a
 * "Ctrl+" prefix for Ctrl or ⌘ and "Alt+" for Alt. Shift is never part of the
 * match (`key` already carries it: "?" or "Q"); handlers read `ev.shiftKey`
 * for fine steps.
 */
import { createSubscriber } from "svelte/reactivity";

/** The scope whose keys work in every view. */
export const GLOBAL = "global";

export interface KeyBinding {
  /** `KeyboardEvent.key` values, e.g. `["ArrowDown", "j"]` or `["Ctrl+s"]`. */
  keys: string[];
  /** How the help overlay writes the keys (default: the keys, spaced). */
  label?: string;
  /** What the keys do, in a few words (shown by the help overlay). */
  description: string;
  /** The action. Return `false` when the key did nothing (the event is left alone). */
  run: (ev: KeyboardEvent) => void | boolean;
  /** Fire even when focus is in a text field (e.g. Ctrl+S). */
  inFields?: boolean;
}

/** A titled group of keys in the help overlay. */
export interface HelpGroup {
  title: string;
  entries: { label: string; description: string }[];
}

interface Group {
  scope: string;
  title: string;
  bindings: KeyBinding[];
}

/** The minimum of `KeyboardEvent` the map reads (tests pass plain objects). */
export type KeyEventLike = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "target" | "defaultPrevented" | "preventDefault">;

const TEXT_INPUTS = new Set(["text", "search", "number", "email", "password", "tel", "url", "date", "month", "time", "week", "datetime-local"]);

/** Whether `target` takes typed text (so keys must not act on the window). */
export function isTextField(target: EventTarget | null): boolean {
  const t = target as { tagName?: string; type?: string; isContentEditable?: boolean } | null;
  if (!t || typeof t.tagName !== "string") return false;
  const tag = t.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return TEXT_INPUTS.has((t.type ?? "text").toLowerCase());
  return t.isContentEditable === true;
}

/** The binding string of an event: "Ctrl+s", "Alt+x", "]", "ArrowDown". */
export function comboOf(ev: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">): string {
  return `${ev.ctrlKey || ev.metaKey ? "Ctrl+" : ""}${ev.altKey ? "Alt+" : ""}${ev.key}`;
}

const NAMES: Record<string, string> = {
  ArrowDown: "↓",
  ArrowUp: "↑",
  ArrowLeft: "←",
  ArrowRight: "→",
  Escape: "Esc",
  " ": "Space",
  Delete: "Del",
  Backspace: "⌫",
};

/** The default label of a binding: "↓ J", "Ctrl+S". */
export function keyLabel(keys: string[]): string {
  return keys.map((k) => k.replace(/[^+]+$/, (last) => NAMES[last] ?? (last.length === 1 ? last.toUpperCase() : last))).join(" ");
}

export class KeyMap {
  #groups: Group[] = [];
  #scope = GLOBAL;
  #trap: ((ev: KeyEventLike) => void) | null = null;
  #listeners = new Set<() => void>();
  /** Makes `help()` and `scope` reactive where Svelte reads them. */
  #subscribe = createSubscriber((update) => {
    this.#listeners.add(update);
    return () => this.#listeners.delete(update);
  });

  #changed(): void {
    for (const f of this.#listeners) f();
  }

  /** Registers `bindings` under `scope` with a help title; returns the function that removes them. */
  register(scope: string, title: string, bindings: KeyBinding[]): () => void {
    const group: Group = { scope, title, bindings };
    this.#groups.push(group);
    this.#changed();
    return () => {
      this.#groups = this.#groups.filter((g) => g !== group);
      this.#changed();
    };
  }

  /** The active view's scope. */
  get scope(): string {
    this.#subscribe();
    return this.#scope;
  }

  /** Makes `scope` the active view (the shell calls it when the view changes). */
  setScope(scope: string): void {
    if (scope === this.#scope) return;
    this.#scope = scope;
    this.#changed();
  }

  /**
   * Gives every key to `handler` until the returned function is called (a modal
   * overlay owns the keyboard while it is open; no shortcut fires behind it).
   */
  trap(handler: (ev: KeyEventLike) => void): () => void {
    const previous = this.#trap;
    this.#trap = handler;
    return () => {
      if (this.#trap === handler) this.#trap = previous;
    };
  }

  /** The binding `ev` would fire now, if any (the active scope wins over global). */
  lookup(ev: KeyEventLike): KeyBinding | null {
    const combo = comboOf(ev);
    for (const scope of [this.#scope, GLOBAL]) {
      for (const g of this.#groups) {
        if (g.scope !== scope) continue;
        const b = g.bindings.find((x) => x.keys.includes(combo));
        if (b) return b;
      }
      if (this.#scope === GLOBAL) break;
    }
    return null;
  }

  /** Handles one keydown; true when a shortcut acted (its default is then prevented). */
  handle(ev: KeyEventLike): boolean {
    if (ev.defaultPrevented) return false;
    if (this.#trap) {
      this.#trap(ev);
      return false;
    }
    const inField = isTextField(ev.target);
    const binding = this.lookup(ev);
    if (inField && !binding?.inFields) {
      if (ev.key === "Escape") (ev.target as HTMLElement).blur?.();
      return false;
    }
    if (!binding || binding.run(ev as KeyboardEvent) === false) return false;
    ev.preventDefault();
    return true;
  }

  /** The keys that work now (or in `scope`): the view's groups first, then the global ones. */
  help(scope: string = this.scope): HelpGroup[] {
    this.#subscribe();
    const groups = [...this.#groups.filter((g) => g.scope === scope && scope !== GLOBAL), ...this.#groups.filter((g) => g.scope === GLOBAL)];
    // Groups of the same title (registered by different components) are listed as one.
    const out: HelpGroup[] = [];
    for (const g of groups) {
      const entries = g.bindings.map((b) => ({ label: b.label ?? keyLabel(b.keys), description: b.description }));
      const same = out.find((o) => o.title === g.title);
      if (same) same.entries.push(...entries);
      else if (entries.length) out.push({ title: g.title, entries });
    }
    return out;
  }
}

/** The window's key map (one per window: the main window and the play window each load their own copy). */
export const keymap = new KeyMap();
