/**
 * The canvases' memory (issue 22, point 7; e2e/tests/soak.rs measures the web
 * process): every canvas drawn through lib/Canvas.svelte is unaccelerated and
 * gives its backing store back when it leaves the page.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CANVAS_SETTINGS, prepareCanvas, releaseCanvas } from "../src/draw/view";

/** A stand-in for a canvas element: its backing store size, style and the context settings asked for. */
function fakeCanvas() {
  const asked: unknown[] = [];
  const transforms: number[][] = [];
  const ctx = { setTransform: (...m: number[]) => transforms.push(m) };
  const canvas = {
    width: 300,
    height: 150,
    style: { width: "", height: "" },
    getContext: (kind: string, settings?: unknown) => {
      asked.push([kind, settings]);
      return ctx;
    },
  };
  return { canvas, asked, transforms, el: canvas as unknown as HTMLCanvasElement };
}

describe("canvas memory", () => {
  it("asks for an unaccelerated canvas (kept in main memory, drawn by the CPU)", () => {
    expect(CANVAS_SETTINGS).toEqual({ willReadFrequently: true });
  });

  it("sizes the backing store for the pixel ratio and asks for the context with the settings given", () => {
    const f = fakeCanvas();
    prepareCanvas(f.el, 200, 100, 2, CANVAS_SETTINGS);
    expect([f.canvas.width, f.canvas.height]).toEqual([400, 200]);
    expect(f.canvas.style).toEqual({ width: "200px", height: "100px" });
    expect(f.asked).toEqual([["2d", { willReadFrequently: true }]]);
    expect(f.transforms).toEqual([[2, 0, 0, 2, 0, 0]]);
    // Without settings, the browser's default (the play window's canvases).
    const g = fakeCanvas();
    prepareCanvas(g.el, 10, 10, 1);
    expect(g.asked).toEqual([["2d", undefined]]);
  });

  it("gives the backing store back: zero width and height", () => {
    const f = fakeCanvas();
    prepareCanvas(f.el, 800, 600, 1, CANVAS_SETTINGS);
    releaseCanvas(f.el);
    expect([f.canvas.width, f.canvas.height]).toEqual([0, 0]);
  });

  it("lib/Canvas.svelte draws with those settings and releases its canvas when it leaves the page", () => {
    const src = readFileSync(new URL("../src/lib/Canvas.svelte", import.meta.url), "utf8");
    expect(src).toMatch(/prepareCanvas\(canvas, w, h, dpr, CANVAS_SETTINGS\)/);
    // The release is an effect's teardown over the canvas it saw.
    expect(src).toMatch(/\$effect\(\(\) => \{\s*const c = canvas;\s*return \(\) => \{\s*if \(c\) releaseCanvas\(c\);/);
  });
});
