/**
 * The main window's session: which view is shown, the seed bar's text and
 * error, and the seed the window shows. It is the one source of truth the
 * shell and the views derive from: the seed bar binds `text`, the top-right
 * shows `seed`, the inspector inspects `seed`, the view bar shows `view`.
 *
 * Only `open()` (and its shortcuts) changes `seed`, and only after the
 * engine's parser accepted the text; a refused text sets `error` and changes
 * nothing else.
 */
import type { ParsedSeed } from "../bindings/ParsedSeed";
import * as inspectorApi from "../inspector/api";
import { nextSeed, prevSeed, randomSeed } from "../inspector/model";
import { errorMessage } from "../lib/ipc";

export type ViewName = "inspector" | "seeds" | "stats" | "bookmarks" | "calendar" | "compare" | "rules" | "lab" | "tune";

/** The views of the main window, in view-bar order. */
export const VIEWS: readonly { name: ViewName; label: string; title: string }[] = [
  { name: "inspector", label: "Inspector", title: "the generator's decisions for one seed" },
  { name: "seeds", label: "Seeds", title: "scan ranges and browse the catalog" },
  { name: "stats", label: "Statistics", title: "pictures of the scanned seeds" },
  { name: "bookmarks", label: "Bookmarks", title: "saved seeds, regression check" },
  { name: "calendar", label: "Calendar", title: "daily seeds, month by month (UTC)" },
  { name: "compare", label: "Compare", title: "two to four seeds side by side" },
  { name: "rules", label: "Rules", title: "the rules in force, a draft, and one seed before and after" },
  { name: "lab", label: "A/B", title: "a seed range under two rule sets, side by side, and what changed" },
  { name: "tune", label: "Tune", title: "targets for the levels, the rules tuned toward them, and what each rule does" },
];

/** The two commands the session needs (the real ones in the app, fakes in tests). */
export interface SeedApi {
  parseSeed(text: string): Promise<ParsedSeed>;
  todayDaily(): Promise<ParsedSeed>;
}

/** What the seed bar shows for a parsed seed: the daily key for a daily seed, else the number. */
export function seedText(p: ParsedSeed): string {
  return p.source.kind === "daily" ? p.source.key : String(p.seed);
}

export class Session {
  /** The view shown. */
  view = $state<ViewName>("inspector");
  /** The seed bar's text (bound to its field). */
  text = $state("");
  /** The seed shown (an IPC payload: replaced whole, never mutated, hence `$state.raw`). */
  seed = $state.raw<ParsedSeed | null>(null);
  /** The seed bar's error (the engine's message, or why something the bar started failed). */
  error = $state<string | null>(null);

  readonly #api: SeedApi;
  readonly #now: () => number;
  /** Only the newest request may change the session (an older answer arriving late is dropped). */
  #request = 0;
  /** When each seed shown was asked for (Enter, a key), for the timing from Enter to the drawn frame. */
  readonly #asked = new WeakMap<ParsedSeed, number>();

  constructor(api: SeedApi, now: () => number = () => performance.now()) {
    this.#api = api;
    this.#now = now;
  }

  /** When `parsed` (a seed the session showed) was asked for; undefined for any other. */
  askedAt(parsed: ParsedSeed): number | undefined {
    return this.#asked.get(parsed);
  }

  /** Parses `text` (the seed bar's text by default) and shows its seed; false when refused or superseded. */
  async open(text: string = this.text): Promise<boolean> {
    const request = ++this.#request;
    const asked = this.#now();
    try {
      const parsed = await this.#api.parseSeed(text);
      if (request !== this.#request) return false;
      this.error = null;
      this.#asked.set(parsed, asked);
      this.seed = parsed;
      return true;
    } catch (e) {
      if (request === this.#request) this.error = errorMessage(e);
      return false;
    }
  }

  /**
   * Told the number of a seed asked for by number (`go`: the seed keys, Random,
   * a history click) before the engine parsed it, so the inspector can start
   * inspecting it meanwhile.
   */
  onAsk: ((seed: number) => void) | null = null;

  /** Shows seed `n` (as if typed). */
  go(n: number): Promise<boolean> {
    this.text = String(n);
    this.onAsk?.(n);
    return this.open();
  }

  /** The next seed (wrapping at 4294967295); nothing before a seed is shown. */
  next(): Promise<boolean> {
    return this.seed ? this.go(nextSeed(this.seed.seed)) : Promise.resolve(false);
  }

  /** The previous seed (wrapping at 0). */
  prev(): Promise<boolean> {
    return this.seed ? this.go(prevSeed(this.seed.seed)) : Promise.resolve(false);
  }

  /** A random seed (`fill` draws the random bits; the window uses crypto.getRandomValues). */
  random(fill: (a: Uint32Array) => void = (a) => crypto.getRandomValues(a)): Promise<boolean> {
    return this.go(randomSeed(fill));
  }

  /** Today's daily seed. */
  async today(): Promise<boolean> {
    const request = ++this.#request;
    const asked = this.#now();
    try {
      const parsed = await this.#api.todayDaily();
      if (request !== this.#request) return false;
      this.text = seedText(parsed);
      this.error = null;
      this.#asked.set(parsed, asked);
      this.seed = parsed;
      return true;
    } catch (e) {
      if (request === this.#request) this.error = errorMessage(e);
      return false;
    }
  }

  /** Opens `text` (a seed, a date, a share code) in the inspector view, from anywhere. */
  show(text: string): Promise<boolean> {
    this.view = "inspector";
    this.text = text;
    return this.open();
  }

  /** Shows a failure of something the seed bar started (e.g. the play window) under the bar. */
  fail(e: unknown): void {
    this.error = errorMessage(e);
  }
}

/** The main window's session. */
export const session = new Session(inspectorApi);
