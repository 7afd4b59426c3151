/** House rules of ui/src that a reviewer should not have to check by eye (see ui/README.md). */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const src = resolve(__dirname, "../src");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Hand-written sources (the bindings are generated from Rust). */
const sources = files(src)
  .map((f) => relative(src, f))
  .filter((f) => !f.startsWith("bindings/") && /\.(ts|svelte|css)$/.test(f));

describe("ui/src", () => {
  it("has no hand-written file over 400 lines", () => {
    const long = sources
      .map((f) => [f, readFileSync(join(src, f), "utf8").split("\n").length] as const)
      .filter(([, n]) => n > 400);
    expect(long).toEqual([]);
  });

  it("reaches the shell only through lib/ipc.ts", () => {
    const direct = sources.filter(
      (f) => f !== "lib/ipc.ts" && /from\s+["']@tauri-apps\/api\/core["']/.test(readFileSync(join(src, f), "utf8")),
    );
    expect(direct).toEqual([]);
  });

  it("names commands only in the features' api.ts modules and lib/ipc.ts", () => {
    const calls = sources.filter(
      (f) => !f.endsWith("/api.ts") && f !== "lib/ipc.ts" && /\bcall\s*<[^>]*>\s*\(\s*["']/.test(readFileSync(join(src, f), "utf8")),
    );
    expect(calls).toEqual([]);
  });

  it("keeps nothing in the webview's storage (what a view remembers goes to the profile's view settings)", () => {
    // Web storage lives in WebKit's data directory, not in the studio's files:
    // remembered settings go through lib/ipc.ts's viewSettings/setViewSettings.
    const storage = /\b(localStorage|sessionStorage|indexedDB|IDB[A-Z]\w*|openDatabase|caches\s*\.|document\s*\.\s*cookie)\b/;
    const using = sources
      .map((f) => [f, readFileSync(join(src, f), "utf8").split("\n").findIndex((line) => storage.test(line))] as const)
      .filter(([, line]) => line >= 0)
      .map(([f, line]) => `${f}:${line + 1}`);
    expect(using).toEqual([]);
    // The rule catches each spelling.
    for (const use of ["localStorage.getItem(k)", "window.sessionStorage", "indexedDB.open('x')", "new IDBKeyRange()", "caches.open('v1')", "document.cookie = 'a=1'"]) {
      expect(storage.test(use), use).toBe(true);
    }
    expect(storage.test("const stored = settings.range_x; // remembered in the profile")).toBe(false);
  });

  it("never renders HTML from strings in components", () => {
    const html = sources.filter((f) => f.endsWith(".svelte") && readFileSync(join(src, f), "utf8").includes("{@html"));
    expect(html).toEqual([]);
  });
});
