/**
 * The play window's state: the level, the player's parts, the selection, the
 * hint shown, the engine's run and where the window is in it, the messages.
 * Components derive everything they show from it; only coarse changes are
 * reactive. The animation time `t` moves every frame but is a plain field:
 * the stage (stage.ts) advances it with `tick()` from requestAnimationFrame
 * and reads it to draw, and the clock line gets it at most ten times a second
 * (`clock`), so no component re-renders per frame.
 *
 * Every legality decision is the engine's: a part changes only after
 * `check_part` accepted it, a run is `run_play`'s. Edits and transport actions
 * run one after another (a queue), so seven quick `E` presses turn a part by
 * seven steps, and an answer that arrives after the parts changed is dropped.
 */
import type { PartCheck } from "../bindings/PartCheck";
import type { PartKind } from "../bindings/PartKind";
import type { Placement } from "../bindings/Placement";
import type { PlayLevel } from "./api";
import type { PlayRun } from "../bindings/PlayRun";
import type { SolutionFile } from "../bindings/SolutionFile";
import type { Spin } from "../bindings/Spin";
import type { View } from "../draw/view";
import { CommandFailed, errorMessage } from "../lib/ipc";
import * as playApi from "./api";
import type { PlayApi } from "./api";
import {
  advance,
  finished,
  hintSlot,
  normalizeAngle,
  snap,
  stepOnce,
  trayItems,
  type FileNote,
  type Reason,
  type Speed,
  type Status,
} from "./model";
import { otherSpin, PARTS } from "./parts";
import { timed } from "./probe";

/** How long a refused drop keeps its reason on screen. */
export const REFUSAL_MS = 6000;
/** How often the clock line follows a running ball (real milliseconds). */
export const CLOCK_MS = 100;

export type PartField = "x" | "y" | "angle";

export class PlayState {
  seed = $state<number | null>(null);
  /** The id of the rules the window plays under (the studio's rules in force, or a file's). */
  rulesId = $state<string | null>(null);
  /** The level (an IPC payload: replaced whole). */
  level = $state.raw<PlayLevel | null>(null);
  /** The player's parts, in the player's numbering (replaced whole on every change). */
  placements = $state.raw<readonly Placement[]>([]);
  /** The selected part's index, or −1. */
  selected = $state(-1);
  /** The hint shown (index into `level.hints`; 0 with no hints says there is none), or −1. */
  hint = $state(-1);
  /** The engine's run of the current parts, once asked for. */
  run = $state.raw<PlayRun | null>(null);
  status = $state<Status>("loading");
  speed = $state<Speed>(1);
  /** The simulated time the clock line shows (follows `t` at most every `CLOCK_MS` while playing). */
  clock = $state(0);
  reason = $state.raw<Reason | null>(null);
  file = $state.raw<FileNote | null>(null);
  /** The tray kind clicked (it follows the pointer until a click on the field). */
  armed = $state<PartKind | null>(null);
  /** Whether a part is being dragged (the transport waits for the drop). */
  dragging = $state(false);
  /** The field's mapping to the canvas (set by the stage when it lays out). */
  view = $state.raw<View | null>(null);

  readonly rules = $derived(this.level?.rules ?? null);
  /** The selected part. */
  readonly part = $derived(this.placements[this.selected] ?? null);
  /** The run whose outcome is shown (once the clock reached its end). */
  readonly result = $derived(this.status === "finished" ? this.run : null);
  readonly tray = $derived(this.level ? trayItems(this.level.world.inventory, this.placements) : []);

  readonly #api: PlayApi;
  /** Simulated seconds into the run: written every frame, deliberately not reactive. */
  #t = 0;
  #sinceClock = 0;
  #queue: Promise<unknown> = Promise.resolve();
  #loads = 0;
  /** Bumped whenever the run is dropped, so a late `run_play` answer is ignored. */
  #epoch = 0;
  #reasonTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(api: PlayApi) {
    this.#api = api;
  }

  /** Simulated seconds into the run (the stage reads it every frame). */
  get t(): number {
    return this.#t;
  }

  // ------------------------------------------------------------ level

  /** Loads `seed`'s shipped level under the rules `rules` (an id); everything placed is cleared. */
  async load(seed: number, rules: string): Promise<boolean> {
    const request = ++this.#loads;
    const before = this.status;
    this.status = "loading";
    try {
      const level = await this.#api.playLevel(seed, rules);
      if (request !== this.#loads) return false;
      this.seed = seed;
      this.rulesId = rules;
      this.level = level;
      this.placements = [];
      this.selected = -1;
      this.hint = -1;
      this.say(null);
      this.#dropRun();
      return true;
    } catch (e) {
      if (request !== this.#loads) return false;
      if (this.level) this.status = before;
      this.note({ text: errorMessage(e), error: true });
      return false;
    }
  }

  // ------------------------------------------------------------ editing

  /** Runs `job` after every edit or transport action queued before it. */
  #enqueue<T>(job: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(job, job);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Asks the engine whether `candidate` may be part `index` (`placements.length` adds one), and applies it if so. */
  place(index: number, candidate: Placement): Promise<boolean> {
    return this.#enqueue(() => this.#place(index, candidate));
  }

  async #place(index: number, candidate: Placement): Promise<boolean> {
    const level = this.level;
    const seed = this.seed;
    const rules = this.rulesId;
    const before = this.placements;
    if (!level || seed === null || rules === null) return false;
    let check: PartCheck;
    try {
      check = await this.#api.checkPart(seed, rules, [...before], index, candidate);
    } catch (e) {
      this.say({ text: errorMessage(e), kind: e instanceof CommandFailed ? e.kind : "", refused: true });
      return false;
    }
    // The parts changed while the engine was asked (a removal, another level): the answer is stale.
    if (this.placements !== before || this.level !== level) return false;
    if (!check.ok) {
      this.refuse(check);
      return false;
    }
    const next = [...before];
    if (index >= next.length) next.push(candidate);
    else next[index] = candidate;
    this.placements = next;
    this.selected = Math.min(index, next.length - 1);
    this.say(null);
    this.#dropRun();
    return true;
  }

  /** Moves and turns the selected part (queued: each nudge starts where the previous one ended). */
  nudge(dx: number, dy: number, dAngle: number): Promise<boolean> {
    return this.#enqueue(async () => {
      const p = this.part;
      if (!p) return false;
      const turn = PARTS[p.part].turns ? dAngle : 0;
      if (dx === 0 && dy === 0 && turn === 0) return false;
      return this.#place(this.selected, {
        ...p,
        x: snap(p.x + dx, 0.1),
        y: snap(p.y + dy, 0.1),
        angle: normalizeAngle(p.angle + turn),
      });
    });
  }

  /** Sets one field of the selected part from the part panel's text; false when refused (nothing changes). */
  setField(field: PartField, text: string): Promise<boolean> {
    return this.#enqueue(async () => {
      const p = this.part;
      if (!p) return false;
      const v = text.trim() === "" ? NaN : Number(text);
      if (!Number.isFinite(v)) {
        this.say({ text: `${field} must be a number`, kind: "not_a_number", refused: true });
        return false;
      }
      if (field === "angle" && !PARTS[p.part].turns) return false;
      return this.#place(this.selected, { ...p, [field]: v });
    });
  }

  /** Turns the selected gear `spin` (the other way when not given); false when refused or not a gear. */
  setSpin(spin?: Spin): Promise<boolean> {
    return this.#enqueue(async () => {
      const p = this.part;
      if (!p || !PARTS[p.part].spin) return false;
      const next = spin ?? otherSpin(p.spin);
      if (next === p.spin) return false;
      return this.#place(this.selected, { ...p, spin: next });
    });
  }

  /** Puts part `index` back in the tray. */
  remove(index: number): void {
    if (index < 0 || index >= this.placements.length) return;
    this.placements = this.placements.filter((_, i) => i !== index);
    this.selected = -1;
    this.say(null);
    this.#dropRun();
  }

  select(index: number): void {
    this.selected = index >= 0 && index < this.placements.length ? index : -1;
  }

  /** Selects the next part (or the previous one); false when there is none. */
  selectNext(back = false): boolean {
    const n = this.placements.length;
    if (!n) return false;
    this.selected = (this.selected + (back ? n - 1 : 1) + (this.selected < 0 && back ? 1 : 0)) % n;
    return true;
  }

  /** Shows the next hint (cycling); with none, says why. */
  showHint(): void {
    const level = this.level;
    if (!level) return;
    this.hint = level.hints.length ? (this.hint + 1) % level.hints.length : 0;
  }

  /** Places the hint shown: over the player's part of its kind when the tray has none left. */
  placeHint(): Promise<boolean> {
    return this.#enqueue(async () => {
      const level = this.level;
      const h = level?.hints[this.hint];
      if (!level || !h) return false;
      return this.#place(hintSlot(level.world.inventory, this.placements, h), { ...h });
    });
  }

  // ------------------------------------------------------------ messages

  /** Shows `reason` above the field (null hides it); a no-op when it already says the same. */
  say(reason: Reason | null): void {
    if (this.#reasonTimer) clearTimeout(this.#reasonTimer);
    this.#reasonTimer = null;
    const r = this.reason;
    if (r === reason || (r && reason && r.text === reason.text && r.kind === reason.kind && r.refused === reason.refused)) return;
    this.reason = reason;
  }

  /** The engine refused a drop or an edit: its reason stays for `REFUSAL_MS`. */
  refuse(check: PartCheck): void {
    this.say({ text: check.message ?? "refused", kind: check.error?.kind ?? "", refused: true });
    this.#reasonTimer = setTimeout(() => {
      this.#reasonTimer = null;
      this.reason = null;
    }, REFUSAL_MS);
  }

  note(file: FileNote): void {
    this.file = file;
  }

  // ------------------------------------------------------------ running

  /** Forgets the run (the parts changed, or reset): back to placing. */
  #dropRun(): void {
    this.#epoch++;
    this.run = null;
    this.#t = 0;
    this.clock = 0;
    this.status = "editing";
  }

  async #ensureRun(): Promise<PlayRun | null> {
    if (this.run) return this.run;
    const seed = this.seed;
    const rules = this.rulesId;
    if (seed === null || rules === null || !this.level) return null;
    const epoch = this.#epoch;
    try {
      const run = await this.#api.runPlay(seed, rules, [...this.placements]);
      if (epoch !== this.#epoch) return null;
      this.run = run;
      this.#t = 0;
      return run;
    } catch (e) {
      this.say({ text: errorMessage(e), kind: e instanceof CommandFailed ? e.kind : "", refused: false });
      return null;
    }
  }

  #showClock(): void {
    this.#sinceClock = 0;
    this.clock = this.#t;
  }

  /** Run / pause / run again. */
  togglePlay(): Promise<void> {
    return this.#enqueue(async () => {
      if (this.dragging) return;
      const run = await this.#ensureRun();
      if (!run) return;
      if (this.status === "playing") {
        this.status = "paused";
      } else {
        if (this.status === "finished") this.#t = 0;
        this.status = "playing";
      }
      this.#showClock();
    });
  }

  /** Exactly one engine step forward (pausing). */
  step(): Promise<void> {
    return this.#enqueue(async () => {
      if (this.dragging || !this.rules) return;
      const run = await this.#ensureRun();
      const dt = this.rules?.dt;
      if (!run || !dt) return;
      const pb = stepOnce({ t: this.#t, playing: false, speed: this.speed }, run, dt);
      this.#t = pb.t;
      this.status = finished(pb, run, dt) ? "finished" : "paused";
      this.#showClock();
    });
  }

  /** Back to the placement. */
  reset(): void {
    if (this.status !== "loading") this.#dropRun();
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
  }

  /** Advances a playing run by `elapsedMs` of real time (the stage calls it every frame). */
  tick(elapsedMs: number): void {
    const run = this.run;
    const rules = this.rules;
    if (this.status !== "playing" || !run || !rules) return;
    const pb = advance({ t: this.#t, playing: true, speed: this.speed }, run, rules.dt, elapsedMs);
    this.#t = pb.t;
    if (!pb.playing) {
      this.status = "finished";
      this.#showClock();
    } else if ((this.#sinceClock += elapsedMs) >= CLOCK_MS) {
      this.#showClock();
    }
  }

  // ------------------------------------------------------------ solutions (files.ts: Save… and Open…)

  /** Shows a solution's parts and plays the engine's replay of it from the start (another seed or other rules load its level). */
  async loadSolution(f: SolutionFile): Promise<void> {
    const s = f.solution;
    if ((s.seed !== this.seed || f.rules_id !== this.rulesId) && !(await this.load(s.seed, f.rules_id))) return;
    this.placements = [...s.placements];
    this.selected = -1;
    this.say(null);
    this.#dropRun();
    this.run = f.run;
    this.status = "playing";
    this.#showClock();
    this.note({
      text: `Loaded ${f.path} (seed ${s.seed}, rules version ${s.rules_version}${s.rules ? `, rules ${f.rules_id}` : ""}, level ${s.level_hash}) — replaying.`,
      loaded: f.path,
    });
  }
}

/** The play window's commands, their round trips recorded by the frame-time probe. */
export const commands: PlayApi = timed(playApi);

/** The play window's state. */
export const play = new PlayState(commands);
