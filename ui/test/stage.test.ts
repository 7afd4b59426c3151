/** The sweep visualizer's two layers (src/draw/stage.ts) on a real raster, and the inspector's words. */
import { describe, expect, it } from "vitest";
import type { PlacementTrajectory } from "../src/bindings/PlacementTrajectory";
import { palette, resultColor } from "../src/draw/colors";
import { drawStageBase, drawStageOverlay, glyphPoint, hitStage, stageLayout, type StageScene } from "../src/draw/stage";
import { toCanvas } from "../src/draw/view";
import {
  allVisible,
  attemptRows,
  bareLine,
  ledgerSummary,
  ledgerTally,
  tallyCells,
  placementRows,
  placementTitle,
  placementSummary,
  stopWords,
  sweepLine,
  tiltLabel,
  timingWords,
  tooltipPlace,
} from "../src/inspector/model";
import { near, raster, rgbOf } from "./canvas";
import { attempt, entries, grid, report, rules } from "./fixtures";

const W = 300;
const H = 420;
const noMarks = { hovered: null, selected: null, selectedTrajectory: null };

function scene(over: Partial<StageScene> = {}): StageScene {
  const a = attempt(1, "accepted");
  a.sweep = { placements: entries((i) => (i === 57 ? "goal" : "out")), game_stop: 57, solving: 1, complete: true };
  return { rules, grid: grid(), attempt: a, view: "field", filter: allVisible(4), allTrajectories: false, trajectories: new Map(), ...over };
}

describe("stage layers", () => {
  it("draws the field in the base and leaves the overlay transparent but for the glyphs", () => {
    const s = scene();
    const layout = stageLayout(W, H, rules, "field");
    const base = raster(W, H);
    drawStageBase(base.ctx, W, H, s, layout);
    // An empty spot of the field, in the field's colour; outside it, the stage background.
    expect(near(base.pixel(...toCanvas(layout.field, 85, 35)), rgbOf(palette.field), 12)).toBe(true);
    expect(near(base.pixel(2, 2), rgbOf(palette.bg), 4)).toBe(true);
    const over = raster(W, H);
    drawStageOverlay(over.ctx, W, H, s, layout, noMarks);
    expect(over.pixel(2, 2)[3]).toBe(0);
    const p = glyphPoint(layout, s.grid, 57)!;
    expect(near(over.pixel(p.x, p.y), rgbOf(resultColor.goal))).toBe(true);
    expect(hitStage(s, layout, p.x, p.y)).toBe(57);
    // On the heat map, the placement that gave the cell under the pointer its value.
    const heat = stageLayout(W, H, rules, "heat");
    const [cx, cy] = toCanvas(heat.field, rules.sweep_xs[0]!, rules.sweep_ys[0]!);
    expect(hitStage({ ...s, view: "heat" }, heat, cx + 4, cy + 4)).toBe(0);
    expect(hitStage({ ...s, view: "heat" }, heat, 2, 2)).toBeNull();
  });

  it("draws the streamed trajectories in the base only while they are asked for", () => {
    const path: [number, number][] = Array.from({ length: 40 }, (_, i) => [50, 10 + i * 3]);
    const trajectories = new Map<number, PlacementTrajectory>([[3, { index: 3, result: "rest", steps: 40, closest: 5, stride: 3, trajectory: path }]]);
    const layout = stageLayout(W, H, rules, "field");
    const at = toCanvas(layout.field, 50, 100);
    const off = raster(W, H);
    expect(drawStageBase(off.ctx, W, H, scene({ trajectories }), layout).trajectories).toBe(0);
    const on = raster(W, H);
    const drawn = drawStageBase(on.ctx, W, H, scene({ trajectories, allTrajectories: true }), layout);
    expect(drawn.trajectories).toBe(1);
    expect(drawn.segments).toBeGreaterThan(0);
    const [r0, g0, b0] = off.pixel(...at);
    const [r1, g1, b1] = on.pixel(...at);
    // The path (rest blue, 30 % alpha) tints the field towards blue.
    expect(b1 - r1).toBeGreaterThan(b0 - r0 + 10);
    expect(g1).toBeGreaterThanOrEqual(g0);
  });

  it("draws the selected placement's trajectory and rings in the overlay; multiples hit back to placements", () => {
    const s = scene();
    const layout = stageLayout(W, H, rules, "field");
    const path: [number, number][] = [
      [10, 140],
      [90, 140],
    ];
    const t: PlacementTrajectory = { index: 57, result: "goal", steps: 2, closest: 0, stride: 1, trajectory: path };
    const over = raster(W, H);
    drawStageOverlay(over.ctx, W, H, s, layout, { hovered: null, selected: 57, selectedTrajectory: t });
    expect(near(over.pixel(...toCanvas(layout.field, 40, 140)), rgbOf(resultColor.goal))).toBe(true);
    const multiples = stageLayout(W, H, rules, "multiples");
    const panel = multiples.multiples!.panels[1]!;
    const cell = s.grid[29]!; // column 1, row 1, tilt 1
    const px = panel.gx + (cell.column + 0.5) * panel.cell;
    const py = panel.gy + (cell.row + 0.5) * panel.cell;
    expect(hitStage({ ...s, view: "multiples" }, multiples, px, py)).toBe(29);
  });

  it("draws nothing over an attempt that was never swept", () => {
    const s = scene({ attempt: attempt(1, "pre_solved") });
    const layout = stageLayout(W, H, rules, "field");
    const over = raster(W, H);
    drawStageOverlay(over.ctx, W, H, s, layout, noMarks);
    expect(over.pixel(W / 2, H / 2)[3]).toBe(0);
    expect(hitStage(s, layout, W / 2, H / 2)).toBeNull();
  });
});

describe("inspector words", () => {
  const a = attempt(2, "no_single_ramp_solution", true);
  const r = report([attempt(1, "pre_solved"), a], 2, true);
  it("sums up the ledger and each card", () => {
    expect(ledgerSummary(r)).toBe("2 attempts · 2 rejected");
    expect(bareLine(a)).toBe("bare: leaves the field · 200 steps · closest 3.0");
    expect(sweepLine(a, 144)).toBe("sweep: 0/144 goal · 144 out · 0 rest · 0 timeout · 0 blocked");
    expect(sweepLine(attempt(1, "pre_solved"), 144)).toBe("sweep: never run");
  });
  it("tallies the ledger: verdicts and what shipped", () => {
    const t = ledgerTally(r);
    expect(t).toEqual({ attempts: 2, preSolved: 1, noSolution: 1, accepted: 0, shipped: 2, shippedAs: "fallback" });
    expect(tallyCells(t).map((c) => `${c.value} ${c.label}`)).toEqual(["2 attempts", "1 preSolved", "1 no solution", "0 accepted"]);
    const ok = ledgerTally(report([attempt(1, "pre_solved"), attempt(2, "pre_solved"), attempt(3, "accepted")], 3, false));
    expect(ok).toEqual({ attempts: 3, preSolved: 2, noSolution: 0, accepted: 1, shipped: 3, shippedAs: "accepted" });
    const one = ledgerTally(report([attempt(1, "accepted")], 1, false));
    expect(tallyCells(one)[0]!.label).toBe("attempt");
    const all = ledgerTally(report([attempt(1, "pre_solved"), attempt(2, "pre_solved")], 2, false, true));
    expect(all.shippedAs).toBe("as is");
  });
  it("says where the game's sweep stopped", () => {
    expect(stopWords(a)).toBe("No placement reaches the goal: the game's sweep ran all 144 placements.");
    const b = attempt(3, "accepted");
    b.sweep!.game_stop = 13;
    expect(stopWords(b)).toBe("The game stopped at placement 14.");
    const pre = attempt(1, "pre_solved");
    pre.sweep = { placements: entries(() => "goal"), game_stop: 0, solving: 144, complete: true };
    expect(stopWords(pre)).toContain("The first ramp to reach the goal is placement 1.");
    expect(stopWords(attempt(1, "pre_solved"))).toContain("Never swept");
  });
  it("describes a placement and an attempt", () => {
    const es = entries((i) => (i === 5 ? "blocked" : "goal"));
    expect(placementSummary(es[5]!)).toBe("blocked: the ramp overlaps wall 1");
    expect(placementSummary(es[4]!)).toBe("104 steps · closest 2.00");
    expect(placementRows(es[5]!).map((x) => x.key)).toEqual(["name", "position", "tilt", "result", "steps", "closest", "why"]);
    expect(placementRows(es[4]!)[0]!.value).toBe("placement 5");
    expect(placementTitle(es[4]!)).toBe(`placement 5 · (${es[4]!.x}, ${es[4]!.y}) · tilt ${es[4]!.angle}`);
    expect(attemptRows(a).find((x) => x.key === "inventory")?.value).toBe("1 ramp · 0 fan · 0 bumper");
    expect(tiltLabel(0.45)).toBe("+0.45");
    expect(tiltLabel(-0.8)).toBe("-0.8");
  });
  it("keeps the tooltip inside the stage", () => {
    expect(tooltipPlace(10, 10, 200, 60, 800, 600)).toEqual({ left: 24, top: 24 });
    expect(tooltipPlace(790, 590, 200, 60, 800, 600)).toEqual({ left: 592, top: 532 });
  });
  it("words the timing of a seed change", () => {
    expect(timingWords({ seed: 7, attempts: 2, parseMs: 2.2, engineMs: 1.25, ipcMs: 4.4, renderMs: 9.6, frameMs: 12.1, totalMs: 28.3 })).toBe(
      "seed 7 (2 attempts): Enter to drawn frame 28 ms — parse 2 ms, inspect round trip 4 ms (engine 1.3 ms), ledger + stage 10 ms, frame 12 ms",
    );
  });
});
