/**
 * Slow rules in the UI (src/lib/slow-rules.ts, src/lib/slow-confirm.svelte.ts):
 * the confirmation's words carry the shell's exact figures, a refusal is told
 * from any other failure, and a refused call is repeated with the allow flag
 * only after a yes.
 */
import { describe, expect, it } from "vitest";
import type { AnyCommandError } from "../src/lib/ipc";
import { CommandFailed } from "../src/lib/ipc";
import { SlowConfirm } from "../src/lib/slow-confirm.svelte";
import { askingIfSlow, costFigures, costLine, declinedWords, secondsWords, slowQuestion, slowRefusal, type SlowWhat } from "../src/lib/slow-rules";
import { ATTACK, refusedSlow, slowRules, V1_COST } from "./slow-fixtures";

describe("slow rules: the words", () => {
  it("says what one seed can cost in the designer's words, with the exact figures", () => {
    const q = slowQuestion(slowRules("/home/d/attack.json", ATTACK), "level");
    expect(q.title).toBe("Slow rules");
    expect(q.headline).toBe("One seed can take up to about 249 s under these rules (1,025,000,000 steps at the very worst; the everyday budget is about 1.4 s).");
    expect(q.figures).toContain("At the very worst one seed runs 10,250 simulations, 1,025,000,000 steps in all: 92,250,000,000 units of work (249.08 s on the reference machine, one core).");
    expect(q.figures).toContain("The everyday budget is 536,870,912 units (1.45 s).");
    expect(q.context).toBe("/home/d/attack.json embeds these rules (5ad0c0ffee00). Importing it regenerates its seed under them, and Play opens the level under them.");
    expect([q.question, q.confirm, q.cancel]).toEqual(["Open anyway?", "Open anyway", "Cancel"]);
  });

  it("names what each refusal came from, and applying asks to apply", () => {
    const words = (what: SlowWhat, path: string | null) => slowQuestion(slowRules(path, ATTACK), what);
    expect(words("solution", "/s.json").context).toBe("/s.json embeds these rules (5ad0c0ffee00). Opening it regenerates its level under them and replays it.");
    expect(words("rules_file", "/r.json").context).toMatch(/^\/r\.json holds these rules \(5ad0c0ffee00\)\. Opening it makes them the draft/);
    const apply = words("apply", null);
    expect(apply.context).toMatch(/^Applying the draft \(5ad0c0ffee00\) makes these rules the rules in force/);
    expect([apply.question, apply.confirm]).toEqual(["Apply anyway?", "Apply anyway"]);
    expect(declinedWords(slowRules("/l.json", ATTACK), "level")).toBe("Import cancelled: /l.json embeds slow rules (5ad0c0ffee00).");
    expect(declinedWords(slowRules(null, ATTACK), "apply")).toBe("Not applied: the draft's rules (5ad0c0ffee00) are slow; the rules in force are unchanged.");
  });

  it("reads seconds as a person would", () => {
    expect([0.7, 1.4495, 2.03, 9.96, 10.4, 249.075, 599, 1530, 7200].map(secondsWords)).toEqual([
      "about 0.7 s",
      "about 1.4 s",
      "about 2.0 s",
      "about 10.0 s",
      "about 10 s",
      "about 249 s",
      "about 599 s",
      "about 26 min",
      "about 120 min",
    ]);
  });

  it("gives the Rules view a short line, marked when slow, with every figure in its tooltip", () => {
    expect(costLine(V1_COST)).toBe("One seed: up to about 0.7 s · within the everyday budget");
    expect(costLine(ATTACK)).toBe("One seed: up to about 249 s · slow, over the everyday budget (about 1.4 s)");
    expect(costFigures(V1_COST)).toBe(
      "At the very worst one seed runs 5,800 simulations, 8,352,000 steps in all: 259,200,000 units of work (0.70 s on the reference machine, one core). The everyday budget is 536,870,912 units (1.45 s).",
    );
  });
});

describe("slow rules: the refusal and the repeated call", () => {
  it("tells a slow-rules refusal from every other failure, whichever part refused", () => {
    const s = slowRules("/x.json", ATTACK);
    for (const command of ["import_level_file", "open_solution", "open_rules_file", "apply_rules_draft"]) {
      expect(slowRefusal(refusedSlow(command, s))).toEqual(s);
    }
    const other = { message: "no", error: { kind: "refused", path: "/x.json", error: { kind: "not_text" } } } as unknown as AnyCommandError;
    expect(slowRefusal(new CommandFailed("import_level_file", other))).toBeNull();
    expect(slowRefusal(new Error("slow_rules"))).toBeNull();
  });

  it("repeats the call with the refusal only after a yes", async () => {
    const s = slowRules("/x.json", ATTACK);
    const calls: (string | null)[] = [];
    const request = async (allow: typeof s | null) => {
      calls.push(allow?.path ?? null);
      if (!allow) throw refusedSlow("import_level_file", s);
      return "read";
    };
    const asked: [unknown, SlowWhat][] = [];
    const yes = await askingIfSlow(request, async (r, what) => (asked.push([r, what]), true), "level");
    expect(yes).toEqual({ ok: true, value: "read", confirmed: s });
    expect(calls).toEqual([null, "/x.json"]);
    expect(asked).toEqual([[s, "level"]]);

    calls.length = 0;
    const no = await askingIfSlow(request, async () => false, "level");
    expect(no).toEqual({ ok: false, declined: s });
    expect(calls).toEqual([null]);
  });

  it("asks nothing when the rules are not slow, and throws any other failure", async () => {
    let asked = 0;
    const confirm = async () => (asked++, true);
    expect(await askingIfSlow(async () => 7, confirm, "apply")).toEqual({ ok: true, value: 7, confirmed: null });
    const boom = new Error("disk full");
    await expect(askingIfSlow(async () => Promise.reject(boom), confirm, "apply")).rejects.toBe(boom);
    expect(asked).toBe(0);
  });
});

describe("slow rules: the window's confirmation", () => {
  it("holds one question until it is answered; a new question answers the old one no", async () => {
    const c = new SlowConfirm();
    expect(c.asked).toBeNull();
    const s = slowRules("/a.json", ATTACK);
    const first = c.ask(s, "level");
    expect(c.asked).toEqual({ refusal: s, what: "level" });
    const second = c.ask(slowRules(null, ATTACK), "apply");
    expect(await first).toBe(false);
    expect(c.asked?.what).toBe("apply");
    c.answer(true);
    expect(await second).toBe(true);
    expect(c.asked).toBeNull();
    c.answer(false); // nothing pending: nothing happens
  });
});
