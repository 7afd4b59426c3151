/**
 * Drawing the player's parts: one drawer per kind (its solid, anything it acts
 * on, and its tray glyph), and what every part shares (selection halo, ghost
 * and refused looks, the number label). A new kind of part is one more entry
 * in `DRAWERS` (and one in play/parts.ts).
 */
import type { PartKind } from "../bindings/PartKind";
import type { Placement } from "../bindings/Placement";
import type { PlayRules } from "../lib/rules";
import { body, type Capsule } from "../play/parts";
import { palette, withAlpha } from "./colors";
import { toCanvas, type View } from "./view";
import type { Ctx } from "./world";

export const partColor: Record<PartKind, string> = {
  ramp: "#5ee3d0",
  fan: "#c38bff",
  bumper: "#ff7eb6",
  gear: "#ffd166",
};

export const refusedColor = "#ff5c5c";
export const hintColor = "#3ddc84";

export type PartStyle = "placed" | "selected" | "ghost" | "refused" | "hint";

/** How one part is drawn this time: its colour and whether it is a ghost (dragged, refused, hint). */
export interface Look {
  style: PartStyle;
  color: string;
  ghost: boolean;
}

export interface PartDrawer {
  /** What the part acts on, drawn under its solid (a fan's air column); optional. */
  effect?(ctx: Ctx, v: View, p: Placement, r: PlayRules, look: Look): void;
  /** The solid itself. */
  solid(ctx: Ctx, v: View, p: Placement, r: PlayRules, c: Capsule, look: Look): void;
  /** The tray's picture of the kind in a `w` × `h` box (CSS px). */
  glyph(ctx: Ctx, w: number, h: number, color: string): void;
}

function segment(ctx: Ctx, v: View, c: Capsule): void {
  const [x0, y0] = toCanvas(v, c.ax, c.ay);
  const [x1, y1] = toCanvas(v, c.bx, c.by);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
}

/** A capsule drawn as a thick round-capped stroke; a hint is a dashed outline with a soft glow. */
function stick(ctx: Ctx, v: View, c: Capsule, look: Look): void {
  const width = Math.max(3, 2 * c.radius * v.scale);
  if (look.style === "hint") {
    ctx.strokeStyle = withAlpha(look.color, 0.28);
    ctx.lineWidth = width + 4;
    segment(ctx, v, c);
    ctx.stroke();
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = look.color;
    ctx.lineWidth = 2;
  } else {
    ctx.strokeStyle = look.color;
    ctx.lineWidth = width;
  }
  segment(ctx, v, c);
  ctx.stroke();
  ctx.setLineDash([]);
}

const ramp: PartDrawer = {
  solid: (ctx, v, _p, _r, c, look) => stick(ctx, v, c, look),
  glyph(ctx, w, h, color) {
    ctx.strokeStyle = color;
    ctx.lineWidth = 5;
    ctx.lineCap = "round";
    ctx.beginPath();
    ctx.moveTo(w * 0.13, h * 0.3);
    ctx.lineTo(w * 0.87, h * 0.7);
    ctx.stroke();
  },
};

const fan: PartDrawer = {
  effect(ctx, v, p, r, look) {
    // The air column: 0 ≤ along ≤ reach, |across| ≤ half width, with chevrons along the flow.
    const ux = Math.cos(p.angle);
    const uy = Math.sin(p.angle);
    const w = r.fan_half_width;
    const L = r.fan_reach;
    const corners: [number, number][] = [
      [p.x - uy * w, p.y + ux * w],
      [p.x - uy * w + ux * L, p.y + ux * w + uy * L],
      [p.x + uy * w + ux * L, p.y - ux * w + uy * L],
      [p.x + uy * w, p.y - ux * w],
    ];
    const [sx, sy] = toCanvas(v, p.x, p.y);
    const [ex, ey] = toCanvas(v, p.x + ux * L, p.y + uy * L);
    const grad = ctx.createLinearGradient(sx, sy, ex, ey);
    grad.addColorStop(0, withAlpha(look.color, look.ghost ? 0.18 : 0.26));
    grad.addColorStop(1, withAlpha(look.color, 0.02));
    ctx.fillStyle = grad;
    ctx.beginPath();
    corners.forEach(([x, y], i) => {
      const [px, py] = toCanvas(v, x, y);
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    });
    ctx.closePath();
    ctx.fill();
    ctx.strokeStyle = withAlpha(look.color, 0.45);
    ctx.lineWidth = 1.5;
    for (let d = 8; d < L; d += 9) {
      const cx = p.x + ux * d;
      const cy = p.y + uy * d;
      const [ax, ay] = toCanvas(v, cx - ux * 2 - uy * 2.5, cy - uy * 2 + ux * 2.5);
      const [mx, my] = toCanvas(v, cx, cy);
      const [bx, by] = toCanvas(v, cx - ux * 2 + uy * 2.5, cy - uy * 2 - ux * 2.5);
      ctx.beginPath();
      ctx.moveTo(ax, ay);
      ctx.lineTo(mx, my);
      ctx.lineTo(bx, by);
      ctx.stroke();
    }
  },
  solid: (ctx, v, _p, _r, c, look) => stick(ctx, v, c, look),
  glyph(ctx, w, h, color) {
    ctx.fillStyle = withAlpha(color, 0.2);
    ctx.beginPath();
    ctx.moveTo(w * 0.22, h * 0.8);
    ctx.lineTo(w * 0.78, h * 0.8);
    ctx.lineTo(w * 0.65, h * 0.13);
    ctx.lineTo(w * 0.35, h * 0.13);
    ctx.closePath();
    ctx.fill();
    ctx.strokeStyle = color;
    ctx.lineCap = "round";
    ctx.lineWidth = 4;
    ctx.beginPath();
    ctx.moveTo(w * 0.28, h * 0.83);
    ctx.lineTo(w * 0.72, h * 0.83);
    ctx.stroke();
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(w * 0.39, h * 0.5);
    ctx.lineTo(w * 0.5, h * 0.33);
    ctx.lineTo(w * 0.61, h * 0.5);
    ctx.stroke();
  },
};

function disc(ctx: Ctx, x: number, y: number, rad: number, color: string, fill: number): void {
  ctx.fillStyle = withAlpha(color, fill);
  ctx.beginPath();
  ctx.arc(x, y, rad, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, Math.max(2, rad * 0.35), 0, Math.PI * 2);
  ctx.fill();
}

const bumper: PartDrawer = {
  solid(ctx, v, p, _r, c, look) {
    const [x, y] = toCanvas(v, p.x, p.y);
    if (look.style === "hint") ctx.setLineDash([6, 4]);
    disc(ctx, x, y, c.radius * v.scale, look.color, look.style === "hint" ? 0.15 : 0.35);
    ctx.setLineDash([]);
  },
  glyph: (ctx, w, h, color) => disc(ctx, w / 2, h / 2, Math.min(w, h) / 3, color, 0.35),
};

/** A gear: a disc with a dashed rim (its teeth) and, when it has a spin, an arrow over its top. */
const gear: PartDrawer = {
  solid(ctx, v, p, _r, c, look) {
    const [x, y] = toCanvas(v, p.x, p.y);
    const rad = c.radius * v.scale;
    disc(ctx, x, y, rad, look.color, look.style === "hint" ? 0.15 : 0.25);
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.arc(x, y, rad + 2, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
    if (!p.spin) return;
    const dir = p.spin === "clockwise" ? 1 : -1;
    const a0 = -Math.PI / 2 - dir;
    const a1 = -Math.PI / 2 + dir;
    ctx.beginPath();
    ctx.arc(x, y, rad * 0.62, Math.min(a0, a1), Math.max(a0, a1));
    ctx.stroke();
    const tx = x + Math.cos(a1) * rad * 0.62;
    const ty = y + Math.sin(a1) * rad * 0.62;
    ctx.beginPath();
    ctx.arc(tx, ty, 2.5, 0, Math.PI * 2);
    ctx.fill();
  },
  glyph: (ctx, w, h, color) => disc(ctx, w / 2, h / 2, Math.min(w, h) / 3, color, 0.25),
};

/** One drawer per kind of part. */
export const DRAWERS: Record<PartKind, PartDrawer> = { ramp, fan, bumper, gear };

/** The colour and ghostliness of a part drawn in `style`. */
export function lookOf(kind: PartKind, style: PartStyle): Look {
  const color = style === "refused" ? refusedColor : style === "hint" ? hintColor : partColor[kind];
  return { style, color, ghost: style === "ghost" || style === "refused" || style === "hint" };
}

/** One part: what it acts on, the selection halo, its solid, and its number above it. */
export function drawPart(ctx: Ctx, v: View, p: Placement, r: PlayRules, style: PartStyle, label?: string): void {
  const drawer = DRAWERS[p.part];
  const look = lookOf(p.part, style);
  const c = body(p, r);
  ctx.save();
  ctx.lineCap = "round";
  drawer.effect?.(ctx, v, p, r, look);
  if (style === "selected") {
    ctx.strokeStyle = withAlpha("#ffffff", 0.85);
    ctx.lineWidth = Math.max(3, 2 * c.radius * v.scale) + 5;
    segment(ctx, v, c);
    ctx.stroke();
  }
  ctx.globalAlpha = style === "ghost" ? 0.75 : 1;
  drawer.solid(ctx, v, p, r, c, look);
  ctx.globalAlpha = 1;
  if (label) {
    const [x, y] = toCanvas(v, p.x, p.y);
    ctx.font = "600 11px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "bottom";
    ctx.fillStyle = withAlpha(palette.text, 0.85);
    ctx.fillText(label, x, y - Math.max(10, c.radius * v.scale + 6));
  }
  ctx.restore();
}

/** The tray's glyph of `kind` filling a `w` × `h` canvas. */
export function drawGlyph(ctx: Ctx, w: number, h: number, kind: PartKind): void {
  ctx.clearRect(0, 0, w, h);
  ctx.save();
  DRAWERS[kind].glyph(ctx, w, h, partColor[kind]);
  ctx.restore();
}
