/**
 * The strict CSP of the window (tauri.conf.json: `script-src 'self'`,
 * `style-src 'self'`, no eval) must hold for the built UI: this builds it into
 * a temporary folder and fails on anything the CSP would block. (The e2e
 * suite also checks in the real window that no violation is reported and
 * that component styles apply.)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(__dirname, "..");
let out = "";

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** What the CSP would block, found in one built file (empty when clean). */
export function cspProblems(name: string, text: string): string[] {
  const problems: string[] = [];
  const find = (re: RegExp, what: string) => {
    const m = re.exec(text);
    if (m) problems.push(`${name}: ${what}: …${text.slice(Math.max(0, m.index - 60), m.index + 60)}…`);
  };
  if (name.endsWith(".html")) {
    find(/<style/i, "inline <style> element");
    find(/\sstyle\s*=/i, "style attribute");
    find(/<script(?![^>]*\ssrc=)[^>]*>/i, "inline <script>");
    find(/\son[a-z]+\s*=/i, "inline event handler attribute");
    find(/(?:src|href)\s*=\s*["']?data:/i, "data: URL");
  }
  if (name.endsWith(".js")) {
    // Svelte builds static markup from template strings: a style attribute or
    // a <style> element there would be parsed into the page and blocked.
    find(/<style[\s>]/i, "<style> element in a template");
    find(/\sstyle=\\?["']/, "style attribute in a template");
    find(/\beval\(/, "eval");
    find(/\bnew Function\(/, "new Function");
    find(/setAttribute\(\s*["']style["']/, "setAttribute('style')");
  }
  return problems;
}

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "studio-ui-dist-"));
  await build({
    root,
    configFile: resolve(root, "vite.config.ts"),
    mode: "production",
    logLevel: "silent",
    build: { outDir: out, emptyOutDir: true },
  });
}, 120_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

describe("the built UI under the strict CSP", () => {
  it("has no inline style, inline script, event handler attribute, eval or data: URL", () => {
    const all = files(out);
    expect(all.some((f) => f.endsWith(".js"))).toBe(true);
    const problems = all.flatMap((f) => cspProblems(f.slice(out.length + 1), readFileSync(f, "utf8")));
    expect(problems).toEqual([]);
  });

  it("puts the components' styles in CSS files linked by both pages", () => {
    const css = files(out).filter((f) => f.endsWith(".css"));
    expect(css.some((f) => /\.svelte-[a-z0-9]+/.test(readFileSync(f, "utf8")))).toBe(true);
    for (const page of ["index.html", "play.html"]) {
      const html = readFileSync(join(out, page), "utf8");
      expect(html).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"/);
    }
  });

  it("finds what it looks for (the check itself can fail)", () => {
    expect(cspProblems("a.html", '<div style="color:red"></div>')).toHaveLength(1);
    expect(cspProblems("a.html", "<script>alert(1)</script>")).toHaveLength(1);
    expect(cspProblems("a.html", '<script type="module" src="/a.js"></script>')).toEqual([]);
    expect(cspProblems("a.js", 'x.innerHTML = `<p style="color: red"></p>`')).toHaveLength(1);
    expect(cspProblems("a.js", "const t = `<style>p{}</style>`")).toHaveLength(1);
    expect(cspProblems("a.js", "eval(code)")).toHaveLength(1);
  });
});
