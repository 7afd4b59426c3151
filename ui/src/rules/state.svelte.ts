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
 *
 * Slow rules (`draft_cost.slow`: one seed over the everyday budget at the very
 * worst) are used only when the designer asks: opening a rules file that holds
 * them or applying a slow draft asks first (the window's confirmation), and the
 * seed is compared under a slow draft only after "Compare anyway". Rules once
 * accepted in this window are not asked about again (a rules file opened or a
 * draft applied after a yes: for both; "Compare anyway": for comparing only).
 */
import type { RuleFieldInfo } from "../bindings/RuleFieldInfo";
import type { RulesCost } from "../bindings/RulesCost";
import type { RulesDraft } from "../bindings/RulesDraft";
import type { SeedComparison } from "../bindings/SeedComparison";
import type { SlowRules } from "../bindings/SlowRules";
import { errorMessage, refreshRules } from "../lib/ipc";
import { slowConfirm } from "../lib/slow-confirm.svelte";
import { askingIfSlow, declinedWords, slowRefusal, type ConfirmSlow } from "../lib/slow-rules";
import * as realApi from "./api";
import { debounce } from "./model";

export type RulesApi = typeof realApi;

/** How long the draft must stay unchanged before the seed is generated under it. */
export const COMPARE_DEBOUNCE_MS = 150;

export class RulesState {
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
  readonly #confirm: ConfirmSlow;
  #compareSeed: number | null = null;
  #compareRequest = 0;
  readonly #debounced: { schedule(): void; cancel(): void };
  /** Slow rules (by id) the designer accepted in this window: to compare a seed under ("Compare anyway"), and to apply (a rules file opened or a draft applied after a yes). */
  readonly #mayCompare = new Set<string>();
  readonly #mayApply = new Set<string>();
  /** The shell's refusal to compare under a slow draft not accepted yet. */
  #compareRefused = $state.raw<SlowRules | null>(null);

  constructor(
    api: RulesApi = realApi,
    onApplied: () => void = () => void refreshRules(),
    debounceMs = COMPARE_DEBOUNCE_MS,
    confirm: ConfirmSlow = slowConfirm.ask,
  ) {
    this.#api = api;
    this.#onApplied = onApplied;
    this.#confirm = confirm;
    this.#debounced = debounce(() => void this.#compareNow(), debounceMs);
  }

  get inForce() {
    return this.state?.in_force ?? null;
  }

  get draft() {
    return this.state?.draft ?? null;
  }

  /** What one seed can cost under the draft at the very worst (null before the draft is known). */
  get draftCost(): RulesCost | null {
    return this.state?.draft_cost ?? null;
  }

  /** Why the seed shown is not compared under the draft (slow rules not accepted yet), or null. */
  get compareWaits(): SlowRules | null {
    const r = this.#compareRefused;
    return r && r.rules_id === this.draft?.rules_id ? r : null;
  }

  /** Whether the designer accepted the draft's rules in this window (in `accepted`). */
  #draftAccepted(accepted: Set<string>): boolean {
    const id = this.draft?.rules_id;
    return id !== undefined && accepted.has(id);
  }

  /** `request` with the allow flag once the designer confirmed slow rules (remembered as accepted); null when declined (said in the notice). */
  async #asking(request: (allow: SlowRules | null) => Promise<RulesDraft | null>, what: "rules_file" | "apply"): Promise<RulesDraft | null> {
    const r = await askingIfSlow(request, this.#confirm, what);
    if (!r.ok) {
      this.notice = { text: declinedWords(r.declined, what), bad: false };
      return null;
    }
    if (r.confirmed) {
      this.#mayCompare.add(r.confirmed.rules_id);
      this.#mayApply.add(r.confirmed.rules_id);
    }
    return r.value;
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

  /** A draft another view made (the Tune view's "Make draft"): shown here as any draft. */
  adopt(state: RulesDraft): void {
    this.#take(state);
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

  /** Opens a rules file as the draft; slow rules only once the designer confirmed. */
  open(): Promise<void> {
    return this.#run(
      () => this.#asking((slow) => this.#api.openRulesFile(slow?.path ?? null), "rules_file"),
      (s) => `The draft is now the rules file's rules (${s.draft.rules_name}).`,
    );
  }

  async save(): Promise<void> {
    try {
      const path = await this.#api.saveRulesFile();
      if (path !== null) this.notice = { text: `Saved the draft to ${path}.`, bad: false };
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    }
  }

  /** Makes the draft the rules in force; slow rules only once the designer confirmed (or accepted them before). */
  apply(): Promise<void> {
    return this.#run(
      () => (this.#draftAccepted(this.#mayApply) ? this.#api.applyRulesDraft(true) : this.#asking((slow) => this.#api.applyRulesDraft(slow !== null), "apply")),
      (s) => `The draft (${s.in_force.rules_name}) is now the rules in force.`,
    );
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

  /** Compares the seed shown under the slow draft the shell refused: the designer asked for it. */
  compareAnyway(): void {
    const r = this.compareWaits;
    if (!r) return;
    this.#mayCompare.add(r.rules_id);
    this.#compareRefused = null;
    void this.#compareNow();
  }

  async #compareNow(): Promise<void> {
    const seed = this.#compareSeed;
    if (seed === null) return;
    const request = ++this.#compareRequest;
    this.comparing = true;
    const started = performance.now();
    try {
      const c = await this.#api.draftVsInForce(seed, this.#draftAccepted(this.#mayCompare));
      if (request !== this.#compareRequest) return;
      this.comparison = c;
      this.#compareRefused = null;
      this.compareMs = performance.now() - started;
    } catch (e) {
      if (request !== this.#compareRequest) return;
      const slow = slowRefusal(e);
      if (slow) {
        // Nothing was generated; what was compared before is another draft's.
        this.#compareRefused = slow;
        this.comparison = null;
      } else this.notice = { text: errorMessage(e), bad: true };
    } finally {
      if (request === this.#compareRequest) this.comparing = false;
    }
  }
}

/** The main window's Rules view: the rules in force and the rules draft. */
export const rulesState = new RulesState();
