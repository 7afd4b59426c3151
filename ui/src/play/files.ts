/**
 * Save… and Open…: the native dialogs and the engine's solution files (both
 * shown and read by the shell), and what they did in words (`PlayState.file`).
 * An opened solution replays through `PlayState.loadSolution`.
 */
import { CommandFailed, errorMessage } from "../lib/ipc";
import { slowConfirm } from "../lib/slow-confirm.svelte";
import { askingIfSlow, declinedWords, type ConfirmSlow } from "../lib/slow-rules";
import type { SolutionFile } from "../bindings/SolutionFile";
import type { PlayApi } from "./api";
import { resultText } from "./model";
import { commands, play, type PlayState } from "./state.svelte";

const failure = (e: unknown) => ({ text: errorMessage(e), error: true, errorKind: e instanceof CommandFailed ? e.kind : "unknown" });

export class SolutionFiles {
  readonly #state: PlayState;
  readonly #api: Pick<PlayApi, "saveSolution" | "openSolution">;
  readonly #confirm: ConfirmSlow;

  constructor(state: PlayState, api: Pick<PlayApi, "saveSolution" | "openSolution">, confirm: ConfirmSlow = slowConfirm.ask) {
    this.#state = state;
    this.#api = api;
    this.#confirm = confirm;
  }

  /** Save dialog, then the engine's solution file of the current parts. */
  async save(): Promise<void> {
    const s = this.#state;
    const seed = s.seed;
    const rules = s.rulesId;
    if (!s.level || seed === null || rules === null) return;
    s.note({ text: "Saving…" });
    try {
      const f = await this.#api.saveSolution(seed, rules, [...s.pins], [...s.placements]);
      if (!f) s.note({ text: "Save cancelled." });
      else s.note({ text: `Saved ${f.path} — the engine replays it: ${resultText(f.run)}.`, saved: f.path });
    } catch (e) {
      s.note(failure(e));
    }
  }

  /**
   * Open dialog, then the engine's strict reader and replay; a refused file
   * changes nothing but the note. A file that embeds slow rules is read only
   * once the player confirmed (the same file again, with them allowed).
   */
  async open(): Promise<void> {
    const s = this.#state;
    s.note({ text: "Opening…" });
    try {
      const r = await askingIfSlow((slow) => this.#api.openSolution(slow?.path ?? null), this.#confirm, "solution");
      if (!r.ok) return s.note({ text: declinedWords(r.declined, "solution"), errorKind: "slow_rules" });
      const f = r.value;
      if (!f) s.note({ text: "Open cancelled." });
      else await s.loadSolution(f);
    } catch (e) {
      s.note(failure(e));
    }
  }

  /** The solution shipped with the level (a page's), replayed from the start. */
  async watch(shipped: () => Promise<SolutionFile | null>): Promise<void> {
    const s = this.#state;
    try {
      const f = await shipped();
      if (!f) s.note({ text: "This level was shared without a solution." });
      else await s.loadSolution(f);
    } catch (e) {
      s.note(failure(e));
    }
  }
}

/** The play window's Save… and Open…. */
export const files = new SolutionFiles(play, commands);
