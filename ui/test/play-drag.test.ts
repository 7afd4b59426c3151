import { describe, expect, it } from "vitest";
import { fitView } from "../src/draw/view";
import { DragController } from "../src/play/drag";
import { PlayState } from "../src/play/state.svelte";
import { fakeEngine, ramp, rules, runOf, settle } from "./helpers/play-engine";

/** The default rules' id (the play window's `?rules=`). */
const V1 = "010786ff88f4";

/** A window on seed 42 (1 ramp, 1 bumper) whose field is drawn at 4 px per unit. */
async function setup() {
  const api = fakeEngine();
  const s = new PlayState(api);
  await s.load(42, V1);
  s.view = fitView({ x: 0, y: 0, w: 400, h: 600 }, rules.field_width, rules.field_height, 0);
  return { api, s, d: new DragController(s, api) };
}

describe("dragging parts", () => {
  it("drags a ramp from the tray: the ghost follows the pointer snapped to 0.5, the engine's verdict colours it, the drop places it", async () => {
    const { s, d } = await setup();
    d.startNew("ramp");
    expect(s.dragging).toBe(true);
    d.move(20.2, 30.9, true, 1);
    expect(d.current?.pose).toEqual({ part: "ramp", x: 20, y: 31, angle: 0.45 });
    expect(d.current?.check).toBeNull();
    await settle();
    expect(d.current?.check?.ok).toBe(true);
    await d.trayRelease(40.1, 50, true, 2);
    expect(s.placements).toEqual([ramp(40, 50, 0.45)]);
    expect([s.dragging, d.current]).toEqual([false, null]);
  });

  it("shows the engine's reason while the ghost is refused, and keeps it after a refused drop", async () => {
    const { s, d } = await setup();
    await s.place(0, ramp(15, 102, 0.45));
    d.startNew("ramp");
    d.move(60, 30, true, 1);
    await settle();
    expect(d.current?.check?.ok).toBe(false);
    expect(s.reason).toEqual({ text: "the level grants 1 ramp(s); this would be number 2", kind: "not_in_inventory", refused: false });
    await d.trayRelease(60, 30, true, 2);
    expect(s.reason?.refused).toBe(true);
    expect(s.placements).toEqual([ramp(15, 102, 0.45)]);
  });

  it("uses only the newest verdict: an answer for an older pose is dropped", async () => {
    const { api, d } = await setup();
    d.startNew("ramp");
    api.hold = true;
    d.move(-10, 30, true, 1); // outside: refused
    d.move(20, 30, true, 2);
    const [older, newer] = api.held.splice(0);
    newer!();
    await settle();
    older!();
    await settle();
    expect(d.current?.check?.ok).toBe(true);
  });

  it("hides the new part's ghost off the field and drops nothing when released there", async () => {
    const { s, d } = await setup();
    d.startNew("bumper");
    d.move(20, 30, true, 1);
    d.move(20, 30, false, 2);
    expect(d.current?.pose).toBeNull();
    await d.trayRelease(-50, 30, false, 3);
    expect([d.current, s.placements.length]).toEqual([null, 0]);
  });

  it("arms a part on a tray click; a click on the field places it there", async () => {
    const { s, d } = await setup();
    d.startNew("bumper");
    await d.trayRelease(-50, 30, false, 1);
    expect(s.armed).toBe("bumper");
    d.move(30, 40, true, 2);
    expect(d.current?.pose).toEqual({ part: "bumper", x: 30, y: 40, angle: 0 });
    expect(d.press(31.2, 44.9)).toBe(true);
    expect(s.armed).toBeNull();
    await d.release();
    expect(s.placements).toEqual([{ part: "bumper", x: 31, y: 45, angle: 0 }]);
  });

  it("moves a part by where it was grabbed, and turns the selected one by its handle", async () => {
    const { s, d } = await setup();
    await s.place(0, ramp(50, 50, 0));
    s.select(-1);
    expect(d.press(53, 50)).toBe(true); // 3 units right of the centre, on the ramp
    expect(s.selected).toBe(0);
    d.move(63, 60, true, 1);
    expect(d.current?.pose).toEqual(ramp(60, 60, 0));
    await d.release();
    expect(s.placements).toEqual([ramp(60, 60, 0)]);
    // The handle sits 11.5 units along the ramp from its centre.
    expect(d.press(71.5, 60)).toBe(true);
    expect(d.current?.mode).toBe("rotate");
    d.move(70, 70, true, 2);
    expect(d.current?.pose?.angle).toBe(0.785398); // 45°, to the whole degree
    await d.release();
    expect(s.part?.angle).toBe(0.785398);
  });

  it("deselects on a press on empty field; Esc drops a drag", async () => {
    const { s, d } = await setup();
    await s.place(0, ramp(50, 50, 0));
    expect(d.press(10, 140)).toBe(false);
    expect(s.selected).toBe(-1);
    d.startNew("bumper");
    expect(d.escape()).toBe(true);
    expect([d.current, s.dragging, d.escape()]).toEqual([null, false, false]);
  });

  it("drops a drag whose parts changed meanwhile (a solution loaded)", async () => {
    const { api, s, d } = await setup();
    await s.place(0, ramp(50, 50, 0));
    d.press(50, 50);
    d.move(60, 60, true, 1);
    await s.loadSolution({ ...(await api.saveSolution(42, V1, [], [ramp(20, 20, 0)]))!, run: runOf(42, []) });
    expect(d.current).toBeNull();
    expect(s.dragging).toBe(false);
    await d.release();
    expect(s.placements).toEqual([ramp(20, 20, 0)]);
  });

  it("turns the part under the wheel by 5° (Shift: 1°); a bumper does not turn", async () => {
    const { s, d } = await setup();
    await s.place(0, ramp(50, 50, 0.45));
    await s.place(1, { part: "bumper", x: 20, y: 120, angle: 0 });
    expect(d.wheel(50, 50, true, false)).toBe(true);
    await settle();
    expect(s.placements[0]?.angle).toBe(0.537265); // 25.783° + 5°
    expect(d.wheel(50, 50, false, true)).toBe(true);
    await settle();
    expect(s.placements[0]?.angle).toBe(0.519811); // − 1°
    // Back up and down again: exactly the angle it started with.
    expect(d.wheel(50, 50, false, false)).toBe(true);
    await settle();
    expect(d.wheel(50, 50, true, true)).toBe(true);
    await settle();
    expect(s.placements[0]?.angle).toBe(0.45);
    expect(d.wheel(20, 120, true, false)).toBe(false);
    expect(d.over(20, 121)).toBe(true);
    expect(d.over(90, 10)).toBe(false);
  });
});
