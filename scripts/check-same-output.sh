#!/usr/bin/env bash
# Checks that two builds of the CLI print the same bytes: a scan of 10,000 seeds
# (the issue's byte-for-byte check), a scan under other rules, searches of every
# class with their whole-range summaries, a generator report, a sweep and a
# rendered level. Used on the profile-guided build (scripts/build-pgo.sh)
# against the plain release build.
#   bash scripts/check-same-output.sh NEW_CLI REFERENCE_CLI
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/common.sh
source "$ROOT/scripts/lib/common.sh"
cd "$ROOT"

[ $# -eq 2 ] || fail "usage: check-same-output.sh NEW_CLI REFERENCE_CLI"
new="$1"
ref="$2"
[ -x "$new" ] || fail "not an executable: $new"
[ -x "$ref" ] || fail "not an executable: $ref"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

same() {
  local name="$1"
  shift
  "$new" "$@" >"$work/new" 2>/dev/null || fail "$name: the new build failed"
  "$ref" "$@" >"$work/ref" 2>/dev/null || fail "$name: the reference build failed"
  [ -s "$work/ref" ] || fail "$name: printed nothing"
  cmp -s "$work/new" "$work/ref" || fail "$name: the two builds differ ($(cmp "$work/new" "$work/ref" | head -n 1))"
  echo "same bytes ($(wc -c <"$work/ref") of them): contraption $*"
}

same "scan" scan 0..10000 --json
same "scan, gears rules" scan 0..2000 --json --rules rules/gears.json
same "layout search" search 'walls = 5 and ramps = 2 and fans = 0 and bumpers = 0' 0..20000 --json
same "one-placement search" search 'solves 17' 0..5000 --json --summary full
same "sweep-bounded search" search 'walls >= 5 and solving = 1' 0..5000 --json
same "search, gears rules" search 'solving = 1 or not solving >= 3' 0..2000 --json --rules rules/gears.json
same "generator report" generate 42 --full --json
same "sweep" sweep 7 --json
"$new" render 42 -o "$work/new.png" >/dev/null 2>&1 || fail "render: the new build failed"
"$ref" render 42 -o "$work/ref.png" >/dev/null 2>&1 || fail "render: the reference build failed"
cmp -s "$work/new.png" "$work/ref.png" || fail "render: the two builds' PNGs differ"
echo "same bytes: contraption render 42"
