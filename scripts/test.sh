#!/usr/bin/env bash
# One command to run every test: formatting, lints, engine + CLI + studio-core tests
# (the studio's logic, IPC bindings staleness, capabilities), the Python package
# (pytest, Dask LocalCluster), the golden files under
# WebAssembly, the shell's command line, UI typecheck and unit tests, the studio build,
# the profile-guided CLI (built, and the same bytes out as the release CLI), the
# end-to-end tests of the real window under Xvfb + tauri-driver and of the web
# player in headless Chromium (e2e/tests/web_player.rs), and the Debian
# package (built with that CLI, inspected, installed, run, removed).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/common.sh
source "$ROOT/scripts/lib/common.sh"
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-always}"

# Every step is timed; the times are printed at the end, also when a step fails
# (so a slow CI run says where its time went).
STEP_NAME="set-up (scripts/setup.sh)"
STEP_START=$SECONDS
STEP_TIMES=()
end_step() {
  STEP_TIMES+=("$(printf '%6d s  %s' $((SECONDS - STEP_START)) "$STEP_NAME")")
}
step() {
  end_step
  STEP_NAME="$*"
  STEP_START=$SECONDS
  section "$*"
}
print_times() {
  end_step
  printf '\n\033[1;36m==> time per step (%d s in all)\033[0m\n' "$SECONDS" >&2
  printf '%s\n' "${STEP_TIMES[@]}" >&2
}
trap print_times EXIT

bash "$ROOT/scripts/setup.sh"
cd "$ROOT"

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (workspace, all targets, warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo test (engine, catalog, render, io, CLI, studio-core)"
cargo test

step "Python package (PyO3): pytest in a virtual environment, Dask LocalCluster scans"
bash scripts/python-test.sh

step "Golden files in the release profile too (the same bytes in every build profile)"
cargo test --release -p contraption-engine --test golden

step "Golden files under WebAssembly (wasm32-wasip1 run by Node's WASI, byte for byte)"
bash scripts/golden-wasm.sh

step "Studio shell: its command line answers without a display"
cargo test --release -p contraption-studio

step "UI typecheck (svelte-check, strict, warnings fail)"
(cd ui && npm run typecheck)

step "UI unit tests (vitest)"
(cd ui && npm test)

step "Build the studio and the CLI (release)"
cargo build --release -p contraption-studio -p contraption-cli

step "Profile-guided CLI (scripts/build-pgo.sh): built, and the same bytes as the release CLI"
pgo_cli="$(bash scripts/build-pgo.sh | tail -n 1)"
bash scripts/check-same-output.sh "$pgo_cli" target/release/contraption

step "End-to-end tests of the real window (Xvfb + tauri-driver) and of the web player (headless Chromium + chromedriver)"
# shellcheck source=lib/display.sh
source "$ROOT/scripts/lib/display.sh"
# display.sh sets its own EXIT trap (stop Xvfb and the driver): keep both.
trap 'cleanup; print_times' EXIT
# shellcheck source=lib/user-dirs.sh
source "$ROOT/scripts/lib/user-dirs.sh"
start_display
rm -f e2e/screenshots/*.png
# The user's XDG directories point at empty ones for the studios and the tests
# (every launch has a --profile); checked after the two runs below.
isolate_user_dirs
start_driver "${USER_DIRS_ENV[@]}"
env "${USER_DIRS_ENV[@]}" cargo test --release -p contraption-e2e --no-fail-fast -- --test-threads=1
stop_driver

step "End-to-end: hi-DPI window (GDK_SCALE=2)"
start_driver GDK_SCALE=2 "${USER_DIRS_ENV[@]}"
env "${USER_DIRS_ENV[@]}" E2E_EXPECT_DPR=2 cargo test --release -p contraption-e2e -- --test-threads=1 canvases_follow_the_pixel_ratio
stop_driver

step "End-to-end: nothing was written into the user's directories"
check_user_dirs

step "Debian package: build it with Tauri's bundler from the release binaries"
package_start=$SECONDS
deb="$(PACKAGE_SKIP_SETUP=1 PACKAGE_CLI="$pgo_cli" bash scripts/package.sh | tail -n 1)"
echo "packaging took $((SECONDS - package_start)) s: $deb"

step "Debian package: inspect, install, run the CLI and the studio, remove"
check_start=$SECONDS
start_driver
bash scripts/package-check.sh "$deb"
stop_driver
echo "the package check took $((SECONDS - check_start)) s"
echo "screenshots: $ROOT/e2e/screenshots"

step "All tests passed"
