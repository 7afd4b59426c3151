#!/usr/bin/env bash
# Installs whatever the studio needs and is missing, on Debian/Ubuntu with Rust,
# Node and npm: Tauri's Linux prerequisites, the WebDriver bits for the e2e tests,
# ImageMagick (e2e screenshots of the X display), the Debian packaging tools, Python
# with venv (scripts/python-test.sh makes a virtual environment), llvm-22 (its
# llvm-profdata, for the profile-guided CLI of scripts/build-pgo.sh: the LLVM
# rustc 1.95 is built on), the wasm32-wasip1 target (golden files under WebAssembly), the wasm32-unknown-unknown
# target and Chromium with ChromeDriver (the web player and its browser tests),
# tauri-driver, the UI's npm packages (the Tauri CLI among them), the UI build and
# the web player's page. Safe to run again.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/common.sh
source "$ROOT/scripts/lib/common.sh"


export PATH="$HOME/.cargo/bin:$PATH"
for tool in cargo node npm; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is required (install Rust and Node first)"
done

section "System packages (Tauri prerequisites, WebKitWebDriver, Xvfb, ImageMagick, packaging, Chromium + ChromeDriver for the web player's tests, llvm-profdata)"
APT_PACKAGES=(
  libwebkit2gtk-4.1-dev build-essential pkg-config libssl-dev
  libayatana-appindicator3-dev librsvg2-dev libxdo-dev
  webkit2gtk-driver xvfb curl file
  imagemagick binutils dpkg-dev desktop-file-utils
  python3 python3-venv python3-pip
  chromium chromium-driver
  llvm-22
)
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing: ${missing[*]}"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
else
  echo "all present: ${APT_PACKAGES[*]}"
fi

section "Rust targets wasm32-wasip1 (the golden files under WebAssembly) and wasm32-unknown-unknown (the web player's engine)"
for target in wasm32-wasip1 wasm32-unknown-unknown; do
  if rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    echo "present: $target"
  elif command -v rustup >/dev/null 2>&1; then
    rustup target add "$target"
  else
    fail "rustup is needed to add the $target target"
  fi
done

section "tauri-driver (WebDriver server for the e2e tests)"
if command -v tauri-driver >/dev/null 2>&1; then
  echo "present: $(command -v tauri-driver)"
else
  cargo install tauri-driver --locked --version '^2'
fi

section "UI dependencies (npm ci in ui/)"
cd "$ROOT/ui"
stamp="node_modules/.package-lock.json"
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  npm ci --no-audit --no-fund
else
  echo "node_modules is up to date with package-lock.json"
fi

section "UI build (ui/dist, embedded into the studio binary)"
npm run build

section "Web player page (ui/dist-web/player.html, built into the CLI and the studio)"
bash "$ROOT/scripts/build-web.sh"
