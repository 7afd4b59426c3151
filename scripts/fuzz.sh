#!/usr/bin/env bash
# Runs every fuzz target (cargo-fuzz, libFuzzer) for a while: the readers of user
# files must refuse bad input, never panic. Usage: bash scripts/fuzz.sh [SECONDS]
# cargo-fuzz needs nightly flags; RUSTC_BOOTSTRAP=1 lets the stable toolchain take them.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_EACH="${1:-30}"
export PATH="$HOME/.cargo/bin:$PATH"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
cd "$ROOT/fuzz"
for target in level_file share_code solution seed catalog_file catalog_rows rules_file scene summary_file checkpoint page_link; do
  mkdir -p "corpus/$target"
  [ -d "seeds/$target" ] && cp -n "seeds/$target"/* "corpus/$target/" 2>/dev/null || true
  echo "==> fuzzing $target for ${SECONDS_EACH}s"
  # One target after another, at low priority: the machine is shared.
  RUSTC_BOOTSTRAP=1 nice cargo fuzz run "$target" "corpus/$target" -- -max_total_time="$SECONDS_EACH"
done
