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
/** Opens a rules file (native dialog) as the draft; null when cancelled. */
export const openRulesFile = () => call<RulesDraft | null>("open_rules_file");
/** Saves the draft as a rules file (native dialog); the path, or null when cancelled. */
export const saveRulesFile = () => call<string | null>("save_rules_file");
/** Makes the draft the rules in force. */
export const applyRulesDraft = () => call<RulesDraft>("apply_rules_draft");
/** The default rules in force again (the draft is kept). */
export const resetRules = () => call<RulesDraft>("reset_rules");
/** `seed` under the rules in force and under the draft. */
export const compareDraft = (seed: number) => call<SeedComparison>("compare_draft", { seed });
