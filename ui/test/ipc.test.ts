import { describe, expect, it } from "vitest";
import { call, CommandFailed, errorMessage, setTransport } from "../src/lib/ipc";

describe("call", () => {
  it("returns the command's answer, with the command name and arguments passed through", async () => {
    const seen: unknown[] = [];
    const restore = setTransport(async (command, args) => {
      seen.push([command, args]);
      return { seed: 42 };
    });
    try {
      expect(await call<{ seed: number }>("parse_seed", { text: "42" })).toEqual({ seed: 42 });
      expect(seen).toEqual([["parse_seed", { text: "42" }]]);
    } finally {
      restore();
    }
  });

  it("turns the shell's { message, error } into one typed CommandFailed", async () => {
    const detail = { message: "“x” is not a seed", error: { kind: "invalid_seed", error: { kind: "empty" } } };
    const restore = setTransport(async () => {
      throw detail;
    });
    try {
      const e = await call("parse_seed", { text: "x" }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(CommandFailed);
      const f = e as CommandFailed;
      expect(f.message).toBe("“x” is not a seed");
      expect(f.command).toBe("parse_seed");
      expect(f.kind).toBe("invalid_seed");
      expect(f.error).toEqual(detail.error);
      expect(errorMessage(f)).toBe("“x” is not a seed");
    } finally {
      restore();
    }
  });

  it("passes any other failure through unchanged", async () => {
    const restore = setTransport(async () => {
      throw "window closed";
    });
    try {
      const e = await call("inspect", { seed: 1 }).catch((x: unknown) => x);
      expect(e).toBe("window closed");
      expect(errorMessage(e)).toBe("window closed");
    } finally {
      restore();
    }
  });
});
