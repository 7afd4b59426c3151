/**
 * The rules view's pure model: fields grouped by section, how a field's value
 * reads and how what was typed becomes the JSON value the engine validates, the
 * top bar's words for the rules in force, and the before/after facts of one seed.
 * Nothing here knows a bound: every unit, default and range comes from the
 * engine's table (`rules_fields`).
 */
import type { RuleFieldInfo } from "../bindings/RuleFieldInfo";
import type { RulesInfo } from "../bindings/RulesInfo";
import type { SeedOutcome } from "../bindings/SeedOutcome";

export type { RuleFieldInfo };

/** Fields by section, in the table's order. */
export function sections(fields: readonly RuleFieldInfo[]): { section: string; fields: RuleFieldInfo[] }[] {
  const out: { section: string; fields: RuleFieldInfo[] }[] = [];
  for (const f of fields) {
    const last = out[out.length - 1];
    if (last && last.section === f.section) last.fields.push(f);
    else out.push({ section: f.section, fields: [f] });
  }
  return out;
}

/** The field's name within its section (`gravity` for `physics.gravity`). */
export const fieldName = (f: RuleFieldInfo): string => f.path.slice(f.section.length + 1);

/** A JSON value as a person reads it: `200`, `10 – 90`, `15, 29, 43`. */
export function valueWords(json: string): string {
  const v: unknown = JSON.parse(json);
  if (Array.isArray(v)) return v.map(String).join(", ");
  if (typeof v === "object" && v !== null && "min" in v && "max" in v) {
    const r = v as { min: unknown; max: unknown };
    return `${String(r.min)} – ${String(r.max)}`;
  }
  return String(v);
}

/** Between the parts of a field's line. */
const SEP = " · ";

/**
 * The line under a field: its default, what the engine allows and, when
 * invariants between fields also bound it, a word for that (the note itself is
 * the line's tooltip). Built here as one text, not in the markup, where Svelte
 * drops the space at the start of a tag ("0.1 to 20· and a limit").
 */
export function boundsWords(f: Pick<RuleFieldInfo, "default" | "allowed" | "note">): string {
  const parts = [`default ${valueWords(f.default)}`, f.allowed];
  if (f.note) parts.push("and a limit between fields");
  return parts.join(SEP);
}

/** What follows a changed field's line: the value of the rules in force (JSON text), after the separator. */
export const inForceWords = (json: string): string => `${SEP}in force: ${valueWords(json)}`;

/** The value at `path` of a rules value (as JSON text), or null. */
export function valueAt(rules: unknown, path: string): string | null {
  let v: unknown = rules;
  for (const k of path.split(".")) {
    if (typeof v !== "object" || v === null || !(k in v)) return null;
    v = (v as Record<string, unknown>)[k];
  }
  return JSON.stringify(v);
}

/** The inputs a field is edited with: one for a number or a list, `min` and `max` for a range. */
export function inputsOf(f: RuleFieldInfo): { path: string; label: string }[] {
  if (f.shape === "range" || f.shape === "count_range") {
    return [
      { path: `${f.path}.min`, label: "min" },
      { path: `${f.path}.max`, label: "max" },
    ];
  }
  return [{ path: f.path, label: "" }];
}

/** What an input shows for the value at its path (a list as `15, 29, 43`). */
export function inputText(rules: unknown, path: string): string {
  const json = valueAt(rules, path);
  return json === null ? "" : valueWords(json);
}

/**
 * The JSON value the engine is sent for what was typed in an input of `f`:
 * a list's comma-separated values become a JSON array; anything else is sent as
 * typed (the engine says what is wrong with it). Null when the text is empty.
 */
export function typedValue(f: RuleFieldInfo, path: string, text: string): string | null {
  const t = text.trim();
  if (t === "") return null;
  if (f.shape === "list" && path === f.path) {
    const parts = t.replace(/^\[|\]$/g, "").split(",").map((s) => s.trim());
    return `[${parts.join(", ")}]`;
  }
  return t;
}

/** The top bar's words for the rules in force: `v1`, or `custom · ID`. */
export function rulesBadge(info: Pick<RulesInfo, "is_default" | "rules_id" | "rules_name">): string {
  return info.is_default ? info.rules_name : `custom · ${info.rules_id}`;
}

/** A shipped level in words: `attempt 2 of 3`, with fallback or all-preSolved. */
export function shippedWords(o: SeedOutcome): string {
  const base = `attempt ${o.shipped_attempt} of ${o.attempts.length}`;
  if (o.fallback) return `${base} · fallback`;
  if (o.all_pre_solved) return `${base} · all preSolved`;
  return base;
}

/** A verdict in the inspector's words. */
export function verdictWords(v: SeedOutcome["attempts"][number]["verdict"]): string {
  return v === "accepted" ? "accepted" : v === "pre_solved" ? "preSolved" : "no one-ramp solution";
}

/** Calls `run` once `ms` after the last `schedule()`; `cancel()` drops a pending call. */
export function debounce(run: () => void, ms: number): { schedule(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule() {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        run();
      }, ms);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
