/**
 * The one door to the shell. Every command goes through `call()`; a refused
 * command throws `CommandFailed`, carrying the shell's message and its typed
 * error. Nothing else in the UI imports `invoke` (test/ipc.test.ts checks it).
 *
 * Features do not call `call()` with command names themselves: every command
 * has a typed function in `bindings/commands.ts`, generated from the Rust
 * command list (names, argument keys, argument and return types; checked by
 * studio-core's tests), and each feature's `api.ts` re-exports the ones it uses.
 */
import { Channel, invoke } from "@tauri-apps/api/core";
import type { CommandError } from "../bindings/CommandError";
import * as commands from "../bindings/commands";
import type { RulesInfo } from "../bindings/RulesInfo";

/** What a refused command returns: `{ message, error }`, the shell's one error type. */
export type AnyCommandError = CommandError;

/** The typed error of a refused command: `error` is the Rust error enum (tagged by `kind`). */
export class CommandFailed extends Error {
  override readonly name = "CommandFailed";
  /** The command that failed (e.g. `"parse_seed"`). */
  readonly command: string;
  /** The shell's error as sent: its message and its typed `error`. */
  readonly detail: AnyCommandError;

  constructor(command: string, detail: AnyCommandError) {
    super(detail.message);
    this.command = command;
    this.detail = detail;
  }

  /** The typed error enum (`{ kind: "invalid_seed", ... }` and so on). */
  get error(): AnyCommandError["error"] {
    return this.detail.error;
  }

  /** The error's `kind` tag: one of the union's kinds, each distinct (docs/studio/ipc.md, "Errors"). */
  get kind(): AnyCommandError["error"]["kind"] {
    return this.detail.error.kind;
  }
}

function isCommandError(e: unknown): e is AnyCommandError {
  if (typeof e !== "object" || e === null || !("message" in e) || !("error" in e)) return false;
  const inner = (e as { error: unknown }).error;
  return typeof (e as { message: unknown }).message === "string" && typeof inner === "object" && inner !== null && "kind" in inner;
}

/** The function that reaches the shell; tests swap it (`setTransport`). */
export type Transport = (command: string, args?: Record<string, unknown>) => Promise<unknown>;

let transport: Transport = (command, args) => invoke(command, args);

/** Replaces the transport (unit tests only); returns a function that restores the previous one. */
export function setTransport(t: Transport): () => void {
  const previous = transport;
  transport = t;
  return () => {
    transport = previous;
  };
}

/** Calls one shell command. Throws `CommandFailed` for the shell's typed errors, anything else as is. */
export async function call<T>(command: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return (await transport(command, args)) as T;
  } catch (e) {
    if (isCommandError(e)) throw new CommandFailed(command, e);
    throw e;
  }
}

/** A channel whose messages go to `onEvent` (pass it as a command argument, e.g. `onEvent`). */
export function channel<E>(onEvent: (event: E) => void): Channel<E> {
  const c = new Channel<E>();
  c.onmessage = onEvent;
  return c;
}

/** Words for any error: the shell's message for `CommandFailed`, else the error's message. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

/** Cancels a running job (a sweep or a scan); false when no such job runs. Shared by every feature. */
export const cancelJob = (job: number): Promise<boolean> => commands.cancelJob(job);

let rulesOnce: Promise<RulesInfo> | null = null;
/** The engine's rules in force (`rules` command: every constant of `contraption::rules`), asked once per window until they change. */
export const rules = (): Promise<RulesInfo> => (rulesOnce ??= commands.rules());
/** Asks for the rules in force again (after the rules view applied a draft or went back to the default). */
export const refreshRules = (): Promise<RulesInfo> => {
  rulesOnce = null;
  return rules();
};

/**
 * What the views remember across restarts (`view_settings`: a small file in the
 * studio's profile, never the webview's storage). Shared by every view.
 */
export { viewSettings } from "../bindings/commands";
/** Remembers every field `settings` sets (the others stay); returns all that is remembered. */
export { setViewSettings } from "../bindings/commands";
