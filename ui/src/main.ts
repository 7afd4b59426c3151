/**
 * The studio window: seed bar, rejection ledger, sweep visualizer, details.
 * All data comes from the shell (ipc.ts); all drawing lives in draw/.
 */
import "./style.css";
import type { Attempt } from "./bindings/Attempt";
import type { Inspection } from "./bindings/Inspection";
import type { ParsedSeed } from "./bindings/ParsedSeed";
import type { PlacementError } from "./bindings/PlacementError";
import type { PlacementTrajectory } from "./bindings/PlacementTrajectory";
import type { SweepEntry } from "./bindings/SweepEntry";
import type { SweepEvent } from "./bindings/SweepEvent";
import { HEAT_MAX, heatColor, palette, resultColor, resultLabel, RESULTS, withAlpha } from "./draw/colors";
import { drawHeatmap, heatCells } from "./draw/heatmap";
import { drawMultiples, hitMultiples, layoutMultiples, type MultiplesLayout } from "./draw/multiples";
import { drawGlyphs, hitGlyph, visibleIndices } from "./draw/sweep";
import { drawThumbnail } from "./draw/thumbnail";
import { drawTrajectory, drawTrajectoryBundle, type Point } from "./draw/trajectory";
import { fitView, prepareCanvas, type View } from "./draw/view";
import { drawField, drawWalls, drawWorld } from "./draw/world";
import * as ipc from "./ipc";
import { openPlay } from "./play/ipc";
import {
  allVisible,
  countResults,
  fmt,
  hex,
  nextSeed,
  outcomeWords,
  prevSeed,
  pushHistory,
  randomSeed,
  resultCodes,
  sourceWords,
  verdictWords,
  type Filter,
  type HistoryItem,
} from "./model";
import { mountExchange } from "./exchange/panel";
import { h } from "./dom";

type ViewKind = "field" | "multiples" | "heat";

interface Job {
  seed: number;
  attempt: number;
  id: number | null;
  done: number;
  total: number;
  state: "running" | "finished" | "cancelled" | "failed";
}

interface PerfRecord {
  seed: number;
  attempts: number;
  ipcMs: number;
  renderMs: number;
  totalMs: number;
}

const state = {
  parsed: null as ParsedSeed | null,
  insp: null as Inspection | null,
  attempt: 1,
  view: "field" as ViewKind,
  filter: allVisible(4) as Filter,
  hovered: null as number | null,
  selected: null as number | null,
  selectedTraj: null as PlacementTrajectory | null,
  allTraj: false,
  trajs: new Map<number, PlacementTrajectory>(),
  trajKey: "",
  job: null as Job | null,
  history: [] as HistoryItem[],
  request: 0,
  layout: null as MultiplesLayout | null,
  fieldView: null as View | null,
};

const perf = {
  seedChanges: [] as PerfRecord[],
  frames: [] as { kind: string; ms: number; trajectories: number; segments: number }[],
};
(window as unknown as { __studioPerf: typeof perf }).__studioPerf = perf;

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
};

const el = {
  form: $<HTMLFormElement>("seed-form"),
  input: $<HTMLInputElement>("seed-input"),
  error: $("seed-error"),
  prev: $<HTMLButtonElement>("seed-prev"),
  next: $<HTMLButtonElement>("seed-next"),
  random: $<HTMLButtonElement>("seed-random"),
  today: $<HTMLButtonElement>("seed-today"),
  currentSeed: $("current-seed"),
  currentSource: $("current-source"),
  copy: $<HTMLButtonElement>("copy-seed"),
  ledger: $<HTMLOListElement>("ledger"),
  ledgerSummary: $("ledger-summary"),
  shipped: $("shipped"),
  canvas: $<HTMLCanvasElement>("stage-canvas"),
  wrap: $("canvas-wrap"),
  tooltip: $("tooltip"),
  empty: $("stage-empty"),
  tiltFilters: $("tilt-filters"),
  resultFilters: $("result-filters"),
  allTraj: $<HTMLInputElement>("all-trajectories"),
  jobStatus: $("job-status"),
  legend: $("legend"),
  perf: $("perf"),
  attemptDetails: $("attempt-details"),
  sweepCounts: $("sweep-counts"),
  placementDetails: $("placement-details"),
  history: $<HTMLOListElement>("history"),
};

/** Creates an element with a class and text. */
// Share code, level/picture export and level import (ui/src/exchange).
const exchange = mountExchange($("exchange-card"), $("rules-warning"), {
  parsed: () => state.parsed,
  rulesVersion: () => state.insp?.report.rules_version ?? null,
  attempt: () => (state.insp ? state.attempt : null),
  open: (text) => {
    el.input.value = text;
    void submitText(text);
  },
});


function currentAttempt(): Attempt | null {
  return state.insp?.report.attempts[state.attempt - 1] ?? null;
}

function currentEntries(): SweepEntry[] {
  return currentAttempt()?.sweep?.placements ?? [];
}

// ---------------------------------------------------------------- seed bar

function showSeedError(message: string | null): void {
  el.error.hidden = message === null;
  el.error.textContent = message ?? "";
  el.input.classList.toggle("invalid", message !== null);
  el.input.setAttribute("aria-invalid", message === null ? "false" : "true");
}

async function submitText(text: string): Promise<void> {
  try {
    const parsed = await ipc.parseSeed(text);
    showSeedError(null);
    await load(parsed);
  } catch (e) {
    showSeedError(e instanceof ipc.StudioCommandError ? e.detail.message : String(e));
  }
}

async function goToSeed(seed: number): Promise<void> {
  el.input.value = String(seed);
  await submitText(String(seed));
}

async function goToday(): Promise<void> {
  const parsed = await ipc.todayDaily();
  el.input.value = parsed.source.kind === "daily" ? parsed.source.key : String(parsed.seed);
  showSeedError(null);
  await load(parsed);
}

function renderCurrent(): void {
  const p = state.parsed;
  el.currentSeed.textContent = p ? String(p.seed) : "—";
  el.currentSeed.dataset["seed"] = p ? String(p.seed) : "";
  el.currentSource.textContent = p ? `${hex(p.seed)} · ${sourceWords(p)}` : "";
}

async function copySeed(): Promise<void> {
  if (!state.parsed) return;
  const text = String(state.parsed.seed);
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Fallback for webviews without the async clipboard: copy the selection.
    const range = document.createRange();
    range.selectNodeContents(el.currentSeed);
    const sel = window.getSelection();
    sel?.removeAllRanges();
    sel?.addRange(range);
    document.execCommand("copy");
  }
  el.copy.textContent = "Copied";
  window.setTimeout(() => (el.copy.textContent = "Copy"), 1200);
}

// ---------------------------------------------------------------- loading

async function load(parsed: ParsedSeed): Promise<void> {
  const request = ++state.request;
  const t0 = performance.now();
  document.body.dataset["state"] = "loading";
  const insp = await ipc.inspect(parsed.seed);
  if (request !== state.request) return;
  const t1 = performance.now();
  cancelJob();
  state.parsed = parsed;
  state.insp = insp;
  state.attempt = insp.report.shipped.attempt;
  state.selected = null;
  state.selectedTraj = null;
  state.hovered = null;
  state.trajs = new Map();
  state.trajKey = "";
  const shipped = insp.report.attempts[insp.report.shipped.attempt - 1];
  state.history = pushHistory(state.history, {
    seed: parsed.seed,
    label: parsed.source.kind === "daily" ? parsed.source.date : String(parsed.seed),
    summary: shipped ? verdictWords(insp.report, shipped).badge : "",
  });
  renderCurrent();
  exchange.update();
  renderLedger();
  renderHistory();
  selectAttempt(state.attempt, false);
  const t2 = performance.now();
  perf.seedChanges.push({
    seed: parsed.seed,
    attempts: insp.report.attempts.length,
    ipcMs: t1 - t0,
    renderMs: t2 - t1,
    totalMs: t2 - t0,
  });
  el.perf.textContent = `seed ${parsed.seed} (${insp.report.attempts.length} attempts): engine ${insp.elapsed_ms.toFixed(1)} ms, inspect round trip ${(t1 - t0).toFixed(0)} ms, ledger + stage redraw ${(t2 - t1).toFixed(0)} ms`;
  document.body.dataset["state"] = "ready";
  document.body.dataset["seed"] = String(parsed.seed);
}

// ---------------------------------------------------------------- ledger

function renderLedger(): void {
  const insp = state.insp;
  el.ledger.replaceChildren();
  el.shipped.replaceChildren();
  if (!insp) return;
  const report = insp.report;
  const rejected = report.attempts.filter((a) => a.verdict !== "accepted").length;
  el.ledgerSummary.textContent = `${report.attempts.length} attempt${report.attempts.length === 1 ? "" : "s"} · ${rejected} rejected`;

  const s = report.shipped;
  const shippedBox = el.shipped;
  shippedBox.dataset["shippedAttempt"] = String(s.attempt);
  shippedBox.dataset["fallback"] = String(s.fallback);
  shippedBox.dataset["levelHash"] = s.level_hash;
  shippedBox.className = `shipped ${s.fallback || s.all_pre_solved ? "fallback" : "accepted"}`;
  shippedBox.append(
    h("div", "shipped-title", s.fallback ? `Fallback shipped: attempt ${s.attempt}` : `Shipped: attempt ${s.attempt}`),
    h("div", "shipped-reason", s.reason),
    h("div", "mono muted", `level ${s.level_hash}`),
  );
  if (s.solution) {
    shippedBox.append(
      h("div", "mono muted", `solution: ramp at (${s.solution.x}, ${s.solution.y}) tilt ${s.solution.angle} rad`),
    );
  }

  const dpr = window.devicePixelRatio || 1;
  for (const a of report.attempts) {
    const words = verdictWords(report, a);
    const li = h("li", `attempt-card tone-${words.tone}`);
    li.tabIndex = 0;
    li.dataset["attempt"] = String(a.index);
    li.dataset["verdict"] = a.verdict;
    li.dataset["levelHash"] = a.level_hash;
    li.dataset["fallbackCandidate"] = String(a.fallback_candidate);
    li.dataset["shipped"] = String(words.shipped);
    li.dataset["solving"] = a.sweep ? String(a.sweep.solving) : "";
    li.dataset["gameStop"] = a.sweep?.game_stop != null ? String(a.sweep.game_stop) : "";
    const thumb = h("canvas", "thumb");
    const ctx = prepareCanvas(thumb, 56, 84, dpr);
    drawThumbnail(ctx, 56, 84, a, insp.rules);
    const body = h("div", "card-body");
    const head = h("div", "card-head");
    head.append(h("span", "card-index", `#${a.index}`), h("span", `badge tone-${words.tone}`, words.badge));
    if (words.shipped) head.append(h("span", "badge shipped-badge", "shipped"));
    const stats = h("div", "card-stats mono");
    const bare = `bare: ${outcomeWords[a.bare.outcome] ?? a.bare.outcome} · ${a.bare.steps} steps · closest ${fmt(a.bare.closest)}`;
    stats.append(h("div", "", bare));
    if (a.sweep) {
      const c = countResults(a.sweep.placements);
      const info = a.verdict === "pre_solved" ? " (not run by the game)" : "";
      stats.append(
        h(
          "div",
          "",
          `sweep${info}: ${a.sweep.solving}/144 goal · ${c.out} out · ${c.rest} rest · ${c.timeout} timeout · ${c.blocked} blocked`,
        ),
      );
    } else {
      stats.append(h("div", "", "sweep: never run"));
    }
    body.append(head, h("div", "card-words", words.words), stats);
    li.append(thumb, body);
    li.addEventListener("click", () => selectAttempt(a.index, true));
    el.ledger.append(li);
  }
}

function selectAttempt(index: number, userAction: boolean): void {
  const insp = state.insp;
  if (!insp) return;
  const n = insp.report.attempts.length;
  state.attempt = Math.min(n, Math.max(1, index));
  state.selected = null;
  state.selectedTraj = null;
  state.hovered = null;
  for (const li of el.ledger.querySelectorAll<HTMLLIElement>(".attempt-card")) {
    const on = li.dataset["attempt"] === String(state.attempt);
    li.classList.toggle("selected", on);
    li.setAttribute("aria-selected", String(on));
    if (on && userAction) li.scrollIntoView({ block: "nearest" });
  }
  const key = `${insp.report.seed}:${state.attempt}`;
  if (state.trajKey !== key) {
    cancelJob();
    state.trajs = new Map();
    state.trajKey = key;
  }
  renderFilters();
  renderDetails();
  renderStage();
  if (state.allTraj) ensureTrajectories();
}

// ---------------------------------------------------------------- trajectories job

function cancelJob(): void {
  const job = state.job;
  if (job && job.state === "running") {
    job.state = "cancelled";
    if (job.id !== null) void ipc.cancelJob(job.id);
  }
  renderJob();
}

function ensureTrajectories(): void {
  const a = currentAttempt();
  const insp = state.insp;
  if (!a?.sweep || !insp) return;
  const seed = insp.report.seed;
  const attempt = a.index;
  if (state.trajs.size === a.sweep.placements.length) return;
  if (state.job && state.job.state === "running" && state.job.seed === seed && state.job.attempt === attempt) return;
  const job: Job = { seed, attempt, id: null, done: 0, total: a.sweep.placements.length, state: "running" };
  state.job = job;
  renderJob();
  const onEvent = (e: SweepEvent) => {
    if (e.event === "started") {
      job.id = e.job;
      if (job.state === "cancelled") void ipc.cancelJob(e.job);
      return;
    }
    if (state.job !== job || job.state === "cancelled") return;
    if (e.event === "chunk") {
      for (const t of e.trajectories) state.trajs.set(t.index, t);
      job.done = e.done;
      renderJob();
      if (state.allTraj && state.view === "field") renderStage();
    } else if (e.event === "finished") {
      job.state = "finished";
      renderJob();
    } else if (e.event === "cancelled") {
      job.state = "cancelled";
      renderJob();
    }
  };
  ipc.sweepTrajectories(seed, attempt, onEvent).catch((err: unknown) => {
    if (state.job === job) {
      job.state = "failed";
      el.jobStatus.textContent = err instanceof Error ? err.message : String(err);
    }
  });
}

function renderJob(): void {
  const job = state.job;
  el.jobStatus.replaceChildren();
  el.jobStatus.dataset["state"] = job ? job.state : "";
  el.canvas.dataset["trajectories"] = String(state.trajs.size);
  if (!job || job.state === "finished" || !state.allTraj) {
    if (job?.state === "finished" && state.allTraj) el.jobStatus.append(h("span", "muted", `${job.total} trajectories`));
    return;
  }
  if (job.state === "running") {
    const bar = h("div", "progress");
    const fill = h("div", "progress-fill");
    fill.style.width = `${(100 * job.done) / Math.max(1, job.total)}%`;
    bar.append(fill);
    const stop = h("button", "btn small", "Cancel");
    stop.type = "button";
    stop.addEventListener("click", () => cancelJob());
    el.jobStatus.append(h("span", "muted", `trajectories ${job.done}/${job.total}`), bar, stop);
  } else {
    el.jobStatus.append(h("span", "muted", `trajectories ${job.state} at ${job.done}/${job.total}`));
  }
}

// ---------------------------------------------------------------- filters & legend

function chip(label: string, on: boolean, color: string | null, onClick: () => void, data: Record<string, string>): HTMLButtonElement {
  const b = h("button", `chip${on ? " on" : ""}`);
  b.type = "button";
  b.setAttribute("aria-pressed", String(on));
  for (const [k, v] of Object.entries(data)) b.dataset[k] = v;
  if (color) {
    const dot = h("span", "dot");
    dot.style.background = color;
    b.append(dot);
  }
  b.append(document.createTextNode(label));
  b.addEventListener("click", onClick);
  return b;
}

function renderFilters(): void {
  const insp = state.insp;
  el.tiltFilters.replaceChildren();
  el.resultFilters.replaceChildren();
  if (!insp) return;
  insp.rules.sweep_angles.forEach((angle, t) => {
    el.tiltFilters.append(
      chip(`${angle > 0 ? "+" : ""}${angle}`, state.filter.tilts[t] ?? false, null, () => {
        state.filter.tilts[t] = !state.filter.tilts[t];
        renderFilters();
        renderStage();
      }, { tilt: String(t) }),
    );
  });
  const counts = countResults(currentEntries());
  for (const r of RESULTS) {
    el.resultFilters.append(
      chip(`${r} ${counts[r]}`, state.filter.results[r], resultColor[r], () => {
        state.filter.results[r] = !state.filter.results[r];
        renderFilters();
        renderStage();
      }, { result: r }),
    );
  }
  renderLegend();
}

function renderLegend(): void {
  el.legend.replaceChildren();
  const item = (color: string, label: string, cls = "swatch") => {
    const s = h("span", "legend-item");
    const sw = h("span", cls);
    sw.style.background = color;
    s.append(sw, document.createTextNode(label));
    return s;
  };
  if (state.view === "heat") {
    const s = h("span", "legend-item");
    s.append(document.createTextNode("closest approach  0 "));
    const ramp = h("span", "heat-ramp");
    ramp.style.background = `linear-gradient(90deg, ${[0, 0.25, 0.5, 0.75, 1].map((t) => heatColor(t * HEAT_MAX)).join(", ")})`;
    s.append(ramp, document.createTextNode(` ≥${HEAT_MAX} units · outlined: a tilt reaches the goal`));
    el.legend.append(s);
    return;
  }
  el.legend.append(item(palette.ball, "ball start", "swatch round"), item(palette.goal, "goal zone"), item(palette.wall, "wall"));
  el.legend.append(item(palette.bare, "bare-ball path", "swatch line"));
  el.legend.append(item(palette.goal, "game stop", "swatch ring"));
  el.legend.append(item(resultColor.blocked, "blocked ramp (dashed)", "swatch line"));
}

// ---------------------------------------------------------------- details

function row(dl: HTMLElement, k: string, v: string, mono = false): void {
  dl.append(h("dt", "", k), h("dd", mono ? "mono" : "", v));
}

function renderDetails(): void {
  const a = currentAttempt();
  const insp = state.insp;
  el.attemptDetails.replaceChildren();
  el.sweepCounts.replaceChildren();
  if (!a || !insp) return;
  const words = verdictWords(insp.report, a);
  el.attemptDetails.append(h("h3", "", `Attempt ${a.index} of ${insp.report.attempts.length}`));
  el.attemptDetails.append(h("div", `badge tone-${words.tone}`, words.badge));
  el.attemptDetails.append(h("p", "words", words.words));
  el.attemptDetails.append(h("p", "reason mono muted", a.reason));
  const dl = h("dl", "kv");
  row(dl, "bare ball", `${outcomeWords[a.bare.outcome] ?? a.bare.outcome}`);
  row(dl, "steps", String(a.bare.steps), true);
  row(dl, "closest", `${fmt(a.bare.closest, 2)} units`, true);
  row(dl, "ball start", `(${a.world.ball.x}, ${a.world.ball.y})`, true);
  row(dl, "goal", `(${a.world.goal.center.x}, ${a.world.goal.center.y})`, true);
  row(dl, "walls", String(a.world.walls.length), true);
  const inv = a.world.inventory;
  row(dl, "inventory", `${inv.ramp} ramp · ${inv.fan} fan · ${inv.bumper} bumper`);
  row(dl, "level hash", a.level_hash, true);
  el.attemptDetails.append(dl);

  el.sweepCounts.append(h("h3", "", "Sweep"));
  if (!a.sweep) {
    el.sweepCounts.dataset["total"] = "0";
    el.sweepCounts.append(h("p", "muted", "Never swept: a preSolved candidate is rejected before the ramp sweep runs."));
    return;
  }
  const counts = countResults(a.sweep.placements);
  el.sweepCounts.dataset["total"] = String(a.sweep.placements.length);
  const table = h("div", "counts");
  for (const r of RESULTS) {
    const line = h("div", "count-row");
    const sw = h("span", "dot");
    sw.style.background = resultColor[r];
    const n = h("span", "count mono", String(counts[r]));
    n.dataset["count"] = r;
    const bar = h("span", "count-bar");
    const fill = h("span", "count-fill");
    fill.style.width = `${(100 * counts[r]) / 144}%`;
    fill.style.background = resultColor[r];
    bar.append(fill);
    line.append(sw, h("span", "count-label", resultLabel[r]), bar, n);
    table.append(line);
  }
  el.sweepCounts.append(table);
  const stop = a.sweep.game_stop;
  const text =
    a.verdict === "pre_solved"
      ? `The game never sweeps a preSolved candidate; the inspector did, for information.${
          stop === null ? "" : ` The first ramp to reach the goal is placement ${stop + 1} of 144 (index ${stop}).`
        }`
      : stop === null
        ? "No placement reaches the goal: the game's sweep ran all 144."
        : `The game stopped at placement ${stop + 1} of 144 (index ${stop}).`;
  el.sweepCounts.append(h("p", "muted", text));
}

function blockedWords(e: PlacementError): string {
  switch (e.kind) {
    case "overlaps_wall":
      return `overlaps wall ${e.wall}`;
    case "overlaps_goal":
      return "overlaps the goal";
    case "overlaps_ball":
      return "overlaps the ball's start";
    case "outside_field":
      return "sticks out of the field";
    case "overlaps_part":
      return `overlaps part ${e.other}`;
    case "not_finite":
      return "is not finite";
    case "not_in_inventory":
      return "is not in the inventory";
    case "missing_spin":
      return "has no spin";
    case "unexpected_spin":
      return "has a spin";
  }
}

function placementSummary(e: SweepEntry): string {
  if (e.result === "blocked") return `blocked: the ramp ${e.blocked ? blockedWords(e.blocked) : "is not allowed"}`;
  return `${resultLabel[e.result]} after ${e.steps} steps · closest ${fmt(e.closest, 2)}`;
}

function renderPlacement(): void {
  el.placementDetails.replaceChildren();
  el.placementDetails.append(h("h3", "", "Placement"));
  const i = state.selected ?? state.hovered;
  const e = i === null ? undefined : currentEntries()[i];
  if (!e) {
    el.placementDetails.append(h("p", "muted", "Hover a ramp for its result; click it for its full trajectory."));
    return;
  }
  el.placementDetails.dataset["index"] = String(e.index);
  const dl = h("dl", "kv");
  row(dl, "index", `${e.index} (${e.index + 1} of 144)`, true);
  row(dl, "position", `(${e.x}, ${e.y})`, true);
  row(dl, "tilt", `${e.angle} rad`, true);
  row(dl, "result", resultLabel[e.result]);
  row(dl, "steps", String(e.steps), true);
  row(dl, "closest", e.closest === null ? "—" : `${e.closest.toFixed(2)} units`, true);
  if (e.blocked) row(dl, "why", `the ramp ${blockedWords(e.blocked)}`);
  el.placementDetails.append(dl);
}

function renderHistory(): void {
  el.history.replaceChildren();
  for (const item of state.history) {
    const li = h("li", item.seed === state.parsed?.seed ? "current" : "");
    const b = h("button", "history-item");
    b.type = "button";
    b.append(h("span", "mono", item.label), h("span", "muted", item.summary));
    b.addEventListener("click", () => void goToSeed(item.seed));
    li.append(b);
    el.history.append(li);
  }
}

// ---------------------------------------------------------------- stage

function stageSize(): { w: number; hgt: number } {
  const r = el.wrap.getBoundingClientRect();
  return { w: Math.max(1, Math.floor(r.width)), hgt: Math.max(1, Math.floor(r.height)) };
}

/** The static layer of the stage (field, world, heat cells, trajectory bundle), redrawn only when its inputs change. */
const base = { canvas: document.createElement("canvas"), key: "" };

function baseKey(w: number, hgt: number, dpr: number): string {
  const f = state.filter;
  return [
    state.insp?.report.seed, state.attempt, state.view, w, hgt, dpr, state.allTraj ? state.trajs.size : -1,
    f.tilts.map(Number).join(""), RESULTS.map((r) => Number(f.results[r])).join(""),
  ].join("/");
}

/** Clips drawing to the field (balls leave through its bottom). */
function clipToField(c: CanvasRenderingContext2D, v: View, fw: number, fh: number): void {
  c.beginPath();
  c.rect(v.ox, v.oy, fw * v.scale, fh * v.scale);
  c.clip();
}

/** Redraws the stage. `force` redraws the static layer too (the timing probe uses it). */
function renderStage(force = false): void {
  const t0 = performance.now();
  const insp = state.insp;
  const a = currentAttempt();
  const { w, hgt } = stageSize();
  const dpr = window.devicePixelRatio || 1;
  const ctx = prepareCanvas(el.canvas, w, hgt, dpr);
  el.canvas.dataset["view"] = state.view;
  for (const t of document.querySelectorAll<HTMLButtonElement>(".tab")) {
    const on = t.dataset["view"] === state.view;
    t.classList.toggle("on", on);
    t.setAttribute("aria-selected", String(on));
  }
  renderLegend();
  renderPlacement();
  if (!insp || !a) {
    ctx.fillStyle = palette.bg;
    ctx.fillRect(0, 0, w, hgt);
    return;
  }
  const rules = insp.rules;
  const grid = insp.grid;
  const entries = a.sweep?.placements ?? [];
  const gameStop = a.sweep?.game_stop ?? null;
  el.canvas.dataset["seed"] = String(insp.report.seed);
  el.canvas.dataset["attempt"] = String(a.index);
  el.canvas.dataset["results"] = resultCodes(entries);
  el.canvas.dataset["gameStop"] = gameStop === null ? "" : String(gameStop);
  el.canvas.dataset["visible"] = String(visibleIndices(grid, entries, state.filter).length);
  el.empty.hidden = a.sweep !== null;
  el.empty.textContent = a.sweep ? "" : "preSolved — the bare ball falls into the goal, so this candidate was never swept.";
  const marks = { hovered: state.hovered, selected: state.selected, gameStop, stopLabel: a.verdict === "pre_solved" ? "first goal" : "game stop" };
  const v = fitView({ x: 0, y: 0, w, h: hgt }, rules.field_width, rules.field_height, 16);
  state.fieldView = v;
  let trajectories = 0;
  let segments = 0;
  let rebuilt = false;

  // Static layer.
  const key = baseKey(w, hgt, dpr);
  if (force || key !== base.key) {
    rebuilt = true;
    const b = prepareCanvas(base.canvas, w, hgt, dpr);
    b.fillStyle = palette.bg;
    b.fillRect(0, 0, w, hgt);
    if (state.view === "multiples" && a.sweep) {
      // Drawn in the overlay: the whole view depends on hover/selection.
    } else if (state.view === "heat" && a.sweep) {
      drawField(b, v, rules);
      drawHeatmap(b, v, rules, heatCells(rules, grid, entries, state.filter));
      drawWorld(b, v, a.world, rules, { grid: false, dim: false });
      drawWalls(b, v, a.world, rules);
    } else {
      drawField(b, v, rules);
      drawWorld(b, v, a.world, rules, { grid: true, dim: false });
      b.save();
      clipToField(b, v, rules.field_width, rules.field_height);
      if (state.allTraj && a.sweep) {
        const items: { points: Point[]; color: string }[] = [];
        for (const i of visibleIndices(grid, entries, state.filter)) {
          const t = state.trajs.get(i);
          if (t && t.trajectory.length > 1) items.push({ points: t.trajectory, color: withAlpha(resultColor[t.result], 0.3) });
        }
        trajectories = items.length;
        segments = drawTrajectoryBundle(b, v, items, 1, 2);
      }
      drawTrajectory(b, v, a.bare.trajectory, withAlpha(palette.bare, 0.85), 1.6, [5, 4]);
      b.restore();
    }
    base.key = key;
  }
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(base.canvas, 0, 0);
  ctx.restore();

  // Overlay: what hover and selection change.
  if (state.view === "multiples" && a.sweep) {
    state.layout = layoutMultiples({ x: 12, y: 12, w: w - 24, h: hgt - 24 }, rules.sweep_angles, rules.sweep_xs.length, rules.sweep_ys.length);
    drawMultiples(ctx, state.layout, grid, entries, state.filter, marks);
  } else {
    state.layout = null;
    if (state.view === "heat" && a.sweep) {
      drawGlyphs(ctx, v, grid, [], state.filter, { ...marks, hovered: null, selected: null });
    } else {
      if (a.sweep) {
        drawGlyphs(ctx, v, grid, entries, state.filter, marks, state.allTraj ? 0.55 : 0.9);
        drawWalls(ctx, v, a.world, rules);
      }
      if (state.selectedTraj && state.selected === state.selectedTraj.index) {
        ctx.save();
        clipToField(ctx, v, rules.field_width, rules.field_height);
        drawTrajectory(ctx, v, state.selectedTraj.trajectory, resultColor[state.selectedTraj.result], 2.6);
        ctx.restore();
      }
    }
  }
  el.canvas.dataset["selected"] = state.selected === null ? "" : String(state.selected);
  el.canvas.dataset["selectedPoints"] = String(state.selectedTraj?.trajectory.length ?? 0);
  const ms = performance.now() - t0;
  if (rebuilt && trajectories > 0) {
    perf.frames.push({ kind: "all-trajectories", ms, trajectories, segments });
    if (perf.frames.length > 500) perf.frames.splice(0, 250);
  }
}

function stageHit(px: number, py: number): number | null {
  const insp = state.insp;
  const a = currentAttempt();
  if (!insp || !a?.sweep) return null;
  if (state.view === "multiples") {
    if (!state.layout) return null;
    const i = hitMultiples(state.layout, insp.grid, px, py);
    return i;
  }
  if (!state.fieldView) return null;
  if (state.view === "heat") return null;
  return hitGlyph(state.fieldView, insp.grid, a.sweep.placements, state.filter, px, py, 5);
}

function showTooltip(i: number | null, px: number, py: number): void {
  const e = i === null ? undefined : currentEntries()[i];
  if (!e) {
    el.tooltip.hidden = true;
    return;
  }
  el.tooltip.replaceChildren(
    h("div", "tt-title", `#${e.index} · (${e.x}, ${e.y}) · tilt ${e.angle}`),
    h("div", `tt-result r-${e.result}`, resultLabel[e.result]),
    h("div", "mono", e.result === "blocked" ? placementSummary(e) : `${e.steps} steps · closest ${fmt(e.closest, 2)}`),
  );
  el.tooltip.hidden = false;
  const { w, hgt } = stageSize();
  const tw = el.tooltip.offsetWidth;
  const th = el.tooltip.offsetHeight;
  el.tooltip.style.left = `${Math.min(w - tw - 8, px + 14)}px`;
  el.tooltip.style.top = `${Math.min(hgt - th - 8, py + 14)}px`;
}

async function selectPlacement(i: number | null): Promise<void> {
  const insp = state.insp;
  const a = currentAttempt();
  state.selected = i;
  state.selectedTraj = null;
  renderStage();
  if (i === null || !insp || !a?.sweep) return;
  const entry = a.sweep.placements[i];
  if (!entry || entry.result === "blocked") return;
  const seed = insp.report.seed;
  const attempt = a.index;
  const t = await ipc.placementTrajectory(seed, attempt, i);
  if (state.insp?.report.seed === seed && state.attempt === attempt && state.selected === i) {
    state.selectedTraj = t;
    if (state.view !== "field") state.view = "field";
    renderStage();
  }
}

// ---------------------------------------------------------------- events

el.form.addEventListener("submit", (e) => {
  e.preventDefault();
  void submitText(el.input.value);
});
el.prev.addEventListener("click", () => state.parsed && void goToSeed(prevSeed(state.parsed.seed)));
el.next.addEventListener("click", () => state.parsed && void goToSeed(nextSeed(state.parsed.seed)));
el.random.addEventListener("click", () => void goToSeed(randomSeed((a) => crypto.getRandomValues(a))));
el.today.addEventListener("click", () => void goToday());
el.copy.addEventListener("click", () => void copySeed());
el.allTraj.addEventListener("change", () => setAllTraj(el.allTraj.checked));
for (const t of document.querySelectorAll<HTMLButtonElement>(".tab")) {
  t.addEventListener("click", () => setView(t.dataset["view"] as ViewKind));
}

function setView(v: ViewKind): void {
  state.view = v;
  state.hovered = null;
  el.tooltip.hidden = true;
  renderStage();
}

function setAllTraj(on: boolean): void {
  state.allTraj = on;
  el.allTraj.checked = on;
  if (on) ensureTrajectories();
  renderJob();
  renderStage();
}

el.canvas.addEventListener("mousemove", (ev) => {
  const r = el.canvas.getBoundingClientRect();
  const px = ev.clientX - r.left;
  const py = ev.clientY - r.top;
  const i = stageHit(px, py);
  el.canvas.style.cursor = i === null ? "default" : "pointer";
  if (i !== state.hovered) {
    state.hovered = i;
    renderStage();
  }
  showTooltip(i, px, py);
});
el.canvas.addEventListener("mouseleave", () => {
  state.hovered = null;
  el.tooltip.hidden = true;
  renderStage();
});
el.canvas.addEventListener("click", (ev) => {
  const r = el.canvas.getBoundingClientRect();
  const i = stageHit(ev.clientX - r.left, ev.clientY - r.top);
  void selectPlacement(i === state.selected ? null : i);
});

document.addEventListener("keydown", (ev) => {
  const target = ev.target as HTMLElement | null;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) {
    if (ev.key === "Escape") target.blur();
    return;
  }
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const seed = state.parsed?.seed;
  switch (ev.key) {
    case "]":
      if (seed !== undefined) void goToSeed(nextSeed(seed));
      break;
    case "[":
      if (seed !== undefined) void goToSeed(prevSeed(seed));
      break;
    case "ArrowDown":
    case "j":
      selectAttempt(state.attempt + 1, true);
      break;
    case "ArrowUp":
    case "k":
      selectAttempt(state.attempt - 1, true);
      break;
    case "r":
      void goToSeed(randomSeed((a) => crypto.getRandomValues(a)));
      break;
    case "t":
      void goToday();
      break;
    case "1":
      setView("field");
      break;
    case "2":
      setView("multiples");
      break;
    case "3":
      setView("heat");
      break;
    case "a":
      setAllTraj(!state.allTraj);
      break;
    case "c":
      void copySeed();
      break;
    case "/":
      el.input.focus();
      el.input.select();
      break;
    case "Escape":
      void selectPlacement(null);
      break;
    default:
      return;
  }
  ev.preventDefault();
});

let resizeFrame = 0;
new ResizeObserver(() => {
  cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(() => renderStage());
}).observe(el.wrap);
window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener("change", () => {
  renderLedger();
  renderStage();
});

/**
 * Timing probe (used by the e2e suite and docs/studio.md): redraws the stage
 * `frames` times, one per animation frame, and returns the synchronous draw
 * times and the frame-to-frame intervals in milliseconds. `full` rebuilds the
 * static layer (all trajectories) every frame; otherwise only the overlay is
 * redrawn, as on hover.
 */
async function benchFrames(
  frames: number,
  full = true,
): Promise<{ draw: number[]; interval: number[]; trajectories: number; full: boolean }> {
  const draw: number[] = [];
  const interval: number[] = [];
  let last = performance.now();
  for (let i = 0; i < frames; i++) {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const t0 = performance.now();
    interval.push(t0 - last);
    last = t0;
    renderStage(full);
    draw.push(performance.now() - t0);
  }
  return { draw, interval, trajectories: state.trajs.size, full };
}
(window as unknown as { __studioBench: typeof benchFrames }).__studioBench = benchFrames;

/** Test probe: a canvas point (CSS px) on placement `i`'s ramp, away from its shared centre. */
function glyphPoint(i: number): { x: number; y: number } | null {
  const g = state.insp?.grid[i];
  const v = state.fieldView;
  if (!g || !v) return null;
  const fx = g.x + (g.b.x - g.x) * 0.75;
  const fy = g.y + (g.b.y - g.y) * 0.75;
  return { x: v.ox + fx * v.scale, y: v.oy + fy * v.scale };
}
(window as unknown as { __studioProbe: unknown }).__studioProbe = { glyphPoint };

renderLegend();
void goToday().catch((e: unknown) => showSeedError(String(e)));

// ---------- Play (ui/play.html): the current seed in a window of its own.
function playCurrent(): void {
  const seed = state.parsed?.seed;
  if (seed === undefined) return;
  openPlay(seed).catch((e: unknown) => {
    el.error.hidden = false;
    el.error.textContent = e instanceof Error ? e.message : String(e);
  });
}
$<HTMLButtonElement>("seed-play").addEventListener("click", playCurrent);
document.addEventListener("keydown", (ev) => {
  const target = ev.target as HTMLElement | null;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.key !== "p") return;
  ev.preventDefault();
  playCurrent();
});
