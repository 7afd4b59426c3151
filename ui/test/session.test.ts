import { describe, expect, it } from "vitest";
import { Session, seedText, type SeedApi } from "../src/app/session.svelte";
import type { ParsedSeed } from "../src/bindings/ParsedSeed";
import { flush, watch } from "./helpers/watch.svelte";

const decimal = (seed: number): ParsedSeed => ({ seed, source: { kind: "decimal" } }) as ParsedSeed;

/** The engine's parser, reduced to what the tests need: decimal numbers up to 2^32 - 1. */
function fakeApi(): SeedApi & { pending: ((v: void) => void)[] } {
  const api = {
    pending: [] as ((v: void) => void)[],
    async parseSeed(text: string): Promise<ParsedSeed> {
      if (text === "slow") await new Promise<void>((r) => api.pending.push(r));
      const n = Number(text === "slow" ? "7" : text);
      if (!/^\d+$/.test(text === "slow" ? "7" : text) || n > 0xffffffff) throw new Error(`“${text}” is not a seed`);
      return decimal(n);
    },
    async todayDaily(): Promise<ParsedSeed> {
      return { seed: 176112159, source: { kind: "daily", key: "contraption:2026-7-28", date: "2026-07-28" } } as ParsedSeed;
    },
  };
  return api;
}

describe("session", () => {
  it("remembers when each seed shown was asked for (the timing starts at Enter)", async () => {
    let t = 1000;
    const s = new Session(fakeApi(), () => t);
    const opening = s.go(42);
    t = 1050;
    await opening;
    expect(s.askedAt(s.seed!)).toBe(1000);
    t = 2000;
    await s.today();
    expect(s.askedAt(s.seed!)).toBe(2000);
    expect(s.askedAt(decimal(42))).toBeUndefined();
  });
  it("shows a seed the parser accepts and clears the error", async () => {
    const s = new Session(fakeApi());
    s.text = "x";
    expect(await s.open()).toBe(false);
    expect(s.error).toBe("“x” is not a seed");
    s.text = "42";
    expect(await s.open()).toBe(true);
    expect(s.seed?.seed).toBe(42);
    expect(s.error).toBeNull();
  });

  it("keeps the seed shown when the text is refused", async () => {
    const s = new Session(fakeApi());
    await s.go(42);
    const shown = s.seed;
    expect(await s.open("not a seed")).toBe(false);
    expect(s.seed).toBe(shown);
    expect(s.error).not.toBeNull();
  });

  it("wraps Prev at 0 and Next at 4294967295", async () => {
    const s = new Session(fakeApi());
    await s.go(0);
    await s.prev();
    expect(s.seed?.seed).toBe(4294967295);
    expect(s.text).toBe("4294967295");
    await s.next();
    expect(s.seed?.seed).toBe(0);
  });

  it("drops an answer that arrives after a newer request", async () => {
    const api = fakeApi();
    const s = new Session(api);
    const slow = s.open("slow");
    await s.go(9);
    api.pending.forEach((r) => r());
    expect(await slow).toBe(false);
    expect(s.seed?.seed).toBe(9);
  });

  it("opens today's daily seed with its key in the bar", async () => {
    const s = new Session(fakeApi());
    await s.today();
    expect(s.seed?.seed).toBe(176112159);
    expect(s.text).toBe("contraption:2026-7-28");
    expect(seedText(s.seed!)).toBe("contraption:2026-7-28");
  });

  it("switches to the inspector to show a seed from another view", async () => {
    const s = new Session(fakeApi());
    s.view = "calendar";
    await s.show("12");
    expect(s.view).toBe("inspector");
    expect(s.seed?.seed).toBe(12);
  });

  it("draws a random seed from the given bits", async () => {
    const s = new Session(fakeApi());
    await s.random((a) => void (a[0] = 123456));
    expect(s.seed?.seed).toBe(123456);
  });
});

describe("what the window derives from the session", () => {
  it("follows every change of the seed and the error, and nothing stays stale", async () => {
    const s = new Session(fakeApi());
    const seed = watch(() => s.seed?.seed ?? null);
    const error = watch(() => s.error);
    await s.go(42);
    flush();
    await s.open("bad");
    flush();
    await s.go(43);
    flush();
    expect(seed.values).toEqual([null, 42, 43]);
    expect(error.values).toEqual([null, "“bad” is not a seed", null]);
    seed.stop();
    error.stop();
  });
});
