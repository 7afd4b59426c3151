/** Pure inspector logic (no DOM, no state): seed navigation, verdict wording, counts, filters, the words of the panels. */
import type { Attempt } from "../bindings/Attempt";
import type { GenerationReport } from "../bindings/GenerationReport";
import type { ParsedSeed } from "../bindings/ParsedSeed";
import type { PlacementError } from "../bindings/PlacementError";
import type { SimResult } from "../bindings/SimResult";
import type { SweepEntry } from "../bindings/SweepEntry";
import type { SweepResult } from "../bindings/SweepResult";
import { resultLabel } from "../draw/colors";
import { placementsWords, sweepTotal } from "../lib/figures";
import { placementName } from "../lib/placement";

export const U32_LIMIT = 0x1_0000_0000;

/** The next seed, wrapping from 4294967295 to 0. */
export function nextSeed(seed: number): number {
  return (seed + 1) % U32_LIMIT;
}

/** The previous seed, wrapping from 0 to 4294967295. */
export function prevSeed(seed: number): number {
  return (seed + U32_LIMIT - 1) % U32_LIMIT;
}

/** A uniformly random 32-bit seed from `rand` (a function filling a Uint32Array). */
export function randomSeed(fill: (a: Uint32Array) => void): number {
  const a = new Uint32Array(1);
  fill(a);
  return a[0]!;
}

export function hex(seed: number): string {
  return `0x${seed.toString(16).toUpperCase().padStart(8, "0")}`;
}

/** How a seed was given, in words ("decimal", "hex", "daily 2026-11-30"). */
export function sourceWords(p: ParsedSeed): string {
  switch (p.source.kind) {
    case "decimal":
      return "decimal";
    case "hex":
      return "hex";
    case "daily":
      return `daily seed of ${p.source.date}`;
    case "share_code":
      return `share code ${p.source.code} (rules v${p.source.rules_version})`;
  }
}

/** The "All trajectories" toggle's title for a sweep of `n` placements (null: unknown). */
export function allTrajectoriesTitle(n: number | null): string {
  return n === null ? "Draw every placement's trajectory (A)" : `Draw all ${n} trajector${n === 1 ? "y" : "ies"} (A)`;
}

export type Counts = Record<SweepResult, number>;

export function emptyCounts(): Counts {
  return { goal: 0, out: 0, rest: 0, timeout: 0, blocked: 0 };
}

/** How many placements ended each way. */
export function countResults(entries: readonly SweepEntry[]): Counts {
  const c = emptyCounts();
  for (const e of entries) c[e.result] += 1;
  return c;
}

/** One character per placement, in sweep order (g, o, r, t, b): a compact fingerprint. */
export function resultCodes(entries: readonly SweepEntry[]): string {
  return entries.map((e) => e.result[0]).join("");
}

export type VerdictTone = "accepted" | "rejected" | "fallback" | "presolved";

export interface VerdictWords {
  /** Short badge text. */
  badge: string;
  /** The decision in plain words. */
  words: string;
  tone: VerdictTone;
  shipped: boolean;
}

/** The verdict of `attempt` in plain words, in the context of its report. */
export function verdictWords(report: GenerationReport, attempt: Attempt): VerdictWords {
  const shipped = report.shipped.attempt === attempt.index;
  const max = report.attempts.length;
  switch (attempt.verdict) {
    case "pre_solved":
      if (shipped && report.shipped.all_pre_solved) {
        return {
          badge: "shipped as is",
          words: `The bare ball falls into the goal — but all ${max} candidates did, so this one shipped anyway.`,
          tone: "presolved",
          shipped,
        };
      }
      return {
        badge: "preSolved",
        words: "Rejected: the bare ball falls into the goal with no parts placed.",
        tone: "presolved",
        shipped,
      };
    case "no_single_ramp_solution": {
      if (shipped) {
        return {
          badge: "fallback shipped",
          words: `No one-ramp solution — shipped as the fallback after ${max} attempts without a clean one.`,
          tone: "fallback",
          shipped,
        };
      }
      // The game swept a candidate it rejected for want of a solution to the end: every placement is listed.
      const n = attempt.sweep ? sweepTotal(attempt.sweep, null) : null;
      const none = `Rejected: none of the ${n === null ? "sweep's" : n} ramp placement${n === 1 ? "" : "s"} reaches the goal.`;
      return {
        badge: attempt.fallback_candidate ? "no ramp · fallback" : "no one-ramp solution",
        words: attempt.fallback_candidate ? `${none} Kept as the fallback (first non-trivial candidate).` : none,
        tone: "rejected",
        shipped,
      };
    }
    case "accepted":
      return {
        badge: "accepted",
        words: "Accepted: a single ramp carries the ball to the goal. Shipped.",
        tone: "accepted",
        shipped,
      };
  }
}

export const outcomeWords: Record<string, string> = {
  goal: "reaches the goal",
  out: "leaves the field",
  rest: "comes to rest",
  timeout: "runs out of time",
};

/** Which placements the visualizer shows. */
export interface Filter {
  tilts: boolean[];
  results: Record<SweepResult, boolean>;
}

export function allVisible(tiltCount: number): Filter {
  return {
    tilts: Array.from({ length: tiltCount }, () => true),
    results: { goal: true, out: true, rest: true, timeout: true, blocked: true },
  };
}

/** Whether sweep entry `e` (tilt `tilt`) passes the filter. */
export function passes(filter: Filter, tilt: number, result: SweepResult): boolean {
  return (filter.tilts[tilt] ?? false) && filter.results[result];
}

/** A seed viewed this session; the newest is first, each seed once. */
export interface HistoryItem {
  seed: number;
  label: string;
  summary: string;
}

export function pushHistory(history: readonly HistoryItem[], item: HistoryItem, max = 50): HistoryItem[] {
  return [item, ...history.filter((h) => h.seed !== item.seed)].slice(0, max);
}

/** Formats a distance in field units. */
export function fmt(n: number | null | undefined, digits = 1): string {
  return n === null || n === undefined ? "—" : n.toFixed(digits);
}

/** What the sweep visualizer shows: the field, one small multiple per tilt, or the heat map. */
export type StageView = "field" | "multiples" | "heat";

/** The ledger's headline: "3 attempts · 2 rejected". */
export function ledgerSummary(report: GenerationReport): string {
  const n = report.attempts.length;
  const rejected = report.attempts.filter((a) => a.verdict !== "accepted").length;
  return `${n} attempt${n === 1 ? "" : "s"} · ${rejected} rejected`;
}

/** The tally at the top of the ledger: how the attempts were judged and what shipped (the shipped card below it says it in words). */
export interface LedgerTally {
  attempts: number;
  preSolved: number;
  /** Attempts with no one-ramp solution (the fallback candidate among them). */
  noSolution: number;
  accepted: number;
  /** The 1-based attempt that shipped. */
  shipped: number;
  /** How it shipped: accepted, as the fallback, or as is (every candidate preSolved). */
  shippedAs: "accepted" | "fallback" | "as is";
}

export function ledgerTally(report: GenerationReport): LedgerTally {
  const count = (v: Attempt["verdict"]) => report.attempts.filter((a) => a.verdict === v).length;
  const s = report.shipped;
  return {
    attempts: report.attempts.length,
    preSolved: count("pre_solved"),
    noSolution: count("no_single_ramp_solution"),
    accepted: count("accepted"),
    shipped: s.attempt,
    shippedAs: s.fallback ? "fallback" : s.all_pre_solved ? "as is" : "accepted",
  };
}

/** The tally's cells, in order: a number and what it counts. */
export function tallyCells(t: LedgerTally): { key: string; value: number; label: string }[] {
  return [
    { key: "attempts", value: t.attempts, label: t.attempts === 1 ? "attempt" : "attempts" },
    { key: "presolved", value: t.preSolved, label: "preSolved" },
    { key: "nosolution", value: t.noSolution, label: "no solution" },
    { key: "accepted", value: t.accepted, label: "accepted" },
  ];
}

/** A ledger card's line about the bare ball. */
export function bareLine(a: Attempt): string {
  return `bare: ${outcomeWords[a.bare.outcome] ?? a.bare.outcome} · ${a.bare.steps} steps · closest ${fmt(a.bare.closest)}`;
}

/** A ledger card's line about the sweep; `size` is the sweep's under the rules it was made with (null: unknown). */
export function sweepLine(a: Attempt, size: number | null): string {
  if (!a.sweep) return "sweep: never run";
  const c = countResults(a.sweep.placements);
  const info = a.verdict === "pre_solved" ? " (not run by the game)" : "";
  const total = sweepTotal(a.sweep, size);
  const goal = total === null ? `${a.sweep.solving} goal` : `${a.sweep.solving}/${total} goal`;
  return `sweep${info}: ${goal} · ${c.out} out · ${c.rest} rest · ${c.timeout} timeout · ${c.blocked} blocked`;
}

/** Where the game's sweep stopped, in words (under the sweep counts). */
export function stopWords(a: Attempt): string {
  if (!a.sweep) return "Never swept: a preSolved candidate is rejected before the ramp sweep runs.";
  const stop = a.sweep.game_stop;
  if (a.verdict === "pre_solved") {
    const first = stop === null ? "" : ` The first ramp to reach the goal is ${placementName(stop)}.`;
    return `The game never sweeps a preSolved candidate; the inspector did, for information.${first}`;
  }
  return stop === null
    ? `No placement reaches the goal: the game's sweep ran all ${placementsWords(sweepTotal(a.sweep, null))}.`
    : `The game stopped at ${placementName(stop)}.`;
}

/** Why a ramp could not be placed, after "the ramp …". */
export function blockedWords(e: PlacementError): string {
  switch (e.kind) {
    case "overlaps_wall":
      return `overlaps wall ${e.wall}`;
    case "overlaps_goal":
      return "overlaps the goal";
    case "overlaps_ball":
      return "overlaps the ball's start";
    case "outside_field":
      return "sticks out of the field";
    case "overlaps_part":
      return `overlaps part ${e.other}`;
    case "not_finite":
      return "is not finite";
    case "missing_spin":
      return "has no spin";
    case "unexpected_spin":
      return "has a spin";
    case "not_in_inventory":
      return "is not in the inventory";
  }
}

/** The tooltip's title: "placement 49 · (43, 84) · tilt -0.45". */
export function placementTitle(e: SweepEntry): string {
  return `${placementName(e.index)} · (${e.x}, ${e.y}) · tilt ${e.angle}`;
}

/**
 * Whether placement `e` ran exactly as the bare ball: the same result, number
 * of steps and closest approach. A ramp the ball never touches changes nothing,
 * so this holds for every such ramp; a touched ramp almost always changes one of
 * the three (a run that times out with its closest approach before the contact
 * could keep all three: a sweep entry records no contact to tell).
 */
export function ranAsBare(e: SweepEntry, bare: SimResult): boolean {
  return e.result === bare.outcome && e.steps === bare.steps && e.closest === bare.closest;
}

/** The tooltip's note for a placement that ran as the bare ball (null for any other). */
export function bareRunWords(e: SweepEntry, bare: SimResult): string | null {
  if (!ranAsBare(e, bare)) return null;
  return `The ball most likely never touched this ramp: it ran exactly as the bare ball (${e.steps} steps), so ${fmt(e.closest, 2)} is the bare ball's own closest approach.`;
}

/** One placement's result in a line (the tooltip's last line). */
export function placementSummary(e: SweepEntry): string {
  if (e.result === "blocked") return `blocked: the ramp ${e.blocked ? blockedWords(e.blocked) : "is not allowed"}`;
  return `${e.steps} steps · closest ${fmt(e.closest, 2)}`;
}

/** A tilt as the filter chips write it: "+0.45", "-0.8". */
export function tiltLabel(angle: number): string {
  return `${angle > 0 ? "+" : ""}${angle}`;
}

/** The placement details card's rows. */
export function placementRows(e: SweepEntry): { key: string; value: string; mono: boolean }[] {
  const rows = [
    { key: "name", value: placementName(e.index), mono: true },
    { key: "position", value: `(${e.x}, ${e.y})`, mono: true },
    { key: "tilt", value: `${e.angle} rad`, mono: true },
    { key: "result", value: resultLabel[e.result], mono: false },
    { key: "steps", value: String(e.steps), mono: true },
    { key: "closest", value: e.closest === null ? "—" : `${e.closest.toFixed(2)} units`, mono: true },
  ];
  if (e.blocked) rows.push({ key: "why", value: `the ramp ${blockedWords(e.blocked)}`, mono: false });
  return rows;
}

/** The attempt details card's rows. */
export function attemptRows(a: Attempt): { key: string; value: string; mono: boolean }[] {
  const inv = a.world.inventory;
  return [
    { key: "bare ball", value: outcomeWords[a.bare.outcome] ?? a.bare.outcome, mono: false },
    { key: "steps", value: String(a.bare.steps), mono: true },
    { key: "closest", value: `${fmt(a.bare.closest, 2)} units`, mono: true },
    { key: "ball start", value: `(${a.world.ball.x}, ${a.world.ball.y})`, mono: true },
    { key: "goal", value: `(${a.world.goal.center.x}, ${a.world.goal.center.y})`, mono: true },
    { key: "walls", value: String(a.world.walls.length), mono: true },
    { key: "inventory", value: `${inv.ramp} ramp · ${inv.fan} fan · ${inv.bumper} bumper${inv.gear ? ` · ${inv.gear} gear` : ""}`, mono: false },
    { key: "level hash", value: a.level_hash, mono: true },
  ];
}

/** The history's label of a seed: its date for a daily seed, else the number. */
export function historyLabel(p: ParsedSeed): string {
  return p.source.kind === "daily" ? p.source.date : String(p.seed);
}

/**
 * Where the tooltip goes: 14 px below and right of the pointer, kept 8 px inside
 * the stage (a `tw` × `th` tooltip on a `w` × `h` stage).
 */
export function tooltipPlace(px: number, py: number, tw: number, th: number, w: number, h: number): { left: number; top: number } {
  return { left: Math.max(0, Math.min(w - tw - 8, px + 14)), top: Math.max(0, Math.min(h - th - 8, py + 14)) };
}

/** A seed change as the timing probe records it (`window.__studioPerf.seedChanges`). */
export interface SeedTiming {
  seed: number;
  attempts: number;
  /** From Enter (the seed bar's text submitted, or a key such as `]`) to the `inspect` request: the seed parsed. */
  parseMs: number;
  /** The engine's time for `inspect`, in the shell. */
  engineMs: number;
  /** The `inspect` round trip (IPC and JSON included); for a seed asked for by number, inspected while it was parsed, the wait left once it was parsed. */
  ipcMs: number;
  /** From the answer to the redrawn window (ledger and stage in the DOM, canvases drawn). */
  renderMs: number;
  /** From the redrawn window to the frame that shows it: the next animation frame, its style, layout and paint. */
  frameMs: number;
  /** Enter to the drawn frame: everything above. */
  totalMs: number;
}

/** The Timing card's line: Enter to the drawn frame first, then its parts. */
export function timingWords(t: SeedTiming): string {
  return `seed ${t.seed} (${t.attempts} attempts): Enter to drawn frame ${t.totalMs.toFixed(0)} ms — parse ${t.parseMs.toFixed(0)} ms, inspect round trip ${t.ipcMs.toFixed(0)} ms (engine ${t.engineMs.toFixed(1)} ms), ledger + stage ${t.renderMs.toFixed(0)} ms, frame ${t.frameMs.toFixed(0)} ms`;
}
