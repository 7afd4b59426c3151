/**
 * The field's drawing loop: a plain module driven by requestAnimationFrame,
 * outside Svelte. Every frame it advances a playing run (`PlayState.tick`),
 * compares what it would draw with what it drew (by identity: the state's
 * payloads are replaced whole, the drag's pose is a new object per move) and
 * draws only when something changed. It writes no DOM but the canvas; the
 * state gets only the view when the canvas is laid out.
 *
 * During a run the scene under the ball (level, parts and the trail so far) is
 * kept in an offscreen layer; each frame extends the trail there and repaints
 * only the box around the old and new ball positions (and around each turning
 * gear, whose teeth are drawn over the layer at the run's time), so the browser
 * composites a few thousand pixels per frame instead of the whole field.
 */
import type { Placement } from "../bindings/Placement";
import type { PlayLevel } from "./api";
import type { PlayRules } from "../lib/rules";
import type { PlayRun } from "../bindings/PlayRun";
import { palette } from "../draw/colors";
import { drawMoving, drawPart, gearTurn, partReach, type PartStyle } from "../draw/parts";
import { ballReach, drawBall, drawHandle, drawHintMark, drawLevel, drawTrail, drawTrailSegment, trailColor } from "../draw/play";
import { fitView, prepareCanvas, toCanvas, type View } from "../draw/view";
import type { Drag, DragController } from "./drag";
import { hintMark } from "./hints";
import { positionAt, stepAt } from "./model";
import { body } from "./parts";
import { keep, perf, setShown } from "./probe";
import type { PlayState } from "./state.svelte";

/** Everything a frame's picture depends on; two equal scenes draw the same pixels. */
interface Scene {
  level: PlayLevel;
  rules: PlayRules;
  placements: PlayState["placements"];
  selected: number;
  hint: number;
  hintStage: PlayState["hintStage"];
  run: PlayRun | null;
  t: number;
  drag: Drag | null;
  pose: Drag["pose"];
  check: Drag["check"];
  layout: number;
}

const sameScene = (a: Scene | null, b: Scene): boolean =>
  !!a && (Object.keys(b) as (keyof Scene)[]).every((k) => a[k] === b[k]);

/** A box in CSS pixels. */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const union = (a: Box | null, b: Box): Box =>
  a ? { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) } : b;

export class Stage {
  readonly #canvas: HTMLCanvasElement;
  readonly #wrap: HTMLElement;
  readonly #state: PlayState;
  readonly #drag: DragController;
  #raf = 0;
  #last = -1;
  #resize: ResizeObserver | null = null;
  /** Bumped by every layout, so the scene after a resize differs. */
  #layout = 0;
  #sized = false;
  #size = { w: 0, h: 0, dpr: 1 };
  #view: View | null = null;
  #staticLayer: HTMLCanvasElement | null = null;
  #staticOf: [PlayLevel, PlayRules] | null = null;
  #drawn: Scene | null = null;
  // The run layer (see the module comment).
  #runLayer: HTMLCanvasElement | null = null;
  #runScene: Scene | null = null;
  #runUpto = 0;
  #lastBall: Box | null = null;

  constructor(canvas: HTMLCanvasElement, wrap: HTMLElement, state: PlayState, drag: DragController) {
    this.#canvas = canvas;
    this.#wrap = wrap;
    this.#state = state;
    this.#drag = drag;
  }

  start(): void {
    this.#resize = new ResizeObserver(() => (this.#sized = false));
    this.#resize.observe(this.#wrap);
    const frame = (now: number) => {
      this.#raf = requestAnimationFrame(frame);
      this.#frame(now);
    };
    this.#raf = requestAnimationFrame(frame);
  }

  stop(): void {
    cancelAnimationFrame(this.#raf);
    this.#resize?.disconnect();
  }

  #frame(now: number): void {
    const interval = this.#last >= 0 ? now - this.#last : 0;
    this.#last = now;
    const s = this.#state;
    const animating = !!s.run && s.status === "playing";
    s.tick(interval);
    const level = s.level;
    const rules = s.rules;
    if (!level || !rules) return;
    this.#fit(level, rules);
    const v = this.#view;
    if (!v) return;
    const d = this.#drag.current;
    const scene: Scene = {
      level,
      rules,
      placements: s.placements,
      selected: s.selected,
      hint: s.hint,
      hintStage: s.hintStage,
      run: s.run,
      t: s.t,
      drag: d,
      pose: d?.pose ?? null,
      check: d?.check ?? null,
      layout: this.#layout,
    };
    if (sameScene(this.#drawn, scene)) return;
    if (interval > 0 && animating) keep(perf.runFrames, interval);
    else if (interval > 0 && scene.pose) keep(perf.dragFrames, interval);
    const t0 = performance.now();
    this.#draw(v, scene);
    const t1 = performance.now();
    keep(perf.draws, t1 - t0);
    if (this.#drag.pendingInput >= 0) {
      keep(perf.inputLag, t1 - this.#drag.pendingInput);
      this.#drag.pendingInput = -1;
    }
    this.#drawn = scene;
  }

  /** Sizes the canvas for its box and the pixel ratio, and redraws the static layer when either or the level changed. */
  #fit(level: PlayLevel, r: PlayRules): void {
    const dpr = window.devicePixelRatio || 1;
    if (this.#sized && dpr === this.#size.dpr && this.#staticOf?.[0] === level && this.#staticOf[1] === r) return;
    const w = this.#wrap.clientWidth;
    const h = this.#wrap.clientHeight;
    this.#sized = true;
    if (w <= 0 || h <= 0) return;
    this.#size = { w, h, dpr };
    const v = fitView({ x: 0, y: 0, w, h }, r.field_width, r.field_height, 16);
    this.#view = v;
    this.#layout++;
    prepareCanvas(this.#canvas, w, h, dpr);
    this.#staticLayer ??= document.createElement("canvas");
    const sctx = prepareCanvas(this.#staticLayer, w, h, dpr);
    sctx.fillStyle = palette.bg;
    sctx.fillRect(0, 0, w, h);
    drawLevel(sctx, v, level.world, r, true);
    this.#staticOf = [level, r];
    const old = this.#state.view;
    if (!old || old.scale !== v.scale || old.ox !== v.ox || old.oy !== v.oy) this.#state.view = v;
  }

  #draw(v: View, scene: Scene): void {
    const ctx = this.#canvas.getContext("2d")!;
    const { level, rules, run } = scene;
    if (run && !scene.drag) {
      this.#drawRun(ctx, v, scene, run);
      return;
    }
    this.#runScene = null;
    this.#drawScene(ctx, v, scene, run ? scene.t : 0);
    // The ball: at its start, or where the engine had it at the current time.
    if (run) {
      const s = stepAt(run, rules.dt, scene.t);
      const [x, y] = positionAt(run, s);
      drawTrail(ctx, v, run.result.trajectory, s, [x, y], trailColor);
      drawBall(ctx, v, x, y, rules);
      setShown({ step: s, ball: [x, y], turn: this.#turn(scene, scene.t) });
    } else {
      drawBall(ctx, v, level.world.ball.x, level.world.ball.y, rules);
      setShown({ step: 0, ball: null, turn: this.#turn(scene, 0) });
    }
  }

  /** How far the first turning gear has turned at time `t` (what the probe reports), or null without one. */
  #turn(scene: Scene, t: number): number | null {
    const g = scene.placements.find((p) => p.part === "gear" && p.spin);
    return g ? gearTurn(g, scene.rules, t) : null;
  }

  /**
   * Everything but the ball and its trail: level, hint, parts, the dragged
   * ghost, the handle. Gears are drawn turned as they are at time `t`; with
   * `t` null their moving parts are left out (the run layer: drawn per frame).
   */
  #drawScene(ctx: CanvasRenderingContext2D, v: View, scene: Scene, t: number | null): void {
    const dpr = this.#size.dpr;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.#staticLayer!, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const r = scene.rules;
    const d = scene.drag;
    // The hint at its stage: a region, a rough spot, or the part itself — unless a part stands
    // exactly there (once placed it would only blur the part's number).
    const hint = scene.hint >= 0 ? scene.level.hints[scene.hint] : undefined;
    const placed = (h: Placement) => scene.placements.some((p) => p.part === h.part && p.x === h.x && p.y === h.y && p.angle === h.angle);
    if (hint && !placed(hint)) {
      if (scene.hintStage === 3) drawPart(ctx, v, hint, r, "hint", "hint");
      else drawHintMark(ctx, v, hintMark(hint, scene.hintStage, r.field_width, r.field_height));
    }
    // The part being moved is drawn as its ghost instead.
    scene.placements.forEach((p, i) => {
      if (d && d.index === i && d.pose) return;
      const style: PartStyle = i === scene.selected && !scene.run ? "selected" : "placed";
      drawPart(ctx, v, p, r, style, `${i + 1}`, t === null ? null : gearTurn(p, r, t));
    });
    if (d && d.pose) {
      const refused = d.check !== null && !d.check.ok;
      drawPart(ctx, v, d.pose, r, refused ? "refused" : "ghost", `${d.index + 1}`);
    }
    const sel = scene.placements[scene.selected];
    if (sel && !scene.run && !(d && d.pose)) drawHandle(ctx, v, sel, r);
  }

  #ballBox(v: View, scene: Scene, x: number, y: number): Box {
    const [px, py] = toCanvas(v, x, y);
    const m = ballReach(v, scene.rules) + 2;
    return { x0: px - m, y0: py - m, x1: px + m, y1: py + m };
  }

  /** The box a turning part's drawing covers (CSS px). */
  #partBox(v: View, r: PlayRules, p: Placement): Box {
    const [px, py] = toCanvas(v, p.x, p.y);
    const m = body(p, r).radius * v.scale + partReach(p, r, v);
    return { x0: px - m, y0: py - m, x1: px + m, y1: py + m };
  }

  /** The layer holds the same scene (but for the time) as the one drawn into it. */
  #layerFits(scene: Scene): boolean {
    const l = this.#runScene;
    return (
      !!l &&
      l.run === scene.run &&
      l.level === scene.level &&
      l.rules === scene.rules &&
      l.placements === scene.placements &&
      l.selected === scene.selected &&
      l.hint === scene.hint &&
      l.hintStage === scene.hintStage &&
      l.layout === scene.layout
    );
  }

  #drawRun(ctx: CanvasRenderingContext2D, v: View, scene: Scene, run: PlayRun): void {
    const r = scene.rules;
    const dpr = this.#size.dpr;
    const traj = run.result.trajectory;
    const s = stepAt(run, r.dt, scene.t);
    const upto = Math.min(traj.length - 1, Math.floor(s));
    const [x, y] = positionAt(run, s);
    let dirty: Box | null;
    if (!this.#runLayer || !this.#layerFits(scene) || upto < this.#runUpto) {
      this.#runLayer ??= document.createElement("canvas");
      const lctx = prepareCanvas(this.#runLayer, this.#size.w, this.#size.h, dpr);
      this.#drawScene(lctx, v, scene, null);
      drawTrail(lctx, v, traj, upto, traj[upto]!, trailColor);
      this.#runScene = scene;
      this.#runUpto = upto;
      dirty = null;
    } else {
      dirty = this.#lastBall;
      if (upto > this.#runUpto) {
        const lctx = this.#runLayer.getContext("2d")!;
        lctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        drawTrailSegment(lctx, v, traj, this.#runUpto, upto, trailColor);
        for (let i = this.#runUpto; i <= upto; i++) dirty = union(dirty, this.#ballBox(v, scene, traj[i]![0], traj[i]![1]));
        this.#runUpto = upto;
      }
    }
    const box = this.#ballBox(v, scene, x, y);
    const layer = this.#runLayer;
    // Turning gears are redrawn every frame over their still body in the layer.
    const turning = scene.placements.filter((p) => p.part === "gear" && p.spin);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (!dirty) {
      ctx.drawImage(layer, 0, 0);
    } else {
      for (const g of turning) dirty = union(dirty, this.#partBox(v, r, g));
      dirty = union(dirty, box);
      const sx = Math.max(0, Math.floor(dirty.x0 * dpr));
      const sy = Math.max(0, Math.floor(dirty.y0 * dpr));
      const sw = Math.min(layer.width, Math.ceil(dirty.x1 * dpr)) - sx;
      const sh = Math.min(layer.height, Math.ceil(dirty.y1 * dpr)) - sy;
      if (sw > 0 && sh > 0) ctx.drawImage(layer, sx, sy, sw, sh, sx, sy, sw, sh);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    for (const g of turning) drawMoving(ctx, v, g, r, gearTurn(g, r, scene.t));
    drawTrailSegment(ctx, v, [traj[upto]!, [x, y]], 0, 1, trailColor);
    drawBall(ctx, v, x, y, r);
    this.#lastBall = box;
    setShown({ step: s, ball: [x, y], turn: this.#turn(scene, scene.t) });
  }
}
