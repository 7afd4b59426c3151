/**
 * The one name of a sweep placement, in every UI string (and, by the same rule, the CLI's words
 * and the docs): "placement 50" is the sweep entry whose `index` is 49. Placements are counted
 * from 1 in sweep order, as the engine already words them in every report (an accepted attempt's
 * reason: "… (placement 50 of 144)", a string the golden reports fix) and as the filter language
 * takes them (`solves 50`); the data fields stay 0-based (`index`, `game_stop` in the files and
 * `contraption sweep --json`), so placement N is `index` N − 1.
 */
export function placementName(index: number): string {
  return `placement ${index + 1}`;
}
