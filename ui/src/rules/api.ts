/**
 * The rules view's commands (src-tauri/src/commands/rules.rs), generated from
 * the command list: the fields of the rules (the engine's table), the draft and
 * its edits (refused with the engine's message), presets (`v1`, `gears`), rules
 * files through native dialogs (null when cancelled), apply and back to the
 * default rules, and a seed under the rules in force and the draft. Slow rules
 * are refused (`slow_rules`) unless `allowSlow` (for a file: the path that
 * refusal named, read again without a dialog).
 */
export {
  applyRulesDraft,
  draftVsInForce,
  loadRulesPreset,
  openRulesFile,
  resetRules,
  rulesDraft,
  rulesFields,
  saveRulesFile,
  setRulesField,
} from "../bindings/commands";
