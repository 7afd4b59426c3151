# Shared by the scripts in scripts/ (source it, do not run it): headings, failing
# with a message, and running a command as root (directly, or through sudo).

# A heading on stderr (so scripts whose stdout is a result, e.g. package.sh, stay clean).
section() { printf '\n\033[1;36m==> %s\033[0m\n' "$*" >&2; }
fail() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -n "$@" 2>/dev/null || sudo "$@"
  else
    fail "need root (or sudo) to run: $*"
  fi
}
