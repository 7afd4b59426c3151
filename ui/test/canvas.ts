/** A real raster canvas (Skia via @napi-rs/canvas) for pixel-level drawing tests. */
import { createCanvas } from "@napi-rs/canvas";
import type { Ctx } from "../src/draw/world";

export function raster(w: number, h: number): { ctx: Ctx; pixel: (x: number, y: number) => [number, number, number, number] } {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d") as unknown as Ctx;
  const pixel = (x: number, y: number): [number, number, number, number] => {
    const d = (ctx as unknown as CanvasRenderingContext2D).getImageData(Math.round(x), Math.round(y), 1, 1).data;
    return [d[0]!, d[1]!, d[2]!, d[3]!];
  };
  return { ctx, pixel };
}

export function rgbOf(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Whether pixel p is within `tol` of colour c on every channel. */
export function near(p: readonly number[], c: readonly number[], tol = 40): boolean {
  return Math.abs(p[0]! - c[0]!) <= tol && Math.abs(p[1]! - c[1]!) <= tol && Math.abs(p[2]! - c[2]!) <= tol;
}
