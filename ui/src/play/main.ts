/**
 * The play window: one seed's shipped level, the tray, the player's parts, and
 * runs of the engine's `simulate` animated at the display's frame rate.
 *
 * Every legality decision is the engine's (`check_part` while dragging and on
 * every drop, `check_placements` before a run or a save); every ball position
 * drawn is one the engine recorded, interpolated between two fixed steps.
 */
import "../style.css";
import "./play.css";
import type { PartCheck } from "../bindings/PartCheck";
import type { PartKind } from "../bindings/PartKind";
import type { Placement } from "../bindings/Placement";
import type { PlayLevel } from "../bindings/PlayLevel";
import type { PlayRun } from "../bindings/PlayRun";
import type { SolutionFile } from "../bindings/SolutionFile";
import { palette } from "../draw/colors";
import {
  ballReach,
  drawBall,
  drawHandle,
  drawLevel,
  drawPart,
  drawTrail,
  drawTrailSegment,
  partColor,
  trailColor,
  type PartStyle,
} from "../draw/play";
import { fitView, prepareCanvas, toCanvas, toField, type View } from "../draw/view";
import * as ipc from "./ipc";
import {
  advance,
  ANGLE_STEP,
  angleTowards,
  defaultAngle,
  FINE_ANGLE_STEP,
  finished,
  handlePoint,
  hitPart,
  normalizeAngle,
  PART_KINDS,
  positionAt,
  POSITION_STEP,
  remaining,
  resultText,
  snap,
  SPEEDS,
  stats,
  stepAt,
  stepOnce,
  type Playback,
  type Speed,
} from "./model";

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
};

const els = {
  seed: $("play-seed"),
  meta: $("play-meta"),
  tray: $("tray"),
  canvas: $<HTMLCanvasElement>("play-canvas"),
  wrap: $("canvas-wrap"),
  reason: $("play-reason"),
  result: $("play-result"),
  run: $<HTMLButtonElement>("play-run"),
  step: $<HTMLButtonElement>("play-step"),
  reset: $<HTMLButtonElement>("play-reset"),
  speeds: $("speeds"),
  clock: $("play-clock"),
  status: $("play-status"),
  file: $("play-file"),
  hint: $<HTMLButtonElement>("play-hint"),
  save: $<HTMLButtonElement>("play-save"),
  open: $<HTMLButtonElement>("play-open"),
  partPanel: $("part-panel"),
  partTitle: $("part-title"),
  partX: $<HTMLInputElement>("part-x"),
  partY: $<HTMLInputElement>("part-y"),
  partAngle: $<HTMLInputElement>("part-angle"),
  partDeg: $("part-deg"),
  partCcw: $<HTMLButtonElement>("part-ccw"),
  partCw: $<HTMLButtonElement>("part-cw"),
  partRemove: $<HTMLButtonElement>("part-remove"),
  hintPanel: $("hint-panel"),
  hintText: $("hint-text"),
  hintPlace: $<HTMLButtonElement>("hint-place"),
};

/** What the pointer is doing. `index` is the part being moved (placements.length for a new one). */
interface Drag {
  mode: "new" | "move" | "rotate";
  index: number;
  part: PartKind;
  /** The pose under the pointer (null until the pointer is over the field). */
  pose: Placement | null;
  /** The engine's verdict on `pose`, when it has answered for this very pose. */
  check: PartCheck | null;
  /** Pointer offset from the part's centre when grabbed (field units). */
  grab: [number, number];
  moved: boolean;
  /** A tray click without a drag: the part follows the pointer until a click on the field. */
  armed: boolean;
}

const state = {
  seed: 0,
  level: null as PlayLevel | null,
  placements: [] as Placement[],
  selected: -1,
  drag: null as Drag | null,
  run: null as PlayRun | null,
  pb: { t: 0, playing: false, speed: 1 } as Playback,
  hint: -1,
  view: null as View | null,
  dirty: true,
  checkSeq: 0,
  reasonTimer: 0 as ReturnType<typeof setTimeout> | 0,
};

// ---------------------------------------------------------------- perf probe
/** Frame intervals and draw times, read by the e2e suite (docs/studio.md, "Play window"). */
const perf = {
  /** rAF-to-rAF intervals while the ball is animating, ms. */
  runFrames: [] as number[],
  /** rAF-to-rAF intervals while a part is being dragged, ms. */
  dragFrames: [] as number[],
  /** Synchronous draw time of each frame, ms. */
  draws: [] as number[],
  /** pointermove event → the frame that shows it, ms. */
  inputLag: [] as number[],
  /** check_part round trips, ms. */
  checks: [] as number[],
  /** run_play round trips, ms. */
  runs: [] as number[],
};
const PERF_KEEP = 2000;
const keep = (a: number[], v: number) => {
  a.push(v);
  if (a.length > PERF_KEEP) a.splice(0, a.length - PERF_KEEP);
};
declare global {
  interface Window {
    __playPerf: typeof perf;
    __playPerfSummary: () => Record<string, ReturnType<typeof stats>>;
    __playPerfReset: () => void;
    __playRafProbe: (frames: number) => Promise<number[]>;
  }
}
window.__playPerf = perf;
window.__playPerfSummary = () => ({
  runFrames: stats(perf.runFrames),
  dragFrames: stats(perf.dragFrames),
  draws: stats(perf.draws),
  inputLag: stats(perf.inputLag),
  checks: stats(perf.checks),
  runs: stats(perf.runs),
});
/** Bare requestAnimationFrame intervals over `frames` frames, drawing nothing: the display's own pace. */
window.__playRafProbe = (frames: number) =>
  new Promise<number[]>((resolve) => {
    const out: number[] = [];
    let last = -1;
    const tick = (now: number) => {
      if (last >= 0) out.push(now - last);
      last = now;
      if (out.length >= frames) resolve(out);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
window.__playPerfReset = () => {
  for (const a of Object.values(perf)) a.length = 0;
};

// ---------------------------------------------------------------- messages
function showReason(text: string | null, kind = ""): void {
  if (state.reasonTimer) clearTimeout(state.reasonTimer);
  state.reasonTimer = 0;
  if (!text) {
    els.reason.hidden = true;
    els.reason.textContent = "";
    delete els.reason.dataset.kind;
    return;
  }
  els.reason.hidden = false;
  els.reason.textContent = text;
  els.reason.dataset.kind = kind;
}

/** A refusal stays visible for a while after the drop, then fades. */
function showRefusal(check: PartCheck): void {
  showReason(check.message ?? "refused", check.error?.kind ?? "");
  els.reason.dataset.refused = "true";
  state.reasonTimer = setTimeout(() => {
    els.reason.hidden = true;
    delete els.reason.dataset.refused;
  }, 6000);
}

function fileMessage(text: string, error = false): void {
  els.file.textContent = text;
  els.file.classList.toggle("error", error);
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

// ---------------------------------------------------------------- editing
/** The current run is stale once the parts change: back to placing. */
function invalidateRun(): void {
  state.run = null;
  state.pb = { ...state.pb, t: 0, playing: false };
  els.result.hidden = true;
  state.dirty = true;
}

/** Asks the engine whether `candidate` may be part `index`, and applies it if so. */
async function tryPlace(index: number, candidate: Placement): Promise<boolean> {
  const t0 = performance.now();
  const check = await ipc.checkPart(state.seed, state.placements, index, candidate);
  keep(perf.checks, performance.now() - t0);
  if (!check.ok) {
    showRefusal(check);
    state.dirty = true;
    return false;
  }
  const next = [...state.placements];
  if (index >= next.length) next.push(candidate);
  else next[index] = candidate;
  state.placements = next;
  state.selected = Math.min(index, next.length - 1);
  showReason(null);
  invalidateRun();
  renderSide();
  return true;
}

function removePart(index: number): void {
  if (index < 0 || index >= state.placements.length) return;
  state.placements = state.placements.filter((_, i) => i !== index);
  state.selected = -1;
  showReason(null);
  invalidateRun();
  renderSide();
}

function nudge(dx: number, dy: number, dAngle: number): void {
  const p = state.placements[state.selected];
  if (!p) return;
  void tryPlace(state.selected, {
    ...p,
    x: snap(p.x + dx, 0.1),
    y: snap(p.y + dy, 0.1),
    angle: normalizeAngle(p.angle + dAngle),
  });
}

/** Live verdict while dragging: the ghost is drawn at once, the engine answers a moment later. */
function checkDrag(): void {
  const d = state.drag;
  if (!d || !d.pose) return;
  const seq = ++state.checkSeq;
  const pose = d.pose;
  const t0 = performance.now();
  ipc
    .checkPart(state.seed, state.placements, d.index, pose)
    .then((c) => {
      keep(perf.checks, performance.now() - t0);
      if (seq !== state.checkSeq || state.drag !== d || d.pose !== pose) return;
      d.check = c;
      if (c.ok) showReason(null);
      else showReason(c.message ?? "refused", c.error?.kind ?? "");
      state.dirty = true;
    })
    .catch((e) => showReason(errorText(e)));
}

async function endDrag(): Promise<void> {
  const d = state.drag;
  if (!d) return;
  state.drag = null;
  state.dirty = true;
  if (!d.pose || !d.moved) {
    if (d.mode !== "new") showReason(null);
    return;
  }
  const ok = await tryPlace(d.index, d.pose);
  if (!ok && d.mode !== "new") state.selected = d.index;
  renderTray();
}

// ---------------------------------------------------------------- pointer
function fieldPoint(ev: PointerEvent | WheelEvent | MouseEvent): [number, number] | null {
  const v = state.view;
  if (!v) return null;
  const r = els.canvas.getBoundingClientRect();
  return toField(v, ev.clientX - r.left, ev.clientY - r.top);
}

function overCanvas(ev: PointerEvent): boolean {
  const r = els.canvas.getBoundingClientRect();
  return ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
}

let pendingInput = -1;

function moveDrag(ev: PointerEvent): void {
  const d = state.drag;
  const level = state.level;
  if (!d || !level) return;
  const pt = fieldPoint(ev);
  if (!pt || !overCanvas(ev)) {
    if (d.mode === "new") {
      d.pose = null;
      state.dirty = true;
    }
    return;
  }
  const [x, y] = pt;
  const base = d.pose ?? state.placements[d.index] ?? { part: d.part, x, y, angle: defaultAngle(d.part) };
  let pose: Placement;
  if (d.mode === "rotate") {
    pose = { ...base, angle: angleTowards(base, x, y) };
  } else {
    pose = { ...base, x: snap(x - d.grab[0], POSITION_STEP), y: snap(y - d.grab[1], POSITION_STEP) };
  }
  if (d.pose && pose.x === d.pose.x && pose.y === d.pose.y && pose.angle === d.pose.angle) return;
  d.pose = pose;
  d.moved = true;
  d.check = null;
  pendingInput = ev.timeStamp;
  state.dirty = true;
  checkDrag();
}

els.canvas.addEventListener("pointerdown", (ev) => {
  const level = state.level;
  if (!level || ev.button !== 0) return;
  els.canvas.focus();
  const pt = fieldPoint(ev);
  if (!pt) return;
  const [x, y] = pt;
  const d = state.drag;
  if (d && d.armed) {
    // A click on the field places the armed part here.
    d.armed = false;
    d.moved = true;
    d.pose = { part: d.part, x: snap(x, POSITION_STEP), y: snap(y, POSITION_STEP), angle: defaultAngle(d.part) };
    els.canvas.setPointerCapture(ev.pointerId);
    checkDrag();
    return;
  }
  const v = state.view!;
  const sel = state.placements[state.selected];
  if (sel) {
    const h = handlePoint(sel, level.rules);
    if (h) {
      const [hx, hy] = toCanvas(v, h[0], h[1]);
      const r = els.canvas.getBoundingClientRect();
      if (Math.hypot(ev.clientX - r.left - hx, ev.clientY - r.top - hy) <= 9) {
        state.drag = { mode: "rotate", index: state.selected, part: sel.part, pose: null, check: null, grab: [0, 0], moved: false, armed: false };
        els.canvas.setPointerCapture(ev.pointerId);
        return;
      }
    }
  }
  const hit = hitPart(state.placements, level.rules, x, y, 6 / v.scale);
  if (hit >= 0) {
    const p = state.placements[hit]!;
    state.selected = hit;
    state.drag = { mode: "move", index: hit, part: p.part, pose: null, check: null, grab: [x - p.x, y - p.y], moved: false, armed: false };
    els.canvas.setPointerCapture(ev.pointerId);
  } else {
    state.selected = -1;
  }
  renderSide();
  state.dirty = true;
});

els.canvas.addEventListener("pointermove", (ev) => {
  if (state.drag) {
    moveDrag(ev);
    return;
  }
  const level = state.level;
  const pt = fieldPoint(ev);
  if (!level || !pt || !state.view) return;
  const hit = hitPart(state.placements, level.rules, pt[0], pt[1], 6 / state.view.scale);
  els.canvas.style.cursor = hit >= 0 ? "grab" : "default";
});

els.canvas.addEventListener("pointerup", () => {
  const d = state.drag;
  // Tray drags end in their own document-level listener.
  if (d && !d.armed && !(d.mode === "new" && !d.moved)) void endDrag();
});

els.canvas.addEventListener(
  "wheel",
  (ev) => {
    const level = state.level;
    const pt = fieldPoint(ev);
    if (!level || !pt || !state.view) return;
    const hit = hitPart(state.placements, level.rules, pt[0], pt[1], 6 / state.view.scale);
    const target = hit >= 0 ? hit : state.selected;
    const p = state.placements[target];
    if (!p || p.part === "bumper") return;
    ev.preventDefault();
    state.selected = target;
    const step = ev.shiftKey ? FINE_ANGLE_STEP : ANGLE_STEP;
    void tryPlace(target, { ...p, angle: normalizeAngle(p.angle + (ev.deltaY > 0 ? step : -step)) });
  },
  { passive: false },
);

// Dragging from the tray: document-level listeners follow the pointer wherever it
// goes (no reliance on pointer capture); the field shows the ghost.
function startTrayDrag(kind: PartKind, ev: PointerEvent): void {
  if (ev.button !== 0) return;
  ev.preventDefault();
  state.selected = -1;
  const d: Drag = {
    mode: "new",
    index: state.placements.length,
    part: kind,
    pose: null,
    check: null,
    grab: [0, 0],
    moved: false,
    armed: false,
  };
  state.drag = d;
  renderSide();
  const move = (e: PointerEvent) => {
    if (state.drag === d) moveDrag(e);
  };
  const up = (e: PointerEvent) => {
    document.removeEventListener("pointermove", move, true);
    document.removeEventListener("pointerup", up, true);
    document.removeEventListener("pointercancel", up, true);
    if (state.drag !== d) return;
    if (overCanvas(e)) {
      // The drop point itself counts, even if no move event reached us on the way.
      moveDrag(e);
      void endDrag();
    } else if (!d.moved) {
      // A click: the part follows the pointer until a click on the field (Esc cancels).
      d.armed = true;
      d.pose = null;
      renderTray();
    } else {
      state.drag = null;
      showReason(null);
      state.dirty = true;
    }
  };
  document.addEventListener("pointermove", move, true);
  document.addEventListener("pointerup", up, true);
  document.addEventListener("pointercancel", up, true);
}

// While armed, the ghost follows the pointer over the field.
document.addEventListener("pointermove", (ev) => {
  const d = state.drag;
  if (d && d.armed) {
    const pt = fieldPoint(ev);
    if (pt && overCanvas(ev)) {
      d.pose = { part: d.part, x: snap(pt[0], POSITION_STEP), y: snap(pt[1], POSITION_STEP), angle: defaultAngle(d.part) };
      d.check = null;
      pendingInput = ev.timeStamp;
      state.dirty = true;
      checkDrag();
    }
  }
});

// ---------------------------------------------------------------- side panels
function glyphSvg(kind: PartKind): string {
  const c = partColor[kind];
  switch (kind) {
    case "ramp":
      return `<svg class="glyph" viewBox="0 0 46 30"><line x1="6" y1="9" x2="40" y2="21" stroke="${c}" stroke-width="5" stroke-linecap="round"/></svg>`;
    case "fan":
      return `<svg class="glyph" viewBox="0 0 46 30"><path d="M10 24 L36 24 L30 4 L16 4 Z" fill="${c}" opacity="0.2"/><line x1="13" y1="25" x2="33" y2="25" stroke="${c}" stroke-width="4" stroke-linecap="round"/><path d="M18 15 L23 10 L28 15" stroke="${c}" stroke-width="2" fill="none"/></svg>`;
    case "bumper":
      return `<svg class="glyph" viewBox="0 0 46 30"><circle cx="23" cy="15" r="10" fill="${c}" fill-opacity="0.35" stroke="${c}" stroke-width="2"/><circle cx="23" cy="15" r="3.5" fill="${c}"/></svg>`;
    case "gear":
      return `<svg class="glyph" viewBox="0 0 46 30"><circle cx="23" cy="15" r="10" fill="${c}" fill-opacity="0.25" stroke="${c}" stroke-width="3" stroke-dasharray="3 2"/><circle cx="23" cy="15" r="2.5" fill="${c}"/></svg>`;
  }
}

const partBlurb: Record<PartKind, string> = {
  ramp: "deflects the ball down its slope",
  fan: "blows the ball along its arrow",
  bumper: "kicks the ball away",
  gear: "carries the ball along its turning rim",
};

function renderTray(): void {
  const level = state.level;
  if (!level) return;
  els.tray.replaceChildren();
  const inv = level.world.inventory;
  let any = false;
  for (const kind of PART_KINDS) {
    const granted = inv[kind];
    if (granted === 0) continue;
    any = true;
    const left = remaining(inv, state.placements, kind);
    const item = document.createElement("button");
    item.type = "button";
    item.className = "tray-item";
    item.dataset.part = kind;
    item.dataset.remaining = String(left);
    item.dataset.granted = String(granted);
    if (left <= 0) item.classList.add("empty");
    if (state.drag?.armed && state.drag.part === kind) item.classList.add("armed");
    item.title = left > 0 ? `Drag a ${kind} onto the field` : `All ${granted} ${kind}(s) are on the field`;
    item.innerHTML = `${glyphSvg(kind)}<span><div class="name">${kind}</div><div class="sub">${partBlurb[kind]}</div></span><span class="count">${left}<small> / ${granted}</small></span>`;
    item.addEventListener("pointerdown", (ev) => startTrayDrag(kind, ev));
    els.tray.append(item);
  }
  if (!any) {
    const p = document.createElement("p");
    p.className = "tray-none";
    p.textContent = "This level grants no parts.";
    els.tray.append(p);
  }
}

function renderPartPanel(): void {
  const p = state.placements[state.selected];
  els.partPanel.hidden = !p;
  if (!p) return;
  els.partPanel.dataset.index = String(state.selected);
  els.partTitle.textContent = `Part ${state.selected + 1} · ${p.part}`;
  const active = document.activeElement;
  if (active !== els.partX) els.partX.value = String(p.x);
  if (active !== els.partY) els.partY.value = String(p.y);
  if (active !== els.partAngle) els.partAngle.value = String(p.angle);
  const deg = (p.angle * 180) / Math.PI;
  els.partAngle.disabled = p.part === "bumper";
  els.partCcw.disabled = els.partCw.disabled = p.part === "bumper";
  els.partDeg.textContent =
    p.part === "bumper"
      ? "A bumper has no direction."
      : p.part === "fan"
        ? `blows toward ${deg.toFixed(1)}° (−90° is straight up)`
        : `tilted ${deg.toFixed(1)}° (right end ${p.angle > 0 ? "down" : p.angle < 0 ? "up" : "level"})`;
}

function renderHint(): void {
  const level = state.level;
  const h = level && state.hint >= 0 ? level.hints[state.hint] : undefined;
  els.hintPanel.hidden = state.hint < 0;
  if (!level || state.hint < 0) return;
  if (!h) {
    els.hintText.textContent = level.fallback
      ? "The generator shipped this level as its fallback: no single ramp of its sweep reaches the goal. You're on your own."
      : "The sweep found no single-ramp solution.";
    els.hintPlace.hidden = true;
    return;
  }
  els.hintPlace.hidden = false;
  els.hintText.textContent = `Hint ${state.hint + 1} of ${level.hints.length}: a ramp at (${h.x}, ${h.y}) tilted ${h.angle} rad. The generator's sweep saw it carry the ball to the goal.`;
  els.hintPanel.dataset.hint = JSON.stringify(h);
}

function renderSide(): void {
  renderTray();
  renderPartPanel();
  renderHint();
}

function commitField(): void {
  const p = state.placements[state.selected];
  if (!p) return;
  const x = Number(els.partX.value);
  const y = Number(els.partY.value);
  const angle = Number(els.partAngle.value);
  void tryPlace(state.selected, { ...p, x, y, angle: p.part === "bumper" ? p.angle : angle }).then((ok) => {
    if (!ok) renderPartPanel();
  });
}
for (const input of [els.partX, els.partY, els.partAngle]) {
  input.addEventListener("change", commitField);
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") {
      ev.preventDefault();
      input.blur();
    } else if (ev.key === "Escape") {
      input.blur();
      renderPartPanel();
    }
    ev.stopPropagation();
  });
}
els.partCcw.addEventListener("click", () => nudge(0, 0, -ANGLE_STEP));
els.partCw.addEventListener("click", () => nudge(0, 0, ANGLE_STEP));
els.partRemove.addEventListener("click", () => removePart(state.selected));

function showHint(): void {
  const level = state.level;
  if (!level) return;
  state.hint = level.hints.length ? (state.hint + 1) % level.hints.length : 0;
  renderHint();
  state.dirty = true;
}
els.hint.addEventListener("click", showHint);
els.hintPlace.addEventListener("click", () => {
  const h = state.level?.hints[state.hint];
  if (!h) return;
  // Replace the player's ramp when the tray has none left.
  const ramp = state.placements.findIndex((p) => p.part === "ramp");
  const index = state.level && remaining(state.level.world.inventory, state.placements, "ramp") <= 0 && ramp >= 0 ? ramp : state.placements.length;
  void tryPlace(index, { ...h });
});

// ---------------------------------------------------------------- running
let shownState = "";
function setState(s: "editing" | "playing" | "paused" | "finished"): void {
  // Only touch the DOM on a change: a body attribute write restyles the whole page.
  if (s === shownState && document.body.dataset.state === s) return;
  shownState = s;
  document.body.dataset.state = s;
  els.status.dataset.state = s;
  els.status.textContent =
    s === "editing" ? "Placing parts" : s === "playing" ? "Running" : s === "paused" ? "Paused" : "Finished";
  els.run.textContent = s === "playing" ? "❚❚ Pause" : s === "finished" ? "↻ Run again" : "▶ Run";
}

async function ensureRun(): Promise<PlayRun | null> {
  if (state.run) return state.run;
  const t0 = performance.now();
  try {
    const run = await ipc.runPlay(state.seed, state.placements);
    keep(perf.runs, performance.now() - t0);
    state.run = run;
    state.pb = { ...state.pb, t: 0, playing: false };
    return run;
  } catch (e) {
    showReason(errorText(e), e instanceof ipc.PlayError ? e.detail.error.kind : "");
    return null;
  }
}

async function togglePlay(): Promise<void> {
  if (state.drag) return;
  const level = state.level;
  if (!level) return;
  const run = await ensureRun();
  if (!run) return;
  if (state.pb.playing) {
    state.pb = { ...state.pb, playing: false };
  } else {
    if (finished(state.pb, run, level.rules.dt)) {
      state.pb = { ...state.pb, t: 0 };
      els.result.hidden = true;
    }
    state.pb = { ...state.pb, playing: true };
    lastFrame = -1;
  }
  state.dirty = true;
}

async function singleStep(): Promise<void> {
  const level = state.level;
  if (!level || state.drag) return;
  const run = await ensureRun();
  if (!run) return;
  state.pb = stepOnce(state.pb, run, level.rules.dt);
  state.dirty = true;
}

function reset(): void {
  state.pb = { ...state.pb, t: 0, playing: false };
  state.run = null;
  els.result.hidden = true;
  state.dirty = true;
}

function setSpeed(speed: Speed): void {
  state.pb = { ...state.pb, speed };
  for (const b of els.speeds.querySelectorAll<HTMLButtonElement>(".chip")) {
    b.classList.toggle("on", Number(b.dataset.speed) === speed);
  }
}
for (const s of SPEEDS) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "chip";
  b.dataset.speed = String(s);
  b.textContent = s === 1 ? "1×" : s === 0.5 ? "½×" : "¼×";
  b.title = `Speed ${b.textContent} (${s === 1 ? 1 : s === 0.5 ? 2 : 4})`;
  b.addEventListener("click", () => setSpeed(s));
  els.speeds.append(b);
}
setSpeed(1);

els.run.addEventListener("click", () => void togglePlay());
els.step.addEventListener("click", () => void singleStep());
els.reset.addEventListener("click", reset);

function showResult(run: PlayRun): void {
  els.result.hidden = false;
  els.result.dataset.outcome = run.result.outcome;
  els.result.dataset.steps = String(run.result.steps);
  els.result.dataset.seconds = String(run.seconds);
  els.result.dataset.parts = String(run.parts_used.ramp + run.parts_used.fan + run.parts_used.bumper);
  const last = run.result.trajectory[run.result.trajectory.length - 1];
  if (last) els.result.dataset.final = JSON.stringify(last);
  els.result.textContent = resultText(run);
}

// ---------------------------------------------------------------- files
async function save(): Promise<void> {
  if (!state.level) return;
  try {
    fileMessage("Saving…");
    const f = await ipc.saveSolution(state.seed, state.placements);
    if (!f) {
      fileMessage("Save cancelled.");
      return;
    }
    els.file.dataset.saved = f.path;
    fileMessage(`Saved ${f.path} — the engine replays it: ${resultText(f.run)}.`);
  } catch (e) {
    fileMessage(errorText(e), true);
  }
}

async function open(): Promise<void> {
  try {
    fileMessage("Opening…");
    const f = await ipc.openSolution();
    if (!f) {
      fileMessage("Open cancelled.");
      return;
    }
    await loadSolution(f);
  } catch (e) {
    els.file.dataset.error = e instanceof ipc.PlayError ? e.detail.error.kind : "unknown";
    fileMessage(errorText(e), true);
  }
}

/** Shows a loaded solution's parts and replays the engine's replay of it from the start. */
async function loadSolution(f: SolutionFile): Promise<void> {
  if (f.solution.seed !== state.seed) await loadLevel(f.solution.seed);
  state.placements = [...f.solution.placements];
  state.selected = -1;
  state.drag = null;
  showReason(null);
  els.result.hidden = true;
  state.run = f.run;
  state.pb = { ...state.pb, t: 0, playing: true };
  lastFrame = -1;
  els.file.dataset.loaded = f.path;
  delete els.file.dataset.error;
  fileMessage(`Loaded ${f.path} (seed ${f.solution.seed}, rules version ${f.solution.rules_version}, level ${f.solution.level_hash}) — replaying.`);
  renderSide();
  state.dirty = true;
}

els.save.addEventListener("click", () => void save());
els.open.addEventListener("click", () => void open());

// ---------------------------------------------------------------- keyboard
document.addEventListener("keydown", (ev) => {
  if (ev.target instanceof HTMLInputElement) return;
  if ((ev.ctrlKey || ev.metaKey) && (ev.key === "s" || ev.key === "o")) {
    ev.preventDefault();
    void (ev.key === "s" ? save() : open());
    return;
  }
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const fine = ev.shiftKey;
  switch (ev.key) {
    case " ":
      void togglePlay();
      break;
    case ".":
      void singleStep();
      break;
    case "r":
    case "R":
      reset();
      break;
    case "1":
      setSpeed(1);
      break;
    case "2":
      setSpeed(0.5);
      break;
    case "4":
      setSpeed(0.25);
      break;
    case "h":
    case "H":
      showHint();
      break;
    case "q":
    case "Q":
      nudge(0, 0, -(fine ? FINE_ANGLE_STEP : ANGLE_STEP));
      break;
    case "e":
    case "E":
      nudge(0, 0, fine ? FINE_ANGLE_STEP : ANGLE_STEP);
      break;
    case "ArrowLeft":
      nudge(fine ? -2 : -POSITION_STEP, 0, 0);
      break;
    case "ArrowRight":
      nudge(fine ? 2 : POSITION_STEP, 0, 0);
      break;
    case "ArrowUp":
      nudge(0, fine ? -2 : -POSITION_STEP, 0);
      break;
    case "ArrowDown":
      nudge(0, fine ? 2 : POSITION_STEP, 0);
      break;
    case "Delete":
    case "Backspace":
      removePart(state.selected);
      break;
    case "Tab":
      if (state.placements.length) {
        state.selected = (state.selected + (fine ? state.placements.length - 1 : 1)) % state.placements.length;
        renderSide();
        state.dirty = true;
      } else return;
      break;
    case "Escape":
      if (state.drag) {
        state.drag = null;
        showReason(null);
        renderTray();
      } else {
        state.selected = -1;
        renderSide();
      }
      state.dirty = true;
      break;
    default:
      return;
  }
  ev.preventDefault();
});

// ---------------------------------------------------------------- drawing
let staticLayer: HTMLCanvasElement | null = null;
let cssSize = { w: 0, h: 0, dpr: 1 };

function layout(): void {
  const level = state.level;
  if (!level) return;
  const w = els.wrap.clientWidth;
  const h = els.wrap.clientHeight;
  const dpr = window.devicePixelRatio || 1;
  if (w === cssSize.w && h === cssSize.h && dpr === cssSize.dpr && staticLayer) return;
  cssSize = { w, h, dpr };
  state.view = fitView({ x: 0, y: 0, w, h }, level.rules.field_width, level.rules.field_height, 16);
  const v = state.view;
  els.canvas.dataset.scale = String(v.scale);
  els.canvas.dataset.ox = String(v.ox);
  els.canvas.dataset.oy = String(v.oy);
  prepareCanvas(els.canvas, w, h, dpr);
  staticLayer = document.createElement("canvas");
  const sctx = prepareCanvas(staticLayer, w, h, dpr);
  sctx.fillStyle = palette.bg;
  sctx.fillRect(0, 0, w, h);
  drawLevel(sctx, v, level.world, level.rules, true);
  state.dirty = true;
}

/**
 * What the last frame showed: the fractional engine step and the ball's centre
 * (null before a run). Read by the e2e suite as `window.__playShown` (a JS
 * property, not a DOM attribute, so the probe costs no restyle per frame).
 */
let shown: { step: number; ball: [number, number] | null } = { step: 0, ball: null };
Object.defineProperty(window, "__playShown", { get: () => shown });

/** Everything but the ball and its trail: level, hint, parts, the dragged ghost, the handle. */
function drawScene(ctx: CanvasRenderingContext2D, v: View, level: PlayLevel): void {
  const dpr = cssSize.dpr;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(staticLayer!, 0, 0);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const r = level.rules;
  const d = state.drag;
  // Hint (under the parts).
  const hint = state.hint >= 0 ? level.hints[state.hint] : undefined;
  if (hint) drawPart(ctx, v, hint, r, "hint", "hint");
  // Parts; the one being moved is drawn as its ghost instead.
  state.placements.forEach((p, i) => {
    if (d && d.index === i && d.pose) return;
    const style: PartStyle = i === state.selected && !state.run ? "selected" : "placed";
    drawPart(ctx, v, p, r, style, `${i + 1}`);
  });
  if (d && d.pose) {
    const refused = d.check !== null && !d.check.ok;
    drawPart(ctx, v, d.pose, r, refused ? "refused" : "ghost", `${d.index + 1}`);
  }
  const sel = state.placements[state.selected];
  if (sel && !state.run && !(d && d.pose)) drawHandle(ctx, v, sel, r);
}

/** A box in CSS pixels. */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function ballBox(v: View, level: PlayLevel, x: number, y: number): Box {
  const [px, py] = toCanvas(v, x, y);
  const m = ballReach(v, level.rules) + 2;
  return { x0: px - m, y0: py - m, x1: px + m, y1: py + m };
}

function union(a: Box | null, b: Box): Box {
  if (!a) return b;
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

/**
 * During a run the scene under the ball (level, parts and the trail so far) is
 * kept in `runLayer`; each frame extends the trail there and repaints only the
 * box around the old and new ball positions, so the browser composites a few
 * thousand pixels per frame instead of the whole field.
 */
let runLayer: HTMLCanvasElement | null = null;
let runLayerKey = "";
let runLayerRun: PlayRun | null = null;
let runLayerUpto = 0;
let lastBallBox: Box | null = null;

function sceneKey(): string {
  return `${cssSize.w}x${cssSize.h}@${cssSize.dpr}|${state.hint}|${JSON.stringify(state.placements)}`;
}

function drawRun(ctx: CanvasRenderingContext2D, v: View, level: PlayLevel, run: PlayRun): void {
  const r = level.rules;
  const dpr = cssSize.dpr;
  const traj = run.result.trajectory;
  const s = stepAt(run, r.dt, state.pb.t);
  const upto = Math.min(traj.length - 1, Math.floor(s));
  const [x, y] = positionAt(run, s);
  const key = sceneKey();
  let dirty: Box | null;
  if (!runLayer || runLayerRun !== run || runLayerKey !== key || upto < runLayerUpto) {
    runLayer ??= document.createElement("canvas");
    const lctx = prepareCanvas(runLayer, cssSize.w, cssSize.h, dpr);
    drawScene(lctx, v, level);
    drawTrail(lctx, v, traj, upto, traj[upto]!, trailColor);
    runLayerRun = run;
    runLayerKey = key;
    runLayerUpto = upto;
    dirty = null;
  } else {
    dirty = lastBallBox;
    if (upto > runLayerUpto) {
      const lctx = runLayer.getContext("2d")!;
      lctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      drawTrailSegment(lctx, v, traj, runLayerUpto, upto, trailColor);
      for (let i = runLayerUpto; i <= upto; i++) dirty = union(dirty, ballBox(v, level, traj[i]![0], traj[i]![1]));
      runLayerUpto = upto;
    }
  }
  const box = ballBox(v, level, x, y);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (!dirty) {
    ctx.drawImage(runLayer, 0, 0);
  } else {
    dirty = union(dirty, box);
    const sx = Math.max(0, Math.floor(dirty.x0 * dpr));
    const sy = Math.max(0, Math.floor(dirty.y0 * dpr));
    const sw = Math.min(runLayer.width, Math.ceil(dirty.x1 * dpr)) - sx;
    const sh = Math.min(runLayer.height, Math.ceil(dirty.y1 * dpr)) - sy;
    if (sw > 0 && sh > 0) ctx.drawImage(runLayer, sx, sy, sw, sh, sx, sy, sw, sh);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawTrailSegment(ctx, v, [traj[upto]!, [x, y]], 0, 1, trailColor);
  drawBall(ctx, v, x, y, r);
  lastBallBox = box;
  shown = { step: s, ball: [x, y] };
}

function draw(): void {
  const level = state.level;
  const v = state.view;
  if (!level || !v || !staticLayer) return;
  const ctx = els.canvas.getContext("2d")!;
  const run = state.run;
  if (run && !state.drag) {
    drawRun(ctx, v, level, run);
    return;
  }
  runLayerRun = null;
  drawScene(ctx, v, level);
  // The ball: at its start, or where the engine had it at the current time.
  if (run) {
    const s = stepAt(run, level.rules.dt, state.pb.t);
    const [x, y] = positionAt(run, s);
    drawTrail(ctx, v, run.result.trajectory, s, [x, y], trailColor);
    drawBall(ctx, v, x, y, level.rules);
    shown = { step: s, ball: [x, y] };
  } else {
    drawBall(ctx, v, level.world.ball.x, level.world.ball.y, level.rules);
    shown = { step: 0, ball: null };
  }
}

function setClock(text: string): void {
  if (els.clock.textContent !== text) els.clock.textContent = text;
}

function updateClock(): void {
  const level = state.level;
  if (!level) return;
  const run = state.run;
  if (!run) {
    setClock(`t 0.00 s · step 0`);
    setState("editing");
    return;
  }
  const s = stepAt(run, level.rules.dt, state.pb.t);
  setClock(`t ${state.pb.t.toFixed(2)} s · step ${Math.floor(s + 1e-9)} / ${run.result.steps}`);
  const done = finished(state.pb, run, level.rules.dt);
  setState(state.pb.playing ? "playing" : done ? "finished" : "paused");
  if (done && els.result.hidden) showResult(run);
}

let lastFrame = -1;
function frame(now: number): void {
  requestAnimationFrame(frame);
  const level = state.level;
  if (!level) return;
  const interval = lastFrame >= 0 ? now - lastFrame : 0;
  lastFrame = now;
  const run = state.run;
  const animating = !!run && state.pb.playing;
  if (run && state.pb.playing) {
    state.pb = advance(state.pb, run, level.rules.dt, interval);
    state.dirty = true;
  }
  if (!state.dirty) return;
  if (interval > 0 && animating) keep(perf.runFrames, interval);
  else if (interval > 0 && state.drag?.pose) keep(perf.dragFrames, interval);
  state.dirty = false;
  layout();
  const t0 = performance.now();
  draw();
  const t1 = performance.now();
  keep(perf.draws, t1 - t0);
  if (pendingInput >= 0) {
    keep(perf.inputLag, t1 - pendingInput);
    pendingInput = -1;
  }
  updateClock();
}

new ResizeObserver(() => {
  state.dirty = true;
}).observe(els.wrap);

// ---------------------------------------------------------------- start
async function loadLevel(seed: number): Promise<void> {
  document.body.dataset.state = "loading";
  const level = await ipc.playLevel(seed);
  state.seed = seed;
  state.level = level;
  state.placements = [];
  state.selected = -1;
  state.hint = -1;
  state.run = null;
  staticLayer = null;
  cssSize = { w: 0, h: 0, dpr: 1 };
  document.body.dataset.seed = String(seed);
  document.body.dataset.levelHash = level.level_hash;
  document.title = `Play seed ${seed} — Contraption Level Studio`;
  els.seed.textContent = String(seed);
  const inv = level.world.inventory;
  els.meta.textContent = `level ${level.level_hash} · rules v${level.rules.rules_version} · ${level.world.walls.length} wall${level.world.walls.length === 1 ? "" : "s"} · grants ${inv.ramp} ramp${inv.ramp === 1 ? "" : "s"}, ${inv.fan} fan${inv.fan === 1 ? "" : "s"}, ${inv.bumper} bumper${inv.bumper === 1 ? "" : "s"}${level.fallback ? " · fallback level" : ""}`;
  els.hint.disabled = false;
  renderSide();
  setState("editing");
  state.dirty = true;
}

const params = new URLSearchParams(location.search);
const seed = Number(params.get("seed") ?? "NaN");
if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
  fileMessage(`This window was opened without a seed (${location.search || "no query"}).`, true);
} else {
  loadLevel(seed)
    .then(() => requestAnimationFrame(frame))
    .catch((e) => fileMessage(errorText(e), true));
}
