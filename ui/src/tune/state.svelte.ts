/**
 * The Tune view's state: the targets typed (checked by the engine as they
 * change: its message and place under the box), the target pickers, the fields
 * to vary with their bounds, the seed range, holdout and budget, the running
 * tune (progress, rate, time left, every candidate's score for the chart), its
 * result (an IPC payload, replaced whole) and the one-click actions on it.
 * What each rule does lives in `what.svelte.ts`.
 *
 * Everything is under the rules in force: the fields and their values come
 * from the shell (`tuneFields`), and `load()` asks again when they change.
 */
import type { NumericField } from "../bindings/NumericField";
import type { RulesDraft } from "../bindings/RulesDraft";
import type { TuneResult } from "../bindings/TuneResult";
import type { TriedCandidate } from "../bindings/TriedCandidate";
import type { FieldBounds } from "../bindings/FieldBounds";
import { parseRange } from "../ab/model";
import { CommandFailed, errorMessage } from "../lib/ipc";
import * as realApi from "./api";
import { parseBounds, suggestedBounds, targetText, withTarget, type TargetParts } from "./model";

export type TuneApi = typeof realApi;

/** A field picked to vary, its bounds as typed. */
export interface VaryPick {
  field: string;
  lo: string;
  hi: string;
}

export interface TuneJob {
  job: number;
  done: number;
  budget: number;
  perSecond: number;
  eta: number | null;
  best: number | null;
  fromCatalog: number;
}

/** What the view hands on: a tuned rule set made the draft, and the A/B view opened on it. */
export interface TuneHooks {
  onDraft: (d: RulesDraft) => void;
  openAb: (from: number, to: number) => void;
}

export class TuneState {
  fields = $state.raw<NumericField[]>([]);
  targetsText = $state("fallback_rate <= 0.05");
  /** The engine's refusal of the targets typed: its message and the character it points at. */
  targetsError = $state<{ at: number; message: string } | null>(null);
  /** The targets as the engine read them (each target's canonical text). */
  targetsRead = $state.raw<string[]>([]);
  parts = $state<TargetParts>({ figure: "mean_walls", criteria: "solving in 2..8", op: ">=", a: "3", b: "" });
  vary = $state<VaryPick[]>([]);
  fromText = $state("0");
  toText = $state("500");
  holdout = $state(true);
  holdoutFromText = $state("10000");
  holdoutToText = $state("10500");
  budgetText = $state("60");
  running = $state<TuneJob | null>(null);
  /** Every candidate tried so far (this run, or the result's), in order. */
  tried = $state.raw<TriedCandidate[]>([]);
  result = $state.raw<TuneResult | null>(null);
  notice = $state<{ text: string; bad: boolean } | null>(null);

  readonly #api: TuneApi;
  readonly #hooks: TuneHooks;
  #check = 0;

  constructor(api: TuneApi, hooks: TuneHooks) {
    this.#api = api;
    this.#hooks = hooks;
  }

  /** The scores of the candidates tried, in order (null: refused). */
  get scores(): (number | null)[] {
    return this.tried.map((c) => c.score?.score ?? null);
  }

  field(name: string): NumericField | undefined {
    return this.fields.find((f) => f.field === name);
  }

  /** Loads the fields of the rules in force (again after they change) and checks the targets. */
  async load(): Promise<void> {
    try {
      this.fields = await this.#api.tuneFields();
      this.vary = this.vary.filter((v) => this.field(v.field));
      await this.checkTargets();
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    }
  }

  /** Asks the engine about the targets typed; an older answer arriving late is dropped. */
  async checkTargets(): Promise<boolean> {
    const request = ++this.#check;
    const text = this.targetsText;
    try {
      const read = await this.#api.checkTargets(text);
      if (request !== this.#check) return false;
      this.targetsError = null;
      this.targetsRead = read.targets;
      return true;
    } catch (e) {
      if (request !== this.#check) return false;
      const err = e instanceof CommandFailed ? e.error : null;
      this.targetsError = err && err.kind === "bad_targets" ? { at: err.at, message: err.message } : { at: 0, message: errorMessage(e) };
      this.targetsRead = [];
      return false;
    }
  }

  setTargets(text: string): void {
    this.targetsText = text;
    void this.checkTargets();
  }

  /** Joins the pickers' target to the targets typed. */
  addTarget(): void {
    this.setTargets(withTarget(this.targetsText, targetText(this.parts)));
  }

  /** Picks a field to vary, with bounds around its value. */
  addField(name: string): void {
    const f = this.field(name);
    if (!f || this.vary.some((v) => v.field === name)) return;
    const b = suggestedBounds(f);
    this.vary = [...this.vary, { field: name, lo: String(b.lo), hi: String(b.hi) }];
  }

  removeField(name: string): void {
    this.vary = this.vary.filter((v) => v.field !== name);
  }

  /** The fields' bounds as numbers, or the first reason one is refused. */
  bounds(): FieldBounds[] | { error: string } {
    const out: FieldBounds[] = [];
    for (const v of this.vary) {
      const f = this.field(v.field);
      if (!f) return { error: `${v.field} is not a number of the rules in force` };
      const b = parseBounds(f, v.lo, v.hi);
      if ("error" in b) return b;
      out.push({ field: v.field, ...b });
    }
    return out;
  }

  /** Runs the tune from the rules in force. */
  async run(): Promise<void> {
    if (this.running) return;
    const bad = (text: string) => void (this.notice = { text, bad: true });
    const seeds = parseRange(this.fromText, this.toText);
    if ("error" in seeds) return bad(`seeds: ${seeds.error}`);
    const holdout = this.holdout ? parseRange(this.holdoutFromText, this.holdoutToText) : null;
    if (holdout && "error" in holdout) return bad(`holdout: ${holdout.error}`);
    const budget = Number(this.budgetText);
    if (!Number.isInteger(budget) || budget < 1) return bad("the budget is a whole number of candidates, at least 1");
    const vary = this.bounds();
    if ("error" in vary) return bad(vary.error);
    if (vary.length === 0) return bad("pick at least one field to vary");
    if (!(await this.checkTargets())) return bad("the targets are refused (see under the box)");
    this.notice = null;
    this.tried = [];
    this.result = null;
    this.running = { job: 0, done: 0, budget, perSecond: 0, eta: null, best: null, fromCatalog: 0 };
    const seen: TriedCandidate[] = [];
    try {
      const out = await this.#api.startTune({ targets: this.targetsText, vary, seeds, holdout, budget }, (e) => {
        const r = this.running;
        if (!r) return;
        if (e.event === "started") this.running = { ...r, job: e.job, budget: e.budget };
        else {
          seen.push(e.candidate);
          this.tried = [...seen];
          const p = e.progress;
          this.running = { ...r, job: e.job, done: p.done, budget: p.budget, perSecond: p.per_second, eta: p.eta_seconds, best: p.best_score, fromCatalog: p.from_catalog };
        }
      });
      this.result = out;
      const again = out.from_catalog > 0 && out.computed === 0 ? " Every rule set came from the catalog (nothing computed again)." : "";
      this.notice = out.cancelled
        ? { text: `Cancelled after ${out.candidates} candidates: every tally is kept; run again to resume.`, bad: false }
        : { text: `${out.candidates} candidates tried.${again}`, bad: false };
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    } finally {
      this.running = null;
    }
  }

  async cancel(): Promise<void> {
    const r = this.running;
    if (r && r.job > 0) await this.#api.cancelJob(r.job);
  }

  /** Makes the tuned rule set of `rank` the draft. */
  async makeDraft(rank: number): Promise<boolean> {
    try {
      const d = await this.#api.tunedToDraft(rank);
      this.#hooks.onDraft(d);
      this.notice = { text: `Rule set ${rank} is the draft now (${d.draft.rules_id}): the Rules view shows it; Apply there to put it in force.`, bad: false };
      return true;
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
      return false;
    }
  }

  /** Makes it the draft and compares it with the rules in force in the A/B view, on the tune's seeds. */
  async openInAb(rank: number): Promise<void> {
    const r = this.result;
    if (r && (await this.makeDraft(rank))) this.#hooks.openAb(r.seeds.from, r.seeds.to);
  }

  async saveRules(rank: number): Promise<void> {
    try {
      const path = await this.#api.saveTunedRules(rank);
      if (path !== null) this.notice = { text: `Saved rule set ${rank} as ${path}.`, bad: false };
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    }
  }
}
