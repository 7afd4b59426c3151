/**
 * The Share & export card's state (src/exchange/state.svelte.ts) with fake
 * commands: what it shows belongs to the seed it was made for.
 */
import { describe, expect, it } from "vitest";
import type { ImportedLevel } from "../src/bindings/ImportedLevel";
import type { ParsedSeed } from "../src/bindings/ParsedSeed";
import type { SharedSeed } from "../src/bindings/SharedSeed";
import type { WrittenFile } from "../src/bindings/WrittenFile";
import { Exchange, type ExchangeApi } from "../src/exchange/state.svelte";
import { flush, watch } from "./helpers/watch.svelte";

const decimal = (seed: number): ParsedSeed => ({ seed, source: { kind: "decimal" } });
const shareCode = (seed: number, rules_version: number): ParsedSeed => ({
  seed,
  source: { kind: "share_code", code: "CT-000G-0000-5AY0", rules_version },
});

function imported(seed: number, identical: boolean): ImportedLevel {
  const drift = identical ? [] : [{ field: "rules_version", file: "0", now: "1" }];
  return {
    path: "/tmp/level.json",
    rules_id: "010786ff88f4",
    rules_name: "v1",
    in_force: true,
    file: {
      format: "contraption-level",
      schema_version: 1,
      rules_version: identical ? 1 : 0,
      seed,
      daily_key: null,
      level: { ball: { x: 1, y: 8 }, goal: { center: { x: 1, y: 120 }, width: 14, height: 6 }, walls: [], inventory: { ramp: 1, fan: 0, bumper: 0 } },
      level_hash: "aaaaaaaaaaaaaaaa",
      verdict: { shipped_attempt: 1, fallback: false, all_pre_solved: false, solution: null, reason: "" },
    },
    verification: {
      seed,
      file_rules_version: identical ? 1 : 0,
      rules_version: 1,
      rules_id: "010786ff88f4",
      file_hash: "aaaaaaaaaaaaaaaa",
      regenerated_hash: identical ? "aaaaaaaaaaaaaaaa" : "bbbbbbbbbbbbbbbb",
      identical,
      drift,
    },
  };
}

/** The inspector as the card sees it: the seed shown (replaced whole per seed opened) and the attempt. */
class Host {
  shown = $state.raw<ParsedSeed | null>(null);
  attempt = $state<number | null>(null);
}

function setup() {
  const calls: unknown[][] = [];
  let nextImport: ImportedLevel | null | Error = null;
  let pending: ((s: SharedSeed) => void)[] = [];
  const api: ExchangeApi = {
    shareCode: (seed) =>
      new Promise<SharedSeed>((r) => pending.push(r)).then((s) => ({ ...s, seed, code: `CODE-${seed}` })),
    exportLevelFile: async (seed, dailyKey): Promise<WrittenFile | null> => {
      calls.push(["level", seed, dailyKey]);
      return seed === 13 ? null : { path: `/tmp/${seed}.json`, bytes: 1234 };
    },
    exportPage: async (seed, dailyKey): Promise<WrittenFile | null> => {
      calls.push(["page", seed, dailyKey]);
      return { path: `/tmp/${seed}.html`, bytes: 1048157 };
    },
    exportAnimation: async (seed, attempt): Promise<WrittenFile | null> => {
      calls.push(["animation", seed, attempt]);
      return { path: `/tmp/${seed}.gif`, bytes: 20444 };
    },
    exportPicture: async (seed, attempt, scale, kind): Promise<WrittenFile | null> => {
      calls.push(["picture", seed, attempt, scale, kind]);
      return { path: `/tmp/${seed}.png`, bytes: 99 };
    },
    importLevelFile: async () => {
      calls.push(["import"]);
      if (nextImport instanceof Error) throw nextImport;
      return nextImport;
    },
  };
  const host = new Host();
  const x = new Exchange(api, { shown: () => host.shown, attempt: () => host.attempt });
  const answer = (rulesVersion = 1) => {
    const list = pending;
    pending = [];
    list.forEach((r) => r({ code: "", seed: 0, rules_version: rulesVersion, rules_id: "010786ff88f4", unavailable: null }));
    return new Promise((r) => setTimeout(r, 0));
  };
  return { api, host, x, calls, answer, setImport: (i: ImportedLevel | null | Error) => (nextImport = i) };
}

describe("exchange: no share code under rules other than the default ones", () => {
  it("shows the engine's reason instead of a code, for the seed shown only", async () => {
    const reason = "share codes name levels of the default rules (v1) only; these rules (3fa9c0d1e2b4) are not: share the level file, which embeds them";
    const api = {
      shareCode: async (seed: number): Promise<SharedSeed> => ({ code: null, seed, rules_version: 1, rules_id: "3fa9c0d1e2b4", unavailable: reason }),
    } as unknown as ExchangeApi;
    const host = new Host();
    const x = new Exchange(api, { shown: () => host.shown, attempt: () => host.attempt });
    host.shown = decimal(42);
    await x.fetchCode(42);
    expect(x.code).toBeNull();
    expect(x.unavailable).toBe(reason);
    host.shown = decimal(43);
    expect(x.unavailable).toBeNull();
  });
});

describe("exchange: what the card shows belongs to its seed", () => {
  it("drops an import's result as soon as another seed is shown, even that seed again", async () => {
    const { host, x, setImport } = setup();
    host.shown = decimal(42);
    const shown = watch(() => x.status?.kind ?? "none");
    setImport(imported(7, false));
    await x.importLevel();
    flush();
    expect(x.status?.imported?.verification.seed).toBe(7);
    expect(x.status?.text).toContain("1 field differs");
    host.shown = decimal(43);
    flush();
    expect(x.status).toBeNull();
    host.shown = decimal(42);
    flush();
    expect(x.status).toBeNull();
    // (Each seed shown re-reads the status: "none" once per seed.)
    expect(shown.values).toEqual(["none", "busy", "drift", "none", "none"]);
    shown.stop();
  });

  it("says what an export saved, on the seed it saved", async () => {
    const { host, x, calls } = setup();
    host.shown = { seed: 176112159, source: { kind: "daily", date: "2026-07-28", key: "contraption:2026-7-28" } };
    host.attempt = 2;
    await x.exportLevel();
    expect(calls.at(-1)).toEqual(["level", 176112159, "contraption:2026-7-28"]);
    expect(x.status).toMatchObject({ kind: "ok", text: "Saved the level file to /tmp/176112159.json (1,234 bytes)." });
    await x.exportPage();
    expect(calls.at(-1)).toEqual(["page", 176112159, "contraption:2026-7-28"]);
    expect(x.status).toMatchObject({ kind: "ok", text: "Saved the playable page to /tmp/176112159.html (1,048,157 bytes)." });
    x.scale = 10;
    await x.exportPicture("sweep");
    expect(calls.at(-1)).toEqual(["picture", 176112159, 2, 10, "sweep"]);
    expect(x.status?.text).toContain("sweep picture");
    await x.exportPicture("puzzle");
    expect(calls.at(-1)).toEqual(["picture", 176112159, 2, 10, "puzzle"]);
    expect(x.status?.text).toContain("Saved the puzzle picture to /tmp/176112159.png");
    await x.exportAnimation();
    expect(calls.at(-1)).toEqual(["animation", 176112159, 2]);
    expect(x.status?.text).toBe("Saved the animation to /tmp/176112159.gif (20,444 bytes).");
    host.shown = decimal(13);
    expect(x.status).toBeNull();
    await x.exportLevel();
    expect(x.status).toMatchObject({ kind: "info", text: "Export cancelled." });
  });

  it("shows a refused import's reason, and is busy while a dialog is open", async () => {
    const { host, x, setImport } = setup();
    host.shown = decimal(42);
    setImport(new Error("the file's level_hash does not match its level"));
    const kinds = watch(() => x.status?.kind ?? "none");
    const done = x.importLevel();
    flush();
    expect(x.busy).toBe(true);
    await done;
    flush();
    expect(x.status).toMatchObject({ kind: "error", text: "the file's level_hash does not match its level" });
    expect(kinds.values).toEqual(["none", "busy", "error"]);
    kinds.stop();
  });

  it("shows the share code of the seed shown only", async () => {
    const { host, x, answer } = setup();
    host.shown = decimal(42);
    void x.fetchCode(42);
    expect(x.code).toBeNull();
    await answer();
    expect(x.code).toBe("CODE-42");
    host.shown = decimal(43);
    expect(x.code).toBeNull();
    // An older answer never replaces a newer one.
    void x.fetchCode(43);
    void x.fetchCode(44);
    host.shown = decimal(44);
    await answer();
    expect(x.code).toBe("CODE-44");
  });
});

describe("exchange: the rules warning is state of the current seed", () => {
  it("warns for a share code from other rules once the engine's version is known, and follows the seed", async () => {
    const { host, x, answer } = setup();
    expect(x.warningFor(shareCode(42, 0))).toBeNull();
    host.shown = decimal(1);
    void x.fetchCode(1);
    await answer(1);
    expect(x.rulesVersion).toBe(1);
    expect(x.warningFor(shareCode(42, 0))).toContain("rules v0");
    expect(x.warningFor(shareCode(42, 1))).toBeNull();
    expect(x.warningFor(decimal(42))).toBeNull();
  });
});
