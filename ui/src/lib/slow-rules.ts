/**
 * Slow rules: rules the engine accepts whose worst case of one seed is over the
 * everyday budget (`contraption::work`). The shell refuses them (`slow_rules`,
 * with the engine's figures) until the designer confirms; this module holds
 * the words of that confirmation and of the Rules view's worst-case line, and
 * `askingIfSlow`, which repeats a refused call with the allow flag once the
 * designer said yes. Every figure comes from the refusal or the draft's cost:
 * none is written here (ui/test/figures-house.test.ts).
 */
import type { RulesCost } from "../bindings/RulesCost";
import type { SlowRules } from "../bindings/SlowRules";
import { CommandFailed } from "./ipc";

/** What slow rules were met in: a level file, a solution file, a rules file, or the draft applied. */
export type SlowWhat = "level" | "solution" | "rules_file" | "apply";

/** Asks the designer whether to use slow rules anyway (the window's dialog; a fake in tests). */
export type ConfirmSlow = (refusal: SlowRules, what: SlowWhat) => Promise<boolean>;

/** The shell's refusal of slow rules in `e`, or null when `e` is anything else. */
export function slowRefusal(e: unknown): SlowRules | null {
  if (!(e instanceof CommandFailed)) return null;
  const error = e.error;
  if (error.kind !== "slow_rules") return null;
  return { path: error.path, rules_id: error.rules_id, cost: error.cost };
}

/** What `askingIfSlow` ends with: the answer (and the refusal the designer confirmed, if any), or the refusal declined. */
export type SlowOutcome<T> = { ok: true; value: T; confirmed: SlowRules | null } | { ok: false; declined: SlowRules };

/**
 * Calls `request(null)`; when the shell refuses slow rules, asks `confirm` and,
 * on yes, calls `request(refusal)` — the same request with the allow flag.
 * Any other failure is thrown as is.
 */
export async function askingIfSlow<T>(request: (allow: SlowRules | null) => Promise<T>, confirm: ConfirmSlow, what: SlowWhat): Promise<SlowOutcome<T>> {
  let refusal: SlowRules;
  try {
    return { ok: true, value: await request(null), confirmed: null };
  } catch (e) {
    const slow = slowRefusal(e);
    if (!slow) throw e;
    refusal = slow;
  }
  if (!(await confirm(refusal, what))) return { ok: false, declined: refusal };
  return { ok: true, value: await request(refusal), confirmed: refusal };
}

const n = (x: number): string => x.toLocaleString("en");

/** Seconds as a person reads them: "about 1.4 s", "about 249 s", "about 26 min". */
export function secondsWords(s: number): string {
  if (s < 10) return `about ${s.toFixed(1)} s`;
  if (s < 600) return `about ${Math.round(s)} s`;
  return `about ${n(Math.round(s / 60))} min`;
}

/** The Rules view's short line for a draft's worst case. */
export function costLine(cost: RulesCost): string {
  const worst = `One seed: up to ${secondsWords(cost.seconds)}`;
  return cost.slow ? `${worst} · slow, over the everyday budget (${secondsWords(cost.budget_seconds)})` : `${worst} · within the everyday budget`;
}

/** Every figure of a worst case, exactly (the line's tooltip). */
export function costFigures(cost: RulesCost): string {
  const w = cost.worst_case;
  return (
    `At the very worst one seed runs ${n(w.simulations)} simulations, ${n(w.steps)} steps in all: ` +
    `${n(w.units)} units of work (${cost.seconds.toFixed(2)} s on the reference machine, one core). ` +
    `The everyday budget is ${n(w.budget)} units (${cost.budget_seconds.toFixed(2)} s).`
  );
}

/** The confirmation: its title, what it says, and its two buttons. */
export interface SlowQuestion {
  title: string;
  /** The worst case in a designer's words, with the exact figures. */
  headline: string;
  figures: string;
  /** What the file or the draft is and what using it does. */
  context: string;
  question: string;
  confirm: string;
  cancel: string;
}

/** What the confirmation says for `refusal`, met in `what`. */
export function slowQuestion(refusal: SlowRules, what: SlowWhat): SlowQuestion {
  const { cost, rules_id: id } = refusal;
  const w = cost.worst_case;
  const file = refusal.path ?? "The file";
  const context: Record<SlowWhat, string> = {
    level: `${file} embeds these rules (${id}). Importing it regenerates its seed under them, and Play opens the level under them.`,
    solution: `${file} embeds these rules (${id}). Opening it regenerates its level under them and replays it.`,
    rules_file: `${file} holds these rules (${id}). Opening it makes them the draft: the seed shown is compared under them, and Apply makes them the rules in force.`,
    apply: `Applying the draft (${id}) makes these rules the rules in force: the inspector, exports, play windows and every catalog view — scans and searches of thousands of seeds — generate under them.`,
  };
  const verb = what === "apply" ? "Apply" : "Open";
  return {
    title: "Slow rules",
    headline: `One seed can take up to ${secondsWords(cost.seconds)} under these rules (${n(w.steps)} steps at the very worst; the everyday budget is ${secondsWords(cost.budget_seconds)}).`,
    figures: `${costFigures(cost)} Most seeds finish far sooner: the worst case is a seed whose every attempt runs the whole sweep, each run to its step budget.`,
    context: context[what],
    question: `${verb} anyway?`,
    confirm: `${verb} anyway`,
    cancel: "Cancel",
  };
}

/** What is said once the designer declined. */
export function declinedWords(refusal: SlowRules, what: SlowWhat): string {
  const file = refusal.path ?? "the file";
  const id = refusal.rules_id;
  switch (what) {
    case "level":
      return `Import cancelled: ${file} embeds slow rules (${id}).`;
    case "solution":
      return `Open cancelled: ${file} embeds slow rules (${id}).`;
    case "rules_file":
      return `Not opened: ${file} holds slow rules (${id}); the draft is unchanged.`;
    case "apply":
      return `Not applied: the draft's rules (${id}) are slow; the rules in force are unchanged.`;
  }
}
