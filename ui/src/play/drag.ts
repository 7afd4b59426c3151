/**
 * Dragging parts: from the tray onto the field, moving a part, turning it by
 * its handle or the wheel. A plain module, not reactive: the pose under the
 * pointer changes on every pointer move, so it lives here (`current`) and the
 * stage draws it from there; only the start and end of a drag and the
 * engine's verdict in words reach the state.
 *
 * The ghost is drawn at once; every new pose goes to the engine's
 * `check_part` and its verdict (`check`) colours the ghost and shows the
 * reason above the field. The drop goes through `PlayState.place`, which asks
 * the engine again and changes nothing when it refuses.
 */
import type { PartCheck } from "../bindings/PartCheck";
import type { PartKind } from "../bindings/PartKind";
import type { Placement } from "../bindings/Placement";
import { toCanvas, toField } from "../draw/view";
import { errorMessage } from "../lib/ipc";
import { angleTowards, hitPart } from "./model";
import { FINE_ROTATE_DEG, ROTATE_DEG, snapAngle, snapPoint } from "./snapping";
import { freshPart, handlePoint, PARTS } from "./parts";
import type { PlayApi } from "./api";
import { commands, play, type PlayState } from "./state.svelte";

/** What the pointer is doing. `index` is the part being moved (`base.length` for a new one). */
export interface Drag {
  mode: "new" | "move" | "rotate";
  index: number;
  part: PartKind;
  /** The pose under the pointer (null until the pointer is over the field). */
  pose: Placement | null;
  /** The engine's verdict on `pose`, once it answered for this very pose. */
  check: PartCheck | null;
  /** Pointer offset from the part's centre when grabbed (field units). */
  grab: [number, number];
  moved: boolean;
  /** A tray click without a drag: the part follows the pointer until a click on the field. */
  armed: boolean;
  /** The parts when the drag began: a drag whose parts changed meanwhile (a file loaded) is dropped. */
  base: readonly Placement[];
}

/** How close (CSS px) a press must be to the selected part's handle to turn it. */
const HANDLE_PX = 9;
/** How far (CSS px) outside a part's solid a press still picks it. */
const PICK_PX = 6;

export class DragController {
  #current: Drag | null = null;
  #seq = 0;
  /** The pointer event's time of the newest pose not yet drawn (the probe's input lag), or −1. */
  pendingInput = -1;
  /** The field's canvas (set by the Field component), for pointer coordinates. */
  canvas: HTMLCanvasElement | null = null;

  readonly #state: PlayState;
  readonly #api: Pick<PlayApi, "checkPart">;

  constructor(state: PlayState, api: Pick<PlayApi, "checkPart">) {
    this.#state = state;
    this.#api = api;
  }

  /** The drag under way, if its parts are still the window's. */
  get current(): Drag | null {
    const d = this.#current;
    if (d && d.base !== this.#state.placements) this.cancel();
    return this.#current;
  }

  #begin(d: Omit<Drag, "pose" | "check" | "moved" | "armed" | "base">): Drag {
    const drag: Drag = { ...d, pose: null, check: null, moved: false, armed: false, base: this.#state.placements };
    this.#current = drag;
    this.#state.dragging = true;
    return drag;
  }

  #end(): void {
    this.#current = null;
    this.#seq++;
    this.#state.dragging = false;
    this.#state.armed = null;
  }

  /** Drops the drag without placing anything (Esc, a drag released off the field). */
  cancel(): void {
    if (!this.#current) return;
    this.#end();
    this.#state.say(null);
  }

  /** Asks the engine about the pose under the pointer; only the newest answer counts. */
  #check(d: Drag): void {
    const pose = d.pose;
    const seed = this.#state.seed;
    const rules = this.#state.rulesId;
    if (!pose || seed === null || rules === null) return;
    const seq = ++this.#seq;
    this.#api
      .checkPart(seed, rules, [...this.#state.pins], [...d.base], d.index, pose)
      .then((c) => {
        if (seq !== this.#seq || this.#current !== d || d.pose !== pose) return;
        d.check = c;
        this.#state.say(c.ok ? null : { text: c.message ?? "refused", kind: c.error?.kind ?? "", refused: false });
      })
      .catch((e: unknown) => this.#state.say({ text: errorMessage(e), kind: "", refused: false }));
  }

  #pose(d: Drag, pose: Placement, at: number): void {
    const old = d.pose;
    if (old && pose.x === old.x && pose.y === old.y && pose.angle === old.angle) return;
    d.pose = pose;
    d.moved = true;
    d.check = null;
    this.pendingInput = at;
    this.#check(d);
  }

  /** Where the pointer puts a part's centre: the nearest half unit, or the nearest sweep position with the grid snap. */
  #at(x: number, y: number): [number, number] {
    const s = this.#state;
    return snapPoint(x, y, s.snapping, s.rules ?? { sweep_xs: [], sweep_ys: [] });
  }

  #fresh(kind: PartKind, x: number, y: number): Placement {
    const [px, py] = this.#at(x, y);
    return freshPart(kind, px, py);
  }

  // ------------------------------------------------------------ in field units

  /** A tray part picked up (by a press on the tray). */
  startNew(kind: PartKind): void {
    this.#state.select(-1);
    this.#begin({ mode: "new", index: this.#state.placements.length, part: kind, grab: [0, 0] });
  }

  /** A press on the field at (x, y); true when a drag began (the pointer should be captured). */
  press(x: number, y: number): boolean {
    const s = this.#state;
    const d = this.current;
    if (d?.armed) {
      // A click on the field places the armed part here.
      d.armed = false;
      s.armed = null;
      this.#pose(d, this.#fresh(d.part, x, y), -1);
      return true;
    }
    const v = s.view;
    const rules = s.rules;
    if (!v || !rules) return false;
    const sel = s.part;
    const h = sel ? handlePoint(sel, rules) : null;
    if (sel && h) {
      const [hx, hy] = toCanvas(v, h[0], h[1]);
      const [px, py] = toCanvas(v, x, y);
      if (Math.hypot(px - hx, py - hy) <= HANDLE_PX) {
        this.#begin({ mode: "rotate", index: s.selected, part: sel.part, grab: [0, 0] });
        return true;
      }
    }
    const hit = hitPart(s.placements, rules, x, y, PICK_PX / v.scale);
    s.select(hit);
    if (hit < 0) return false;
    const p = s.placements[hit]!;
    this.#begin({ mode: "move", index: hit, part: p.part, grab: [x - p.x, y - p.y] });
    return true;
  }

  /** The pointer moved to (x, y) (`over`: above the field's canvas); `at` is the event's time stamp. */
  move(x: number, y: number, over: boolean, at: number): void {
    const d = this.current;
    if (!d) return;
    if (d.armed) {
      if (over) this.#pose(d, this.#fresh(d.part, x, y), at);
      return;
    }
    if (!over) {
      if (d.mode === "new" && d.pose) {
        d.pose = null;
        d.check = null;
        this.#seq++;
      }
      return;
    }
    const base = d.pose ?? this.#state.placements[d.index] ?? freshPart(d.part, x, y);
    let pose: Placement;
    if (d.mode === "rotate") {
      pose = { ...base, angle: snapAngle(angleTowards(base, x, y), this.#state.snapping) };
    } else {
      const [px, py] = this.#at(x - d.grab[0], y - d.grab[1]);
      pose = { ...base, x: px, y: py };
    }
    this.#pose(d, pose, at);
  }

  /** The button went up over the field (a tray click arms instead; see `trayRelease`). */
  release(): Promise<void> {
    const d = this.current;
    if (d && !d.armed && !(d.mode === "new" && !d.moved)) return this.drop();
    return Promise.resolve();
  }

  /** The button went up after a press on the tray, at (x, y) (`over`: above the field). */
  trayRelease(x: number, y: number, over: boolean, at: number): Promise<void> {
    const d = this.current;
    if (!d || d.mode !== "new") return Promise.resolve();
    if (over) {
      // The drop point itself counts, even if no move event reached the field on the way.
      this.move(x, y, true, at);
      return this.drop();
    }
    if (!d.moved) {
      d.armed = true;
      d.pose = null;
      this.#state.armed = d.part;
    } else {
      this.cancel();
    }
    return Promise.resolve();
  }

  /** Ends the drag: the engine decides whether the pose stands. */
  async drop(): Promise<void> {
    const d = this.current;
    if (!d) return;
    this.#end();
    if (!d.pose || !d.moved) {
      if (d.mode !== "new") this.#state.say(null);
      return;
    }
    const ok = await this.#state.place(d.index, d.pose);
    if (!ok && d.mode !== "new") this.#state.select(d.index);
  }

  /** Esc: drops the drag; false when there was none. */
  escape(): boolean {
    if (!this.#current) return false;
    this.cancel();
    return true;
  }

  /** The wheel over (x, y): turns the part there (or the selected one) by a step; false when nothing turns. */
  wheel(x: number, y: number, down: boolean, fine: boolean): boolean {
    const s = this.#state;
    const v = s.view;
    const rules = s.rules;
    if (!v || !rules || this.current) return false;
    const hit = hitPart(s.placements, rules, x, y, PICK_PX / v.scale);
    const target = hit >= 0 ? hit : s.selected;
    const p = s.placements[target];
    if (!p || !PARTS[p.part].turns) return false;
    s.select(target);
    const step = fine ? FINE_ROTATE_DEG : ROTATE_DEG;
    void s.place(target, { ...p, angle: s.turned(target, p, down ? step : -step) });
    return true;
  }

  /** Whether (x, y) is over a part (the cursor offers to grab it). */
  over(x: number, y: number): boolean {
    const s = this.#state;
    return !!s.view && !!s.rules && hitPart(s.placements, s.rules, x, y, PICK_PX / s.view.scale) >= 0;
  }

  // ------------------------------------------------------------ pointer events

  /** The field point under a pointer event, and whether it is over the canvas. */
  at(ev: { clientX: number; clientY: number }): { x: number; y: number; over: boolean } | null {
    const v = this.#state.view;
    if (!v || !this.canvas) return null;
    const r = this.canvas.getBoundingClientRect();
    const [x, y] = toField(v, ev.clientX - r.left, ev.clientY - r.top);
    const over = ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
    return { x, y, over };
  }

  /**
   * A press on a tray item: the part follows the pointer wherever it goes
   * (document-level listeners, no reliance on pointer capture) until the
   * button goes up.
   */
  fromTray(kind: PartKind, ev: PointerEvent): void {
    if (ev.button !== 0 || !this.#state.level) return;
    ev.preventDefault();
    this.startNew(kind);
    const d = this.#current;
    const move = (e: PointerEvent) => {
      const pt = this.at(e);
      if (pt && this.#current === d) this.move(pt.x, pt.y, pt.over, e.timeStamp);
    };
    const up = (e: PointerEvent) => {
      document.removeEventListener("pointermove", move, true);
      document.removeEventListener("pointerup", up, true);
      document.removeEventListener("pointercancel", up, true);
      const pt = this.at(e);
      if (this.#current !== d) return;
      if (pt) void this.trayRelease(pt.x, pt.y, pt.over, e.timeStamp);
      else this.cancel();
    };
    document.addEventListener("pointermove", move, true);
    document.addEventListener("pointerup", up, true);
    document.addEventListener("pointercancel", up, true);
  }
}

/** The play window's drag controller. */
export const drag = new DragController(play, commands);
