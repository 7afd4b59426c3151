/**
 * Pins (a designer's "what if" on a seed's draws) in the engine's own text
 * (`Pin`'s Display: `1:goal.x=40`, `1:goal.x=raw:5`, `2:walls[3]=drop`), and
 * what a designer types into a draw's field. Only the engine decides whether a
 * pin is allowed (range, whole number, drawn at all): these only shape it.
 */
import type { Pin } from "../bindings/Pin";
import type { PinTo } from "../bindings/PinTo";

/** The pin as the engine writes it (`1:goal.x=40`). */
export function pinWords(p: Pin): string {
  const to = p.to;
  const value = "value" in to ? String(to.value) : "raw" in to ? `raw:${to.raw}` : to.keep ? "keep" : "drop";
  return `${p.attempt}:${p.site}=${value}`;
}

/**
 * What a typed text sets: a number (the value), `raw:N` (the raw 32-bit draw),
 * or null when it is neither (said before anything is asked of the engine).
 */
export function pinToOf(text: string): PinTo | null {
  const t = text.trim();
  const raw = /^raw:\s*(\d{1,10})$/.exec(t);
  if (raw) {
    const n = Number(raw[1]);
    return n <= 0xffffffff ? { raw: n } : null;
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  const v = Number(t);
  return Number.isFinite(v) ? { value: v } : null;
}

/** `pins` with `pin` in place of any pin of the same attempt and site. */
export function withPin(pins: readonly Pin[], pin: Pin): Pin[] {
  const i = pins.findIndex((p) => p.attempt === pin.attempt && p.site === pin.site);
  if (i < 0) return [...pins, pin];
  return pins.map((p, j) => (j === i ? pin : p));
}

/** `pins` without the pin of `attempt` and `site`. */
export function withoutPin(pins: readonly Pin[], attempt: number, site: string): Pin[] {
  return pins.filter((p) => !(p.attempt === attempt && p.site === site));
}
