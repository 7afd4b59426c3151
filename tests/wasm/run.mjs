// Runs a WASI program (wasm32-wasip1) with Node's node:wasi: its stdin, stdout and
// stderr are this process's, its exit code is this process's, and it sees no files
// and no environment (the engine needs neither; rules come on stdin). Used by
// scripts/golden-wasm.sh:
//
//   node tests/wasm/run.mjs target/wasm32-wasip1/release/contraption-golden.wasm level_hashes
//   node tests/wasm/run.mjs …/contraption-golden.wasm gear_runs - < rules/gears.json
//
// Node 20 prints an ExperimentalWarning for node:wasi; it is silenced here so
// stderr carries only the program's own messages.
import { readFile } from "node:fs/promises";
import process from "node:process";

process.removeAllListeners("warning");
const { WASI } = await import("node:wasi");

const [wasmPath, ...args] = process.argv.slice(2);
if (!wasmPath) {
  process.stderr.write("usage: node run.mjs PROGRAM.wasm [ARGS...]\n");
  process.exit(2);
}

const wasi = new WASI({
  version: "preview1",
  args: [wasmPath, ...args],
  env: {},
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(wasmPath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
