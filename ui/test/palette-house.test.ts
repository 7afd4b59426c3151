/**
 * House rules of the one palette (src/draw/colors.ts, mirrored by style.css):
 * a verdict's or a sweep result's colour is never written as a literal in a
 * view, and a style rule about a verdict uses that verdict's custom property,
 * never another's (Compare and Statistics once coloured preSolved and "no
 * solution" the other way round from the inspector).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { resultColor, shippedColor, verdictColor } from "../src/draw/colors";

const src = resolve(__dirname, "../src");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Hand-written sources (the bindings are generated from Rust). */
const sources = files(src)
  .map((f) => relative(src, f))
  .filter((f) => !f.startsWith("bindings/") && /\.(ts|svelte|css)$/.test(f));

/** Where colours are defined: the palette, its CSS mirror, and the expressive range's own scale (render/src/range.rs's). */
const PALETTE_FILES = new Set(["draw/colors.ts", "style.css", "draw/range.ts"]);

/** `#rrggbb` of a hex or rgb()/rgba() colour literal. */
function hexOf(literal: string): string {
  const m = /rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i.exec(literal);
  if (!m) return literal.toLowerCase();
  return `#${[m[1], m[2], m[3]].map((x) => Number(x).toString(16).padStart(2, "0")).join("")}`;
}

/** Every colour literal of a text, with its line (1-based). */
export function colourLiterals(text: string): { literal: string; hex: string; line: number }[] {
  return [...text.matchAll(/#[0-9a-fA-F]{6}\b|rgba?\(\s*\d+\s*,\s*\d+\s*,\s*\d+[^)]*\)/g)].map((m) => ({
    literal: m[0],
    hex: hexOf(m[0]),
    line: text.slice(0, m.index).split("\n").length,
  }));
}

/** The verdicts' and results' colours. */
const meaningful = new Map<string, string>();
for (const [k, v] of Object.entries(resultColor)) meaningful.set(v, `result ${k}`);
for (const [k, v] of Object.entries(verdictColor)) meaningful.set(v, `verdict ${k}`);
for (const [k, v] of Object.entries(shippedColor)) if (!meaningful.has(v)) meaningful.set(v, `shipped ${k}`);

/**
 * Literals of those hues that stay, each with why. `other meaning`: the same hue
 * for something that is no verdict nor result. `outside`: a verdict or result in a
 * file this rule's change did not touch — to become the custom property named.
 * Each must still be there (a fixed one is taken off the list).
 */
const KNOWN: { file: string; hex: string; count: number; why: string }[] = [
  { file: "app/RulesIndicator.svelte", hex: "#ffb547", count: 1, why: "other meaning: the custom-rules warning" },
  { file: "app/ViewBar.svelte", hex: "#ffb547", count: 1, why: "other meaning: the custom-rules warning" },
  { file: "catalog/bookmarks/BookmarksView.svelte", hex: "#3ddc84", count: 2, why: "other meaning: bookmarked levels unchanged" },
  { file: "catalog/bookmarks/BookmarksView.svelte", hex: "#ff6b6b", count: 2, why: "other meaning: bookmarked levels changed" },
  { file: "catalog/calendar/CalendarCell.svelte", hex: "#c38bff", count: 1, why: "other meaning: the one-solver day flag" },
  { file: "catalog/calendar/Flag.svelte", hex: "#c38bff", count: 1, why: "other meaning: the one-solver day flag" },
  { file: "catalog/calendar/Flag.svelte", hex: "#ffb547", count: 1, why: "outside: the fallback flag's tint, to be color-mix(in srgb, var(--fallback) 18%, transparent)" },
  { file: "draw/parts.ts", hex: "#c38bff", count: 1, why: "other meaning: a fan part" },
  { file: "draw/parts.ts", hex: "#3ddc84", count: 1, why: "other meaning: the play window's hint ramp" },
  { file: "play/Field.svelte", hex: "#3ddc84", count: 1, why: "outside: the play run's goal, to be var(--goal)" },
  { file: "play/Field.svelte", hex: "#ff6b6b", count: 1, why: "outside: the play run's out, to be var(--out)" },
  { file: "play/Field.svelte", hex: "#5aa9ff", count: 1, why: "outside: the play run's rest, to be var(--rest)" },
  { file: "play/Field.svelte", hex: "#c38bff", count: 1, why: "outside: the play run's timeout, to be var(--timeout)" },
];

describe("colour literals", () => {
  it("finds hex and rgb()/rgba() literals", () => {
    expect(colourLiterals('a: "#FF6B6B";\n  b: rgba(255, 181, 71, 0.4); c: rgb(61,220,132)').map((c) => [c.hex, c.line])).toEqual([
      ["#ff6b6b", 1],
      ["#ffb547", 2],
      ["#3ddc84", 2],
    ]);
  });

  it("never writes a verdict's or a result's colour outside the palette", () => {
    const found = new Map<string, number>();
    const unexpected: string[] = [];
    for (const f of sources) {
      if (PALETTE_FILES.has(f)) continue;
      for (const c of colourLiterals(readFileSync(join(src, f), "utf8"))) {
        const meaning = meaningful.get(c.hex);
        if (!meaning) continue;
        const key = `${f} ${c.hex}`;
        found.set(key, (found.get(key) ?? 0) + 1);
        if (!KNOWN.some((k) => k.file === f && k.hex === c.hex)) unexpected.push(`${f}:${c.line} ${c.literal} is the ${meaning} colour`);
      }
    }
    expect(unexpected).toEqual([]);
    for (const k of KNOWN) expect(found.get(`${k.file} ${k.hex}`) ?? 0, `${k.file} ${k.hex} (${k.why})`).toBe(k.count);
  });
});

type Meaning = "accepted" | "presolved" | "nosolution" | "fallback" | "all-presolved";

/** The verdict a selector is about (by its classes and attributes), or null. */
export function selectorMeaning(selector: string): Meaning | null {
  const tokens = selector.toLowerCase().split(/[^a-z0-9_-]+/).filter(Boolean);
  const has = (re: RegExp) => tokens.some((t) => re.test(t));
  if (has(/^(all-presolved|all_pre_solved|shipped-all)$/)) return "all-presolved";
  if (has(/^(tone-)?(presolved|pre_solved|pre-solved)$/)) return "presolved";
  if (has(/^(tone-rejected|nosolution|no-solution|no_single_ramp_solution|no_single_ramp)$/)) return "nosolution";
  if (has(/fallback/)) return "fallback";
  if (has(/accepted/)) return "accepted";
  return null;
}

/** Every style rule of a stylesheet or of a component's `<style>` blocks: its selector and declarations. */
export function styleRules(text: string, svelte: boolean): { selector: string; body: string; line: number }[] {
  const blocks = svelte ? [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => ({ css: m[1]!, at: m.index + m[0].indexOf(m[1]!) })) : [{ css: text, at: 0 }];
  const out: { selector: string; body: string; line: number }[] = [];
  for (const b of blocks) {
    const css = b.css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " "));
    for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const line = text.slice(0, b.at + m.index).split("\n").length + (m[1]!.match(/^\s*/)![0].split("\n").length - 1);
      for (const selector of m[1]!.split(",")) out.push({ selector: selector.trim(), body: m[2]!, line });
    }
  }
  return out;
}

/** Custom properties that carry a verdict's or a result's hue (whatever their name). */
const HUED = ["accepted", "presolved", "nosolution", "fallback", "all-presolved", "goal", "out", "rest", "timeout", "blocked", "ball", "danger"];

/** Files whose verdict rules stay as they are for now (outside this rule's change), with what they use. */
const KNOWN_RULES: { file: string; selector: string; uses: string }[] = [
  { file: "catalog/seeds/SeedRow.svelte", selector: ".shipped-fallback", uses: "ball" },
  { file: "catalog/seeds/SeedRow.svelte", selector: ".shipped-accepted", uses: "goal" },
  { file: "catalog/seeds/SeedRow.svelte", selector: ".shipped-all", uses: "danger" },
  { file: "catalog/calendar/Flag.svelte", selector: ".fallback", uses: "ball" },
];

describe("verdicts in style rules", () => {
  it("reads a rule's verdict from its selector", () => {
    expect(selectorMeaning(".att.pre_solved")).toBe("presolved");
    expect(selectorMeaning(".shipped.all-preSolved")).toBe("all-presolved");
    expect(selectorMeaning(".attempt-card.selected.tone-rejected")).toBe("nosolution");
    expect(selectorMeaning(".cal-cell.is-fallback")).toBe("fallback");
    expect(selectorMeaning(".tally-cell.accepted dd")).toBe("accepted");
    expect(selectorMeaning(".tone-shipped")).toBeNull();
    expect(styleRules("<style>\n  .a,\n  .b { color: red; }\n</style>", true).map((r) => [r.selector, r.line])).toEqual([
      [".a", 2],
      [".b", 2],
    ]);
  });

  it("colours a verdict with its own custom property only", () => {
    const wrong: string[] = [];
    const seen: string[] = [];
    for (const f of sources) {
      if (!f.endsWith(".svelte") && !f.endsWith(".css")) continue;
      for (const r of styleRules(readFileSync(join(src, f), "utf8"), f.endsWith(".svelte"))) {
        const meaning = selectorMeaning(r.selector);
        if (!meaning) continue;
        for (const m of r.body.matchAll(/var\(--([\w-]+)\)/g)) {
          const v = m[1]!;
          if (!HUED.includes(v) || v === meaning) continue;
          const known = KNOWN_RULES.find((k) => k.file === f && r.selector.endsWith(k.selector) && k.uses === v);
          if (known) seen.push(`${f} ${known.selector}`);
          else wrong.push(`${f}:${r.line} ${r.selector} is about ${meaning} but uses var(--${v})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(new Set(seen)).toEqual(new Set(KNOWN_RULES.map((k) => `${k.file} ${k.selector}`)));
  });
});
