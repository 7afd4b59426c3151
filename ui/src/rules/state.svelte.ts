/**
 * The rules view's state: the engine's table of fields, the draft and the rules
 * in force (one `RulesDraft` answer, replaced whole), the engine's message for a
 * refused edit (per input: a refused edit changes nothing), and the current
 * seed compared under the rules in force and the draft, asked again (debounced)
 * whenever the draft or the seed changes.
 *
 * `inForce` is what the top bar shows and what the inspector inspects under:
 * `applied` counts the changes of the rules in force, so views that depend on
 * them (the inspector) load again.
 */
import type { RuleFieldInfo } from "../bindings/RuleFieldInfo";
import type { RulesDraft } from "../bindings/RulesDraft";
import type { SeedComparison } from "../bindings/SeedComparison";
import { errorMessage, refreshRules } from "../lib/ipc";
import * as realApi from "./api";
import { debounce } from "./model";

export type RulesApi = typeof realApi;

/** How long the draft must stay unchanged before the seed is generated under it. */
export const COMPARE_DEBOUNCE_MS = 150;

export class RulesLab {
  fields = $state.raw<RuleFieldInfo[]>([]);
  /** The draft, the rules in force and how they differ (an IPC payload, replaced whole). */
  state = $state.raw<RulesDraft | null>(null);
  /** The engine's message for each refused input, by path. */
  errors = $state<Record<string, string>>({});
  /** A message for the whole view (a file refused, a save that failed), or null. */
  notice = $state<{ text: string; bad: boolean } | null>(null);
  /** Bumped whenever the rules in force change. */
  applied = $state(0);
  /** The seed under the rules in force and the draft (the newest answer). */
  comparison = $state.raw<SeedComparison | null>(null);
  comparing = $state(false);
  /** How long the last comparison took, IPC included, in milliseconds. */
  compareMs = $state<number | null>(null);

  readonly #api: RulesApi;
  readonly #onApplied: () => void;
  #compareSeed: number | null = null;
  #compareRequest = 0;
  readonly #debounced: { schedule(): void; cancel(): void };

  constructor(api: RulesApi = realApi, onApplied: () => void = () => void refreshRules(), debounceMs = COMPARE_DEBOUNCE_MS) {
    this.#api = api;
    this.#onApplied = onApplied;
    this.#debounced = debounce(() => void this.#compareNow(), debounceMs);
  }

  get inForce() {
    return this.state?.in_force ?? null;
  }

  get draft() {
    return this.state?.draft ?? null;
  }

  /** Loads the table and the draft (once per window, and again after a failure). */
  async load(): Promise<void> {
    try {
      const [fields, state] = await Promise.all([this.#api.rulesFields(), this.#api.rulesDraft()]);
      this.fields = fields;
      this.state = state;
      this.#debounced.schedule();
      if (state.set_aside) this.notice = { text: `The saved draft could not be read; it was kept as ${state.set_aside}.`, bad: true };
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    }
  }

  #take(state: RulesDraft): void {
    const changed = this.state !== null && this.state.in_force.rules_id !== state.in_force.rules_id;
    this.state = state;
    if (changed) {
      this.applied += 1;
      this.#onApplied();
    }
    this.#debounced.schedule();
  }

  /** Sets the field at `path` to `value` (JSON). Refused: the engine's message shows at `path`, nothing changes. */
  async setField(path: string, value: string): Promise<boolean> {
    try {
      const state = await this.#api.setRulesField(path, value);
      this.errors = Object.fromEntries(Object.entries(this.errors).filter(([p]) => p !== path));
      this.#take(state);
      return true;
    } catch (e) {
      this.errors = { ...this.errors, [path]: errorMessage(e) };
      return false;
    }
  }

  async #run(what: () => Promise<RulesDraft | null>, done?: (s: RulesDraft) => string): Promise<void> {
    try {
      const state = await what();
      if (state === null) return;
      this.errors = {};
      this.#take(state);
      this.notice = done ? { text: done(state), bad: false } : null;
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    }
  }

  preset(name: string): Promise<void> {
    return this.#run(() => this.#api.loadRulesPreset(name), (s) => `The draft is now the preset ${name} (${s.draft.rules_name}).`);
  }

  open(): Promise<void> {
    return this.#run(() => this.#api.openRulesFile(), (s) => `The draft is now the rules file's rules (${s.draft.rules_name}).`);
  }

  async save(): Promise<void> {
    try {
      const path = await this.#api.saveRulesFile();
      if (path !== null) this.notice = { text: `Saved the draft to ${path}.`, bad: false };
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    }
  }

  apply(): Promise<void> {
    return this.#run(() => this.#api.applyRulesDraft(), (s) => `The draft (${s.in_force.rules_name}) is now the rules in force.`);
  }

  reset(): Promise<void> {
    return this.#run(() => this.#api.resetRules(), () => "The default rules (v1) are in force again.");
  }

  /** Compares `seed` under the rules in force and the draft (debounced; null stops comparing). */
  watchSeed(seed: number | null): void {
    this.#compareSeed = seed;
    if (seed === null) {
      this.#debounced.cancel();
      return;
    }
    this.#debounced.schedule();
  }

  async #compareNow(): Promise<void> {
    const seed = this.#compareSeed;
    if (seed === null) return;
    const request = ++this.#compareRequest;
    this.comparing = true;
    const started = performance.now();
    try {
      const c = await this.#api.compareDraft(seed);
      if (request !== this.#compareRequest) return;
      this.comparison = c;
      this.compareMs = performance.now() - started;
    } catch (e) {
      if (request === this.#compareRequest) this.notice = { text: errorMessage(e), bad: true };
    } finally {
      if (request === this.#compareRequest) this.comparing = false;
    }
  }
}

/** The main window's rules lab. */
export const rulesLab = new RulesLab();
