/**
 * The one name of a sweep placement in the studio: its 0-based index, the number
 * the level files and `contraption sweep --json` already carry ("placement 49").
 */
export function placementName(index: number): string {
  return `placement ${index}`;
}
