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
 *
 * Every change of the parts (add, move, rotate, spin, remove, clear, a
 * solution opened) goes through `#commit`, which records the parts before it
 * in the undo history (history.ts); undo and redo put a recorded list back
 * whole (each was a list the engine had accepted, or a subset of one).
 */
import type { PartCheck } from "../bindings/PartCheck";
import type { Pin } from "../bindings/Pin";
import type { Placement } from "../bindings/Placement";
import type { SolutionFile } from "../bindings/SolutionFile";
import type { Spin } from "../bindings/Spin";
import { CommandFailed, errorMessage } from "../lib/ipc";
import type { PlayApi } from "./api";
import { hostApi } from "./host";
import { hintSlot, snap } from "./model";
import { History } from "./history";
import { otherSpin, PARTS } from "./parts";
import { Turns } from "./snapping";
import { LAST_STAGE, type HintStage } from "./hints";
import { timed } from "./probe";
import { PlayBase } from "./run-state.svelte";

export { CLOCK_MS, REFUSAL_MS } from "./run-state.svelte";

export type PartField = "x" | "y" | "angle";

export class PlayState extends PlayBase {
  #loads = 0;
  readonly #history = new History<readonly Placement[]>();
  readonly #turns = new Turns();

  // ------------------------------------------------------------ level

  /**
   * Loads `seed`'s shipped level under the rules `rules` (an id), or with `pins`
   * the edited level (the seed's candidate with those pins, marked edited);
   * everything placed is cleared.
   */
  async load(seed: number, rules: string, pins: readonly Pin[] = []): Promise<boolean> {
    const request = ++this.#loads;
    const before = this.status;
    this.status = "loading";
    try {
      const level = await this.api.playLevel(seed, rules, [...pins]);
      if (request !== this.#loads) return false;
      this.seed = seed;
      this.rulesId = rules;
      this.pins = pins;
      this.level = level;
      this.placements = [];
      this.selected = -1;
      this.hint = -1;
      this.hintStage = 1;
      this.#history.clear();
      this.#counts();
      this.say(null);
      this.dropRun();
      return true;
    } catch (e) {
      if (request !== this.#loads) return false;
      if (this.level) this.status = before;
      this.note({ text: errorMessage(e), error: true });
      return false;
    }
  }

  // ------------------------------------------------------------ editing

  /** Asks the engine whether `candidate` may be part `index` (`placements.length` adds one), and applies it if so. */
  place(index: number, candidate: Placement): Promise<boolean> {
    return this.enqueue(() => this.#place(index, candidate));
  }

  async #place(index: number, candidate: Placement): Promise<boolean> {
    const level = this.level;
    const seed = this.seed;
    const rules = this.rulesId;
    const before = this.placements;
    if (!level || seed === null || rules === null) return false;
    let check: PartCheck;
    try {
      check = await this.api.checkPart(seed, rules, [...this.pins], [...before], index, candidate);
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
    this.#commit(next, Math.min(index, next.length - 1));
    return true;
  }

  /** The parts become `next` (an edit): the list before is recorded for undo, the run is dropped. */
  #commit(next: readonly Placement[], selected: number): void {
    this.#history.record(this.placements);
    this.#counts();
    this.placements = next;
    this.selected = selected;
    this.say(null);
    this.dropRun();
  }

  #counts(): void {
    const { undo, redo } = this.#history.sizes;
    this.undoable = undo;
    this.redoable = redo;
  }

  /**
   * The angle of `p`, the part at `index`, turned by `deg` degrees (rotate keys, buttons,
   * the wheel): a step and its opposite give back exactly the angle it had (`Turns`).
   */
  turned(index: number, p: Placement, deg: number): number {
    return PARTS[p.part].turns ? this.#turns.turn(index, p.angle, deg, this.snapping) : p.angle;
  }

  /** Moves the selected part and turns it by `deg` degrees (queued: each nudge starts where the previous one ended). */
  nudge(dx: number, dy: number, deg: number): Promise<boolean> {
    return this.enqueue(async () => {
      const p = this.part;
      if (!p) return false;
      const angle = this.turned(this.selected, p, deg);
      if (dx === 0 && dy === 0 && angle === p.angle) return false;
      return this.#place(this.selected, { ...p, x: snap(p.x + dx, 0.1), y: snap(p.y + dy, 0.1), angle });
    });
  }

  /** Sets one field of the selected part from the part panel's text; false when refused (nothing changes). */
  setField(field: PartField, text: string): Promise<boolean> {
    return this.enqueue(async () => {
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
    return this.enqueue(async () => {
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
    this.#commit(
      this.placements.filter((_, i) => i !== index),
      -1,
    );
  }

  /** Puts every part back in the tray. */
  clear(): void {
    if (!this.placements.length) return;
    this.#commit([], -1);
  }

  /** Undoes the newest edit (queued after edits under way); false with nothing to undo. */
  undo(): Promise<boolean> {
    return this.enqueue(async () => this.#travel(this.#history.undo(this.placements)));
  }

  /** Redoes the newest undone edit; false with nothing to redo. */
  redo(): Promise<boolean> {
    return this.enqueue(async () => this.#travel(this.#history.redo(this.placements)));
  }

  #travel(to: readonly Placement[] | null): boolean {
    this.#counts();
    if (!to) return false;
    const kept = this.selected;
    this.placements = to;
    this.selected = kept >= 0 && kept < to.length ? kept : -1;
    this.say(null);
    this.dropRun();
    return true;
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

  /**
   * Asks for more of the hint: the first time, where to look (stage 1); then which part and
   * roughly where (2); then the exact placement (3); after that, the next solving placement
   * from stage 1 again (cycling). With no hints, says why.
   */
  showHint(): void {
    const level = this.level;
    if (!level) return;
    if (!level.hints.length) {
      this.hint = 0;
      return;
    }
    if (this.hint >= 0 && this.hintStage < LAST_STAGE) {
      this.hintStage = (this.hintStage + 1) as HintStage;
      return;
    }
    this.hint = (this.hint + 1) % level.hints.length;
    this.hintStage = 1;
  }

  /** Shows the next solving placement, from its first stage. */
  nextHint(): void {
    const level = this.level;
    if (!level || !level.hints.length) return;
    this.hint = (this.hint + 1) % level.hints.length;
    this.hintStage = 1;
  }

  /** Places the hint shown: over the player's part of its kind when the tray has none left. */
  placeHint(): Promise<boolean> {
    return this.enqueue(async () => {
      const level = this.level;
      const h = level?.hints[this.hint];
      if (!level || !h || this.hintStage < LAST_STAGE) return false;
      return this.#place(hintSlot(level.world.inventory, this.placements, h), { ...h });
    });
  }

  // ------------------------------------------------------------ solutions (files.ts: Save… and Open…)

  /** Shows a solution's parts and plays the engine's replay of it from the start (another seed or other rules load its level). */
  async loadSolution(f: SolutionFile): Promise<void> {
    const s = f.solution;
    if ((s.seed !== this.seed || f.rules_id !== this.rulesId || this.pins.length > 0) && !(await this.load(s.seed, f.rules_id))) return;
    // Undoable: the parts the file replaced come back with Ctrl+Z.
    this.#commit([...s.placements], -1);
    this.run = f.run;
    this.status = "playing";
    this.showClock();
    this.note({
      text: `Loaded ${f.path} (seed ${s.seed}, rules version ${s.rules_version}${s.rules ? `, rules ${f.rules_id}` : ""}, level ${s.level_hash}) — replaying.`,
      loaded: f.path,
    });
  }
}

/** The play window's commands, their round trips recorded by the frame-time probe. */
export const commands: PlayApi = timed(hostApi);

/** The play window's state. */
export const play = new PlayState(commands);
