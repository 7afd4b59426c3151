#!/usr/bin/env bash
# The golden files under WebAssembly: builds the runner in tests/wasm/ for
# wasm32-wasip1 (a release build of the engine alone), runs it with Node's
# node:wasi once per file in tests/golden/, and compares its output with the file
# byte for byte. A different instruction set, compiler back end and runtime (V8)
# must give the same bytes as x86_64. scripts/test.sh runs it; it needs the
# wasm32-wasip1 target (scripts/setup.sh adds it).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

cargo build --release --locked --target wasm32-wasip1 -p contraption-golden
target_dir="$(cargo metadata --format-version 1 --no-deps |
  node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8")).target_directory)')"
wasm="$target_dir/wasm32-wasip1/release/contraption-golden.wasm"

out="$(mktemp)"
trap 'rm -f "$out"' EXIT
count=0
for file in tests/golden/*.txt; do
  name="$(basename "$file" .txt)"
  node tests/wasm/run.mjs "$wasm" "$name" >"$out"
  if ! cmp -s "$out" "$file"; then
    echo "error: $file differs under wasm32-wasip1 (golden file first, wasm output second):" >&2
    diff "$file" "$out" | head -n 20 >&2 || true
    exit 1
  fi
  echo "identical under wasm32-wasip1 + node:wasi: $file ($(wc -c <"$file") bytes)"
  count=$((count + 1))
done
[ "$count" -gt 0 ] || { echo "error: no golden files in tests/golden" >&2; exit 1; }
