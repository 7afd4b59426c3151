/**
 * The Share & export commands (src-tauri/src/commands/exchange.rs), generated
 * from the command list: the share code of a seed, the level file and pictures
 * saved through native dialogs (null when cancelled), and a level file imported
 * (strict reader and regeneration). A file with slow rules is refused
 * (`slow_rules`) unless `allowSlow` is the path that refusal named: that file is
 * read again with them allowed, without a dialog.
 */
export { exportAnimation, exportLevelFile, exportPage, exportPicture, importLevelFile, shareCode } from "../bindings/commands";
