#!/usr/bin/env bash
# Checks the Debian package that scripts/package.sh built, then installs it, runs
# the installed CLI and studio, and removes it again:
# - dpkg-deb --info: name, version (the src-tauri crate's), architecture, and a
#   Depends line naming every package that dpkg-shlibdeps finds for the binaries;
# - dpkg-deb --contents: exactly the expected files (both binaries in /usr/bin, the
#   desktop entry, the icon at every size), all owned by root, binaries stripped;
# - dpkg -i; `/usr/bin/contraption generate 42 --json` prints the same bytes as the
#   release build; the installed studio opens under tauri-driver on today's daily
#   seed (e2e/tests/installed.rs); dpkg -r, and nothing is left in /usr/bin.
#
#   bash scripts/package-check.sh PACKAGE.deb
#
# Needs root or sudo, and tauri-driver listening on WEBDRIVER_URL on an X display
# (scripts/test.sh runs it there, after the other end-to-end tests).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/common.sh
source "$ROOT/scripts/lib/common.sh"
export PATH="$HOME/.cargo/bin:$PATH"
cd "$ROOT"

[ "$#" -eq 1 ] && [ -f "$1" ] || fail "usage: scripts/package-check.sh PACKAGE.deb"
deb="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"

metadata="$(cargo metadata --format-version 1 --no-deps --locked)"
field() { node -e "const m = JSON.parse(require('fs').readFileSync(0, 'utf8')); process.stdout.write(String($1))" <<<"$metadata"; }
release="$(field 'm.target_directory')/release"
version="$(field 'm.packages.find((p) => p.name === "contraption-studio").version')"
name=contraption-level-studio
bin=contraption-studio

work="$(mktemp -d)"
installed=0
cleanup() {
  if [ "$installed" = 1 ]; then
    as_root dpkg -r "$name" >/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

section "dpkg-deb --info"
dpkg-deb --info "$deb"
expect_field() {
  local got
  got="$(dpkg-deb --field "$deb" "$1")"
  [ "$got" = "$2" ] || fail "$1 is '$got', expected '$2'"
  echo "ok: $1: $got"
}
expect_field Package "$name"
expect_field Version "$version"
expect_field Architecture "$(dpkg --print-architecture)"
expect_field Section devel
depends="$(dpkg-deb --field "$deb" Depends)"
declared=" $(sed -E 's/ *\([^)]*\)//g; s/,/ /g' <<<"$depends" | tr -s ' ') "

section "dpkg-deb --contents"
dpkg-deb --contents "$deb" | tee "$work/contents"
{
  echo "usr/bin/contraption"
  echo "usr/bin/$bin"
  echo "usr/share/applications/Contraption Level Studio.desktop"
  for size in 16x16 24x24 32x32 48x48 64x64 128x128 256x256 512x512; do
    echo "usr/share/icons/hicolor/$size/apps/$bin.png"
  done
} | sort >"$work/expected"
# Files (not directories), path only, sorted; the desktop file's name has spaces.
grep -v '^d' "$work/contents" | sed -E 's/^([^ ]+ +){5}(\.\/)?//' | sort >"$work/files"
diff -u "$work/expected" "$work/files" || fail "the package's files differ from the expected list (- expected, + packaged)"
echo "ok: exactly the expected files"
awk '$2 != "0/0" && $2 != "root/root" { bad = 1; print "not root: " $0 } END { exit bad }' "$work/contents" ||
  fail "every entry must belong to root (uid and gid 0)"
echo "ok: every entry belongs to root (uid and gid 0)"

section "What the files hold"
dpkg-deb -x "$deb" "$work/root"
for b in "$bin" contraption; do
  path="$work/root/usr/bin/$b"
  [ -x "$path" ] || fail "/usr/bin/$b is not executable"
  if readelf -S --wide "$path" | grep -Eq ' \.(symtab|debug_[a-z]+) '; then
    fail "/usr/bin/$b is not stripped"
  fi
  echo "ok: /usr/bin/$b is executable and stripped ($(stat -c %s "$path") bytes)"
done
desktop="$work/root/usr/share/applications/Contraption Level Studio.desktop"
desktop-file-validate "$desktop"
cat "$desktop"
grep -qx "Exec=$bin" "$desktop" || fail "the desktop entry does not run $bin"
grep -qx "Icon=$bin" "$desktop" || fail "the desktop entry does not name the $bin icon"
echo "ok: desktop entry valid, runs $bin with its icon"
for icon in "$work/root/usr/share/icons/hicolor/"*/apps/"$bin.png"; do
  size="$(basename "$(dirname "$(dirname "$icon")")")"
  got="$(identify -format '%wx%h' "$icon")"
  [ "$got" = "$size" ] || fail "the $size icon is $got"
done
echo "ok: every icon has the size of its directory"

# Every shared library the binaries load comes from a package the Depends line names.
mkdir -p "$work/shlibs/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$name" "$name" >"$work/shlibs/debian/control"
shlibs="$(cd "$work/shlibs" &&
  dpkg-shlibdeps -O "-e$work/root/usr/bin/$bin" "-e$work/root/usr/bin/contraption" \
    2> >(grep -v "should already be installed in their package's directory" >&2))"
[[ "$shlibs" == shlibs:Depends=?* ]] || fail "dpkg-shlibdeps found no dependencies: '$shlibs'"
echo "dpkg-shlibdeps: ${shlibs#shlibs:Depends=}"
missing=()
for pkg in $(sed -E 's/^shlibs:Depends=//; s/ *\([^)]*\)//g; s/,/ /g; s/\|/ /g' <<<"$shlibs"); do
  case "$declared" in
    *" $pkg "*) ;;
    *) missing+=("$pkg") ;;
  esac
done
[ "${#missing[@]}" -eq 0 ] || fail "Depends ($depends) lacks: ${missing[*]}"
echo "ok: Depends covers every library the binaries load"

section "Install (dpkg -i)"
if dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q "install ok installed"; then
  echo "note: $name $(dpkg-query -W -f='${Version}' "$name") was installed; it is replaced, then removed"
fi
installed=1
as_root dpkg -i "$deb"
for b in "$bin" contraption; do
  [ "$(command -v "$b")" = "/usr/bin/$b" ] || fail "$b does not resolve to /usr/bin/$b after install"
done
echo "ok: installed $name $version"

section "The installed CLI prints what the built one prints"
/usr/bin/contraption generate 42 --json >"$work/installed.json"
"$release/contraption" generate 42 --json >"$work/built.json"
cmp "$work/installed.json" "$work/built.json" || fail "/usr/bin/contraption generate 42 --json differs from $release/contraption"
echo "ok: contraption generate 42 --json: $(wc -c <"$work/built.json") identical bytes"

section "The installed studio answers --version and --help without a display"
got="$(env -u DISPLAY -u WAYLAND_DISPLAY "/usr/bin/$bin" --version)" || fail "$bin --version failed without a display"
[ "$got" = "$bin $version" ] || fail "$bin --version said '$got', expected '$bin $version'"
env -u DISPLAY -u WAYLAND_DISPLAY "/usr/bin/$bin" --help | grep -q -- "--catalog" || fail "$bin --help does not list --catalog"
echo "ok: $got; --help lists the studio's flags"

section "The installed studio opens on today's daily seed (tauri-driver)"
[ -n "${WEBDRIVER_URL:-}" ] || fail "WEBDRIVER_URL is not set: run this from scripts/test.sh (tauri-driver on Xvfb)"
STUDIO_BIN="/usr/bin/$bin" CLI_BIN=/usr/bin/contraption \
  cargo test --release -p contraption-e2e --test installed -- --ignored --test-threads=1

section "Remove (dpkg -r)"
as_root dpkg -r "$name"
installed=0
for b in "$bin" contraption; do
  [ ! -e "/usr/bin/$b" ] || fail "/usr/bin/$b is still there after dpkg -r"
done
if dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q "install ok installed"; then
  fail "$name is still installed after dpkg -r"
fi
echo "ok: removed, /usr/bin is clean"
