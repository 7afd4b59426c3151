/**
 * The generated command layer (`src/bindings/commands.ts`, made from the Rust
 * command list by studio-core's tests): every command has its function, the
 * functions reach the shell with the command's name and Tauri's argument keys,
 * and no hand-written module names a command itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as commands from "../src/bindings/commands";
import { setTransport } from "../src/lib/ipc";

const src = resolve(__dirname, "../src");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Runs `f` with a transport that records each call and answers `answer`. */
async function recording(f: () => Promise<unknown>, answer: unknown = null): Promise<unknown[]> {
  const seen: unknown[] = [];
  const restore = setTransport(async (command, args) => {
    seen.push(args === undefined ? [command] : [command, args]);
    return answer;
  });
  try {
    await f();
  } finally {
    restore();
  }
  return seen;
}

describe("bindings/commands.ts", () => {
  it("has one function per command of the list, named in camel case", () => {
    expect(commands.commandNames.length).toBeGreaterThan(40);
    expect(new Set(commands.commandNames).size).toBe(commands.commandNames.length);
    const exported = commands as unknown as Record<string, unknown>;
    const missing = commands.commandNames.filter((n) => typeof exported[camel(n)] !== "function");
    expect(missing).toEqual([]);
  });

  it("calls the shell with the command's name and camel-case argument keys", async () => {
    expect(await recording(() => commands.rules())).toEqual([["rules"]]);
    expect(await recording(() => commands.setRulesField("physics.gravity", "200"))).toEqual([
      ["set_rules_field", { path: "physics.gravity", value: "200" }],
    ]);
    expect(await recording(() => commands.exportLevelFile(42, null))).toEqual([["export_level_file", { seed: 42, dailyKey: null }]]);
    expect(await recording(() => commands.applyRulesDraft(true))).toEqual([["apply_rules_draft", { allowSlow: true }]]);
    expect(await recording(() => commands.seedThumbnails([1, 2]), [])).toEqual([["seed_thumbnails", { seeds: [1, 2] }]]);
  });

  it("is the only module that names a command", () => {
    const named = files(src)
      .map((f) => relative(src, f))
      .filter((f) => f !== "bindings/commands.ts" && /\.(ts|svelte)$/.test(f))
      .filter((f) => /\bcall\s*(<[^>]*>)?\s*\(\s*["'`]/.test(readFileSync(join(src, f), "utf8")));
    expect(named).toEqual([]);
  });
});
