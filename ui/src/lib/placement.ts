/**
 * The one name of a sweep placement, in every UI string (and, by the same rule, the CLI's words
 * and the docs): "placement 49" is the sweep entry whose `index` is 49. Placements are numbered
 * from 0 in sweep order, as the level files, `contraption sweep --json` (`index`, `game_stop`) and
 * the catalog already carry them, so what a person reads is the number the files hold.
 */
export function placementName(index: number): string {
  return `placement ${index}`;
}
