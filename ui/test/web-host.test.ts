// The one-file web player is the studio's play window with one module swapped:
// src/play/host.ts (the engine through the shell) for src/web/host.ts (the engine
// inside the page). These tests fail if the two drift: another module swapped, a
// host that exports other names, or play code copied into src/web/.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { pageHost } from "../vite.web.config";

const src = (p: string) => fileURLToPath(new URL(`../src/${p}`, import.meta.url));

function exportedNames(path: string): string[] {
  const text = readFileSync(path, "utf8");
  return [...text.matchAll(/^export (?:const|async function|function|type|interface) (\w+)/gm)].map((m) => m[1] ?? "").sort();
}

describe("the web player's host", () => {
  it("exports the same names as the window's host", () => {
    const window = exportedNames(src("play/host.ts"));
    expect(window).toEqual(["HostStart", "hostApi", "hostSolution", "hostStart"]);
    expect(exportedNames(src("web/host.ts"))).toEqual(window);
  });

  it("is the only module the page build swaps", () => {
    const plugin = pageHost();
    const resolve = plugin.resolveId as unknown as (source: string, importer?: string) => string | null;
    expect(resolve("./host", src("play/state.svelte.ts"))).toBe(src("web/host.ts"));
    expect(resolve("./host", src("play/PlayHeader.svelte"))).toBe(src("web/host.ts"));
    for (const other of ["./api", "./state.svelte", "../lib/ipc", "./model"]) expect(resolve(other, src("play/state.svelte.ts"))).toBeNull();
    expect(resolve("./host", src("app/App.svelte"))).toBeNull();
  });

  it("holds no play code of its own", () => {
    expect(readdirSync(src("web")).sort()).toEqual(["engine.ts", "host.ts", "virtual.d.ts"]);
  });

  it("is what the play code imports for its engine", () => {
    const importers = readdirSync(src("play")).filter((f) => readFileSync(src(`play/${f}`), "utf8").includes('from "./host"'));
    expect(importers.sort()).toEqual(["PlayApp.svelte", "PlayHeader.svelte", "state.svelte.ts"]);
    // Nothing in the play code but the window's host reaches the shell's commands:
    // the rest imports types from ./api, never values, and nothing from the bindings' commands.
    const valueImport = /import (?!type )[^;]*from "(\.\/api|\.\.\/bindings\/commands)"/;
    const reaching = readdirSync(src("play")).filter((f) => valueImport.test(readFileSync(src(`play/${f}`), "utf8")));
    // api.ts is the commands' module itself; host.ts the one module that imports it for values.
    expect(reaching.sort()).toEqual(["api.ts", "host.ts"]);
  });
});
