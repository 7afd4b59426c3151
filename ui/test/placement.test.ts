/** The one naming of sweep placements (src/lib/placement.ts). */
import { describe, expect, it } from "vitest";
import { placementName } from "../src/lib/placement";

describe("placementName", () => {
  it("counts placements from 1, as the engine's reasons and `solves N` do: placement 50 is index 49", () => {
    expect(placementName(0)).toBe("placement 1");
    expect(placementName(49)).toBe("placement 50");
    expect(placementName(143)).toBe("placement 144");
  });
});
