#!/usr/bin/env bash
# Runs the end-to-end tests of the real window alone (Xvfb + tauri-driver), on the
# release build that is already there: `bash scripts/e2e.sh [TEST-FILTER...]`, e.g.
# `bash scripts/e2e.sh --test play`. The user's XDG directories are pointed at
# empty ones, and the run fails if anything but the graphics libraries' caches is
# written there (scripts/lib/user-dirs.sh). Build first with `cargo build --release -p
# contraption-studio -p contraption-cli` (scripts/test.sh does everything).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"
cd "$ROOT"
# shellcheck source=lib/display.sh
source "$ROOT/scripts/lib/display.sh"
# shellcheck source=lib/user-dirs.sh
source "$ROOT/scripts/lib/user-dirs.sh"
start_display
# The user's directories point at empty ones for the studios and the tests; the
# run fails if anything of the app's was written into them (every launch has a
# --profile).
isolate_user_dirs
start_driver "${USER_DIRS_ENV[@]}"
env "${USER_DIRS_ENV[@]}" cargo test --release -p contraption-e2e --no-fail-fast "$@" -- --test-threads=1
stop_driver
check_user_dirs
