#!/usr/bin/env bash
# Runs the end-to-end tests of the real window alone (Xvfb + tauri-driver), on the
# release build that is already there: `bash scripts/e2e.sh [TEST-FILTER...]`, e.g.
# `bash scripts/e2e.sh --test play`. Build first with `cargo build --release -p
# contraption-studio -p contraption-cli` (scripts/test.sh does everything).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"
cd "$ROOT"
# shellcheck source=lib/display.sh
source "$ROOT/scripts/lib/display.sh"
start_display
start_driver
cargo test --release -p contraption-e2e --no-fail-fast "$@" -- --test-threads=1
