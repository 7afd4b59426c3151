#!/usr/bin/env bash
# One command to build everything and open the Contraption Level Studio.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/common.sh
source "$ROOT/scripts/lib/common.sh"

bash "$ROOT/scripts/setup.sh"

section "Build the studio (release, ui/dist embedded)"
cd "$ROOT"
cargo build --release -p contraption-studio -p contraption-cli

section "Open the studio"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "No display found (DISPLAY/WAYLAND_DISPLAY unset). The binary is ready:" >&2
  echo "  $ROOT/target/release/contraption-studio" >&2
  exit 1
fi
exec "$ROOT/target/release/contraption-studio" "$@"
