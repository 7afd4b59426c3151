import { describe, expect, it, vi } from "vitest";
import { comboOf, GLOBAL, isTextField, KeyMap, keyLabel, type KeyEventLike } from "../src/lib/keys";

/** A keydown as the window would see it (target: an element-like object). */
function press(key: string, opts: { ctrl?: boolean; alt?: boolean; target?: object | null } = {}): KeyEventLike & { prevented: boolean } {
  const ev = {
    key,
    ctrlKey: opts.ctrl ?? false,
    metaKey: false,
    altKey: opts.alt ?? false,
    target: (opts.target ?? { tagName: "BODY" }) as EventTarget,
    defaultPrevented: false,
    prevented: false,
    preventDefault() {
      ev.prevented = true;
      ev.defaultPrevented = true;
    },
  };
  return ev;
}

function studioKeys() {
  const map = new KeyMap();
  const calls: string[] = [];
  map.register("inspector", "Seed", [{ keys: ["]"], description: "next seed", run: () => void calls.push("next seed") }]);
  map.register("inspector", "Inspector", [
    { keys: ["ArrowDown", "j"], description: "next attempt", run: () => void calls.push("next attempt") },
  ]);
  map.register("seeds", "Seeds", [{ keys: ["j"], description: "next row", run: () => void calls.push("next row") }]);
  map.register(GLOBAL, "Help", [{ keys: ["?"], description: "keys", run: () => void calls.push("help") }]);
  return { map, calls };
}

describe("key map scoping", () => {
  it("fires a view's keys only while that view is active", () => {
    const { map, calls } = studioKeys();
    map.setScope("inspector");
    expect(map.handle(press("]"))).toBe(true);
    expect(calls).toEqual(["next seed"]);

    // The symptom of issue 9: `]` changed the hidden inspector's seed from a catalog view.
    map.setScope("seeds");
    const ev = press("]");
    expect(map.handle(ev)).toBe(false);
    expect(ev.prevented).toBe(false);
    expect(calls).toEqual(["next seed"]);
  });

  it("lets the same key mean different things in different views", () => {
    const { map, calls } = studioKeys();
    map.setScope("seeds");
    map.handle(press("j"));
    map.setScope("inspector");
    map.handle(press("j"));
    map.handle(press("ArrowDown"));
    expect(calls).toEqual(["next row", "next attempt", "next attempt"]);
  });

  it("fires global keys in every view, and a view's key wins over a global one", () => {
    const { map, calls } = studioKeys();
    for (const scope of ["inspector", "seeds", "calendar"]) {
      map.setScope(scope);
      map.handle(press("?"));
    }
    expect(calls).toEqual(["help", "help", "help"]);
    map.register("calendar", "Calendar", [{ keys: ["?"], description: "calendar help", run: () => void calls.push("calendar ?") }]);
    map.handle(press("?"));
    expect(calls.at(-1)).toBe("calendar ?");
  });

  it("ignores keys typed into text fields, and Escape leaves the field", () => {
    const { map, calls } = studioKeys();
    map.setScope("inspector");
    const blur = vi.fn();
    for (const target of [
      { tagName: "INPUT", type: "text", blur },
      { tagName: "INPUT", type: "number", blur },
      { tagName: "TEXTAREA", blur },
      { tagName: "SELECT", blur },
      { tagName: "DIV", isContentEditable: true, blur },
    ]) {
      expect(isTextField(target as unknown as EventTarget)).toBe(true);
      expect(map.handle(press("]", { target }))).toBe(false);
      map.handle(press("Escape", { target }));
    }
    expect(calls).toEqual([]);
    expect(blur).toHaveBeenCalledTimes(5);
    // A checkbox or a button does not take text: keys still work there.
    expect(isTextField({ tagName: "INPUT", type: "checkbox" } as unknown as EventTarget)).toBe(false);
    map.handle(press("]", { target: { tagName: "INPUT", type: "checkbox" } }));
    map.handle(press("]", { target: { tagName: "BUTTON" } }));
    expect(calls).toEqual(["next seed", "next seed"]);
  });

  it("fires a binding marked inFields from a text field", () => {
    const map = new KeyMap();
    const save = vi.fn();
    map.register("play", "Play", [{ keys: ["Ctrl+s"], description: "save", run: save, inFields: true }]);
    map.setScope("play");
    expect(map.handle(press("s", { ctrl: true, target: { tagName: "INPUT", type: "text" } }))).toBe(true);
    expect(save).toHaveBeenCalledOnce();
  });

  it("matches modifiers exactly: Ctrl+S is not S", () => {
    const map = new KeyMap();
    const calls: string[] = [];
    map.register("play", "Play", [
      { keys: ["s"], description: "s", run: () => void calls.push("s") },
      { keys: ["Ctrl+s"], description: "save", run: () => void calls.push("save") },
    ]);
    map.setScope("play");
    map.handle(press("s", { ctrl: true }));
    map.handle(press("s"));
    map.handle(press("s", { alt: true }));
    expect(calls).toEqual(["save", "s"]);
    expect(comboOf({ key: "o", ctrlKey: false, metaKey: true, altKey: false })).toBe("Ctrl+o");
  });

  it("leaves the event alone when the action says it did nothing", () => {
    const map = new KeyMap();
    map.register(GLOBAL, "x", [{ keys: ["Tab"], description: "next part", run: () => false }]);
    const ev = press("Tab");
    expect(map.handle(ev)).toBe(false);
    expect(ev.prevented).toBe(false);
  });

  it("gives every key to a trap (an open modal) and none to the shortcuts behind it", () => {
    const { map, calls } = studioKeys();
    map.setScope("inspector");
    const trapped: string[] = [];
    const release = map.trap((ev) => void trapped.push(ev.key));
    map.handle(press("]"));
    map.handle(press("?"));
    expect(calls).toEqual([]);
    expect(trapped).toEqual(["]", "?"]);
    release();
    map.handle(press("]"));
    expect(calls).toEqual(["next seed"]);
  });

  it("unregisters a group", () => {
    const map = new KeyMap();
    const run = vi.fn();
    const off = map.register(GLOBAL, "x", [{ keys: ["x"], description: "x", run }]);
    off();
    map.handle(press("x"));
    expect(run).not.toHaveBeenCalled();
    expect(map.help()).toEqual([]);
  });
});

describe("help", () => {
  it("lists the active view's keys first, then the global ones, and nothing of other views", () => {
    const { map } = studioKeys();
    map.setScope("inspector");
    expect(map.help()).toEqual([
      { title: "Seed", entries: [{ label: "]", description: "next seed" }] },
      { title: "Inspector", entries: [{ label: "↓ J", description: "next attempt" }] },
      { title: "Help", entries: [{ label: "?", description: "keys" }] },
    ]);
    expect(map.help("seeds").map((g) => g.title)).toEqual(["Seeds", "Help"]);
  });

  it("lists groups of the same title, registered by different components, as one", () => {
    const map = new KeyMap();
    map.register(GLOBAL, "Seed bar", [{ keys: ["/"], description: "edit the seed", run: () => {} }]);
    map.register(GLOBAL, "Seed bar", [{ keys: ["c"], description: "copy the seed", run: () => {} }]);
    expect(map.help()).toEqual([
      {
        title: "Seed bar",
        entries: [
          { label: "/", description: "edit the seed" },
          { label: "C", description: "copy the seed" },
        ],
      },
    ]);
  });

  it("writes keys readably", () => {
    expect(keyLabel(["ArrowDown", "j"])).toBe("↓ J");
    expect(keyLabel(["Ctrl+s"])).toBe("Ctrl+S");
    expect(keyLabel([" "])).toBe("Space");
    expect(keyLabel(["Escape"])).toBe("Esc");
  });
});
