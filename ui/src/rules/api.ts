/** The rules view's commands (src-tauri/src/commands/rules.rs), typed. */
import type { RuleFieldInfo } from "../bindings/RuleFieldInfo";
import type { RulesDraft } from "../bindings/RulesDraft";
import type { SeedComparison } from "../bindings/SeedComparison";
import { call } from "../lib/ipc";

/** Every field of the rules: unit, default, what is allowed (the engine's table). */
export const rulesFields = () => call<RuleFieldInfo[]>("rules_fields");
/** The draft, the rules in force and their differences. */
export const rulesDraft = () => call<RulesDraft>("rules_draft");
/** Sets one field of the draft (`value` is JSON: `200`, `[15, 29]`); refused with the engine's message. */
export const setRulesField = (path: string, value: string) => call<RulesDraft>("set_rules_field", { path, value });
/** Makes a preset (`v1`, `gears`) the draft. */
export const loadRulesPreset = (name: string) => call<RulesDraft>("load_rules_preset", { name });
/**
 * Opens a rules file (native dialog) as the draft; null when cancelled. Slow rules
 * are refused (`slow_rules`) unless `allowSlow` is the path that refusal named:
 * that file is read again with them allowed, without a dialog.
 */
export const openRulesFile = (allowSlow: string | null) => call<RulesDraft | null>("open_rules_file", { allowSlow });
/** Saves the draft as a rules file (native dialog); the path, or null when cancelled. */
export const saveRulesFile = () => call<string | null>("save_rules_file");
/** Makes the draft the rules in force; a slow draft is refused (`slow_rules`) unless `allowSlow`. */
export const applyRulesDraft = (allowSlow: boolean) => call<RulesDraft>("apply_rules_draft", { allowSlow });
/** The default rules in force again (the draft is kept). */
export const resetRules = () => call<RulesDraft>("reset_rules");
/** `seed` under the rules in force and under the draft; under a slow draft refused (`slow_rules`) unless `allowSlow`. */
export const compareDraft = (seed: number, allowSlow: boolean) => call<SeedComparison>("compare_draft", { seed, allowSlow });
