/** The one naming of sweep placements (src/lib/placement.ts). */
import { describe, expect, it } from "vitest";
import { placementName } from "../src/lib/placement";

describe("placementName", () => {
  it("names a placement by the 0-based index the files and `contraption sweep --json` carry", () => {
    expect(placementName(0)).toBe("placement 0");
    expect(placementName(49)).toBe("placement 49");
    expect(placementName(143)).toBe("placement 143");
  });
});
