/**
 * The Tune view's commands (studio-core's tune module, through
 * src-tauri/src/commands/tune.rs), generated from the command list:
 * `checkTargets` reads targets text under the rules in force (refused:
 * `bad_targets` with the place), `tuneFields` lists the numbers a tune may
 * vary, `startTune` and `startWhatRulesDo` run as jobs streaming events
 * (cancel with `cancelJob`), `tunedToDraft` makes a tuned rule set the draft,
 * `saveTunedRules` saves one as a rules file, `exportWhatRulesDo` saves a chart
 * as PNG or CSV.
 */
export { checkTargets, exportWhatRulesDo, saveTunedRules, startTune, startWhatRulesDo, tunedToDraft, tuneFields } from "../bindings/commands";

export { cancelJob } from "../lib/ipc";
