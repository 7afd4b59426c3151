/**
 * "What each rule does": which chart (the tornado, a response curve, random
 * rule sets), its settings, the running job and the last result of each kind
 * (IPC payloads, replaced whole), the figure(s) shown, and the PNG and CSV
 * export. The fields and the seed range are the Tune view's: the tornado
 * steps the fields picked to vary (or every numeric field), the curve sweeps
 * one of them within its bounds, the random rule sets draw within them.
 */
import type { FigureName } from "../bindings/FigureName";
import type { WhatChart } from "../bindings/WhatChart";
import type { WhatRequest } from "../bindings/WhatRequest";
import type { WhatResult } from "../bindings/WhatResult";
import type { ChartFormat } from "../bindings/ChartFormat";
import { parseRange } from "../ab/model";
import { errorMessage } from "../lib/ipc";
import type { TuneApi, TuneState } from "./state.svelte";

export type WhatKind = "tornado" | "curve" | "random";

type Kept<K extends WhatKind> = Extract<WhatResult, { kind: K }>;

export class WhatState {
  kind = $state<WhatKind>("tornado");
  /** The tornado steps every numeric field, not only those picked to vary. */
  everyField = $state(false);
  stepText = $state("0.1");
  figure = $state<FigureName>("mean_solving");
  curveField = $state("");
  pointsText = $state("7");
  randomText = $state("30");
  sampleSeedText = $state("1");
  x = $state<FigureName>("mean_walls");
  y = $state<FigureName>("mean_solving");
  running = $state<{ job: number; done: number; total: number; eta: number | null } | null>(null);
  tornado = $state.raw<Kept<"tornado"> | null>(null);
  curve = $state.raw<Kept<"curve"> | null>(null);
  random = $state.raw<Kept<"random"> | null>(null);
  notice = $state<{ text: string; bad: boolean } | null>(null);

  readonly #api: TuneApi;
  readonly #tune: TuneState;

  constructor(api: TuneApi, tune: TuneState) {
    this.#api = api;
    this.#tune = tune;
  }

  /** The request for the chart picked, or why it cannot be made. */
  request(): WhatRequest | { error: string } {
    const t = this.#tune;
    const seeds = parseRange(t.fromText, t.toText);
    if ("error" in seeds) return { error: `seeds: ${seeds.error}` };
    const bounds = t.bounds();
    if ("error" in bounds) return bounds;
    if (this.kind === "tornado") {
      const step = Number(this.stepText);
      if (!(step > 0 && step <= 1)) return { error: "the step is a share of each value, above 0 and at most 1" };
      if (!this.everyField && bounds.length === 0) return { error: "pick fields to vary above, or step every field" };
      return { kind: "tornado", fields: this.everyField ? [] : bounds, step, seeds };
    }
    if (bounds.length === 0) return { error: "pick the fields (and their bounds) above" };
    if (this.kind === "curve") {
      const points = Number(this.pointsText);
      if (!Number.isInteger(points) || points < 2) return { error: "a curve has at least 2 points" };
      const field = bounds.find((b) => b.field === this.curveField) ?? bounds[0]!;
      return { kind: "curve", field, points, seeds };
    }
    const n = Number(this.randomText);
    const sample = Number(this.sampleSeedText);
    if (!Number.isInteger(n) || n < 1) return { error: "draw at least one rule set" };
    if (!Number.isInteger(sample) || sample < 0 || sample >= 2 ** 32) return { error: "the sample's seed is a whole number below 2^32" };
    return { kind: "random", vary: bounds, n, sample_seed: sample, seeds };
  }

  async run(): Promise<void> {
    if (this.running) return;
    const req = this.request();
    if ("error" in req) {
      this.notice = { text: req.error, bad: true };
      return;
    }
    this.notice = null;
    this.running = { job: 0, done: 0, total: 0, eta: null };
    try {
      const out = await this.#api.startWhatRulesDo(req, (e) => {
        const r = this.running;
        if (!r) return;
        this.running = e.event === "started" ? { ...r, job: e.job } : { job: e.job, done: e.done, total: e.total, eta: e.eta_seconds };
      });
      if (out.kind === "tornado") this.tornado = out;
      else if (out.kind === "curve") {
        this.curve = out;
        this.curveField = out.field.field;
      } else if (out.kind === "random") this.random = out;
      else this.notice = { text: "Cancelled: what was computed is kept in the catalog; run again to go on.", bad: false };
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

  /** The chart shown, as the shell names it for export. */
  chart(): WhatChart {
    if (this.kind === "tornado") return { kind: "tornado", figure: this.figure };
    if (this.kind === "curve") return { kind: "curve" };
    return { kind: "random", x: this.x, y: this.y };
  }

  async save(format: ChartFormat): Promise<void> {
    try {
      const w = await this.#api.exportWhatRulesDo(this.chart(), format);
      if (w !== null) this.notice = { text: `Saved ${w.path} (${w.bytes} bytes).`, bad: false };
    } catch (e) {
      this.notice = { text: errorMessage(e), bad: true };
    }
  }
}
