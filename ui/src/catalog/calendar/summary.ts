/**
 * A month of daily levels in a few numbers: the days that shipped a fallback,
 * the nearly trivial days (many sweep placements solve them, the engine's
 * `nearly_trivial`) and the days a single sweep placement solves (the hardest
 * to find). Plain functions over the engine's daily entries (ui/test/stats.test.ts).
 */
import type { DailyEntry } from "../../bindings/DailyEntry";

/** What a day is flagged for. */
export type DayFlag = "fallback" | "trivial" | "single";

/** The flags of a day, in the order the cell shows them. */
export function dayFlags(e: DailyEntry): DayFlag[] {
  const out: DayFlag[] = [];
  if (e.fallback) out.push("fallback");
  if (e.nearly_trivial) out.push("trivial");
  if (e.summary.solving === 1) out.push("single");
  return out;
}

export interface MonthSummary {
  days: number;
  /** The dates (`YYYY-MM-DD`) of each kind of day, in order. */
  fallback: string[];
  trivial: string[];
  single: string[];
}

export function monthSummary(entries: readonly DailyEntry[]): MonthSummary {
  const s: MonthSummary = { days: entries.length, fallback: [], trivial: [], single: [] };
  for (const e of entries) for (const f of dayFlags(e)) s[f].push(e.date);
  return s;
}

/** "3, 14 and 27" (the days of the month of some dates), "none" when there are none. */
export function dayList(dates: readonly string[]): string {
  const days = dates.map((d) => String(Number(d.slice(8))));
  if (days.length === 0) return "none";
  if (days.length === 1) return days[0]!;
  return `${days.slice(0, -1).join(", ")} and ${days[days.length - 1]}`;
}
