/**
 * House rule: no rules figure is written into the UI's text. The sweep's size
 * (144 under the default rules), the attempts cap (40) and the nearly-trivial
 * bar (10) are whatever the rules in force say (a designer can have a
 * 72-placement sweep and 5 attempts): the words take them from the rules or
 * from the data (src/lib/figures.ts). This scans what a user can read — string
 * and template literals of every script, and the markup of every component —
 * for the default rules' figures in words.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const src = resolve(__dirname, "../src");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

const sources = files(src)
  .map((f) => relative(src, f))
  .filter((f) => !f.startsWith("bindings/") && /\.(ts|svelte)$/.test(f));

/** The string and template literals of a script (comments skipped), with their lines. */
export function scriptStrings(code: string, firstLine = 1): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let line = firstLine;
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c === "\n") line++;
    if (c === "/" && code[i + 1] === "/") {
      while (i < code.length && code[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && code[i + 1] === "*") {
      const end = code.indexOf("*/", i + 2);
      const stop = end < 0 ? code.length : end + 2;
      line += (code.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      const at = line;
      let j = i + 1;
      while (j < code.length && code[j] !== c) {
        if (code[j] === "\\") j++;
        else if (code[j] === "\n") line++;
        j++;
      }
      out.push({ text: code.slice(i + 1, j), line: at });
      i = j + 1;
      continue;
    }
    i++;
  }
  return out;
}

/** What a user can read in a source: its scripts' literals, and a component's markup (text, attributes, expressions), comments and styles left out. */
export function readableText(file: string, text: string): { text: string; line: number }[] {
  if (!file.endsWith(".svelte")) return scriptStrings(text);
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  const out: { text: string; line: number }[] = [];
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  let markup = text;
  for (const m of text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    out.push(...scriptStrings(m[1]!, lineAt(m.index + m[0].indexOf(m[1]!))));
    markup = markup.replace(m[0], blank(m[0]));
  }
  markup = markup.replace(/<style[^>]*>[\s\S]*?<\/style>/g, blank).replace(/<!--[\s\S]*?-->/g, blank);
  markup.split("\n").forEach((l, k) => {
    if (l.trim()) out.push({ text: l, line: k + 1 });
  });
  return out;
}

/** The default rules' figures in words. */
const BANNED: RegExp[] = [
  /\b144\b/, // the sweep's size, in any words ("of 144", "/144", "144 placements", "all 144")
  /\b40(th)?\s+(of|attempts?|candidates?|preSolved)\b/i, // "40 attempts", "40th of 40"
  /\b(all|of|to)\s+40\b/i, // "all 40 preSolved", "of 40", "1 to 40"
  /(≥|>=)\s*10\s+of\b/, // the nearly-trivial bar, "≥ 10 of …"
];

describe("rules figures in the UI's words", () => {
  it("finds the literals and the markup a user reads, not comments or styles", () => {
    const code = '// of 144\nconst a = "of 144"; /* all 40 preSolved */ const b = `${n}/144 goal`;\nconst c = \'it\\\'s\';';
    expect(scriptStrings(code).map((s) => [s.text, s.line])).toEqual([
      ["of 144", 2],
      ["${n}/144 goal", 2],
      ["it\\'s", 3],
    ]);
    const svelte = '<!-- 144 placements -->\n<script lang="ts">\n  const t = "1 to 40";\n</script>\n\n<p title="of 144">ok</p>\n<style>\n  .a { width: 144px; }\n</style>';
    expect(readableText("X.svelte", svelte).map((s) => [s.text.trim(), s.line])).toEqual([
      ["1 to 40", 3],
      ['<p title="of 144">ok</p>', 6],
    ]);
  });

  it("catches the default rules' figures in words", () => {
    const hits = (t: string) => BANNED.some((re) => re.test(t));
    for (const t of ["of 144", "/144", "144 placements", "all 144", "all 40 preSolved", "of 40", "1 to 40", "the 40th of 40", "40 attempts", "≥ 10 of"]) {
      expect(hits(t), t).toBe(true);
    }
    for (const t of ["1440 steps", "40%", "ROW_H", "placement 41", "width 40px"]) expect(hits(t), t).toBe(false);
  });

  it("never writes them into ui/src", () => {
    const found: string[] = [];
    for (const f of sources) {
      for (const s of readableText(f, readFileSync(join(src, f), "utf8"))) {
        if (BANNED.some((re) => re.test(s.text))) found.push(`${f}:${s.line} ${s.text.trim().slice(0, 100)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
