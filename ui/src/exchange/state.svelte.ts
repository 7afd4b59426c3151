/**
 * The Share & export card's state: the share code of the seed shown, what the
 * last export or import said, and the rules version the engine runs (learnt
 * from the share codes it makes).
 *
 * Everything the card shows belongs to the seed it was made for: the code is
 * shown only while its seed is, and a status (an export saved, an import's
 * verification, an error) only while the seed it was made with is still the one
 * shown — opening another seed leaves nothing of it behind, by derivation.
 */
import type { ImportedLevel } from "../bindings/ImportedLevel";
import type { ParsedSeed } from "../bindings/ParsedSeed";
import type { PictureKind } from "../bindings/PictureKind";
import type { SharedSeed } from "../bindings/SharedSeed";
import type { WrittenFile } from "../bindings/WrittenFile";
import { errorMessage } from "../lib/ipc";
import { slowConfirm } from "../lib/slow-confirm.svelte";
import { askingIfSlow, declinedWords, type ConfirmSlow } from "../lib/slow-rules";
import { inspector } from "../inspector/state.svelte";
import * as api from "./api";
import { importHeadline, PICTURE_WORDS, rulesWarning } from "./model";

/** The commands the card needs (the real ones in the window, fakes in tests). */
export interface ExchangeApi {
  shareCode(seed: number): Promise<SharedSeed>;
  exportLevelFile(seed: number, dailyKey: string | null): Promise<WrittenFile | null>;
  exportPage(seed: number, dailyKey: string | null): Promise<WrittenFile | null>;
  exportAnimation(seed: number, attempt: number | null): Promise<WrittenFile | null>;
  exportPicture(seed: number, attempt: number | null, scale: number, kind: PictureKind): Promise<WrittenFile | null>;
  /** `allowSlow`: the path a `slow_rules` refusal named, to read that file again with its slow rules allowed. */
  importLevelFile(allowSlow: string | null): Promise<ImportedLevel | null>;
}

/** What the card knows of the inspector: the seed shown (a new object per seed opened) and the attempt selected. */
export interface ExchangeHost {
  shown(): ParsedSeed | null;
  attempt(): number | null;
}

export type StatusKind = "busy" | "ok" | "info" | "error" | "drift";

/** The card's last word, with the seed (as shown) it was made for. */
export interface Status {
  for: ParsedSeed;
  kind: StatusKind;
  text: string;
  /** An import's file and verification. */
  imported: ImportedLevel | null;
}

export class Exchange {
  /** Pixels per field unit of exported pictures. */
  scale = $state(6);
  /** The rules version the engine runs, once a share code told it. */
  rulesVersion = $state<number | null>(null);
  #shared = $state.raw<SharedSeed | null>(null);
  #status = $state.raw<Status | null>(null);

  readonly #api: ExchangeApi;
  readonly #host: ExchangeHost;
  readonly #confirm: ConfirmSlow;
  #request = 0;
  #busy = false;

  constructor(exchangeApi: ExchangeApi, host: ExchangeHost, confirm: ConfirmSlow = slowConfirm.ask) {
    this.#api = exchangeApi;
    this.#host = host;
    this.#confirm = confirm;
  }

  /** The share code of the seed shown, or null until it arrived (and under rules other than the default ones). */
  get code(): string | null {
    const shown = this.#host.shown();
    return shown && this.#shared?.seed === shown.seed ? this.#shared.code : null;
  }

  /** Why the seed shown has no share code (the engine's words: other rules are in force), else null. */
  get unavailable(): string | null {
    const shown = this.#host.shown();
    return shown && this.#shared?.seed === shown.seed ? this.#shared.unavailable : null;
  }

  /** The last status, while the seed it was made for is shown. */
  get status(): Status | null {
    const s = this.#status;
    return s && s.for === this.#host.shown() ? s : null;
  }

  /** Whether an export or import is under way. */
  get busy(): boolean {
    return this.status?.kind === "busy";
  }

  /** The warning for a seed opened from a share code of other rules (null when there is none). */
  warningFor(parsed: ParsedSeed | null): string | null {
    return rulesWarning(parsed, this.rulesVersion);
  }

  /** Asks for the share code of `seed` (the seed shown); an older answer never replaces a newer one. */
  async fetchCode(seed: number): Promise<void> {
    const request = ++this.#request;
    // Asked again (a new seed, or the rules in force changed): the old answer is not this one's.
    this.#shared = null;
    try {
      const s = await this.#api.shareCode(seed);
      this.rulesVersion = s.rules_version;
      if (request === this.#request) this.#shared = s;
    } catch (e) {
      // No code to show; say why on the card of this seed.
      const shown = this.#host.shown();
      if (request === this.#request && shown?.seed === seed) this.#say(shown, "error", errorMessage(e));
    }
  }

  /** Saves the level file of the seed shown (its daily key kept) through the save dialog. */
  exportLevel(): Promise<void> {
    return this.#run("Saving the level file…", async (p) => {
      const dailyKey = p.source.kind === "daily" ? p.source.key : null;
      this.#written(p, await this.#api.exportLevelFile(p.seed, dailyKey), "level file");
    });
  }

  /** Saves the one-file web page that plays the seed shown (its daily key kept) through the save dialog. */
  exportPage(): Promise<void> {
    return this.#run("Saving the playable page…", async (p) => {
      const dailyKey = p.source.kind === "daily" ? p.source.key : null;
      this.#written(p, await this.#api.exportPage(p.seed, dailyKey), "playable page");
    });
  }

  /** Saves an animated GIF of the selected attempt's run (the shipped level's solved by its ramp, another attempt's bare ball). */
  exportAnimation(): Promise<void> {
    return this.#run("Saving the animation…", async (p) => {
      this.#written(p, await this.#api.exportAnimation(p.seed, this.#host.attempt()), "animation");
    });
  }

  /** Saves a PNG of the selected attempt: with the solution, the puzzle alone, or its 144 placements. */
  exportPicture(kind: PictureKind): Promise<void> {
    const what = PICTURE_WORDS[kind];
    return this.#run(`Saving the ${what}…`, async (p) => {
      this.#written(p, await this.#api.exportPicture(p.seed, this.#host.attempt(), this.scale, kind), what);
    });
  }

  /**
   * Opens a level file, checks it and regenerates its seed to compare. A file
   * that embeds slow rules is read only once the designer confirmed (the same
   * file again, with them allowed).
   */
  importLevel(): Promise<void> {
    return this.#run("Checking the level file…", async (p) => {
      const r = await askingIfSlow((slow) => this.#api.importLevelFile(slow?.path ?? null), this.#confirm, "level");
      if (!r.ok) return this.#say(p, "info", declinedWords(r.declined, "level"));
      const imported = r.value;
      if (!imported) return this.#say(p, "info", "Import cancelled.");
      const kind = imported.verification.identical ? "ok" : "drift";
      this.#status = { for: p, kind, text: importHeadline(imported), imported };
    });
  }

  async #run(busyText: string, work: (shown: ParsedSeed) => Promise<void>): Promise<void> {
    const shown = this.#host.shown();
    if (!shown || this.#busy) return;
    this.#busy = true;
    this.#say(shown, "busy", busyText);
    try {
      await work(shown);
    } catch (e) {
      this.#say(shown, "error", errorMessage(e));
    } finally {
      this.#busy = false;
    }
  }

  #written(p: ParsedSeed, f: WrittenFile | null, what: string): void {
    if (f) this.#say(p, "ok", `Saved the ${what} to ${f.path} (${f.bytes.toLocaleString("en")} bytes).`);
    else this.#say(p, "info", "Export cancelled.");
  }

  #say(p: ParsedSeed, kind: StatusKind, text: string): void {
    this.#status = { for: p, kind, text, imported: null };
  }
}

/** The main window's card, following the inspector. */
export const exchange = new Exchange(api, {
  shown: () => inspector.parsed,
  attempt: () => (inspector.insp ? inspector.attempt : null),
});
