/**
 * The play window's state, the part every window shares whatever the player
 * does with parts: what is shown (level, parts, selection, hint, snaps, undo
 * counts), the messages, and the engine's run and where the window is in it.
 * `PlayState` (state.svelte.ts) adds the level, the edits, undo and redo, the
 * hints and the solution files. See state.svelte.ts for the whole picture.
 */
import type { PartCheck } from "../bindings/PartCheck";
import type { PartKind } from "../bindings/PartKind";
import type { Pin } from "../bindings/Pin";
import type { Placement } from "../bindings/Placement";
import type { PlayLevel } from "./api";
import type { PlayRun } from "../bindings/PlayRun";
import type { View } from "../draw/view";
import { CommandFailed, errorMessage } from "../lib/ipc";
import type { PlayApi } from "./api";
import type { HintStage } from "./hints";
import { advance, finished, stepOnce, trayItems, type FileNote, type Reason, type Speed, type Status } from "./model";
import { NO_SNAPPING, type Snapping } from "./snapping";

/** How long a refused drop keeps its reason on screen. */
export const REFUSAL_MS = 6000;
/** How often the clock line follows a running ball (real milliseconds). */
export const CLOCK_MS = 100;

export class PlayBase {
  seed = $state<number | null>(null);
  /** The id of the rules the window plays under (the studio's rules in force, or a file's). */
  rulesId = $state<string | null>(null);
  /** The pins of an edited level (a seed's candidate with a designer's pins); empty for the seed's own level. */
  pins = $state.raw<readonly Pin[]>([]);
  /** The level (an IPC payload: replaced whole). */
  level = $state.raw<PlayLevel | null>(null);
  /** The player's parts, in the player's numbering (replaced whole on every change). */
  placements = $state.raw<readonly Placement[]>([]);
  /** The selected part's index, or −1. */
  selected = $state(-1);
  /** The hint shown (index into `level.hints`; 0 with no hints says there is none), or −1. */
  hint = $state(-1);
  /** How much of the hint is shown: 1 where to look, 2 which part and roughly where, 3 the exact placement. */
  hintStage = $state<HintStage>(1);
  /** The optional snaps (sweep grid, 15°). */
  snapping = $state<Snapping>({ ...NO_SNAPPING });
  /** How many edits undo / redo would step through (the history itself is plain). */
  undoable = $state(0);
  redoable = $state(0);
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

  protected readonly api: PlayApi;
  /** Simulated seconds into the run: written every frame, deliberately not reactive. */
  #t = 0;
  #sinceClock = 0;
  #queue: Promise<unknown> = Promise.resolve();
  /** Bumped whenever the run is dropped, so a late `run_play` answer is ignored. */
  #epoch = 0;
  #reasonTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(api: PlayApi) {
    this.api = api;
  }

  /** Simulated seconds into the run (the stage reads it every frame). */
  get t(): number {
    return this.#t;
  }


  /** Runs `job` after every edit or transport action queued before it. */
  protected enqueue<T>(job: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(job, job);
    this.#queue = next.catch(() => undefined);
    return next;
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
  protected dropRun(): void {
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
      const run = await this.api.runPlay(seed, rules, [...this.pins], [...this.placements]);
      if (epoch !== this.#epoch) return null;
      this.run = run;
      this.#t = 0;
      return run;
    } catch (e) {
      this.say({ text: errorMessage(e), kind: e instanceof CommandFailed ? e.kind : "", refused: false });
      return null;
    }
  }

  protected showClock(): void {
    this.#sinceClock = 0;
    this.clock = this.#t;
  }

  /** Run / pause / run again. */
  togglePlay(): Promise<void> {
    return this.enqueue(async () => {
      if (this.dragging) return;
      const run = await this.#ensureRun();
      if (!run) return;
      if (this.status === "playing") {
        this.status = "paused";
      } else {
        if (this.status === "finished") this.#t = 0;
        this.status = "playing";
      }
      this.showClock();
    });
  }

  /** Exactly one engine step forward (pausing). */
  step(): Promise<void> {
    return this.enqueue(async () => {
      if (this.dragging || !this.rules) return;
      const run = await this.#ensureRun();
      const dt = this.rules?.dt;
      if (!run || !dt) return;
      const pb = stepOnce({ t: this.#t, playing: false, speed: this.speed }, run, dt);
      this.#t = pb.t;
      this.status = finished(pb, run, dt) ? "finished" : "paused";
      this.showClock();
    });
  }

  /** Back to the placement. */
  reset(): void {
    if (this.status !== "loading") this.dropRun();
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
      this.showClock();
    } else if ((this.#sinceClock += elapsedMs) >= CLOCK_MS) {
      this.showClock();
    }
  }

}
