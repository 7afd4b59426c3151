/**
 * The play window's frame-time probe, read by the e2e suite (docs/studio.md,
 * "Play window performance"): frame intervals, draw times, input lag and IPC
 * round trips, kept as plain arrays (no reactive state, no DOM), and what the
 * last frame showed (`window.__playShown`).
 */
import type { PlayApi } from "./api";
import { stats } from "./model";

const KEEP = 2000;

export const perf = {
  /** rAF-to-rAF intervals while the ball is animating, ms. */
  runFrames: [] as number[],
  /** rAF-to-rAF intervals while a part is being dragged, ms. */
  dragFrames: [] as number[],
  /** Synchronous draw time of each frame, ms. */
  draws: [] as number[],
  /** pointermove event → the frame that shows it, ms. */
  inputLag: [] as number[],
  /** check_part round trips, ms. */
  checks: [] as number[],
  /** run_play round trips, ms. */
  runs: [] as number[],
};

/** Records one sample (the newest `KEEP` are kept). */
export function keep(samples: number[], v: number): void {
  samples.push(v);
  if (samples.length > KEEP) samples.splice(0, samples.length - KEEP);
}

/** What the last frame showed: the fractional engine step, the ball's centre (null before a run), and how far the first turning gear had turned (radians, clockwise positive; null without one). */
export interface Shown {
  step: number;
  ball: [number, number] | null;
  turn: number | null;
}

let shown: Shown = { step: 0, ball: null, turn: null };

/** Called by the stage after every frame it draws (a JS property: no DOM write per frame). */
export function setShown(s: Shown): void {
  shown = s;
}

/** `api` with its check and run round trips recorded. */
export function timed(api: PlayApi): PlayApi {
  const clock = () => performance.now();
  return {
    ...api,
    checkPart: async (...args) => {
      const t0 = clock();
      const out = await api.checkPart(...args);
      keep(perf.checks, clock() - t0);
      return out;
    },
    runPlay: async (...args) => {
      const t0 = clock();
      const out = await api.runPlay(...args);
      keep(perf.runs, clock() - t0);
      return out;
    },
  };
}

declare global {
  interface Window {
    __playPerf: typeof perf;
    __playPerfSummary: () => Record<string, ReturnType<typeof stats>>;
    __playPerfReset: () => void;
    __playRafProbe: (frames: number) => Promise<number[]>;
    readonly __playShown: Shown;
  }
}

/** Puts the probe on `window` for the e2e suite. */
export function installProbe(): void {
  window.__playPerf = perf;
  window.__playPerfSummary = () => ({
    runFrames: stats(perf.runFrames),
    dragFrames: stats(perf.dragFrames),
    draws: stats(perf.draws),
    inputLag: stats(perf.inputLag),
    checks: stats(perf.checks),
    runs: stats(perf.runs),
  });
  window.__playPerfReset = () => {
    for (const a of Object.values(perf)) a.length = 0;
  };
  // Bare requestAnimationFrame intervals over `frames` frames, drawing nothing: the display's own pace.
  window.__playRafProbe = (frames: number) =>
    new Promise<number[]>((resolve) => {
      const out: number[] = [];
      let last = -1;
      const tick = (now: number) => {
        if (last >= 0) out.push(now - last);
        last = now;
        if (out.length >= frames) resolve(out);
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  Object.defineProperty(window, "__playShown", { get: () => shown, configurable: true });
}
