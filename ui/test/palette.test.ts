/**
 * The one palette (src/draw/colors.ts) against its mirrors: the custom
 * properties of src/style.css, and the colours the render crate writes into its
 * PNGs (render/src/lib.rs `palette`, render/src/range.rs `range_palette`), read
 * from the Rust source so that a colour changed on either side fails here. The
 * render crate's PNG bytes are golden outputs: the UI follows the crate.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { palette, resultColor, RESULTS, shippedColor, verdictColor } from "../src/draw/colors";
import { rangePalette } from "../src/draw/range";

const read = (rel: string) => readFileSync(new URL(rel, import.meta.url), "utf8");

/** `--name: value;` of the `:root` block of a stylesheet. */
export function cssProperties(css: string): Map<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(css);
  if (!root) throw new Error("no :root block");
  const out = new Map<string, string>();
  for (const m of root[1]!.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)) out.set(m[1]!, m[2]!.trim().toLowerCase());
  return out;
}

/** `pub const NAME: &str = "#rrggbb";` of `pub mod <name> { … }` in a Rust source. */
export function rustPalette(rust: string, mod: string): Map<string, string> {
  const start = rust.indexOf(`pub mod ${mod} {`);
  if (start < 0) throw new Error(`no \`pub mod ${mod}\``);
  const body = rust.slice(start, rust.indexOf("\n}", start));
  const out = new Map<string, string>();
  for (const m of body.matchAll(/pub const (\w+): &str = "(#[0-9a-fA-F]{6})";/g)) out.set(m[1]!, m[2]!.toLowerCase());
  return out;
}

describe("the style sheet's colours", () => {
  const css = cssProperties(read("../src/style.css"));
  const expected: [string, string][] = [
    ...RESULTS.map((r) => [r, resultColor[r]] as [string, string]),
    ["accepted", verdictColor.accepted],
    ["presolved", verdictColor.pre_solved],
    ["nosolution", verdictColor.no_single_ramp_solution],
    ["fallback", shippedColor.fallback],
    ["all-presolved", shippedColor.all_pre_solved],
    ["ball", palette.ball],
    ["bg", palette.bg],
    ["text", palette.text],
    ["muted", palette.muted],
    ["accent", palette.accent],
  ];
  it.each(expected)("--%s is draw/colors.ts's %s", (name, value) => {
    expect(css.get(name)).toBe(value.toLowerCase());
  });
  it("reads every property of :root", () => {
    expect(cssProperties(":root { --a: #FFF; --b-c: 1px; }")).toEqual(
      new Map([
        ["a", "#fff"],
        ["b-c", "1px"],
      ]),
    );
  });
});

describe("the render crate's colours", () => {
  const lib = read("../../render/src/lib.rs");
  const render = rustPalette(lib, "palette");
  /** Every constant of the crate's palette and the UI colour of the same meaning. */
  const ui: Record<string, string> = {
    FIELD: palette.field,
    FIELD_EDGE: palette.fieldEdge,
    GRID: palette.grid,
    WALL: palette.wall,
    BALL: palette.ball,
    GOAL: palette.goal,
    BARE: palette.bare,
    ACCENT: palette.accent,
    RESULT_GOAL: resultColor.goal,
    RESULT_OUT: resultColor.out,
    RESULT_REST: resultColor.rest,
    RESULT_TIMEOUT: resultColor.timeout,
    RESULT_BLOCKED: resultColor.blocked,
  };

  it("has every sweep result's colour, equal to the UI's", () => {
    for (const r of RESULTS) {
      const name = `RESULT_${r.toUpperCase()}`;
      expect(render.get(name), name).toBe(resultColor[r]);
    }
  });

  it("has no colour the UI palette does not mirror (a verdict colour there would have to be the UI's too)", () => {
    expect(render.size).toBeGreaterThan(0);
    for (const [name, hex] of render) {
      expect(ui[name], `render/src/lib.rs palette::${name} has no UI counterpart in this test`).toBeDefined();
      expect(hex, name).toBe(ui[name]);
    }
  });

  it("fills the picture's page with the studio's background", () => {
    const fill = /pixmap\.fill\(color\("(#[0-9a-fA-F]{6})"/.exec(lib);
    expect(fill?.[1]?.toLowerCase()).toBe(palette.bg);
  });

  it("draws the expressive range's cells in the view's colours", () => {
    const range = rustPalette(read("../../render/src/range.rs"), "range_palette");
    const pairs: [string, string][] = [
      ["EMPTY", rangePalette.empty],
      ["COUNT_LO", rangePalette.countLo],
      ["COUNT_HI", rangePalette.countHi],
      ["NEUTRAL", rangePalette.neutral],
      ["FEWER", rangePalette.fewer],
      ["MORE", rangePalette.more],
      ["FRAME", rangePalette.frame],
    ];
    for (const [name, hex] of pairs) expect(range.get(name), name).toBe(hex);
  });

  it("reads a Rust palette module", () => {
    const src = 'pub mod p {\n    pub const A: &str = "#ABCDEF";\n    /// doc\n    pub const B_C: &str = "#000001";\n}\npub const OUT: &str = "#ffffff";';
    expect(rustPalette(src, "p")).toEqual(
      new Map([
        ["A", "#abcdef"],
        ["B_C", "#000001"],
      ]),
    );
  });
});

describe("the verdicts' colours", () => {
  it("give each verdict its own colour", () => {
    const values = Object.values(verdictColor);
    expect(new Set(values).size).toBe(values.length);
  });
  it("give a shipped level its candidate's verdict colour", () => {
    expect(shippedColor).toEqual({
      accepted: verdictColor.accepted,
      fallback: verdictColor.no_single_ramp_solution,
      all_pre_solved: verdictColor.pre_solved,
    });
  });
});
