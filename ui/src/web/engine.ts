/**
 * The web player's engine: the play crate compiled to WebAssembly (`web/`,
 * built by scripts/build-web.sh) and inlined into the page as base64, so the
 * page needs no file but itself. Requests and replies are JSON text in the
 * module's memory (see web/src/lib.rs); a refusal is thrown as the same
 * `CommandFailed` the studio's commands throw, so the play code shows both alike.
 */
import engineBase64 from "virtual:contraption-engine";
import type { CommandError } from "../bindings/CommandError";
import { CommandFailed } from "../lib/ipc";

interface EngineExports {
  memory: WebAssembly.Memory;
  alloc(len: number): number;
  call(ptr: number, len: number): number;
  reply_len(): number;
}

let instance: Promise<EngineExports> | null = null;

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The engine, instantiated once (it imports nothing: no clock, no I/O). */
function engine(): Promise<EngineExports> {
  instance ??= WebAssembly.instantiate(decodeBase64(engineBase64), {}).then((r) => r.instance.exports as unknown as EngineExports);
  return instance;
}

/**
 * Asks the engine `op` with `args`; its answer, or its refusal thrown as
 * `CommandFailed(op, …)`. An engine that stopped (a trap: it never should) is
 * dropped, so the next request starts a fresh one, and the request fails saying so.
 */
export async function ask<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
  const e = await engine();
  const input = new TextEncoder().encode(JSON.stringify({ op, ...args }));
  let text: string;
  try {
    const ptr = e.alloc(input.length);
    new Uint8Array(e.memory.buffer, ptr, input.length).set(input);
    const out = e.call(ptr, input.length);
    text = new TextDecoder().decode(new Uint8Array(e.memory.buffer, out, e.reply_len()));
  } catch (trap) {
    instance = null;
    const message = `the page's engine stopped (${trap instanceof Error ? trap.message : String(trap)}); reload the page`;
    throw new CommandFailed(op, { message, error: { kind: "engine_stopped" } } as unknown as CommandError);
  }
  const reply = JSON.parse(text) as { ok: T } | { error: CommandError };
  if ("error" in reply) throw new CommandFailed(op, reply.error);
  return reply.ok;
}
