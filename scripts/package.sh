#!/usr/bin/env bash
# Builds the Debian package of the studio with Tauri's bundler (@tauri-apps/cli,
# pinned in ui/package.json): /usr/bin/contraption-studio, /usr/bin/contraption
# (the CLI), a desktop entry, the icons at every size and a Depends line from
# dpkg-shlibdeps, with the version of the src-tauri crate. The binaries are the release build
# (built here when missing or stale, reused when scripts/test.sh just made them; the
# CLI's is the profile-guided one, below),
# stripped into a staging directory; their debug symbols are kept beside the
# package (NAME.debug, linked from the binary by .gnu_debuglink).
#
#   bash scripts/package.sh   # prints the .deb's path on its last line
#
# Set PACKAGE_SKIP_SETUP=1 when scripts/setup.sh has already run (scripts/test.sh
# does): setup rebuilds ui/dist, which makes cargo re-embed it into the studio.
#
# The CLI packaged is the profile-guided build (scripts/build-pgo.sh: the same
# bytes out, about a quarter less CPU time, docs/performance.md), built here
# unless PACKAGE_CLI names it (scripts/test.sh builds and checks it first).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/common.sh
source "$ROOT/scripts/lib/common.sh"
export PATH="$HOME/.cargo/bin:$PATH"
cd "$ROOT"

if [ "${PACKAGE_SKIP_SETUP:-}" != 1 ]; then
  bash scripts/setup.sh >&2
fi
for tool in strip objcopy dpkg-shlibdeps; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is required (binutils, dpkg-dev: scripts/setup.sh installs them)"
done
[ -x ui/node_modules/.bin/tauri ] || fail "the Tauri CLI is missing from ui/node_modules (run scripts/setup.sh)"

section "Release build of the studio and the CLI (reused when up to date)"
cargo build --release --locked -p contraption-studio -p contraption-cli >&2

metadata="$(cargo metadata --format-version 1 --no-deps --locked)"
field() { node -e "const m = JSON.parse(require('fs').readFileSync(0, 'utf8')); process.stdout.write(String($1))" <<<"$metadata"; }
target_dir="$(field 'm.target_directory')"
version="$(field 'm.packages.find((p) => p.name === "contraption-studio").version')"
release="$target_dir/release"

cli="${PACKAGE_CLI:-}"
if [ -z "$cli" ]; then
  section "The profile-guided CLI (scripts/build-pgo.sh)"
  cli="$(bash scripts/build-pgo.sh | tail -n 1)"
fi
[ -x "$cli" ] || fail "the CLI to package is missing: $cli"

section "Stripped copies in a staging directory (debug symbols kept beside them)"
# The bundler reads the binaries from <target dir>/release; pointing it at a staging
# target dir lets it package stripped copies without touching the real build.
stage="$target_dir/deb"
rm -rf "$stage"
mkdir -p "$stage/release"
for bin in contraption-studio contraption; do
  built="$release/$bin"
  if [ "$bin" = contraption ]; then
    built="$cli"
  fi
  [ -x "$built" ] || fail "$built is missing after the build"
  objcopy --only-keep-debug "$built" "$stage/$bin.debug"
  strip --strip-all -o "$stage/release/$bin" "$built"
  (cd "$stage" && objcopy --add-gnu-debuglink="$bin.debug" "release/$bin")
  printf '%s: %s -> %s bytes\n' "$bin" "$(stat -c %s "$built")" "$(stat -c %s "$stage/release/$bin")" >&2
done

section "Depends: the packages of the shared libraries the binaries load (dpkg-shlibdeps)"
# As debhelper's ${shlibs:Depends}: computed from the binaries on the build machine.
# The bundler adds libwebkit2gtk-4.1-0 and libgtk-3-0 itself (unversioned), so
# those two are left out here rather than named twice.
mkdir -p "$stage/shlibs/debian"
printf 'Source: contraption-level-studio\n\nPackage: contraption-level-studio\nArchitecture: any\n' \
  >"$stage/shlibs/debian/control"
shlibs="$(cd "$stage/shlibs" &&
  dpkg-shlibdeps -O "-e$stage/release/contraption-studio" "-e$stage/release/contraption" \
    2> >(grep -v "should already be installed in their package's directory" >&2))"
echo "$shlibs" >&2
[[ "$shlibs" == shlibs:Depends=* ]] || fail "dpkg-shlibdeps printed no Depends"

section "Tauri's bundler: the .deb (deb only; nothing is downloaded for it)"
# The CLI's path depends on the target dir and Depends on the build machine, so both
# are merged into the configuration here rather than written into tauri.conf.json.
deb_config="$(node -e '
  const [cli, shlibs] = process.argv.slice(1);
  const depends = shlibs.replace(/^shlibs:Depends=/, "").split(/, */)
    .filter((d) => d && !/^(libwebkit2gtk-4\.1-0|libgtk-3-0)( |$)/.test(d));
  const deb = { files: { "/usr/bin/contraption": cli }, depends };
  process.stdout.write(JSON.stringify({ bundle: { linux: { deb } } }));
' "$stage/release/contraption" "$shlibs")"
(cd src-tauri && CARGO_TARGET_DIR="$stage" CI=true ../ui/node_modules/.bin/tauri bundle --bundles deb --config "$deb_config" >&2)

shopt -s nullglob
debs=("$stage/release/bundle/deb/"*"_${version}_"*.deb)
[ "${#debs[@]}" -eq 1 ] || fail "expected one .deb of version $version, found: ${debs[*]:-none}"
arch="$(dpkg-deb --field "${debs[0]}" Architecture)"
package="$(dpkg-deb --field "${debs[0]}" Package)"
out="$stage/${package}_${version}_${arch}.deb"
mv "${debs[0]}" "$out"
section "Package: $out ($(stat -c %s "$out") bytes)"
echo "$out"
