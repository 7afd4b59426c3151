#!/usr/bin/env bash
# Builds the CLI with profile-guided optimisation, for long runs over the seed
# space (a whole-space search, a scan of millions): about a quarter less CPU
# time than the plain release build (docs/performance.md), with the same bytes
# out (scripts/check-same-output.sh compares the two).
#
# 1. an instrumented build runs a training set: scans and searches of every
#    class, under the default rules and rules/gears.json;
# 2. its profiles are merged with llvm-profdata (Debian's llvm-22, the LLVM rustc 1.95 is built on, which
#    scripts/setup.sh installs: the toolchain has no llvm-tools component here);
# 3. the CLI is built again using them.
# Both builds are in target/pgo/target (the dependencies built once, without
# profiles: scripts/lib/pgo-rustc.sh gives the flags to the project's crates).
# Prints the binary's path (target/pgo/contraption) as its last line.
# Optimisation changes which instructions run, never what they compute: the
# build has no fast-math, and the engine's arithmetic is plain IEEE (libm).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/common.sh
source "$ROOT/scripts/lib/common.sh"
export PATH="$HOME/.cargo/bin:$PATH"
cd "$ROOT"

profdata="$(command -v llvm-profdata-22 || true)"
[ -n "$profdata" ] || fail "llvm-profdata-22 is missing: run bash scripts/setup.sh (it installs Debian's llvm-22)"

out="$ROOT/target/pgo"
profiles="$out/profiles"
rm -rf "$profiles"
mkdir -p "$profiles"
# One target directory for both builds: the dependencies are built once, plain
# (the wrapper gives the flags to the project's crates only); the project's
# crates are cleaned before each build so that each is compiled with its flags.
export CARGO_TARGET_DIR="$out/target"
export RUSTC_WRAPPER="$ROOT/scripts/lib/pgo-rustc.sh"
# The workspace's packages: cleaned before each build (those the CLI does not
# use cost nothing to clean).
own_crates=()
while read -r name; do
  own_crates+=(-p "$name")
done < <(cargo metadata --format-version 1 --no-deps --locked |
  python3 -c 'import json, sys; print("\n".join(p["name"] for p in json.load(sys.stdin)["packages"]))')
[ "${#own_crates[@]}" -gt 0 ] || fail "cargo metadata listed no workspace packages"
build_with() {
  cargo clean --release "${own_crates[@]}" >&2
  PGO_RUSTFLAGS="$1" cargo build --release --locked -p contraption-cli >&2
}

section "PGO 1/3: the instrumented CLI"
build_with "-Cprofile-generate=$profiles"
gen="$out/gen-contraption"
cp "$CARGO_TARGET_DIR/release/contraption" "$gen"

section "PGO 2/3: the training set (scans and searches of every class, two rule sets)"
train() {
  echo "  contraption $*" >&2
  "$gen" "$@" >/dev/null 2>&1 || fail "training run failed: contraption $*"
}
for rules in "" "--rules rules/gears.json"; do
  # shellcheck disable=SC2086
  {
    train scan 0..1500 --json $rules
    train search 'walls = 5 and ramps = 2 and fans = 0 and bumpers = 0' 0..6000 $rules
    train search 'solves 17' 0..3000 $rules
    train search 'walls >= 5 and solving = 1' 0..2000 $rules
    train search 'solving = 1 or not solving >= 3' 0..1500 $rules
  }
done
train generate 42 --full --json
train sweep 42 --json
"$profdata" merge -o "$out/contraption.profdata" "$profiles"/*.profraw >&2 \
  || fail "llvm-profdata could not merge the profiles (a raw-profile version this llvm-profdata does not read?)"

section "PGO 3/3: the CLI built with the profile"
build_with "-Cprofile-use=$out/contraption.profdata"
cp "$CARGO_TARGET_DIR/release/contraption" "$out/contraption"
# The optimised build must not be the instrumented one: it writes no profile.
check="$(mktemp -d)"
LLVM_PROFILE_FILE="$check/run.profraw" "$out/contraption" rules show >/dev/null
[ -z "$(ls -A "$check")" ] || fail "the optimised CLI still writes profiles: it was not rebuilt"
rm -rf "$check"
echo "$out/contraption"
