#!/usr/bin/env bash
# RUSTC_WRAPPER for scripts/build-pgo.sh: adds $PGO_RUSTFLAGS to the compiler's
# arguments for the project's own crates (crate names starting with
# "contraption"), and nothing to the dependencies, so one build of the
# dependencies serves both the instrumented build and the optimised one.
set -euo pipefail
rustc="$1"
shift
own=0
prev=""
for arg in "$@"; do
  if [ "$prev" = "--crate-name" ] && [[ "$arg" == contraption* ]]; then
    own=1
  fi
  prev="$arg"
done
if [ "$own" = 1 ] && [ -n "${PGO_RUSTFLAGS:-}" ]; then
  # shellcheck disable=SC2086
  exec "$rustc" "$@" $PGO_RUSTFLAGS
fi
exec "$rustc" "$@"
