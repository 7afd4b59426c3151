/**
 * Drawing the player's parts: one drawer per kind (its solid, anything it acts
 * on, what moves while a run plays, and its tray glyph), and what every part
 * shares (selection halo, ghost and refused looks, the number label). A new
 * kind of part is one more entry in `DRAWERS` (and one in play/parts.ts).
 *
 * A gear turns while the run plays: `gearTurn` is how far its rim has turned
 * after `t` simulated seconds (the rules' surface speed over its radius, in
 * its spin's direction), and `moving` draws its teeth and spokes at that turn
 * over its still body (disc, hub and the arrow of its direction).
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
  /** The solid itself (what does not move). */
  solid(ctx: Ctx, v: View, p: Placement, r: PlayRules, c: Capsule, look: Look): void;
  /** What moves while the run plays (a gear's teeth and spokes), drawn over the solid turned by `turn` radians; optional. */
  moving?(ctx: Ctx, v: View, p: Placement, r: PlayRules, c: Capsule, look: Look, turn: number): void;
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

/** A gear's teeth around its rim. */
export const GEAR_TEETH = 10;

/** How far a gear has turned after `t` simulated seconds, in radians on the screen (clockwise positive, y down): rim speed / radius × t; 0 without a spin. */
export function gearTurn(p: Placement, r: PlayRules, t: number): number {
  const sign = p.spin === "clockwise" ? 1 : p.spin === "counter_clockwise" ? -1 : 0;
  return (sign * r.gear_surface_speed * t) / r.gear_radius;
}

/** The arrow of a spin over the top of a wheel centred on (x, y): an arc whose head points the way the top moves. */
function spinArrow(ctx: Ctx, x: number, y: number, rad: number, spin: Placement["spin"], color: string): void {
  if (!spin) return;
  const dir = spin === "clockwise" ? 1 : -1;
  const a0 = -Math.PI / 2 - dir * 0.9;
  const a1 = -Math.PI / 2 + dir * 0.9;
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(x, y, rad, Math.min(a0, a1), Math.max(a0, a1));
  ctx.stroke();
  // The head: a triangle at a1, along the tangent of the turning direction.
  const hx = x + Math.cos(a1) * rad;
  const hy = y + Math.sin(a1) * rad;
  const tx = -Math.sin(a1) * dir;
  const ty = Math.cos(a1) * dir;
  const nx = Math.cos(a1);
  const ny = Math.sin(a1);
  const s = Math.max(3.5, rad * 0.45);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(hx + tx * s, hy + ty * s);
  ctx.lineTo(hx + nx * s * 0.6, hy + ny * s * 0.6);
  ctx.lineTo(hx - nx * s * 0.6, hy - ny * s * 0.6);
  ctx.closePath();
  ctx.fill();
}

/** A wheel's teeth and three spokes, turned by `turn` radians. */
function gearTeeth(ctx: Ctx, x: number, y: number, rad: number, color: string, turn: number): void {
  ctx.strokeStyle = color;
  ctx.lineCap = "butt";
  ctx.lineWidth = Math.max(2, rad * 0.22);
  ctx.beginPath();
  for (let i = 0; i < GEAR_TEETH; i++) {
    const a = turn + (i * 2 * Math.PI) / GEAR_TEETH;
    ctx.moveTo(x + Math.cos(a) * rad, y + Math.sin(a) * rad);
    ctx.lineTo(x + Math.cos(a) * (rad + Math.max(2.5, rad * 0.18)), y + Math.sin(a) * (rad + Math.max(2.5, rad * 0.18)));
  }
  ctx.stroke();
  ctx.lineWidth = Math.max(1.5, rad * 0.1);
  ctx.lineCap = "round";
  ctx.beginPath();
  for (let i = 0; i < 3; i++) {
    const a = turn + (i * 2 * Math.PI) / 3;
    ctx.moveTo(x + Math.cos(a) * rad * 0.3, y + Math.sin(a) * rad * 0.3);
    ctx.lineTo(x + Math.cos(a) * rad * 0.88, y + Math.sin(a) * rad * 0.88);
  }
  ctx.stroke();
}

/**
 * A gear: a disc with its hub and, when it has a spin, an arrow over its top
 * pointing the way the top moves (still); its teeth and spokes turn with the run.
 */
const gear: PartDrawer = {
  solid(ctx, v, p, _r, c, look) {
    const [x, y] = toCanvas(v, p.x, p.y);
    const rad = c.radius * v.scale;
    if (look.style === "hint") ctx.setLineDash([6, 4]);
    ctx.fillStyle = withAlpha(look.color, look.style === "hint" ? 0.12 : 0.22);
    ctx.beginPath();
    ctx.arc(x, y, rad, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = look.color;
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = look.color;
    ctx.beginPath();
    ctx.arc(x, y, Math.max(2, rad * 0.22), 0, Math.PI * 2);
    ctx.fill();
    spinArrow(ctx, x, y, rad + Math.max(6, rad * 0.35), p.spin, look.color);
  },
  moving(ctx, v, p, _r, c, look, turn) {
    const [x, y] = toCanvas(v, p.x, p.y);
    gearTeeth(ctx, x, y, c.radius * v.scale, look.color, turn);
  },
  glyph(ctx, w, h, color) {
    const rad = Math.min(w, h) / 3.4;
    ctx.fillStyle = withAlpha(color, 0.25);
    ctx.beginPath();
    ctx.arc(w / 2, h / 2, rad, 0, Math.PI * 2);
    ctx.fill();
    gearTeeth(ctx, w / 2, h / 2, rad, color, 0);
  },
};

/** One drawer per kind of part. */
export const DRAWERS: Record<PartKind, PartDrawer> = { ramp, fan, bumper, gear };

/** The colour and ghostliness of a part drawn in `style`. */
export function lookOf(kind: PartKind, style: PartStyle): Look {
  const color = style === "refused" ? refusedColor : style === "hint" ? hintColor : partColor[kind];
  return { style, color, ghost: style === "ghost" || style === "refused" || style === "hint" };
}

/** How far outside its solid a part's drawing reaches (a gear's teeth and arrow), in CSS px. */
export function partReach(p: Placement, r: PlayRules, v: View): number {
  const rad = body(p, r).radius * v.scale;
  return p.part === "gear" ? Math.max(6, rad * 0.35) + Math.max(3.5, rad * 0.45) + 4 : 4;
}

/**
 * One part: what it acts on, the selection halo, its solid, what moves (turned
 * by `turn`; null leaves it out, for the layer a run draws it over each frame),
 * and its number above it.
 */
export function drawPart(ctx: Ctx, v: View, p: Placement, r: PlayRules, style: PartStyle, label?: string, turn: number | null = 0): void {
  const drawer = DRAWERS[p.part];
  const look = lookOf(p.part, style);
  const c = body(p, r);
  ctx.save();
  ctx.lineCap = "round";
  drawer.effect?.(ctx, v, p, r, look);
  if (style === "selected") {
    ctx.strokeStyle = withAlpha("#ffffff", 0.85);
    if (c.ax === c.bx && c.ay === c.by) {
      // A disc (bumper, gear): a ring, since WebKit draws no zero-length stroke.
      const [x, y] = toCanvas(v, c.ax, c.ay);
      ctx.lineWidth = 5;
      ctx.beginPath();
      ctx.arc(x, y, c.radius * v.scale + 2.5, 0, Math.PI * 2);
    } else {
      ctx.lineWidth = Math.max(3, 2 * c.radius * v.scale) + 5;
      segment(ctx, v, c);
    }
    ctx.stroke();
  }
  ctx.globalAlpha = style === "ghost" ? 0.75 : 1;
  drawer.solid(ctx, v, p, r, c, look);
  if (turn !== null) drawer.moving?.(ctx, v, p, r, c, look, turn);
  ctx.globalAlpha = 1;
  if (label) {
    const [x, y] = toCanvas(v, p.x, p.y);
    ctx.font = "600 11px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "bottom";
    ctx.fillStyle = withAlpha(palette.text, 0.85);
    ctx.fillText(label, x, y - Math.max(10, c.radius * v.scale + (p.part === "gear" ? partReach(p, r, v) : 6)));
  }
  ctx.restore();
}

/** What moves of a placed part (a gear's teeth and spokes) turned by `turn`, over the rest of it. */
export function drawMoving(ctx: Ctx, v: View, p: Placement, r: PlayRules, turn: number): void {
  const drawer = DRAWERS[p.part];
  if (!drawer.moving) return;
  ctx.save();
  drawer.moving(ctx, v, p, r, body(p, r), lookOf(p.part, "placed"), turn);
  ctx.restore();
}

/** The tray's glyph of `kind` filling a `w` × `h` canvas. */
export function drawGlyph(ctx: Ctx, w: number, h: number, kind: PartKind): void {
  ctx.clearRect(0, 0, w, h);
  ctx.save();
  DRAWERS[kind].glyph(ctx, w, h, partColor[kind]);
  ctx.restore();
}
