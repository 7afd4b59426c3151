/**
 * The seed timing's end (issue 22, point 9): the frame that shows a seed is
 * drawn after its animation-frame callbacks (style, layout and paint come after
 * them), so the timing ends in a task queued from the callback.
 */
import { describe, expect, it } from "vitest";
import { frameDrawn } from "../src/inspector/state.svelte";

describe("frameDrawn", () => {
  it("resolves in the task queued from the next animation frame's callback, not in the callback", async () => {
    const log: string[] = [];
    let frame: (() => void) | null = null;
    let task: (() => void) | null = null;
    const drawn = frameDrawn(
      (cb) => {
        log.push("frame asked");
        frame = cb;
      },
      (cb) => {
        log.push("task queued");
        task = cb;
      },
    ).then(() => log.push("drawn"));
    await Promise.resolve();
    expect(log).toEqual(["frame asked"]);
    frame!();
    // The callback ran (the frame's style, layout and paint are still to come).
    await Promise.resolve();
    expect(log).toEqual(["frame asked", "task queued"]);
    task!();
    await drawn;
    expect(log).toEqual(["frame asked", "task queued", "drawn"]);
  });

  it("resolves at once outside a window (no animation frames)", async () => {
    let done = false;
    await frameDrawn(null).then(() => (done = true));
    expect(done).toBe(true);
  });
});
