/**
 * Where the play code's engine runs in the one-file web player: inside the page
 * (src/web/engine.ts, the play crate compiled to WebAssembly). The page build
 * (vite.web.config.ts) puts this module where the studio's window has
 * src/play/host.ts; every other module of the play code is the window's own.
 *
 * The page plays the level its payload carries (written by `contraption export
 * --html` or the studio's "Playable page…"), or the level in its URL fragment
 * (`#level=1.…`, `contraption export --link`); the engine reads either strictly,
 * verifies it under the page's rules and refuses one made under other rules.
 * Save… downloads the engine's solution file; Open… reads one the player picks.
 */
import type { CommandError } from "../bindings/CommandError";
import type { Pin } from "../bindings/Pin";
import type { Placement } from "../bindings/Placement";
import type { SolutionFile } from "../bindings/SolutionFile";
import { CommandFailed } from "../lib/ipc";
import type { PlayApi, PlayLevel } from "../play/api";
import { ask } from "./engine";

/** Solution files are at most this many bytes (the engine's limit, checked before a file is read). */
const MAX_SOLUTION_BYTES = 65536;

const payloadText = document.getElementById("contraption-page")?.textContent ?? "";
// The template holds a mark, not JSON, until `contraption export --html` writes a payload in.
const hasPayload = payloadText.startsWith("{");

/** Whether the payload carries a solution (the engine reads the payload itself; a broken one it refuses, with why). */
function carriesSolution(): boolean {
  try {
    return hasPayload && (JSON.parse(payloadText) as { solution?: unknown }).solution != null;
  } catch {
    return false;
  }
}
const payloadSolution = carriesSolution();

let opened: PlayLevel | null = null;

const refused = (command: string, kind: string, message: string) => new CommandFailed(command, { message, error: { kind } } as unknown as CommandError);

function download(name: string, text: string): void {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** The file the player picks, or null when they cancel. */
function pick(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.addEventListener("change", () => resolve(input.files?.[0] ?? null));
    input.addEventListener("cancel", () => resolve(null));
    input.click();
  });
}

/** The play commands, answered by the page's engine. */
export const hostApi: PlayApi = {
  async playLevel(seed: number, rules: string, pins: Pin[]) {
    const same = opened && opened.seed === seed && opened.rules.rules_id === rules && JSON.stringify(pins) === JSON.stringify(opened.edited?.pins ?? []);
    if (!opened || !same)
      throw refused("play_level", "other_level", `This page plays the level it was opened with (seed ${opened?.seed ?? "—"}${opened?.edited ? ", edited" : ""}); another level needs its own page or link.`);
    return opened;
  },
  checkPart: (_seed: number, _rules: string, _pins: Pin[], placements: Placement[], index: number, candidate: Placement) =>
    ask("check_part", { placements, index, candidate }),
  runPlay: (_seed: number, _rules: string, _pins: Pin[], placements: Placement[]) => ask("run", { placements }),
  async saveSolution(seed: number, _rules: string, _pins: Pin[], placements: Placement[]) {
    const text = await ask<string>("solution_text", { placements });
    const name = `contraption-${seed}.solution.json`;
    const replayed = await ask<SolutionFile>("replay", { text });
    download(name, text);
    return { ...replayed, path: name };
  },
  async openSolution() {
    const file = await pick();
    if (!file) return null;
    if (file.size > MAX_SOLUTION_BYTES)
      throw refused("open_solution", "solution", `the file is ${file.size} bytes; solution files are at most ${MAX_SOLUTION_BYTES} bytes`);
    const replayed = await ask<SolutionFile>("replay", { text: await file.text() });
    return { ...replayed, path: file.name };
  },
};

/**
 * The browser test's one look inside the engine (e2e/tests/web_player.rs): the
 * text of a golden file (`tests/golden/NAME.txt`) as this page's engine computes
 * it under the page's rules.
 */
(window as unknown as { __contraptionGolden: (name: string) => Promise<string> }).__contraptionGolden = (name: string) => ask<string>("golden", { name });

/** What the play code opens first. */
export type HostStart = { seed: number; rules: string; pins: Pin[] } | { error: string };

/** Opens the page's level (or the fragment's) in the engine. */
export async function hostStart(): Promise<HostStart> {
  // Another level pasted into the address bar opens in this page.
  window.addEventListener("hashchange", () => location.reload());
  if (!hasPayload) return { error: "This page holds no level: it is the player's template (contraption export SEED --html FILE writes a playable page)." };
  try {
    opened = await ask<PlayLevel>("open", { payload: payloadText, fragment: location.hash });
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  const level = opened;
  document.body.dataset["engine"] = JSON.stringify(await ask("version"));
  return { seed: level.seed, rules: level.rules.rules_id, pins: level.edited?.pins ?? [] };
}

/**
 * The page's solution, to watch: replayed by the engine (null when the page was
 * made without one, or opened another level from its link: the solution is of
 * the page's own level).
 */
export const hostSolution: (() => Promise<SolutionFile | null>) | null =
  payloadSolution && location.hash === "" ? () => ask<SolutionFile | null>("solution") : null;

