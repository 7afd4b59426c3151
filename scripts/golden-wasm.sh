#!/usr/bin/env bash
# The golden files under WebAssembly: builds the runner in tests/wasm/ for
# wasm32-wasip1 (a release build of the engine alone), runs it with Node's
# node:wasi once per file in tests/golden/ (and in each tests/golden/NAME/, under
# the rules of rules/NAME.json given on standard input), and compares its output
# with the file byte for byte. A different instruction set, compiler back end and runtime (V8)
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
# check FILE [RULES]: the runner's text for FILE (under the rules file RULES, given
# on standard input) must be FILE byte for byte.
check() {
  local file="$1" rules="${2:-}" name
  name="$(basename "$file" .txt)"
  if [ -n "$rules" ]; then
    node tests/wasm/run.mjs "$wasm" "$name" - <"$rules" >"$out"
  else
    node tests/wasm/run.mjs "$wasm" "$name" </dev/null >"$out"
  fi
  if ! cmp -s "$out" "$file"; then
    echo "error: $file differs under wasm32-wasip1 (golden file first, wasm output second):" >&2
    diff "$file" "$out" | head -n 20 >&2 || true
    exit 1
  fi
  echo "identical under wasm32-wasip1 + node:wasi: $file${rules:+ (rules $rules)} ($(wc -c <"$file") bytes)"
  count=$((count + 1))
}
# The default rules' files, then each directory's under rules/DIRECTORY.json.
for file in tests/golden/*.txt; do
  check "$file"
done
for dir in tests/golden/*/; do
  dir="${dir%/}"
  rules="rules/$(basename "$dir").json"
  [ -f "$rules" ] || { echo "error: $dir has no rules file $rules" >&2; exit 1; }
  for file in "$dir"/*.txt; do
    check "$file" "$rules"
  done
done
[ "$count" -gt 0 ] || { echo "error: no golden files in tests/golden" >&2; exit 1; }
