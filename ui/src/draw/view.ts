/**
 * Field ↔ canvas mapping. Field units: x from 0 (left) to `width`, y from 0 (top)
 * to `height`, y grows downward — the same orientation as the canvas, so the
 * mapping is a uniform scale plus an offset (no flip).
 */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface View {
  /** CSS pixels per field unit. */
  scale: number;
  /** CSS-pixel position of field (0, 0). */
  ox: number;
  oy: number;
  fieldWidth: number;
  fieldHeight: number;
}

/** The largest view of a `fieldWidth` × `fieldHeight` field centred in `rect`, keeping `pad` px free. */
export function fitView(rect: Rect, fieldWidth: number, fieldHeight: number, pad = 0): View {
  const w = Math.max(1, rect.w - 2 * pad);
  const h = Math.max(1, rect.h - 2 * pad);
  const scale = Math.min(w / fieldWidth, h / fieldHeight);
  return {
    scale,
    ox: rect.x + (rect.w - fieldWidth * scale) / 2,
    oy: rect.y + (rect.h - fieldHeight * scale) / 2,
    fieldWidth,
    fieldHeight,
  };
}

export function toCanvas(v: View, x: number, y: number): [number, number] {
  return [v.ox + x * v.scale, v.oy + y * v.scale];
}

export function toField(v: View, px: number, py: number): [number, number] {
  return [(px - v.ox) / v.scale, (py - v.oy) / v.scale];
}

/** Whether a canvas point lies over the field. */
export function insideField(v: View, px: number, py: number): boolean {
  const [x, y] = toField(v, px, py);
  return x >= 0 && y >= 0 && x <= v.fieldWidth && y <= v.fieldHeight;
}

/** Squared distance from point p to segment a–b. */
export function pointSegmentDist2(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
  const ex = px - (ax + t * dx);
  const ey = py - (ay + t * dy);
  return ex * ex + ey * ey;
}

/**
 * The context settings of the canvases drawn through `lib/Canvas.svelte` (the
 * inspector's stage and thumbnails, the catalog's and the A/B view's figures):
 * a canvas kept in main memory and drawn by the CPU. `willReadFrequently` is how
 * a page asks WebKit (and Chromium) for an unaccelerated canvas. An accelerated
 * one, under WebKitGTK's DMA-BUF renderer, draws through Skia's GPU backend; on
 * a machine without a GPU that is Mesa's software GL, whose memory is the web
 * process's own: 400 seed changes with all trajectories every tenth grew the
 * web process from 562 to 740 MB and it never gave it back, almost all of it
 * that GL path's (docs/performance.md, "Inspector memory and seed timing").
 * These canvases are line drawings a few hundred pixels wide, which the CPU
 * draws faster than software GL; with a GPU they cost one texture upload per
 * redraw.
 */
export const CANVAS_SETTINGS: CanvasRenderingContext2DSettings = { willReadFrequently: true };

/**
 * Sizes a canvas's backing store for the device pixel ratio and returns its 2-D
 * context scaled so drawing code works in CSS pixels. `settings` apply when the
 * canvas's context is first made (a canvas has one context for good).
 */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  cssWidth: number,
  cssHeight: number,
  dpr: number,
  settings?: CanvasRenderingContext2DSettings,
): CanvasRenderingContext2D {
  const w = Math.max(1, Math.round(cssWidth * dpr));
  const h = Math.max(1, Math.round(cssHeight * dpr));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  const ctx = canvas.getContext("2d", settings);
  if (!ctx) throw new Error("2-D canvas context unavailable");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

/**
 * Gives a canvas's backing store back at once (a canvas leaving the page keeps
 * it until the garbage collector finds the element): zero width and height.
 */
export function releaseCanvas(canvas: Pick<HTMLCanvasElement, "width" | "height">): void {
  canvas.width = 0;
  canvas.height = 0;
}
