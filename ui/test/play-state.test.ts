import { afterEach, describe, expect, it, vi } from "vitest";
import { CommandFailed, type AnyCommandError } from "../src/lib/ipc";
import { SolutionFiles } from "../src/play/files";
import { PlayState, REFUSAL_MS } from "../src/play/state.svelte";
import { fakeEngine, ramp, rules, runOf, settle } from "./helpers/play-engine";
import { watch } from "./helpers/watch.svelte";
import { gearsRules } from "./fixtures";
import { defaultAngle } from "../src/play/parts";

/** The default rules' id (the play window's `?rules=`). */
const V1 = "010786ff88f4";

const dt = rules.dt;

async function loaded(seed = 42) {
  const api = fakeEngine();
  const s = new PlayState(api);
  expect(await s.load(seed, V1)).toBe(true);
  return { api, s };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the play state: level and parts", () => {
  it("loads a level with an empty field; a refused load says why and keeps the window as it was", async () => {
    const { s } = await loaded();
    expect(s.status).toBe("editing");
    expect(s.tray.map((t) => [t.kind, t.left])).toEqual([["ramp", 1], ["bumper", 1]]);
    expect(await s.load(999, V1)).toBe(false);
    expect(s.file).toEqual({ text: "no level 999", error: true });
    expect(s.level?.seed).toBe(42);
    expect(s.status).toBe("editing");
  });

  it("places a part only when the engine accepts it; a refusal keeps everything and shows the engine's words for a while", async () => {
    vi.useFakeTimers();
    const { s } = await loaded();
    expect(await s.place(0, ramp(15, 102, 0.45))).toBe(true);
    expect(s.placements).toEqual([ramp(15, 102, 0.45)]);
    expect(s.selected).toBe(0);
    const before = s.placements;
    expect(await s.place(1, ramp(60, 30, 0.45))).toBe(false);
    expect(s.placements).toBe(before);
    expect(s.reason).toEqual({ text: "the level grants 1 ramp(s); this would be number 2", kind: "not_in_inventory", refused: true });
    vi.advanceTimersByTime(REFUSAL_MS - 1);
    expect(s.reason).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(s.reason).toBeNull();
  });

  it("turns by seven steps for seven quick presses (each nudge starts where the previous ended)", async () => {
    const { s } = await loaded();
    await s.place(0, ramp(15, 102, 0));
    const presses = Array.from({ length: 7 }, () => s.nudge(0, 0, 5));
    expect(await Promise.all(presses)).toEqual(Array(7).fill(true));
    expect(s.part?.angle).toBe(0.610865); // 35°
    await Promise.all(Array.from({ length: 7 }, () => s.nudge(0, 0, -5)));
    expect(s.part?.angle).toBe(0);
  });

  it("turns back to exactly the angle a part had: E then Q, for every angle of the sweeps, the rules and the parts", async () => {
    const { s } = await loaded();
    // The default rules' and rules/gears.json's sweep angles, the parts' starting angles, and
    // angles with more digits than a turn keeps.
    const starts = [...new Set([...gearsRules.sweep.angles, -0.8, -0.45, 0.45, 0.8, defaultAngle("ramp"), defaultAngle("fan"), 0, Math.PI / 4, -Math.PI / 3, 3.1, -3.1])];
    for (const start of starts) {
      expect(await s.place(0, ramp(50, 60, start))).toBe(true);
      for (const [there, back] of [
        [5, -5],
        [-5, 5],
        [1, -1],
      ] as const) {
        await s.nudge(0, 0, there); // E (Q; Shift+E)
        expect(s.part?.angle, `${start} ${there}`).not.toBe(start);
        await s.nudge(0, 0, back); // Q (E; Shift+Q)
        expect(s.part?.angle, `${start} ${there} ${back}`).toBe(start);
      }
      // E E E Q Q Q, E Q Q E, Shift steps among them, a full turn: back to the start, bit for bit.
      for (const steps of [
        [5, 5, 5, -5, -5, -5],
        [5, -5, -5, 5],
        [1, 5, 1, -5, -1, -1],
        Array<number>(72).fill(5),
      ]) {
        for (const deg of steps) await s.nudge(0, 0, deg);
        expect(s.part?.angle, `${start} ${steps.join(" ")}`).toBe(start);
      }
      // Each angle on the way is the same however it was reached: E E Q is E.
      await s.nudge(0, 0, 5);
      const once = s.part?.angle;
      for (const deg of [5, -5]) await s.nudge(0, 0, deg);
      expect(s.part?.angle).toBe(once);
      s.remove(0);
    }
  });

  it("turns back exactly after an undo, and takes a dragged or typed angle as the new start", async () => {
    const { s } = await loaded();
    await s.place(0, ramp(50, 60, -0.45));
    await s.nudge(0, 0, 5);
    await s.nudge(0, 0, 5);
    expect(await s.undo()).toBe(true);
    await s.nudge(0, 0, -5);
    expect(s.part?.angle).toBe(-0.45);
    expect(await s.setField("angle", "0.123456789")).toBe(true);
    await s.nudge(0, 0, 5);
    await s.nudge(0, 0, -5);
    expect(s.part?.angle).toBe(0.123456789);
  });

  it("drops an engine answer that arrives after the parts changed", async () => {
    const { api, s } = await loaded();
    await s.place(0, ramp(15, 102, 0.45));
    api.hold = true;
    const moved = s.nudge(1, 0, 0);
    await settle();
    s.remove(0);
    await api.release();
    expect(await moved).toBe(false);
    expect(s.placements).toEqual([]);
  });

  it("refuses typed text that is not a number without asking the engine, and applies numbers the engine accepts", async () => {
    const { api, s } = await loaded();
    await s.place(0, ramp(15, 102, 0.45));
    const asked = api.calls.checks.length;
    expect(await s.setField("x", "")).toBe(false);
    expect(await s.setField("x", "abc")).toBe(false);
    expect(s.reason?.text).toBe("x must be a number");
    expect(api.calls.checks.length).toBe(asked);
    expect(await s.setField("y", "100.5")).toBe(true);
    expect(s.part).toEqual(ramp(15, 100.5, 0.45));
    expect(await s.setField("x", "-3")).toBe(false);
    expect(s.part?.x).toBe(15);
  });

  it("does not turn a bumper", async () => {
    const { s } = await loaded();
    await s.place(0, { part: "bumper", x: 40, y: 40, angle: 0 });
    expect(await s.nudge(0, 0, 5)).toBe(false);
    expect(await s.setField("angle", "1")).toBe(false);
    expect(s.part?.angle).toBe(0);
  });

  it("shows a hint in stages, places it only once exact, over the player's ramp when the tray has none left", async () => {
    const { s } = await loaded();
    s.showHint();
    expect([s.hint, s.hintStage]).toEqual([0, 1]);
    await s.place(0, ramp(60, 30, 0.45));
    expect(await s.placeHint()).toBe(false);
    s.showHint();
    expect([s.hint, s.hintStage]).toEqual([0, 2]);
    expect(await s.placeHint()).toBe(false);
    expect(s.placements).toEqual([ramp(60, 30, 0.45)]);
    s.showHint();
    expect([s.hint, s.hintStage]).toEqual([0, 3]);
    expect(await s.placeHint()).toBe(true);
    expect(s.placements).toEqual([ramp(15, 102, 0.8)]);
  });

  it("selects parts with Tab both ways", async () => {
    const { s } = await loaded(7);
    await s.place(0, ramp(20, 30, 0));
    await s.place(1, ramp(60, 30, 0));
    s.select(-1);
    expect(s.selectNext()).toBe(true);
    expect(s.selected).toBe(0);
    s.select(-1);
    s.selectNext(true);
    expect(s.selected).toBe(1);
    s.remove(0);
    s.remove(0);
    expect(s.selectNext()).toBe(false);
  });
});

describe("the play state: runs", () => {
  it("plays the engine's run to its outcome, the clock line moving at most every CLOCK_MS", async () => {
    const { api, s } = await loaded();
    await s.place(0, ramp(15, 102, 0.45));
    const coarse = watch(() => [s.status, s.clock, s.result !== null, s.placements, s.reason]);
    await settle();
    await s.togglePlay();
    expect(s.status).toBe("playing");
    expect(api.calls.runs).toBe(1);
    // 4 steps at ¼× take 4 / 120 / 0.25 s = 133 ms: many 1 ms frames.
    s.setSpeed(0.25);
    const frames = 200;
    let ticks = 0;
    for (; ticks < frames && s.status === "playing"; ticks++) {
      s.tick(1);
      await settle(); // effects run between frames, as in the window

    }
    expect(ticks).toBeGreaterThan(100);
    expect(s.status).toBe("finished");
    expect(s.t).toBeCloseTo(4 * dt, 12);
    expect(s.result?.result.steps).toBe(4);
    // Every frame moved the ball; the components saw a handful of changes.
    expect(coarse.values.length).toBeLessThan(8);
    coarse.stop();
  });

  it("single steps land on the engine's steps and ask for one run, however fast they come", async () => {
    const { api, s } = await loaded();
    await s.place(0, ramp(15, 102, 0.45));
    await Promise.all([s.step(), s.step(), s.step()]);
    expect(api.calls.runs).toBe(1);
    expect(s.t).toBeCloseTo(3 * dt, 12);
    expect(s.status).toBe("paused");
    expect(s.clock).toBe(s.t);
    await s.step();
    expect(s.status).toBe("finished");
  });

  it("a change of parts or Reset drops the run and its outcome", async () => {
    const { s } = await loaded();
    await s.place(0, ramp(15, 102, 0.45));
    for (let i = 0; i < 4; i++) await s.step();
    expect(s.result).not.toBeNull();
    await s.nudge(0, 0, 0.05);
    expect([s.status, s.run, s.result, s.clock]).toEqual(["editing", null, null, 0]);
    await s.togglePlay();
    s.reset();
    expect([s.status, s.run, s.t]).toEqual(["editing", null, 0]);
  });

  it("runs again from the start once finished, and does not start while a part is dragged", async () => {
    const { s } = await loaded();
    await s.step();
    await s.step();
    await s.step();
    await s.step();
    expect(s.status).toBe("finished");
    await s.togglePlay();
    expect([s.status, s.t]).toEqual(["playing", 0]);
    s.reset();
    s.dragging = true;
    await s.togglePlay();
    await s.step();
    expect(s.status).toBe("editing");
  });

  it("ignores a run answered after Reset", async () => {
    const api = fakeEngine();
    let answer: () => void = () => {};
    api.runPlay = (seed, _rules, _pins, placements) => new Promise((r) => (answer = () => r(runOf(seed, placements))));
    const s = new PlayState(api);
    await s.load(42, V1);
    const playing = s.togglePlay();
    await settle();
    s.reset();
    answer();
    await playing;
    expect([s.status, s.run]).toEqual(["editing", null]);
  });
});

describe("the play state: solution files", () => {
  it("saves and says where, with the engine's replay", async () => {
    const { api, s } = await loaded();
    await s.place(0, ramp(15, 102, 0.45));
    await new SolutionFiles(s, api).save();
    expect(s.file).toEqual({ text: "Saved /tmp/s.json — the engine replays it: Goal! in 0.03 s with 1 ramp.", saved: "/tmp/s.json" });
  });

  it("opens a solution of another seed: its level, its parts, the engine's replay from the start", async () => {
    const { api, s } = await loaded();
    const parts = [ramp(20, 30, 0), ramp(60, 30, 0)];
    const f = await api.saveSolution(7, V1, [], parts);
    api.nextOpen = f;
    await new SolutionFiles(s, api).open();
    expect(s.level?.seed).toBe(7);
    expect(s.placements).toEqual(parts);
    expect(s.run).toBe(f!.run);
    expect([s.status, s.t]).toEqual(["playing", 0]);
    expect(s.file?.loaded).toBe("/tmp/s.json");
    expect(s.file?.text).toBe("Loaded /tmp/s.json (seed 7, rules version 1, level hash7) — replaying.");
  });

  it("shows a refused file in the engine's words and changes nothing else", async () => {
    const { api, s } = await loaded();
    await s.place(0, ramp(15, 102, 0.45));
    const parts = s.placements;
    const detail = { message: "the solution was made with rules version 99; these are rules version 1", error: { kind: "solution", error: { kind: "other_rules", detail: { file: 99, current: 1 } } } };
    const files = new SolutionFiles(s, api);
    api.nextOpen = new CommandFailed("open_solution", detail as AnyCommandError);
    await files.open();
    expect(s.file).toEqual({ text: detail.message, error: true, errorKind: "solution" });
    expect(s.placements).toBe(parts);
    api.nextOpen = null;
    await files.open();
    expect(s.file).toEqual({ text: "Open cancelled." });
  });
});

describe("the clock line", () => {
  it("follows a running ball at most ten times a second", async () => {
    const api = fakeEngine();
    api.runPlay = async (seed, _rules, _pins, placements) => runOf(seed, placements, 1000);
    const s = new PlayState(api);
    await s.load(42, V1);
    await s.togglePlay();
    const clocks = watch(() => s.clock);
    await settle();
    for (let i = 0; i < 60; i++) {
      s.tick(1000 / 60);
      await settle();
    }
    // One second of frames: the clock line changed ten times, not sixty.
    expect(clocks.values.length - 1).toBeLessThanOrEqual(10);
    expect(clocks.values.length - 1).toBeGreaterThanOrEqual(9);
    clocks.stop();
  });
});
