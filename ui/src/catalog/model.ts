/** Pure logic of the catalog views (no DOM): criteria, paging, formatting, calendar layout. */
import type { Bookmark } from "../bindings/Bookmark";
import type { BookmarkCheck } from "../bindings/BookmarkCheck";
import type { CatalogInfo } from "../bindings/CatalogInfo";
import type { ScanEvent } from "../bindings/ScanEvent";
import type { ScanRecord } from "../bindings/ScanRecord";
import type { SearchEvent } from "../bindings/SearchEvent";
import type { SearchTotals } from "../bindings/SearchTotals";
import type { SeedSummary } from "../bindings/SeedSummary";
import type { SortKey } from "../bindings/SortKey";
import type { SummaryKind } from "../bindings/SummaryKind";
import { CommandFailed } from "../lib/ipc";

export const SEED_COUNT = 2 ** 32;

/**
 * The browser's columns: which catalog column each sorts by, and how a
 * row shows it. Their widths are in SeedTable.svelte's grid template, in this order.
 */
export interface ColumnDef {
  key: string;
  label: string;
  title: string;
  column: SortKey | null;
  value: (r: SeedSummary) => string;
  numeric: boolean;
}

export const shippedWords: Record<SeedSummary["shipped"], string> = {
  accepted: "accepted",
  fallback: "fallback",
  all_pre_solved: "all preSolved",
};

export const COLUMNS: readonly ColumnDef[] = [
  { key: "seed", label: "Seed", title: "the seed", column: "seed", value: (r) => String(r.seed), numeric: true },
  { key: "shipped", label: "Shipped", title: "what shipped: the accepted candidate, the fallback, or the last candidate when every one was preSolved", column: "fallback", value: (r) => shippedWords[r.shipped], numeric: false },
  { key: "attempts", label: "Attempts", title: "candidates drawn (1 up to the rules' attempts cap, generator.max_attempts)", column: "attempts", value: (r) => String(r.attempts), numeric: true },
  { key: "pre_solved", label: "PreSolved", title: "candidates rejected because the bare ball reached the goal", column: "pre_solved", value: (r) => String(r.pre_solved), numeric: true },
  { key: "solving", label: "Solving", title: "sweep placements that solve the shipped level (of the rules' xs × ys × angles)", column: "solving", value: (r) => String(r.solving), numeric: true },
  { key: "walls", label: "Walls", title: "walls in the shipped level", column: "walls", value: (r) => String(r.walls), numeric: true },
  { key: "ramps", label: "Ramps", title: "ramps in the inventory", column: "ramps", value: (r) => String(r.inventory.ramp), numeric: true },
  { key: "fans", label: "Fans", title: "fans in the inventory", column: "fans", value: (r) => String(r.inventory.fan), numeric: true },
  { key: "bumpers", label: "Bumpers", title: "bumpers in the inventory", column: "bumpers", value: (r) => String(r.inventory.bumper), numeric: true },
  { key: "hash", label: "Level hash", title: "first 16 hex digits of the SHA-256 of the level's canonical JSON", column: null, value: (r) => r.level_hash, numeric: false },
  { key: "rules", label: "Rules", title: "rules version the row was scanned with", column: "rules_version", value: (r) => String(r.rules_version), numeric: true },
];

/**
 * Presets a designer asks for most: criteria texts in the engine's language
 * (the same as `contraption search EXPR`), combined with the box's by `and`.
 */
export const PRESETS: readonly { label: string; criteria: string }[] = [
  { label: "fallback shipped", criteria: "fallback" },
  { label: "hard (solving = 1)", criteria: "solving = 1" },
  { label: "solving ≤ 3", criteria: "solving <= 3" },
  { label: "nearly trivial", criteria: "nearly_trivial" },
  { label: "attempts ≥ 10", criteria: "attempts >= 10" },
  { label: "attempts ≥ 3", criteria: "attempts >= 3" },
  { label: "walls 3..5, no fallback", criteria: "walls in 3..5 and not fallback" },
];

/** Criteria `a` and `b` (either may be empty: every seed); each keeps its own grouping. */
export function andCriteria(a: string, b: string): string {
  const x = a.trim();
  const y = b.trim();
  if (!x) return y;
  if (!y) return x;
  return `(${x}) and (${y})`;
}

/** Why criteria text was refused: the engine's message and the character (from 0) it is about. */
export interface CriteriaProblem {
  text: string;
  at: number;
  message: string;
}

/** The refusal of criteria text, when `e` is one (the catalog's `criteria` error), else null. */
export function criteriaProblem(text: string, e: unknown): CriteriaProblem | null {
  if (!(e instanceof CommandFailed)) return null;
  const err = e.error;
  return err.kind === "criteria" ? { text, at: err.at, message: err.message } : null;
}

/** The refused text split around the character the message is about (past the end: an empty mark). */
export function problemParts(p: CriteriaProblem): { before: string; mark: string; after: string } {
  const chars = [...p.text];
  const at = Math.max(0, Math.min(p.at, chars.length));
  return { before: chars.slice(0, at).join(""), mark: chars[at] ?? "", after: chars.slice(at + 1).join("") };
}

/** Rows [first, last) to render for a virtualised list, with `overscan` extra rows each side. */
export function visibleRange(scrollTop: number, viewport: number, rowHeight: number, total: number, overscan = 6): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(total, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return [first, Math.max(first, last)];
}

/** Page indexes (of `pageSize` rows) that cover rows [first, last). */
export function pagesFor(first: number, last: number, pageSize: number): number[] {
  if (last <= first) return [];
  const out: number[] = [];
  for (let p = Math.floor(first / pageSize); p <= Math.floor((last - 1) / pageSize); p++) out.push(p);
  return out;
}

/** seed − n … seed + n, wrapping around the u32 range like the seed bar's Prev/Next. */
export function neighbours(seed: number, n: number): number[] {
  const out: number[] = [];
  for (let d = -n; d <= n; d++) out.push((((seed + d) % SEED_COUNT) + SEED_COUNT) % SEED_COUNT);
  return out;
}

/** "a, b  c" → ["a", "b", "c"]: commas or spaces separate tags, duplicates dropped. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  for (const t of text.split(/[,\s]+/)) if (t) seen.add(t);
  return [...seen];
}

/** "1 234 seeds/s". */
export function rateWords(seedsPerSecond: number): string {
  return `${Math.round(seedsPerSecond).toLocaleString("en-US")} seeds/s`;
}

/** "12 s left", "3 min 05 s left", "—". */
export function etaWords(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "estimating…";
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s left`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s left`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min left`;
}

/** Parses a scan range "FROM..TO" (TO excluded) or two numbers; null when invalid. */
export function parseRange(fromText: string, toText: string): { from: number; to: number } | null {
  const num = (t: string): number | null => {
    const s = t.trim().replace(/[_\s,]/g, "");
    if (/^0x[0-9a-f]+$/i.test(s)) return parseInt(s, 16);
    return /^\d+$/.test(s) ? Number(s) : null;
  };
  const from = num(fromText);
  const to = num(toText);
  if (from === null || to === null || from >= to || to > SEED_COUNT) return null;
  return { from, to };
}

/** Calendar cells: `first_weekday` leading blanks (Monday first), then the days, padded to whole weeks. */
export function calendarCells<T>(firstWeekday: number, days: readonly T[]): (T | null)[] {
  const cells: (T | null)[] = Array.from({ length: firstWeekday }, () => null);
  cells.push(...days);
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/** The month before / after. */
export function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const i = year * 12 + (month - 1) + by;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

export const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

/** The daily date as a person types it into the seed bar: "2026-7-28". */
export function dateForSeedBar(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${y}-${Number(m)}-${Number(d)}`;
}

/** Share of `part` in `whole` as "12.3%". */
export function percent(part: number, whole: number, digits = 1): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(digits)}%` : "—";
}

const count = (n: number): string => n.toLocaleString("en-US");

/** The scan's progress line for one event. */
export function scanWords(e: ScanEvent): string {
  switch (e.event) {
    case "started":
      return `${e.resumed ? "resuming" : "scanning"} ${e.from}..${e.to}: ${count(e.done)} of ${count(e.total)} stored`;
    case "progress":
      return `${count(e.done)} / ${count(e.total)} · ${rateWords(e.seeds_per_second)} · ${etaWords(e.eta_seconds)}`;
    case "finished":
      return `done: ${count(e.total)} seeds · ${rateWords(e.seeds_per_second)} · ${(e.elapsed_ms / 1000).toFixed(1)} s`;
    case "cancelled":
      return `paused at ${count(e.done)} of ${count(e.total)}: everything stored so far is kept; Resume continues from there`;
  }
}

/** The search's progress line for one event. */
export function searchWords(e: SearchEvent): string {
  switch (e.event) {
    case "started": {
      const s = e.search;
      const done = s.next - s.from;
      return `${e.resumed ? "resuming" : "searching"} ${s.from}..${s.to} for ${s.criteria || "every seed"}: ${count(done)} of ${count(s.to - s.from)} searched, ${count(s.matches)} matches`;
    }
    case "progress":
      return `${count(e.done)} / ${count(e.total)} · ${count(e.matches)} matches · ${rateWords(e.seeds_per_second)} · ${etaWords(e.eta_seconds)}`;
    case "finished":
      return `done: ${count(e.search.to - e.search.from)} seeds, ${count(e.search.matches)} matches · ${rateWords(e.seeds_per_second)} · ${(e.elapsed_ms / 1000).toFixed(1)} s`;
    case "cancelled":
      return `paused at ${count(e.search.next - e.search.from)} of ${count(e.search.to - e.search.from)} (${count(e.search.matches)} matches kept): Search again with the same criteria and range to continue`;
  }
}

/** The whole range's totals of a search, as `contraption search` summarises them: label, value, one per field. */
export function searchTotalsItems(t: SearchTotals): { key: string; label: string; value: string }[] {
  const hist = (h: readonly (readonly [number, number])[]) => h.map(([k, n]) => `${k}: ${count(n)}`).join(", ") || "—";
  return [
    { key: "seeds", label: "seeds", value: count(t.seeds) },
    { key: "accepted", label: "accepted", value: count(t.accepted) },
    { key: "fallback", label: "fallback", value: `${count(t.fallback)} (${percent(t.fallback, t.seeds, 2)})` },
    { key: "all_pre_solved", label: "all preSolved", value: count(t.all_pre_solved) },
    { key: "pre_solved_rejections", label: "preSolved rejections", value: count(t.pre_solved_rejections) },
    { key: "no_single_ramp_rejections", label: "no single-ramp rejections", value: count(t.no_single_ramp_rejections) },
    { key: "mean_attempts", label: "mean attempts", value: t.mean_attempts.toFixed(3) },
    { key: "attempts_histogram", label: "seeds per attempts", value: hist(t.attempts_histogram) },
    { key: "solving_histogram", label: "seeds per solving placements", value: hist(t.solving_histogram) },
    { key: "all_pre_solved_seeds", label: "all-preSolved seeds", value: t.all_pre_solved_seeds.join(", ") || "none" },
  ];
}

// A fast search's decided counts (searchDecidedItems) and a search's kind in words.
export * from "./decided";

/** The four states of a catalog job (a scan or a search), from the catalog's own record. */
export type JobStatus = "running" | "paused" | "interrupted" | "done";

/**
 * A job's status from its stored state and whether a runner holds it now:
 * stored `running` and held is running; `running` and not held was
 * interrupted (its runner was killed); `cancelled` is paused (Resume continues).
 */
export function jobStatus(state: ScanRecord["state"], held: boolean): JobStatus {
  if (state === "done") return "done";
  if (state === "cancelled") return "paused";
  return held ? "running" : "interrupted";
}

/** The one set of words for a job's status and how far it got ("running · 82%", "paused at 40%", "done"). */
export function jobWords(status: JobStatus, done: number, total: number): string {
  const share = percent(done, total, 0);
  switch (status) {
    case "done":
      return "done";
    case "running":
      return `running · ${share}`;
    case "paused":
      return `paused at ${share}`;
    case "interrupted":
      return `interrupted at ${share}`;
  }
}

/** The name of rules `id`: `v1` for the default rules (`defaultId`), else the id. */
export function rulesNameOf(id: string, defaultId: string | null): string {
  return id === defaultId ? "v1" : id;
}

/** The rules a list is shown under: the rules in force's id and the default rules' id (null until known). */
export interface ListRules {
  inForce: string | null;
  defaultId: string | null;
}

/** One line of the scan list: the range, its rules, how far it got, and whether it can be resumed. */
export interface ScanItem {
  /** What identifies the item: the scan's id (one range may be scanned under several rule sets). */
  id: number;
  from: number;
  to: number;
  rulesId: string;
  /** `v1` or the rules id. */
  rules: string;
  /** Made under the rules in force (a scan from the Seeds view continues only those). */
  underInForce: boolean;
  status: JobStatus;
  words: string;
  resumable: boolean;
}

/** The newest `n` scans of the catalog as the scan list shows them; `liveScan` is the scan this window runs, if any. */
export function scanItems(info: CatalogInfo, rules: ListRules, liveScan: number | null = null, n = 6): ScanItem[] {
  return info.scans.slice(0, n).map((s) => {
    const { from, to } = s;
    const status = s.id === liveScan ? "running" : jobStatus(s.state, info.held_scans.includes(s.id));
    const underInForce = rules.inForce !== null && s.rules_id === rules.inForce;
    return {
      id: s.id,
      from,
      to,
      rulesId: s.rules_id,
      rules: rulesNameOf(s.rules_id, rules.defaultId),
      underInForce,
      status,
      words: jobWords(status, s.next - from, to - from),
      resumable: (status === "paused" || status === "interrupted") && underInForce && s.rules_version === info.rules_version,
    };
  });
}

/** A past search as the Seeds view lists it. */
export interface SearchItem {
  id: number;
  criteria: string;
  from: number;
  to: number;
  /** The matches: the running search's live count while this window runs it, else the catalog's. */
  matches: number;
  status: JobStatus;
  /** "done", or how far it got ("running · 42%", "paused at 42%", "interrupted at 7%"). */
  words: string;
  /** Whether starting it again continues it: unfinished, and made under the rules in force. */
  resumable: boolean;
  /** `v1` or the rules id of the rules it was made under. */
  rules: string;
  /** Made under other rules than those in force (their id), else null. */
  otherRules: string | null;
  /** Fast, or with the whole range's totals: Resume continues it as the same kind. */
  summary: SummaryKind;
}

/** The search this window runs now: its id, and how far it got (the one live count of its matches). */
export interface LiveSearch {
  id: number;
  done: number;
  matches: number;
}

/** The catalog's searches, newest first (at most `n`), under `rules` (ids null: unknown yet). */
export function searchItems(info: CatalogInfo, rules: ListRules, live: LiveSearch | null = null, n = 6): SearchItem[] {
  return info.searches.slice(0, n).map((s) => {
    const isLive = live !== null && live.id === s.id;
    // This window runs it: running, whatever the catalog's info (asked before it resumed) says.
    const status = isLive ? "running" : jobStatus(s.state, false);
    const done = isLive ? live.done : s.next - s.from;
    const other = rules.inForce !== null && s.rules_id !== rules.inForce ? s.rules_id : null;
    return {
      id: s.id,
      criteria: s.criteria,
      from: s.from,
      to: s.to,
      matches: isLive ? live.matches : s.matches,
      status,
      words: jobWords(status, done, s.to - s.from),
      resumable: (status === "paused" || status === "interrupted") && rules.inForce !== null && other === null,
      rules: rulesNameOf(s.rules_id, rules.defaultId),
      otherRules: other,
      summary: s.summary,
    };
  });
}

/** "all scanned", or the criteria (canonical text): what a set of statistics is of. */
export function criteriaWords(criteria: string): string {
  return criteria ? criteria : "all scanned";
}

/** Words for a bookmark's hash, rules version and dates, one part each (shown joined by " · "). */
export function bookmarkMeta(b: Bookmark, defaultId: string | null = null): string[] {
  const when = (t: string) => t.replace("T", " ").replace("Z", " UTC");
  const parts = [`hash ${b.level_hash}`, `rules ${rulesNameOf(b.rules_id, defaultId)} (version ${b.rules_version})`, `saved ${when(b.created_at)}`];
  if (b.updated_at !== b.created_at) parts.push(`edited ${when(b.updated_at)}`);
  return parts;
}

/** The line under the bookmarks' header after *Check bookmarks*. */
export function checkWords(checks: readonly BookmarkCheck[], ms: number): { text: string; changed: number } {
  const changed = checks.filter((c) => c.changed);
  return {
    changed: changed.length,
    text: changed.length
      ? `${changed.length} of ${checks.length} bookmarked levels changed: ${changed.map((c) => c.bookmark.seed).join(", ")}`
      : `All ${checks.length} bookmarked levels are unchanged (${ms.toFixed(0)} ms).`,
  };
}

/** The bookmark a refused `bookmark_seed` names when the seed already has one (the catalog's `already_bookmarked`), else null. */
export function alreadyBookmarked(e: unknown): { seed: number; id: number } | null {
  if (!(e instanceof CommandFailed)) return null;
  const err = e.error;
  return err.kind === "catalog" && err.error.kind === "already_bookmarked" ? err.error.detail : null;
}
