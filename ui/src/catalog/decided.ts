/**
 * What a fast search counted (the seeds decided at each stage, as
 * `contraption search`'s fast summary counts them) as the search bar shows
 * it, and a search's kind in words. Re-exported by model.ts.
 */
import type { Decided } from "../bindings/Decided";
import type { SummaryKind } from "../bindings/SummaryKind";

const count = (n: number): string => n.toLocaleString("en-US");
const percent = (part: number, whole: number): string => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : "—");

/** The stages a fast search decides a seed at, in the order it tries them. */
export type DecidedStage = keyof Decided;

/** One stage of a fast search's decided counts, as the search bar shows it. */
export interface DecidedItem {
  key: DecidedStage;
  label: string;
  /** Seeds decided there. */
  count: number;
  /** Its share of the seeds searched, 0..1 (0 when none were). */
  share: number;
  /** The count, grouped ("1,234"). */
  value: string;
  /** Its share and what the stage means, for the hover title. */
  title: string;
}

const STAGES: { key: DecidedStage; label: string; means: string }[] = [
  { key: "layout", label: "layout — no physics", means: "decided from the candidates' layouts alone, no step simulated" },
  { key: "generator", label: "generator loop", means: "decided in the generator's loop (or once the shipped candidate was known)" },
  { key: "sweep", label: "partway through the sweep", means: "decided partway through the shipped level's sweep" },
  { key: "full", label: "full row", means: "decided with the whole row (every match, and failures known only at the end)" },
];

/**
 * A fast search's seeds decided at each stage (as `contraption search`'s fast
 * summary counts them), one item per stage in the order the search tries
 * them, each with its share of the seeds searched (the four add up to them).
 */
export function searchDecidedItems(d: Decided): DecidedItem[] {
  const seeds = d.layout + d.generator + d.sweep + d.full;
  return STAGES.map(({ key, label, means }) => {
    const n = d[key];
    return {
      key,
      label,
      count: n,
      share: seeds > 0 ? n / seeds : 0,
      value: count(n),
      title: `${percent(n, seeds)} of ${count(seeds)} seeds searched: ${means}`,
    };
  });
}

/** What a search adds up over its range, in a few words (the search list's tag). */
export function summaryWords(kind: SummaryKind): string {
  return kind === "full" ? "whole-range totals" : "fast";
}
