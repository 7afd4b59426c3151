#!/usr/bin/env bash
# The one-file web player's page, ui/dist-web/player.html: the play crate's engine
# for wasm32-unknown-unknown (crate contraption-web, profile `web`), then the page
# build (ui/vite.web.config.ts: the studio's play code with the page's host, the
# wasm inlined as base64). The CLI and the studio build the page in (crate
# contraption-player-page). scripts/setup.sh runs this; run it again after
# changing the engine, the play crate or the play UI.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

cargo build --profile web --locked --target wasm32-unknown-unknown -p contraption-web
target_dir="$(cargo metadata --format-version 1 --no-deps |
  node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8")).target_directory)')"
wasm="$target_dir/wasm32-unknown-unknown/web/contraption_web.wasm"
echo "the page's engine: $wasm ($(wc -c <"$wasm") bytes)"
cd ui
CONTRAPTION_WASM="$wasm" npm run build:web
echo "the page: $ROOT/ui/dist-web/player.html ($(wc -c <dist-web/player.html) bytes)"
